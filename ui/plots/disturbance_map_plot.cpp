#include "ui/plots/disturbance_map_plot.hpp"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "ui/plots/plot_style.hpp"

namespace vms::ui {

namespace {

/// Blue (negative), near white (zero), red (positive): the sign of the turn reads at a glance.
QCPColorGradient divergingGradient() {
  QCPColorGradient g;
  g.clearColorStops();
  g.setColorStopAt(0.0, QColor(0x21, 0x66, 0xac));
  g.setColorStopAt(0.25, QColor(0x92, 0xc5, 0xde));
  g.setColorStopAt(0.5, QColor(0xf7, 0xf7, 0xf7));
  g.setColorStopAt(0.75, QColor(0xf4, 0xa5, 0x82));
  g.setColorStopAt(1.0, QColor(0xb2, 0x18, 0x2b));
  g.setColorInterpolation(QCPColorGradient::ciRGB);
  return g;
}

/// Light yellow (zero) to dark red (largest): dark segments stay visible on every colour.
QCPColorGradient sequentialGradient() {
  QCPColorGradient g;
  g.clearColorStops();
  g.setColorStopAt(0.0, QColor(0xff, 0xff, 0xe0));
  g.setColorStopAt(0.25, QColor(0xfe, 0xd9, 0x76));
  g.setColorStopAt(0.5, QColor(0xfd, 0x8d, 0x3c));
  g.setColorStopAt(0.75, QColor(0xe3, 0x1a, 0x1c));
  g.setColorStopAt(1.0, QColor(0x80, 0x00, 0x26));
  g.setColorInterpolation(QCPColorGradient::ciRGB);
  return g;
}

QString curvatureUnit(const Model& model, int i, int j) {
  const QString a = jointUnit(model, i), b = jointUnit(model, j);
  return a == b ? QStringLiteral("rad/") + a + QStringLiteral("²")
                : QStringLiteral("rad/(%1·%2)").arg(a, b);
}

constexpr double kGap = std::numeric_limits<double>::quiet_NaN();

}  // namespace

CurvatureShown curvatureShownFor(BaseType type) {
  const Vec6 mask = twistMask(type);
  return mask[3] == 0 && mask[4] == 0 && mask[5] != 0 ? CurvatureShown::SignedZ
                                                      : CurvatureShown::Norm;
}

double curvatureValue(const DisturbancePoint& point, CurvatureShown shown) {
  return shown == CurvatureShown::SignedZ ? point.curvature.z() : point.curvature.norm();
}

QString jointUnit(const Model& model, int joint) {
  const int body = model.joint_body[std::size_t(joint)];
  return model.joint_type[std::size_t(body)] == JointType::Revolute ? QStringLiteral("rad")
                                                                    : QStringLiteral("m");
}

bool jointWraps(const Model& model, int joint) {
  return !model.has_limits[std::size_t(joint)] &&
         model.joint_type[std::size_t(model.joint_body[std::size_t(joint)])] == JointType::Revolute;
}

double shownJointPosition(const Model& model, int joint, double q) {
  return jointWraps(model, joint) ? std::remainder(q, 2 * M_PI) : q;
}

DisturbanceMapPlot::DisturbanceMapPlot(QCustomPlot* plot) : plot_(plot) {
  applyPlotStyle(plot_);
  plot_->setInteractions(QCP::Interactions());  // a click poses the arm; no drag or zoom
  color_map_ = new QCPColorMap(plot_->xAxis, plot_->yAxis);
  color_map_->setInterpolate(false);
  color_map_->setTightBoundary(false);
  scale_ = new QCPColorScale(plot_);
  scale_->setType(QCPAxis::atRight);
  scale_->setBarWidth(12);
  scale_->axis()->setLabelFont(plotFont(9));
  scale_->axis()->setTickLabelFont(plotFont(8));
  color_map_->setColorScale(scale_);

  segments_ = new QCPCurve(plot_->xAxis, plot_->yAxis);
  segments_->setPen(QPen(QColor(20, 20, 20), 1.3));
  segments_->setName(QObject::tr("least-disturbing direction"));
  segments_->setScatterStyle(QCPScatterStyle::ssNone);

  path_ = new QCPCurve(plot_->xAxis, plot_->yAxis);
  path_->setPen(QPen(QColor(0x00, 0x9e, 0x73), 2.2));  // Okabe–Ito bluish green
  path_->setName(QObject::tr("path of the run"));

  marker_ = new QCPCurve(plot_->xAxis, plot_->yAxis);
  marker_->setLineStyle(QCPCurve::lsNone);
  marker_->setScatterStyle(
      QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::black, 2.0), QBrush(Qt::white), 11));
  marker_->setName(QObject::tr("current configuration"));

  plot_->legend->setVisible(true);
  styleLegend(plot_->legend);
  for (QCPAbstractPlottable* p :
       {static_cast<QCPAbstractPlottable*>(segments_), static_cast<QCPAbstractPlottable*>(path_),
        static_cast<QCPAbstractPlottable*>(marker_)})
    p->addToLegend();
  placeLegendAbove(plot_);
  plot_->legend->setMargins(QMargins(4, 3, 4, 3));
  plot_->legend->setIconSize(26, 16);
  // Below the legend row: the map, then its colour scale, their tops and bottoms aligned.
  plot_->plotLayout()->addElement(1, 1, scale_);
  auto* margins = new QCPMarginGroup(plot_);
  plot_->axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
  scale_->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
  styleAxis(plot_->xAxis, QString());
  styleAxis(plot_->yAxis, QString());
  // The legend's entries wrap to the width left of the colour scale: never cut.
  relayout_ = QObject::connect(plot_, &QCustomPlot::beforeReplot, plot_, [this] {
    const int scale_width = scale_->visible() ? scale_->outerRect().width() : 0;
    layoutLegend(plot_->viewport().width() - scale_width);
  });
  clear();
}

