// A reaction_null_space scenario in the desktop app: the plots dock gains a "Null space" plot
// (task residual, vehicle rate, outside flag) whose curves show the task leaving the null space
// when `vms run` says it does, and the log names the time. On
// seed004_spatial_reactionless_limit, against the CLI's summary.json of the same scenario.
// VMS_SCREENSHOT_DIR=DIR saves the plots dock as DIR/reactionless-limit.png.
#include <qcustomplot.h>

#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>

#include "plots_layout_check.hpp"
#include "test_app_support.hpp"
#include "ui/panels/log_panel.hpp"
#include "ui/plots/plot_panel.hpp"
#include "vms_cli.hpp"

using namespace vms;
using namespace vms::test;

namespace {

const char* kExample = "models/seed004_spatial_reactionless_limit.scenario.json";

/// The keys and values of a graph, in key order.
std::vector<std::pair<double, double>> points(const QCPGraph* graph) {
  std::vector<std::pair<double, double>> out;
  for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
    out.emplace_back(it->key, it->value);
  return out;
}

}  // namespace

class TestAppReactionNullSpace : public QObject {
  Q_OBJECT
  QTemporaryDir autosave_, out_;
  std::unique_ptr<ui::MainWindow> window_;
  QJsonObject summary_;

 private slots:
  void initTestCase() {
    isolateSettings("test_app_reaction_null_space", autosave_.path());
    const Run run = runVms({"run", sourcePath(kExample), "--out", out_.path()});
    QVERIFY2(run.status == 0, run.err.constData());
    QFile file(out_.filePath("summary.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    summary_ = QJsonDocument::fromJson(file.readAll()).object();
    QVERIFY(summary_.contains("reactionless_first_outside_time"));
    window_ = shownWindow();
    window_->setDialogs(false);
  }

  void nullSpacePlotShowsTheExit() {
    QString error;
    QVERIFY2(window_->openFile(sourcePath(kExample), &error), qPrintable(error));
    QVERIFY(runFor(*window_, 31.0, 0.0));
    QCOMPARE(window_->controller()->runState(), ui::RunState::Finished);
    auto* plots = window_->panelWidget<ui::PlotPanel>();
    QVERIFY(plots);
    int index = -1;
    for (int i = 0; i < plots->plotCount(); ++i)
      if (plots->plotSlug(i) == "reaction_null_space") index = i;
    QVERIFY2(index >= 0, "no Null space plot");
    plots->setCurrentPlot(index);
    QTest::qWait(100);
    // Titles, axis labels and legends whole, inside the plot, as every built-in plot's.
    const QString problem = ui::test::layoutProblem(*plots);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCustomPlot* plot = plots->plot(index);
    QCOMPARE(plot->graphCount(), 3);  // residual, vehicle rate, outside
    const auto residual = points(plot->graph(0));
    const auto outside = points(plot->graph(2));
    QVERIFY(residual.size() > 100);

    // The frames the app keeps are spaced by at most `spacing`: the exit is seen within it.
    double spacing = 0.0;
    for (std::size_t k = 1; k < outside.size(); ++k)
      spacing = std::max(spacing, outside[k].first - outside[k - 1].first);
    const auto first_out =
        std::find_if(outside.begin(), outside.end(), [](const auto& p) { return p.second > 0.5; });
    QVERIFY2(first_out != outside.end(), "the outside flag never rises");
    const double cli_first = summary_["reactionless_first_outside_time"].toDouble();
    qInfo("first outside: app %.4f s, vms run %.4f s (frames %.4f s apart)", first_out->first,
          cli_first, spacing);
    QVERIFY(cli_first > 0.0);
    QVERIFY(first_out->first >= cli_first - 1e-9);
    QVERIFY(first_out->first <= cli_first + spacing + 1e-9);
    // Before the exit the residual stays below the controller's switch, 1e-3 of the commanded
    // speed (at most max_linear_speed, 0.05 m/s); its largest value is the CLI's at most.
    for (const auto& [t, r] : residual)
      if (t < cli_first - 1e-9)
        QVERIFY2(r <= 1e-3 * 0.05 + 1e-12, qPrintable(QString("%1 at t = %2").arg(r).arg(t)));
    double largest = 0.0;
    for (const auto& p : residual) largest = std::max(largest, p.second);
    const double cli_largest = summary_["reactionless_task_residual_max"].toDouble();
    qInfo("largest residual: app %.6g, vms run %.6g", largest, cli_largest);
    QVERIFY(largest > 0.0 && largest <= cli_largest * (1.0 + 1e-12));

    const QString log = window_->panelWidget<ui::LogPanel>()->text();
    QVERIFY2(log.contains("left the reaction null space"), qPrintable(log));

    if (const QString dir = qEnvironmentVariable("VMS_SCREENSHOT_DIR"); !dir.isEmpty()) {
      plots->setCurrentPlot(index);
      QTest::qWait(200);
      QDockWidget* dock = dockOf(plots);
      QVERIFY(dock);
      QVERIFY(dock->grab().save(dir + "/reactionless-limit.png"));
    }
  }

  void cleanupTestCase() { window_.reset(); }
};

QTEST_MAIN(TestAppReactionNullSpace)
#include "test_app_reaction_null_space.moc"
