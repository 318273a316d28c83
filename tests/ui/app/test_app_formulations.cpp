// The Formulations panel (ui/panels/formulations_panel) in the running app:
//  - the dock is there (one panel-table entry, tabbed with the plots);
//  - every registered solver, enabled on an example it handles, shows a relative difference
//    from aba <= 1e-9 at the shown frame; one it does not handle is greyed with the reason;
//  - every erratum, enabled on its demo system (the erratum's random tree, written as files and
//    opened like any scenario), shows its explanation and a ghost curve that leaves the real
//    run's by more than kCurveGap in some plotted quantity within 0.5 s, while the corrected
//    solver of the same name stays <= 1e-9 from aba (denoc/printed-adot, which can never
//    change the motion, instead runs no ghost and says so, its difference from aba rounding);
//  - the ghost model has a legend entry in the 3D view, and it and its entry are hidden while
//    the arm is posed in Teach mode, shown again after Play or Reset;
//  - the heat map's "Copy as CSV" equals the intermediate recomputed independently.
// With VMS_FORMULATIONS_SCREENSHOT=FILE.png the last test saves the window with the panel
// shown (docs/screenshots/formulations_panel.png).
#include <qcustomplot.h>

#include <QClipboard>
#include <QComboBox>
#include <QDockWidget>
#include <QListWidget>
#include <QPushButton>
#include <cmath>

#include "core/io/state_io.hpp"
#include "core/io/vms_json.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "core/solvers/errata_registry.hpp"
#include "core/solvers/solver_entry.hpp"
#include "test_app_support.hpp"
#include "ui/app/measurement/measured_run.hpp"
#include "ui/panels/formulations_panel.hpp"
#include "ui/panels/matrix_heat_map.hpp"
#include "ui/panels/teach_panel.hpp"
#include "ui/view3d/scene_view.hpp"

using namespace vms;
using namespace vms::test;

namespace {

// A printed form must move some plotted quantity this far from the real run within 0.5 s
// (rad, J, m). The smallest gap measured over the errata is reported by the test.
constexpr double kCurveGap = 1e-2;

/// The first example scenario whose model `solver` handles (registry and constructor).
QString exampleFor(const std::string& solver) {
  const QDir models(sourcePath("models"));
  for (const QString& f : models.entryList({"*.scenario.json"}, QDir::Files, QDir::Name)) {
    try {
      const Scenario s = loadScenario(models.absoluteFilePath(f).toStdString());
      if (makeSolver(solver, s.model)) return models.absoluteFilePath(f);
    } catch (const std::exception&) {
    }
  }
  return {};
}

/// The erratum's demo tree (with gravity, a random moving state and constant joint forces) as a
/// model, a state and a scenario file in `dir`; returns the scenario's path.
QString writeDemo(const QTemporaryDir& dir, const Erratum& e) {
  ModelDescription d = randomTree(e.demo);
  d.gravity = Vec3(0.3, -0.5, -9.81);
  const Model model = compileModel(d);
  const State state = randomState(model, e.demo.seed + 101);
  VecX tau(model.njoints);
  for (int j = 0; j < model.njoints; ++j) tau[j] = 2.0 * std::sin(1.3 * j + 0.4);
  QString stem = QString::fromStdString(e.id).replace('/', '_');
  writeFileIn(dir, stem + ".vms.json", QByteArray::fromStdString(writeVmsJson(d)));
  writeFileIn(dir, stem + ".state.json",
              QByteArray::fromStdString(writeStateJson(model, state, tau)));
  const QString scenario = QString(R"({"name": "%1", "model": "%1.vms.json",
    "initial_state": "%1.state.json", "duration": 5, "dt": 0.002, "integrator": "rk4",
    "solver": "aba"})")
                               .arg(stem);
  return writeFileIn(dir, stem + ".scenario.json", scenario.toUtf8());
}

/// Largest |ghost - real| over the samples of both curves at the same times.
double curveGap(const std::vector<std::pair<double, double>>& ghost,
                const std::vector<std::pair<double, double>>& real) {
  double gap = 0.0;
  size_t j = 0;
  for (const auto& [t, v] : ghost) {
    while (j < real.size() && real[j].first < t - 1e-6) ++j;
    if (j < real.size() && std::abs(real[j].first - t) < 1e-6 && std::isfinite(v))
      gap = std::max(gap, std::abs(v - real[j].second));
  }
  return gap;
}

}  // namespace

