#include "core/solvers/generalized_jacobian_solver.hpp"

#include <stdexcept>

#include "core/algorithms/crba.hpp"
#include "core/algorithms/jacobian.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/solvers/solver_variant_table.hpp"
#include "core/solvers/subtree_wrenches.hpp"
#include "core/solvers/vehicle_inertia_inverse.hpp"
#include "core/spatial/so3.hpp"

namespace vms {

namespace {

// A random DH arm, on which the paper's construction runs.
RandomTreeOptions dhArmDemo(BaseType base, int bodies, std::uint64_t seed) {
  RandomTreeOptions o = demoTree(base, bodies, true, 0.0, seed);
  o.dh_arm = true;
  return o;
}

// Every form the solver runs, the corrected one first; each printed one is an erratum of the
// paper (its equation, what is wrong, the acceleration error docs/solvers.md reports, a tree it
// shows on).
const VariantTable<GeneralizedJacobianVariant>& variants() {
  static const VariantTable<GeneralizedJacobianVariant> table = {
      {GeneralizedJacobianVariant::Corrected, "corrected",
       "corrected: H* qdd + dH*/dt qd + c* + N* = Q_m - A^T Q_0 (45)-(49), "
       "H_0^-1 by (52) with -S_U^-1 W U^-1 lower left"},
      {GeneralizedJacobianVariant::PrintedHstarDot, "printed-hstar-dot",
       "(44)/(47)/(49) as printed: C* = H* qd + c* (dot on H* lost)", "seed 004 (44)/(47)/(49)",
       "The dot on H* is lost, so C* = H* qd + c* instead of dH*/dt qd + c*. The error acts "
       "inside the arm's reduced equation, so the vehicle momentum and the centre of mass "
       "stay perfect; only the energy (0.82 drift in 1 s) and the accelerations show it.",
       0.026, demoTree(BaseType::Free, 5, false, 0.25, 18)},
      {GeneralizedJacobianVariant::PrintedInverseSign, "printed-inverse-sign",
       "(52) as printed: lower-left block of H_0^-1 = +S_U^-1 r_0C^x (free vehicle)",
       "seed 004 (52)",
       "The lower-left block of H_0^-1 is printed as +S_U^-1 r_0C^x, so it is no inverse "
       "(|H_0^-1 H_0 - 1| >= 0.95) and A, H* and the recovered vehicle velocity are wrong. "
       "Checking H_0^-1 H_0 = 1 catches it at once; an energy drift shows only over a run.",
       0.15, demoTree(BaseType::Free, 5, false, 0.25, 19)},
      {GeneralizedJacobianVariant::PrintedSchurElements, "printed-schur-elements",
       "(54)-(59) as printed: S_U from its elements with the s_22, s_33 summed terms "
       "m_i (r_y^2 + r_z^2), in inertial axes (free vehicle, rigid bodies)",
       "seed 004 (54)-(59)",
       "The summed terms of s_22 and s_33 read m_i (r_y^2 + r_z^2), the s_11 term, so the "
       "Schur complement S_U is wrong by >= 0.15. The accelerations are off by only 0.29 % at "
       "the smallest, so it takes a comparison with another formulation to see it at once.",
       0.0029, demoTree(BaseType::Free, 5, false, 0.25, 20)},
      {GeneralizedJacobianVariant::PrintedMomentumTerms, "printed-momentum-terms",
       "(44) as printed for M_0 != 0: Adot^T M_0 - 1/2 d/dq (M_0^T H_0^-1 M_0), no "
       "dA/dq or coadjoint term",
       "seed 004 (44), M_0 != 0",
       "With a nonzero vehicle momentum, (44) as printed lacks Routh's -M_0^T dA/dq qd and "
       "the coadjoint term and has the opposite sign on the locked term. It is exact at "
       "M_0 = 0, the only case the paper uses, so every check on a run from rest passes.",
       0.28, demoTree(BaseType::Free, 5, false, 0.25, 21)},
      {GeneralizedJacobianVariant::PrintedDhDerivative, "printed-dh-derivative",
       "(84) as printed: dA/dq with the (2,4) entry -c cos q, in the DH chain's joint-angle "
       "derivatives (85)-(91) behind c* and the momentum terms (DH arms)",
       "seed 004 (84)",
       "The (2,4) entry of dA/dq is printed -c cos q, so the chain's joint-angle derivatives, "
       "and with them c* (81), are wrong wherever a link has a length. Momentum and centre of "
       "mass cannot show it: the vehicle velocity is recovered from the momentum, which the "
       "error does not touch.",
       0.0066, dhArmDemo(BaseType::Free, 6, 22)},
  };
  return table;
}

}  // namespace

std::string toString(GeneralizedJacobianVariant variant) {
  return variantRow(variants(), variant).name;
}

std::optional<GeneralizedJacobianVariant> generalizedJacobianVariantFromString(
    const std::string& name) {
  return variantNamed(variants(), name);
}

std::string describe(GeneralizedJacobianVariant variant) {
  return variantRow(variants(), variant).formula;
}

std::string toString(GeneralizedJacobianAssembly assembly) {
  return assembly == GeneralizedJacobianAssembly::DhSums ? "dh-sums" : "crba-schur";
}

// The registry entry (core/solvers/solver_registry.cpp lists it).
const SolverEntry& generalizedJacobianSolverEntry() {
  static const SolverEntry entry = [] {
    SolverEntry e;
    e.name = "generalized-jacobian";
    e.summary = "Seed 004: the vehicle eliminated through momentum; the generalized inertia H*";
    e.description =
        "The vehicle eliminated through its momentum: the joints obey H* qdd + C* + N* = "
        "Q_m - A^T Q_0 with the generalized inertia H* (45) and C* = dH*/dt qd + c* (49), the "
        "vehicle velocity recovered from the momentum (109). On a DH arm (a serial chain of "
        "revolute joints in DH form, no added mass) H_0, H_0m, H_m and their derivatives come "
        "from the paper's DH sums (28)-(36), (66)-(102) and S_U from its elements (54)-(59); on "
        "other models from crba and the generic Schur complement. Generalized beyond the "
        "paper's zero momentum, free vehicle and no forces to any momentum, every holonomic "
        "vehicle, gravity and external wrenches. Dense, O(n^3).";
    e.paper =
        "seed 004: Wilde, Kwok Choon, Grompone, Romano, \"Equations of Motion of Free-Floating "
        "Spacecraft-Manipulator Systems: An Engineer's Tutorial\", (28)-(59), (66)-(102), (109)";
    e.refusals = refuseNonholonomic(
        "seed 004's elimination of the vehicle needs the vehicle's velocities to span a Lie "
        "subalgebra");
    e.make = [](const Model& model) -> std::unique_ptr<ForwardDynamicsSolver> {
      return std::make_unique<GeneralizedJacobianSolver>(model);
    };
    e.printed_variants =
        printedVariants(variants(), [](const Model& model, GeneralizedJacobianVariant v) {
          return std::make_unique<GeneralizedJacobianSolver>(model, v);
        });
    return e;
  }();
  return entry;
}

GeneralizedJacobianSolver::GeneralizedJacobianSolver(const Model& model,
                                                     GeneralizedJacobianOptions options)
    : ForwardDynamicsSolver(generalizedJacobianSolverEntry()),
      variant_(options.variant),
      b_(model.base_dof),
      n_(model.njoints) {
  const GeneralizedJacobianVariant variant = options.variant;
  if (needsFreeVehicle(variant) && model.base_type != BaseType::Free)
    throw std::invalid_argument("generalized-jacobian variant " + toString(variant) +
                                ": the printed (52)-(59) are for the 6 x 6 H_0 of a free "
                                "vehicle; the model's vehicle is " +
                                toString(model.base_type));
  if (variant == GeneralizedJacobianVariant::PrintedSchurElements && model.hasAddedMass())
    throw std::invalid_argument("generalized-jacobian variant " + toString(variant) +
                                ": the element formulas (54)-(59) are for rigid bodies; the "
                                "model has added mass");
  if (options.assembly == GeneralizedJacobianAssembly::DhSums)
    assembly_note_ = dhArmProblem(model);
  else
    assembly_note_ = "the generic assembly was asked for";
  if (needsDhArm(variant) && !assembly_note_.empty())
    throw std::invalid_argument("generalized-jacobian variant " + toString(variant) +
                                ": (84) is a step of the paper's DH construction, which does not "
                                "run here: " +
                                assembly_note_);
  if (assembly_note_.empty())
    sums_.emplace(model);
  else
    dM_.emplace(model);
  const int b = b_, n = n_;
  for (MatX* m : {&x_.H0, &x_.H0_inv, &H0_inv_dot_, &bb_}) *m = MatX::Zero(b, b);
  for (MatX* m : {&x_.H0m, &x_.A, &A_dot_, &bn_, &dH0m_qd_all_}) *m = MatX::Zero(b, n);
  for (MatX* m : {&x_.Hm, &x_.Hstar, &x_.Hstar_dot, &nn_}) *m = MatX::Zero(n, n);
  for (VecX* v : {&x_.h, &x_.Omega, &x_.nu_b, &x_.Q_0, &x_.h_dot, &x_.nu_b_dot, &x_.adT_h, &b_vec_,
                  &Aqd_, &dH0_Aqd_, &dH0m_qd_})
    *v = VecX::Zero(b);
  for (VecX* v :
       {&x_.c_star, &x_.C_star, &x_.N_star, &x_.Q_m, &x_.rhs, &x_.qdd, &n_vec_, &qd_dHm_qd_})
    *v = VecX::Zero(n);
  dH0_.assign(static_cast<std::size_t>(n), MatX::Zero(b, b));
  body6_n_ = Mat6X::Zero(6, n);
  body6_n2_ = Mat6X::Zero(6, n);
  basis_is_identity_ = b == 6 && model.base_basis.isIdentity(0.0);
  x_.S_U.setZero();
  x_.mu.setZero();
  Mdot_ = MatX::Zero(model.nv, model.nv);
  // Sized by a first factorisation: assigning Eigen::LLT<MatX>(size) would copy its
  // uninitialised ComputationInfo (undefined behaviour UBSan reports).
  H0_llt_.compute(MatX::Identity(b, b));
  Hstar_llt_.compute(MatX::Identity(n, n));
  x_.jstar_frame = static_cast<int>(model.frames.size()) - 1;
  x_.Jstar = Mat6X::Zero(6, x_.jstar_frame >= 0 ? n : 0);
  J_ = Mat6X::Zero(6, model.nv);
  weight_sum_.assign(static_cast<std::size_t>(model.nbodies), Vec6::Zero());
  external_sum_.assign(static_cast<std::size_t>(model.nbodies), Vec6::Zero());
  body_mass_.assign(static_cast<std::size_t>(model.nbodies), 0.0);
  body_offset_.assign(static_cast<std::size_t>(model.nbodies), Vec3::Zero());
  body_inertia_.assign(static_cast<std::size_t>(model.nbodies), Mat3::Zero());
}

std::string GeneralizedJacobianSolver::description() const {
  std::string d = entry().summary + "; " +
                  (sums_ ? "the paper's DH sums (28)-(36), (54)-(59), (66)-(102)"
                         : "crba and the generic Schur complement (" + assembly_note_ + ")");
  if (variant_ != GeneralizedJacobianVariant::Corrected)
    d += "; PRINTED VARIANT (wrong): " + describe(variant_);
  return d;
}

void GeneralizedJacobianSolver::computeWithCheckedArguments(const Model& model, Data& data,
                                                            const State& state,
                                                            const Eigen::Ref<const VecX>& tau,
                                                            const ExternalForces& external) {
  // The workspace was sized for the model the solver was made for (makeSolver(name, model)).
  const int base_dof_of_the_solvers_model = b_, joints_of_the_solvers_model = n_;
  VMS_CHECK_ARGUMENT_SIZE_IN(checkLabel(), model.base_dof, base_dof_of_the_solvers_model,
                             "model.base_dof");
  VMS_CHECK_ARGUMENT_SIZE_IN(checkLabel(), model.njoints, joints_of_the_solvers_model,
                             "model.njoints");
  const int b = b_, n = n_;
  const VecX& qd = state.qd;

  if (sums_)
    blocksFromDhSums(model, data, state);
  else
    blocksFromCrba(model, data, state);
  x_.Hstar = x_.Hm;  // (45)
  if (b > 0) {
    invertH0(model, data);
    x_.A.noalias() = x_.H0_inv * x_.H0m;
    x_.Hstar.noalias() -= x_.H0m.transpose() * x_.A;

    // Momentum (42) from the state, and the vehicle velocity recovered from it (109).
    b_vec_.noalias() = model.base_basis.transpose() * state.base_twist;
    x_.h.noalias() = x_.H0 * b_vec_;
    x_.h.noalias() += x_.H0m * qd;
    x_.Omega.noalias() = x_.H0_inv * x_.h;
    x_.nu_b = x_.Omega;
    x_.nu_b.noalias() -= x_.A * qd;
    // ad_V^T h on the vehicle's subalgebra: its bracket is se(3)'s (span(iota0) is closed).
    const Vec6 V6 = model.base_basis * x_.nu_b;
    const Vec6 h6 = model.base_basis * x_.h;
    x_.adT_h.noalias() = model.base_basis.transpose() * (-crossForce(V6, h6));
  }

  generalizedForces(model, data, tau, external);
  velocityTerms(state);

  x_.rhs = x_.Q_m - x_.C_star - x_.N_star;
  if (b > 0) x_.rhs.noalias() -= x_.A.transpose() * x_.Q_0;
  if (n > 0) {
    Hstar_llt_.compute(x_.Hstar);
    x_.qdd = Hstar_llt_.solve(x_.rhs);
  }

  // The vehicle: (43) with the forces, then the time derivative of (109).
  if (b > 0) {
    x_.h_dot = x_.adT_h + x_.Q_0;
    x_.nu_b_dot.noalias() = H0_inv_dot_ * x_.h;
    x_.nu_b_dot.noalias() += x_.H0_inv * x_.h_dot;
    x_.nu_b_dot.noalias() -= A_dot_ * qd;
    x_.nu_b_dot.noalias() -= x_.A * x_.qdd;
    data.base_twist_dot.noalias() = model.base_basis * x_.nu_b_dot;
  } else {
    data.base_twist_dot.setZero();
  }
  data.qdd = x_.qdd;
  generalizedJacobian(model, data);
}

// The generic path: crba's blocks, MassMatrixDerivatives' dM/dq_k, the world momentum from the
// composite inertias.
void GeneralizedJacobianSolver::blocksFromCrba(const Model& model, Data& data, const State& state) {
  const int b = b_, n = n_;
  const VecX& qd = state.qd;
  crba(model, data, state);
  dM_->compute(model, data);
  x_.H0 = data.M.topLeftCorner(b, b);
  x_.H0m = data.M.topRightCorner(b, n);
  x_.Hm = data.M.bottomRightCorner(n, n);
  Mdot_.setZero();
  for (int k = 0; k < n; ++k) {
    const MatX& d = (*dM_)[k];
    Mdot_ += qd[k] * d;
    dH0_[static_cast<std::size_t>(k)] = d.topLeftCorner(b, b);
    dH0m_qd_all_.col(k).noalias() = d.topRightCorner(b, n) * qd;
    n_vec_.noalias() = d.bottomRightCorner(n, n) * qd;
    qd_dHm_qd_[k] = qd.dot(n_vec_);
  }
  // World spatial momentum: the whole system moving with the vehicle, plus each joint's
  // subtree moving along its axis.
  b_vec_.noalias() = model.base_basis.transpose() * state.base_twist;
  x_.mu.noalias() = data.Ic[0] * (data.S0 * b_vec_);
  for (int k = 1; k < model.nbodies; ++k)
    x_.mu.noalias() += data.Ic[k] * (data.S[k] * qd[model.joint_index[k]]);
}

// The paper's path: the DH sums in the inertial frame 𝒥, moved to the vehicle's body axes
// (T = diag(R_0, R_0): H_0 -> T^T H_0 T, H_0m -> T^T H_0m) and onto its subgroup (iota0). The
// body-axes blocks depend on q only; their rates are the inertial ones less the turning of the
// axes, with Omega = diag(w_b^x, w_b^x): T^T dH_0/dt T - Omega H_0 + H_0 Omega and
// T^T dH_0m/dt - Omega H_0m.
void GeneralizedJacobianSolver::blocksFromDhSums(const Model& model, Data& data,
                                                 const State& state) {
  const int b = b_, n = n_;
  const VecX& qd = state.qd;
  forwardKinematics(model, data, state);  // for the forces and J*
  DhInertiaSums& s = *sums_;
  s.compute(state, variant_ == GeneralizedJacobianVariant::PrintedDhDerivative);
  const Mat3 R0 = state.base_orientation.toRotationMatrix();
  const Mat6X& B = model.base_basis;
  const auto toBody = [&](const Mat6X& world, Mat6X& body) {
    body.topRows<3>().noalias() = R0.transpose() * world.topRows<3>();
    body.bottomRows<3>().noalias() = R0.transpose() * world.bottomRows<3>();
  };
  // T^T X T, block by block.
  const auto rotated = [&](const Mat6& world) {
    Mat6 body;
    for (int r = 0; r < 6; r += 3)
      for (int c = 0; c < 6; c += 3)
        body.block<3, 3>(r, c).noalias() = R0.transpose() * (world.block<3, 3>(r, c) * R0);
    return body;
  };
  const auto project = [&](const Mat6& body6, MatX& out) {
    if (basis_is_identity_) {
      out = body6;
      return;
    }
    Data::BaseMatrix M6B(6, b);
    M6B.noalias() = body6 * B;
    out.noalias() = B.transpose() * M6B;
  };
  x_.Hm = s.Hm();                             // (36)
  Mdot_.bottomRightCorner(n, n) = s.HmDot();  // (66)
  qd_dHm_qd_ = s.qdDHmQd();
  if (b > 0) {
    const Mat6 H0_body = rotated(s.H0());
    project(H0_body, x_.H0);  // (28)
    toBody(s.H0m(), body6_n_);
    if (basis_is_identity_)
      x_.H0m = body6_n_;  // (31)
    else
      x_.H0m.noalias() = B.transpose() * body6_n_;
    const Vec3 wb = angular(state.base_twist);
    const Mat3 wx = skew(wb);
    Mat6 Omega = Mat6::Zero();
    Omega.topLeftCorner<3, 3>() = wx;
    Omega.bottomRightCorner<3, 3>() = wx;
    const Mat6 H0_dot_body = rotated(s.H0Dot()) - Omega * H0_body + H0_body * Omega;  // (74)
    project(H0_dot_body, bb_);
    Mdot_.topLeftCorner(b, b) = bb_;
    toBody(s.H0mDot(), body6_n2_);  // (77)-(79)
    body6_n2_.topRows<3>().noalias() -= wx * body6_n_.topRows<3>();
    body6_n2_.bottomRows<3>().noalias() -= wx * body6_n_.bottomRows<3>();
    if (basis_is_identity_)
      Mdot_.topRightCorner(b, n) = body6_n2_;
    else
      Mdot_.topRightCorner(b, n).noalias() = B.transpose() * body6_n2_;
    Mdot_.bottomLeftCorner(n, b) = Mdot_.topRightCorner(b, n).transpose();
    for (int k = 0; k < n; ++k) {  // (95)-(99)
      project(rotated(s.dH0()[static_cast<std::size_t>(k)]), dH0_[static_cast<std::size_t>(k)]);
      const Vec6 w = s.dH0mQd().col(k);
      Vec6 body;
      body << R0.transpose() * w.head<3>(), R0.transpose() * w.tail<3>();
      if (basis_is_identity_)
        dH0m_qd_all_.col(k) = body;
      else
        dH0m_qd_all_.col(k).noalias() = B.transpose() * body;
    }
  }
  // World spatial momentum from (42): [P; L about r_0] = H_0 xdot_0 + H_0m qd in 𝒥, moved to
  // the world origin.
  Vec6 x0_dot;
  x0_dot << R0 * linear(state.base_twist), R0 * angular(state.base_twist);
  Vec6 PL = s.H0() * x0_dot;
  PL.noalias() += s.H0m() * qd;
  x_.mu << PL.head<3>(), PL.tail<3>() + state.base_position.cross(PL.head<3>());
}

// (52)-(61) for a free vehicle (with the printed sign or elements when asked), the Cholesky
// factor otherwise (a vehicle subgroup's H_0 has no 3 x 3 block structure). S_U: the elements
// (54)-(59) in the inertial axes on the paper's path and for the printed elements, the generic
// Schur complement X - W U^-1 V otherwise.
void GeneralizedJacobianSolver::invertH0(const Model& model, const Data& data) {
  const int b = b_;
  if (b == 6) {
    const Mat6 H0 = x_.H0;
    const bool printed_elements = variant_ == GeneralizedJacobianVariant::PrintedSchurElements;
    if (sums_ || printed_elements) {
      const Mat3& R0 = data.oMi[0].R;
      Mat3 S_world;
      if (sums_) {
        S_world = schurComplementElements(sums_->masses(), sums_->offsets(), sums_->inertias(),
                                          printed_elements);
      } else {
        // The bodies' masses, centres of mass from the vehicle frame's origin and inertias,
        // in the inertial axes.
        const Vec3& r0 = data.oMi[0].p;
        for (int k = 0; k < model.nbodies; ++k) {
          const std::size_t i = static_cast<std::size_t>(k);
          const Pose& oMk = data.oMi[i];
          body_mass_[i] = model.mass[i];
          body_offset_[i] = oMk.act(model.com[i]) - r0;
          body_inertia_[i].noalias() = oMk.R * model.inertia_com[i] * oMk.R.transpose();
        }
        S_world = schurComplementElements(body_mass_, body_offset_, body_inertia_, true);
      }
      x_.S_U.noalias() = R0.transpose() * S_world * R0;  // vehicle axes, as H_0
    } else {
      x_.S_U = schurComplement(H0);  // (53)
    }
    Mat6 inverse;
    banachiewiczInverse(H0, x_.S_U, variant_ == GeneralizedJacobianVariant::PrintedInverseSign,
                        inverse);
    x_.H0_inv = inverse;
  } else {
    H0_llt_.compute(x_.H0);
    x_.H0_inv.setIdentity();
    H0_llt_.solveInPlace(x_.H0_inv);
  }
}

// Joint forces, gravity and external body wrenches as generalized forces: a world wrench w on
// body k does virtual work S_j^T w along every joint j on its path and S0^T w on the vehicle,
// so one sweep from the tips sums the wrenches of each subtree.
void GeneralizedJacobianSolver::generalizedForces(const Model& model, const Data& data,
                                                  const Eigen::Ref<const VecX>& tau,
                                                  const ExternalForces& external) {
  subtreeWrenches(model, data, external, weight_sum_, external_sum_);
  for (int k = model.nbodies - 1; k > 0; --k) {
    const int j = model.joint_index[k];
    x_.Q_m[j] = tau[j] + data.S[k].dot(weight_sum_[k] + external_sum_[k]);
  }
  if (b_ > 0) {
    const Vec6 total = weight_sum_[0] + external_sum_[0];
    x_.Q_0.noalias() = data.S0.transpose() * total;
    x_.Q_0.noalias() += model.base_basis.transpose() * external.base_wrench_body;
  }
}

// dH*/dt (65), c* (48) with dH*/dq_k (81), C* (49) and the momentum terms N*, from the blocks'
// rates (Mdot_) and, per joint, dH_0/dq_k, dH_0m/dq_k qd and qd^T dH_m/dq_k qd. Only products
// with qd, A qd and Omega are needed, so the matrices dH*/dq_k are never formed.
void GeneralizedJacobianSolver::velocityTerms(const State& state) {
  const int b = b_, n = n_;
  const VecX& qd = state.qd;
  x_.Hstar_dot = Mdot_.bottomRightCorner(n, n);
  if (b > 0) {
    const auto H0_dot = Mdot_.topLeftCorner(b, b);
    const auto H0m_dot = Mdot_.topRightCorner(b, n);
    nn_.noalias() = H0m_dot.transpose() * x_.A;  // (65)
    x_.Hstar_dot -= nn_;
    x_.Hstar_dot -= nn_.transpose();
    bn_.noalias() = H0_dot * x_.A;
    x_.Hstar_dot.noalias() += x_.A.transpose() * bn_;
    bb_.noalias() = H0_dot * x_.H0_inv;  // d(H_0^-1)/dt = -H_0^-1 dH_0/dt H_0^-1 (63)
    H0_inv_dot_.noalias() = -x_.H0_inv * bb_;
    bn_ = H0m_dot;  // dA/dt = H_0^-1 (dH_0m/dt - dH_0/dt A)
    bn_.noalias() -= H0_dot * x_.A;
    A_dot_.noalias() = x_.H0_inv * bn_;
    Aqd_.noalias() = x_.A * qd;
  }
  const bool printed_momentum = variant_ == GeneralizedJacobianVariant::PrintedMomentumTerms;
  for (int k = 0; k < n; ++k) {
    double qd_dH_qd = qd_dHm_qd_[k];  // qd^T dH*/dq_k qd by (81)
    double momentum = 0.0;
    if (b > 0) {
      const MatX& dH0 = dH0_[static_cast<std::size_t>(k)];
      dH0m_qd_ = dH0m_qd_all_.col(k);
      dH0_Aqd_.noalias() = dH0 * Aqd_;
      qd_dH_qd += -2.0 * Aqd_.dot(dH0m_qd_) + Aqd_.dot(dH0_Aqd_);
      b_vec_.noalias() = dH0 * x_.Omega;
      const double locked = -0.5 * x_.Omega.dot(b_vec_);  // 1/2 d/dq_k (h^T H_0^-1 h)
      if (printed_momentum)
        momentum = -locked;
      else
        momentum = -x_.Omega.dot(dH0m_qd_ - dH0_Aqd_) + locked;  // -h^T dA/dq_k qd + locked
    }
    x_.c_star[k] = -0.5 * qd_dH_qd;
    x_.N_star[k] = momentum;
  }
  if (variant_ == GeneralizedJacobianVariant::PrintedHstarDot)
    x_.C_star.noalias() = x_.Hstar * qd;
  else
    x_.C_star.noalias() = x_.Hstar_dot * qd;
  x_.C_star += x_.c_star;
  if (b > 0) {
    x_.N_star.noalias() += A_dot_.transpose() * x_.h;
    if (!printed_momentum) x_.N_star.noalias() += x_.A.transpose() * x_.adT_h;
  }
}

void GeneralizedJacobianSolver::generalizedJacobian(const Model& model, const Data& data) {
  const int f = x_.jstar_frame;
  if (f < 0) return;
  const Pose oMf = framePose(model, data, f);
  pointJacobian(model, data, model.frames[f].body, oMf.p, J_);
  x_.Jstar = J_.rightCols(n_);  // (110): J_m - J_0 H_0^-1 H_0m
  if (b_ > 0) x_.Jstar.noalias() -= J_.leftCols(b_) * x_.A;
}

std::vector<SolverQuantity> GeneralizedJacobianSolver::intermediates() const {
  std::vector<SolverQuantity> q = {
      {"H0", "vehicle block of the inertia H_0 (28), body-twist coordinates", x_.H0},
      {"H0m", "vehicle-joint coupling H_0m (31)", x_.H0m},
      {"Hm", "joint block H_m (36)", x_.Hm},
      {"H0_inv", "H_0^-1 by Banachiewicz (52) for a free vehicle, Cholesky otherwise", x_.H0_inv},
      {"A", "H_0^-1 H_0m: vehicle velocity per joint rate at zero momentum (109)", x_.A},
      {"H*", "generalized inertia H_m - H_0m^T H_0^-1 H_0m (45)", x_.Hstar},
      {"H*_dot", "dH*/dt (65)", x_.Hstar_dot},
      {"c*", "-1/2 qd^T dH*/dq qd (48), (81)", x_.c_star},
      {"C*", "dH*/dt qd + c* (49)", x_.C_star},
      {"M0", "momentum H_0 nu_b + H_0m qd (42), vehicle coordinates", x_.h},
      {"mu", "world spatial momentum [P; L about the world origin]", VecX(x_.mu)},
      {"Omega", "H_0^-1 M0, the locked velocity", x_.Omega},
      {"nu_b", "vehicle velocity recovered from the momentum, H_0^-1 M0 - A qd (109)", x_.nu_b},
      {"adT_M0", "ad_V^T M0, the coadjoint (non-commuting vehicle) term", x_.adT_h},
      {"N*", "momentum terms of the reduced equation (zero at zero momentum)", x_.N_star},
      {"Q_m", "joint generalized forces: tau, gravity, body wrenches", x_.Q_m},
      {"Q_0", "vehicle generalized forces: gravity, vehicle and body wrenches", x_.Q_0},
      {"rhs", "Q_m - A^T Q_0 - C* - N*", x_.rhs},
      {"qdd", "joint accelerations, H*^-1 rhs (50)", x_.qdd},
      {"M0_dot", "momentum rate ad_V^T M0 + Q_0 ((43) with forces)", x_.h_dot},
      {"nu_b_dot", "vehicle acceleration, d/dt of (109)", x_.nu_b_dot},
  };
  if (b_ == 6)
    q.insert(q.begin() + 4, {"S_U",
                             "Schur complement H_S + m r_0C^x r_0C^x (53), the inertia "
                             "about the system's centre of mass",
                             MatX(x_.S_U)});
  if (x_.jstar_frame >= 0)
    q.push_back({"J*", "generalized Jacobian J_m - J_0 H_0^-1 H_0m (110) of the last frame",
                 MatX(x_.Jstar)});
  return q;
}

}  // namespace vms
