#pragma once
// Orbital environment (seed 003 §8): gravity gradient on a system near a reference point on a
// circular orbit, expressed in the Hill / LVLH frame.
//
// Frame: origin at the reference point (typically the system's CoM at t = 0) moving on a
// circular orbit of mean motion n = sqrt(mu / R^3); axes x radial (away from the Earth),
// y along-track, z orbit normal. The frame rotates at Omega = n e_z. When this force model is
// used, State (vehicle pose and twist) is RELATIVE to this rotating frame, and the model's
// own gravity must be zero (the orbit's central attraction is balanced by the frame's
// acceleration).
//
// Forces, all exact for the linearised (first order in |x| / R) field:
// - tidal field g(x) = n^2 (3 xr r_hat - x), r_hat = e_x: per body the force m G c and the
//   moment c x (m G c) + 3 n^2 r_hat x (I_c r_hat) about the origin (G = n^2 (3 r r^T - 1));
//   the last term is the gravity-gradient torque about the body CoM, eq. (175)-(176);
// - frame rotation (centrifugal, Coriolis, and their moments) for every body, from its world
//   spatial inertia I and velocity v relative to the frame:
//   f = -[(v x* I - I v x) W + W x* I (v + W)], W = [0; Omega] — the terms that make the
//   Newton-Euler equations hold in the rotating frame. Together with the tidal field this gives
//   the Clohessy-Wiltshire equations for the CoM, and e.g. pitch libration at
//   n sqrt(3 (I_y - I_x) / I_z).
#include "core/model/force_model.hpp"

namespace vms {

/// Gravity-gradient torque about a body's CoM, 3 n^2 r_hat x (I r_hat), for the rotational
/// inertia I about the CoM and the unit vector r_hat from the Earth to the body, both in the
/// same frame.
Vec3 gravityGradientTorque(double mean_motion, const Vec3& r_hat, const Mat3& inertia_com);

/// Attitude-dependent part of the tidal potential of that body: (3/2) n^2 r_hat^T I r_hat
/// (minus its gradient with respect to a rotation of the body is the torque above).
double gravityGradientPotential(double mean_motion, const Vec3& r_hat, const Mat3& inertia_com);

/// Mean motion of a circular orbit of radius `radius` (m) about a body with gravitational
/// parameter mu (Earth: 3.986004418e14 m^3/s^2).
double circularOrbitRate(double radius, double mu = 3.986004418e14);

class OrbitalGravityGradient final : public ForceModel {
 public:
  struct Options {
    bool tidal_force = true;     // the tidal force field on each body's CoM
    bool tidal_torque = true;    // the gravity-gradient torque about each body's CoM
    bool frame_rotation = true;  // centrifugal and Coriolis terms of the rotating LVLH frame
  };
  /// Throws ModelError for a negative or non-finite mean motion.
  explicit OrbitalGravityGradient(double mean_motion);
  OrbitalGravityGradient(double mean_motion, Options options);

  double meanMotion() const { return n_; }
  void apply(const Model& model, const Data& data, const State& state,
             std::vector<Vec6>& body_forces_world, VecX& tau) override;

 private:
  double n_;
  Options options_;
};

}  // namespace vms
