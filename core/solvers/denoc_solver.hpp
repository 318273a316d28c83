#pragma once
// Seed 003 §7 (Hoffman, "Dynamics of Free Flying Space Manipulators"; SPART, NPS-SRL): the
// decoupled natural orthogonal complement. Link twists t = N nu with N = N_l N_d (N_l: block
// lower-triangular twist-propagation matrices, N_d: block-diagonal joint-rate maps, the
// vehicle's included), then H = N^T Mbar N, C = N^T Mbar Ndot + N^T Omega Mbar E N (165) and
// H nudot = N^T wbar + tau - C nu. Notation and errata: /work/shared/notes/seed-003.md §3, §6.
#include <Eigen/Cholesky>
#include <optional>
#include <string>
#include <vector>

#include "core/solvers/forward_dynamics_solver.hpp"

namespace vms {

/// The point of each link whose velocity the link twist t_i = [v_point; w] carries (world axes).
enum class DenocReferencePoint {
  /// SPART (notes §3, (166)-(167)): the link's centre of mass, so Mbar_i = diag(m_i 1, I_i).
  CentreOfMass,
  /// The paper's §7.4 (145)-(148): the body-frame origin (on the joint axis), Mbar_i with the
  /// centre-of-mass offset d_i.
  BodyOrigin,
};

/// Which form of the paper's equations runs. Only Corrected is right; the printed ones keep an
/// erratum of the notes (§6) for teaching and for the tests that show it.
enum class DenocVariant {
  /// Adot_{i,i-1} top-right block -(w x a)^x (the commutator of (151)), Ndot_{b,d} = Omega_b P_b.
  Corrected,
  /// (152) as printed: the -(w x a)^x part of Adot_{i,i-1}'s top-right block read as
  /// -(w^x a^x), a matrix product. Ndot and C change; the accelerations never do.
  PrintedAdot,
  /// (139)/(162): N_{b,d} = 1 taken as constant, so Ndot_{b,d} = 0 although the vehicle
  /// coordinates are its body twist (P_b undefined in the paper).
  PrintedBaseRate,
};

inline constexpr DenocVariant kAllDenocVariants[] = {
    DenocVariant::Corrected, DenocVariant::PrintedAdot, DenocVariant::PrintedBaseRate};

/// "corrected", "printed-adot", "printed-base-rate".
std::string toString(DenocVariant variant);
std::optional<DenocVariant> denocVariantFromString(const std::string& name);
/// One line: what the variant evaluates, with the paper's equation numbers.
std::string describe(DenocVariant variant);
/// "centre-of-mass", "body-origin".
std::string toString(DenocReferencePoint point);

struct DenocOptions {
  DenocReferencePoint point = DenocReferencePoint::CentreOfMass;
  DenocVariant variant = DenocVariant::Corrected;
};

/// Forward dynamics by the DeNOC matrices of seed 003 (165), built as SPART builds them, for
/// every vehicle type: the vehicle's block of N_d is P_b = (twist of the vehicle's reference
/// point per unit body-twist coordinate along the subgroup basis iota0), 6 x b, and
/// Ndot_{b,d} = Omega_b P_b (162); a fixed vehicle has b = 0. nu = [iota0^T twist_b; qd], the
/// generalized velocity of crba, so H equals crba's mass matrix. Revolute and prismatic joints,
/// trees, gravity, joint forces, the vehicle wrench and world wrenches on bodies; a body with
/// added mass uses the exact Kirchhoff velocity-product wrench instead of Omega M E t. Dense,
/// O(N^2) memory and O(N^3) work per call; nothing allocated in compute().
class DenocSolver final : public ForwardDynamicsSolver {
 public:
  explicit DenocSolver(const Model& model, DenocOptions options = {});
  std::string description() const override;
  std::vector<SolverQuantity> intermediates() const override;

  const DenocOptions& options() const { return options_; }
  // The quantities of the last compute(); bodies in model order, 6-row blocks [v; w].
  const MatX& N() const { return N_; }         // 6 nbodies x nv, N_l N_d (142)
  const MatX& Ndot() const { return Ndot_; }   // (159)
  const MatX& H() const { return H_; }         // nv x nv (165)
  const MatX& C() const { return C_; }         // nv x nv (165)
  const VecX& twists() const { return t_; }    // N nu
  const VecX& wrenches() const { return w_; }  // wbar: gravity + external, at the points
  MatX Nl() const;                             // 6 nbodies x 6 nbodies (132)-(139)
  MatX Nd() const;                             // 6 nbodies x nv (131), (139)
  MatX Mbar() const;                           // block-diagonal link inertias (154)
  const std::vector<Vec3>& points() const { return r_; }

 private:
  void computeWithCheckedArguments(const Model& model, Data& data, const State& state,
                                   const Eigen::Ref<const VecX>& tau,
                                   const ExternalForces& external) override;

  void linkQuantities(const Model& model, const Data& data, const State& state,
                      const ExternalForces& external);
  void buildN(const Model& model);

  DenocOptions options_;
  int nb_, b_, n_, nv_;
  std::vector<int> parent_, column_;  // column_[i]: column of body i's joint rate in nu
  std::vector<Vec3> r_, rdot_, w_ang_;
  std::vector<Vec6> p_;  // joint-rate maps p_i (131)
  Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, 6> Pb_, Pb_dot_;
  std::vector<Mat6> M_, B_;  // link inertia at the point; velocity-product matrix
  std::vector<Mat3> Xc_;     // sum of the Adot top-right blocks from the vehicle
  MatX N_, Ndot_, MN_, work_, H_, C_;
  VecX t_, w_, nu_, Q_, Cnu_, rhs_, nudot_;
  Eigen::LLT<MatX> llt_;
};

}  // namespace vms
