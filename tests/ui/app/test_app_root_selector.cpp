// The toolbar's root selector (seed 002 Appendix A): it lists the model's links after
// "vehicle (model's own)", is disabled (with the reason as its tooltip) for a solver other than
// base-invariant and for a vehicle that is not free, and choosing a link makes the worker step
// with the base-invariant solver re-rooted there (SimulationController::runningSolver) while the
// frames keep coming; a scenario file's "root" is selected when it is loaded.
#include <QComboBox>

#include "test_app_support.hpp"
#include "ui/panels/log_panel.hpp"

using namespace vms;
using namespace vms::test;

namespace {

const QStringList kLinks = {"link1", "link2", "link3", "link4", "link5", "link6"};

}  // namespace

class TestAppRootSelector : public QObject {
  Q_OBJECT
  QTemporaryDir autosave_, files_;
  std::unique_ptr<ui::MainWindow> window_;

  QComboBox* root() const { return window_->simulationToolbar()->rootSelector(); }
  QComboBox* solver() const { return window_->simulationToolbar()->solverSelector(); }
  ui::SimulationController* controller() const { return window_->controller(); }

  void chooseSolver(const QString& name) {
    solver()->setCurrentIndex(solver()->findText(name));
    emit solver()->textActivated(name);  // what choosing it with the mouse emits
  }
  void chooseRoot(int index) {
    root()->setCurrentIndex(index);
    emit root()->activated(index);
  }
  bool running(const std::string& label) {
    return waitUntil([&] { return controller()->runningSolver() == label; }, 5000);
  }

 private slots:
  void initTestCase() {
    isolateSettings("test_app_root_selector", autosave_.path());
    window_ = shownWindow();
    window_->setDialogs(false);
    QString error;
    QVERIFY2(
        window_->openFile(sourcePath("models/seed004_spatial_one_joint.scenario.json"), &error),
        qPrintable(error));
    QVERIFY(running("aba"));
  }

  void listsTheLinksAndIsDisabledForAba() {
    QVERIFY(root());
    QCOMPARE(root()->count(), 1 + int(kLinks.size()));
    QCOMPARE(root()->itemText(0), QString("vehicle (model's own)"));
    QCOMPARE(root()->itemData(0).toString(), QString());
    for (int i = 0; i < kLinks.size(); ++i) {
      QCOMPARE(root()->itemText(i + 1), kLinks[i]);
      QCOMPARE(root()->itemData(i + 1).toString(), kLinks[i]);
    }
    QCOMPARE(root()->currentIndex(), 0);
    QCOMPARE(solver()->currentText(), QString("aba"));
    QVERIFY(!root()->isEnabled());
    QVERIFY2(root()->toolTip().contains("base-invariant"), qPrintable(root()->toolTip()));
  }

  void choosingARootReRootsTheRunningSolver() {
    chooseSolver("base-invariant");
    QVERIFY(running("base-invariant"));
    QVERIFY(root()->isEnabled());
    QCOMPARE(root()->currentIndex(), 0);
    chooseRoot(root()->findText("link3"));
    QVERIFY(running("base-invariant@link3"));
    QCOMPARE(controller()->scenario().root, std::string("link3"));
    QCOMPARE(controller()->scenario().solver, std::string("base-invariant"));
    // The frames keep coming, with the rooted solver.
    const double before = shownTime(*window_);
    QVERIFY(runFor(*window_, before + 0.5, 4.0));
    QVERIFY(shownTime(*window_) >= before + 0.5);
    QVERIFY(controller()->runState() != ui::RunState::Diverged);
    QCOMPARE(controller()->runningSolver(), std::string("base-invariant@link3"));
    QCOMPARE(root()->currentText(), QString("link3"));
    // Back to the vehicle.
    chooseRoot(0);
    QVERIFY(running("base-invariant"));
    QVERIFY(controller()->scenario().root.empty());
  }

  void anotherSolverDisablesTheSelector() {
    chooseSolver("base-invariant");
    chooseRoot(root()->findText("link6"));
    QVERIFY(running("base-invariant@link6"));
    chooseSolver("crba");
    QVERIFY(running("crba"));
    QVERIFY(!root()->isEnabled());
    QCOMPARE(root()->currentIndex(), 0);
    QVERIFY(controller()->scenario().root.empty());
    chooseSolver("aba");
    QVERIFY(running("aba"));
  }

  // A link the model does not have is refused in the log; the run keeps its solver.
  void anUnknownLinkIsRefused() {
    controller()->setRoot("no_such_link");
    QVERIFY(waitUntil(
        [&] { return window_->panelWidget<ui::LogPanel>()->text().contains("no_such_link"); },
        5000));
    QCOMPARE(controller()->scenario().solver, std::string("aba"));
    QTest::qWait(100);
    QCOMPARE(controller()->runningSolver(), std::string("aba"));
  }

  void loadingAScenarioWithARootSelectsIt() {
    const QString models = sourcePath("models");
    const QByteArray text = QString(R"({
  "model": "%1/seed004_spatial.vms.json",
  "initial_state": "%1/state_seed004_spatial_moving.json",
  "root": "link5",
  "duration": 10,
  "dt": 0.01
})")
                                .arg(models)
                                .toUtf8();
    const QString path = writeFileIn(files_, "rooted.scenario.json", text);
    QString error;
    QVERIFY2(window_->openFile(path, &error), qPrintable(error));
    QVERIFY(running("base-invariant@link5"));
    QCOMPARE(solver()->currentText(), QString("base-invariant"));
    QCOMPARE(root()->currentText(), QString("link5"));
    QVERIFY(root()->isEnabled());
    QVERIFY(runFor(*window_, 0.3, 4.0));
    QVERIFY(shownTime(*window_) >= 0.3);
    QCOMPARE(controller()->runningSolver(), std::string("base-invariant@link5"));
  }

  void disabledForAVehicleThatIsNotFree() {
    QString error;
    QVERIFY2(window_->openFile(sourcePath("models/seed004_planar_one_joint.scenario.json"), &error),
             qPrintable(error));
    QVERIFY(running("aba"));
    QVERIFY(controller()->scenario().model.base_type == BaseType::Planar);
    QVERIFY(!root()->isEnabled());
    QVERIFY2(root()->toolTip().contains("planar"), qPrintable(root()->toolTip()));
    QCOMPARE(root()->currentIndex(), 0);
    // Asked anyway (not through the disabled selector): refused, the run keeps aba.
    controller()->setRoot("link1");
    QVERIFY(waitUntil(
        [&] {
          return window_->panelWidget<ui::LogPanel>()->text().contains(
              "does not handle a planar vehicle");
        },
        5000));
    QTest::qWait(100);
    QCOMPARE(controller()->runningSolver(), std::string("aba"));
    QCOMPARE(controller()->scenario().solver, std::string("aba"));
  }

  void cleanupTestCase() { window_.reset(); }
};

QTEST_MAIN(TestAppRootSelector)
#include "test_app_root_selector.moc"
