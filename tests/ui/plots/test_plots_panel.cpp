// PlotPanel fed with hand-built frames: graph data equal the quantity values, the drift plot is
// logarithmic and survives zero drift, the cursor, user plots (unknown ids refused), bounded
// memory (decimation) and the time an append and a replot take.
#include <qcustomplot.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QtTest>
#include <algorithm>

#include "test_plots_support.hpp"
#include "ui/plots/plot_figure.hpp"
#include "ui/plots/plot_panel.hpp"
#include "ui/plots/quantities.hpp"
#include "ui/plots/quantity_history.hpp"

using namespace vms;
using namespace vms::ui;

namespace {

int indexOfKind(const PlotPanel& panel, PlotKind kind) {
  const auto kinds = panel.visiblePlots();
  const auto it = std::find(kinds.begin(), kinds.end(), kind);
  return it == kinds.end() ? -1 : static_cast<int>(it - kinds.begin());
}

/// Graph of series `id` in shown plot `index`, or null.
QCPGraph* graphOf(const PlotPanel& panel, int index, const QString& id) {
  const PlotFigure* f = panel.figure(index);
  if (!f) return nullptr;
  const int i = f->spec().seriesIds().indexOf(id);
  return i < 0 ? nullptr : f->graph(i);
}

std::vector<SimFrame> frames(int from, int to, const Model& model) {
  std::vector<SimFrame> out;
  for (int i = from; i < to; ++i) out.push_back(test::makeFrame(i, model));
  return out;
}

}  // namespace

class TestPlotsPanel : public QObject {
  Q_OBJECT
 private slots:
  void registryListsModelQuantities();
  void defaultPlots();
  void graphsHoldTheQuantityValues();
  void driftPlotIsLogarithmicAndSurvivesZeroDrift();
  void cursorFollowsTime();
  void customPlotsAndUnknownIds();
  void historyDecimatesToCapacity();
  void panelRewindsWithTheRun();
  void tenThousandAppendsWithinBudget();
  void redrawsAreThrottledAndCursorMovesAreCheap();
  void userZoomStopsFollowingUntilDoubleClick();
};

void TestPlotsPanel::registryListsModelQuantities() {
  const Model model = test::planarModel();
  QCOMPARE(model.njoints, 4);
  const QuantityRegistry registry(model);
  for (const auto& name : model.joint_names) {
    const QString j = QString::fromStdString(name);
    QVERIFY(registry.find("q:" + j));
    QCOMPARE(registry.find("q:" + j)->unit, QString("rad"));
    QCOMPARE(registry.find("qd:" + j)->unit, QString("rad/s"));
    QCOMPARE(registry.find("tau:" + j)->unit, QString("N m"));
  }
  for (const char* id :
       {"Px", "L_vehicle_z", "L_arm_z", "energy", "T", "actuator_work", "power_residual",
        "vehicle_attitude_deviation", "vehicle_com_dx", "system_com_displacement", "drift_L_com",
        "reaction_fx", "reaction_nz", "manipulability_fixed", "manipulability_floating",
        "dynamic_singularity", "tracking_error", "drift_P", "drift_L"})
    QVERIFY2(registry.find(id), id);
  QVERIFY(!registry.find("q:nope"));
  QVERIFY(!QuantityRegistry().find("q:" + QString::fromStdString(model.joint_names[0])));
  QCOMPARE(registry.ids().removeDuplicates(), 0);
  QCOMPARE(registry.find("Ly")->unit, QString("N m s"));
  // Ids of earlier versions still name their quantity (user plots, saved ids).
  QCOMPARE(registry.find("P_total_x")->id, QString("Px"));
  QCOMPARE(registry.find("L_total_y")->id, QString("Ly"));
  QCOMPARE(registry.find("attitude_deviation")->id, QString("vehicle_attitude_deviation"));
  QCOMPARE(registry.find("Px")->label, QString("P total x"));
  // A scenario's thrusters are plottable (their commands, as in vms run's CSV).
  const Scenario flying =
      loadScenario(VMS_SOURCE_DIR "/models/seed003_inspection_flying.scenario.json");
  const QString thruster = "thrust:" + QString::fromStdString(flying.thrusters.at(0).name);
  QVERIFY(QuantityRegistry(flying).find(thruster));
  QVERIFY(!QuantityRegistry(flying.model).find(thruster));
  // The core table's names, units and groups: the CSV columns of `vms run`.
  const OutputQuantities table = OutputQuantities::forModel(model);
  for (const OutputQuantity& q : table.all()) {
    const Quantity* shown = registry.find(QString::fromStdString(q.name));
    QCOMPARE(bool(shown), q.isPlotted());
    if (shown) QCOMPARE(shown->unit, QString::fromStdString(q.unit));
  }
  QCOMPARE(axisLabel("P", "N s"), QString("P (N s)"));
  QCOMPARE(csvColumnUnit("qd:joint1"), QString("rad/s | m/s"));
  QCOMPARE(csvColumnUnit("Lz"), QString("N m s"));
}

