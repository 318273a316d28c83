// What the live plots must show legibly: legends and titles inside the
// plot at a dock's width, the momentum legend factored (colour = component, style = part),
// the wheel not zooming while Ctrl + wheel zooms every plot's time axis together, a note
// saying why a pane is empty, the dynamic-singularity ratio on a log axis, offset tick
// labels for a quantity that barely varies, a dot for a single point, and exports at the
// requested pixel size whatever the panel's size.
#include <qcustomplot.h>

#include <QTemporaryDir>
#include <QWheelEvent>
#include <QtTest>
#include <cmath>
#include <limits>

#include "plots_layout_check.hpp"
#include "test_plots_support.hpp"
#include "ui/plots/plot_figure.hpp"
#include "ui/plots/plot_panel.hpp"

using namespace vms;
using namespace vms::ui;

namespace {

std::vector<SimFrame> frames(int from, int to, const Model& model) {
  std::vector<SimFrame> out;
  for (int i = from; i < to; ++i) out.push_back(test::makeFrame(i, model));
  return out;
}

void wheel(QWidget* widget, int delta, Qt::KeyboardModifiers modifiers, bool* accepted) {
  const QPointF at(widget->width() / 2.0, widget->height() / 3.0);
  QWheelEvent event(at, widget->mapToGlobal(at), QPoint(), QPoint(0, delta), Qt::NoButton,
                    modifiers, Qt::NoScrollPhase, false);
  QCoreApplication::sendEvent(widget, &event);
  if (accepted) *accepted = event.isAccepted();
}

}  // namespace

class TestPlotsReadability : public QObject {
  Q_OBJECT
 private slots:
  void legendsAndTitlesFitADockWidePanel();
  void momentumLegendIsFactored();
  void wheelScrollsCtrlWheelZoomsAllTimeAxes();
  void emptyPaneSaysWhy();
  void ratioIsOnALogAxis();
  void barelyVaryingQuantityUsesOffsetTicks();
  void singlePointIsDrawn();
  void exportsHaveTheRequestedSize();
};

void TestPlotsReadability::legendsAndTitlesFitADockWidePanel() {
  const Model model = test::planarModel();
  PlotPanel panel;
  panel.setModel(model);
  // The plots dock at the default 1400 x 900 window: ~390 px wide, ~700 px high.
  panel.resize(386, 700);
  panel.show();
  QVERIFY(QTest::qWaitForWindowExposed(&panel));
  panel.appendFrames(frames(0, 200, model));
  panel.setVisiblePlots({PlotKind::Momentum, PlotKind::MomentumDrift, PlotKind::BaseReaction,
                         PlotKind::Manipulability, PlotKind::Energy, PlotKind::JointAngles});
  QVERIFY(panel.addCustomPlot(
      {"vehicle_attitude_deviation", "T", "q:" + QString::fromStdString(model.joint_names[0])}));
  QCoreApplication::processEvents();
  const QString problem = test::layoutProblem(panel);
  QVERIFY2(problem.isEmpty(), qPrintable(problem));
  // One plot at a time at the panel's height: no scroll bar anywhere in the panel.
  for (QScrollBar* bar : panel.findChildren<QScrollBar*>()) QVERIFY(!bar->isVisible());
  // Narrower still: the legends wrap onto more rows instead of being cut.
  panel.resize(300, 700);
  QCoreApplication::processEvents();
  const QString narrow = test::layoutProblem(panel);
  QVERIFY2(narrow.isEmpty(), qPrintable(narrow));
}

