#pragma once
// Everything the workbench shows about the end-effector at one state, from core types only:
// translational Yoshikawa manipulability of the fixed-base Jacobian Jm and of the generalized
// Jacobian J* (manipulability.hpp, generalized_jacobian.hpp), their velocity ellipsoids, the
// operational-space inertia ellipsoid (operational_space_inertia.hpp), the dynamic-singularity
// ratio (dynamic_singularity.hpp) and the wrench the arm exerts on the vehicle
// (vehicle_reaction.hpp).
//
// Ellipsoids (world frame, centred at the end-effector, axes orthonormal and right-handed):
//   velocity:  {J_v qd : |qd| <= 1} for the translational rows J_v of Jm or J*: axes U and
//              radii sigma_i of J_v = U diag(sigma) V^T (m/s per unit joint rate);
//   inertia:   the translational block Mv of the mobility Lambda^-1 = J M^-1 J^T with the
//              vehicle free (Khatib; for a fixed vehicle the same as locked): axes = its
//              eigenvectors, radii = sqrt(mu_i) = 1/sqrt(m_eff,i), i.e. the ellipsoid
//              {v : v^T Mv^-1 v <= 1} of end-effector velocities that a pure-force impulse at
//              the end-effector produces from rest with kinetic energy 1/2 J (m/s); a
//              direction the point cannot move in has radius 0 (infinite effective mass).
//   The effective masses m_eff,i = 1/mu_i (kg, +inf where mu_i = 0) are reported alongside.
//   rotational velocity: {J_w qd : |qd| <= 1} for the rotational rows J_w (rad/s per unit
//              joint rate), axes and radii from J_w J_w^T (jacobian_ellipsoid.hpp);
//   force:     {F : |J_v^T F| <= 1}, the translational force ellipsoid: the velocity
//              ellipsoid's axes with radii 1/sigma_i (N per unit joint force; +inf where the
//              point cannot move: the structure holds any force there).
// For a fixed vehicle J* = Jm (the floating measures equal the fixed-base ones).
//
// Task space of the manipulability measures: the translational directions the end-effector
// can move in at all, found once per model from the full translational Jacobian [Jb Jm] at a
// few sample configurations (vehicle frame; left-invariant, so any vehicle pose). Spatial
// systems: all three (w = sqrt(det(J_v J_v^T)) of the 3 translational rows); a planar system
// (vehicle on SE(2), arm in its plane): the plane (2 rows), so that w and the ratio do not
// vanish identically. task_dimension reports which.
#include <cstddef>

#include "core/analysis/generalized_jacobian.hpp"
#include "core/model/data.hpp"
#include "core/model/state.hpp"

namespace vms {

struct EllipsoidGeometry {
  bool valid = false;  // false: no end-effector (or no joints)
  Vec3 center = Vec3::Zero();
  Mat3 axes = Mat3::Identity();  // principal directions (columns), orthonormal, det = +1
  Vec3 radii = Vec3::Zero();     // along the columns of axes
};

struct EndEffectorAnalysis {
  int frame = -1;          // model frame analysed (-1: none; everything below stays zero/invalid)
  int task_dimension = 0;  // rows of the manipulability measures: 3, or 2/1 (planar, ...)
  Vec3 position = Vec3::Zero();
  double manipulability_fixed = 0.0;     // w(Jm_v) = sqrt(det(Jm_v Jm_v^T))
  double manipulability_floating = 0.0;  // w(J*_v)
  /// w(J*_v) / w(Jm_v) (dynamicSingularity, task rows); NaN where it is undefined (Jm_v
  /// singular: fewer joints than task rows, or a kinematic singularity).
  double dynamic_singularity = 0.0;
  /// sigma_min / sigma_max of the task rows of Jm_v and J*_v (0 when singular): how far each
  /// is from singular; at or below kSingularToRounding its w is rounding noise.
  double inverse_condition_fixed = 0.0, inverse_condition_floating = 0.0;
  EllipsoidGeometry velocity_fixed, velocity_floating, inertia;
  EllipsoidGeometry rotation_fixed, rotation_floating;  // rotational velocity ellipsoids
  EllipsoidGeometry force_fixed, force_floating;        // translational force ellipsoids
  Vec3 effective_masses = Vec3::Zero();        // kg along inertia.axes; +inf where immobile
  Vec6 vehicle_reaction_world = Vec6::Zero();  // [f; n] of the arm on the vehicle, world origin
};

/// The end-effector frame by default: the first frame named like an end-effector (ee, eef,
/// end_effector, endeffector, tcp, tool, tip, gripper, hand; case-insensitive, as a whole
/// name or an '_'/'-'/digit-separated part of it), else the body frame of the tip of the
/// longest chain (most joints from the vehicle; the first such body on ties). -1 for a model
/// without joints.
int defaultEndEffectorFrame(const Model& model);

/// Computes the analysis at `state` with joint forces `tau` (for the reaction wrench: aba()
/// then rnea(), gravity included, no other external forces). Reuses its workspace: after the
/// first call it allocates only inside the SVD/eigen solvers of manipulability().
class EndEffectorAnalyzer {
 public:
  /// frame: a model frame index, or -1 for defaultEndEffectorFrame(model). vehicle_joints:
  /// joints that belong to the vehicle's actuation, not to the arm (reaction wheels,
  /// reactionWheelJoints()): the manipulability measures and velocity ellipsoids use the
  /// columns of the other joints only (wheel rates held at zero). The mobility (inertia
  /// ellipsoid) keeps every joint free.
  explicit EndEffectorAnalyzer(const Model& model, int frame = -1,
                               std::vector<int> vehicle_joints = {});
  int frame() const { return frame_; }
  /// Orthonormal basis (vehicle frame, 3 x r) of the end-effector's translational task space.
  const MatX& taskBasis() const { return task_basis_; }
  void compute(const State& state, const Eigen::Ref<const VecX>& tau, EndEffectorAnalysis& out);

 private:
  const Model* model_;
  int frame_;
  Data data_;
  GeneralizedJacobian gj_;
  MatX task_basis_;               // 3 x r
  std::vector<int> arm_columns_;  // joints the measures use (all but vehicle_joints)
  Eigen::Matrix<double, 3, Eigen::Dynamic> jm_arm_, jstar_arm_;  // translational, arm columns
  Eigen::Matrix<double, 3, Eigen::Dynamic> jm_rot_, jstar_rot_;  // rotational, arm columns
};

/// Orthonormal columns made right-handed (the last column flipped if det < 0).
Mat3 rightHanded(const Mat3& axes);

}  // namespace vms