void TestPlotsPanel::defaultPlots() {
  PlotPanel panel;
  QCOMPARE(panel.plotCount(), 3);
  QCOMPARE(panel.plotTitle(0), QString("Momentum (total / vehicle / arm)"));
  QCOMPARE(panel.plotTitle(1), QString("Momentum drift"));
  QCOMPARE(panel.plotTitle(2), QString("Base reaction (arm on vehicle, world frame)"));
  QVERIFY(panel.plot(0) && !panel.plot(3) && !panel.plot(-1));
  QCOMPARE(panel.figure(0)->graphCount(), 18);
  // Units in the axis labels.
  QCOMPARE(panel.figure(0)->pane(0)->axis(QCPAxis::atLeft)->label(), QString("P (N s)"));
  QCOMPARE(panel.figure(0)->pane(1)->axis(QCPAxis::atBottom)->label(), QString("t (s)"));
}

void TestPlotsPanel::graphsHoldTheQuantityValues() {
  const Model model = test::planarModel();
  PlotPanel panel;
  panel.setModel(model);
  std::vector<PlotKind> all = allPlotKinds();
  panel.setVisiblePlots(all);
  QCOMPARE(panel.plotCount(), 8);
  const int n = 50;
  for (int i = 0; i < n; i += 10) panel.appendFrames(frames(i, i + 10, model));
  QCOMPARE(panel.pointsReceived(), long(n));

  const QuantityRegistry registry(model);
  const SimFrame first = test::makeFrame(0, model);
  int checked = 0;
  for (int p = 0; p < panel.plotCount(); ++p) {
    const PlotFigure* fig = panel.figure(p);
    const QStringList ids = fig->spec().seriesIds();
    QVERIFY(!ids.isEmpty());
    for (int s = 0; s < ids.size(); ++s) {
      const Quantity* q = registry.find(ids[s]);
      QVERIFY2(q, qPrintable(ids[s]));
      const QCPGraph* g = fig->graph(s);
      QCOMPARE(g->dataCount(), n);
      for (int i = 0; i < n; ++i) {
        const SimFrame f = test::makeFrame(i, model);
        const double expected = q->value(f, first);
        const double got = g->data()->at(i)->value;
        QCOMPARE(g->data()->at(i)->key, f.snapshot.time);
        if (fig->spec().panes[0].log && expected <= 0) {
          QVERIFY(std::isnan(got));  // log axis: not drawn
        } else {
          QVERIFY2(
              got == expected,
              qPrintable(QString("%1[%2]: %3 vs %4").arg(ids[s]).arg(i).arg(got).arg(expected)));
        }
        ++checked;
      }
    }
  }
  QVERIFY(checked > 40 * n);
  // Spot checks against the frame builder itself (not only the registry).
  const int mom = indexOfKind(panel, PlotKind::Momentum);
  QCOMPARE(graphOf(panel, mom, "P_vehicle_y")->data()->at(7)->value, std::cos(0.07));
  QCOMPARE(graphOf(panel, mom, "L_arm_z")->data()->at(3)->value, 3.0 - 2.0 * std::sin(0.03));
  // Silent series (exactly 0 all along) are left out of the plot and its legend.
  const PlotFigure* m = panel.figure(mom);
  const QStringList mids = m->spec().seriesIds();
  QVERIFY(!m->seriesShown(mids.indexOf("Pz")));
  QVERIFY(!graphOf(panel, mom, "Pz")->visible());
  QVERIFY(m->seriesShown(mids.indexOf("P_vehicle_x")));
  QVERIFY(graphOf(panel, mom, "P_vehicle_x")->visible());
  QCOMPARE(m->pane(0)->parentPlot()->plottableCount(), 18);
  int legend_items = 0;
  for (int i = 0; i < panel.plot(mom)->plottableCount(); ++i)
    legend_items += panel.plot(mom)->plottable(i)->visible();
  QCOMPARE(legend_items, 8);  // P: total x, vehicle x/y, arm x/y; L: total/vehicle/arm z
  const int joints = indexOfKind(panel, PlotKind::JointAngles);
  const QString j2 = "q:" + QString::fromStdString(model.joint_names[1]);
  QCOMPARE(graphOf(panel, joints, j2)->data()->at(20)->value, 0.2 * std::sin(0.2));
  const int torques = indexOfKind(panel, PlotKind::JointTorques);
  QCOMPARE(graphOf(panel, torques, "tau:" + QString::fromStdString(model.joint_names[3]))
               ->data()
               ->at(9)
               ->value,
           4.5);
  // Ranges follow the data: the vehicle's P_y = cos t in [cos 0.49, 1].
  const QCPRange y = panel.figure(mom)->pane(0)->axis(QCPAxis::atLeft)->range();
  QVERIFY(y.lower <= -1.0 && y.upper >= 1.0);  // P_arm_y = -cos t also there
  const QCPRange x = panel.figure(mom)->pane(0)->axis(QCPAxis::atBottom)->range();
  QCOMPARE(x.lower, 0.0);
  QCOMPARE(x.upper, 0.49);

  panel.clear();
  QCOMPARE(panel.pointsReceived(), 0L);
  QCOMPARE(panel.figure(0)->graph(0)->dataCount(), 0);
}

