#include "ui/plots/quantities.hpp"

#include <cmath>
#include <limits>

namespace vms::ui {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
const char* const kAxes[3] = {"x", "y", "z"};

using Getter = std::function<double(const SimFrame&, const SimFrame&)>;

double element(const VecX& v, int i) { return i >= 0 && i < v.size() ? v[i] : kNaN; }

void add(std::vector<Quantity>& out, const QString& id, const QString& label, const QString& unit,
         const QString& group, Getter value) {
  out.push_back({id, label, unit, group, std::move(value)});
}

/// Three components x, y, z of a Vec3 member read by `vec`.
template <typename VecOf>
void addVector(std::vector<Quantity>& out, const QString& id_prefix, const QString& label_prefix,
               const QString& unit, const QString& group, VecOf vec) {
  for (int c = 0; c < 3; ++c) {
    add(out, id_prefix + kAxes[c], label_prefix + kAxes[c], unit, group,
        [vec, c](const SimFrame& f, const SimFrame&) { return vec(f)[c]; });
  }
}

void addMomentum(std::vector<Quantity>& q) {
  const QString group = QStringLiteral("Momentum");
  addVector(q, "P_total_", "P total ", "N s", group,
            [](const SimFrame& f) { return f.snapshot.momenta.linear_total; });
  addVector(q, "P_vehicle_", "P vehicle ", "N s", group,
            [](const SimFrame& f) { return f.snapshot.momenta.linear_vehicle; });
  addVector(q, "P_arm_", "P arm ", "N s", group,
            [](const SimFrame& f) { return f.snapshot.momenta.linear_arm; });
  addVector(q, "L_total_", "L total ", "N m s", group,
            [](const SimFrame& f) { return f.snapshot.momenta.angular_origin_total; });
  addVector(q, "L_vehicle_", "L vehicle ", "N m s", group,
            [](const SimFrame& f) { return f.snapshot.momenta.angular_origin_vehicle; });
  addVector(q, "L_arm_", "L arm ", "N m s", group,
            [](const SimFrame& f) { return f.snapshot.momenta.angular_origin_arm; });
  const QString drift = QStringLiteral("Momentum drift");
  add(q, "drift_P", "|P - P(0)|", "N s", drift, [](const SimFrame& f, const SimFrame& first) {
    return (f.snapshot.momenta.linear_total - first.snapshot.momenta.linear_total).norm();
  });
  add(q, "drift_L", "|L - L(0)|", "N m s", drift, [](const SimFrame& f, const SimFrame& first) {
    return (f.snapshot.momenta.angular_origin_total - first.snapshot.momenta.angular_origin_total)
        .norm();
  });
}

void addEnergy(std::vector<Quantity>& q) {
  const QString group = QStringLiteral("Energy");
  add(q, "T", "T (kinetic)", "J", group,
      [](const SimFrame& f, const SimFrame&) { return f.snapshot.kinetic_energy; });
  add(q, "V", "V (potential)", "J", group,
      [](const SimFrame& f, const SimFrame&) { return f.snapshot.potential_energy; });
  add(q, "energy", "E = T + V", "J", group,
      [](const SimFrame& f, const SimFrame&) { return f.snapshot.energy; });
  add(q, "actuator_work", "actuator work W", "J", group,
      [](const SimFrame& f, const SimFrame&) { return f.snapshot.actuator_work; });
  add(q, "power_residual", "E - E(0) - W", "J", group,
      [](const SimFrame& f, const SimFrame& first) {
        return f.snapshot.energy - first.snapshot.energy - f.snapshot.actuator_work;
      });
  add(q, "T_vehicle", "T vehicle", "J", group,
      [](const SimFrame& f, const SimFrame&) { return f.snapshot.momenta.kinetic_vehicle; });
  add(q, "T_arm", "T arm", "J", group,
      [](const SimFrame& f, const SimFrame&) { return f.snapshot.momenta.kinetic_arm; });
}

void addVehicle(std::vector<Quantity>& q) {
  const QString group = QStringLiteral("Vehicle");
  add(q, "attitude_deviation", "attitude deviation", "rad", group,
      [](const SimFrame& f, const SimFrame&) { return f.snapshot.vehicle_attitude_deviation; });
  addVector(q, "vehicle_com_d", "vehicle CoM d", "m", group,
            [](const SimFrame& f) { return f.snapshot.vehicle_com_displacement; });
  addVector(q, "base_p", "vehicle position ", "m", group,
            [](const SimFrame& f) { return f.snapshot.state.base_position; });
  addVector(q, "base_v", "vehicle velocity ", "m/s", group,
            [](const SimFrame& f) { return f.snapshot.state.baseLinearVelocityWorld(); });
  addVector(q, "base_w", "vehicle angular velocity ", "rad/s", group,
            [](const SimFrame& f) { return f.snapshot.state.baseAngularVelocityWorld(); });
  addVector(q, "system_com_", "system CoM ", "m", group,
            [](const SimFrame& f) { return f.snapshot.momenta.center_of_mass; });
  const QString reaction = QStringLiteral("Base reaction");
  addVector(q, "reaction_f", "reaction force ", "N", reaction,
            [](const SimFrame& f) { return Vec3(f.analysis.vehicle_reaction_world.head<3>()); });
  addVector(q, "reaction_n", "reaction torque ", "N m", reaction,
            [](const SimFrame& f) { return Vec3(f.analysis.vehicle_reaction_world.tail<3>()); });
}

void addAnalysis(std::vector<Quantity>& q) {
  const QString group = QStringLiteral("Manipulability");
  add(q, "manipulability_fixed", "w fixed base (Jm)", "", group,
      [](const SimFrame& f, const SimFrame&) { return f.analysis.manipulability_fixed; });
  add(q, "manipulability_floating", "w floating (J*)", "", group,
      [](const SimFrame& f, const SimFrame&) { return f.analysis.manipulability_floating; });
  add(q, "dynamic_singularity", "w(J*) / w(Jm)", "", group,
      [](const SimFrame& f, const SimFrame&) { return f.analysis.dynamic_singularity; });
  add(q, "tracking_error", "tracking error", "rad | m", QStringLiteral("Control"),
      [](const SimFrame& f, const SimFrame&) {
        return f.snapshot.tracking ? f.snapshot.tracking_error : kNaN;
      });
}

void addJoints(std::vector<Quantity>& q, const Model& model) {
  const QString group = QStringLiteral("Joints");
  const int n = static_cast<int>(model.joint_names.size());
  for (int k = 0; k < n; ++k) {
    const QString name = QString::fromStdString(model.joint_names[k]);
    const int body = k < static_cast<int>(model.joint_body.size()) ? model.joint_body[k] : -1;
    const bool prismatic = body >= 0 && body < static_cast<int>(model.joint_type.size()) &&
                           model.joint_type[body] == JointType::Prismatic;
    add(q, "q:" + name, "q " + name, prismatic ? "m" : "rad", group,
        [k](const SimFrame& f, const SimFrame&) { return element(f.snapshot.state.q, k); });
    add(q, "qd:" + name, "qd " + name, prismatic ? "m/s" : "rad/s", group,
        [k](const SimFrame& f, const SimFrame&) { return element(f.snapshot.state.qd, k); });
    add(q, "tau:" + name, "tau " + name, prismatic ? "N" : "N m", group,
        [k](const SimFrame& f, const SimFrame&) { return element(f.snapshot.joint_torque, k); });
  }
}

}  // namespace

