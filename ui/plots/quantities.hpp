#pragma once
// The registry of plottable quantities: every scalar the plots can show, with an id (stable,
// used by user plots and settings), a label, an SI unit and a group, and how to read it from a
// SimFrame. Drifts are measured against the first frame since the last clear. Joint quantities
// (q:<joint>, qd:<joint>, tau:<joint>) depend on the model; the rest are always there.
#include <QString>
#include <QStringList>
#include <functional>
#include <vector>

#include "core/model/model.hpp"
#include "ui/sim/sim_frame.hpp"

namespace vms::ui {

struct Quantity {
  QString id;     // e.g. "P_total_x", "q:joint1"
  QString label;  // short legend text, e.g. "P total x"
  QString unit;   // SI, e.g. "N s"; empty for dimensionless
  QString group;  // e.g. "Momentum", "Joints"
  /// Value at `frame`; `first` is the first frame since the last clear (for drifts).
  std::function<double(const SimFrame& frame, const SimFrame& first)> value;
};

class QuantityRegistry {
 public:
  /// The model-independent quantities only.
  QuantityRegistry();
  /// Adds q:/qd:/tau: for every joint of `model` (rad or m, by joint type).
  explicit QuantityRegistry(const Model& model);

  const std::vector<Quantity>& all() const { return quantities_; }
  int size() const { return static_cast<int>(quantities_.size()); }
  /// Index of `id`, -1 if unknown.
  int indexOf(const QString& id) const;
  const Quantity* find(const QString& id) const;
  QStringList ids() const;
  QStringList groups() const;  // in registry order, without duplicates

 private:
  std::vector<Quantity> quantities_;
};

/// A label for an axis: "name (unit)", or "name" without a unit.
QString axisLabel(const QString& name, const QString& unit);

/// The unit of a trajectory CSV column of `vms simulate` / `vms run` (t, base_*, Px, q:<j>, ...);
/// empty when unknown or dimensionless. Joint positions are reported as "rad | m".
QString csvColumnUnit(const QString& column);

}  // namespace vms::ui