DisturbanceMapPlot::~DisturbanceMapPlot() { QObject::disconnect(relayout_); }

void DisturbanceMapPlot::layoutLegend(int width) {
  if (width <= 0 || width == legend_width_) return;
  legend_width_ = width;
  QCPLegend* legend = plot_->legend;
  int widest = 1, entries = 0;
  for (int k = 0; k < legend->itemCount(); ++k)
    if (QCPAbstractLegendItem* item = legend->item(k)) {
      widest = std::max(widest, item->minimumOuterSizeHint().width());
      ++entries;
    }
  const int room = width - legend->margins().left() - legend->margins().right() - 8;
  const int columns =
      std::max(1, (room + legend->columnSpacing()) / (widest + legend->columnSpacing()));
  legend->setWrap(std::min(columns, std::max(1, entries)));
  legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);  // re-arranges the entries
}

int DisturbanceMapPlot::segmentStride(int grid) { return std::max(1, (grid + 6) / 12); }

void DisturbanceMapPlot::showMap(const Model& model, const DisturbanceMap& map) {
  const int n = map.grid, i = map.joint_i, j = map.joint_j;
  shown_ = curvatureShownFor(model.base_type);
  QCPColorMapData* data = color_map_->data();
  data->setSize(n, n);
  data->setRange(QCPRange(map.qi[0], map.qi[n - 1]), QCPRange(map.qj[0], map.qj[n - 1]));
  double largest = 0.0;
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b) {
      const double v = curvatureValue(map.points[std::size_t(a * n + b)], shown_);
      data->setCell(a, b, v);
      if (std::isfinite(v)) largest = std::max(largest, std::abs(v));
    }
  if (largest == 0.0) largest = 1.0;
  if (shown_ == CurvatureShown::SignedZ) {
    color_map_->setGradient(divergingGradient());
    color_map_->setDataRange(QCPRange(-largest, largest));
  } else {
    color_map_->setGradient(sequentialGradient());
    color_map_->setDataRange(QCPRange(0.0, largest));
  }
  const QString unit = curvatureUnit(model, i, j);
  scale_->axis()->setLabel(shown_ == CurvatureShown::SignedZ
                               ? QObject::tr("curvature F_z, signed (%1)").arg(unit)
                               : QObject::tr("curvature |F|, norm (%1)").arg(unit));

  // Segments centred on every stride-th grid point, a little shorter than their spacing.
  const int stride = segmentStride(n);
  const double cell_i = (map.qi[n - 1] - map.qi[0]) / (n - 1);
  const double cell_j = (map.qj[n - 1] - map.qj[0]) / (n - 1);
  const double half = 0.42 * stride * std::min(cell_i, cell_j);
  QVector<double> t, x, y;
  int k = 0;
  for (int a = stride / 2; a < n; a += stride)
    for (int b = stride / 2; b < n; b += stride) {
      const Eigen::Vector2d d = map.points[std::size_t(a * n + b)].least;
      for (const double s : {-1.0, 1.0, kGap}) {
        t << k++;
        x << (std::isnan(s) ? kGap : map.qi[a] + s * half * d[0]);
        y << (std::isnan(s) ? kGap : map.qj[b] + s * half * d[1]);
      }
    }
  segments_->setData(t, x, y, true);

  styleAxis(plot_->xAxis,
            QStringLiteral("%1 (%2)").arg(QString::fromStdString(model.joint_names[std::size_t(i)]),
                                          jointUnit(model, i)));
  styleAxis(plot_->yAxis,
            QStringLiteral("%1 (%2)").arg(QString::fromStdString(model.joint_names[std::size_t(j)]),
                                          jointUnit(model, j)));
  plot_->xAxis->setRange(map.qi[0] - cell_i / 2, map.qi[n - 1] + cell_i / 2);
  plot_->yAxis->setRange(map.qj[0] - cell_j / 2, map.qj[n - 1] + cell_j / 2);
  color_map_->setVisible(true);
  scale_->setVisible(true);
}

void DisturbanceMapPlot::clear() {
  color_map_->data()->clear();
  color_map_->setVisible(false);
  scale_->setVisible(false);
  segments_->data()->clear();
  clearPath();
  setMarker(kGap, kGap);
}

void DisturbanceMapPlot::setMarker(double qi, double qj) {
  marker_->data()->clear();
  if (std::isfinite(qi) && std::isfinite(qj)) marker_->addData(0.0, qi, qj);
}

void DisturbanceMapPlot::appendToPath(double qi, double qj) {
  path_->addData(double(path_points_++), qi, qj);
}

void DisturbanceMapPlot::clearPath() {
  path_->data()->clear();
  path_points_ = 0;
}

void DisturbanceMapPlot::setTitle(const QString& title) {
  QCPLayoutGrid* layout = plot_->plotLayout();
  if (title.isEmpty()) {
    if (title_) {
      layout->remove(title_);
      layout->simplify();
      title_ = nullptr;
    }
    return;
  }
  if (!title_) {
    layout->insertRow(0);
    title_ = new QCPTextElement(plot_, title, plotFont(10));
    layout->addElement(0, 0, title_);
    layout->setRowStretchFactor(0, 0.001);
  }
  title_->setText(title);
}

}  // namespace vms::ui
