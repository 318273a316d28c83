#include "core/modes/maneuvering_modes.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/momentum.hpp"

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

// Orthonormal basis of the null space of the 3 x n constraint rows G.
MatX rowsNullSpace(const MatX& G) {
  const int n = static_cast<int>(G.cols());
  if (n == 0) return MatX(0, 0);
  Eigen::JacobiSVD<MatX> svd(G, Eigen::ComputeFullV);
  const double tol =
      1e-12 * std::max(1.0, svd.singularValues().size() ? svd.singularValues()(0) : 0.0);
  int rank = 0;
  for (int k = 0; k < svd.singularValues().size(); ++k)
    if (svd.singularValues()(k) > tol) ++rank;
  return svd.matrixV().rightCols(n - rank);
}

// Dykstra's alternating projections: nearest point of [0,1]^n ∩ {u : G u = 0} to u.
VecX dykstraProjection(const MatX& G, const VecX& commands) {
  const int n = static_cast<int>(G.cols());
  const MatX N = rowsNullSpace(G);
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
  // Exact G u = 0; box violations of this last step are round-off sized.
  return toSubspace(x).cwiseMax(0.0).cwiseMin(1.0);
}

// Nearest commands with zero net force (vehicle frame force rows of B).
VecX projectZeroForce(const Mat6X& B, const VecX& commands) {
  return dykstraProjection(MatX(B.topRows<3>()), commands);
}

// ---- In-place projection onto [0,1]^n ∩ {u : G u = 0} by the dual semi-smooth Newton
// method documented at enforceModeOnThrusterCommands. G is 3 x n.
using RowsFixed =
    Eigen::Matrix<double, 3, Eigen::Dynamic, Eigen::ColMajor, 3, kMaxInPlaceThrusters>;
using VecFixed = Eigen::Matrix<double, Eigen::Dynamic, 1, Eigen::ColMajor, kMaxInPlaceThrusters, 1>;
using RowsHeap = Eigen::Matrix<double, 3, Eigen::Dynamic>;

// u(l) = clamp(c - G^T l, 0, 1); returns phi(l), the gradient r = G u(l) and the Hessian
// (negated) H = sum over unclamped k of g_k g_k^T.
template <class G_t, class V_t>
double dualAt(const G_t& G, const V_t& c, const Vec3& l, V_t& u, Vec3& r, Mat3& H) {
  double phi = 0.0;
  r.setZero();
  H.setZero();
  for (Eigen::Index k = 0; k < G.cols(); ++k) {
    const Vec3 g = G.col(k);
    const double gl = g.dot(l);
    const double s = c[k] - gl;
    const double uk = s > 0.0 ? (s < 1.0 ? s : 1.0) : 0.0;
    if (s > 0.0 && s < 1.0) H.noalias() += g * g.transpose();
    u[k] = uk;
    phi += 0.5 * (uk - c[k]) * (uk - c[k]) + gl * uk;
    r.noalias() += uk * g;
  }
  return phi;
}

// True when G u = 0 holds to rounding (|G u| <= 64 eps sum_k |g_k|); u in [0,1]^n always.
template <class G_t, class V_t>
bool projectBoxNullSpace(const G_t& G, const V_t& c, V_t& u, V_t& trial) {
  const Eigen::Index n = G.cols();
  u.resize(n);
  trial.resize(n);
  double colsum = 0.0, gmax2 = 0.0;
  for (Eigen::Index k = 0; k < n; ++k) {
    colsum += G.col(k).norm();
    gmax2 = std::max(gmax2, G.col(k).squaredNorm());
  }
  if (!(colsum > 0.0)) {
    for (Eigen::Index k = 0; k < n; ++k) u[k] = std::clamp(c[k], 0.0, 1.0);
    return true;
  }
  const double tol = 64.0 * std::numeric_limits<double>::epsilon() * colsum;
  const double floor = 1e-10 * gmax2;  // eigenvalues below: a gradient step in that direction
  Vec3 l = Vec3::Zero(), r, r_try;
  Mat3 H, H_try;
  double phi = dualAt(G, c, l, u, r, H);
  for (int it = 0; it < 100; ++it) {
    const double rn = r.norm();
    if (rn <= tol) return true;
    const Eigen::SelfAdjointEigenSolver<Mat3> es(H);
    Vec3 d = Vec3::Zero();
    for (int j = 0; j < 3; ++j) {
      const double e = es.eigenvalues()[j];
      const Vec3 v = es.eigenvectors().col(j);
      d += (v.dot(r) / (e > floor ? e : floor)) * v;
    }
    const double slope = d.dot(r);  // > 0: an ascent direction of the concave phi
    bool accepted = false;
    double t = 1.0;
    for (int ls = 0; ls < 80 && !accepted; ++ls, t *= 0.5) {
      const Vec3 l_try = l + t * d;
      const double phi_try = dualAt(G, c, l_try, trial, r_try, H_try);
      // Armijo ascent; or (round-off level) a smaller residual with phi not dropping.
      if (phi_try >= phi + 1e-4 * t * slope ||
          (r_try.norm() < 0.5 * rn && phi_try >= phi - 1e-14 * std::abs(phi))) {
        l = l_try;
        phi = phi_try;
        u.swap(trial);
        r = r_try;
        H = H_try;
        accepted = true;
      }
    }
    if (!accepted) break;
  }
  return r.norm() <= tol;
}

