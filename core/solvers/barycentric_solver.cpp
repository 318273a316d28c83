#include "core/solvers/barycentric_solver.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/algorithms/kinematics.hpp"
#include "core/solvers/solver_variant_table.hpp"

namespace vms {

namespace {

// Every form the solver runs, the corrected one first; each printed one is an erratum of the
// paper (its equation, what is wrong, the acceleration error docs/solvers.md reports, a tree it
// shows on).
const VariantTable<BarycentricVariant>& variants() {
  static const VariantTable<BarycentricVariant> table = {
      {BarycentricVariant::Corrected, "corrected",
       "corrected: c_i = l_i mu_i + r_i (1 - mu_{i+1}) (6), M r_CM'' = f"},
      {BarycentricVariant::PrintedBarycentre, "printed-barycentre",
       "(6) as printed: c_i = l_i mu_i + r_i (1 - mu_i) (serial chains only)", "seed 003 (6)",
       "The barycentre is printed as c_i = l_i mu_i + r_i (1 - mu_i) instead of "
       "(1 - mu_{i+1}), so the barycentric vectors miss the geometry by 0.14. The error is in "
       "the mass matrix itself, through the D_ij of (42), so it needs a comparison with another "
       "formulation (10 % in the accelerations) rather than a check of the run's own balance "
       "laws.",
       0.105, demoTree(BaseType::Free, 4, true, 0.0, 24)},
      {BarycentricVariant::PrintedCentreOfMassVelocity, "printed-cm-velocity",
       "§6 (108) as printed: vehicle centre-of-mass velocity with the total mass, "
       "M v_0' = f",
       "seed 003 (102)/(108)",
       "The vehicle's own centre-of-mass velocity is driven with the total mass, "
       "M dv_0/dt = f, in place of the system centre of mass. The error is small (0.26 % at "
       "the smallest), so it hides inside the tolerance of a short energy check.",
       2.6e-3, demoTree(BaseType::Free, 5, false, 0.25, 25)},
      {BarycentricVariant::PrintedJointCoupling, "printed-joint-coupling",
       "(117)/(123) as printed: D_q w_0' + D_qq qdd in the joint equation (3 joints only)",
       "seed 003 (117)/(119)/(123)",
       "dL/dqd is printed as D_q w + D_qq qd, so the joint equation couples through D_q "
       "instead of D_q^T; it is dimensionally valid only for three joints. The mass matrix "
       "is then not symmetric, so energy is generally not conserved and an energy check "
       "catches it over a run.",
       0.30, demoTree(BaseType::Free, 4, true, 0.0, 26)},
  };
  return table;
}

}  // namespace

std::string toString(BarycentricVariant variant) { return variantRow(variants(), variant).name; }

std::optional<BarycentricVariant> barycentricVariantFromString(const std::string& name) {
  return variantNamed(variants(), name);
}

std::string describe(BarycentricVariant variant) { return variantRow(variants(), variant).formula; }

std::string toString(BarycentricAssembly assembly) {
  return assembly == BarycentricAssembly::DijSums ? "dij-sums" : "kane-products";
}

namespace {
constexpr int kChunkRows = 48;
}

// The registry entry (core/solvers/solver_registry.cpp lists it).
const SolverEntry& barycentricSolverEntry() {
  static const SolverEntry entry = [] {
    SolverEntry e;
    e.name = "barycentric";
    e.summary = "Seed 003: barycentric vectors of a free-floating system";
    e.description =
        "The barycentric formulation about the system centre of mass: barycentric vectors "
        "v_ik (10)-(11) with the corrected barycentres (6), the inertia dyadics D_ij (42) "
        "summed into D, D_q, D_qq (43)-(46), the reduced inertia H = D_qq - D_q^T D^-1 D_q (55) "
        "and c_h (56); the centre "
        "of mass moves by M r_CM'' = f. Generalized from the paper's chains to trees. Free "
        "vehicle only, dense, O(n^3).";
    e.paper =
        "seed 003 §3-§4: Hoffman, \"Dynamics of Free Flying Space Manipulators\", (5)-(11), "
        "(42)-(56), (102)-(123)";
    e.refusals = refuseAllBut({BaseType::Free},
                              "seed 003's centre-of-mass split needs an unconstrained vehicle");
    e.make = [](const Model& model) -> std::unique_ptr<ForwardDynamicsSolver> {
      return std::make_unique<BarycentricSolver>(model);
    };
    e.printed_variants = printedVariants(variants(), [](const Model& model, BarycentricVariant v) {
      return std::make_unique<BarycentricSolver>(model, v);
    });
    return e;
  }();
  return entry;
}

BarycentricSolver::BarycentricSolver(const Model& model, BarycentricOptions options)
    : ForwardDynamicsSolver(barycentricSolverEntry()),
      variant_(options.variant),
      assembly_(options.assembly),
      nb_(model.nbodies),
      n_(model.njoints),
      total_mass_(0.0),
      parent_(model.parent),
      column_(static_cast<std::size_t>(model.nbodies), -1),
      first_child_(static_cast<std::size_t>(model.nbodies), -1),
      prismatic_(static_cast<std::size_t>(model.nbodies), 0),
      attach_(static_cast<std::size_t>(model.nbodies * model.nbodies), -2),
      mass_(model.mass),
      subtree_mass_(model.mass) {
  if (model.base_type != BaseType::Free)
    throw std::invalid_argument(
        "barycentric: the centre-of-mass formulation of seed 003 needs a free vehicle; the "
        "model's vehicle is " +
        toString(model.base_type));
  if (model.hasAddedMass())
    throw std::invalid_argument(
        "barycentric: the model has added mass; the barycentric split (seed 003 §3) needs rigid "
        "bodies whose momentum follows their centres of mass");
  const int nb = nb_;
  bool chain = true;
  for (int i = 1; i < nb; ++i) {
    column_[i] = 3 + model.joint_index[i];
    prismatic_[i] = model.joint_type[i] == JointType::Prismatic;
    if (model.children[model.parent[i]].size() > 1) chain = false;
  }
  const BarycentricVariant variant = options.variant;
  if (variant == BarycentricVariant::PrintedBarycentre && !chain)
    throw std::invalid_argument(
        "barycentric variant printed-barycentre: (6) c_i = l_i mu_i + r_i (1 - mu_i) is defined "
        "for a serial chain only (mu_i counts the bodies before i); the model branches");
  if (variant == BarycentricVariant::PrintedJointCoupling && n_ != 3)
    throw std::invalid_argument(
        "barycentric variant printed-joint-coupling: (117) dL/dqd = D_q w + D_qq qd needs D_q "
        "square, i.e. three joints; the model has " +
        std::to_string(n_));
  for (int i = 0; i < nb; ++i)
    if (!model.children[i].empty()) first_child_[i] = model.children[i].front();
  for (int i = nb - 1; i > 0; --i) subtree_mass_[model.parent[i]] += subtree_mass_[i];
  total_mass_ = subtree_mass_[0];
  if (!(total_mass_ > 0.0)) throw std::invalid_argument("barycentric: the model has no mass");
  for (int k = 0; k < nb; ++k) {
    attach_[k * nb + k] = -1;
    for (int j = k; parent_[j] >= 0; j = parent_[j]) attach_[parent_[j] * nb + k] = j;
  }
  const std::size_t nbs = static_cast<std::size_t>(nb);
  for (auto* v : {&com_, &origin_, &joint_point_, &axis_, &omega_, &omega_dot_})
    v->assign(nbs, Vec3::Zero());
  Iw_.assign(nbs, Mat3::Zero());
  R0_.setIdentity();
  V_.setZero(3 * nb, nb);
  c_.setZero(3, nb);
  rho_.setZero(3, nb);
  rho_ddot_.setZero(3, nb);
  X_.setZero(6 * nb, 3 + n_);
  if (assembly_ == BarycentricAssembly::KaneProducts) Y_.setZero(6 * nb, 3 + n_);
  z_.setZero(6 * nb);
  y_.setZero(6 * nb);
  Dij_.setZero(3 * nb, 3 * nb);
  S_.setZero(3 * nb, 3 * nb);
  G_.setZero(3 * nb, n_);
  Dfull_.setZero(3 + n_, 3 + n_);
  Dinv_Dq_.setZero(3, n_);
  H_.setZero(n_, n_);
  for (VecX* v : {&xi_, &bias_, &Qext_}) v->setZero(3 + n_);
  c1_.setZero(3);
  for (VecX* v : {&c2_, &ch_, &rhs_q_, &qdd_}) v->setZero(n_);
  rhs_w_.setZero();
  wdot_.setZero();
  rcm_ddot_.setZero();
  force_.setZero();
  // Sized by a first factorisation: assigning Eigen::LLT<MatX>(size) would copy its
  // uninitialised ComputationInfo (undefined behaviour UBSan reports).
  H_llt_.compute(MatX::Identity(n_, n_));
}

std::string BarycentricSolver::description() const {
  std::string d = entry().summary;
  if (assembly_ == BarycentricAssembly::KaneProducts) d += "; inertia as Kane products";
  if (variant_ != BarycentricVariant::Corrected)
    d += "; PRINTED VARIANT (wrong): " + describe(variant_);
  return d;
}

// Barycentres and barycentric vectors (5)-(11), generalized to trees: body i sees every other
// body k at its attachment point P_i(k) (its centre of mass for k = i, the joint towards k's
// subtree, or its own joint towards the vehicle), its barycentre is B_i = sum_k m_k/M P_i(k)
// and v_ik = P_i(k) - B_i, so rho_k = sum_i v_ik (10). For a chain B_i - com_i = l_i mu_i +
// r_i (1 - mu_{i+1}): the corrected (6), and v_ik is r_i* = r_i - c_i (i < k), c_i* = -c_i
// (i = k) or l_i* = l_i - c_i (i > k), (7)-(9), (11). A prismatic joint j adds its slide s_j = u_j
// q_j (between the parent's joint point and the child's origin) as s_j (1[k in subtree j] - M_j/M),
// carried here in v_jk (it turns with body j).
void BarycentricSolver::barycentricVectors(const Model& model, const Data& data) {
  const int nb = nb_;
  const double M = total_mass_;
  for (int i = 0; i < nb; ++i) {
    const Pose& oMi = data.oMi[i];
    com_[i] = oMi.act(model.com[i]);
    origin_[i] = oMi.p;
    if (i > 0) {
      joint_point_[i] = data.oMi[parent_[i]].act(model.joint_placement[i].p);
      axis_[i] = prismatic_[i] ? Vec3(data.S[i].head<3>()) : Vec3(data.S[i].tail<3>());
    }
    const Mat3 RI = oMi.R * model.inertia_com[i];
    Iw_[i].noalias() = RI * oMi.R.transpose();
  }
  for (int i = 0; i < nb; ++i) {
    Vec3 B;
    if (variant_ == BarycentricVariant::PrintedBarycentre) {
      // (6) as printed on the chain: c_i = l_i mu_i + r_i (1 - mu_i), mu_i = (mass before i)/M
      // (5), l_i from the centre of mass to joint i, r_i to joint i+1 (none after the last
      // link: the model has no end-effector point there, and the corrected (6) gives it
      // weight 1 - mu_{N+1} = 0).
      const double mu = 1.0 - subtree_mass_[i] / M;
      const Vec3 l = origin_[i] - com_[i];
      const int next = first_child_[i];
      const Vec3 r = next >= 0 ? Vec3(joint_point_[next] - com_[i]) : Vec3::Zero();
      B = com_[i] + l * mu + r * (1.0 - mu);
    } else {
      B = (mass_[i] / M) * com_[i] + (1.0 - subtree_mass_[i] / M) * origin_[i];
      for (int c : model.children[i]) B += (subtree_mass_[c] / M) * joint_point_[c];
    }
    c_.col(i) = B - com_[i];
    const Vec3 slide = prismatic_[i] ? Vec3(origin_[i] - joint_point_[i]) : Vec3::Zero();
    const double slide_share = subtree_mass_[i] / M;
    for (int k = 0; k < nb; ++k) {
      const int a = attach_[i * nb + k];
      const Vec3& P = a == -1 ? com_[i] : (a == -2 ? origin_[i] : joint_point_[a]);
      Vec3 v = P - B;
      if (prismatic_[i]) v += slide * ((a == -2 ? 0.0 : 1.0) - slide_share);
      V_.block<3, 1>(3 * i, k) = v;
    }
  }
  for (int k = 0; k < nb; ++k) {
    Vec3 r = Vec3::Zero();
    for (int i = 0; i < nb; ++i) r += V_.block<3, 1>(3 * i, k);
    rho_.col(k) = r;
  }
}

// Partial velocities of rho_k and w_k with respect to xi = [w_0 (vehicle frame); qd], the
// bias accelerations (xi' = 0) and the stacked matrices of Kane's equations.
//   w_k = R0 w_0 + sum_{revolute j <= k} u_j qd_j,  rho_k' = sum_i w_i x v_ik
//        + sum_{prismatic j} u_j (1[k in subtree j] - M_j/M) qd_j                (18)
void BarycentricSolver::jacobians(const Model& model, const State& state) {
  const int nb = nb_, nx = 3 + n_;
  const double M = total_mass_;
  X_.setZero();
  // Omega_k rows (3 nb .. ) of X_, angular velocities and their bias rates.
  for (int k = 0; k < nb; ++k) {
    auto Om = X_.block(3 * nb + 3 * k, 0, 3, nx);
    if (k == 0) {
      Om.leftCols<3>() = R0_;
      omega_[0] = R0_ * angular(state.base_twist);
      omega_dot_[0].setZero();
      continue;
    }
    const int p = parent_[k];
    Om = X_.block(3 * nb + 3 * p, 0, 3, nx);
    omega_[k] = omega_[p];
    omega_dot_[k] = omega_dot_[p];
    if (!prismatic_[k]) {
      const double qd = state.qd[model.joint_index[k]];
      Om.col(column_[k]) = axis_[k];
      omega_[k] += axis_[k] * qd;
      omega_dot_[k] += omega_[p].cross(axis_[k]) * qd;
    }
  }
  // J_k rows (0 .. 3 nb) of X_ and the bias accelerations of rho_k.
  for (int k = 0; k < nb; ++k) {
    auto J = X_.block(3 * k, 0, 3, nx);
    Vec3 acc = Vec3::Zero();
    for (int i = 0; i < nb; ++i) {
      const Vec3 v = V_.block<3, 1>(3 * i, k);
      J.noalias() -= skew(v) * X_.block(3 * nb + 3 * i, 0, 3, nx);
      acc += omega_dot_[i].cross(v) + omega_[i].cross(omega_[i].cross(v));
      if (prismatic_[i]) {
        const double share = (attach_[i * nb + k] == -2 ? 0.0 : 1.0) - subtree_mass_[i] / M;
        J.col(column_[i]) += axis_[i] * share;
        acc += 2.0 * share * state.qd[model.joint_index[i]] * omega_[i].cross(axis_[i]);
      }
    }
    rho_ddot_.col(k) = acc;
  }
  for (int k = 0; k < nb; ++k) {
    if (assembly_ == BarycentricAssembly::KaneProducts) {
      Y_.block(3 * k, 0, 3, nx) = mass_[k] * X_.block(3 * k, 0, 3, nx);
      Y_.block(3 * nb + 3 * k, 0, 3, nx).noalias() = Iw_[k] * X_.block(3 * nb + 3 * k, 0, 3, nx);
    }
    z_.segment<3>(3 * k) = mass_[k] * rho_ddot_.col(k);
    z_.segment<3>(3 * nb + 3 * k) =
        Iw_[k] * omega_dot_[k] + omega_[k].cross(Vec3(Iw_[k] * omega_[k]));
  }
}

void BarycentricSolver::computeWithCheckedArguments(const Model& model, Data& data,
                                                    const State& state,
                                                    const Eigen::Ref<const VecX>& tau,
                                                    const ExternalForces& external) {
  const int bodies_of_the_solvers_model = nb_;
  VMS_CHECK_ARGUMENT_SIZE_IN(checkLabel(), model.nbodies, bodies_of_the_solvers_model,
                             "model.nbodies");
  VMS_CHECK_ARGUMENT_SIZE_IN(checkLabel(), model.base_dof, 6, "model.base_dof");
  const int nb = nb_, n = n_;
  forwardKinematics(model, data, state);
  R0_ = data.oMi[0].R;
  barycentricVectors(model, data);
  jacobians(model, state);

  // External wrenches as a force at each centre of mass and a moment about it. Gravity is only
  // in the total force: sum_k m_k J_k = 0 (3), so it does no work on xi.
  force_ = total_mass_ * model.gravity;
  for (int k = 0; k < nb; ++k) {
    Vec3 f = Vec3::Zero(), m = Vec3::Zero();
    if (external.body_forces_world) {
      const Vec6& w = (*external.body_forces_world)[k];
      f = w.head<3>();
      m = Vec3(w.tail<3>()) - com_[k].cross(f);
    }
    if (k == 0) {
      const Vec3 fb = R0_ * linear(external.base_wrench_body);
      f += fb;
      m += R0_ * angular(external.base_wrench_body) + (origin_[0] - com_[0]).cross(fb);
    }
    force_ += f;
    y_.segment<3>(3 * k) = f;
    y_.segment<3>(3 * nb + 3 * k) = m;
  }

  // [[D, D_q], [D_q^T, D_qq]] (50): the D_ij (42) always (they are shown), summed by
  // (43)-(46) unless the Kane products are asked for.
  dyadics();
  if (assembly_ == BarycentricAssembly::DijSums)
    inertiaFromDyadics();
  else
    inertiaFromKaneProducts();
  // The bias and the generalized external forces (the paper gives no c_1*, c_2*): the partial
  // velocities against the inertia forces at xi' = 0 and the external wrenches, summed over
  // row chunks (bounded GEMM blocking).
  bias_.setZero();
  Qext_.setZero();
  for (int row = 0; row < 6 * nb; row += kChunkRows) {
    const int len = std::min(kChunkRows, 6 * nb - row);
    bias_.noalias() += X_.middleRows(row, len).transpose() * z_.segment(row, len);
    Qext_.noalias() += X_.middleRows(row, len).transpose() * y_.segment(row, len);
  }

  // (54)-(56): H qdd + c_h = tau, with c_1* = bias_w - Q_w, c_2* = bias_q - Q_q.
  c1_ = bias_.head<3>() - Qext_.head<3>();
  c2_ = bias_.tail(n) - Qext_.tail(n);
  D_llt_.compute(Dfull_.topLeftCorner<3, 3>());
  Dinv_Dq_ = Dfull_.topRightCorner(3, n);
  if (n > 0) D_llt_.solveInPlace(Dinv_Dq_);  // Eigen's triangular solve reads coeff(0,0)
  H_ = Dfull_.bottomRightCorner(n, n);
  H_.noalias() -= Dfull_.topRightCorner(3, n).transpose() * Dinv_Dq_;  // (55)
  rhs_w_ = D_llt_.solve(Vec3(c1_.head<3>()));
  ch_ = c2_;
  ch_.noalias() -= Dfull_.topRightCorner(3, n).transpose() * rhs_w_;  // (56)
  rhs_q_ = tau - ch_;
  if (variant_ == BarycentricVariant::PrintedJointCoupling) {
    // D w' + D_q qdd = -c_1*, D_q w' + D_qq qdd = tau - c_2*  (D_q where D_q^T belongs)
    const Mat3 Dq = Dfull_.topRightCorner<3, 3>();
    const Mat3 Hp = Dfull_.bottomRightCorner<3, 3>() - Dq * Mat3(Dinv_Dq_.leftCols<3>());
    const Vec3 r = Vec3(tau - c2_) + Dq * D_llt_.solve(Vec3(c1_.head<3>()));
    qdd_ = Hp.fullPivLu().solve(r);
  } else if (n > 0) {
    H_llt_.compute(H_);
    qdd_ = H_llt_.solve(rhs_q_);
  }
  // D w_0' = -c_1* - D_q qdd
  rhs_w_ = -c1_.head<3>();
  rhs_w_.noalias() -= Dfull_.topRightCorner(3, n) * qdd_;
  wdot_ = D_llt_.solve(rhs_w_);

  // The vehicle's origin x_0 = r_CM + rho_0 + e, e = -R0 com_0 (fixed in the vehicle).
  rcm_ddot_ = force_ / total_mass_;  // (51) with external forces
  const Vec3 w0 = omega_[0], w0dot = R0_ * wdot_;
  const Vec3 e = origin_[0] - com_[0];
  Vec3 x0_ddot = w0dot.cross(e) + w0.cross(w0.cross(e));
  if (variant_ == BarycentricVariant::PrintedCentreOfMassVelocity) {
    x0_ddot += rcm_ddot_;  // the vehicle's centre of mass moved as if it were the system's
  } else {
    Vec3 rho0_ddot = rho_ddot_.col(0);
    rho0_ddot.noalias() += X_.block(0, 0, 3, 3) * wdot_;
    rho0_ddot.noalias() += X_.block(0, 3, 3, n) * qdd_;
    x0_ddot += rcm_ddot_ + rho0_ddot;
  }
  const Vec3 vb = linear(state.base_twist), wb = angular(state.base_twist);
  data.base_twist_dot << R0_.transpose() * x0_ddot - wb.cross(vb), wdot_;
  data.qdd = qdd_;
}

// The bracketed (42), generalized to trees. With v_ik constant over the k that body i sees
// through one attachment and sum_k m_k v_ik = 0 (the barycentre), the sum
// sum_k m_k [(v_ik . v_jk) 1 - v_jk v_ik^T] of two different bodies collapses to
// -M [(v_ij . v_ji) 1 - v_ji v_ij^T]: on a chain v_ij = r_i*, v_ji = l_j* for i < j (and
// l_i*, r_j* for i > j), the paper's off-diagonal D_ij. D_ii keeps its sum over k.
void BarycentricSolver::dyadics() {
  const int nb = nb_;
  const double M = total_mass_;
  for (int i = 0; i < nb; ++i) {
    Mat3 d = Iw_[i];
    for (int k = 0; k < nb; ++k) {
      const Vec3 v = V_.block<3, 1>(3 * i, k);
      d.noalias() -= mass_[k] * v * v.transpose();
      d.diagonal().array() += mass_[k] * v.squaredNorm();
    }
    Dij_.block<3, 3>(3 * i, 3 * i) = d;
    for (int j = i + 1; j < nb; ++j) {
      const Vec3 x = V_.block<3, 1>(3 * i, j), y = V_.block<3, 1>(3 * j, i);
      Mat3 e = M * y * x.transpose();
      e.diagonal().array() -= M * x.dot(y);
      Dij_.block<3, 3>(3 * i, 3 * j) = e;
      Dij_.block<3, 3>(3 * j, 3 * i) = e.transpose();
    }
  }
}

// (43)-(46): D = sum_ij D_ij, D_q = sum_j (sum_i D_ij) F_j, D_qq = sum_ij F_i^T D_ij F_j, with
// w_j = w_0 + F_j qd (F_j: the axes of the revolute joints from the vehicle to body j). Joint
// b's column of F_j is u_b exactly for j in subtree b, so with S(a, b) = sum over i in subtree
// a and j in subtree b of D_ij (subtree sums of the block rows and columns, from the tips):
//   D = R0^T S(0, 0) R0,  D_q col b = R0^T S(0, b) u_b,  D_qq(a, b) = u_a^T S(a, b) u_b.
// A prismatic joint b (the paper has none) moves rho_k by u_b s_bk qd_b with the mass share
// s_bk = 1[k in subtree b] - M_b/M, so its column takes the same closed-form sums:
// g_ib = sum_k m_k s_bk v_ik is M_b v_ib for i outside subtree b and -(M - M_b) v_i0 inside;
// the rotation rows get sum_i (g_ib x u_b) over the bodies they turn, and two prismatic joints
// (M_{subtree a and b} - M_a M_b / M) u_a . u_b.
void BarycentricSolver::inertiaFromDyadics() {
  const int nb = nb_;
  const double M = total_mass_;
  S_ = Dij_;
  for (int b = nb - 1; b > 0; --b) S_.middleCols<3>(3 * parent_[b]) += S_.middleCols<3>(3 * b);
  for (int a = nb - 1; a > 0; --a) S_.middleRows<3>(3 * parent_[a]) += S_.middleRows<3>(3 * a);
  const auto S = [&](int a, int b) { return S_.block<3, 3>(3 * a, 3 * b); };
  const auto inside = [&](int i, int b) { return attach_[b * nb + i] != -2; };  // i in subtree b
  Dfull_.setZero();
  Dfull_.topLeftCorner<3, 3>().noalias() = R0_.transpose() * S(0, 0) * R0_;
  for (int b = 1; b < nb; ++b) {
    const int cb = column_[b];
    if (!prismatic_[b]) {
      Dfull_.block<3, 1>(0, cb).noalias() = R0_.transpose() * (S(0, b) * axis_[b]);
      for (int a = 1; a < nb; ++a)
        if (!prismatic_[a]) Dfull_(column_[a], cb) = axis_[a].dot(S(a, b) * axis_[b]);
      continue;
    }
    const double Mb = subtree_mass_[b];
    for (int i = 0; i < nb; ++i) {
      const Vec3 g = inside(i, b) ? Vec3(-(M - Mb) * V_.block<3, 1>(3 * i, 0))
                                  : Vec3(Mb * V_.block<3, 1>(3 * i, b));
      G_.block<3, 1>(3 * i, cb - 3) = g.cross(axis_[b]);
    }
    for (int i = nb - 1; i > 0; --i)
      G_.block<3, 1>(3 * parent_[i], cb - 3) += G_.block<3, 1>(3 * i, cb - 3);
    Dfull_.block<3, 1>(0, cb).noalias() = R0_.transpose() * G_.block<3, 1>(0, cb - 3);
    for (int a = 1; a < nb; ++a) {
      double& e = Dfull_(column_[a], cb);
      if (!prismatic_[a]) {
        e = axis_[a].dot(G_.block<3, 1>(3 * a, cb - 3));
      } else {
        const double shared = inside(a, b) ? subtree_mass_[a] : (inside(b, a) ? Mb : 0.0);
        e = (shared - subtree_mass_[a] * Mb / M) * axis_[a].dot(axis_[b]);
      }
    }
  }
  // The vehicle rows of every column, and the prismatic columns' rows, by symmetry.
  Dfull_.bottomLeftCorner(n_, 3) = Dfull_.topRightCorner(3, n_).transpose();
  for (int b = 1; b < nb; ++b)
    if (prismatic_[b]) Dfull_.row(column_[b]) = Dfull_.col(column_[b]).transpose();
}

// The generic assembly: sum_k m_k J_k^T J_k + Omega_k^T I_k Omega_k, summed over row chunks.
void BarycentricSolver::inertiaFromKaneProducts() {
  Dfull_.setZero();
  for (int row = 0; row < 6 * nb_; row += kChunkRows) {
    const int len = std::min(kChunkRows, 6 * nb_ - row);
    Dfull_.noalias() += X_.middleRows(row, len).transpose() * Y_.middleRows(row, len);
  }
}

std::vector<SolverQuantity> BarycentricSolver::intermediates() const {
  MatX mu(1, nb_);  // mu_i (5) for a chain: mass before body i over M
  double before = 0.0;
  for (int i = 0; i < nb_; ++i) {
    mu(0, i) = before / total_mass_;
    before += mass_[i];
  }
  VecX xi_dot(3 + n_);
  xi_dot << wdot_, qdd_;
  return {
      {"v_ik", "barycentric vectors, block (i, k) = v_ik (10)-(11), world axes", V_},
      {"c", "barycentre offsets c_i = l_i mu_i + r_i (1 - mu_{i+1}) (6, corrected)", c_},
      {"mu", "mass fractions mu_i (5), model order", mu},
      {"rho", "centre of mass of each body from the system's, sum_i v_ik (10)", rho_},
      {"D_ij", "inertia dyadics (42), bracketed, world axes", Dij_},
      {"D", "sum D_ij (43)-(44), vehicle frame", MatX(D())},
      {"D_q", "sum (sum_i D_ij) F_j (45), vehicle frame", Dq()},
      {"D_qq", "sum F_i^T D_ij F_j (46)", Dqq()},
      {"Dfull",
       assembly_ == BarycentricAssembly::DijSums
           ? "[[D, D_q], [D_q^T, D_qq]], the inertia of (50), from the D_ij sums (43)-(46)"
           : "[[D, D_q], [D_q^T, D_qq]], the inertia of (50), as Kane products",
       Dfull_},
      {"H", "reduced inertia D_qq - D_q^T D^-1 D_q (55)", H_},
      {"c1*", "vehicle-rotation velocity terms minus external moments about the CM", c1_},
      {"c2*", "joint velocity terms minus external generalized forces", c2_},
      {"c_h", "c_2* - D_q^T D^-1 c_1* (56)", ch_},
      {"r_CM_ddot", "system centre-of-mass acceleration, total force / M (51)", MatX(rcm_ddot_)},
      {"xi_dot", "[w_0' (vehicle frame); qdd] from (54) and (52)", xi_dot},
  };
}

}  // namespace vms
