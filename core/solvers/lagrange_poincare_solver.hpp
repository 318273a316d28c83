#pragma once
// Seed 001 (Moghaddam & Chhabra, singularity-free Lagrange-Poincare equations for
// vehicle-manipulator systems): the vehicle equation in the locked momentum P, the arm
// equation with the block-diagonal (Schur-complement) inertia, and the reconstruction of the
// vehicle velocity from P. Notation and errata: /work/shared/notes/seed-001.md (§1.6-§1.9).
#include <Eigen/Cholesky>
#include <optional>
#include <string>
#include <vector>

#include "core/algorithms/mass_matrix_derivatives.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"
#include "core/solvers/lagrange_poincare_factorisation.hpp"

namespace vms {

/// Which form of the paper's equations the solver runs. Only Corrected is physically right;
/// the printed ones reproduce an erratum of the paper (notes §1.9) for teaching and for the
/// tests that show each erratum gives wrong accelerations.
enum class LagrangePoincareVariant {
  /// The reviewer's consistent set (notes §1.9): Pdot = ad_V^T P + F_eta,
  /// Mhat qdd + Chat qd + Nhat = F_m - A^T F_eta, V = M0^-1 P - A qd.
  Corrected,
  /// Erratum 1, (98)/(134): V = M0^-1 (P - A^T qd). Dimensionally valid only when b == n; the
  /// constructor refuses other models.
  PrintedReconstruction,
  /// Erratum 2, (96)/(135) and the final qdd formula: Pdot = ad_V^T P - f0 - J_e0^T f_e + f_u
  /// (every vehicle wrench with the opposite sign) and -A^T f_u instead of +A^T f_u in the arm
  /// equation.
  PrintedForceSigns,
  /// Erratum 3, (100): the two connection-derivative terms of Nhat with the printed signs,
  /// -(sum_i dA/dq_i qd_i)^T P + [row j: (dA/dq_j qd)^T P]. Gyroscopic: conserves energy and
  /// momentum, so only the accelerations show it.
  PrintedNhat,
  /// Erratum 4, (122): dA/dq_i = M0^-1 (dM0m/dq_i + dM0/dq_i A), the minus sign missing.
  PrintedConnectionDerivative,
  /// Erratum 6, (139): the example's d𝔏_m/dq_2 = [[0, 0], [+ad_{xi_2} 𝔄𝔡_2^2, 0]], without the
  /// minus of (116). Printed for the two-joint chain of Examples 1-3 only: the constructor
  /// refuses other arms, and the crba assembly (which has no 𝔏).
  PrintedLmDerivative,
};

/// Every variant, Corrected first.
inline constexpr LagrangePoincareVariant kAllLagrangePoincareVariants[] = {
    LagrangePoincareVariant::Corrected,
    LagrangePoincareVariant::PrintedReconstruction,
    LagrangePoincareVariant::PrintedForceSigns,
    LagrangePoincareVariant::PrintedNhat,
    LagrangePoincareVariant::PrintedConnectionDerivative,
    LagrangePoincareVariant::PrintedLmDerivative};

/// "corrected", "printed-reconstruction", "printed-force-signs", "printed-nhat",
/// "printed-connection-derivative", "printed-lm-derivative".
std::string toString(LagrangePoincareVariant variant);
/// The variant called `name` (toString's spelling), or nullopt.
std::optional<LagrangePoincareVariant> lagrangePoincareVariantFromString(const std::string& name);
/// One line: the equation the variant runs, with the paper's equation numbers.
std::string describe(LagrangePoincareVariant variant);

/// Where the mass-matrix blocks M0, M0m, Mm and their joint derivatives come from. Both are
/// exact and agree to rounding; the paper's is the default.
enum class LagrangePoincareAssembly {
  /// The paper's construction: 𝒥 = 𝔏 Ξ (57)-(59), M0, M0m, Mm by (65)-(67), their
  /// derivatives from d𝔏/dq (114)-(116) by (117), (118) (corrected) and (120)
  /// (core/solvers/lagrange_poincare_factorisation.hpp).
  LXiFactorisation,
  /// The generic path, for comparison: crba's blocks and MassMatrixDerivatives' dM/dq.
  Crba,
};

/// "l-xi-factorisation", "crba-blocks".
std::string toString(LagrangePoincareAssembly assembly);

struct LagrangePoincareOptions {
  LagrangePoincareVariant variant = LagrangePoincareVariant::Corrected;
  LagrangePoincareAssembly assembly = LagrangePoincareAssembly::LXiFactorisation;
};

/// The paper's quantities at the last compute(), b = vehicle dof, n = joints. Generalized
/// forces are physical (positive along the velocity they act on); f_u and du_dq are the
/// gradients of the potential (gravity), so gravity's generalized force is -[f_u; du_dq].
struct LagrangePoincareQuantities {
  MatX M0;         // b x b   locked inertia (65), the vehicle block of the mass matrix
  MatX M0m;        // b x n   vehicle-arm coupling (66)
  MatX Mm;         // n x n   arm block (67)
  MatX A;          // b x n   local mechanical connection M0^-1 M0m (69)
  MatX Mhat_m;     // n x n   Mm - A^T M0 A (75), the arm block of the block-diagonal M̂
  VecX P;          // b       locked momentum M0 V + M0m qd (76)-(77)
  VecX Omega_loc;  // b       locked velocity M0^-1 P = V + A qd (73)
  VecX V;          // b       vehicle velocity reconstructed from P (98, corrected: M0^-1 P - A qd)
  VecX adT_P;      // b       ad_V^T P
  VecX f0;         // b       vehicle wrench along the subgroup
  VecX f_u;        // b       potential gradient on the vehicle (113)
  VecX F_eta;      // b       total generalized vehicle force f0 + J_e0^T f_e - f_u (94)
  VecX Pdot;       // b       from the vehicle equation (96)
  VecX F_m;        // n       joint forces + J_em^T f_e (95)
  VecX du_dq;      // n       potential gradient on the joints
  MatX A_dot;      // b x n   sum_i dA/dq_i qd_i
  MatX Chat;       // n x n   Coriolis matrix of the arm equation (99)
  VecX Chat_qd;    // n       Chat qd
  VecX Nhat_ad;    // n       A^T ad_V^T P (first term of (100))
  VecX Nhat_connection;  // n  (dA/dt)^T P - [row j: (dA/dq_j qd)^T P] (terms 2-3 of (100))
  VecX Nhat_locked;      // n  1/2 [row j: P^T dM0^-1/dq_j P] (term 4 of (100))
  VecX Nhat;             // n       sum of the three
  VecX rhs_m;            // n       F_m - A^T F_eta (right-hand side of (97), incl. -du_dq)
  VecX qdd;              // n       joint accelerations
  VecX Vdot;             // b       d/dt of the reconstruction
};

/// Forward dynamics through the reduced Lagrange-Poincare equations (Theorem 1) in the
/// consistent-sign form of the notes (or a printed variant). The mass-matrix blocks in the
/// vehicle's body-twist basis and their q-derivatives come from the paper's 𝔏 Ξ factorisation
/// (or, as an option, from crba and MassMatrixDerivatives); gravity, external body wrenches
/// and the vehicle wrench enter as generalized forces. Every vehicle type: the vehicle
/// subgroup's bracket is that of se(3) restricted to span(iota0); chains and trees (𝔏 along
/// each body's path). Dense, O(n^3) per call.
class LagrangePoincareSolver final : public ForwardDynamicsSolver {
 public:
  /// Throws std::invalid_argument for PrintedReconstruction unless model.base_dof ==
  /// model.njoints (the printed equation has no meaning otherwise), and for
  /// PrintedLmDerivative unless the arm is a chain of two joints and the assembly is the 𝔏 Ξ
  /// factorisation.
  explicit LagrangePoincareSolver(const Model& model, LagrangePoincareOptions options = {});
  LagrangePoincareSolver(const Model& model, LagrangePoincareVariant variant)
      : LagrangePoincareSolver(model, LagrangePoincareOptions{variant}) {}
  std::string description() const override;
  std::vector<SolverQuantity> intermediates() const override;

