#include "core/solvers/denoc_recursive_solver.hpp"

#include "core/algorithms/kinematics.hpp"
#include "core/solvers/detail/denoc_points.hpp"
#include "core/solvers/solver_entry.hpp"

namespace vms {

namespace {

// Twist-propagation matrix A = [[1, -a^x], [0, 1]] (129) applied to a twist x: [v - a x w; w].
inline Vec6 propagate(const Vec3& a, const Vec6& x) {
  Vec6 y = x;
  y.head<3>() -= a.cross(x.tail<3>());
  return y;
}

// A^T applied to a wrench [f; n] at the child's point: [f; n + a x f], the same wrench at the
// parent's point (149).
inline Vec6 propagateWrench(const Vec3& a, const Vec6& w) {
  Vec6 y = w;
  y.tail<3>() += a.cross(w.head<3>());
  return y;
}

// Omega = diag(w^x, w^x) applied to a twist.
inline Vec6 rotateRate(const Vec3& w, const Vec6& x) {
  return makeVec6(w.cross(Vec3(x.head<3>())), w.cross(Vec3(x.tail<3>())));
}

// A^T M A for A = [[1, -K], [0, 1]], K = a^x, by 3 x 3 blocks: an inertia at the child's point
// seen from the parent's.
Mat6 propagateInertia(const Vec3& a, const Mat6& M) {
  const Mat3 K = skew(a);
  const Mat3 M11 = M.topLeftCorner<3, 3>(), M12 = M.topRightCorner<3, 3>();
  const Mat3 M21 = M.bottomLeftCorner<3, 3>(), M22 = M.bottomRightCorner<3, 3>();
  const Mat3 KM11 = K * M11;
  Mat6 out;
  out.topLeftCorner<3, 3>() = M11;
  out.topRightCorner<3, 3>() = M12 - M11 * K;
  out.bottomLeftCorner<3, 3>() = M21 + KM11;
  out.bottomRightCorner<3, 3>() = M22 + K * M12 - M21 * K - KM11 * K;
  return out;
}

}  // namespace

// The registry entry (core/solvers/solver_registry.cpp lists it).
const SolverEntry& denocRecursiveSolverEntry() {
  static const SolverEntry entry = [] {
    SolverEntry e;
    e.name = "denoc-recursive";
    e.summary = "Seed 003: the DeNOC forward dynamics in its recursive, O(N) form";
    e.description =
        "The decoupled natural orthogonal complement without its matrices: link twists "
        "propagated body by body, t_i = A_{i,i-1} t_{i-1} + p_i qd_i (128), their rates at "
        "nudot = 0 by (150)-(151), the wrenches combined from the tips by (149) and "
        "tau_i = p_i^T w_i (153) into phi = N^T wbar + tau - C nu, then H nudot = phi solved "
        "by the recursive U D U^T factorisation of H = N^T Mbar N (articulated inertias from "
        "the tips, accelerations from the vehicle), with twists about the centres of mass. "
        "The same equations as denoc, O(N).";
    e.paper =
        "seed 003 §7: Hoffman, \"Dynamics of Free Flying Space Manipulators\" (SPART), "
        "(128)-(165); its reference [12], Shah, Saha, Dutt, \"Dynamics of Tree-Type Robotic "
        "Systems\"";
    e.make = [](const Model& model) -> std::unique_ptr<ForwardDynamicsSolver> {
      return std::make_unique<DenocRecursiveSolver>(model);
    };
    return e;
  }();
  return entry;
}

DenocRecursiveSolver::DenocRecursiveSolver(const Model& model, DenocRecursiveOptions options)
    : ForwardDynamicsSolver(denocRecursiveSolverEntry()),
      options_(options),
      nb_(model.nbodies),
      b_(model.base_dof),
      n_(model.njoints),
      nv_(model.nv),
      parent_(model.parent),
      column_(static_cast<std::size_t>(model.nbodies), -1) {
  for (int i = 1; i < nb_; ++i) column_[i] = b_ + model.joint_index[i];
  const std::size_t nb = static_cast<std::size_t>(nb_);
  for (auto* v : {&r_, &rdot_, &w_ang_}) v->assign(nb, Vec3::Zero());
  for (auto* v : {&p_, &W_, &eta_, &psi_, &tdot_}) v->assign(nb, Vec6::Zero());
  M_.assign(nb, Mat6::Zero());
  Mhat_.assign(nb, Mat6::Zero());
  Pb_.setZero(6, b_);
  MPb_.setZero(6, b_);
  Hb_.setZero(b_, b_);
  rhs_b_.setZero(b_);
  // Sized by a first factorisation (an LLT constructed with a size keeps an uninitialised
  // ComputationInfo).
  Hb_llt_.compute(Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 6, 6>::Identity(b_, b_));
  for (VecX* v : {&t_, &tb_, &wbar_}) v->setZero(6 * nb_);
  for (VecX* v : {&phi_, &nu_, &nudot_}) v->setZero(nv_);
  pivots_.setZero(n_);
}

std::string DenocRecursiveSolver::description() const {
  return entry().summary + "; reference point " + toString(options_.point);
}

// Outward: reference points, twists t_i (128), link inertias at the points, the wrenches wbar
// (gravity and external) and the twist rates at nudot = 0, Ndot nu, by (150)-(151):
//   tdot_i = A_{i,p} tdot_p + Adot_{i,p} t_p + pdot_i qd_i,  Adot_{i,p} t_p = [w_p x adot; 0],
//   pdot_i = Omega_i p_i,  and for the vehicle Ndot_{b,d} nu_b = Omega_b P_b nu_b (162).
// Each body's wrench at nudot = 0, W_i = Mbar_i tdot_i + Omega_i Mbar_i E_i t_i - wbar_i (147),
// starts the inward sums, and its articulated inertia starts as Mbar_i.
void DenocRecursiveSolver::outwardKinematics(const Model& model, const Data& data,
                                             const State& state, const ExternalForces& external) {
  const bool com = options_.point == DenocReferencePoint::CentreOfMass;
  for (int i = 0; i < nb_; ++i) {
    const Pose& oMi = data.oMi[i];
    const Vec3 c = oMi.act(model.com[i]);
    const Vec3 r = com ? c : oMi.p;
    const Vec3 w = angular(data.v[i]);
    r_[i] = r;
    w_ang_[i] = w;
    rdot_[i] = Vec3(linear(data.v[i])) + w.cross(r);  // velocity of the point
    const Vec6 t = makeVec6(rdot_[i], w);
    t_.segment<6>(6 * i) = t;
    // Mbar_i = T^T I T with T = [[1, r^x], [0, 1]] (a point twist to the world-origin one).
    M_[i] = propagateInertia(-r, data.I[i]);
    Mhat_[i] = M_[i];
    eta_[i].setZero();
    // wbar_i: the wrenches on the body at the point (detail/denoc_points.hpp).
    const Vec6 wi = detail::denocPointWrench(model, data, external, i, r, c);
    Vec6 tb;
    if (i == 0) {
      for (int k = 0; k < b_; ++k) Pb_.col(k) = detail::pointTwist(data.S0.col(k), r);
      tb = rotateRate(w, t);  // Omega_b P_b nu_b, P_b nu_b = t_0
    } else {
      const int p = parent_[i];
      p_[i] = detail::pointTwist(data.S[i], r);  // p_i = T^-1 S_i
      tb = propagate(r - r_[p], tb_.segment<6>(6 * p));
      tb.head<3>() += w_ang_[p].cross(rdot_[i] - rdot_[p]);
      tb += rotateRate(w, p_[i]) * state.qd[model.joint_index[i]];
    }
    tb_.segment<6>(6 * i) = tb;
    wbar_.segment<6>(6 * i) = wi;
    // The velocity-product wrench: Omega M E t (147)-(148), or with added mass Kirchhoff's
    // (fluid at rest) (Omega M - M Omega) t + [0; rdot x (M t)_v].
    Vec6 bias;
    if (model.hasAddedMass() && !model.added_mass[i].isZero(0.0)) {
      const Vec6 Mt = M_[i] * t;
      bias = rotateRate(w, Mt) - M_[i] * rotateRate(w, t);
      bias.tail<3>() += rdot_[i].cross(Vec3(Mt.head<3>()));
    } else {
      bias = rotateRate(w, M_[i].rightCols<3>() * w);
    }
    W_[i] = M_[i] * tb + bias - wi;
  }
}

// Inward, from the tips: the composite wrenches W_i (149) give phi_i = tau_i - p_i^T W_i (153);
// the articulated inertias Mhat_i and the joint-force wrenches eta_i factorise H = U D U^T:
//   psi_i = Mhat_i p_i, d_i = p_i^T psi_i, phihat_i = phi_i - p_i^T eta_i,
//   Mhat_p += A^T (Mhat_i - psi_i psi_i^T / d_i) A,  eta_p += A^T (eta_i + psi_i phihat_i / d_i).
void DenocRecursiveSolver::inwardWrenchesAndInertias(const Eigen::Ref<const VecX>& tau) {
  for (int i = nb_ - 1; i > 0; --i) {
    const int p = parent_[i], col = column_[i];
    const Vec3 a = r_[i] - r_[p];
    const Vec6& pi = p_[i];
    phi_[col] = tau[col - b_] - pi.dot(W_[i]);
    W_[p] += propagateWrench(a, W_[i]);
    psi_[i].noalias() = Mhat_[i] * pi;
    const double d = pi.dot(psi_[i]);
    pivots_[col - b_] = d;
    const double u = phi_[col] - pi.dot(eta_[i]);
    nudot_[col] = u;  // phihat_i until the outward pass
    Mat6 Mbar = Mhat_[i];
    Mbar.noalias() -= psi_[i] * (psi_[i].transpose() / d);
    Mhat_[p] += propagateInertia(a, Mbar);
    eta_[p] += propagateWrench(a, eta_[i] + psi_[i] * (u / d));
  }
  phi_.head(b_).noalias() = -Pb_.transpose() * W_[0];
}

// Outward, from the vehicle: P_b^T Mhat_0 P_b nudot_b = phi_b - P_b^T eta_0, then
// nudot_i = (phihat_i - psi_i^T A tdot_p) / d_i and tdot_i = A tdot_p + p_i nudot_i (the twist
// rates N nudot; the motion's are these plus Ndot nu).
void DenocRecursiveSolver::outwardAccelerations(const Model& model, Data& data) {
  if (b_ > 0) {
    MPb_.noalias() = Mhat_[0] * Pb_;
    Hb_.noalias() = Pb_.transpose() * MPb_;
    rhs_b_ = phi_.head(b_);
    rhs_b_.noalias() -= Pb_.transpose() * eta_[0];
    Hb_llt_.compute(Hb_);
    Hb_llt_.solveInPlace(rhs_b_);
    nudot_.head(b_) = rhs_b_;
    tdot_[0].noalias() = Pb_ * rhs_b_;
  } else {
    tdot_[0].setZero();
  }
  for (int i = 1; i < nb_; ++i) {
    const int col = column_[i];
    const Vec6 x = propagate(r_[i] - r_[parent_[i]], tdot_[parent_[i]]);
    const double qdd = (nudot_[col] - psi_[i].dot(x)) / pivots_[col - b_];
    nudot_[col] = qdd;
    tdot_[i] = x + p_[i] * qdd;
  }
  data.qdd = nudot_.tail(n_);
  data.base_twist_dot.noalias() = model.base_basis * nudot_.head(b_);
}

void DenocRecursiveSolver::computeWithCheckedArguments(const Model& model, Data& data,
                                                       const State& state,
                                                       const Eigen::Ref<const VecX>& tau,
                                                       const ExternalForces& external) {
  const int bodies_of_the_solvers_model = nb_, base_dof_of_the_solvers_model = b_;
  VMS_CHECK_ARGUMENT_SIZE_IN(checkLabel(), model.nbodies, bodies_of_the_solvers_model,
                             "model.nbodies");
  VMS_CHECK_ARGUMENT_SIZE_IN(checkLabel(), model.base_dof, base_dof_of_the_solvers_model,
                             "model.base_dof");
  computeKinematics(model, data, state);
  nu_.head(b_).noalias() = model.base_basis.transpose() * state.base_twist;
  nu_.tail(n_) = state.qd;
  outwardKinematics(model, data, state, external);
  inwardWrenchesAndInertias(tau);
  outwardAccelerations(model, data);
}

std::vector<SolverQuantity> DenocRecursiveSolver::intermediates() const {
  return {
      {"nu", "[vehicle; joint] velocities", nu_},
      {"t", "link twists [v_point; w] (world axes), propagated by (128)", t_},
      {"Ndot_nu", "twist rates at nudot = 0, propagated by (150)-(151), (162)", tb_},
      {"wbar", "gravity and external wrenches at the reference points", wbar_},
      {"phi", "N^T wbar + tau - C nu, from the tips by (149) and (153)", phi_},
      {"D", "pivots p_i^T Mhat_i p_i of H = U D U^T, joint order", pivots_},
      {"Mhat_0", "the vehicle's articulated inertia at its reference point", Mhat_[0]},
      {"nudot", "[vehicle; joint] accelerations", nudot_},
  };
}

}  // namespace vms