void TestPlotsReadability::momentumLegendIsFactored() {
  const Model model = test::planarModel();
  PlotPanel panel;
  panel.setModel(model);
  panel.appendFrames(frames(0, 50, model));
  PlotFigure* m = panel.figure(0);
  QCOMPARE(m->spec().title, QString("Momentum (total / vehicle / arm)"));
  // P pane: total x, vehicle x/y, arm x/y move (z is silent): keys x, y + total, vehicle, arm.
  for (int k = 0; k < m->legend(0)->itemCount(); ++k)  // keys, not one entry per series
    QVERIFY(!qobject_cast<QCPPlottableLegendItem*>(m->legend(0)->item(k)));
  QCOMPARE(m->legendEntries(0), 5);
  QCOMPARE(m->legendEntries(1), 4);  // L: z + total, vehicle, arm
  // Colour by component, style by part; the total widest.
  const QPen total_x = m->graph(0)->pen(), vehicle_x = m->graph(3)->pen();
  QCOMPARE(total_x.color(), vehicle_x.color());
  QVERIFY(total_x.style() != vehicle_x.style());
  QVERIFY(total_x.widthF() > vehicle_x.widthF());
  QVERIFY(m->graph(0)->pen().color() != m->graph(1)->pen().color());
}

void TestPlotsReadability::wheelScrollsCtrlWheelZoomsAllTimeAxes() {
  const Model model = test::planarModel();
  PlotPanel panel;
  panel.setModel(model);
  panel.resize(500, 700);
  panel.show();
  QVERIFY(QTest::qWaitForWindowExposed(&panel));
  panel.appendFrames(frames(0, 101, model));
  auto timeRange = [&](int i) {
    return panel.figure(i)->pane(0)->axis(QCPAxis::atBottom)->range();
  };
  QCOMPARE(timeRange(0).upper, 1.0);
  bool accepted = true;
  wheel(panel.plot(0), 120, Qt::NoModifier, &accepted);
  QVERIFY(!accepted);  // left to the parents (scrolling), not a zoom
  for (int i = 0; i < panel.plotCount(); ++i) {
    QCOMPARE(timeRange(i).lower, 0.0);
    QCOMPARE(timeRange(i).upper, 1.0);
    QVERIFY(panel.figure(i)->followsData());
  }
  wheel(panel.plot(0), 240, Qt::ControlModifier, &accepted);
  QVERIFY(accepted);
  const QCPRange zoomed = timeRange(0);
  QVERIFY2(zoomed.size() < 0.8 && zoomed.size() > 0.6, qPrintable(QString::number(zoomed.size())));
  for (int i = 0; i < panel.plotCount(); ++i) {  // every plot and every pane, together
    QVERIFY(!panel.figure(i)->followsData());
    for (int p = 0; p < panel.figure(i)->paneCount(); ++p) {
      const QCPRange r = panel.figure(i)->pane(p)->axis(QCPAxis::atBottom)->range();
      QCOMPARE(r.lower, zoomed.lower);
      QCOMPARE(r.upper, zoomed.upper);
    }
  }
  wheel(panel.plot(1), -240, Qt::ControlModifier, &accepted);  // and back out
  QVERIFY(std::abs(timeRange(2).size() - 1.0) < 1e-9);
}

