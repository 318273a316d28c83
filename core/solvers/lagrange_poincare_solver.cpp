#include "core/solvers/lagrange_poincare_solver.hpp"

#include <stdexcept>

#include "core/algorithms/crba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/solvers/solver_variant_table.hpp"
#include "core/solvers/subtree_wrenches.hpp"

namespace vms {

namespace {

// Every form the solver runs, the corrected one first; each printed one is an erratum of the
// paper (its equation, what is wrong, the acceleration error docs/solvers.md reports, a tree it
// shows on).
const VariantTable<LagrangePoincareVariant>& variants() {
  static const VariantTable<LagrangePoincareVariant> table = {
      {LagrangePoincareVariant::Corrected, "corrected",
       "consistent set (notes §1.9): Pdot = ad_V^T P + f0 + J_e0^T f_e - f_u, "
       "V = M0^-1 P - A qd"},
      {LagrangePoincareVariant::PrintedReconstruction, "printed-reconstruction",
       "erratum 1, (98)/(134) as printed: V = M0^-1 (P - A^T qd) (needs b == n)",
       "seed 001 (98)/(134)",
       "The vehicle velocity is reconstructed as V = M0^-1 (P - A^T qd) instead of "
       "M0^-1 P - A qd, which is only dimensionally valid when the vehicle and the arm have "
       "as many coordinates. The model's example systems rarely meet b = n, which is how the "
       "printed form survived: elsewhere it cannot even be evaluated.",
       0.016, demoTree(BaseType::Planar, 4, true, 0.0, 14)},
      {LagrangePoincareVariant::PrintedForceSigns, "printed-force-signs",
       "erratum 2, (96)/(135) as printed: Pdot = ad_V^T P - f0 - J_e0^T f_e + f_u, "
       "and -A^T f_u in the arm equation",
       "seed 001 (96)/(135)",
       "Every force acting on the vehicle side (gravity, vehicle and end-effector wrenches) "
       "enters with the wrong sign. Without gravity and wrenches it is identical to the "
       "corrected form, so every check on a force-free run (energy, momentum) passes.",
       0.20, demoTree(BaseType::Free, 5, false, 0.25, 15)},
      {LagrangePoincareVariant::PrintedNhat, "printed-nhat",
       "erratum 3, (100) as printed: -(dA/dt)^T P + [(dA/dq_j qd)^T P] in Nhat", "seed 001 (100)",
       "The two connection-derivative terms of N^ carry the printed signs, a gyroscopic "
       "error. It does no work and exerts no net force on the vehicle, so energy and "
       "momentum are conserved to rounding while the joints go elsewhere (1.75 rad apart "
       "after 1 s).",
       0.026, demoTree(BaseType::Free, 5, false, 0.25, 16)},
      {LagrangePoincareVariant::PrintedConnectionDerivative, "printed-connection-derivative",
       "erratum 4, (122) as printed: dA/dq = M0^-1 (dM0m/dq + dM0/dq A)", "seed 001 (122)",
       "dA/dq is printed without the minus sign on M0^-1 dM0/dq M0^-1 M0m, so C^, N^ and the "
       "vehicle acceleration are wrong. It is invisible for a translating vehicle (M0 = m I "
       "is constant), so a test on that vehicle alone misses it.",
       1.03, demoTree(BaseType::Free, 5, false, 0.25, 17)},
      {LagrangePoincareVariant::PrintedLmDerivative, "printed-lm-derivative",
       "erratum 6, (139) as printed: dLm/dq_2 = [[0, 0], [+ad_xi2 Ad_2^2, 0]] (two-joint chain)",
       "seed 001 (139)",
       "The worked example's derivative of 𝔏_m with respect to q_2 is printed without the minus "
       "sign (116) requires, so dM0m/dq_2 and dMm/dq_2, hence C^, N^ and dA/dq_2, are wrong. M "
       "itself is right, so a check of the inertia or a start from rest cannot see it.",
       0.24, demoTree(BaseType::Planar, 3, true, 0.0, 18)},
  };
  return table;
}

}  // namespace

std::string toString(LagrangePoincareVariant variant) {
  return variantRow(variants(), variant).name;
}

std::optional<LagrangePoincareVariant> lagrangePoincareVariantFromString(const std::string& name) {
  return variantNamed(variants(), name);
}

std::string describe(LagrangePoincareVariant variant) {
  return variantRow(variants(), variant).formula;
}

std::string toString(LagrangePoincareAssembly assembly) {
  return assembly == LagrangePoincareAssembly::LXiFactorisation ? "l-xi-factorisation"
                                                                : "crba-blocks";
}

// The registry entry (core/solvers/solver_registry.cpp lists it).
const SolverEntry& lagrangePoincareSolverEntry() {
  static const SolverEntry entry = [] {
    SolverEntry e;
    e.name = "lagrange-poincare";
    e.summary = "Seed 001: the vehicle eliminated through momentum and the mechanical connection";
    e.description =
        "The reduced Lagrange-Poincare equations in the locked momentum P: the stacked body "
        "Jacobians factor as 𝔏(q) Ξ, which gives the locked inertia M0, the coupling M0m and "
        "the arm block, and 𝔏's derivatives give theirs; the vehicle "
        "equation Pdot = ad_V^T P + forces, the arm equation with the Schur-complement inertia "
        "Mhat_m = Mm - A^T M0 A and the connection terms C^, N^, and the vehicle velocity "
        "reconstructed as V = M0^-1 P - A qd, in the consistent-sign form of the notes. Dense, "
        "O(n^3).";
    e.paper =
        "seed 001: Moghaddam & Chhabra, singularity-free Lagrange-Poincare equations for "
        "vehicle-manipulator systems, (57)-(67), (96)-(100), (114)-(122), (134)";
    e.refusals = refuseNonholonomic(
        "seed 001's reduction needs the vehicle's velocities to span a Lie subalgebra");
    e.make = [](const Model& model) -> std::unique_ptr<ForwardDynamicsSolver> {
      return std::make_unique<LagrangePoincareSolver>(model);
    };
    e.printed_variants =
        printedVariants(variants(), [](const Model& model, LagrangePoincareVariant v) {
          return std::make_unique<LagrangePoincareSolver>(model, v);
        });
    return e;
  }();
  return entry;
}

// Each assembly keeps only its own workspace: the other is made for a model without joints.
const Model& emptyModel() {
  static const Model model = [] {
    Model m;
    m.base_dof = 0;
    m.base_basis = Mat6X::Zero(6, 0);
    m.nv = 0;
    m.parent = {-1};
    m.joint_type = {JointType::Revolute};
    m.joint_placement = {Pose{}};
    m.joint_axis = {Vec3::UnitZ()};
    m.joint_index = {-1};
    m.mass = {0.0};
    m.com = {Vec3::Zero()};
    m.inertia_com = {Mat3::Zero()};
    m.children = {{}};
    return m;
  }();
  return model;
}

LagrangePoincareSolver::LagrangePoincareSolver(const Model& model, LagrangePoincareOptions options)
    : ForwardDynamicsSolver(lagrangePoincareSolverEntry()),
      variant_(options.variant),
      assembly_(options.assembly),
      b_(model.base_dof),
      n_(model.njoints),
      dM_(options.assembly == LagrangePoincareAssembly::Crba ? model : emptyModel()),
      factorisation_(options.assembly == LagrangePoincareAssembly::Crba ? emptyModel() : model) {
  const LagrangePoincareVariant variant = options.variant;
  if (variant == LagrangePoincareVariant::PrintedReconstruction && b_ != n_)
    throw std::invalid_argument(
        "lagrange-poincare variant printed-reconstruction: (98) V = M0^-1 (P - A^T qd) needs "
        "as many joints as vehicle degrees of freedom (A^T is n x b); the model has b = " +
        std::to_string(b_) + ", n = " + std::to_string(n_));
  if (variant == LagrangePoincareVariant::PrintedLmDerivative) {
    if (n_ != 2 || model.parent[2] != 1)
      throw std::invalid_argument(
          "lagrange-poincare variant printed-lm-derivative: (139) is d𝔏_m/dq_2 of the "
          "examples' two-joint chain, printed for no other arm; the model has " +
          std::to_string(n_) + (n_ == 2 ? " joints on two branches" : " joints"));
    if (assembly_ != LagrangePoincareAssembly::LXiFactorisation)
      throw std::invalid_argument(
          "lagrange-poincare variant printed-lm-derivative: (139) is a derivative of 𝔏, which "
          "only the l-xi-factorisation assembly forms");
  }
  const int b = b_, n = n_;
  x_.M0 = MatX::Zero(b, b);
  x_.M0m = MatX::Zero(b, n);
  x_.Mm = MatX::Zero(n, n);
  x_.A = MatX::Zero(b, n);
  x_.Mhat_m = MatX::Zero(n, n);
  for (VecX* v : {&x_.P, &x_.Omega_loc, &x_.V, &x_.adT_P, &x_.f0, &x_.f_u, &x_.F_eta, &x_.Pdot,
                  &x_.Vdot, &b_vec_, &Aqd_, &dM0_Aqd_, &dA_qd_, &G_V_, &E_V_})
    *v = VecX::Zero(b);
  for (VecX* v : {&x_.F_m, &x_.du_dq, &x_.Chat_qd, &x_.Nhat_ad, &x_.Nhat_connection,
                  &x_.Nhat_locked, &x_.Nhat, &x_.rhs_m, &x_.qdd, &n_vec_})
    *v = VecX::Zero(n);
  x_.A_dot = MatX::Zero(b, n);
  x_.Chat = MatX::Zero(n, n);
  // Sized by a first factorisation: assigning Eigen::LLT<MatX>(size) would copy its
  // uninitialised ComputationInfo (undefined behaviour UBSan reports).
  M0_llt_.compute(MatX::Identity(b, b));
  Mhat_llt_.compute(MatX::Identity(n, n));
  M0inv_ = MatX::Zero(b, b);
  M0inv_dot_ = MatX::Zero(b, b);
  Mhat_dot_ = MatX::Zero(n, n);
  Mdot_ = MatX::Zero(b + n, b + n);
  bb_ = MatX::Zero(b, b);
  bn_ = MatX::Zero(b, n);
  nn_ = MatX::Zero(n, n);
  weight_sum_.assign(static_cast<std::size_t>(model.nbodies), Vec6::Zero());
  external_sum_.assign(static_cast<std::size_t>(model.nbodies), Vec6::Zero());
}

std::string LagrangePoincareSolver::description() const {
  std::string d = entry().summary;
  if (assembly_ == LagrangePoincareAssembly::Crba) d += "; mass matrix and dM/dq from crba";
  if (variant_ != LagrangePoincareVariant::Corrected)
    d += "; PRINTED VARIANT (wrong): " + describe(variant_);
  return d;
}

void LagrangePoincareSolver::computeWithCheckedArguments(const Model& model, Data& data,
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

  // Mass matrix in the vehicle's body-twist basis and its exact q-derivatives: the paper's
  // 𝔏 Ξ factorisation (65)-(67), (114)-(120), or crba and MassMatrixDerivatives.
  if (assembly_ == LagrangePoincareAssembly::LXiFactorisation) {
    forwardKinematics(model, data, state);  // for the generalized forces
    factorisation_.compute(state.q);
    factorisation_.computeDerivatives(variant_ == LagrangePoincareVariant::PrintedLmDerivative);
    const MatX& M = factorisation_.M();
    x_.M0 = M.topLeftCorner(b, b);
    x_.M0m = M.topRightCorner(b, n);
    x_.Mm = M.bottomRightCorner(n, n);
  } else {
    crba(model, data, state);
    dM_.compute(model, data);
    x_.M0 = data.M.topLeftCorner(b, b);
    x_.M0m = data.M.topRightCorner(b, n);
    x_.Mm = data.M.bottomRightCorner(n, n);
  }
  if (b > 0) {
    M0_llt_.compute(x_.M0);
    if (n > 0) x_.A = M0_llt_.solve(x_.M0m);  // (69); Eigen's solve reads coeff(0,0)
    M0inv_.setIdentity();
    M0_llt_.solveInPlace(M0inv_);
  }
  x_.Mhat_m = x_.Mm;  // (75): Mm - A^T M0 A = Mm - M0m^T A
  x_.Mhat_m.noalias() -= x_.M0m.transpose() * x_.A;

  // Locked momentum (76)-(77) from the state's vehicle velocity, and the reconstruction.
  if (b > 0) {
    b_vec_.noalias() = model.base_basis.transpose() * state.base_twist;
    x_.P.noalias() = x_.M0 * b_vec_;
    x_.P.noalias() += x_.M0m * qd;
    x_.Omega_loc.noalias() = M0inv_ * x_.P;  // (73)
    if (variant_ == LagrangePoincareVariant::PrintedReconstruction) {
      b_vec_ = x_.P;
      b_vec_.noalias() -= x_.A.transpose() * qd;
      x_.V.noalias() = M0inv_ * b_vec_;
    } else {
      x_.V = x_.Omega_loc;
      x_.V.noalias() -= x_.A * qd;
    }
    // ad_V^T P on the vehicle's subalgebra: its bracket is se(3)'s (span(iota0) is closed).
    const Vec6 V6 = model.base_basis * x_.V;
    const Vec6 P6 = model.base_basis * x_.P;
    const Vec6 adT_P6 = -crossForce(V6, P6);
    x_.adT_P.noalias() = model.base_basis.transpose() * adT_P6;
  }

  generalizedForces(model, data, tau, external);
  reducedTerms(state);

  // Vehicle equation (96), corrected sign: Pdot = ad_V^T P + F_eta.
  const bool printed_forces = variant_ == LagrangePoincareVariant::PrintedForceSigns;
  if (b > 0) {
    x_.Pdot = x_.adT_P;
    if (printed_forces)
      x_.Pdot -= x_.F_eta;
    else
      x_.Pdot += x_.F_eta;
  }
  // Arm equation (97): Mhat qdd = F_m - du_dq - A^T F_eta - Chat qd - Nhat, where the printed
  // final formula has -A^T f_u instead of +A^T f_u.
  x_.rhs_m = x_.F_m - x_.du_dq;
  if (b > 0) {
    b_vec_ = x_.F_eta;
    if (printed_forces) b_vec_ += 2.0 * x_.f_u;
    x_.rhs_m.noalias() -= x_.A.transpose() * b_vec_;
  }
  if (n > 0) {
    n_vec_ = x_.rhs_m - x_.Chat_qd - x_.Nhat;
    Mhat_llt_.compute(x_.Mhat_m);
    x_.qdd = Mhat_llt_.solve(n_vec_);
  }

  // Vehicle acceleration: the time derivative of the reconstruction.
  if (b > 0) {
    if (variant_ == LagrangePoincareVariant::PrintedReconstruction) {
      // d/dt [M0^-1 (P - A^T qd)]
      b_vec_ = x_.P;
      b_vec_.noalias() -= x_.A.transpose() * qd;
      x_.Vdot.noalias() = M0inv_dot_ * b_vec_;
      b_vec_ = x_.Pdot;
      b_vec_.noalias() -= x_.A_dot.transpose() * qd;
      b_vec_.noalias() -= x_.A.transpose() * x_.qdd;
      x_.Vdot.noalias() += M0inv_ * b_vec_;
    } else {
      // d/dt [M0^-1 P - A qd] = (dM0^-1/dt) P + M0^-1 Pdot - (dA/dt) qd - A qdd
      x_.Vdot.noalias() = M0inv_dot_ * x_.P;
      x_.Vdot.noalias() += M0inv_ * x_.Pdot;
      x_.Vdot.noalias() -= x_.A_dot * qd;
      x_.Vdot.noalias() -= x_.A * x_.qdd;
    }
    data.base_twist_dot.noalias() = model.base_basis * x_.Vdot;
  } else {
    data.base_twist_dot.setZero();
  }
  data.qdd = x_.qdd;
}

// Joint forces, gravity and external body wrenches as generalized forces: a world wrench w on
// body k does virtual work S_j^T w along every joint j on its path and S0^T w on the vehicle,
// so one sweep from the tips sums the wrenches of each subtree.
void LagrangePoincareSolver::generalizedForces(const Model& model, const Data& data,
                                               const Eigen::Ref<const VecX>& tau,
                                               const ExternalForces& external) {
  const int b = b_;
  subtreeWrenches(model, data, external, weight_sum_, external_sum_);
  for (int k = model.nbodies - 1; k > 0; --k) {
    const int j = model.joint_index[k];
    x_.du_dq[j] = -data.S[k].dot(weight_sum_[k]);
    x_.F_m[j] = tau[j] + data.S[k].dot(external_sum_[k]);
  }
  if (b > 0) {
    G_V_.noalias() = data.S0.transpose() * weight_sum_[0];
    E_V_.noalias() = data.S0.transpose() * external_sum_[0];
    x_.f0.noalias() = model.base_basis.transpose() * external.base_wrench_body;
    x_.f_u = -G_V_;
    x_.F_eta = x_.f0 + E_V_ - x_.f_u;  // (94) with gravity as -f_u
  }
}

// Chat (99), Nhat (100) and the time derivatives of A and M0^-1 from dM/dq_k, with
//   dM0^-1/dq_k = -M0^-1 dM0_k M0^-1,
//   dA/dq_k = M0^-1 (dM0m_k - dM0_k A)                         (122, corrected sign),
//   dMhat/dq_k = dMm_k - dA_k^T M0m - M0m^T dA_k - A^T dM0_k A  (119).
// The equations need these only summed with qd (time derivatives) or applied to qd or P, so
// the matrices dA_k, dMhat_k are never formed: O(n^2) per joint instead of O(b n^2).
void LagrangePoincareSolver::reducedTerms(const State& state) {
  const int b = b_, n = n_;
  const VecX& qd = state.qd;
  // Sign of the dM0_k A term of (122): printed +, corrected -.
  const double s = variant_ == LagrangePoincareVariant::PrintedConnectionDerivative ? 1.0 : -1.0;
  Mdot_.setZero();  // dM/dt = sum_k qd_k dM/dq_k
  for (int k = 0; k < n; ++k) Mdot_ += qd[k] * dM(k);
  const auto M0_dot = Mdot_.topLeftCorner(b, b);
  const auto M0m_dot = Mdot_.topRightCorner(b, n);
  Mhat_dot_ = Mdot_.bottomRightCorner(n, n);
  if (b > 0) {
    // dA/dt = M0^-1 (dM0m/dt + s dM0/dt A). No scalar factor inside a product: with b = 1 (a
    // rail or turntable vehicle) Eigen turns the 1-row product into a vector product whose
    // scaled operand it would copy to the heap.
    bn_.noalias() = M0_dot * x_.A;
    bn_ *= s;
    bn_ += M0m_dot;
    x_.A_dot.noalias() = M0inv_ * bn_;
    bb_.noalias() = M0_dot * M0inv_;  // dM0^-1/dt = -M0^-1 dM0/dt M0^-1
    M0inv_dot_.noalias() = M0inv_ * bb_;
    M0inv_dot_ *= -1.0;
    nn_.noalias() = x_.M0m.transpose() * x_.A_dot;  // dMhat/dt by (119)
    Mhat_dot_ -= nn_;
    Mhat_dot_ -= nn_.transpose();
    bn_.noalias() = M0_dot * x_.A;
    Mhat_dot_.noalias() -= x_.A.transpose() * bn_;
    Aqd_.noalias() = x_.A * qd;
  }
  for (int k = 0; k < n; ++k) {
    const MatX& d = dM(k);
    n_vec_.noalias() = d.bottomRightCorner(n, n) * qd;  // becomes dMhat_k qd
    if (b > 0) {
      const auto dM0 = d.topLeftCorner(b, b);
      const auto dM0m = d.topRightCorner(b, n);
      dM0_Aqd_.noalias() = dM0 * Aqd_;
      b_vec_.noalias() = dM0m * qd;  // dA_k qd = M0^-1 (dM0m_k qd + s dM0_k A qd)
      b_vec_ += s * dM0_Aqd_;
      dA_qd_.noalias() = M0inv_ * b_vec_;
      // dA_k^T M0m qd = (dM0m_k + s dM0_k A)^T M0^-1 M0m qd = dM0m_k^T A qd + s A^T dM0_k A qd
      n_vec_.noalias() -= dM0m.transpose() * Aqd_;
      n_vec_.noalias() -= s * (x_.A.transpose() * dM0_Aqd_);
      n_vec_.noalias() -= x_.M0m.transpose() * dA_qd_;
      n_vec_.noalias() -= x_.A.transpose() * dM0_Aqd_;
      x_.Nhat_connection[k] = -dA_qd_.dot(x_.P);  // -[row k: (dA/dq_k qd)^T P]
      // 1/2 P^T dM0^-1/dq_k P = -1/2 Omega^T dM0_k Omega, Omega = M0^-1 P
      b_vec_.noalias() = dM0 * x_.Omega_loc;
      x_.Nhat_locked[k] = -0.5 * x_.Omega_loc.dot(b_vec_);
    }
    x_.Chat.row(k) = -0.5 * n_vec_.transpose();  // row k of -1/2 [qd^T dMhat/dq_k]
  }
  x_.Chat += Mhat_dot_;
  x_.Chat_qd.noalias() = x_.Chat * qd;
  if (b > 0) {
    x_.Nhat_ad.noalias() = x_.A.transpose() * x_.adT_P;
    x_.Nhat_connection.noalias() += x_.A_dot.transpose() * x_.P;
    if (variant_ == LagrangePoincareVariant::PrintedNhat) x_.Nhat_connection = -x_.Nhat_connection;
  }
  x_.Nhat = x_.Nhat_ad + x_.Nhat_connection + x_.Nhat_locked;
}

std::vector<SolverQuantity> LagrangePoincareSolver::intermediates() const {
  const int b = b_, n = n_;
  MatX Mhat = MatX::Zero(b + n, b + n);
  Mhat.topLeftCorner(b, b) = x_.M0;
  Mhat.bottomRightCorner(n, n) = x_.Mhat_m;
  std::vector<SolverQuantity> q = {
      {"M0", "locked inertia, vehicle block of the mass matrix (65)", x_.M0},
      {"M0m", "vehicle-arm inertia coupling (66)", x_.M0m},
      {"Mm", "arm block of the mass matrix (67)", x_.Mm},
      {"A", "local mechanical connection M0^-1 M0m (69)", x_.A},
      {"Mhat", "block-diagonal inertia diag(M0, Mhat_m) of Lemma 4 (74)", Mhat},
      {"Mhat_m", "arm Schur complement Mm - A^T M0 A (75)", x_.Mhat_m},
      {"P", "locked momentum M0 V + M0m qd (76)-(77)", x_.P},
      {"Omega_loc", "locked velocity M0^-1 P = V + A qd (73)", x_.Omega_loc},
      {"V", "vehicle velocity reconstructed from P (98; corrected M0^-1 P - A qd)", x_.V},
      {"adT_P", "ad_V^T P, the coadjoint term of (96)", x_.adT_P},
      {"f0", "vehicle wrench along the subgroup", x_.f0},
      {"f_u", "potential (gravity) gradient on the vehicle (113)", x_.f_u},
      {"F_eta", "generalized vehicle force f0 + J_e0^T f_e - f_u (94)", x_.F_eta},
      {"Pdot", "locked-momentum rate from the vehicle equation (96)", x_.Pdot},
      {"F_m", "joint forces + J_em^T f_e (95)", x_.F_m},
      {"du_dq", "potential (gravity) gradient on the joints", x_.du_dq},
      {"A_dot", "time derivative of the connection, sum_i dA/dq_i qd_i", x_.A_dot},
      {"Chat", "Coriolis matrix of the arm equation (99)", x_.Chat},
      {"Chat_qd", "Chat qd", x_.Chat_qd},
      {"Nhat_ad", "A^T ad_V^T P, first term of Nhat (100)", x_.Nhat_ad},
      {"Nhat_connection", "connection-derivative terms of Nhat (100, corrected signs)",
       x_.Nhat_connection},
      {"Nhat_locked", "1/2 [P^T dM0^-1/dq_j P], last term of Nhat (100)", x_.Nhat_locked},
      {"Nhat", "velocity-product term of the arm equation (100)", x_.Nhat},
      {"rhs_m", "F_m - du_dq - A^T F_eta, right-hand side of (97)", x_.rhs_m},
      {"qdd", "joint accelerations from (97)", x_.qdd},
      {"Vdot", "vehicle acceleration, derivative of the reconstruction", x_.Vdot},
  };
  if (assembly_ == LagrangePoincareAssembly::LXiFactorisation) {
    q.push_back({"L", "𝔏(q): block (i, k) the 𝔄𝔡 from body i to the joint after k (59)-(60)",
                 factorisation_.L()});
    q.push_back({"Xi", "Ξ = blkdiag(iota0, xi_1 ... xi_n), constant (58)", factorisation_.Xi()});
    q.push_back({"J", "stacked body Jacobians at the home frames, 𝔏 Ξ (57)", factorisation_.J()});
  }
  return q;
}

}  // namespace vms
