// At the main window's default size, what the docks and the toolbar show is whole: every field,
// button and label of the property inspector (a link with its shape, a joint) lies inside the
// inspector's visible width, with no horizontal scrolling, and the toolbar's speed label has
// the width its text needs without overlapping its neighbours, also with the longest text it
// takes (as fast as possible, the measured factor in 3 digits). Every plot of every dock, once
// its tab is raised, gives its axes most of its width, also while its legend is still empty.
#include <qcustomplot.h>

#include <QAbstractButton>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QStackedWidget>
#include <QTabWidget>
#include <QToolBar>

#include "test_app_support.hpp"
#include "ui/app/contract/workbench_context.hpp"
#include "ui/panels/property_inspector.hpp"

using namespace vms;
using namespace vms::test;

namespace {

/// The visible widgets of `page` whose right edge lies beyond the scroll area's viewport (or
/// whose left edge lies before it), as "objectName/class: x..x+w of width".
QStringList clippedWidgets(QScrollArea* scroll, QWidget* page) {
  QStringList clipped;
  QWidget* viewport = scroll->viewport();
  for (QWidget* w : page->findChildren<QWidget*>()) {
    if (!w->isVisibleTo(page) || !(qobject_cast<QLineEdit*>(w) || qobject_cast<QComboBox*>(w) ||
                                   qobject_cast<QAbstractButton*>(w) || qobject_cast<QLabel*>(w)))
      continue;
    const QPoint left = w->mapTo(viewport, QPoint(0, 0));
    if (left.x() < 0 || left.x() + w->width() > viewport->width())
      clipped << QString("%1/%2: %3..%4 of %5")
                     .arg(w->objectName(), w->metaObject()->className())
                     .arg(left.x())
                     .arg(left.x() + w->width())
                     .arg(viewport->width());
  }
  return clipped;
}

/// Brings `widget` to the front: the tab of every tab widget it is in, then its dock.
void raiseTabsAndDock(QWidget* widget) {
  for (QWidget* w = widget; w; w = w->parentWidget()) {
    auto* stack = qobject_cast<QStackedWidget*>(w->parentWidget());
    if (auto* tabs = stack ? qobject_cast<QTabWidget*>(stack->parentWidget()) : nullptr)
      tabs->setCurrentWidget(w);
    if (auto* dock = qobject_cast<QDockWidget*>(w)) dock->raise();
  }
}

}  // namespace

class TestAppDockFit : public QObject {
  Q_OBJECT
  QTemporaryDir autosave_;
  std::unique_ptr<ui::MainWindow> window_;

 private slots:
  void initTestCase() {
    isolateSettings("test_app_dock_fit", autosave_.path());
    window_ = std::make_unique<ui::MainWindow>();  // its default size: the screen, up to a limit
    window_->show();
    QVERIFY(QTest::qWaitForWindowExposed(window_.get()));
    window_->setDialogs(false);
    QString error;
    QVERIFY2(window_->openFile(sourcePath("models/seed004_planar_one_joint.scenario.json"), &error),
             qPrintable(error));
    qInfo("window %d x %d", window_->width(), window_->height());
  }

  void inspectorFieldsFitTheDock() {
    auto* inspector = window_->panelWidget<ui::PropertyInspector>();
    QVERIFY(inspector);
    auto* scroll = inspector->findChild<QScrollArea*>("propertyScroll");
    QVERIFY(scroll);
    window_->context()->selectLink(1);  // brings the inspector to the front
    QTest::qWait(100);
    QVERIFY(!inspector->visibleRegion().isEmpty());
    qInfo("inspector viewport %d px wide", scroll->viewport()->width());
    for (const bool link : {true, false}) {
      link ? inspector->showLink(1) : inspector->showJoint(0);
      QTest::qWait(50);
      const QStringList clipped = clippedWidgets(scroll, scroll->widget());
      QVERIFY2(clipped.isEmpty(), qPrintable(clipped.join("\n")));
      QVERIFY2(!scroll->horizontalScrollBar()->isVisible(),
               qPrintable(QString("content %1 px wide in %2 px")
                              .arg(scroll->widget()->width())
                              .arg(scroll->viewport()->width())));
    }
  }

  void speedLabelIsWhole() {
    auto* toolbar = window_->findChild<QToolBar*>("simulationToolbar");
    QVERIFY(toolbar);
    QLabel* speed = nullptr;
    for (QLabel* label : toolbar->findChildren<QLabel*>())
      if (label->text().startsWith("speed")) speed = label;
    QVERIFY(speed);
    // The longest text: as fast as possible, with the measured factor.
    QVERIFY(runFor(*window_, 1.0, 0.0));
    window_->play();
    QVERIFY(waitUntil([&] { return speed->text().contains('('); }, 5000));
    window_->pause();
    QTest::qWait(100);
    QVERIFY2(speed->isVisible(), "in the toolbar's extension at the default size");
    QVERIFY2(speed->width() >= speed->sizeHint().width(),
             qPrintable(QString("'%1': %2 px of %3")
                            .arg(speed->text())
                            .arg(speed->width())
                            .arg(speed->sizeHint().width())));
    const QRect at = speed->geometry();
    for (QWidget* other : toolbar->findChildren<QWidget*>(Qt::FindDirectChildrenOnly))
      if (other != speed && other->isVisible() && !other->isWindow())
        QVERIFY2(!other->geometry().intersects(at),
                 qPrintable(QString("'%1' overlaps %2 '%3'")
                                .arg(speed->text(), other->metaObject()->className(),
                                     other->objectName())));
  }

  void plotsSpanTheirDocks() {
    const QList<QCustomPlot*> plots = window_->findChildren<QCustomPlot*>();
    QVERIFY(plots.size() >= 4);
    int checked = 0;
    for (QCustomPlot* plot : plots) {
      raiseTabsAndDock(plot);
      QTest::qWait(100);
      if (!plot->isVisible()) continue;  // a dock the default layout does not show
      plot->replot();
      const int axes = plot->axisRect()->width();
      qInfo("%s: axes %d px of %d", qPrintable(plot->objectName()), axes, plot->width());
      QVERIFY2(axes >= plot->width() / 2,
               qPrintable(QString("%1: axes %2 px wide in a plot %3 px wide")
                              .arg(plot->objectName())
                              .arg(axes)
                              .arg(plot->width())));
      ++checked;
    }
    QVERIFY2(checked >= 4, qPrintable(QString("%1 plots shown").arg(checked)));
  }

  void cleanupTestCase() { window_.reset(); }
};

QTEST_MAIN(TestAppDockFit)
#include "test_app_dock_fit.moc"
