#pragma once
// Seed 004 (Wilde, Kwok Choon, Grompone, Romano 2018, "Equations of Motion of Free-Floating
// Spacecraft-Manipulator Systems: An Engineer's Tutorial"): the vehicle eliminated through its
// momentum. The joints obey H* qdd + C* = tau with the generalized inertia H* (45) and
// C* = dH*/dt qd + c* (49); the vehicle velocity is recovered from the momentum (109); the
// generalized Jacobian J* (110) maps joint rates to a point's twist. Notation and errata:
// /work/shared/notes/seed-004.md.
//
// Generalized beyond the paper (zero momentum, free vehicle, no forces) to any momentum, every
// vehicle subgroup, gravity and external wrenches, in the vehicle's body-twist coordinates
// nu_b = iota0^T twist_b of crba() (H_0 = Mbb, H_0m = Mbm, H_m = Mmm): with the momentum
// h = H_0 nu_b + H_0m qd (42), A = H_0^-1 H_0m and Omega = H_0^-1 h,
//   nu_b = Omega - A qd                                                        (109)
//   H* qdd + C* + N* = Q_m - A^T Q_0                                         (44), corrected
//   N*_k = [A^T ad_V^T h]_k + [Adot^T h]_k - Omega^T (dH_0m/dq_k qd - dH_0/dq_k A qd)
//          - 1/2 Omega^T dH_0/dq_k Omega                                    (Routh + coadjoint)
//   dh/dt = ad_V^T h + Q_0                                                    ((43) with forces)
// where Q_m, Q_0 are the generalized forces of tau, gravity and the external wrenches on the
// joints and the vehicle. N* vanishes at zero momentum, where this is the paper's (47).
#include <Eigen/Cholesky>
#include <string>
#include <vector>

#include "core/algorithms/mass_matrix_derivatives.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"
#include "core/solvers/generalized_jacobian_variant.hpp"

namespace vms {

/// The paper's quantities at the last compute(); b = vehicle dof, n = joints.
struct GeneralizedJacobianQuantities {
  MatX H0;         // b x b   vehicle block of the inertia (28), H_0 = Mbb
  MatX H0m;        // b x n   coupling (31)
  MatX Hm;         // n x n   joint block (36)
  MatX H0_inv;     // b x b   (52) for a free vehicle, Cholesky otherwise
  Mat3 S_U;        // Schur complement (53) (free vehicle; zero otherwise)
  MatX A;          // b x n   H_0^-1 H_0m
  MatX Hstar;      // n x n   generalized inertia (45)
  MatX Hstar_dot;  // n x n   dH*/dt (65)
  VecX c_star;     // n       -1/2 [qd^T dH*/dq_k qd] (48), (81)
  VecX C_star;     // n       dH*/dt qd + c* (49)
  VecX h;          // b       momentum M_0 = H_0 nu_b + H_0m qd (42), body coordinates
  Vec6 mu;         // world spatial momentum [P; L about the world origin]
  VecX Omega;      // b       H_0^-1 h (the locked velocity)
  VecX nu_b;       // b       vehicle velocity recovered from the momentum (109)
  VecX adT_h;      // b       ad_V^T h (coadjoint term; zero for a translating vehicle)
  VecX N_star;     // n       momentum terms (zero at zero momentum)
  VecX Q_m;        // n       joint generalized forces (tau, gravity, body wrenches)
  VecX Q_0;        // b       vehicle generalized forces (gravity, vehicle and body wrenches)
  VecX rhs;        // n       Q_m - A^T Q_0 - C* - N*
  VecX qdd;        // n       joint accelerations
  VecX h_dot;      // b       ad_V^T h + Q_0
  VecX nu_b_dot;   // b       d/dt of (109)
  Mat6X Jstar;     // 6 x n   J* (110) of the model's last frame (empty without frames)
  int jstar_frame = -1;
};

/// Forward dynamics through the vehicle-eliminated reduced equations of seed 004. The inertia
/// comes from the composite-rigid-body algorithm, its q-derivatives exactly from
/// MassMatrixDerivatives (no finite differences). Every vehicle type (for a fixed vehicle
/// H* = H_m and there is no momentum). Dense, O(n^3) per call.
class GeneralizedJacobianSolver final : public ForwardDynamicsSolver {
 public:
  /// Throws std::invalid_argument for PrintedInverseSign and PrintedSchurElements unless the
  /// model's vehicle is free (the printed (52)-(59) are for a 6 x 6 H_0).
  explicit GeneralizedJacobianSolver(const Model& model, GeneralizedJacobianVariant variant =
                                                             GeneralizedJacobianVariant::Corrected);
  std::string description() const override;
  std::vector<SolverQuantity> intermediates() const override;

  GeneralizedJacobianVariant variant() const { return variant_; }
  const GeneralizedJacobianQuantities& quantities() const { return x_; }

 private:
  void computeWithCheckedArguments(const Model& model, Data& data, const State& state,
                                   const Eigen::Ref<const VecX>& tau,
                                   const ExternalForces& external) override;

  void invertH0(const Model& model, const Data& data);
  void generalizedForces(const Model& model, const Data& data, const Eigen::Ref<const VecX>& tau,
                         const ExternalForces& external);
  void velocityTerms(const State& state);
  void generalizedJacobian(const Model& model, const Data& data);

  GeneralizedJacobianVariant variant_;
  int b_, n_;
  GeneralizedJacobianQuantities x_;
  MassMatrixDerivatives dM_;
  Eigen::LLT<MatX> H0_llt_, Hstar_llt_;
  MatX Mdot_, H0_inv_dot_, A_dot_;
  MatX bb_, bn_, nn_;
  VecX b_vec_, n_vec_, Aqd_, dH0_Aqd_, dH0m_qd_;
  Mat6X J_;
  std::vector<Vec6> weight_sum_, external_sum_;
};

}  // namespace vms