  LagrangePoincareVariant variant() const { return variant_; }
  LagrangePoincareAssembly assembly() const { return assembly_; }
  /// The 𝔏 Ξ factorisation at the last compute() (LXiFactorisation only).
  const LagrangePoincareFactorisation& factorisation() const { return factorisation_; }
  /// The quantities of the last compute().
  const LagrangePoincareQuantities& quantities() const { return x_; }

 private:
  void computeWithCheckedArguments(const Model& model, Data& data, const State& state,
                                   const Eigen::Ref<const VecX>& tau,
                                   const ExternalForces& external) override;

  void generalizedForces(const Model& model, const Data& data, const Eigen::Ref<const VecX>& tau,
                         const ExternalForces& external);
  void reducedTerms(const State& state);

  // dM/dq_k from the assembly in use.
  const MatX& dM(int k) const {
    return assembly_ == LagrangePoincareAssembly::Crba ? dM_[k] : factorisation_.dM(k);
  }

  LagrangePoincareVariant variant_;
  LagrangePoincareAssembly assembly_;
  int b_, n_;
  LagrangePoincareQuantities x_;
  MassMatrixDerivatives dM_;
  LagrangePoincareFactorisation factorisation_;
  Eigen::LLT<MatX> M0_llt_, Mhat_llt_;
  MatX M0inv_, M0inv_dot_, Mhat_dot_, Mdot_;
  // Scratch.
  MatX bb_, bn_, nn_;
  VecX b_vec_, n_vec_, Aqd_, dM0_Aqd_, dA_qd_;
  // Generalized forces of gravity (G) and external body wrenches (E), and their world wrench
  // sums over subtrees.
  VecX G_V_, E_V_;
  std::vector<Vec6> weight_sum_, external_sum_;
};

}  // namespace vms
