// A field of the Scenario panel commits its text when it loses the focus, and the commit
// reloads the run: the plots and the Teach panel's joint rows are built again. When the focus
// is lost to a click on a plot or on a Teach slider, that click is still being delivered to
// the widget the reload replaces; the old widget must outlive the event (the app crashed).
// Each case: seed 004's planar example, a duration typed without Return, then a click (and
// a drag) on the widget, and the run reloaded with the typed duration.
#include <qcustomplot.h>

#include <QDockWidget>
#include <QLineEdit>
#include <QPointer>
#include <QSlider>
#include <QUndoStack>

#include "test_app_support.hpp"
#include "ui/document/model_document.hpp"
#include "ui/panels/scenario_panel.hpp"
#include "ui/panels/teach_panel.hpp"
#include "ui/plots/plot_panel.hpp"

using namespace vms;
using namespace vms::test;

class TestAppReloadUnderClick : public QObject {
  Q_OBJECT
  QTemporaryDir autosave_;
  std::unique_ptr<ui::MainWindow> window_;

  /// The Scenario panel's duration field, focused, with `text` typed into it (no Return).
  QLineEdit* typeDuration(const QString& text) {
    auto* panel = window_->panelWidget<ui::ScenarioPanel>();
    if (!panel) return nullptr;
    if (auto* dock = window_->findChild<QDockWidget*>("scenarioDock")) dock->raise();
    auto* field = panel->findChild<QLineEdit*>("scenario.duration");
    if (!field) return nullptr;
    QApplication::processEvents();
    field->setFocus(Qt::MouseFocusReason);
    field->selectAll();
    QTest::keyClicks(field, text);
    return field;
  }

  void open() {
    QUndoStack* edits = window_->document()->undoStack();
    edits->setIndex(edits->cleanIndex());  // the previous case's edit, taken back
    QString error;
    QVERIFY2(window_->openFile(sourcePath("models/seed004_planar_one_joint.scenario.json"), &error),
             qPrintable(error));
    QTest::qWait(50);
  }

  /// Presses on `target`, drags and releases: the press moves the focus out of the field.
  static void pressDragRelease(QWidget* target) {
    const QPoint p = target->rect().center();
    QTest::mousePress(target, Qt::LeftButton, {}, p);
    QPointer<QWidget> alive(target);
    if (alive) QTest::mouseMove(target, p + QPoint(20, 5));
    if (alive) QTest::mouseRelease(target, Qt::LeftButton, {}, p + QPoint(20, 5));
  }

 private slots:
  void initTestCase() {
    isolateSettings("test_app_reload_under_click", autosave_.path());
    window_ = shownWindow();
    window_->setDialogs(false);
    window_->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window_.get()));
  }

  void clickOnAPlot() {
    open();
    if (auto* dock = window_->findChild<QDockWidget*>("plotsDock")) dock->raise();
    auto* plots = window_->panelWidget<ui::PlotPanel>();
    QVERIFY(plots);
    QPointer<QCustomPlot> plot = plots->plot(plots->currentPlot());
    QVERIFY(plot);
    QVERIFY(plot->isVisible());
    QLineEdit* field = typeDuration("1");
    QVERIFY(field && field->hasFocus());
    // QCustomPlot takes no focus; the press gives it to the plot's tab widget.
    pressDragRelease(plot);
    QApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    QVERIFY(!field->hasFocus());
    QCOMPARE(window_->controller()->scenario().duration, 1.0);
    QVERIFY(!plot);  // the reload replaced it, and it is gone once the event was delivered
    QVERIFY(plots->plot(plots->currentPlot())->isVisible());
  }

  void clickOnATeachSlider() {
    open();
    if (auto* dock = window_->findChild<QDockWidget*>("teachDock")) dock->raise();
    auto* teach = window_->panelWidget<ui::TeachPanel>();
    QVERIFY(teach);
    QApplication::processEvents();
    QList<QSlider*> sliders = teach->findChildren<QSlider*>();
    QVERIFY(!sliders.isEmpty());
    QPointer<QSlider> slider = sliders.first();
    QVERIFY(slider->isVisible() && slider->isEnabled());
    QLineEdit* field = typeDuration("2");
    QVERIFY(field && field->hasFocus());
    if (auto* dock = window_->findChild<QDockWidget*>("teachDock")) dock->raise();
    QApplication::processEvents();
    QVERIFY(field->hasFocus());
    pressDragRelease(slider);
    QApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    QCOMPARE(window_->controller()->scenario().duration, 2.0);
    QVERIFY(!slider);
    QVERIFY(!teach->findChildren<QSlider*>().isEmpty());
  }

  void cleanupTestCase() { window_.reset(); }
};

QTEST_MAIN(TestAppReloadUnderClick)
#include "test_app_reload_under_click.moc"