void TestPlotsPanel::driftPlotIsLogarithmicAndSurvivesZeroDrift() {
  const Model model = test::planarModel();
  PlotPanel panel;
  panel.setModel(model);
  const int d = indexOfKind(panel, PlotKind::MomentumDrift);
  QVERIFY(d >= 0);
  const PlotFigure* fig = panel.figure(d);
  QCOMPARE(fig->paneCount(), 2);
  for (int p = 0; p < 2; ++p) {
    QCPAxis* y = fig->pane(p)->axis(QCPAxis::atLeft);
    QCOMPARE(y->scaleType(), QCPAxis::stLogarithmic);
    QVERIFY(!y->ticker().dynamicCast<QCPAxisTickerLog>().isNull());
  }
  panel.appendFrames(frames(0, 30, model));
  QCPGraph* p = graphOf(panel, d, "drift_P");
  QCPGraph* l = graphOf(panel, d, "drift_L");
  QCOMPARE(p->dataCount(), 30);
  QVERIFY(std::isnan(p->data()->at(0)->value));  // zero at t = 0: not drawn on a log axis
  QVERIFY(std::abs(p->data()->at(10)->value - 1e-12) < 1e-25);
  for (int i = 0; i < 30; ++i) QVERIFY(std::isnan(l->data()->at(i)->value));  // L constant
  // Axis ranges positive, whole decades around the data; the all-zero pane gets a default.
  const QCPRange rp = fig->pane(0)->axis(QCPAxis::atLeft)->range();
  QVERIFY(rp.lower > 0 && rp.lower <= 1e-13 && rp.upper >= 2.9e-12);
  const QCPRange rl = fig->pane(1)->axis(QCPAxis::atLeft)->range();
  QVERIFY(rl.lower > 0 && rl.upper > rl.lower);
  // Drawing it works (no crash, non-blank image).
  const QPixmap pix = panel.plot(d)->toPixmap(600, 400);
  QCOMPARE(pix.size(), QSize(600, 400));
}

