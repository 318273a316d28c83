#pragma once
// The registry of plottable quantities: the core table of output quantities
// (core/scenario/output_quantities.hpp, the same names, units, groups and values as `vms
// run`'s CSV and summary) restricted to the plotted ones, plus a display label for each. Ids
// are the core names; the ids of earlier versions (P_total_x, L_total_y, attitude_deviation)
// are accepted as aliases, so user plots and saved ids keep working. Joint quantities
// (q:<joint>, qd:<joint>, tau:<joint>) depend on the model, thrust:<name> on the scenario.
#include <QString>
#include <QStringList>
#include <vector>

#include "core/scenario/output_quantities.hpp"
#include "ui/sim/sim_frame.hpp"

namespace vms::ui {

struct Quantity {
  QString id;     // the core name, e.g. "Px", "q:joint1"
  QString label;  // short legend text, e.g. "P total x"
  QString unit;   // SI, e.g. "N s"; empty for dimensionless
  QString group;  // e.g. "Momentum", "Joints"
  OutputQuantity source;
  /// Value at `frame`; `first` is the first frame since the last clear (for drifts).
  double value(const SimFrame& frame, const SimFrame& first) const;
  /// The same for an already converted frame (ui/sim/frame_output.hpp).
  double value(const OutputSample& at, const Snapshot& first) const {
    return source.value(at, first);
  }
};

class QuantityRegistry {
 public:
  /// The model-independent quantities only.
  QuantityRegistry();
  /// Adds q:/qd:/tau: for every joint of `model` (rad or m, by joint type).
  explicit QuantityRegistry(const Model& model);
  /// Adds thrust:<name> for the scenario's thrusters too.
  explicit QuantityRegistry(const Scenario& scenario);

  const std::vector<Quantity>& all() const { return quantities_; }
  int size() const { return static_cast<int>(quantities_.size()); }
  /// Index of `id` (or of the quantity an old id stands for), -1 if unknown.
  int indexOf(const QString& id) const;
  const Quantity* find(const QString& id) const;
  QStringList ids() const;
  QStringList groups() const;  // in registry order, without duplicates

 private:
  explicit QuantityRegistry(const OutputQuantities& table);
  std::vector<Quantity> quantities_;
};

/// The current id for an id of an earlier version (e.g. "attitude_deviation" →
/// "vehicle_attitude_deviation"); other ids unchanged.
QString canonicalQuantityId(const QString& id);

/// The display label of a core quantity name, e.g. "Px" → "P total x", "q:j1" → "q j1".
QString quantityLabel(const QString& name);

/// A label for an axis: "name (unit)", or "name" without a unit.
QString axisLabel(const QString& name, const QString& unit);

/// The unit of a trajectory CSV column of `vms simulate` / `vms run` (t, base_*, Px, q:<j>, ...);
/// empty when unknown or dimensionless. Joint quantities are reported as "rad | m" (the CSV
/// does not say the joint type).
QString csvColumnUnit(const QString& column);

}  // namespace vms::ui
