#pragma once
// The enhanced disturbance map of two joints (core/analysis/attitude_disturbance.hpp) drawn in
// a QCustomPlot: the curvature of the mechanical connection as a colour field over
// (q_i, q_j) with its colour scale, short segments along the least-disturbing direction at
// every few grid points, axes named after the joints, and, on top, a path and a marker (the
// Disturbance Map panel's run path and current configuration). The panel and `vms dmap --png`
// draw the same figure.
#include <QMetaObject>
#include <QString>

#include "core/analysis/attitude_disturbance.hpp"
#include "core/model/model.hpp"

class QCustomPlot;
class QCPColorMap;
class QCPColorScale;
class QCPCurve;
class QCPTextElement;

namespace vms::ui {

/// What the colours show: the curvature's signed z component for a vehicle that turns about
/// its z axis only (planar, Schoenflies, cylindrical, turntable), its norm otherwise.
enum class CurvatureShown { SignedZ, Norm };
CurvatureShown curvatureShownFor(BaseType type);
/// The coloured value of one grid point.
double curvatureValue(const DisturbancePoint& point, CurvatureShown shown);
/// Unit of joint `joint`'s position: "rad" (revolute) or "m" (prismatic).
QString jointUnit(const Model& model, int joint);
/// A revolute joint without limits: its map spans one turn, [-pi, pi].
bool jointWraps(const Model& model, int joint);
/// Joint position `q` where the map draws it: wrapped into [-pi, pi] for a joint that wraps.
double shownJointPosition(const Model& model, int joint, double q);

class DisturbanceMapPlot {
 public:
  /// Styles `plot` and adds the colour map, its scale, the direction segments, the path, the
  /// marker and a legend row above the map. The plot keeps ownership of all of them.
  explicit DisturbanceMapPlot(QCustomPlot* plot);
  ~DisturbanceMapPlot();
  DisturbanceMapPlot(const DisturbanceMapPlot&) = delete;
  DisturbanceMapPlot& operator=(const DisturbanceMapPlot&) = delete;

  /// Draws `map` of `model` (the previous map, path and marker stay until replaced).
  void showMap(const Model& model, const DisturbanceMap& map);
  /// Nothing drawn (no map, path or marker).
  void clear();
  /// The current configuration at (qi, qj); hidden with NaN.
  void setMarker(double qi, double qj);
  /// Extends the path by one point; a NaN point breaks it.
  void appendToPath(double qi, double qj);
  void clearPath();
  /// A title row above the legend (the CLI figure); empty removes it.
  void setTitle(const QString& title);

  /// Grid points apart of two direction segments (about a dozen segments per row).
  static int segmentStride(int grid);

  QCustomPlot* plot() const { return plot_; }
  QCPColorMap* colorMap() const { return color_map_; }
  QCPColorScale* colorScale() const { return scale_; }
  QCPCurve* segments() const { return segments_; }
  QCPCurve* path() const { return path_; }
  QCPCurve* marker() const { return marker_; }
  CurvatureShown shown() const { return shown_; }

 private:
  /// Wraps the legend's entries into rows that fit `width` pixels.
  void layoutLegend(int width);

  QCustomPlot* plot_;
  QCPColorMap* color_map_;
  QCPColorScale* scale_;
  QCPCurve* segments_;
  QCPCurve* path_;
  QCPCurve* marker_;
  QCPTextElement* title_ = nullptr;
  CurvatureShown shown_ = CurvatureShown::Norm;
  int path_points_ = 0;
  int legend_width_ = -1;
  QMetaObject::Connection relayout_;
};

}  // namespace vms::ui
