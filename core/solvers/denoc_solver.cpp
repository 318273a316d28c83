#include "core/solvers/denoc_solver.hpp"

#include <algorithm>

#include "core/algorithms/kinematics.hpp"
#include "core/solvers/detail/denoc_points.hpp"
#include "core/solvers/solver_variant_table.hpp"

namespace vms {

namespace {

// Every form the solver runs, the corrected one first; each printed one is an erratum of the
// paper (its equation, what is wrong, the acceleration error docs/solvers.md reports, a tree it
// shows on).
const VariantTable<DenocVariant>& variants() {
  static const VariantTable<DenocVariant> table = {
      {DenocVariant::Corrected, "corrected",
       "corrected: Adot top-right -(w x a)^x (151), Ndot_b,d = Omega_b P_b (162)"},
      {DenocVariant::PrintedAdot, "printed-adot",
       "(152) as printed: Adot top-right block -(w^x a^x)", "seed 003 (152)",
       "The top-right block of Adot is printed as -(w^x a^x), a matrix product, instead of "
       "-(w x a)^x, so Ndot is off by 0.44 and C by 0.31. The missing a^x w^x only ever "
       "multiplies the parent's own angular velocity w in Ndot nu, where it vanishes, so no "
       "state of any tree changes the motion: it shows in the matrices alone (no ghost run).",
       0.0, demoTree(BaseType::Free, 6, true, 0.0, 22)},
      {DenocVariant::PrintedBaseRate, "printed-base-rate",
       "(139)/(162) read as N_b,d = 1 constant: Ndot_b,d = 0", "seed 003 (139)/(162)",
       "N_{b,d} = 1 is taken as constant, so Ndot_{b,d} = 0 although the vehicle coordinates "
       "are its body twist. The error is small (0.2 % at the smallest) and exact for a fixed "
       "vehicle, so checks on a fixed-base or slow run miss it.",
       2.0e-3, demoTree(BaseType::Free, 5, false, 0.25, 30)},
  };
  return table;
}

}  // namespace

std::string toString(DenocVariant variant) { return variantRow(variants(), variant).name; }

std::optional<DenocVariant> denocVariantFromString(const std::string& name) {
  return variantNamed(variants(), name);
}

std::string describe(DenocVariant variant) { return variantRow(variants(), variant).formula; }

std::string toString(DenocReferencePoint point) {
  return point == DenocReferencePoint::CentreOfMass ? "centre-of-mass" : "body-origin";
}

namespace {

constexpr int kChunkRows = 48;  // 8 bodies

// Twist-propagation matrix A = [[1, -a^x], [0, 1]] (129) applied to a twist x: [v - a x w; w].
inline Vec6 propagate(const Vec3& a, const Vec6& x) {
  Vec6 y = x;
  y.head<3>() -= a.cross(x.tail<3>());
  return y;
}

// Omega = diag(w^x, w^x) applied to a twist.
inline Vec6 rotateRate(const Vec3& w, const Vec6& x) {
  return makeVec6(w.cross(Vec3(x.head<3>())), w.cross(Vec3(x.tail<3>())));
}

}  // namespace

// The registry entry (core/solvers/solver_registry.cpp lists it).
const SolverEntry& denocSolverEntry() {
  static const SolverEntry entry = [] {
    SolverEntry e;
    e.name = "denoc";
    e.summary = "Seed 003: the decoupled natural orthogonal complement (N and H matrices)";
    e.description =
        "The decoupled natural orthogonal complement (SPART): link twists t = N nu with "
        "N = N_l N_d (twist-propagation and joint-rate maps, the vehicle's included), then "
        "H = N^T Mbar N, C = N^T Mbar Ndot + N^T Omega Mbar E N (165) and "
        "H nudot = N^T wbar + tau - C nu, with twists about the centres of mass. Dense, O(n^3).";
    e.paper =
        "seed 003 §7: Hoffman, \"Dynamics of Free Flying Space Manipulators\" (SPART), "
        "(129)-(165)";
    e.make = [](const Model& model) -> std::unique_ptr<ForwardDynamicsSolver> {
      return std::make_unique<DenocSolver>(model);
    };
    e.printed_variants = printedVariants(variants(), [](const Model& model, DenocVariant v) {
      DenocOptions o;
      o.variant = v;
      // (152) belongs to the paper's §7.4 twists about the body origin.
      if (v == DenocVariant::PrintedAdot) o.point = DenocReferencePoint::BodyOrigin;
      return std::make_unique<DenocSolver>(model, o);
    });
    return e;
  }();
  return entry;
}

DenocSolver::DenocSolver(const Model& model, DenocOptions options)
    : ForwardDynamicsSolver(denocSolverEntry()),
      options_(options),
      nb_(model.nbodies),
      b_(model.base_dof),
      n_(model.njoints),
      nv_(model.nv),
      parent_(model.parent),
      column_(static_cast<std::size_t>(model.nbodies), -1) {
  for (int i = 1; i < nb_; ++i) column_[i] = b_ + model.joint_index[i];
  const std::size_t nb = static_cast<std::size_t>(nb_);
  r_.assign(nb, Vec3::Zero());
  rdot_.assign(nb, Vec3::Zero());
  w_ang_.assign(nb, Vec3::Zero());
  p_.assign(nb, Vec6::Zero());
  M_.assign(nb, Mat6::Zero());
  B_.assign(nb, Mat6::Zero());
  Xc_.assign(nb, Mat3::Zero());
  Pb_.setZero(6, b_);
  Pb_dot_.setZero(6, b_);
  for (MatX* m : {&N_, &Ndot_, &MN_, &work_}) m->setZero(6 * nb_, nv_);
  H_.setZero(nv_, nv_);
  C_.setZero(nv_, nv_);
  t_.setZero(6 * nb_);
  w_.setZero(6 * nb_);
  for (VecX* v : {&nu_, &Q_, &Cnu_, &rhs_, &nudot_}) v->setZero(nv_);
  // Sized by a first factorisation: assigning Eigen::LLT<MatX>(size) would copy its
  // uninitialised ComputationInfo (undefined behaviour UBSan reports).
  llt_.compute(MatX::Identity(nv_, nv_));
}

std::string DenocSolver::description() const {
  std::string d = entry().summary + "; reference point " + toString(options_.point);
  if (options_.variant != DenocVariant::Corrected)
    d += "; PRINTED VARIANT (wrong): " + describe(options_.variant);
  return d;
}

// Reference points and their velocities, joint-rate maps, link inertias at the points, the
// velocity-product matrices and the wrenches wbar (gravity and external, at the points).
void DenocSolver::linkQuantities(const Model& model, const Data& data, const State& state,
                                 const ExternalForces& external) {
  const bool com = options_.point == DenocReferencePoint::CentreOfMass;
  for (int i = 0; i < nb_; ++i) {
    const Pose& oMi = data.oMi[i];
    const Vec3 c = oMi.act(model.com[i]);
    const Vec3 r = com ? c : oMi.p;
    const Vec3 w = angular(data.v[i]);
    r_[i] = r;
    w_ang_[i] = w;
    rdot_[i] = Vec3(linear(data.v[i])) + w.cross(r);  // velocity of the point
    t_.segment<3>(6 * i) = rdot_[i];
    t_.segment<3>(6 * i + 3) = w;
    // Mbar_i = T^T I T with T = [[1, r^x], [0, 1]] (a point twist to the world-origin one).
    Mat6 T = Mat6::Identity();
    T.topRightCorner<3, 3>() = skew(r);
    Mat6 IT;
    IT.noalias() = data.I[i] * T;
    M_[i].noalias() = T.transpose() * IT;
    Mat6& B = B_[i];
    if (model.hasAddedMass() && !model.added_mass[i].isZero(0.0)) {
      // Kirchhoff (fluid at rest), world axes at a body-fixed point:
      // w = M tdot + (Omega M - M Omega) t + [0; rdot x (M t)_v].
      const Mat3 W = skew(w);
      for (int k = 0; k < 6; k += 3)
        for (int l = 0; l < 6; l += 3) {
          B.block<3, 3>(k, l).noalias() = W * M_[i].block<3, 3>(k, l);
          B.block<3, 3>(k, l).noalias() -= M_[i].block<3, 3>(k, l) * W;
        }
      B.bottomRows<3>().noalias() += skew(rdot_[i]) * M_[i].topRows<3>();
    } else {
      // Omega M E (147)-(148), (165): zero on linear velocity, Omega M on the angular one.
      B.leftCols<3>().setZero();
      const Mat3 W = skew(w);
      for (int k = 0; k < 6; k += 3) B.block<3, 3>(k, 3).noalias() = W * M_[i].block<3, 3>(k, 3);
    }
    // wbar_i: the wrenches on the body at the point (detail/denoc_points.hpp).
    const Vec6 wi = detail::denocPointWrench(model, data, external, i, r, c);
    w_.segment<6>(6 * i) = wi;
    if (i > 0) p_[i] = detail::pointTwist(data.S[i], r);  // p_i = T^-1 S_i
  }
  for (int k = 0; k < b_; ++k) {
    const Vec6 S = data.S0.col(k);
    Pb_.col(k) = detail::pointTwist(S, r_[0]);
    Pb_dot_.col(k) = options_.variant == DenocVariant::PrintedBaseRate
                         ? Vec6::Zero()
                         : rotateRate(w_ang_[0], Pb_.col(k));  // (162) with P_b
  }
  (void)state;
}

// N = N_l N_d and Ndot = Ndot_l N_d + N_l Ndot_d (159), block by block: block (i, joint of j)
// is A_{i,j} p_j for j an ancestor-or-self of i (the propagation matrices multiply to
// A_{i,j} = [[1, -(r_i - r_j)^x], [0, 1]]); Ndot_l = N_l Adot N_l has block (i, j)
// [[0, Xc_i - Xc_j], [0, 0]], Xc the sum of the Adot_{k,k-1} top-right blocks along the path.
void DenocSolver::buildN(const Model& model) {
  (void)model;
  const bool printed_adot = options_.variant == DenocVariant::PrintedAdot;
  Xc_[0].setZero();
  for (int i = 1; i < nb_; ++i) {
    const int p = parent_[i];
    const Vec3 a = r_[i] - r_[p];
    // -(adot)^x; for a fixed in the parent, adot = w x a: the commutator of (151). The rest of
    // adot (a prismatic slide, a centre of mass turning with its joint) is beyond (151).
    Mat3 X = -skew(rdot_[i] - rdot_[p]);
    if (printed_adot) {  // (152) as printed: the -(w x a)^x part read as -(w^x a^x)
      X += skew(w_ang_[p].cross(a));
      X.noalias() -= skew(w_ang_[p]) * skew(a);
    }
    Xc_[i] = Xc_[p] + X;
  }
  N_.setZero();
  Ndot_.setZero();
  for (int i = 0; i < nb_; ++i) {
    const int row = 6 * i;
    for (int j = i; j > 0; j = parent_[j]) {
      const Vec3 a = r_[i] - r_[j];
      const Vec6 pdot = rotateRate(w_ang_[j], p_[j]);  // (150): pdot = Omega p
      N_.block<6, 1>(row, column_[j]) = propagate(a, p_[j]);
      Vec6 nd = propagate(a, pdot);
      nd.head<3>().noalias() += (Xc_[i] - Xc_[j]) * p_[j].tail<3>();
      Ndot_.block<6, 1>(row, column_[j]) = nd;
    }
    const Vec3 a = r_[i] - r_[0];
    for (int k = 0; k < b_; ++k) {
      N_.block<6, 1>(row, k) = propagate(a, Pb_.col(k));
      Vec6 nd = propagate(a, Pb_dot_.col(k));
      nd.head<3>().noalias() += Xc_[i] * Pb_.col(k).tail<3>();
      Ndot_.block<6, 1>(row, k) = nd;
    }
  }
}

void DenocSolver::computeWithCheckedArguments(const Model& model, Data& data, const State& state,
                                              const Eigen::Ref<const VecX>& tau,
                                              const ExternalForces& external) {
  const int bodies_of_the_solvers_model = nb_, base_dof_of_the_solvers_model = b_;
  VMS_CHECK_ARGUMENT_SIZE_IN(checkLabel(), model.nbodies, bodies_of_the_solvers_model,
                             "model.nbodies");
  VMS_CHECK_ARGUMENT_SIZE_IN(checkLabel(), model.base_dof, base_dof_of_the_solvers_model,
                             "model.base_dof");
  computeKinematics(model, data, state);
  linkQuantities(model, data, state, external);
  buildN(model);

  // H = N^T Mbar N, C = N^T (Mbar Ndot + Omega Mbar E N) (165), block-diagonal Mbar and B.
  for (int i = 0; i < nb_; ++i) {
    MN_.middleRows<6>(6 * i).noalias() = M_[i] * N_.middleRows<6>(6 * i);
    work_.middleRows<6>(6 * i).noalias() = M_[i] * Ndot_.middleRows<6>(6 * i);
    work_.middleRows<6>(6 * i).noalias() += B_[i] * N_.middleRows<6>(6 * i);
  }
  // Summed over row chunks of a few bodies: one product of the whole 6 nbodies-row matrices
  // would make Eigen's GEMM take its blocking buffers from the heap for large trees.
  H_.setZero();
  C_.setZero();
  Q_.setZero();
  for (int row = 0; row < 6 * nb_; row += kChunkRows) {
    const int len = std::min(kChunkRows, 6 * nb_ - row);
    H_.noalias() += N_.middleRows(row, len).transpose() * MN_.middleRows(row, len);
    C_.noalias() += N_.middleRows(row, len).transpose() * work_.middleRows(row, len);
    Q_.noalias() += N_.middleRows(row, len).transpose() * w_.segment(row, len);
  }

  // H nudot = N^T wbar + tau - C nu (164).
  nu_.head(b_).noalias() = model.base_basis.transpose() * state.base_twist;
  nu_.tail(n_) = state.qd;
  Q_.tail(n_) += tau;
  Cnu_.noalias() = C_ * nu_;
  rhs_ = Q_ - Cnu_;
  llt_.compute(H_);
  nudot_ = rhs_;
  llt_.solveInPlace(nudot_);
  data.qdd = nudot_.tail(n_);
  data.base_twist_dot.noalias() = model.base_basis * nudot_.head(b_);
}

MatX DenocSolver::Nl() const {
  MatX Nl = MatX::Zero(6 * nb_, 6 * nb_);
  for (int i = 0; i < nb_; ++i)
    for (int j = i;; j = parent_[j]) {
      Mat6 A = Mat6::Identity();
      A.topRightCorner<3, 3>() = -skew(r_[i] - r_[j]);
      Nl.block<6, 6>(6 * i, 6 * j) = A;
      if (j == 0) break;
    }
  return Nl;
}

MatX DenocSolver::Nd() const {
  MatX Nd = MatX::Zero(6 * nb_, nv_);
  Nd.block(0, 0, 6, b_) = Pb_;
  for (int i = 1; i < nb_; ++i) Nd.block<6, 1>(6 * i, column_[i]) = p_[i];
  return Nd;
}

MatX DenocSolver::Mbar() const {
  MatX M = MatX::Zero(6 * nb_, 6 * nb_);
  for (int i = 0; i < nb_; ++i) M.block<6, 6>(6 * i, 6 * i) = M_[i];
  return M;
}

std::vector<SolverQuantity> DenocSolver::intermediates() const {
  return {
      {"N_l", "twist-propagation matrices A_{i,j}, block lower-triangular (132)-(139)", Nl()},
      {"N_d", "joint-rate maps p_i and the vehicle's P_b, block diagonal (131), (139)", Nd()},
      {"N", "natural orthogonal complement N_l N_d: link twists t = N nu (142)", N_},
      {"Ndot", "Ndot_l N_d + N_l Ndot_d, Ndot_l = N_l Adot N_l (159)", Ndot_},
      {"Mbar", "block-diagonal link inertias at the reference points (154)", Mbar()},
      {"t", "link twists [v_point; w] (world axes), N nu", t_},
      {"H", "generalized inertia N^T Mbar N (165)", H_},
      {"C", "N^T Mbar Ndot + N^T Omega Mbar E N (165)", C_},
      {"C_nu", "C nu", Cnu_},
      {"wbar", "gravity and external wrenches at the reference points", w_},
      {"Q", "N^T wbar + tau (164)", Q_},
      {"nudot", "[vehicle; joint] accelerations from H nudot = Q - C nu", nudot_},
  };
}

}  // namespace vms
