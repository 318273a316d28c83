#pragma once
// Seed 003 §3-§4 (Hoffman, "Dynamics of Free Flying Space Manipulators"): the barycentric
// formulation of a free-flying system about its centre of mass. Barycentric vectors v_ik
// (10)-(11) with the corrected (6), the inertia dyadics D, D_q, D_qq (42)-(46), the reduced
// inertia H = D_qq - D_q^T D^-1 D_q (55), c_h (56). Notation and errata:
// /work/shared/notes/seed-003.md §1, §6.
#include <Eigen/Cholesky>
#include <optional>
#include <string>
#include <vector>

#include "core/solvers/forward_dynamics_solver.hpp"

namespace vms {

/// Which form of the paper's equations runs. Only Corrected is right; the printed ones keep an
/// erratum of the notes (§6) for teaching and for the tests that show it.
enum class BarycentricVariant {
  /// c_i = l_i mu_i + r_i (1 - mu_{i+1}) (6, corrected), r_CM from the total force.
  Corrected,
  /// (6) as printed: c_i = l_i mu_i + r_i (1 - mu_i). Serial chains only (mu_i is a chain
  /// index); the constructor refuses trees.
  PrintedBarycentre,
  /// §6 (102)/(108) as printed: the vehicle's own centre-of-mass velocity v_0 with the total
  /// mass M, M dv_0/dt = f, in place of the system centre of mass.
  PrintedCentreOfMassVelocity,
  /// (117)/(119)/(123) as printed: dL/dqd = D_q w + D_qq qd, so the joint equation couples
  /// through D_q w_0' instead of D_q^T w_0'. Dimensionally valid only for three joints (D_q is
  /// 3 x n); the constructor refuses other models.
  PrintedJointCoupling,
};

inline constexpr BarycentricVariant kAllBarycentricVariants[] = {
    BarycentricVariant::Corrected, BarycentricVariant::PrintedBarycentre,
    BarycentricVariant::PrintedCentreOfMassVelocity, BarycentricVariant::PrintedJointCoupling};

/// "corrected", "printed-barycentre", "printed-cm-velocity", "printed-joint-coupling".
std::string toString(BarycentricVariant variant);
std::optional<BarycentricVariant> barycentricVariantFromString(const std::string& name);
/// One line: what the variant evaluates, with the paper's equation numbers.
std::string describe(BarycentricVariant variant);

/// How the inertia [[D, D_q], [D_q^T, D_qq]] of (50) is assembled. Both are exact and agree to
/// rounding; the paper's is the default.
enum class BarycentricAssembly {
  /// The paper's sums: the bracketed D_ij of (42) from the barycentric vectors, summed into
  /// D (43)-(44), D_q (45) and D_qq (46) by subtree sums; prismatic joints by the same
  /// closed-form sums over the slides' mass shares.
  DijSums,
  /// Kane's products: sum_k m_k J_k^T J_k + Omega_k^T I_k Omega_k over the partial velocities
  /// rho_k' = J_k xi, w_k = Omega_k xi (the generic assembly, for comparison).
  KaneProducts,
};

/// "dij-sums", "kane-products".
std::string toString(BarycentricAssembly assembly);

struct BarycentricOptions {
  BarycentricVariant variant = BarycentricVariant::Corrected;
  BarycentricAssembly assembly = BarycentricAssembly::DijSums;
};

/// Forward dynamics of a free vehicle with a tree of revolute and prismatic joints in the
/// barycentric coordinates of seed 003: xi = [w_0 (vehicle frame); qd] with the system centre
/// of mass r_CM separate. M r_CM'' = total external force (gravity only enters here: by (3)
/// sum m_k J_k = 0); the rotational and joint equations (52)-(54) are Kane's equations with the
/// partial velocities rho_k' = J_k xi = sum_i w_i x v_ik (18), whose mass matrix is
/// [[D, D_q], [D_q^T, D_qq]], assembled from the paper's D_ij (42)-(46) (or, as an option, as
/// Kane's products), and whose right-hand side carries every external wrench (the moments about
/// the system centre of mass (52), the joints' generalized forces). Exact with gravity, joint
/// forces, the vehicle wrench and world wrenches on bodies.
///
/// Only the free vehicle: the centre-of-mass split needs an unconstrained vehicle (a planar,
/// ball, translating, Schoenflies or fixed vehicle is held by constraint forces that are not
/// known in advance). Refuses a model with added mass (the split needs rigid bodies: the
/// added-mass momentum does not follow the centre of mass). Dense, O(N^2) per call for the
/// barycentric vectors and the D_ij, O(N^3) for the velocity terms (the partial velocities)
/// and the solve; nothing allocated in compute().
class BarycentricSolver final : public ForwardDynamicsSolver {
 public:
  /// Throws std::invalid_argument for a vehicle that is not free, for added mass, for
  /// PrintedBarycentre on a tree and for PrintedJointCoupling unless there are three joints.
  explicit BarycentricSolver(const Model& model, BarycentricOptions options = {});
  BarycentricSolver(const Model& model, BarycentricVariant variant)
      : BarycentricSolver(model, BarycentricOptions{variant, BarycentricAssembly::DijSums}) {}
  std::string description() const override;
  std::vector<SolverQuantity> intermediates() const override;

