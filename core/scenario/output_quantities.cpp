#include "core/scenario/output_quantities.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace vms {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
const char* const kAxes[3] = {"x", "y", "z"};

using Getter = OutputQuantity::Getter;

double element(const VecX& v, int i) { return i >= 0 && i < v.size() ? v[i] : kNaN; }

const Snapshot& snap(const OutputSample& at) { return *at.snapshot; }
const MomentumPartition& momenta(const OutputSample& at) { return at.snapshot->momenta; }

// The getters. Each is a plain function of (instant, first snapshot, index) so that the table
// is plain data and evaluating it allocates nothing; `index` is a vector component (0..2) or a
// joint / thruster.
double time(const OutputSample& at, const Snapshot&, int) { return snap(at).time; }
double basePosition(const OutputSample& at, const Snapshot&, int c) {
  return snap(at).state.base_position[c];
}
double baseQuaternion(const OutputSample& at, const Snapshot&, int c) {
  const Quat& q = snap(at).state.base_orientation;
  const double wxyz[4] = {q.w(), q.x(), q.y(), q.z()};
  return wxyz[c];
}
double baseLinearVelocity(const OutputSample& at, const Snapshot&, int c) {
  return snap(at).state.baseLinearVelocityWorld()[c];
}
double baseAngularVelocity(const OutputSample& at, const Snapshot&, int c) {
  return snap(at).state.baseAngularVelocityWorld()[c];
}
double jointPosition(const OutputSample& at, const Snapshot&, int k) {
  return element(snap(at).state.q, k);
}
double jointRate(const OutputSample& at, const Snapshot&, int k) {
  return element(snap(at).state.qd, k);
}
double jointForce(const OutputSample& at, const Snapshot&, int k) {
  return element(snap(at).joint_torque, k);
}
double thrusterCommand(const OutputSample& at, const Snapshot&, int k) {
  return element(snap(at).thruster_command, k);
}
double linearTotal(const OutputSample& at, const Snapshot&, int c) {
  return momenta(at).linear_total[c];
}
double linearVehicle(const OutputSample& at, const Snapshot&, int c) {
  return momenta(at).linear_vehicle[c];
}
double linearArm(const OutputSample& at, const Snapshot&, int c) {
  return momenta(at).linear_arm[c];
}
double angularTotal(const OutputSample& at, const Snapshot&, int c) {
  return momenta(at).angular_origin_total[c];
}
double angularVehicle(const OutputSample& at, const Snapshot&, int c) {
  return momenta(at).angular_origin_vehicle[c];
}
double angularArm(const OutputSample& at, const Snapshot&, int c) {
  return momenta(at).angular_origin_arm[c];
}
double kineticEnergy(const OutputSample& at, const Snapshot&, int) {
  return snap(at).kinetic_energy;  // = momenta.kinetic_total
}
double kineticVehicle(const OutputSample& at, const Snapshot&, int) {
  return momenta(at).kinetic_vehicle;
}
double kineticArm(const OutputSample& at, const Snapshot&, int) { return momenta(at).kinetic_arm; }
double attitudeDeviation(const OutputSample& at, const Snapshot&, int) {
  return snap(at).vehicle_attitude_deviation;
}
double vehicleComDisplacement(const OutputSample& at, const Snapshot&, int c) {
  return snap(at).vehicle_com_displacement[c];
}
double vehicleComDistance(const OutputSample& at, const Snapshot&, int) {
  return snap(at).vehicle_com_displacement.norm();
}
double systemCom(const OutputSample& at, const Snapshot&, int c) {
  return momenta(at).center_of_mass[c];
}
double systemComDistance(const OutputSample& at, const Snapshot& first, int) {
  return (momenta(at).center_of_mass - first.momenta.center_of_mass).norm();
}
double energy(const OutputSample& at, const Snapshot&, int) { return snap(at).energy; }
double potentialEnergy(const OutputSample& at, const Snapshot&, int) {
  return snap(at).potential_energy;
}
double actuatorWork(const OutputSample& at, const Snapshot&, int) { return snap(at).actuator_work; }
double perturbationWork(const OutputSample& at, const Snapshot& first, int) {
  return snap(at).perturbation_work - first.perturbation_work;
}
double powerResidual(const OutputSample& at, const Snapshot& first, int) {
  return snap(at).energy - first.energy - snap(at).actuator_work -
         (snap(at).perturbation_work - first.perturbation_work);
}
double trackingError(const OutputSample& at, const Snapshot&, int) {
  return snap(at).tracking ? snap(at).tracking_error : kNaN;
}
double linearDrift(const OutputSample& at, const Snapshot& first, int) {
  return (momenta(at).linear_total - first.momenta.linear_total).norm();
}
double angularDrift(const OutputSample& at, const Snapshot& first, int) {
  return (momenta(at).angular_origin_total - first.momenta.angular_origin_total).norm();
}
double angularComDrift(const OutputSample& at, const Snapshot& first, int) {
  return (momenta(at).angular_com_total - first.momenta.angular_com_total).norm();
}
// The largest momentum of the system and its parts at an instant: the scale of the drifts
// (a drift is small or large relative to the momentum exchanged inside the system).
double linearScale(const OutputSample& at, const Snapshot&, int) {
  const MomentumPartition& p = momenta(at);
  return std::max({p.linear_total.norm(), p.linear_vehicle.norm(), p.linear_arm.norm()});
}
double angularScale(const OutputSample& at, const Snapshot&, int) {
  const MomentumPartition& p = momenta(at);
  return std::max({p.angular_origin_total.norm(), p.angular_origin_vehicle.norm(),
                   p.angular_origin_arm.norm()});
}
double angularComScale(const OutputSample& at, const Snapshot&, int) {
  const MomentumPartition& p = momenta(at);
  return std::max(
      {p.angular_com_total.norm(), p.angular_com_vehicle.norm(), p.angular_com_arm.norm()});
}
double energyScale(const OutputSample& at, const Snapshot&, int) {
  return std::max({snap(at).kinetic_energy, std::abs(snap(at).actuator_work)});
}
double reactionlessResidual(const OutputSample& at, const Snapshot&, int) {
  return snap(at).reactionless_task_residual;
}
double reactionlessVehicleRate(const OutputSample& at, const Snapshot&, int) {
  return snap(at).reactionless_vehicle_rate;
}
double reactionlessOutside(const OutputSample& at, const Snapshot&, int) {
  return snap(at).reactionless_outside ? 1.0 : 0.0;
}
double manipulabilityFixed(const OutputSample& at, const Snapshot&, int) {
  return at.analysis ? at.analysis->manipulability_fixed : kNaN;
}
double manipulabilityFloating(const OutputSample& at, const Snapshot&, int) {
  return at.analysis ? at.analysis->manipulability_floating : kNaN;
}
double dynamicSingularity(const OutputSample& at, const Snapshot&, int) {
  return at.analysis ? at.analysis->dynamic_singularity : kNaN;
}
double vehicleReaction(const OutputSample& at, const Snapshot&, int c) {
  return at.analysis ? at.analysis->vehicle_reaction_world[c] : kNaN;
}

