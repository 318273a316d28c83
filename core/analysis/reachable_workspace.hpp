#pragma once
// The reachable workspace of a point of the arm (a named frame's origin, e.g. the end
// effector), sampled over the joint ranges, fixed-base and free-floating, with the
// manipulability at each point: what the 3D view draws as a point cloud and what a design
// study compares (docs/design-studies.md).
//
// Each sample draws every independent joint uniformly in its range (lower..upper; an unlimited
// revolute joint over [-pi, pi); mimic joints follow their leaders) from a seeded generator,
// so a study is reproducible. For each configuration q:
//  - fixed base: the vehicle held at the reference pose; the point p(q); the measure is the
//    translational manipulability of the fixed-base Jacobian Jm;
//  - free-floating (zero momentum, seed 004 section 6 / Umetani & Yoshida): the vehicle
//    translates so that the system centre of mass stays where it is at the reference state
//    (zero linear momentum), its attitude held at the reference attitude (the attitude that
//    zero angular momentum actually leaves depends on the joint path: this is the workspace
//    at that attitude); the point p(q) + c0 - c(q); the measure is the translational
//    manipulability of the generalized Jacobian J*.
// The translational manipulability of the 3 x n block is the product of its min(3, n) largest
// singular values: Yoshikawa's sqrt(det(J J^T)) for n >= 3, and for fewer joints (a planar 2R
// arm) sqrt(det(J^T J)), the area of its velocity ellipse, which Yoshikawa's measure would
// make 0 everywhere.
// The volume is estimated by counting the voxels of edge `voxel` that hold a sample (a lower
// bound that grows to the true volume as samples are added and voxels shrink).
#include <cstdint>
#include <vector>

#include "core/model/model.hpp"
#include "core/model/model_error.hpp"
#include "core/model/state.hpp"

namespace vms {

enum class WorkspaceVehicle { FixedBase, FreeFloating };

struct WorkspaceOptions {
  int samples = 20000;
  std::uint64_t seed = 1;
  WorkspaceVehicle vehicle = WorkspaceVehicle::FixedBase;
  double voxel = 0.0;  // voxel edge (m) for the volume; 0: 1/40 of the cloud's largest extent
  /// Joints (user indices) that are not the arm's, e.g. reaction wheels: held at the
  /// reference and left out of the measure's Jacobian columns.
  std::vector<int> held_joints;
};

struct WorkspaceSample {
  Vec3 position = Vec3::Zero();  // world
  double manipulability = 0.0;   // translational measure (Jm or J*), see above
  VecX q;                        // the configuration that reaches it (user joint order)
};

struct ReachableWorkspace {
  std::vector<WorkspaceSample> samples;
  Vec3 lo = Vec3::Zero(), hi = Vec3::Zero();  // bounding box of the samples
  double voxel = 0.0;                         // edge used for the volume (m)
  double volume = 0.0;                        // occupied voxels x voxel^3 (m^3)
  double max_manipulability = 0.0;
};

/// Samples the workspace of frame `frame` (model.frameIndex) around `reference` (its vehicle
/// pose, and for free-floating its centre of mass). Throws ModelError naming the joint for a
/// prismatic joint without limits (no bounded workspace), and for samples < 1 or an unknown
/// frame.
ReachableWorkspace sampleReachableWorkspace(const Model& model, const State& reference, int frame,
                                            const WorkspaceOptions& options);

}  // namespace vms
