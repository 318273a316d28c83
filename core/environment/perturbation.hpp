#pragma once
// A pull on one body, as a user gives it by dragging a link in the desktop's 3D view (MuJoCo's
// simulate has the same): a spring and a damper from a point fixed on the body to a target
// point fixed in the world,
//   f = k (target - p) - c v_p      (world coordinates),
// applied at the body point p, whose world velocity is v_p. The force follows the body as it
// moves, so holding the target still pulls the point towards it and lets it settle (with c at
// critical damping for the mass that is pulled) instead of accelerating the body for ever.
// Like the joint actuators' forces, f is held over each step (hold() at the step's start, as
// MuJoCo applies its perturbation per step): its work over the step is then exactly
// f . (p_end - p_start) and its impulse f dt, so the power balance closes to the integrator's
// accuracy whatever fast modes the system has.
#include "core/model/force_model.hpp"

namespace vms {

struct PerturbationSpec {
  int body = -1;                     // the body pulled (-1: none)
  Vec3 point_body = Vec3::Zero();    // where, in the body's frame
  Vec3 target_world = Vec3::Zero();  // towards where, world frame
  double stiffness = 0.0;            // k, N/m
  double damping = 0.0;              // c, N s/m
};

/// Stiffness and damping for pulling a mass `mass` (kg): the spring's natural frequency with
/// that mass is `hertz`, the damping critical.
PerturbationSpec perturbationGains(PerturbationSpec spec, double mass, double hertz = 1.0);

/// The smallest mass the point `point_body` of `body` shows to a force at `state`: 1 over the
/// largest eigenvalue of its translational mobility J_v M^-1 J_v^T (operational-space inertia,
/// the vehicle free as it is). Gains for this mass keep the pull's own time scales (1/hertz,
/// the damping's m/c) as slow as chosen in every direction, whatever the integrator's step has
/// to resolve; gains for a larger mass (the whole system's, on a light link) make the damping
/// stiffer than the step. O(nv^3): once per pull, not per step.
double pointEffectiveMass(const Model& model, const State& state, int body, const Vec3& point_body);

class PerturbationForce : public ForceModel {
 public:
  /// Throws std::invalid_argument for a body outside the model or a non-finite or negative
  /// value.
  void set(const Model& model, const PerturbationSpec& spec);
  void clear() {
    spec_.body = -1;
    held_.setZero();
  }
  bool active() const { return spec_.body >= 0; }
  const PerturbationSpec& spec() const { return spec_; }

  /// The body point's world position at the state `data` holds (forwardKinematics).
  Vec3 pointWorld(const Data& data) const;
  /// The spring-damper's force at the state `data` holds (computeKinematics with velocities);
  /// zero when inactive.
  Vec3 springForce(const Data& data) const;
  /// Holds springForce(data) until the next hold(): the force apply() exerts.
  void hold(const Data& data) { held_ = springForce(data); }
  const Vec3& heldForce() const { return held_; }

  void apply(const Model& model, const Data& data, const State& state,
             std::vector<Vec6>& body_forces_world, VecX& tau) override;

 private:
  Vec3 pointVelocity(const Data& data) const;
  PerturbationSpec spec_;
  Vec3 held_ = Vec3::Zero();
};

}  // namespace vms
