#pragma once
// Seed 002 (Jain & Rodriguez, "Base-invariant symmetric dynamics of free-flying space
// manipulators"): Algorithm 6, the decoupled pair of opposite articulated-body recursions, on
// trees (§3.4), with Algorithm 5 as corrected in /work/shared/notes/seed-002.md, and any link
// as the base (Appendix A). Notation: the notes, with Data's conventions (world-frame spatial
// vectors at the world origin, [linear; angular]; shift operators phi are identities).
//
// Per body k, in the tree re-rooted at the chosen root body r (RerootedTree):
//   P sweep (tips to r), Algorithms 2-3:  P(k) = M(k) + sum_children Pa(c),
//     z_p(k) = b(k) + sum_children za(c), with for the edge of c (axis s, velocity term a):
//     D_p = s^T P s, eps_p = T - s^T z_p, Pa = P - P s s^T P / D_p (P+ = tau_bar P),
//     za = z_p + Pa a + P s eps_p / D_p (z+ moved across the hinge).
//   S sweep (r to tips), Algorithm 4 and corrected Algorithm 5: S(r) = 0, z_s(r) = 0 (free
//     root); for the edge of k from its parent u:
//     S+(k) = M(u) + S(u) + sum_{siblings c != k} Pa(c)   (= M(u) + S(u) on a serial chain,
//             where the two sweeps are fully independent), z_s^+ likewise with b, z_s, za,
//     z_s+ <- z_s+ + S+(k) a_s(k), a_s(k) = -a(k);  D_s = s^T S+ s;
//     eps_s = T + s^T z_s+;  S(k) = S+ - S+ s s^T S+ / D_s;  z_s = z_s+ - S+ s eps_s / D_s.
//   Lemma 3.2: alpha(k) = -[P(k) + S(k)]^-1 (z_p(k) + z_s(k)), every body on its own;
//   (3.13), two local forms, equal in exact arithmetic:
//     p-form qdd(k) = (eps_p - (P s)^T (alpha(u) + a)) / D_p  (alpha+(k) = alpha of parent u),
//     s-form qdd(k) = (eps_s + (S+ s)^T alpha(k)) / D_s;
//   alpha of a light link beside heavy ones carries cond(Lambda) eps errors (cond ~ the mass
//   ratio), so each joint reads the alpha of its link nearer the vehicle, the heavy body of a
//   VMS: the p-form when the edge runs as in the model, the s-form when the re-rooting reversed
//   it (UVMS example: 1e-15 instead of 3e-11 with the s-form everywhere).
//   Algorithm 8: Lambda(k) = P(k) + S(k), the operational-space inertia of body k.
// (z_p here is the paper's z_p - P a_p: the velocity term of a hinge is added when its
// articulated force crosses it.) b(k) = v x* (M v) - weight - external wrench; the vehicle
// wrench is an external force on the vehicle body in both sweeps (notes, "Base forces").
//
// Free vehicles only: with a constrained vehicle, S is infinite in the blocked directions near
// the vehicle (Upsilon = Lambda^-1 is singular there, notes §4) and Lemma 3.2 does not apply.
#include <Eigen/Cholesky>
#include <optional>
#include <string>
#include <vector>

#include "core/solvers/forward_dynamics_solver.hpp"
#include "core/solvers/rerooted_tree.hpp"

namespace vms {
/// Workspace arrays at Eigen's full alignment (64 bytes with AVX-512), not a Mat6's own 32:
/// with 32 the vectorized loops over a 6x6 block start at an address-dependent element, whose
/// head is computed without FMA, so two solver objects rounded differently in the last bit
/// (the desktop export of seed002_base_invariance differed from `vms run` by 1 ulp).
template <class T>
using AlignedArray = std::vector<T, Eigen::aligned_allocator<T>>;
}  // namespace vms