class TestAppFormulations : public QObject {
  Q_OBJECT
  QTemporaryDir autosave_, files_;
  std::unique_ptr<ui::MainWindow> window_;
  ui::FormulationsPanel* panel_ = nullptr;
  double smallest_gap_ = 1e300;

  bool open(const QString& path) {
    QString error;
    const bool ok = window_->openFile(path, &error);
    if (!ok) qWarning("%s", qPrintable(error));
    return ok;
  }

 private slots:
  void initTestCase() {
    isolateSettings("test_app_formulations", autosave_.path());
    window_ = shownWindow();
    window_->setDialogs(false);
    panel_ = window_->panelWidget<ui::FormulationsPanel>();
  }

  void panelAppears() {
    QVERIFY(panel_);
    auto* dock = window_->findChild<QDockWidget*>("formulationsDock");
    QVERIFY(dock);
    QVERIFY(dock->isAncestorOf(panel_));
    dock->raise();
    QVERIFY(waitUntil([&] { return panel_->isVisible(); }, 3000));
    QVERIFY(panel_->findChild<QListWidget*>("formulationSolverList"));
    QVERIFY(open(sourcePath("models/seed003_inspection_flying.scenario.json")));
    QCOMPARE(panel_->findChild<QListWidget*>("errataList")->count(),
             static_cast<int>(errata().size()));
  }

  void solverAgreesWithAba_data() {
    QTest::addColumn<QString>("solver");
    QTest::addColumn<QString>("file");
    for (const std::string& name : solverNames()) {
      if (name == defaultSolverName()) continue;
      QTest::newRow(name.c_str()) << QString::fromStdString(name) << exampleFor(name);
    }
  }

  void solverAgreesWithAba() {
    QFETCH(QString, solver);
    QFETCH(QString, file);
    QVERIFY2(!file.isEmpty(), "no example handles the solver");
    QVERIFY(open(file));
    QVERIFY(runFor(*window_, 0.3));
    QVERIFY2(panel_->supportProblem(solver).isEmpty(), qPrintable(panel_->supportProblem(solver)));
    QVERIFY(panel_->setEnabled(solver, true));
    panel_->refreshNow();
    const double d = panel_->lastDifference(solver);
    qInfo("%s on %s: relative difference from aba %.3g", qPrintable(solver),
          qPrintable(QFileInfo(file).fileName()), d);
    QVERIFY(std::isfinite(d));
    QVERIFY(d <= 1e-9);
    // The plot has its curve, the table its row.
    bool plotted = false;
    for (int i = 0; i < panel_->differencePlot()->graphCount(); ++i)
      plotted |= panel_->differencePlot()->graph(i)->name() == solver &&
                 panel_->differencePlot()->graph(i)->dataCount() > 0;
    QVERIFY(plotted);
    QVERIFY(panel_->setEnabled(solver, false));
    QVERIFY(!panel_->isEnabled(solver));
  }

  void unsupportedSolverIsGreyed() {
    // The rover is a planar vehicle: barycentric handles only free vehicles.
    QVERIFY(open(sourcePath("models/seed001_rover_2r.scenario.json")));
    const QString problem = panel_->supportProblem("barycentric");
    QVERIFY2(problem.contains("barycentric"), qPrintable(problem));
    QVERIFY(!panel_->setEnabled("barycentric", true));
    auto* list = panel_->findChild<QListWidget*>("formulationSolverList");
    for (int i = 0; i < list->count(); ++i)
      if (list->item(i)->text() == "barycentric") {
        QVERIFY(!(list->item(i)->flags() & Qt::ItemIsEnabled));
        QCOMPARE(list->item(i)->toolTip(), problem);
      } else if (list->item(i)->flags() & Qt::ItemIsEnabled) {
        // A solver it handles: what the solver computes, its registry entry's summary.
        const SolverEntry* entry = solverRegistry().find(list->item(i)->text().toStdString());
        QVERIFY(entry);
        QCOMPARE(list->item(i)->toolTip().toStdString(), entry->summary);
      }
  }