QuantityRegistry::QuantityRegistry() {
  addMomentum(quantities_);
  addEnergy(quantities_);
  addVehicle(quantities_);
  addAnalysis(quantities_);
}

QuantityRegistry::QuantityRegistry(const Model& model) : QuantityRegistry() {
  addJoints(quantities_, model);
}

int QuantityRegistry::indexOf(const QString& id) const {
  for (int i = 0; i < size(); ++i)
    if (quantities_[i].id == id) return i;
  return -1;
}

const Quantity* QuantityRegistry::find(const QString& id) const {
  const int i = indexOf(id);
  return i < 0 ? nullptr : &quantities_[i];
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

QString axisLabel(const QString& name, const QString& unit) {
  return unit.isEmpty() ? name : name + " (" + unit + ")";
}

QString csvColumnUnit(const QString& c) {
  struct Rule {
    const char* prefix;
    const char* unit;
  };
  // qd: before q: ("qd:" does not start with "q:", but keep the specific ones first).
  static const Rule kRules[] = {
      {"base_p", "m"},
      {"base_q", ""},
      {"base_v", "m/s"},
      {"base_w", "rad/s"},
      {"qd:", "rad/s | m/s"},
      {"q:", "rad | m"},
      {"tau:", "N m | N"},
      {"thrust:", ""},
      {"P_", "N s"},
      {"L_", "N m s"},
      {"vehicle_attitude_deviation", "rad"},
      {"vehicle_com_d", "m"},
      {"system_com_", "m"},
      {"actuator_work", "J"},
      {"energy", "J"},
  };
  if (c == "t") return "s";
  if (c == "Px" || c == "Py" || c == "Pz") return "N s";
  if (c == "Lx" || c == "Ly" || c == "Lz") return "N m s";
  if (c == "T") return "J";
  for (const Rule& r : kRules) {
    if (c.startsWith(r.prefix)) return r.unit;
  }
  return {};
}

}  // namespace vms::ui