void TestPlotsPanel::cursorFollowsTime() {
  const Model model = test::planarModel();
  PlotPanel panel;
  panel.setModel(model);
  panel.appendFrames(frames(0, 100, model));
  QVERIFY(!panel.figure(0)->cursorVisible());
  panel.setCursorTime(0.5);
  for (int i = 0; i < panel.plotCount(); ++i) {
    QVERIFY(panel.figure(i)->cursorVisible());
    QCOMPARE(panel.figure(i)->cursorTime(), 0.5);
  }
  auto* line = qobject_cast<QCPItemStraightLine*>(panel.plot(0)->item(0));
  QVERIFY(line);
  QCOMPARE(line->point1->key(), 0.5);
  QCOMPARE(line->point2->key(), 0.5);
  // The cursor pixel column is red in the rendered image.
  QCustomPlot* plot = panel.plot(0);
  plot->resize(800, 500);  // so that the layout used below is the one rendered
  plot->replot();
  const QImage image = plot->toPixmap(800, 500).toImage();
  const int x = qRound(panel.figure(0)->pane(0)->axis(QCPAxis::atBottom)->coordToPixel(0.5));
  const QRect pane = panel.figure(0)->pane(0)->rect();
  auto reddish = [](const QColor& c) { return c.red() > 180 && c.green() < 60 && c.blue() < 60; };
  int red_rows = 0, red_elsewhere = 0;
  for (int y = pane.top(); y <= pane.bottom(); ++y) {
    bool hit = false;
    for (int dx = -1; dx <= 1; ++dx) hit = hit || reddish(image.pixelColor(x + dx, y));
    red_rows += hit;
    red_elsewhere += reddish(image.pixelColor(x - 40, y));
  }
  QVERIFY2(red_rows > 0.8 * pane.height(), qPrintable(QString::number(red_rows)));
  QCOMPARE(red_elsewhere, 0);
  // A plot added later shows the cursor too; NaN hides it.
  QVERIFY(panel.addCustomPlot({"T"}));
  QVERIFY(panel.figure(panel.plotCount() - 1)->cursorVisible());
  panel.setCursorTime(std::nan(""));
  for (int i = 0; i < panel.plotCount(); ++i) QVERIFY(!panel.figure(i)->cursorVisible());
}