  void erratumChangesTheCurves_data() {
    QTest::addColumn<QString>("id");
    for (const Erratum& e : errata()) QTest::newRow(e.id.c_str()) << QString::fromStdString(e.id);
  }

  void erratumChangesTheCurves() {
    QFETCH(QString, id);
    const Erratum* e = findErratum(id.toStdString());
    QVERIFY(e);
    QVERIFY(open(writeDemo(files_, *e)));
    QVERIFY2(panel_->supportProblem(id).isEmpty(), qPrintable(panel_->supportProblem(id)));
    QVERIFY(panel_->setEnabled(id, true));
    const QString corrected = QString::fromStdString(e->solver);
    QVERIFY(panel_->setEnabled(corrected, true));
    // The explanation of the toggled erratum is shown.
    QVERIFY2(panel_->explanationText().contains(
                 QString::fromStdString(e->explanation.substr(0, 40)).toHtmlEscaped()),
             qPrintable(panel_->explanationText()));
    QVERIFY(runFor(*window_, 0.5));
    panel_->refreshNow();
    if (!changesTheMotion(*e)) {
      // Matrices only: no ghost run, no ghost model, and the explanation says why.
      QVERIFY2(panel_->explanationText().contains("No ghost run"),
               qPrintable(panel_->explanationText()));
      QVERIFY(panel_->lastDifference(corrected) <= 1e-9);
      const double printed = panel_->lastDifference(id);
      qInfo("%-45s difference from aba %.3g, no ghost run", qPrintable(id), printed);
      QVERIFY2(printed <= 1e-9, qPrintable(QString::number(printed)));
      QVERIFY(panel_->ghostCurve(id).empty());
      QCOMPARE(window_->sceneView()->ghostCount(), 0);
      QVERIFY(panel_->setEnabled(id, false));
      QVERIFY(panel_->setEnabled(corrected, false));
      return;
    }
    QVERIFY(waitUntil(
        [&] {
          panel_->refreshNow();
          return panel_->ghostCurve(id).size() >= panel_->realCurve().size();
        },
        20000));
    QVERIFY(panel_->realCurve().size() >= 10);
    // The corrected formulation agrees with aba; the printed one is plotted next to it.
    QVERIFY2(panel_->lastDifference(corrected) <= 1e-9,
             qPrintable(QString::number(panel_->lastDifference(corrected))));
    const double printed = panel_->lastDifference(id);
    QVERIFY(std::isfinite(printed));
    // The ghost curve against the real run's, over every plotted quantity.
    double gap = 0.0;
    QComboBox* quantity = panel_->errataQuantity();
    for (int k = 0; k < quantity->count(); ++k) {
      quantity->setCurrentIndex(k);
      gap = std::max(gap, curveGap(panel_->ghostCurve(id), panel_->realCurve()));
    }
    quantity->setCurrentIndex(0);
    qInfo("%-45s difference from aba %.3g, ghost vs run after %.2f s: %.3g", qPrintable(id),
          printed, panel_->realCurve().back().first, gap);
    QVERIFY2(gap > kCurveGap, qPrintable(QString::number(gap)));
    smallest_gap_ = std::min(smallest_gap_, gap);
    bool ghost_plotted = false;
    for (int i = 0; i < panel_->errataPlot()->graphCount(); ++i)
      ghost_plotted |= panel_->errataPlot()->graph(i)->name().contains(id) &&
                       panel_->errataPlot()->graph(i)->dataCount() > 0;
    QVERIFY(ghost_plotted);
    // The ghost model in the 3D view, gone with the toggle.
    QCOMPARE(window_->sceneView()->ghostCount(), 1);
    QVERIFY(panel_->setEnabled(id, false));
    QCOMPARE(window_->sceneView()->ghostCount(), 0);
    QVERIFY(panel_->setEnabled(corrected, false));
  }

