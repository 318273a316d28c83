#pragma once
// Seed 003 §7 in its recursive form (Hoffman, "Dynamics of Free Flying Space Manipulators";
// the DeNOC of its reference [12], Shah, Saha and Dutt, "Dynamics of Tree-Type Robotic
// Systems", 2013): the same H nudot = N^T wbar + tau - C nu (164)-(165) as the dense `denoc`
// solver, never forming N, H or C. Twists propagate body by body, t_i = A_{i,i-1} t_{i-1} +
// p_i qd_i (128), and their rates with nudot = 0 by (150)-(151); the wrenches combine from the
// tips by w_i = w_i^D - A_{i+1,i}^T w_{i+1} (149) and tau_i = p_i^T w_i (153) gives
// phi = tau - C nu + N^T wbar; H nudot = phi is then solved by the recursive UDU^T factorisation
// of H = N_d^T N_l^T Mbar N_l N_d (articulated inertias Mhat_i, from the tips) and one pass from
// the vehicle for the accelerations. O(N) work and memory. Notation and errata:
// /work/shared/notes/seed-003.md §3, §6.
#include <string>
#include <vector>

#include "core/solvers/denoc_solver.hpp"

namespace vms {

struct DenocRecursiveOptions {
  DenocReferencePoint point = DenocReferencePoint::CentreOfMass;
};

/// Forward dynamics by the recursive DeNOC, for every vehicle type the dense `denoc` handles
/// (the vehicle's block of N_d is P_b, 6 x b, and Ndot_{b,d} = Omega_b P_b (162); a fixed
/// vehicle has b = 0): revolute and prismatic joints, trees, gravity, joint forces, the vehicle
/// wrench and world wrenches on bodies; a body with added mass uses the exact Kirchhoff
/// velocity-product wrench instead of Omega M E t. Three passes over the bodies, 6 x 6 blocks
/// each, and one b x b solve for the vehicle; nothing allocated in compute().
class DenocRecursiveSolver final : public ForwardDynamicsSolver {
 public:
  explicit DenocRecursiveSolver(const Model& model, DenocRecursiveOptions options = {});
  std::string description() const override;
  std::vector<SolverQuantity> intermediates() const override;

  const DenocRecursiveOptions& options() const { return options_; }
  // The quantities of the last compute(); bodies in model order, 6-row blocks [v; w] at the
  // reference points, world axes.
  const VecX& twists() const { return t_; }           // t = N nu, by (128)
  const VecX& biasTwistRates() const { return tb_; }  // Ndot nu: the twist rates at nudot = 0
  const VecX& phi() const { return phi_; }            // N^T wbar + tau - C nu, [vehicle; joints]
  const VecX& pivots() const { return pivots_; }      // p_i^T Mhat_i p_i: the D of H = U D U^T
  /// The vehicle's articulated inertia Mhat_0 at its reference point (6 x 6).
  const Mat6& vehicleArticulatedInertia() const { return Mhat_[0]; }
  const std::vector<Vec3>& points() const { return r_; }

 private:
  void computeWithCheckedArguments(const Model& model, Data& data, const State& state,
                                   const Eigen::Ref<const VecX>& tau,
                                   const ExternalForces& external) override;

  void outwardKinematics(const Model& model, const Data& data, const State& state,
                         const ExternalForces& external);
  void inwardWrenchesAndInertias(const Eigen::Ref<const VecX>& tau);
  void outwardAccelerations(const Model& model, Data& data);

  DenocRecursiveOptions options_;
  int nb_, b_, n_, nv_;
  std::vector<int> parent_, column_;  // column_[i]: column of body i's joint rate in nu
  std::vector<Vec3> r_, rdot_, w_ang_;
  std::vector<Vec6> p_;           // joint-rate maps p_i (131)
  std::vector<Mat6> M_, Mhat_;    // link inertia at the point; articulated inertia
  std::vector<Vec6> W_, eta_;     // composite wrench at nudot = 0; articulated joint-force wrench
  std::vector<Vec6> psi_, tdot_;  // Mhat_i p_i; twist rates
  Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, 6> Pb_, MPb_;
  Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 6, 6> Hb_;
  Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 6, 1> rhs_b_;
  Eigen::LLT<Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 6, 6>> Hb_llt_;
  VecX t_, tb_, wbar_, phi_, pivots_, nu_, nudot_;
};

}  // namespace vms
