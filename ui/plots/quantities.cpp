#include "ui/plots/quantities.hpp"

#include <QHash>

#include "ui/sim/frame_output.hpp"

namespace vms::ui {

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

// Ids of earlier versions of the registry that were renamed to the core (CSV) names.
const QHash<QString, QString>& oldIds() {
  static const QHash<QString, QString> ids = {
      {"P_total_x", "Px"},
      {"P_total_y", "Py"},
      {"P_total_z", "Pz"},
      {"L_total_x", "Lx"},
      {"L_total_y", "Ly"},
      {"L_total_z", "Lz"},
      {"attitude_deviation", "vehicle_attitude_deviation"},
  };
  return ids;
}

}  // namespace

double Quantity::value(const SimFrame& frame, const SimFrame& first) const {
  return source.value(FrameOutput(frame).sample(), first.snapshot);
}

QuantityRegistry::QuantityRegistry() : QuantityRegistry(OutputQuantities::forModel(Model())) {}

QuantityRegistry::QuantityRegistry(const Model& model)
    : QuantityRegistry(OutputQuantities::forModel(model)) {}

QuantityRegistry::QuantityRegistry(const Scenario& scenario)
    : QuantityRegistry(OutputQuantities::forScenario(scenario)) {}

QuantityRegistry::QuantityRegistry(const OutputQuantities& table) {
  for (const OutputQuantity& q : table.all()) {
    if (!q.isPlotted()) continue;
    const QString id = qs(q.name);
    quantities_.push_back({id, quantityLabel(id), qs(q.unit), qs(q.group), q});
  }
}

int QuantityRegistry::indexOf(const QString& id) const {
  const QString canonical = canonicalQuantityId(id);
  for (int i = 0; i < size(); ++i)
    if (quantities_[static_cast<size_t>(i)].id == canonical) return i;
  return -1;
}

const Quantity* QuantityRegistry::find(const QString& id) const {
  const int i = indexOf(id);
  return i < 0 ? nullptr : &quantities_[static_cast<size_t>(i)];
}

QStringList QuantityRegistry::ids() const {
  QStringList out;
  for (const auto& q : quantities_) out << q.id;
  return out;
}

QStringList QuantityRegistry::groups() const {
  QStringList out;
  for (const auto& q : quantities_)
    if (!out.contains(q.group)) out << q.group;
  return out;
}

QString canonicalQuantityId(const QString& id) { return oldIds().value(id, id); }

QString quantityLabel(const QString& name) {
  static const QHash<QString, QString> exact = {
      {"T", "T (kinetic)"},
      {"V", "V (potential)"},
      {"energy", "E = T + V"},
      {"actuator_work", "actuator work W"},
      {"power_residual", "E - E(0) - W - W_pull"},
      {"perturbation_work", "work of the pull W_pull"},
      {"T_vehicle", "T vehicle"},
      {"T_arm", "T arm"},
      {"vehicle_attitude_deviation", "attitude deviation"},
      {"vehicle_com_displacement", "|vehicle CoM displacement|"},
      {"system_com_displacement", "|system CoM - c(0)|"},
      {"manipulability_fixed", "w fixed base (Jm)"},
      {"manipulability_floating", "w floating (J*)"},
      {"dynamic_singularity", "w(J*) / w(Jm)"},
      {"tracking_error", "tracking error"},
      {"drift_P", "|P - P(0)|"},
      {"drift_L", "|L - L(0)|"},
      {"drift_L_com", "|L_c - L_c(0)|"},
  };
  if (const auto it = exact.constFind(name); it != exact.constEnd()) return *it;
  // Prefix + the rest of the name (a component or a joint / thruster name).
  static const std::pair<const char*, const char*> kPrefixes[] = {
      {"P_vehicle_", "P vehicle "},
      {"P_arm_", "P arm "},
      {"L_vehicle_", "L vehicle "},
      {"L_arm_", "L arm "},
      {"P", "P total "},
      {"L", "L total "},
      {"vehicle_com_d", "vehicle CoM d"},
      {"system_com_", "system CoM "},
      {"base_p", "vehicle position "},
      {"base_q", "vehicle quaternion "},
      {"base_v", "vehicle velocity "},
      {"base_w", "vehicle angular velocity "},
      {"reaction_f", "reaction force "},
      {"reaction_n", "reaction torque "},
      {"qd:", "qd "},
      {"q:", "q "},
      {"tau:", "tau "},
      {"thrust:", "thrust "},
  };
  for (const auto& [prefix, label] : kPrefixes) {
    const QString p = QLatin1String(prefix);
    // "P"/"L" alone only before one component letter (Px, Lz).
    if (name.startsWith(p) && (p.size() > 1 || name.size() == 2))
      return QLatin1String(label) + name.mid(p.size());
  }
  return QString(name).replace('_', ' ');
}

QString axisLabel(const QString& name, const QString& unit) {
  return unit.isEmpty() ? name : name + " (" + unit + ")";
}

QString csvColumnUnit(const QString& c) {
  // Joint and thruster columns: the CSV does not say the joint type.
  struct Rule {
    const char* prefix;
    const char* unit;
  };
  static const Rule kRules[] = {
      {"qd:", "rad/s | m/s"}, {"q:", "rad | m"}, {"tau:", "N m | N"}, {"thrust:", ""}};
  for (const Rule& r : kRules)
    if (c.startsWith(QLatin1String(r.prefix))) return QLatin1String(r.unit);
  // Everything else: the unit of the core quantity of that name.
  static const OutputQuantities table = OutputQuantities::forModel(Model());
  const OutputQuantity* q = table.find(c.toStdString());
  return q ? qs(q->unit) : QString();
}

}  // namespace vms::ui