// World constraint rows at full thrust: net force (rotation-flying) or moment about `point`.
template <class G_t>
void fillConstraintRows(ManeuveringMode mode, const Thrusters& thrusters, const Model& model,
                        const Data& data, const Vec3& point, G_t& G) {
  const auto& specs = thrusters.specs();
  G.resize(3, static_cast<Eigen::Index>(specs.size()));
  for (size_t k = 0; k < specs.size(); ++k) {
    const ThrusterSpec& t = specs[k];
    const Frame& fr = model.frames[static_cast<size_t>(model.frameIndex(t.link))];
    // The same geometry as Thrusters: x of the thruster frame along the force.
    const Mat3 R_local =
        Quat::FromTwoVectors(Vec3::UnitX(), t.direction / t.direction.norm()).toRotationMatrix();
    const Pose bMt = fr.placement * Pose{R_local, t.position};
    const Pose& oMb = data.oMi[static_cast<size_t>(fr.body)];
    const Vec3 f = t.max_force * (oMb.R * bMt.R.col(0));
    const Vec3 p = oMb.act(bMt.p);
    if (mode == ManeuveringMode::RotationFlying)
      G.col(static_cast<Eigen::Index>(k)) = f;
    else
      G.col(static_cast<Eigen::Index>(k)) = (p - point).cross(f);
  }
}

template <class G_t, class V_t>
void projectInPlace(ManeuveringMode mode, const Thrusters& thrusters, const Model& model,
                    const Data& data, const Vec3& point, VecX& commands) {
  G_t G;
  fillConstraintRows(mode, thrusters, model, data, point, G);
  V_t c = commands, u, trial;
  if (projectBoxNullSpace(G, c, u, trial)) {
    commands = u;
  } else {
    commands = dykstraProjection(MatX(G), VecX(c));  // fallback, allocates
  }
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
  if (mode == ManeuveringMode::RotationFlying || mode == ManeuveringMode::TranslationFlying)
    for (const auto& s : config.thrusters->specs())
      if (!s.proportional)
        fail(mode, "thruster '" + s.name +
                       "' is on/off; the mode projects the commands (proportional thrusters only)");
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

namespace {
// Clamps to [0, 1]; true when the mode projects (then every thruster is proportional).
bool clampAndCheck(ManeuveringMode mode, const Thrusters& thrusters, VecX& commands) {
  const auto& specs = thrusters.specs();
  const auto n = static_cast<Eigen::Index>(specs.size());
  if (commands.size() != n)
    fail(mode,
         std::to_string(commands.size()) + " commands for " + std::to_string(n) + " thrusters");
  for (Eigen::Index k = 0; k < n; ++k)
    commands[k] = commands[k] > 0.0 ? std::min(commands[k], 1.0) : 0.0;  // NaN -> 0
  if (mode != ManeuveringMode::RotationFlying && mode != ManeuveringMode::TranslationFlying)
    return false;
  for (const auto& s : specs)
    if (!s.proportional)
      fail(mode, "thruster '" + s.name + "' is on/off; cannot project its command");
  return true;
}

void projectAt(ManeuveringMode mode, const Thrusters& thrusters, const Model& model,
               const Data& data, const Vec3& point, VecX& commands) {
  if (static_cast<Eigen::Index>(thrusters.specs().size()) <= kMaxInPlaceThrusters)
    projectInPlace<RowsFixed, VecFixed>(mode, thrusters, model, data, point, commands);
  else
    projectInPlace<RowsHeap, VecX>(mode, thrusters, model, data, point, commands);
}
}  // namespace

void enforceModeOnThrusterCommands(ManeuveringMode mode, const Thrusters& thrusters,
                                   const Model& model, Data& data, const State& state,
                                   VecX& commands, double hold_time) {
  if (!clampAndCheck(mode, thrusters, commands)) return;
  Vec3 point = Vec3::Zero();
  if (mode == ManeuveringMode::TranslationFlying && hold_time > 0.0) {
    computeKinematics(model, data, state);
    const MomentumSummary ms = computeMomentum(model, data);
    point = ms.center_of_mass;
    if (ms.mass > 0.0) {
      // Velocity of the CoM relative to the vehicle-fixed point that coincides with it.
      const Vec6& v0 = data.v[0];
      const Vec3 vehicle_point = linear(v0) + Vec3(angular(v0)).cross(point);
      point += 0.5 * hold_time * (ms.linear / ms.mass - vehicle_point);
    }
  } else if (mode == ManeuveringMode::TranslationFlying) {
    point = centerOfMass(model, data, state);
  } else {
    forwardKinematics(model, data, state);
  }
  projectAt(mode, thrusters, model, data, point, commands);
}

void enforceModeOnThrusterCommands(ManeuveringMode mode, const Thrusters& thrusters,
                                   const Model& model, const Data& data, VecX& commands) {
  if (!clampAndCheck(mode, thrusters, commands)) return;
  Vec3 point = Vec3::Zero();
  if (mode == ManeuveringMode::TranslationFlying && model.total_mass > 0.0) {
    // The system CoM of data's poses (as centerOfMass, without recomputing them).
    for (int i = 0; i < model.nbodies; ++i) point += bodyFirstMoment(model, data, i);
    point /= model.total_mass;
  }
  projectAt(mode, thrusters, model, data, point, commands);
}

Eigen::Matrix<double, 3, Eigen::Dynamic> thrusterConstraintRows(ManeuveringMode mode,
                                                                const Thrusters& thrusters,
                                                                const Model& model,
                                                                const Data& data,
                                                                const Vec3& point) {
  RowsHeap G;
  fillConstraintRows(mode, thrusters, model, data, point, G);
  return G;
}

}  // namespace vms