  /// The ghost model has an entry in the 3D view's legend; it follows the run, not a pose:
  /// hidden (with its entry) while the arm is posed in Teach mode, shown again when the run
  /// leaves the pose by playing on or by a reset.
  void ghostsHaveALegendEntryAndStepAsideWhilePosing() {
    QVERIFY(open(sourcePath("models/seed004_spatial_one_joint.scenario.json")));
    const QString id = "generalized-jacobian/printed-hstar-dot";
    QVERIFY2(panel_->supportProblem(id).isEmpty(), qPrintable(panel_->supportProblem(id)));
    QVERIFY(panel_->setEnabled(id, true));
    ui::SceneView* scene = window_->sceneView();
    auto ghostEntries = [scene] {
      return scene->legendTexts().filter("ghost (translucent)").size();
    };
    auto ghostDrawn = [&] {
      panel_->refreshNow();
      return scene->ghostCount() == 1 && scene->visibleGhostActors() > 0;
    };
    QVERIFY(runFor(*window_, 0.3));
    QVERIFY(waitUntil(ghostDrawn, 10000));
    QCOMPARE(ghostEntries(), 1);
    QVERIFY2(scene->legendTexts().join('\n').contains("printed equation"),
             qPrintable(scene->legendTexts().join('\n')));

    auto* teach = window_->panelWidget<ui::TeachPanel>();
    QVERIFY(teach);
    auto pose = [&](double q) {
      QVERIFY(waitUntil([&] { return teach->valueBox(0)->isEnabled(); }, 5000));
      teach->setSliderPosition(0, q);
      QVERIFY(teach->isPosing());
      panel_->refreshNow();  // a ghost stepped while posed stays hidden
      QCOMPARE(scene->ghostCount(), 1);
      QCOMPARE(scene->visibleGhostActors(), 0);
      QCOMPARE(ghostEntries(), 0);
    };
    pose(0.4);
    // Playing on leaves the pose.
    window_->play();
    QVERIFY(waitUntil([&] { return !teach->isPosing(); }, 5000));
    QVERIFY(waitUntil(ghostDrawn, 10000));
    QCOMPARE(ghostEntries(), 1);
    window_->pause();
    QVERIFY(
        waitUntil([&] { return window_->controller()->runState() == ui::RunState::Paused; }, 5000));
    // So does a reset.
    pose(-0.3);
    window_->resetSimulation();
    QVERIFY(!teach->isPosing());
    QVERIFY(runFor(*window_, 0.1));
    QVERIFY(waitUntil(ghostDrawn, 10000));
    QCOMPARE(ghostEntries(), 1);
    // No ghost, no entry.
    QVERIFY(panel_->setEnabled(id, false));
    QCOMPARE(scene->ghostCount(), 0);
    QCOMPARE(ghostEntries(), 0);
  }

  void heatMapCopiesTheMatrix() {
    QVERIFY(open(sourcePath("models/seed004_spatial_one_joint.scenario.json")));
    QVERIFY(runFor(*window_, 0.3));
    QVERIFY(panel_->setEnabled("crba", true));
    panel_->refreshNow();
    QVERIFY(panel_->inspect("crba", "M"));
    QApplication::clipboard()->clear();
    panel_->heatMap()->findChild<QPushButton*>("copyCsvButton")->click();
    const QString csv = QApplication::clipboard()->text();
    QVERIFY(!csv.isEmpty());
    // Independently: crba at the shown frame's state and joint forces.
    const Snapshot& s = window_->framePump()->lastFrame().snapshot;
    const Scenario scenario =
        loadScenario(sourcePath("models/seed004_spatial_one_joint.scenario.json").toStdString());
    auto crba = makeSolver("crba", scenario.model);
    Data data(scenario.model);
    crba->compute(scenario.model, data, s.state, s.joint_torque, ExternalForces{});
    MatX M;
    for (const SolverQuantity& q : crba->intermediates())
      if (q.name == "M") M = q.value;
    QVERIFY(M.size() > 0);
    const QStringList lines = csv.trimmed().split('\n');
    QCOMPARE(lines.size(), static_cast<int>(M.rows()));
    double largest = 0.0;
    for (int r = 0; r < M.rows(); ++r) {
      const QStringList cells = lines[r].split(',');
      QCOMPARE(cells.size(), static_cast<int>(M.cols()));
      for (int c = 0; c < M.cols(); ++c)
        largest = std::max(largest, std::abs(cells[c].toDouble() - M(r, c)));
    }
    QVERIFY2(largest <= 1e-12 * std::max(1.0, M.cwiseAbs().maxCoeff()),
             qPrintable(QString::number(largest)));
    QVERIFY(panel_->heatMap()->cellText(0, 0).contains("crba: M(0, 0)"));
    // The analysis matrices of an example with an analysis frame: Lambda is 6 x 6, symmetric.
    QVERIFY(open(sourcePath("models/spart_tutorial_5dof.scenario.json")));
    QVERIFY(runFor(*window_, 0.2));
    panel_->refreshNow();
    QVERIFY(panel_->inspect("analysis", "Lambda (vehicle free)"));
    const MatX lambda = panel_->heatMap()->matrix();
    QCOMPARE(lambda.rows(), 6);
    QCOMPARE(lambda.cols(), 6);
    QVERIFY((lambda - lambda.transpose()).norm() <= 1e-9 * std::max(1.0, lambda.norm()));
    QVERIFY(lambda.norm() > 0.0);
  }