  BarycentricVariant variant() const { return variant_; }
  BarycentricAssembly assembly() const { return assembly_; }
  // The quantities of the last compute(); world axes unless said otherwise.
  const MatX& barycentricVectors() const { return V_; }    // 3 nbodies x nbodies: block (i, k) v_ik
  const MatX& barycentreOffsets() const { return c_; }     // 3 x nbodies: c_i (6)
  const MatX& rho() const { return rho_; }                 // 3 x nbodies: rho_k = sum_i v_ik (10)
  const MatX& inertia() const { return Dfull_; }           // [[D, D_q], [D_q^T, D_qq]] (50)
  Mat3 D() const { return Dfull_.topLeftCorner<3, 3>(); }  // vehicle frame (43)-(44)
  MatX Dq() const { return Dfull_.topRightCorner(3, n_); }       // vehicle frame (45)
  MatX Dqq() const { return Dfull_.bottomRightCorner(n_, n_); }  // (46)
  const MatX& reducedInertia() const { return H_; }              // (55)
  const VecX& ch() const { return ch_; }                         // (56)
  const Vec3& comAcceleration() const { return rcm_ddot_; }
  /// D_ij (42), bracketed, as 3 nbodies x 3 nbodies (world axes), from the barycentric vectors:
  /// D_ii = I_i + sum_k m_k [(v_ik . v_ik) 1 - v_ik v_ik^T], and for i != j
  /// D_ij = -M [(v_ij . v_ji) 1 - v_ji v_ij^T] (on a chain v_ij = r_i*, v_ji = l_j* for i < j).
  const MatX& Dij() const { return Dij_; }

 private:
  void computeWithCheckedArguments(const Model& model, Data& data, const State& state,
                                   const Eigen::Ref<const VecX>& tau,
                                   const ExternalForces& external) override;

  void barycentricVectors(const Model& model, const Data& data);
  void jacobians(const Model& model, const State& state);
  void dyadics();
  void inertiaFromDyadics();
  void inertiaFromKaneProducts();

  BarycentricVariant variant_;
  BarycentricAssembly assembly_;
  int nb_, n_;
  double total_mass_;
  std::vector<int> parent_, column_, first_child_;
  std::vector<char> prismatic_;
  std::vector<int> attach_;  // attach_[i * nb + k]: -1 k == i, child c of i toward k, -2 parent
  std::vector<double> mass_, subtree_mass_;
  std::vector<Vec3> com_, origin_, joint_point_, axis_, omega_, omega_dot_;
  std::vector<Mat3> Iw_;
  Mat3 R0_;
  MatX V_, c_, rho_, rho_ddot_;  // rho_ddot_: bias accelerations (xi' = 0)
  MatX X_, Y_;                   // stacked [J_k; Omega_k] and [m_k J_k; I_k Omega_k]
  VecX z_, y_;                   // stacked bias inertia forces and external wrenches
  MatX Dij_, S_;  // S_: block (a, b) the sum of D_ij over i in subtree a, j in subtree b
  MatX G_;        // 3 nbodies x n: per prismatic joint b, sum over the subtree of i of g_ib x u_b
  MatX Dfull_, Dinv_Dq_, H_;
  VecX xi_, bias_, Qext_, c1_, c2_, ch_, rhs_q_, qdd_;
  Vec3 rhs_w_, wdot_, rcm_ddot_, force_;
  Eigen::LLT<Mat3> D_llt_;
  Eigen::LLT<MatX> H_llt_;
};

}  // namespace vms
