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
// nu_b = iota0^T twist_b (H_0 = Mbb, H_0m = Mbm, H_m = Mmm of the mass matrix): with the
// momentum h = H_0 nu_b + H_0m qd (42), A = H_0^-1 H_0m and Omega = H_0^-1 h,
//   nu_b = Omega - A qd                                                        (109)
//   H* qdd + C* + N* = Q_m - A^T Q_0                                         (44), corrected
//   N*_k = [A^T ad_V^T h]_k + [Adot^T h]_k - Omega^T (dH_0m/dq_k qd - dH_0/dq_k A qd)
//          - 1/2 Omega^T dH_0/dq_k Omega                                    (Routh + coadjoint)
//   dh/dt = ad_V^T h + Q_0                                                    ((43) with forces)
// where Q_m, Q_0 are the generalized forces of tau, gravity and the external wrenches on the
// joints and the vehicle. N* vanishes at zero momentum, where this is the paper's (47).
//
// The blocks and their derivatives come from the paper's own construction on a DH arm (the
// sums (28)-(36), their rates (66)-(79) and joint-angle derivatives (80)-(102),
// core/solvers/dh_inertia_sums.hpp; S_U of a free vehicle from the elements (54)-(59)), and
// from crba, MassMatrixDerivatives and the generic Schur complement on every other model.
#include <Eigen/Cholesky>
#include <optional>
#include <string>
#include <vector>

#include "core/algorithms/mass_matrix_derivatives.hpp"
#include "core/solvers/dh_inertia_sums.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"
#include "core/solvers/generalized_jacobian_variant.hpp"

namespace vms {

/// Where H_0, H_0m, H_m, their derivatives and S_U come from. Both are exact and agree to
/// rounding; the paper's is the default wherever it applies.
enum class GeneralizedJacobianAssembly {
  /// The paper's construction: the DH chain (8)-(10), the sums (28)-(36), their time rates
  /// (66)-(79) and joint-angle derivatives (80)-(102) with (84), and S_U by the element
  /// formulas (54)-(59), in the inertial frame, then in the vehicle's body-twist coordinates.
  /// For models that are DH arms (dh_arm.hpp: a serial chain of revolute joints about z of
  /// DH-form joint frames, no added mass) on any holonomic vehicle; every other model takes
  /// CrbaSchur (the solver says which, and why, in assembly() and assemblyNote()).
  DhSums,
  /// The generic path: crba's blocks, MassMatrixDerivatives' exact dM/dq_k and the Schur
  /// complement X - W U^-1 V of H_0, for every model.
  CrbaSchur,
};

/// "dh-sums", "crba-schur".
std::string toString(GeneralizedJacobianAssembly assembly);

struct GeneralizedJacobianOptions {
  GeneralizedJacobianVariant variant = GeneralizedJacobianVariant::Corrected;
  GeneralizedJacobianAssembly assembly = GeneralizedJacobianAssembly::DhSums;
};

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

/// Forward dynamics through the vehicle-eliminated reduced equations of seed 004. The blocks
/// come from the paper's DH sums on a DH arm, from the composite-rigid-body algorithm and
/// MassMatrixDerivatives elsewhere (exact either way, no finite differences). Every holonomic
/// vehicle type (for a fixed vehicle H* = H_m and there is no momentum). Dense, O(n^3) per
/// call.
class GeneralizedJacobianSolver final : public ForwardDynamicsSolver {
 public:
  /// Throws std::invalid_argument for PrintedInverseSign and PrintedSchurElements unless the
  /// model's vehicle is free (the printed (52)-(59) are for a 6 x 6 H_0), for
  /// PrintedSchurElements with added mass (the elements are for rigid bodies) and for
  /// PrintedDhDerivative unless the DH sums run (a DH arm, assembly DhSums).
  explicit GeneralizedJacobianSolver(const Model& model, GeneralizedJacobianOptions options = {});
  GeneralizedJacobianSolver(const Model& model, GeneralizedJacobianVariant variant)
      : GeneralizedJacobianSolver(
            model, GeneralizedJacobianOptions{variant, GeneralizedJacobianAssembly::DhSums}) {}
  std::string description() const override;
  std::vector<SolverQuantity> intermediates() const override;

  GeneralizedJacobianVariant variant() const { return variant_; }
  /// The assembly that runs: DhSums only where it was asked for and the model is a DH arm.
  GeneralizedJacobianAssembly assembly() const {
    return sums_ ? GeneralizedJacobianAssembly::DhSums : GeneralizedJacobianAssembly::CrbaSchur;
  }
  /// Why CrbaSchur runs ("" when DhSums does).
  const std::string& assemblyNote() const { return assembly_note_; }
  const GeneralizedJacobianQuantities& quantities() const { return x_; }
  /// The paper's sums at the last compute() (nullptr on the generic path).
  const DhInertiaSums* dhSums() const { return sums_ ? &*sums_ : nullptr; }

 private:
  void computeWithCheckedArguments(const Model& model, Data& data, const State& state,
                                   const Eigen::Ref<const VecX>& tau,
                                   const ExternalForces& external) override;

  void blocksFromCrba(const Model& model, Data& data, const State& state);
  void blocksFromDhSums(const Model& model, Data& data, const State& state);
  void invertH0(const Model& model, const Data& data);
  void generalizedForces(const Model& model, const Data& data, const Eigen::Ref<const VecX>& tau,
                         const ExternalForces& external);
  void velocityTerms(const State& state);
  void generalizedJacobian(const Model& model, const Data& data);

  GeneralizedJacobianVariant variant_;
  std::string assembly_note_;
  std::optional<DhInertiaSums> sums_;
  int b_, n_;
  GeneralizedJacobianQuantities x_;
  std::optional<MassMatrixDerivatives> dM_;  // the generic path's
  Eigen::LLT<MatX> H0_llt_, Hstar_llt_;
  MatX Mdot_, H0_inv_dot_, A_dot_;
  // Per joint k, in vehicle coordinates: dH_0/dq_k, dH_0m/dq_k qd (column k), qd^T dH_m/dq_k qd.
  std::vector<MatX> dH0_;
  MatX dH0m_qd_all_;
  VecX qd_dHm_qd_;
  Mat6X body6_n_, body6_n2_;        // 6 x n workspaces
  bool basis_is_identity_ = false;  // a free vehicle's iota0
  // The bodies for the element formulas (54)-(59) on the generic path.
  std::vector<double> body_mass_;
  std::vector<Vec3> body_offset_;
  std::vector<Mat3> body_inertia_;
  MatX bb_, bn_, nn_;
  VecX b_vec_, n_vec_, Aqd_, dH0_Aqd_, dH0m_qd_;
  Mat6X J_;
  std::vector<Vec6> weight_sum_, external_sum_;
};

}  // namespace vms
