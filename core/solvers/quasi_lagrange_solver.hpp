#pragma once
// "quasi-lagrange": seed 000 (From, Duindam, Pettersen, Gravdahl, Sastry, "Singularity-Free
// Dynamic Equations of Vehicle-Manipulator Systems"). The equations of motion in
// quasi-coordinates v = [V~; qd] (vehicle body twist along its subgroup basis H, joint rates),
//   M(q) v_dot + C(q, v) v + n(Q) = tau + tau_ext                                  (8), (58)
// with everything expressed in the vehicle frame Psi_b, so M depends on q only:
// - M(q) = [[I_b, 0], [0, 0]] + sum_i [H J_i]^T K_i [H J_i], K_i the inertia of link i (added
//   mass included) in Psi_b (11)-(13), summed through composite inertias;
// - dM/dq_k exactly by Proposition 3.1 (d Ad_{g_bi}/dq_k = ad_{X_k} Ad_{g_bi} for links past
//   joint k, (59)/(95), (64)-(65)); computed once per k and reused for both terms of (26) (68);
// - C = sum_k dM/dq_k qd_k - 1/2 [[0], [d^T(Mv)/dq]] + [[C_S, 0], [0, 0]]            (15), (26)
//   with C_S the vehicle's Lie-algebra term: corrected for every subgroup, or one of the
//   paper's printed forms (QuasiLagrangeVariant, for teaching);
// - n(Q) the generalized weight (18) in its power-consistent form, tau_ext the generalized
//   external wrenches; then M v_dot = rhs by Cholesky.
// O(n (b+n)^2) for the dM/dq_k, O((b+n)^3) for the solve; nothing is allocated per call.
#include <Eigen/Cholesky>

#include "core/solvers/forward_dynamics_solver.hpp"
#include "core/solvers/quasi_lagrange_vehicle_coriolis.hpp"

namespace vms {

class QuasiLagrangeSolver final : public ForwardDynamicsSolver {
 public:
  /// Throws std::invalid_argument if `variant` is not defined for the model's vehicle type
  /// (variantApplies): a printed form is never applied where the paper did not print it.
  explicit QuasiLagrangeSolver(const Model& model,
                               QuasiLagrangeVariant variant = QuasiLagrangeVariant::Corrected);

  std::string description() const override;
  std::vector<SolverQuantity> intermediates() const override;

  QuasiLagrangeVariant variant() const { return variant_; }

 private:
  void computeWithCheckedArguments(const Model& model, Data& data, const State& state,
                                   const Eigen::Ref<const VecX>& tau,
                                   const ExternalForces& external) override;

  void vehicleFrameKinematics(const Model& model, const State& state);
  void massMatrix(const Model& model);
  void coriolisMatrix(const Model& model, const State& state);
  void massMatrixDerivative(const Model& model, int body);
  void generalizedForces(const Model& model, const State& state, const ExternalForces& external);

  QuasiLagrangeVariant variant_;
  BaseType base_type_;
  int b_ = 0, n_ = 0, nv_ = 0;
  VehicleBasis H_;                       // vehicle subgroup basis (6 x b)
  std::vector<int> column_;              // per body: its joint's index in v (-1 for body 0)
  std::vector<std::vector<int>> below_;  // per body: the bodies strictly below it
  std::vector<Pose> bMi_;                // link poses in the vehicle frame, g_bi
  std::vector<Vec6> X_;                  // joint twists in the vehicle frame (J_i columns)
  std::vector<Mat6> K_, Kc_;             // link and composite inertias in the vehicle frame
  Vec6 P6_ = Vec6::Zero();               // the whole momentum dL/dV, vehicle frame
  std::vector<Vec6> weight_, wrench_;    // composite weights and external wrenches
  Mat6X A_, F_;                          // dM/dq_k = -(A^T F + F^T A)
  MatX T_;                               // A^T F
  MatX M_, C_, Mdot_, dMk_, dM1_, dMv_;  // dMv_: d^T(Mv)/dq = [A B] of (26), n x nv
  VehicleMatrix Cs_;                     // vehicle Lie-algebra term of C_VV
  VecX v_, Mv_, n_gravity_, tau_ext_, Cv_, rhs_, vdot_, work_;
  Eigen::LLT<MatX> llt_;
};

}  // namespace vms