void TestPlotsPanel::customPlotsAndUnknownIds() {
  const Model model = test::planarModel();
  PlotPanel panel;
  panel.setModel(model);
  panel.appendFrames(frames(0, 20, model));
  const int before = panel.plotCount();
  const QString q1 = "q:" + QString::fromStdString(model.joint_names[0]);
  QVERIFY(!panel.addCustomPlot({}));
  QVERIFY(!panel.addCustomPlot({"T", "no_such_quantity"}));
  QVERIFY(!panel.addCustomPlot({"q:not_a_joint"}));
  QCOMPARE(panel.plotCount(), before);
  QVERIFY(panel.addCustomPlot({q1, "T", "energy"}));
  QCOMPARE(panel.plotCount(), before + 1);
  const int c = before;
  const PlotFigure* fig = panel.figure(c);
  QCOMPARE(fig->paneCount(), 2);  // rad, J
  QCOMPARE(fig->spec().panes[0].unit, QString("rad"));
  QCOMPARE(fig->spec().panes[1].unit, QString("J"));
  QCOMPARE(fig->spec().panes[1].series.size(), size_t(2));
  // Titled and labelled with what the quantities are, not their CSV names.
  QCOMPARE(fig->spec().title, QString("%1, T (kinetic), E = T + V").arg(quantityLabel(q1)));
  QVERIFY(panel.addCustomPlot({q1, "base_wz"}));  // a joint angle's and a vehicle rate's panes
  QVERIFY(panel.addCustomPlot({"qd:" + QString::fromStdString(model.joint_names[0]), "base_wz"}));
  const PlotFigure* rates = panel.figure(panel.plotCount() - 1);
  QCOMPARE(rates->paneCount(), 1);
  QVERIFY2(rates->spec().panes[0].name.contains("Vehicle") &&
               rates->spec().panes[0].name.contains("Joints"),
           qPrintable(rates->spec().panes[0].name));
  panel.removeCustomPlots();
  QVERIFY(panel.addCustomPlot({q1, "T", "energy"}));
  // History is replayed into a new plot, then new frames append.
  QCOMPARE(graphOf(panel, c, "T")->dataCount(), 20);
  panel.appendFrames(frames(20, 25, model));
  QCOMPARE(graphOf(panel, c, "T")->dataCount(), 25);
  QCOMPARE(graphOf(panel, c, "T")->data()->at(24)->value, 1.0 + 0.24);
  QVERIFY(panel.addCustomPlot({"P_total_z"}));  // asked for: shown although all zero
  QVERIFY(panel.figure(c + 1)->seriesShown(0));
  QVERIFY(panel.figure(c + 1)->graph(0)->visible());
  panel.removeCustomPlots();
  QVERIFY(panel.addCustomPlot({q1, "T", "energy"}));
  QCOMPARE(graphOf(panel, c, q1)->data()->at(5)->value, 0.1 * std::sin(0.05));
  QCOMPARE(panel.plotSlug(c), QString("custom_1"));
  // Kept when the built-in selection changes; dropped by removeCustomPlots.
  panel.setVisiblePlots({PlotKind::Energy});
  QCOMPARE(panel.plotCount(), 2);
  QCOMPARE(panel.plotTitle(0), QString("Energy"));
  QCOMPARE(graphOf(panel, 1, "T")->dataCount(), 25);
  QCOMPARE(panel.customPlots().size(), size_t(1));
  QCOMPARE(panel.customPlots()[0], QStringList({q1, "T", "energy"}));
  panel.removeCustomPlots();
  QCOMPARE(panel.plotCount(), 1);
  QVERIFY(panel.customPlots().empty());
  // Drifts alone: log axis, like the built-in drift plot; mixed with others: linear.
  QVERIFY(panel.addCustomPlot({"drift_P", "T"}));
  QCOMPARE(panel.figure(1)->pane(0)->axis(QCPAxis::atLeft)->scaleType(), QCPAxis::stLogarithmic);
  QCOMPARE(panel.figure(1)->pane(1)->axis(QCPAxis::atLeft)->scaleType(), QCPAxis::stLinear);
  panel.removeCustomPlots();
  // A model without the joint drops the plots using it (the rover arm has 2 joints).
  const QString q4 = "q:" + QString::fromStdString(model.joint_names[3]);
  QVERIFY(panel.addCustomPlot({q4}));
  QCOMPARE(panel.plotCount(), 2);
  panel.setModel(loadModel(VMS_SOURCE_DIR "/models/seed001_rover_2r.vms.json"));
  QVERIFY(!panel.addCustomPlot({q4}));
  QCOMPARE(panel.plotCount(), 1);
}

void TestPlotsPanel::historyDecimatesToCapacity() {
  const Model model = test::planarModel();
  QuantityHistory h(64);
  h.setRegistry(QuantityRegistry(model));
  const int ti = h.registry().indexOf("T");
  for (int i = 0; i < 1000; ++i) h.append(test::makeFrame(i, model));
  QCOMPARE(h.framesReceived(), 1000L);
  QVERIFY(h.size() <= 64 && h.size() >= 32);
  QCOMPARE(h.time().front(), 0.0);
  QVERIFY(h.time().back() >= 9.99 - h.stride() * 0.01);  // spans the whole run
  for (int i = 0; i < h.size(); ++i) {
    // Every kept point is an exact frame (i * stride), values belong to their time.
    const double t = h.time()[i];
    QCOMPARE(h.values(ti)[i], 1.0 + t);
    if (i) QVERIFY(std::abs((t - h.time()[i - 1]) - 0.01 * h.stride()) < 1e-9);
  }
  // A frame from the past rewinds: the later points are dropped, the new one appended.
  QVERIFY(h.append(test::makeFrame(500, model)));  // t = 5
  QCOMPARE(h.time().back(), 5.0);
  QVERIFY(h.time()[h.size() - 2] < 5.0);
  QCOMPARE(h.values(ti).back(), 1.0 + 5.0);
  // Same instant again (teach mode): the last point is replaced, not duplicated.
  const int before = h.size();
  SimFrame posed = test::makeFrame(500, model);
  posed.snapshot.kinetic_energy = 42.0;
  QVERIFY(h.append(posed));
  QCOMPARE(h.size(), before);
  QCOMPARE(h.values(ti).back(), 42.0);
  // Replacing the very first point makes it the drift reference.
  QuantityHistory fresh;
  fresh.setRegistry(QuantityRegistry(model));
  const int dp = fresh.registry().indexOf("drift_P");
  fresh.append(test::makeFrame(0, model));
  SimFrame moved = test::makeFrame(0, model);
  moved.snapshot.momenta.linear_total = Vec3(1.0, 0.0, 0.0);
  fresh.append(moved);
  QCOMPARE(fresh.size(), 1);
  QCOMPARE(fresh.values(dp)[0], 0.0);
  SimFrame later = test::makeFrame(1, model);
  later.snapshot.momenta.linear_total = Vec3(1.0, 0.0, 0.0);
  fresh.append(later);
  QCOMPARE(fresh.values(dp)[1], 0.0);
  SimFrame bad = test::makeFrame(900, model);
  bad.snapshot.time = std::nan("");
  const int n = h.size();
  QVERIFY(!h.append(bad));  // non-finite time: ignored
  QCOMPARE(h.size(), n);
}

