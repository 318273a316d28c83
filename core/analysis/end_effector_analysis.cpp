#include "core/analysis/end_effector_analysis.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <string>

#include "core/algorithms/check_model_arguments.hpp"
#include "core/algorithms/crba.hpp"
#include "core/algorithms/jacobian.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/analysis/dynamic_singularity.hpp"
#include "core/analysis/jacobian_ellipsoid.hpp"
#include "core/analysis/manipulability.hpp"
#include "core/analysis/operational_space_inertia.hpp"
#include "core/analysis/vehicle_reaction.hpp"

namespace vms {

namespace {

bool namedLikeEndEffector(const std::string& name) {
  std::string lower;
  for (char c : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const char* whole : {"end_effector", "end-effector", "endeffector"})
    if (lower.find(whole) != std::string::npos) return true;
  std::string token;
  auto matches = [](const std::string& t) {
    for (const char* word : {"ee", "eef", "tcp", "tool", "tip", "gripper", "hand"})
      if (t == word) return true;
    return false;
  };
  for (char c : lower + '_') {
    if (std::isalpha(static_cast<unsigned char>(c))) {
      token += c;
    } else {
      if (matches(token)) return true;
      token.clear();
    }
  }
  return false;
}

/// Orthonormal basis (vehicle frame) of the span of the frame's translational velocities over
/// a few deterministic sample configurations (vehicle at the identity: the velocities in the
/// vehicle frame do not depend on its pose).
MatX translationalTaskBasis(const Model& m, int frame) {
  Data data(m);
  State x = State::neutral(m);
  Mat6X J(6, m.nv);
  Mat3 G = Mat3::Zero();
  for (int k = 0; k < 5; ++k) {
    for (int j = 0; j < m.njoints; ++j) {
      const double u = std::sin(12.9898 * (j + 1) + 78.233 * (k + 1)) * 43758.5453;
      const double r = 2.0 * (u - std::floor(u)) - 1.0;  // in [-1, 1)
      x.q[j] = m.joint_type[m.joint_body[j]] == JointType::Prismatic ? 0.5 * r : 3.0 * r;
    }
    forwardKinematics(m, data, x);
    J.setZero();
    frameJacobian(m, data, frame, J);
    const Eigen::Matrix<double, 3, Eigen::Dynamic> Jv = J.topRows(3);
    G += Jv * Jv.transpose();
  }
  const Eigen::SelfAdjointEigenSolver<Mat3> es(G);  // ascending
  const double largest = es.eigenvalues()[2];
  int r = 0;
  for (int i = 0; i < 3; ++i)
    if (es.eigenvalues()[i] > 1e-12 * largest) ++r;
  if (largest <= 0.0) r = 0;
  return es.eigenvectors().rightCols(r);
}

EllipsoidGeometry velocityEllipsoid(const Manipulability& m, const Vec3& center) {
  EllipsoidGeometry e;
  if (m.rows != 3) return e;
  e.valid = true;
  e.center = center;
  e.axes = rightHanded(Mat3(m.axes));
  e.radii = Vec3(m.singular_values);
  return e;
}

EllipsoidGeometry toGeometry(const JacobianEllipsoid& j, const Vec3& center) {
  EllipsoidGeometry e;
  e.valid = true;
  e.center = center;
  e.axes = j.axes;
  e.radii = j.radii;
  return e;
}

}  // namespace

Mat3 rightHanded(const Mat3& axes) {
  Mat3 out = axes;
  if (out.determinant() < 0.0) out.col(2) = -out.col(2);
  return out;
}

int defaultEndEffectorFrame(const Model& model) {
  if (model.njoints == 0) return -1;
  for (size_t f = 0; f < model.frames.size(); ++f)
    if (model.frames[f].body > 0 && namedLikeEndEffector(model.frames[f].name))
      return static_cast<int>(f);
  std::vector<int> depth(static_cast<size_t>(model.nbodies), 0);
  int tip = 0;
  for (int i = 1; i < model.nbodies; ++i) {
    depth[i] = depth[model.parent[i]] + 1;
    if (depth[i] > depth[tip]) tip = i;
  }
  for (size_t f = 0; f < model.frames.size(); ++f)
    if (model.frames[f].body == tip && model.frames[f].name == model.body_names[tip])
      return static_cast<int>(f);
  for (size_t f = 0; f < model.frames.size(); ++f)
    if (model.frames[f].body == tip) return static_cast<int>(f);
  return -1;
}

EndEffectorAnalyzer::EndEffectorAnalyzer(const Model& model, int frame,
                                         std::vector<int> vehicle_joints)
    : model_(&model),
      frame_(frame >= 0 ? frame : defaultEndEffectorFrame(model)),
      data_(model),
      gj_(model) {
  if (frame_ >= 0 && model.njoints > 0) task_basis_ = translationalTaskBasis(model, frame_);
  for (int j = 0; j < model.njoints; ++j)
    if (std::find(vehicle_joints.begin(), vehicle_joints.end(), j) == vehicle_joints.end())
      arm_columns_.push_back(j);
  jm_arm_.resize(3, static_cast<Eigen::Index>(arm_columns_.size()));
  jstar_arm_.resize(3, static_cast<Eigen::Index>(arm_columns_.size()));
  jm_rot_.resize(3, static_cast<Eigen::Index>(arm_columns_.size()));
  jstar_rot_.resize(3, static_cast<Eigen::Index>(arm_columns_.size()));
}

void EndEffectorAnalyzer::compute(const State& state, const Eigen::Ref<const VecX>& tau,
                                  EndEffectorAnalysis& out) {
  const Model& m = *model_;
  // Checked before the early return below, so that a wrong size never passes unnoticed.
  checkStateArgument("EndEffectorAnalyzer::compute", m, state);
  VMS_CHECK_ARGUMENT_SIZE_IN("EndEffectorAnalyzer::compute", tau.size(), m.njoints, "tau");
  out = EndEffectorAnalysis{};
  out.frame = frame_;
  if (frame_ < 0 || m.njoints == 0 || arm_columns_.empty()) {
    out.frame = -1;
    return;
  }
  crba(m, data_, state);  // forward kinematics + M
  out.position = framePose(m, data_, frame_).p;
  computeFrameGeneralizedJacobian(m, data_, frame_, gj_);
  for (size_t c = 0; c < arm_columns_.size(); ++c) {
    jm_arm_.col(static_cast<Eigen::Index>(c)) = gj_.Jm.col(arm_columns_[c]).head<3>();
    jstar_arm_.col(static_cast<Eigen::Index>(c)) = gj_.Jstar.col(arm_columns_[c]).head<3>();
    jm_rot_.col(static_cast<Eigen::Index>(c)) = gj_.Jm.col(arm_columns_[c]).tail<3>();
    jstar_rot_.col(static_cast<Eigen::Index>(c)) = gj_.Jstar.col(arm_columns_[c]).tail<3>();
  }
  const Manipulability fixed = manipulability(MatX(jm_arm_));
  const Manipulability floating = manipulability(MatX(jstar_arm_));
  out.task_dimension = static_cast<int>(task_basis_.cols());
  if (out.task_dimension == 3) {
    out.manipulability_fixed = fixed.yoshikawa;
    out.manipulability_floating = floating.yoshikawa;
    const DynamicSingularity ds = dynamicSingularity(fixed, floating);
    out.dynamic_singularity = ds.defined ? ds.ratio : std::numeric_limits<double>::quiet_NaN();
    out.inverse_condition_fixed = ds.inverse_condition_fixed;
    out.inverse_condition_floating = ds.inverse_condition_floating;
  } else if (out.task_dimension > 0) {
    // Rows of the task space: basis^T R0^T J_v (the basis is in the vehicle frame).
    const MatX P = task_basis_.transpose() * state.base_orientation.toRotationMatrix().transpose();
    const Manipulability task_fixed = manipulability(MatX(P * jm_arm_));
    const Manipulability task_floating = manipulability(MatX(P * jstar_arm_));
    out.manipulability_fixed = task_fixed.yoshikawa;
    out.manipulability_floating = task_floating.yoshikawa;
    const DynamicSingularity ds = dynamicSingularity(task_fixed, task_floating);
    out.dynamic_singularity = ds.defined ? ds.ratio : std::numeric_limits<double>::quiet_NaN();
    out.inverse_condition_fixed = ds.inverse_condition_fixed;
    out.inverse_condition_floating = ds.inverse_condition_floating;
  } else {
    out.dynamic_singularity = std::numeric_limits<double>::quiet_NaN();
  }
  out.velocity_fixed = velocityEllipsoid(fixed, out.position);
  out.velocity_floating = velocityEllipsoid(floating, out.position);
  out.rotation_fixed =
      toGeometry(jacobianEllipsoid(jm_rot_, EllipsoidKind::Velocity), out.position);
  out.rotation_floating =
      toGeometry(jacobianEllipsoid(jstar_rot_, EllipsoidKind::Velocity), out.position);
  out.force_fixed = toGeometry(jacobianEllipsoid(jm_arm_, EllipsoidKind::Force), out.position);
  out.force_floating =
      toGeometry(jacobianEllipsoid(jstar_arm_, EllipsoidKind::Force), out.position);

  const OperationalSpaceInertia osi =
      frameOperationalSpaceInertia(m, data_, frame_, VehicleMode::Free);
  out.inertia.valid = true;
  out.inertia.center = out.position;
  out.inertia.axes = rightHanded(osi.translational.axes);
  out.inertia.radii = osi.translational.mobility.cwiseMax(0.0).cwiseSqrt();
  out.effective_masses = osi.translational.effective;

  out.vehicle_reaction_world = vehicleReaction(m, data_, state, tau).world;
}

}  // namespace vms