class TableBuilder {
 public:
  explicit TableBuilder(std::vector<OutputQuantity>& out) : out_(out) {}
  void add(std::string name, std::string unit, std::string group, Getter getter, int index = 0,
           unsigned use = kOutputCsv | kOutputPlot) {
    out_.push_back({std::move(name), std::move(unit), std::move(group), use, getter, index});
  }
  /// name_prefix + x, y, z.
  void addVector(const std::string& name_prefix, const std::string& unit, const std::string& group,
                 Getter getter, unsigned use = kOutputCsv | kOutputPlot) {
    for (int c = 0; c < 3; ++c) add(name_prefix + kAxes[c], unit, group, getter, c, use);
  }

 private:
  std::vector<OutputQuantity>& out_;
};

bool isPrismatic(const Model& model, int joint) {
  const int body = joint < static_cast<int>(model.joint_body.size()) ? model.joint_body[joint] : -1;
  return body >= 0 && body < static_cast<int>(model.joint_type.size()) &&
         model.joint_type[body] == JointType::Prismatic;
}

}  // namespace

bool hasReactionNullSpaceController(const Scenario& scenario) {
  for (const ControllerSetup& setup : scenario.controllers)
    if (const auto* rr = std::get_if<ResolvedRateSetup>(&setup))
      if (rr->options.reactionless) return true;
  return false;
}

