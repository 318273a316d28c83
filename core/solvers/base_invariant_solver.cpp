#include "core/solvers/base_invariant_solver.hpp"

#include <stdexcept>

#include "core/algorithms/kinematics.hpp"
#include "core/solvers/solver_variant_table.hpp"

namespace vms {

namespace {

// Every form the solver runs, the corrected one first; each printed one is an erratum of the
// paper (its equation, what is wrong, the acceleration error docs/solvers.md reports, a tree it
// shows on).
const VariantTable<BaseInvariantVariant>& variants() {
  static const VariantTable<BaseInvariantVariant> table = {
      {BaseInvariantVariant::Corrected, "corrected",
       "Algorithm 5 as corrected in the notes: z_s+(k) += S+(k) a_s(k), a_s(k) = -a_p(k); "
       "eps_s(k) = T(k) + H(k) z_s+(k); (2.2) with the prismatic term"},
      {BaseInvariantVariant::PrintedDualCoriolis, "printed-dual-coriolis",
       "(3.5a)/(3.6) as printed: {S(k+1)+M(k+1)} a_s(k+1), "
       "a_s(k+1) = -phi*(k+2,k+1) a_p(k+2)",
       "seed 002 (3.5a)/(3.6)",
       "The dual sweep takes the velocity term of the hinge two steps nearer the base instead "
       "of the hinge's own. The error is in the velocity-dependent forces only, so every "
       "check on a run from rest or at low speed passes.",
       1.5e-3, demoTree(BaseType::Free, 6, true, 0.25, 27)},
      {BaseInvariantVariant::PrintedDualInnovation, "printed-dual-innovation",
       "(3.5a) as printed: eps_s(k) = T(k) + H(k) z_s(k), z_s(k) read before it is "
       "computed (zero)",
       "seed 002 (3.5a)",
       "The dual innovation reads z_s(k) before the line that computes it (zero), so it "
       "ignores every force beyond the hinge. The accelerations are wrong by order one (0.5 "
       "at the smallest, 76 at the largest): every check catches this one.",
       0.5, demoTree(BaseType::Free, 5, false, 0.25, 28)},
      {BaseInvariantVariant::PrintedVelocityTerm, "printed-velocity-term",
       "(2.2) as printed: a(k) without w(k+1) x (H*(k) beta(k))_linear (prismatic "
       "hinges)",
       "seed 002 (2.2)",
       "The velocity term misses w(k+1) x (H* beta)_linear, so prismatic hinges lose their "
       "Coriolis term. It is exact for revolute hinges, so checks on a revolute arm miss it.",
       1.6e-3, demoTree(BaseType::Free, 5, true, 1.0, 29)},
  };
  return table;
}

}  // namespace

std::string toString(BaseInvariantVariant variant) { return variantRow(variants(), variant).name; }

std::optional<BaseInvariantVariant> baseInvariantVariantFromString(const std::string& name) {
  return variantNamed(variants(), name);
}

std::string describe(BaseInvariantVariant variant) {
  return variantRow(variants(), variant).formula;
}

namespace {

int checkedRoot(const Model& model, int root) {
  if (model.base_type != BaseType::Free)
    throw std::invalid_argument(
        "BaseInvariantSolver: needs a free vehicle (the model's vehicle is " +
        toString(model.base_type) + "): with a constrained vehicle S is infinite near it");
  if (root < 0 || root >= model.nbodies)
    throw std::invalid_argument("BaseInvariantSolver: root body " + std::to_string(root) +
                                " out of range (the model has " + std::to_string(model.nbodies) +
                                " bodies)");
  return root;
}

// T(p)^T X T(p) with T(p) = [[I, skew(p)], [0, I]]: moves a force-from-motion map from the
// world origin to the world point p.
Mat6 shiftToPoint(const Mat6& X, const Vec3& p) {
  Mat6 T = Mat6::Identity();
  T.topRightCorner<3, 3>() = skew(p);
  return T.transpose() * X * T;
}

}  // namespace

// The registry entry (core/solvers/solver_registry.cpp lists it).
const SolverEntry& baseInvariantSolverEntry() {
  static const SolverEntry entry = [] {
    SolverEntry e;
    e.name = "base-invariant";
    e.summary = "Seed 002: recursions that may start from any link (the Root selector)";
    e.description =
        "The decoupled pair of opposite articulated-body recursions (Algorithm 6) on trees, "
        "with Algorithm 5 as corrected in the notes: a P sweep from the tips and an S sweep "
        "from the root, combined at every hinge, so that any link can be the root (Appendix "
        "A; `--root LINK`, the app's Root selector) with the results in the model's own "
        "coordinates. Free vehicle only, O(N).";
    e.paper =
        "seed 002: Jain & Rodriguez, \"Base-invariant symmetric dynamics of free-flying space "
        "manipulators\", Algorithms 2-6, (2.2), (3.5a), (3.6), Appendix A";
    e.refusals =
        refuseAllBut({BaseType::Free}, "re-rooting the tree needs an unconstrained vehicle");
    e.make = [](const Model& model) -> std::unique_ptr<ForwardDynamicsSolver> {
      return std::make_unique<BaseInvariantSolver>(model);
    };
    e.printed_variants =
        printedVariants(variants(), [](const Model& model, BaseInvariantVariant v) {
          BaseInvariantOptions o;
          o.variant = v;
          return std::make_unique<BaseInvariantSolver>(model, o);
        });
    return e;
  }();
  return entry;
}

BaseInvariantSolver::BaseInvariantSolver(const Model& model, BaseInvariantOptions options)
    : ForwardDynamicsSolver(baseInvariantSolverEntry()),
      options_(options),
      tree_(model, checkedRoot(model, options.root_body)),
      body_pose_(model.nbodies),
      M_(model.nbodies, Mat6::Zero()),
      b_(model.nbodies, Vec6::Zero()),
      a_grand_(model.nbodies, Vec6::Zero()),
      body_names_(model.body_names) {
  const std::size_t n = static_cast<std::size_t>(model.nbodies);
  for (AlignedArray<Mat6>* m : {&x_.P, &x_.S, &x_.Pa, &x_.S_plus}) m->assign(n, Mat6::Zero());
  for (AlignedArray<Vec6>* v :
       {&x_.z_p, &x_.z_s, &x_.za, &x_.z_s_plus, &x_.a, &x_.s, &x_.U_p, &x_.U_s, &x_.alpha})
    v->assign(n, Vec6::Zero());
  for (std::vector<double>* d : {&x_.D_p, &x_.D_s, &x_.eps_p, &x_.eps_s, &x_.form})
    d->assign(n, 0.0);
}

std::string BaseInvariantSolver::description() const {
  std::string d = entry().summary;
  if (tree_.root != 0) d += "; root link " + body_names_[tree_.root];
  if (options_.variant != BaseInvariantVariant::Corrected)
    d += "; variant " + toString(options_.variant);
  return d;
}

void BaseInvariantSolver::biasForces(const Model& model, const Data& data,
                                     const ExternalForces& external) {
  const bool has_gravity = !model.gravity.isZero(0.0);
  const bool added_mass = model.hasAddedMass();
  for (int i = 0; i < model.nbodies; ++i) {
    M_[i] = data.I[i];
    const Vec6 h = data.I[i] * data.v[i];
    b_[i] = crossForce(data.v[i], h);
    if (has_gravity) {
      if (added_mass) {  // added mass has no weight: [m g; c x m g]
        const Vec3 c = data.oMi[i].p + data.oMi[i].R * model.com[i];
        const Vec3 f = model.mass[i] * model.gravity;
        b_[i].head<3>() -= f;
        b_[i].tail<3>() -= c.cross(f);
      } else {
        b_[i].noalias() -= data.I[i].leftCols<3>() * model.gravity;
      }
    }
    if (external.body_forces_world) b_[i] -= (*external.body_forces_world)[i];
  }
  // The vehicle wrench: an external force on the vehicle body in both sweeps.
  b_[0] -= actForce(data.oMi[0], external.base_wrench_body);
}

void BaseInvariantSolver::tipToRootSweep(const Model& model, const Eigen::Ref<const VecX>& tau) {
  const int n = model.nbodies;
  for (int i = 0; i < n; ++i) {
    x_.P[i] = M_[i];
    x_.z_p[i] = b_[i];
  }
  for (int k = n - 1; k > 0; --k) {
    const int b = tree_.order[k], u = tree_.parent[b];
    const Vec6& s = x_.s[b];
    Vec6& U = x_.U_p[b];
    U.noalias() = x_.P[b] * s;
    const double D = s.dot(U);
    const double eps = tau[model.joint_index[tree_.edge_body[b]]] - s.dot(x_.z_p[b]);
    x_.D_p[b] = D;
    x_.eps_p[b] = eps;
    x_.Pa[b] = x_.P[b];
    x_.Pa[b].noalias() -= (U / D) * U.transpose();
    x_.za[b] = x_.z_p[b] + U * (eps / D);
    x_.za[b].noalias() += x_.Pa[b] * x_.a[b];
    x_.P[u] += x_.Pa[b];
    x_.z_p[u] += x_.za[b];
  }
}

void BaseInvariantSolver::rootToTipSweep(const Model& model, const Eigen::Ref<const VecX>& tau) {
  const int n = model.nbodies, r = tree_.root;
  x_.S[r].setZero();  // free root: nothing beyond it
  x_.z_s[r].setZero();
  for (int k = 1; k < n; ++k) x_.z_s[tree_.order[k]].setZero();
  for (int k = 1; k < n; ++k) {
    const int b = tree_.order[k], u = tree_.parent[b];
    const Vec6& s = x_.s[b];
    Mat6& Sp = x_.S_plus[b];
    Vec6& zp = x_.z_s_plus[b];
    if (tree_.child_count[u] == 1) {  // serial: independent of the P sweep
      Sp = M_[u] + x_.S[u];
      zp = b_[u] + x_.z_s[u];
    } else {  // the siblings' subtrees, articulated at u, from the P sweep
      Sp = x_.P[u] + x_.S[u] - x_.Pa[b];
      zp = x_.z_p[u] + x_.z_s[u] - x_.za[b];
    }
    const Vec6& a_s_source =
        options_.variant == BaseInvariantVariant::PrintedDualCoriolis ? a_grand_[b] : x_.a[b];
    zp.noalias() -= Sp * a_s_source;  // + S+(k) a_s(k), a_s = -a_p
    Vec6& U = x_.U_s[b];
    U.noalias() = Sp * s;
    const double D = s.dot(U);
    const double T = tau[model.joint_index[tree_.edge_body[b]]];
    const double eps = options_.variant == BaseInvariantVariant::PrintedDualInnovation
                           ? T + s.dot(x_.z_s[b])  // z_s(k) not yet computed: zero
                           : T + s.dot(zp);
    x_.D_s[b] = D;
    x_.eps_s[b] = eps;
    x_.S[b] = Sp;
    x_.S[b].noalias() -= (U / D) * U.transpose();
    x_.z_s[b] = zp - U * (eps / D);
  }
}

void BaseInvariantSolver::perBodyAccelerations(const Model& model, Data& data) {
  const int n = model.nbodies;
  for (int i = 0; i < n; ++i) {  // Lemma 3.2, every body on its own
    llt_.compute(x_.P[i] + x_.S[i]);
    x_.alpha[i] = -llt_.solve(x_.z_p[i] + x_.z_s[i]);
    data.a[i] = x_.alpha[i];
  }
  // (3.13): both forms are local; read the alpha of the link nearer the vehicle.
  for (int k = 1; k < n; ++k) {
    const int b = tree_.order[k], u = tree_.parent[b];
    double qdd;
    if (tree_.edge_sign[b] > 0) {  // p-form, alpha+(k) = alpha of the parent
      qdd = (x_.eps_p[b] - x_.U_p[b].dot(x_.alpha[u] + x_.a[b])) / x_.D_p[b];
      x_.form[b] = 1.0;
    } else {  // s-form: the edge runs towards the vehicle
      qdd = (x_.eps_s[b] + x_.U_s[b].dot(x_.alpha[b])) / x_.D_s[b];
      x_.form[b] = -1.0;
    }
    data.qdd[model.joint_index[tree_.edge_body[b]]] = qdd;
  }
  data.base_twist_dot = actInvMotion(data.oMi[0], x_.alpha[0]);
}

void BaseInvariantSolver::computeWithCheckedArguments(const Model& model, Data& data,
                                                      const State& state,
                                                      const Eigen::Ref<const VecX>& tau,
                                                      const ExternalForces& external) {
  VMS_CHECK_ARGUMENT_SIZE_IN(checkLabel(), model.nbodies, static_cast<int>(M_.size()),
                             "model.nbodies");
  computeKinematics(model, data, state);
  for (int i = 0; i < model.nbodies; ++i) body_pose_[i] = data.oMi[i];
  biasForces(model, data, external);
  // Edge axes and velocity terms in the re-rooted direction.
  const int r = tree_.root;
  x_.s[r].setZero();
  x_.a[r].setZero();
  for (int k = 1; k < model.nbodies; ++k) {
    const int b = tree_.order[k], j = tree_.edge_body[b];
    const double sign = tree_.edge_sign[b];
    x_.s[b] = sign * data.S[j];
    if (options_.variant == BaseInvariantVariant::PrintedVelocityTerm &&
        model.joint_type[j] == JointType::Prismatic)
      x_.a[b].setZero();
    else
      x_.a[b] = sign * data.c[j];
  }
  if (options_.variant == BaseInvariantVariant::PrintedDualCoriolis) {
    for (int k = 1; k < model.nbodies; ++k) {
      const int b = tree_.order[k], u = tree_.parent[b];
      if (u != r && tree_.parent[u] != r)
        a_grand_[b] = x_.a[tree_.parent[u]];  // hinge k+2
      else
        a_grand_[b].setZero();  // the base hinge (a(n) = 0) or none
    }
  }
  tipToRootSweep(model, tau);
  rootToTipSweep(model, tau);
  perBodyAccelerations(model, data);
}

Mat6 BaseInvariantSolver::operationalSpaceInertia(int body) const {
  return shiftToPoint(x_.P[body] + x_.S[body], body_pose_[body].p);
}

std::vector<SolverQuantity> BaseInvariantSolver::intermediates() const {
  const int n = static_cast<int>(M_.size());
  std::vector<SolverQuantity> q;
  MatX root(1, 1);
  root(0, 0) = tree_.root;
  q.push_back({"root", "body taken as the base (Appendix A); 0 = the vehicle", root});
  MatX zp(6, n), zs(6, n), alpha(6, n), Dp(n, 1), Ds(n, 1), form(n, 1);
  for (int i = 0; i < n; ++i) {
    zp.col(i) = x_.z_p[i];
    zs.col(i) = x_.z_s[i];
    alpha.col(i) = x_.alpha[i];
    Dp(i, 0) = x_.D_p[i];
    Ds(i, 0) = x_.D_s[i];
    form(i, 0) = x_.form[i];
  }
  q.push_back({"z_p", "P-sweep articulated bias force per body, world origin (2.13a)", zp});
  q.push_back({"z_s", "S-sweep (dual) articulated bias force per body, world origin (3.5a)", zs});
  q.push_back({"D_p", "H P H* per body's edge (2.6); 0 at the root", Dp});
  q.push_back({"D_s", "H S+ H* per body's edge (3.3); 0 at the root", Ds});
  q.push_back({"alpha", "spatial acceleration per body, Lemma 3.2 (3.12)", alpha});
  q.push_back({"qdd_form",
               "form of (3.13) per body's edge: +1 p-form (parent's alpha), -1 s-form (own)",
               form});
  for (int i = 0; i < n; ++i) {
    const std::string& link = body_names_[i];
    const Vec3& o = body_pose_[i].p;
    q.push_back({"P(" + link + ")", "P-sweep articulated inertia at the body origin (2.6)",
                 shiftToPoint(x_.P[i], o)});
    q.push_back({"S(" + link + ")", "S-sweep (dual) articulated inertia at the body origin (3.3)",
                 shiftToPoint(x_.S[i], o)});
    q.push_back({"Lambda(" + link + ")",
                 "operational-space inertia P + S at the body origin (4.11, Algorithm 8)",
                 operationalSpaceInertia(i)});
  }
  return q;
}

}  // namespace vms