  void screenshot() {
    const QByteArray path = qgetenv("VMS_FORMULATIONS_SCREENSHOT");
    if (path.isEmpty()) QSKIP("VMS_FORMULATIONS_SCREENSHOT not set");
    // An example as the app ships it: the flying inspection robot (free vehicle, thrusters,
    // wheels and a computed-torque arm), with two printed equations as ghosts: seed 001's
    // force signs (the thrusters push the ghost the wrong way) and seed 004's lost dot.
    const QString signs = "lagrange-poincare/printed-force-signs";
    QVERIFY(open(sourcePath("models/seed003_inspection_flying.scenario.json")));
    const QStringList ghosts = {signs, "generalized-jacobian/printed-hstar-dot"};
    for (const char* id :
         {"crba", "lagrange-poincare", "generalized-jacobian", "denoc", "barycentric",
          "lagrange-poincare/printed-force-signs", "generalized-jacobian/printed-hstar-dot"})
      QVERIFY2(panel_->setEnabled(id, true), id);
    window_->findChild<QDockWidget*>("formulationsDock")->raise();
    panel_->showTab(1);
    panel_->selectErratum(signs);
    QVERIFY(runFor(*window_, 6.0));
    QVERIFY(waitUntil([&] {
      panel_->refreshNow();
      for (const QString& g : ghosts)
        if (panel_->ghostCurve(g).size() < panel_->realCurve().size()) return false;
      return true;
    }));
    // Show the quantity where the ghost leaves the run the most (relative to its range).
    QComboBox* quantity = panel_->errataQuantity();
    int best = 0;
    double best_gap = -1.0;
    for (int k = 0; k < quantity->count(); ++k) {
      quantity->setCurrentIndex(k);
      double lo = 1e300, hi = -1e300;
      for (const auto& [t, v] : panel_->realCurve()) {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
      double gap = 0.0;
      for (const QString& g : ghosts)
        gap = std::max(
            gap, curveGap(panel_->ghostCurve(g), panel_->realCurve()) / std::max(hi - lo, 1e-3));
      if (gap > best_gap) {
        best_gap = gap;
        best = k;
      }
    }
    quantity->setCurrentIndex(best);
    qInfo("screenshot: %s, ghost leaves the run by %.3g of its range",
          qPrintable(quantity->currentText()), best_gap);
    QTest::qWait(200);
    QVERIFY(ui::MeasuredRun::grabWindow(window_.get()).save(QString::fromLocal8Bit(path)));
    // The Matrices tab too, where asked (a look at the heat map).
    const QByteArray matrices = qgetenv("VMS_FORMULATIONS_SCREENSHOT_MATRICES");
    if (!matrices.isEmpty()) {
      panel_->showTab(2);
      QVERIFY(panel_->inspect("denoc", "H"));
      QTest::qWait(200);
      QVERIFY(ui::MeasuredRun::grabWindow(window_.get()).save(QString::fromLocal8Bit(matrices)));
    }
  }

  void cleanupTestCase() {
    qInfo("smallest ghost-vs-run gap over the errata: %.3g (required > %.1g)", smallest_gap_,
          kCurveGap);
    window_.reset();
  }
};

QTEST_MAIN(TestAppFormulations)
#include "test_app_formulations.moc"