OutputAnalysis::OutputAnalysis()
    : manipulability_fixed(kNaN),
      manipulability_floating(kNaN),
      dynamic_singularity(kNaN),
      vehicle_reaction_world(Vec6::Constant(kNaN)) {}

OutputAnalysis::OutputAnalysis(const EndEffectorAnalysis& a)
    : manipulability_fixed(a.manipulability_fixed),
      manipulability_floating(a.manipulability_floating),
      dynamic_singularity(a.dynamic_singularity),
      vehicle_reaction_world(a.vehicle_reaction_world) {}

OutputQuantities OutputQuantities::forScenario(const Scenario& scenario) {
  std::vector<std::string> thrusters;
  for (const ThrusterSpec& t : scenario.thrusters) thrusters.push_back(t.name);
  return OutputQuantities(scenario.model, thrusters, !scenario.controllers.empty(),
                          scenario.analysis.has_value(), hasReactionNullSpaceController(scenario));
}

OutputQuantities OutputQuantities::forModel(const Model& model) {
  return OutputQuantities(model, {}, false, false, false);
}

OutputQuantities::OutputQuantities(const Model& model, const std::vector<std::string>& thrusters,
                                   bool tracking, bool analysis, bool reactionless) {
  const unsigned both = kOutputCsv | kOutputPlot;
  const int njoints = static_cast<int>(model.joint_names.size());
  TableBuilder t(quantities_);
  // The columns of `vms simulate` (docs/contracts.md, "Trajectory CSV").
  t.add("t", "s", "Time", time, 0, kOutputCsv);
  t.addVector("base_p", "m", "Vehicle", basePosition);
  for (int c = 0; c < 4; ++c)
    t.add(std::string("base_q") + "wxyz"[c], "", "Vehicle", baseQuaternion, c);
  t.addVector("base_v", "m/s", "Vehicle", baseLinearVelocity);
  t.addVector("base_w", "rad/s", "Vehicle", baseAngularVelocity);
  for (int k = 0; k < njoints; ++k)
    t.add("q:" + model.joint_names[k], isPrismatic(model, k) ? "m" : "rad", "Joints", jointPosition,
          k);
  for (int k = 0; k < njoints; ++k)
    t.add("qd:" + model.joint_names[k], isPrismatic(model, k) ? "m/s" : "rad/s", "Joints",
          jointRate, k);
  t.add("Px", "N s", "Momentum", linearTotal, 0);
  t.add("Py", "N s", "Momentum", linearTotal, 1);
  t.add("Pz", "N s", "Momentum", linearTotal, 2);
  t.add("Lx", "N m s", "Momentum", angularTotal, 0);
  t.add("Ly", "N m s", "Momentum", angularTotal, 1);
  t.add("Lz", "N m s", "Momentum", angularTotal, 2);
  t.add("T", "J", "Energy", kineticEnergy);
  for (OutputQuantity& q : quantities_) q.use |= kOutputTrajectory;
  // The columns `vms run` adds.
  for (int k = 0; k < njoints; ++k)
    t.add("tau:" + model.joint_names[k], isPrismatic(model, k) ? "N" : "N m", "Joints", jointForce,
          k);
  for (size_t k = 0; k < thrusters.size(); ++k)
    t.add("thrust:" + thrusters[k], "", "Thrusters", thrusterCommand, static_cast<int>(k));
  t.add("vehicle_attitude_deviation", "rad", "Vehicle", attitudeDeviation);
  t.addVector("vehicle_com_d", "m", "Vehicle", vehicleComDisplacement);
  t.addVector("system_com_", "m", "Vehicle", systemCom);
  t.addVector("P_vehicle_", "N s", "Momentum", linearVehicle);
  t.addVector("P_arm_", "N s", "Momentum", linearArm);
  t.addVector("L_vehicle_", "N m s", "Momentum", angularVehicle);
  t.addVector("L_arm_", "N m s", "Momentum", angularArm);
  t.add("energy", "J", "Energy", energy);
  t.add("actuator_work", "J", "Energy", actuatorWork);
  t.add("tracking_error", "rad | m", "Control", trackingError, 0, tracking ? both : kOutputPlot);
  // The desktop app always analyses its end-effector; `vms run` only with "analysis".
  const unsigned analysis_use = analysis ? both : kOutputPlot;
  t.add("manipulability_fixed", "", "Manipulability", manipulabilityFixed, 0, analysis_use);
  t.add("manipulability_floating", "", "Manipulability", manipulabilityFloating, 0, analysis_use);
  // Only with a reaction_null_space controller (simulator.hpp's Snapshot::reactionless_*):
  // the last CSV columns, so that no other scenario's columns change.
  if (reactionless) {
    t.add("reactionless_task_residual", "m/s | rad/s", "Reaction null space", reactionlessResidual);
    t.add("reactionless_vehicle_rate", "rad/s", "Reaction null space", reactionlessVehicleRate);
    t.add("reactionless_outside", "", "Reaction null space", reactionlessOutside);
  }

  // Plotted and reduced only.
  t.add("dynamic_singularity", "", "Manipulability", dynamicSingularity, 0, kOutputPlot);
  t.add("drift_P", "N s", "Momentum drift", linearDrift, 0, kOutputPlot);
  t.add("drift_L", "N m s", "Momentum drift", angularDrift, 0, kOutputPlot);
  t.add("drift_L_com", "N m s", "Momentum drift", angularComDrift, 0, kOutputPlot);
  t.add("V", "J", "Energy", potentialEnergy, 0, kOutputPlot);
  t.add("power_residual", "J", "Energy", powerResidual, 0, kOutputPlot);
  t.add("perturbation_work", "J", "Energy", perturbationWork, 0, kOutputPlot);
  t.add("T_vehicle", "J", "Energy", kineticVehicle, 0, kOutputPlot);
  t.add("T_arm", "J", "Energy", kineticArm, 0, kOutputPlot);
  t.add("vehicle_com_displacement", "m", "Vehicle", vehicleComDistance, 0, kOutputPlot);
  t.add("system_com_displacement", "m", "Vehicle", systemComDistance, 0, kOutputPlot);
  for (int c = 0; c < 3; ++c)
    t.add(std::string("reaction_f") + kAxes[c], "N", "Base reaction", vehicleReaction, c,
          kOutputPlot);
  for (int c = 0; c < 3; ++c)
    t.add(std::string("reaction_n") + kAxes[c], "N m", "Base reaction", vehicleReaction, 3 + c,
          kOutputPlot);
  // The scales of the relative drifts in summary.json (output_statistics.hpp).
  t.add("P_scale", "N s", "Momentum", linearScale, 0, 0);
  t.add("L_scale", "N m s", "Momentum", angularScale, 0, 0);
  t.add("L_com_scale", "N m s", "Momentum", angularComScale, 0, 0);
  t.add("energy_scale", "J", "Energy", energyScale, 0, 0);
}

int OutputQuantities::indexOf(const std::string& name) const {
  for (int i = 0; i < size(); ++i)
    if (quantities_[static_cast<size_t>(i)].name == name) return i;
  return -1;
}

const OutputQuantity* OutputQuantities::find(const std::string& name) const {
  const int i = indexOf(name);
  return i < 0 ? nullptr : &quantities_[static_cast<size_t>(i)];
}

std::vector<std::string> OutputQuantities::csvColumns() const {
  std::vector<std::string> out;
  for (const OutputQuantity& q : quantities_)
    if (q.isCsvColumn()) out.push_back(q.name);
  return out;
}

}  // namespace vms
