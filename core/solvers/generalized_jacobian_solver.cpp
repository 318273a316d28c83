#include "core/solvers/generalized_jacobian_solver.hpp"

#include <stdexcept>

#include "core/algorithms/crba.hpp"
#include "core/algorithms/jacobian.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/solvers/solver_variant_table.hpp"
#include "core/solvers/subtree_wrenches.hpp"
#include "core/solvers/vehicle_inertia_inverse.hpp"

namespace vms {

namespace {

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
       "(54)-(59) as printed: s_22, s_33 summed terms m_i (r_y^2 + r_z^2) (free vehicle)",
       "seed 004 (54)-(59)",
       "The summed terms of s_22 and s_33 read m_i (r_y^2 + r_z^2), the s_11 term, so the "
       "Schur complement S_U is wrong by >= 0.26. The accelerations are off by only 2.3 % at "
       "the smallest, so it takes a comparison with another formulation to see it at once.",
       0.023, demoTree(BaseType::Free, 5, false, 0.25, 20)},
      {GeneralizedJacobianVariant::PrintedMomentumTerms, "printed-momentum-terms",
       "(44) as printed for M_0 != 0: Adot^T M_0 - 1/2 d/dq (M_0^T H_0^-1 M_0), no "
       "dA/dq or coadjoint term",
       "seed 004 (44), M_0 != 0",
       "With a nonzero vehicle momentum, (44) as printed lacks Routh's -M_0^T dA/dq qd and "
       "the coadjoint term and has the opposite sign on the locked term. It is exact at "
       "M_0 = 0, the only case the paper uses, so every check on a run from rest passes.",
       0.28, demoTree(BaseType::Free, 5, false, 0.25, 21)},
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

// The registry entry (core/solvers/solver_registry.cpp lists it).
const SolverEntry& generalizedJacobianSolverEntry() {
  static const SolverEntry entry = [] {
    SolverEntry e;
    e.name = "generalized-jacobian";
    e.summary = "Seed 004: the vehicle eliminated through momentum; the generalized inertia H*";
    e.description =
        "The vehicle eliminated through its momentum: the joints obey H* qdd + C* + N* = "
        "Q_m - A^T Q_0 with the generalized inertia H* (45) and C* = dH*/dt qd + c* (49), the "
        "vehicle velocity recovered from the momentum (109). Generalized beyond the paper's "
        "zero momentum, free vehicle and no forces to any momentum, every holonomic vehicle, "
        "gravity and external wrenches. Dense, O(n^3).";
    e.paper =
        "seed 004: Wilde, Kwok Choon, Grompone, Romano, \"Equations of Motion of Free-Floating "
        "Spacecraft-Manipulator Systems: An Engineer's Tutorial\", (42)-(59), (109)";
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
                                                     GeneralizedJacobianVariant variant)
    : ForwardDynamicsSolver(generalizedJacobianSolverEntry()),
      variant_(variant),
      b_(model.base_dof),
      n_(model.njoints),
      dM_(model) {
  if (needsFreeVehicle(variant) && model.base_type != BaseType::Free)
    throw std::invalid_argument("generalized-jacobian variant " + toString(variant) +
                                ": the printed (52)-(59) are for the 6 x 6 H_0 of a free "
                                "vehicle; the model's vehicle is " +
                                toString(model.base_type));
  const int b = b_, n = n_;
  for (MatX* m : {&x_.H0, &x_.H0_inv, &H0_inv_dot_, &bb_}) *m = MatX::Zero(b, b);
  for (MatX* m : {&x_.H0m, &x_.A, &A_dot_, &bn_}) *m = MatX::Zero(b, n);
  for (MatX* m : {&x_.Hm, &x_.Hstar, &x_.Hstar_dot, &nn_}) *m = MatX::Zero(n, n);
  for (VecX* v : {&x_.h, &x_.Omega, &x_.nu_b, &x_.Q_0, &x_.h_dot, &x_.nu_b_dot, &x_.adT_h, &b_vec_,
                  &Aqd_, &dH0_Aqd_, &dH0m_qd_})
    *v = VecX::Zero(b);
  for (VecX* v : {&x_.c_star, &x_.C_star, &x_.N_star, &x_.Q_m, &x_.rhs, &x_.qdd, &n_vec_})
    *v = VecX::Zero(n);
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
}

std::string GeneralizedJacobianSolver::description() const {
  std::string d = entry().summary;
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

  crba(model, data, state);
  dM_.compute(model, data);
  x_.H0 = data.M.topLeftCorner(b, b);
  x_.H0m = data.M.topRightCorner(b, n);
  x_.Hm = data.M.bottomRightCorner(n, n);
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
  // World spatial momentum: the whole system moving with the vehicle, plus each joint's
  // subtree moving along its axis.
  x_.mu.noalias() = data.Ic[0] * (data.S0 * x_.nu_b);
  for (int k = 1; k < model.nbodies; ++k)
    x_.mu.noalias() += data.Ic[k] * (data.S[k] * qd[model.joint_index[k]]);

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

// (52)-(61) for a free vehicle (with the printed sign or elements when asked), the Cholesky
// factor otherwise (a vehicle subgroup's H_0 has no 3 x 3 block structure).
void GeneralizedJacobianSolver::invertH0(const Model& model, const Data& data) {
  const int b = b_;
  if (b == 6) {
    Mat3 offset = Mat3::Zero();
    if (variant_ == GeneralizedJacobianVariant::PrintedSchurElements) {
      // Second moments sum_i m_i r_0i r_0i^T in the vehicle frame (r_0i from the vehicle
      // origin to CM_i): the printed s_22, s_33 sum m_i (r_y^2 + r_z^2), the corrected ones
      // m_i (r_x^2 + r_z^2) and m_i (r_x^2 + r_y^2).
      const Pose& oM0 = data.oMi[0];
      Vec3 second = Vec3::Zero();
      for (int k = 0; k < model.nbodies; ++k) {
        const Vec3 r = oM0.R.transpose() * (data.oMi[k].act(model.com[k]) - oM0.p);
        second += model.mass[k] * r.cwiseAbs2();
      }
      offset(1, 1) = second.y() - second.x();
      offset(2, 2) = second.z() - second.x();
    }
    Mat6 inverse;
    banachiewiczInverse(x_.H0, variant_ == GeneralizedJacobianVariant::PrintedInverseSign, offset,
                        inverse, x_.S_U);
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

// dH*/dt (65), c* (48) with dH*/dq_k (81), C* (49) and the momentum terms N*, from the exact
// dM/dq_k: dH_0, dH_0m, dH_m are its blocks. Only products with qd, A qd and Omega are
// needed, so the matrices dH*/dq_k are never formed: O(nv^2) per joint.
void GeneralizedJacobianSolver::velocityTerms(const State& state) {
  const int b = b_, n = n_;
  const VecX& qd = state.qd;
  Mdot_.setZero();
  for (int k = 0; k < n; ++k) Mdot_ += qd[k] * dM_[k];
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
    const MatX& d = dM_[k];
    n_vec_.noalias() = d.bottomRightCorner(n, n) * qd;
    double qd_dH_qd = qd.dot(n_vec_);  // qd^T dH*/dq_k qd by (81)
    double momentum = 0.0;
    if (b > 0) {
      const auto dH0 = d.topLeftCorner(b, b);
      dH0m_qd_.noalias() = d.topRightCorner(b, n) * qd;
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
