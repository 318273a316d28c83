#include "core/analysis/reachable_workspace.hpp"

#include <Eigen/SVD>
#include <algorithm>
#include <cmath>
#include <random>
#include <unordered_set>

#include "core/algorithms/crba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/momentum.hpp"
#include "core/analysis/generalized_jacobian.hpp"
#include "core/model/data.hpp"
#include "core/model/joint_coupling.hpp"

namespace vms {

namespace {

/// Sampling range of each joint (user order); mimics are set from their leaders afterwards.
void jointRanges(const Model& model, const std::vector<int>& held, VecX* lo, VecX* hi) {
  lo->setZero(model.njoints);
  hi->setZero(model.njoints);
  for (int k = 0; k < model.njoints; ++k) {
    const bool prismatic =
        model.joint_type[size_t(model.joint_body[size_t(k)])] == JointType::Prismatic;
    if (std::find(held.begin(), held.end(), k) != held.end()) continue;  // not sampled
    if (model.has_limits[size_t(k)]) {
      (*lo)[k] = model.lower_limit[k];
      (*hi)[k] = model.upper_limit[k];
    } else if (prismatic) {
      throw ModelError("joint '" + model.joint_names[size_t(k)] +
                       "': a prismatic joint without limits has no bounded workspace: give it "
                       "lower and upper limits");
    } else {
      (*lo)[k] = -M_PI;
      (*hi)[k] = M_PI;
    }
  }
}

/// Product of the min(3, n) largest singular values of the translational rows of the
/// columns `arm`.
double translationalMeasure(const Mat6X& J, const std::vector<int>& arm) {
  if (arm.empty()) return 0.0;
  MatX block(3, Eigen::Index(arm.size()));
  for (size_t c = 0; c < arm.size(); ++c) block.col(Eigen::Index(c)) = J.col(arm[c]).head<3>();
  const Eigen::JacobiSVD<MatX> svd(block);
  const auto& sigma = svd.singularValues();
  double w = 1.0;
  for (Eigen::Index i = 0; i < std::min<Eigen::Index>(3, block.cols()); ++i) w *= sigma[i];
  return w;
}

}  // namespace

ReachableWorkspace sampleReachableWorkspace(const Model& model, const State& reference, int frame,
                                            const WorkspaceOptions& options) {
  if (frame < 0 || frame >= int(model.frames.size()))
    throw ModelError("workspace: no such frame (index " + std::to_string(frame) + ")");
  if (options.samples < 1) throw ModelError("workspace: samples must be at least 1");
  const bool floating =
      options.vehicle == WorkspaceVehicle::FreeFloating && model.base_type != BaseType::Fixed;
  if (floating && model.base_type != BaseType::Free)
    throw ModelError(
        std::string("workspace: the free-floating workspace needs a free vehicle (this "
                    "one is '") +
        toString(model.base_type) + "')");
  VecX lo, hi;
  jointRanges(model, options.held_joints, &lo, &hi);
  std::vector<bool> held(size_t(model.njoints), false);
  for (int k : options.held_joints)
    if (k >= 0 && k < model.njoints) held[size_t(k)] = true;
  std::vector<int> arm;
  for (int k = 0; k < model.njoints; ++k)
    if (!held[size_t(k)]) arm.push_back(k);

  Data data(model);
  const Vec3 c0 = centerOfMass(model, data, reference);
  std::mt19937_64 rng(options.seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  GeneralizedJacobian gj(model);
  State s = reference;
  s.qd.setZero();
  s.base_twist.setZero();

  ReachableWorkspace out;
  out.samples.reserve(size_t(options.samples));
  for (int i = 0; i < options.samples; ++i) {
    for (int k = 0; k < model.njoints; ++k)
      if (!held[size_t(k)]) s.q[k] = lo[k] + (hi[k] - lo[k]) * unit(rng);
    if (model.hasCouplings()) enforceJointCouplings(model, s);
    s.base_position = reference.base_position;
    crba(model, data, s);  // kinematics and the mass matrix for J*
    computeFrameGeneralizedJacobian(model, data, frame, gj);
    WorkspaceSample sample;
    sample.position = framePose(model, data, frame).p;
    if (floating) {
      // The vehicle moves so that the system CoM stays at c0 (zero linear momentum).
      Vec3 c = Vec3::Zero();
      for (int b = 0; b < model.nbodies; ++b) c += bodyFirstMoment(model, data, b);
      c /= model.total_mass;
      sample.position += c0 - c;
    }
    sample.manipulability = translationalMeasure(floating ? gj.Jstar : gj.Jm, arm);
    sample.q = s.q;
    out.samples.push_back(sample);
  }

  out.lo = out.hi = out.samples.front().position;
  for (const WorkspaceSample& p : out.samples) {
    out.lo = out.lo.cwiseMin(p.position);
    out.hi = out.hi.cwiseMax(p.position);
    out.max_manipulability = std::max(out.max_manipulability, p.manipulability);
  }
  const double extent = (out.hi - out.lo).maxCoeff();
  out.voxel = options.voxel > 0.0 ? options.voxel : (extent > 0.0 ? extent / 40.0 : 0.0);
  if (out.voxel > 0.0) {
    std::unordered_set<std::uint64_t> cells;
    for (const WorkspaceSample& p : out.samples) {
      const Eigen::Vector3i cell = ((p.position - out.lo) / out.voxel).array().floor().cast<int>();
      cells.insert((std::uint64_t(std::uint32_t(cell.x())) << 42) ^
                   (std::uint64_t(std::uint32_t(cell.y())) << 21) ^ std::uint64_t(cell.z()));
    }
    out.volume = double(cells.size()) * out.voxel * out.voxel * out.voxel;
  }
  return out;
}

}  // namespace vms
