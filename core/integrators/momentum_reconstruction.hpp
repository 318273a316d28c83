#pragma once
// Seed 001's reconstruction of the vehicle velocity from the momentum (notes §1.6, erratum 1:
// V = M0^-1 P - A qd), for the integrator that carries the world momentum (momentum-rk4).
// Everything is computed in the vehicle frame (the kinematics of the configuration with the
// vehicle at the identity), as the paper does: a system far from the world origin would
// otherwise lose digits to the lever arm. With h_b = Ad_g^T h the carried world momentum [P; L
// about the origin] in the vehicle frame, Ic the vehicle-frame inertia of the locked system and
// mu_q the momentum of the joints' motion alone (vehicle at rest):
//   P = iota0^T h_b                     (locked momentum (76), along the subgroup)
//   V = M0^-1 iota0^T (h_b - mu_q),     M0 = iota0^T Ic iota0,   ( = M0^-1 P - A qd )
// Only iota0^T h_b is used: for a vehicle subgroup smaller than SE(3) the other components of
// h are the constraint's business. Sized once; nothing here allocates after construction.
#include <vector>

#include "core/model/data.hpp"
#include "core/model/state.hpp"

namespace vms {

class MomentumReconstruction {
 public:
  explicit MomentumReconstruction(const Model& model);

  /// The vehicle pose and the vehicle-frame kinematics of `state`'s configuration.
  void setConfiguration(const State& state);
  /// World spatial momentum [P; L about the origin] of `state`, whose configuration must be the
  /// one of the last setConfiguration() (added mass included, as computeMomentum does).
  Vec6 momentum(const State& state);
  /// The vehicle body twist (inside span(iota0)) whose world momentum has the components h
  /// along S0, at the configuration of setConfiguration() and joint rates qd. Zero for a
  /// fixed vehicle.
  Vec6 bodyTwist(const Vec6& h, const VecX& qd);
  /// World wrench [m g; c x m g] of gravity on the whole system at that configuration.
  Vec6 gravityWrench() const;
  /// The vehicle pose of that configuration.
  const Pose& vehiclePose() const { return pose_; }

 private:
  using BaseMatrix = Data::BaseMatrix;
  using BaseVector = Data::BaseVector;
  const Model* model_;
  Data data_;            // kinematics with the vehicle frame as the world
  State local_;          // the configuration with the vehicle at the identity
  Pose pose_;            // the vehicle pose
  std::vector<Vec6> v_;  // world velocities of the bodies
  Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, 6> IcS0_;
  BaseMatrix M0_;
  Eigen::LLT<BaseMatrix> M0_llt_;
  BaseVector rhs_, V_, residual_;
};

}  // namespace vms
