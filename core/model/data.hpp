#pragma once
// Data: the mutable workspace of the algorithms, sized once from a Model. One Data per thread;
// no algorithm allocates memory on the heap once the Data exists.
//
// Spatial quantities are expressed in the world frame at the world origin ("spatial" or
// world-convention vectors): body velocities v[i] = [velocity of the body point at the world
// origin; angular velocity]. Moving them between bodies needs no transformation.
#include <Eigen/Cholesky>
#include <vector>

#include "core/model/model.hpp"

namespace vms {

struct Data {
  explicit Data(const Model& model);

  // Kinematics (forwardKinematics / forwardVelocities).
  std::vector<Pose> oMi;  // world pose of each body frame
  std::vector<Vec6> S;    // world motion subspace of the body's joint (unit rate)
  std::vector<Vec6> v;    // world spatial velocity of each body
  std::vector<Vec6> c;    // velocity-product acceleration v[i] x (S[i] qd)
  // World motion subspace of the vehicle joint (6 x b); fixed capacity so products with it
  // never allocate.
  Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, 6> S0;
  VecX sin_q, cos_q;  // sin and cos of every joint coordinate (user order), all at once

  // World spatial inertia at the origin: mass, first moment m*c (world), full 6x6.
  std::vector<Mat6> I;

  // Articulated-body recursion.
  // Articulated inertia: aba's workspace. Written only where aba needs it in memory (the
  // vehicle, and bodies whose inertia is not carried in registers from child to parent on a
  // chain); a leaf's is its rigid-body inertia I, read from there.
  std::vector<Mat6> IA;
  std::vector<Vec6> pA;   // articulated bias force
  std::vector<Vec6> V;    // IA S / (S^T IA S)
  std::vector<double> D;  // S^T IA S
  std::vector<double> g;  // (tau - S^T pA - (IA S)^T c) / (S^T IA S): qdd = g - V^T a_parent
  std::vector<Vec6> a;    // world spatial acceleration
  using BaseMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 6, 6>;
  using BaseVector = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 6, 1>;
  Eigen::LLT<Mat6> base_llt;  // free vehicle: IA[0]
  BaseMatrix base_reduced;    // other vehicles: S0^T IA[0] S0 (b x b)
  Eigen::LLT<BaseMatrix> base_reduced_llt;
  BaseVector base_rhs;  // b

  // Results.
  VecX qdd;             // joint accelerations (user order)
  Vec6 base_twist_dot;  // time derivative of State::base_twist
  VecX tau;             // inverse dynamics result (user order)
  VecX base_force;      // inverse dynamics: generalized vehicle force (b)
  std::vector<Vec6> f;  // RNEA: world spatial force transmitted by each body's joint

  // Composite rigid body algorithm.
  std::vector<Mat6> Ic;  // composite inertia
  MatX M;                // joint-space (generalized) inertia, nv x nv, [base; joints]
  VecX nle;              // bias forces C(q, nu) nu + g terms, nv
};

}  // namespace vms