void TestPlotsPanel::panelRewindsWithTheRun() {
  const Model model = test::planarModel();
  PlotPanel panel;
  panel.setModel(model);
  panel.appendFrames(frames(0, 100, model));
  // Resumed from t = 0.5 (frame 50): plots continue from there.
  std::vector<SimFrame> branch = frames(50, 60, model);
  for (auto& f : branch) f.snapshot.kinetic_energy = -1.0;
  panel.appendFrames(branch);
  const int e = panel.plotCount();
  QVERIFY(panel.addCustomPlot({"T"}));
  const QCPGraph* g = panel.figure(e)->graph(0);
  QCOMPARE(g->dataCount(), 60);
  QCOMPARE(g->data()->at(49)->value, 1.49);
  QCOMPARE(g->data()->at(50)->value, -1.0);
  QCOMPARE(g->data()->at(59)->key, 0.59);
  QCOMPARE(panel.figure(0)->graph(0)->dataCount(), 60);  // the built-in plots too
}

void TestPlotsPanel::tenThousandAppendsWithinBudget() {
  const Model model = test::planarModel();
  PlotPanel panel;
  panel.setModel(model);
  panel.resize(900, 1400);
  panel.show();
  std::vector<SimFrame> all = frames(0, 10000, model);
  QElapsedTimer timer;
  timer.start();
  std::vector<SimFrame> one(1);
  for (int i = 0; i < 10000; ++i) {
    one[0] = all[i];
    panel.appendFrames(one);
  }
  const double append_ms = timer.elapsed();
  QCOMPARE(panel.pointsReceived(), 10000L);
  // The cap: at most QuantityHistory::kDefaultCapacity points per series, the run still spans.
  const QCPGraph* g = panel.figure(0)->graph(0);
  QVERIFY(g->dataCount() <= QuantityHistory::kDefaultCapacity);
  QVERIFY(g->dataCount() >= QuantityHistory::kDefaultCapacity / 2);
  QCOMPARE(g->data()->at(0)->key, 0.0);
  QVERIFY(g->data()->at(g->dataCount() - 1)->key > 99.9 - 0.02);
  // One full replot of every shown plot at the cap (what each 60 Hz frame would cost).
  QApplication::processEvents();
  timer.restart();
  const int replots = 10;
  for (int r = 0; r < replots; ++r)
    for (int i = 0; i < panel.plotCount(); ++i)
      panel.plot(i)->replot(QCustomPlot::rpImmediateRefresh);
  const double replot_ms = double(timer.elapsed()) / replots;
  qInfo(
      "10000 single-frame appends: %.0f ms (%.3f ms each); replot of %d plots (%d series, "
      "%d points each): %.1f ms",
      append_ms, append_ms / 10000, panel.plotCount(),
      panel.figure(0)->graphCount() + panel.figure(1)->graphCount() + panel.figure(2)->graphCount(),
      g->dataCount(), replot_ms);
  QVERIFY2(append_ms < 1000, "appends too slow");  // measured 16-68 ms
  QVERIFY2(replot_ms < 150, "replot too slow");    // measured 16-46 ms on 2 loaded cores
}