void TestPlotsReadability::emptyPaneSaysWhy() {
  const Model model = test::planarModel();
  PlotPanel panel;
  panel.setModel(model);
  panel.setVisiblePlots({PlotKind::Manipulability});
  PlotFigure* fig = panel.figure(0);
  QVERIFY(fig->emptyReason(0).isEmpty());  // no frame yet: nothing to explain
  // An arm with too few joints: w = 0 and the ratio undefined at every frame.
  std::vector<SimFrame> batch;
  for (int i = 0; i < 40; ++i) {
    SimFrame f = test::makeFrame(i, model);
    f.analysis.manipulability_fixed = 0.0;
    f.analysis.manipulability_floating = 0.0;
    f.analysis.dynamic_singularity = std::numeric_limits<double>::quiet_NaN();
    batch.push_back(f);
  }
  panel.appendFrames(batch);
  const QString w = fig->emptyReason(0).replace('\n', ' ');
  const QString ratio = fig->emptyReason(1).replace('\n', ' ');
  qInfo("w pane: %s", qPrintable(w));
  qInfo("ratio pane: %s", qPrintable(ratio));
  QVERIFY(w.contains("40 frames"));
  QVERIFY(w.contains("fixed base (Jm), floating (J*) are 0 at every frame"));
  QVERIFY(w.contains("fewer"));
  QVERIFY(ratio.contains("undefined (NaN)"));
  // The note is drawn in the pane.
  bool shown = false;
  for (int i = 0; i < panel.plot(0)->itemCount(); ++i)
    if (auto* text = qobject_cast<QCPItemText*>(panel.plot(0)->item(i)))
      shown = shown || (text->visible() && text->text() == fig->emptyReason(0));
  for (const QString& line : fig->emptyReason(0).split('\n'))  // wrapped: fits a pane
    QVERIFY2(line.size() <= 46, qPrintable(line));
  QVERIFY(shown);
  // Once something is drawn, the note goes.
  panel.appendFrames(frames(40, 45, model));
  QVERIFY(fig->emptyReason(0).isEmpty());
  QVERIFY(fig->emptyReason(1).isEmpty());
}

void TestPlotsReadability::ratioIsOnALogAxis() {
  const Model model = test::planarModel();
  PlotPanel panel;
  panel.setModel(model);
  panel.setVisiblePlots({PlotKind::Manipulability});
  std::vector<SimFrame> batch;
  for (int i = 0; i < 200; ++i) {
    SimFrame f = test::makeFrame(i, model);
    f.analysis.dynamic_singularity = i == 100 ? 8e5 : 0.5 + 0.001 * i;  // a spike
    batch.push_back(f);
  }
  panel.appendFrames(batch);
  QCPAxis* y = panel.figure(0)->pane(1)->axis(QCPAxis::atLeft);
  QCOMPARE(y->scaleType(), QCPAxis::stLogarithmic);
  // The ordinary values keep a readable share of the pane despite the spike: 0.5 and 0.7
  // are more than 3 % of the pane apart (on a linear axis up to 8e5: 0.00003 %).
  y->axisRect()->setOuterRect(QRect(0, 0, 400, 300));
  panel.plot(0)->replot();
  const double apart =
      std::abs(y->coordToPixel(0.7) - y->coordToPixel(0.5)) / std::max(1, y->axisRect()->height());
  QVERIFY2(apart > 0.03, qPrintable(QString::number(apart)));
  QVERIFY(y->range().upper <= 1e6 + 1 && y->range().lower >= 0.1 - 1e-12);
}

void TestPlotsReadability::barelyVaryingQuantityUsesOffsetTicks() {
  const Model model = test::planarModel();
  PlotPanel panel;
  panel.setModel(model);
  panel.resize(500, 600);
  panel.show();
  QVERIFY(QTest::qWaitForWindowExposed(&panel));
  QVERIFY(panel.addCustomPlot({"vehicle_attitude_deviation"}));
  const int c = panel.plotCount() - 1;
  panel.setCurrentPlot(c);
  std::vector<SimFrame> batch;
  for (int i = 0; i < 100; ++i) {
    SimFrame f = test::makeFrame(i, model);
    f.snapshot.vehicle_attitude_deviation = 0.6577355915 + 2e-7 * std::sin(0.1 * i);
    batch.push_back(f);
  }
  panel.appendFrames(batch);
  panel.plot(c)->replot();
  PlotFigure* fig = panel.figure(c);
  QCPAxis* y = fig->pane(0)->axis(QCPAxis::atLeft);
  qInfo("offset %.12g, label '%s', ticks: %s", fig->tickOffset(0), qPrintable(y->label()),
        qPrintable(y->tickVectorLabels().join(" | ")));
  QVERIFY(std::abs(fig->tickOffset(0) - 0.6577356) < 1e-6);
  QVERIFY(y->label().contains("0.65773"));
  QVERIFY(y->tickVectorLabels().size() >= 3);
  for (const QString& label : y->tickVectorLabels())
    QVERIFY2(label.size() <= 10, qPrintable(label));
  // The line spans the pane (the range fits the variation, not the magnitude).
  const QCPRange r = y->range();
  QVERIFY2(r.size() < 1e-6 && r.size() > 4e-7, qPrintable(QString::number(r.size())));
  // A quantity that varies a lot keeps plain tick labels.
  panel.clear();
  panel.appendFrames(frames(0, 100, model));
  QCOMPARE(fig->tickOffset(0), 0.0);
  QCOMPARE(y->label(), QString("attitude deviation (rad)"));
}

