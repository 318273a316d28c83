#pragma once
// What the simulation worker publishes to the UI, one value per published instant: the core
// Snapshot plus everything the views draw, computed in the worker thread so that the UI thread
// never runs dynamics or analysis. Plain data: copied through the snapshot channel.
#include <vector>

#include "core/scenario/simulator.hpp"
#include "core/spatial/se3.hpp"

namespace vms::ui {

/// An ellipsoid in the world: centre, principal axes (columns, orthonormal) and radii.
struct Ellipsoid {
  bool valid = false;  // false when undefined (no end-effector, rank-deficient, ...)
  Vec3 center = Vec3::Zero();
  Mat3 axes = Mat3::Identity();
  Vec3 radii = Vec3::Zero();
};

/// Analysis of the published state (core/analysis), for plots and 3D overlays.
struct FrameAnalysis {
  int end_effector_frame = -1;  // model frame used below (-1: none)
  int task_dimension = 0;       // rows of the manipulability measures: 3, or 2 for a planar system
  Vec3 end_effector_position = Vec3::Zero();
  // Translational manipulability (Yoshikawa w) of the end-effector: fixed-base Jm and
  // generalized J* (vehicle free, seed 004 (111)); for a fixed base J* = Jm (equal values).
  // Over the directions the end-effector can move in (task_dimension: 3, the plane of a
  // planar system).
  // Definitions and units: core/analysis/end_effector_analysis.hpp.
  double manipulability_fixed = 0.0, manipulability_floating = 0.0;
  // w(J*)/w(Jm) over the same rows (core/analysis/dynamic_singularity); NaN where undefined
  // (Jm singular: fewer joints than task rows, or a kinematic singularity).
  double dynamic_singularity = 0.0;
  // sigma_min / sigma_max of Jm and J* over the same rows; at or below kSingularToRounding
  // (core/analysis/dynamic_singularity.hpp) the w above is rounding noise.
  double inverse_condition_fixed = 0.0, inverse_condition_floating = 0.0;
  Ellipsoid velocity_ellipsoid_fixed;     // {Jm qd : |qd| <= 1}, translational, at the EE (m/s)
  Ellipsoid velocity_ellipsoid_floating;  // {J* qd : |qd| <= 1}
  // Operational-space inertia at the EE (vehicle free), translational: radii 1/sqrt(m_eff)
  // (m/s at kinetic energy 1/2 J from a pure-force impulse; 0 where immobile).
  Ellipsoid inertia_ellipsoid;
  Vec3 effective_masses = Vec3::Zero();        // kg along inertia_ellipsoid.axes (+inf: immobile)
  Vec6 vehicle_reaction_world = Vec6::Zero();  // [f; n] the arm exerts on the vehicle, world
  // Rotational velocity ellipsoids {J_w qd : |qd| <= 1} of Jm and J* at the EE (rad/s per
  // unit joint rate), and translational force ellipsoids {F : |J_v^T F| <= 1} (N per unit
  // joint force: the velocity ellipsoid's axes, radii 1/sigma; +inf along a direction the EE
  // cannot move in). core/analysis/jacobian_ellipsoid.hpp.
  Ellipsoid rotation_ellipsoid_fixed, rotation_ellipsoid_floating;
  Ellipsoid force_ellipsoid_fixed, force_ellipsoid_floating;
  // Seed 002's Lambda(k) at every body's frame origin with the vehicle free, as its
  // translational mobility ellipsoid (radii 1/sqrt(m_eff), m/s per unit pure-force impulse at
  // kinetic energy 1/2 J; core/analysis/link_operational_inertia.hpp), one per body; empty
  // unless enabled (FrameBuilder::setLinkInertias).
  std::vector<Ellipsoid> link_inertia_ellipsoids;
};

struct SimFrame {
  // Strictly increasing per published frame (across loads and resets), except that scrubTo()
  // re-publishes a history frame with the sequence it was recorded with.
  long sequence = 0;
  // Which load()/reset() of the controller made this frame (SimulationController::
  // generation()): frames of an earlier simulation still in the channel or the history are
  // recognised and dropped by their readers.
  long generation = 0;
  Snapshot snapshot;             // time, state, momenta, energy, torques, deviation, tracking
  std::vector<Pose> body_poses;  // world pose of every body (model.nbodies), body frame
  FrameAnalysis analysis;
};

}  // namespace vms::ui