void TestPlotsPanel::redrawsAreThrottledAndCursorMovesAreCheap() {
  const Model model = test::planarModel();
  PlotPanel panel;
  panel.setModel(model);
  panel.setVisiblePlots({PlotKind::Energy});
  panel.resize(800, 500);
  panel.show();
  QVERIFY(QTest::qWaitForWindowExposed(&panel));
  panel.setMaxRefreshRate(10.0);
  int replots = 0;
  connect(panel.plot(0), &QCustomPlot::afterReplot, this, [&replots] { ++replots; });
  // 60 appends a second for one second.
  QElapsedTimer clock;
  clock.start();
  for (int i = 0; i < 60; ++i) {
    panel.appendFrames(frames(i, i + 1, model));
    QTest::qWait(16);
  }
  QTest::qWait(150);  // the last frames are drawn too
  const double seconds = clock.elapsed() * 1e-3;
  qInfo("%d redraws in %.2f s for 60 appends", replots, seconds);
  QVERIFY2(replots >= 3 && replots <= 10.0 * seconds + 2, qPrintable(QString::number(replots)));
  QCOMPARE(panel.figure(0)->graph(0)->dataCount(), 60);
  // Cursor moves: no full redraw, yet the widget shows the cursor at once.
  const int before = replots;
  for (double t : {0.1, 0.2, 0.3}) panel.setCursorTime(t);
  QCOMPARE(replots, before);
  QCustomPlot* plot = panel.plot(0);
  const QImage shot = plot->grab().toImage();
  const int x = qRound(panel.figure(0)->pane(0)->axis(QCPAxis::atBottom)->coordToPixel(0.3) *
                       shot.devicePixelRatio());
  const int y = panel.figure(0)->pane(0)->center().y();
  bool red = false;
  for (int dx = -1; dx <= 1; ++dx) {
    const QColor c = shot.pixelColor(x + dx, y);
    red = red || (c.red() > 180 && c.green() < 60 && c.blue() < 60);
  }
  QVERIFY2(red, "cursor not drawn");
}

void TestPlotsPanel::userZoomStopsFollowingUntilDoubleClick() {
  const Model model = test::planarModel();
  PlotPanel panel;
  panel.setModel(model);
  panel.resize(800, 900);
  panel.show();
  QVERIFY(QTest::qWaitForWindowExposed(&panel));
  panel.appendFrames(frames(0, 100, model));
  PlotFigure* fig = panel.figure(0);  // Momentum: two panes
  QVERIFY(fig->followsData());
  QCPAxis* x0 = fig->pane(0)->axis(QCPAxis::atBottom);
  QCPAxis* x1 = fig->pane(1)->axis(QCPAxis::atBottom);
  QCOMPARE(x0->range().upper, 0.99);
  // What a drag or wheel zoom does: the pane's time range changes; the other pane follows.
  x0->setRange(0.2, 0.4);
  QVERIFY(!fig->followsData());
  QCOMPARE(x1->range().lower, 0.2);
  QCOMPARE(x1->range().upper, 0.4);
  // New data no longer moves the view.
  panel.appendFrames(frames(100, 150, model));
  QCOMPARE(x0->range().upper, 0.4);
  QCOMPARE(fig->graph(3)->dataCount(), 150);  // the data still arrive
  // Double click: back to following the run.
  QCustomPlot* plot = panel.plot(0);
  QTest::mouseDClick(plot, Qt::LeftButton, Qt::NoModifier, fig->pane(0)->center());
  QVERIFY(fig->followsData());
  QCOMPARE(x0->range().upper, 1.49);
  QCOMPARE(x1->range().upper, 1.49);
  // A zoom on a y axis alone also stops following; clear() resumes.
  fig->pane(1)->axis(QCPAxis::atLeft)->setRange(0, 1);
  QVERIFY(!fig->followsData());
  panel.clear();
  QVERIFY(fig->followsData());
}

QTEST_MAIN(TestPlotsPanel)
#include "test_plots_panel.moc"