namespace vms {

/// Which form of the paper's equations the solver runs. Only Corrected is right; the printed
/// ones reproduce an erratum of the paper (notes §1, §3) for teaching and for the tests that
/// show each gives wrong accelerations.
enum class BaseInvariantVariant {
  /// Algorithm 5 as corrected in the notes, (2.2) with the prismatic term.
  Corrected,
  /// (3.5a)+(3.6) as printed: z_s+(k) gets {S(k+1)+M(k+1)} a_s(k+1) with
  /// a_s(k+1) = -phi*(k+2,k+1) a_p(k+2), the velocity term of the hinge two steps nearer the
  /// base (zero where there is none), instead of S+(k) (-a_p(k)).
  PrintedDualCoriolis,
  /// (3.5a) as printed: eps_s(k) = T(k) + H(k) z_s(k), reading z_s(k) before the line that
  /// computes it (the sweep clears it to zero), instead of T(k) + H(k) z_s+(k).
  PrintedDualInnovation,
  /// (2.2) as printed: a(k) = [w(k+1) x w(k); w(k+1) x (v(k) - v(k+1))], which misses
  /// w(k+1) x (H*(k) beta(k))_linear for prismatic hinges (their velocity term becomes 0).
  PrintedVelocityTerm,
};

/// Every variant, Corrected first.
inline constexpr BaseInvariantVariant kAllBaseInvariantVariants[] = {
    BaseInvariantVariant::Corrected, BaseInvariantVariant::PrintedDualCoriolis,
    BaseInvariantVariant::PrintedDualInnovation, BaseInvariantVariant::PrintedVelocityTerm};

/// "corrected", "printed-dual-coriolis", "printed-dual-innovation", "printed-velocity-term".
std::string toString(BaseInvariantVariant variant);
std::optional<BaseInvariantVariant> baseInvariantVariantFromString(const std::string& name);
/// One line: what the variant runs, with the paper's equation numbers.
std::string describe(BaseInvariantVariant variant);

struct BaseInvariantOptions {
  BaseInvariantVariant variant = BaseInvariantVariant::Corrected;
  /// The body taken as the base (Appendix A); 0 = the vehicle. The state and the results stay
  /// in the model's own coordinates (vehicle pose and body twist, q, qd, qdd).
  int root_body = 0;
};

/// The quantities of the last compute(), per body (index = model body), world frame at the
/// world origin (Data's convention).
struct BaseInvariantQuantities {
  AlignedArray<Mat6> P, S;          // articulated inertias of the two sweeps
  AlignedArray<Mat6> Pa, S_plus;    // P+ moved across the edge to the parent; S+ (before the hinge)
  AlignedArray<Vec6> z_p, z_s;      // articulated bias forces of the two sweeps
  AlignedArray<Vec6> za, z_s_plus;  // z_p moved across the edge; z_s+ (before the hinge)
  AlignedArray<Vec6> a;             // velocity term of the body's edge (re-rooted direction)
  AlignedArray<Vec6> s;             // axis of the body's edge (re-rooted direction)
  AlignedArray<Vec6> U_p, U_s;      // P s, S+ s
  std::vector<double> D_p, D_s, eps_p, eps_s;
  AlignedArray<Vec6> alpha;  // spatial accelerations from Lemma 3.2
  std::vector<double> form;  // (3.13) used for the body's edge: +1 p-form, -1 s-form
};

/// O(N) forward dynamics by the two opposite recursions of Algorithm 6 (see the file comment).
/// Free vehicles only (the registry refuses the others); allocation-free compute().
class BaseInvariantSolver final : public ForwardDynamicsSolver {
 public:
  /// Throws std::invalid_argument if the vehicle is not free or the root body is out of range.
  explicit BaseInvariantSolver(const Model& model, BaseInvariantOptions options = {});
  std::string description() const override;
  std::vector<SolverQuantity> intermediates() const override;

  const BaseInvariantOptions& options() const { return options_; }
  const RerootedTree& tree() const { return tree_; }
  const BaseInvariantQuantities& quantities() const { return x_; }
  /// Lambda(k) = P(k) + S(k) (Algorithm 8) at the origin of body k's frame, world axes,
  /// [linear; angular]: relates [v_o; w] of body k and a wrench [f; n at o]. Allocates.
  Mat6 operationalSpaceInertia(int body) const;

 private:
  void computeWithCheckedArguments(const Model& model, Data& data, const State& state,
                                   const Eigen::Ref<const VecX>& tau,
                                   const ExternalForces& external) override;

  void biasForces(const Model& model, const Data& data, const ExternalForces& external);
  void tipToRootSweep(const Model& model, const Eigen::Ref<const VecX>& tau);
  void rootToTipSweep(const Model& model, const Eigen::Ref<const VecX>& tau);
  void perBodyAccelerations(const Model& model, Data& data);

  BaseInvariantOptions options_;
  RerootedTree tree_;
  std::vector<Pose> body_pose_;  // oMi at the last compute (for the body-origin Lambda)
  BaseInvariantQuantities x_;
  AlignedArray<Mat6> M_;        // rigid (plus added) inertias
  AlignedArray<Vec6> b_;        // bias forces
  AlignedArray<Vec6> a_grand_;  // PrintedDualCoriolis: the velocity term it uses
  // At Eigen's full alignment (see AlignedArray): the factorisation's loops then start at the
  // same element in every solver object.
  alignas(EIGEN_MAX_ALIGN_BYTES) Eigen::LLT<Mat6> llt_;
  std::vector<std::string> body_names_;
};

}  // namespace vms
