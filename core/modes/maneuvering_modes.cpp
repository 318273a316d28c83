#include "core/modes/maneuvering_modes.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>

namespace vms {

namespace {
struct ModeInfo {
  ManeuveringMode mode;
  const char* name;
  VehicleActuation actuation;
  ConservedMomenta conserved;
};
const ModeInfo kModes[] = {
    {ManeuveringMode::Floating, "floating", {false, false, false}, {true, true}},
    {ManeuveringMode::RotationFloating, "rotation-floating", {true, false, false}, {true, true}},
    {ManeuveringMode::RotationFlying, "rotation-flying", {false, false, true}, {true, false}},
    {ManeuveringMode::TranslationFlying, "translation-flying", {true, true, false}, {false, true}},
    {ManeuveringMode::Flying, "flying", {true, true, true}, {false, false}},
};
const ModeInfo& info(ManeuveringMode m) { return kModes[static_cast<int>(m)]; }

[[noreturn]] void fail(ManeuveringMode m, const std::string& what) {
  throw ModeError(std::string(maneuveringModeName(m)) + " mode: " + what);
}

// Orthonormal basis of the null space of the force rows (3 x n) of B.
MatX forceNullSpace(const Mat6X& B) {
  const int n = static_cast<int>(B.cols());
  if (n == 0) return MatX(0, 0);
  Eigen::JacobiSVD<MatX> svd(MatX(B.topRows<3>()), Eigen::ComputeFullV);
  const double tol =
      1e-12 * std::max(1.0, svd.singularValues().size() ? svd.singularValues()(0) : 0.0);
  int rank = 0;
  for (int k = 0; k < svd.singularValues().size(); ++k)
    if (svd.singularValues()(k) > tol) ++rank;
  return svd.matrixV().rightCols(n - rank);
}

// Dykstra's alternating projections: nearest point of [0,1]^n ∩ {u : B_f u = 0} to u.
VecX projectZeroForce(const Mat6X& B, const VecX& commands) {
  const int n = static_cast<int>(B.cols());
  const MatX N = forceNullSpace(B);
  if (N.cols() == 0) return VecX::Zero(n);
  auto toSubspace = [&](const VecX& x) -> VecX { return N * (N.transpose() * x); };
  auto toBox = [](const VecX& x) -> VecX { return x.cwiseMax(0.0).cwiseMin(1.0); };
  VecX x = commands, p = VecX::Zero(n), q = VecX::Zero(n);
  for (int it = 0; it < 5000; ++it) {
    const VecX y = toSubspace(x + p);
    p = x + p - y;
    const VecX xn = toBox(y + q);
    q = y + q - xn;
    const double step = (xn - x).norm();
    x = xn;
    if (step < 1e-15 * (1.0 + x.norm()) && (y - x).norm() < 1e-14) break;
  }
  // Exact zero net force; box violations of this last step are round-off sized.
  return toSubspace(x).cwiseMax(0.0).cwiseMin(1.0);
}

VecX quantised(const Thrusters& t, const VecX& commands) {
  VecX c = commands.cwiseMax(0.0).cwiseMin(1.0);
  for (int k = 0; k < c.size(); ++k)
    if (!t.specs()[k].proportional) c[k] = c[k] >= 0.5 ? 1.0 : 0.0;
  return c;
}
}  // namespace

const char* maneuveringModeName(ManeuveringMode mode) { return info(mode).name; }

std::optional<ManeuveringMode> maneuveringModeFromName(const std::string& name) {
  for (const auto& m : kModes)
    if (name == m.name) return m.mode;
  return std::nullopt;
}

VehicleActuation allowedVehicleActuation(ManeuveringMode mode) { return info(mode).actuation; }
ConservedMomenta conservedMomenta(ManeuveringMode mode) { return info(mode).conserved; }

void validateActuatorConfiguration(ManeuveringMode mode, const ActuatorConfiguration& config) {
  const VehicleActuation a = allowedVehicleActuation(mode);
  const int nt = config.thrusters ? static_cast<int>(config.thrusters->specs().size()) : 0;
  if (config.reaction_wheels > 0 && !a.wheels)
    fail(mode, "reaction wheels are not allowed (" +
                   std::string(mode == ManeuveringMode::Floating
                                   ? "only the joints are actuated"
                                   : "attitude is controlled by external torques only") +
                   ")");
  if (nt > 0 && !a.thruster_force && !a.thruster_torque)
    fail(mode, "thrusters are not allowed (no external force or torque on the system)");
  if (nt == 0 && (a.thruster_force || a.thruster_torque)) fail(mode, "needs thrusters");
  if (nt == 0) return;
  const Mat6X B = config.thrusters->vehicleAllocationMatrix();
  for (int k = 0; k < nt; ++k)
    if (B.col(k).isZero(0.0))
      fail(mode, "thruster '" + config.thrusters->specs()[k].name + "' is not on the vehicle body");
  if (mode == ManeuveringMode::RotationFlying) {
    // A couple needs non-negative commands with zero net force and a non-zero moment: try the
    // nearest such commands to "all on" and to each thruster alone.
    bool couple = false;
    for (int k = -1; k < nt && !couple; ++k) {
      const VecX start = k < 0 ? VecX(VecX::Ones(nt)) : VecX(VecX::Unit(nt, k));
      const VecX u = projectZeroForce(B, start);
      couple = (B.bottomRows<3>() * u).norm() > 1e-9 * B.norm();
    }
    if (!couple) fail(mode, "the thrusters cannot produce a couple with zero net force");
  }
  if (mode == ManeuveringMode::TranslationFlying && B.topRows<3>().norm() == 0.0)
    fail(mode, "the thrusters cannot produce a net force");
}

Vec6 thrusterWrench(const Thrusters& thrusters, const VecX& commands, const Vec3& point) {
  Vec6 w = thrusters.vehicleAllocationMatrix() * quantised(thrusters, commands);
  w.tail<3>() -= point.cross(Vec3(w.head<3>()));
  return w;
}

void validateThrusterCommands(ManeuveringMode mode, const Thrusters& thrusters,
                              const VecX& commands, const Vec3& com_vehicle, double tol) {
  const int n = static_cast<int>(thrusters.specs().size());
  if (commands.size() != n)
    fail(mode,
         std::to_string(commands.size()) + " commands for " + std::to_string(n) + " thrusters");
  const VecX c = quantised(thrusters, commands);
  const VehicleActuation a = allowedVehicleActuation(mode);
  if (!a.thruster_force && !a.thruster_torque) {
    for (int k = 0; k < n; ++k)
      if (c[k] != 0.0) fail(mode, "thruster '" + thrusters.specs()[k].name + "' fires");
    return;
  }
  double fmax = 0.0, arm = 1.0;
  const Mat6X B = thrusters.vehicleAllocationMatrix();
  for (int k = 0; k < n; ++k) fmax = std::max(fmax, thrusters.specs()[k].max_force);
  for (int k = 0; k < n; ++k) {
    const Vec3 f = B.col(k).head<3>();
    const Vec3 m = Vec3(B.col(k).tail<3>()) - com_vehicle.cross(f);
    if (f.norm() > 0.0) arm = std::max(arm, m.norm() / f.norm());
  }
  const Vec6 w = thrusterWrench(thrusters, c, com_vehicle);
  if (!a.thruster_force && w.head<3>().norm() > tol * fmax)
    fail(mode, "the thruster commands give a net force of " + std::to_string(w.head<3>().norm()) +
                   " N (couples only)");
  if (!a.thruster_torque && w.tail<3>().norm() > tol * fmax * arm)
    fail(mode, "the thruster commands give a moment of " + std::to_string(w.tail<3>().norm()) +
                   " N m about the system centre of mass");
}

VecX projectOntoZeroNetForce(const Thrusters& thrusters, const VecX& commands) {
  const int n = static_cast<int>(thrusters.specs().size());
  if (commands.size() != n)
    throw ModeError("rotation-flying mode: " + std::to_string(commands.size()) + " commands for " +
                    std::to_string(n) + " thrusters");
  for (const auto& s : thrusters.specs())
    if (!s.proportional)
      throw ModeError("rotation-flying mode: thruster '" + s.name +
                      "' is on/off; cannot project its command");
  return projectZeroForce(thrusters.vehicleAllocationMatrix(), commands);
}

}  // namespace vms