void TestPlotsReadability::singlePointIsDrawn() {
  const Model model = test::planarModel();
  PlotPanel panel;
  panel.setModel(model);
  panel.setVisiblePlots({});
  QVERIFY(panel.addCustomPlot({"T"}));
  panel.appendFrames(frames(0, 1, model));
  QCPGraph* t = panel.figure(0)->graph(0);
  QCOMPARE(t->dataCount(), 1);
  QVERIFY(t->visible());
  QVERIFY(t->scatterStyle().shape() != QCPScatterStyle::ssNone);  // a dot: no line to draw
  // The time axis of a single instant spans a second, not a nanosecond (no 2e-10 s ticks).
  const QCPRange time = panel.figure(0)->pane(0)->axis(QCPAxis::atBottom)->range();
  QCOMPARE(time.lower, 0.0);
  QCOMPARE(time.upper, 1.0);
  // Drawn: the plot's pixels hold the series colour near the point.
  QPixmap pix = panel.plot(0)->toPixmap(500, 400);
  const QImage image = pix.toImage();
  const QColor colour = t->pen().color();
  int hits = 0;
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x) hits += QColor(image.pixel(x, y)) == colour;
  QVERIFY2(hits >= 9, qPrintable(QString::number(hits)));
  panel.appendFrames(frames(1, 3, model));
  QCOMPARE(t->scatterStyle().shape(), QCPScatterStyle::ssNone);  // a line from two points
}

void TestPlotsReadability::exportsHaveTheRequestedSize() {
  const Model model = test::planarModel();
  PlotPanel panel;
  panel.setModel(model);
  panel.resize(386, 700);  // the panel's size does not matter
  panel.show();
  QVERIFY(QTest::qWaitForWindowExposed(&panel));
  panel.appendFrames(frames(0, 300, model));
  QTemporaryDir dir;
  QString error;
  // The default: 1600 x 1000 pixels at 2x.
  QCOMPARE(panel.exportSize(2), QSize(1600, 1000));
  QVERIFY2(panel.exportPlot(2, dir.filePath("reaction.png"), &error), qPrintable(error));
  QImage image(dir.filePath("reaction.png"));
  QCOMPARE(image.size(), QSize(1600, 1000));
  QCOMPARE(image.dotsPerMeterX(), int(std::lround(2 * 96 / 0.0254)));
  // A chosen size and scale, odd sizes included.
  QVERIFY2(panel.exportPlot(0, dir.filePath("m.png"), QSize(1234, 777), 1.5, &error),
           qPrintable(error));
  QCOMPARE(QImage(dir.filePath("m.png")).size(), QSize(1234, 777));
  const QStringList files =
      panel.exportAll(dir.filePath("all"), {"png"}, QSize(1000, 700), 1.0, &error);
  QCOMPARE(files.size(), panel.plotCount());
  for (const QString& f : files) QCOMPARE(QImage(f).size(), QSize(1000, 700));
  // The panel itself is untouched by an export (still laid out at its own size).
  QCOMPARE(panel.plot(0)->viewport().width(), panel.plot(0)->width());
  const QString problem = test::layoutProblem(panel);
  QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

QTEST_MAIN(TestPlotsReadability)
#include "test_plots_readability.moc"
