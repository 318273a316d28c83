#include "core/solvers/quasi_lagrange_solver.hpp"

#include <stdexcept>

#include "core/algorithms/kinematics.hpp"
#include "core/solvers/solver_variant_table.hpp"

namespace vms {

namespace {

// Every form the solver runs, the corrected one first; each printed one is an erratum of the
// paper (its equation, what is wrong, the acceleration error docs/solvers.md reports, a tree it
// shows on).
const VariantTable<QuasiLagrangeVariant>& variants() {
  static const VariantTable<QuasiLagrangeVariant> table = {
      {QuasiLagrangeVariant::Corrected, "corrected",
       "C_S = -H^T [[0, P_v^], [P_v^, P_w^]] H, P = H (Mv)_V (corrected (9); = (111), "
       "Table 2 SO(3))"},
      {QuasiLagrangeVariant::PrintedSe3CoriolisBlock, "printed-se3-coriolis-block",
       "C_S = -ad^T_{(Mv)_V} as printed in (22)/(26)/(57)/(110) [erratum]",
       "seed 000 (22)/(26)/(57)/(110)",
       "The vehicle Coriolis block is printed as -ad_P^T, which swaps which momentum "
       "multiplies which velocity, so a free vehicle's accelerations are wrong by order one. "
       "Energy and momentum checks do catch this one, but only over a run (dE = 0.75 in 2 s "
       "on the paper's Fig. 2 system): a single state looks plausible.",
       2.1, demoTree(BaseType::Free, 5, false, 0.25, 11)},
      {QuasiLagrangeVariant::PrintedSo3Sign, "printed-so3-sign",
       "C_S = +(Mv)_V^ as printed in (31) [erratum: Table 2's sign is right]", "seed 000 (31)",
       "The ball vehicle's Coriolis term is printed as +p^, the sign of Table 2 flipped. "
       "The term is still skew, so it does no work: the energy stays conserved and only the "
       "accelerations and the direction of the momentum show the error.",
       0.30, demoTree(BaseType::Ball, 4, false, 0.25, 12)},
      {QuasiLagrangeVariant::AbelianVehicleS, "abelian-vehicle-s",
       "C_S = 0 (S_VV = I) as printed in Table 2 / (99) [erratum for SE(2), X(z)]",
       "seed 000 Table 2/(96)-(99)",
       "Table 2 prints S_VV = I, dropping the vehicle Coriolis term of planar and Schoenflies "
       "vehicles, whose rotation does not commute with their translation (a free planar body "
       "runs in a circle instead of a straight line). The dropped term is gyroscopic, so the "
       "energy is conserved; it is exact for translating and fixed vehicles.",
       0.065, demoTree(BaseType::Planar, 4, false, 0.25, 13)},
  };
  return table;
}

}  // namespace

std::string toString(QuasiLagrangeVariant variant) { return variantRow(variants(), variant).name; }

std::optional<QuasiLagrangeVariant> quasiLagrangeVariantFromString(const std::string& name) {
  return variantNamed(variants(), name);
}

std::string describe(QuasiLagrangeVariant variant) {
  return variantRow(variants(), variant).formula;
}

// The registry entry (core/solvers/solver_registry.cpp lists it).
const SolverEntry& quasiLagrangeSolverEntry() {
  static const SolverEntry entry = [] {
    SolverEntry e;
    e.name = "quasi-lagrange";
    e.summary =
        "Seed 000: Lagrange's equations in the vehicle's own velocities (quasi-coordinates)";
    e.description =
        "The equations of motion in quasi-velocities v = [vehicle body twist; joint rates], "
        "everything in the vehicle frame so that M depends on q only: M(q) from the link "
        "inertias (11)-(13), dM/dq_k exactly by Proposition 3.1, the closed-form "
        "C(q, v) = sum_k dM/dq_k qd_k - 1/2 d(Mv)/dq + the vehicle's Lie-algebra term (15)/(26), "
        "the generalized weight n(Q) (18), then M v_dot = rhs by Cholesky. O(n (b+n)^2) for the "
        "dM/dq_k and O((b+n)^3) for the solve; every vehicle type, the nonholonomic one "
        "included.";
    e.paper =
        "seed 000: From, Duindam, Pettersen, Gravdahl, Sastry, \"Singularity-Free Dynamic "
        "Equations of Vehicle-Manipulator Systems\", (8), (11)-(13), (15), (26), (58), Prop. 3.1";
    e.make = [](const Model& model) -> std::unique_ptr<ForwardDynamicsSolver> {
      return std::make_unique<QuasiLagrangeSolver>(model);
    };
    e.printed_variants =
        printedVariants(variants(), [](const Model& model, QuasiLagrangeVariant v) {
          return std::make_unique<QuasiLagrangeSolver>(model, v);
        });
    return e;
  }();
  return entry;
}

QuasiLagrangeSolver::QuasiLagrangeSolver(const Model& model, QuasiLagrangeVariant variant)
    : ForwardDynamicsSolver(quasiLagrangeSolverEntry()),
      variant_(variant),
      base_type_(model.base_type),
      b_(model.base_dof),
      n_(model.njoints),
      nv_(model.nv),
      H_(model.base_basis),
      column_(model.nbodies, -1),
      below_(model.nbodies),
      bMi_(model.nbodies),
      X_(model.nbodies, Vec6::Zero()),
      K_(model.nbodies, Mat6::Zero()),
      Kc_(model.nbodies, Mat6::Zero()),
      weight_(model.nbodies, Vec6::Zero()),
      wrench_(model.nbodies, Vec6::Zero()),
      A_(Mat6X::Zero(6, model.nv)),
      F_(Mat6X::Zero(6, model.nv)),
      T_(MatX::Zero(model.nv, model.nv)),
      M_(MatX::Zero(model.nv, model.nv)),
      C_(MatX::Zero(model.nv, model.nv)),
      Mdot_(MatX::Zero(model.nv, model.nv)),
      dMk_(MatX::Zero(model.nv, model.nv)),
      dM1_(MatX::Zero(model.njoints > 0 ? model.nv : 0, model.njoints > 0 ? model.nv : 0)),
      dMv_(MatX::Zero(model.njoints, model.nv)),
      Cs_(VehicleMatrix::Zero(model.base_dof, model.base_dof)),
      v_(VecX::Zero(model.nv)),
      Mv_(VecX::Zero(model.nv)),
      n_gravity_(VecX::Zero(model.nv)),
      tau_ext_(VecX::Zero(model.nv)),
      Cv_(VecX::Zero(model.nv)),
      rhs_(VecX::Zero(model.nv)),
      vdot_(VecX::Zero(model.nv)),
      work_(VecX::Zero(model.nv)),
      llt_(model.nv) {
  if (!variantApplies(variant, model.base_type))
    throw std::invalid_argument("quasi-lagrange: variant '" + toString(variant) +
                                "' is not defined for a " + toString(model.base_type) + " vehicle");
  for (int i = 1; i < model.nbodies; ++i) {
    column_[i] = b_ + model.joint_index[i];
    for (int a = model.parent[i]; a > 0; a = model.parent[a]) below_[a].push_back(i);
  }
}

std::string QuasiLagrangeSolver::description() const {
  std::string d = entry().summary;
  if (variant_ != QuasiLagrangeVariant::Corrected)
    d += "; PRINTED VARIANT (wrong): " + describe(variant_);
  return d;
}

// g_bi, the joint twists X_i (columns of J_i, (64)) and the inertias K_i = Ad^T_{g_ib} I_i
// Ad_{g_ib} (12) in the vehicle frame; Kc_i sums K over the subtree of body i.
void QuasiLagrangeSolver::vehicleFrameKinematics(const Model& model, const State& state) {
  const int N = model.nbodies;
  bMi_[0] = Pose::identity();
  for (int i = 1; i < N; ++i) {
    const Pose& bMp = bMi_[model.parent[i]];
    const Pose& J = model.joint_placement[i];
    Mat3 R_joint;
    R_joint.noalias() = bMp.R * J.R;
    Vec3 p_joint = bMp.p;
    p_joint.noalias() += bMp.R * J.p;
    const Vec3& axis = model.joint_axis[i];
    const Vec3 w = R_joint * axis;
    const double qi = state.q[model.joint_index[i]];
    Pose& bMi = bMi_[i];
    if (model.joint_type[i] == JointType::Revolute) {
      bMi.R.noalias() = R_joint * axisAngleRotation(axis, qi);
      bMi.p = p_joint;
      X_[i] << p_joint.cross(w), w;
    } else {
      bMi.R = R_joint;
      bMi.p = p_joint + qi * w;
      X_[i] << w, Vec3::Zero();
    }
  }
  for (int i = 0; i < N; ++i) {
    const Pose& bMi = bMi_[i];
    Mat3 RI, Ic;
    RI.noalias() = bMi.R * model.inertia_com[i];
    Ic.noalias() = RI * bMi.R.transpose();
    K_[i] = spatialInertiaWorld(model.mass[i], bMi.act(model.com[i]), Ic);
    if (model.hasAddedMass() && !model.added_mass[i].isZero(0.0)) {
      const Mat6 Ainv = adjoint(bMi.inverse());
      Mat6 tmp;
      tmp.noalias() = model.added_mass[i] * Ainv;
      K_[i].noalias() += Ainv.transpose() * tmp;
    }
    Kc_[i] = K_[i];
  }
  for (int i = N - 1; i > 0; --i) Kc_[model.parent[i]] += Kc_[i];
}

// (13): M = sum_i [H J_i]^T K_i [H J_i], summed through the composite inertias.
void QuasiLagrangeSolver::massMatrix(const Model& model) {
  M_.setZero();
  for (int i = model.nbodies - 1; i > 0; --i) {
    const Vec6 F = Kc_[i] * X_[i];
    const int c = column_[i];
    M_(c, c) = X_[i].dot(F);
    for (int j = model.parent[i]; j > 0; j = model.parent[j])
      M_(column_[j], c) = M_(c, column_[j]) = X_[j].dot(F);
    for (int r = 0; r < b_; ++r) M_(r, c) = M_(c, r) = H_.col(r).dot(F);
  }
  for (int c = 0; c < b_; ++c) {
    const Vec6 KH = Kc_[0] * H_.col(c);
    for (int r = 0; r < b_; ++r) M_(r, c) = H_.col(r).dot(KH);
  }
  for (int r = 0; r < b_; ++r)  // exact symmetry despite rounding
    for (int c = r + 1; c < b_; ++c) M_(r, c) = M_(c, r) = 0.5 * (M_(r, c) + M_(c, r));
}

// dM/dq_k for the joint of `body` (k), by Proposition 3.1: moving joint k moves every link past
// it by the twist X_k, so dK_i/dq_k = -(ad^T_{X_k} K_i + K_i ad_{X_k}) and the Jacobian columns
// of the joints past k turn by ad_{X_k} (65). Summed over the links past k, (95) becomes
//   dM/dq_k = -(A^T F + F^T A),
// A = ad_{X_k} [H, X_j (j before k)] (zero elsewhere; ad_{X_k} X_k = 0) and F = sum_{i past k}
// K_i [H J_i] (columns: Kc_k H, Kc_k X_j for j up to k, Kc_j X_j for j past k).
void QuasiLagrangeSolver::massMatrixDerivative(const Model& model, int body) {
  A_.setZero();
  F_.setZero();
  const Vec6& Xk = X_[body];
  const Mat6& Kck = Kc_[body];
  for (int r = 0; r < b_; ++r) {
    const Vec6 h = H_.col(r);
    A_.col(r) = crossMotion(Xk, h);
    F_.col(r).noalias() = Kck * h;
  }
  for (int j = model.parent[body]; j > 0; j = model.parent[j]) {
    A_.col(column_[j]) = crossMotion(Xk, X_[j]);
    F_.col(column_[j]).noalias() = Kck * X_[j];
  }
  F_.col(column_[body]).noalias() = Kck * Xk;
  for (int j : below_[body]) F_.col(column_[j]).noalias() = Kc_[j] * X_[j];
  T_.noalias() = A_.transpose() * F_;
  dMk_ = -(T_ + T_.transpose());
}

// (15)/(26): C = sum_k dM/dq_k qd_k - 1/2 [[0], [d^T(Mv)/dq]] + [[C_S, 0], [0, 0]].
void QuasiLagrangeSolver::coriolisMatrix(const Model& model, const State& state) {
  for (int r = 0; r < b_; ++r) v_[r] = H_.col(r).dot(state.base_twist);
  v_.tail(n_) = state.qd;
  Mv_.noalias() = M_ * v_;
  Mdot_.setZero();
  for (int k = 1; k < model.nbodies; ++k) {
    massMatrixDerivative(model, k);
    const int jk = model.joint_index[k];
    if (jk == 0) dM1_ = dMk_;
    Mdot_.noalias() += state.qd[jk] * dMk_;
    work_.noalias() = dMk_ * v_;
    dMv_.row(jk) = work_.transpose();
  }
  // The whole momentum dL/dV in the vehicle frame: Kc_0 V + sum_i Kc_i X_i qd_i. Its
  // components along H are (M v)_V; the others matter for the nonholonomic vehicle only.
  P6_.noalias() = Kc_[0] * state.base_twist;
  for (int k = 1; k < model.nbodies; ++k)
    P6_.noalias() += Kc_[k] * (X_[k] * state.qd[model.joint_index[k]]);
  vehicleCoriolisTermFromMomentum(variant_, H_, P6_, Cs_);
  C_ = Mdot_;
  C_.bottomRows(n_).noalias() -= 0.5 * dMv_;
  C_.topLeftCorner(b_, b_) += Cs_;
}

// n(Q) (16)-(18) in the power-consistent form [H^T; J_i^T] Ad^T_{g_ib} F^i (the weight of each
// link, vehicle frame, at the vehicle origin), and the generalized external wrenches.
void QuasiLagrangeSolver::generalizedForces(const Model& model, const State& state,
                                            const ExternalForces& external) {
  const int N = model.nbodies;
  const Mat3 R0 = state.base_orientation.toRotationMatrix();
  const Vec3 g = R0.transpose() * model.gravity;
  for (int i = 0; i < N; ++i) {
    const Vec3 f = model.mass[i] * g;
    weight_[i] << f, bMi_[i].act(model.com[i]).cross(f);
    if (external.body_forces_world) {
      const Vec6& fw = (*external.body_forces_world)[i];
      const Vec3 fo = linear(fw);
      wrench_[i] << R0.transpose() * fo,
          R0.transpose() * (Vec3(angular(fw)) - state.base_position.cross(fo));
    } else {
      wrench_[i].setZero();
    }
  }
  for (int i = N - 1; i > 0; --i) {
    weight_[model.parent[i]] += weight_[i];
    wrench_[model.parent[i]] += wrench_[i];
    n_gravity_[column_[i]] = -X_[i].dot(weight_[i]);
    tau_ext_[column_[i]] = X_[i].dot(wrench_[i]);
  }
  const Vec6 w0 = wrench_[0] + external.base_wrench_body;
  for (int r = 0; r < b_; ++r) {
    n_gravity_[r] = -H_.col(r).dot(weight_[0]);
    tau_ext_[r] = H_.col(r).dot(w0);
  }
}

void QuasiLagrangeSolver::computeWithCheckedArguments(const Model& model, Data& data,
                                                      const State& state,
                                                      const Eigen::Ref<const VecX>& tau,
                                                      const ExternalForces& external) {
  // The workspace was sized for the model the solver was made for (makeSolver(name, model)).
  VMS_CHECK_ARGUMENT_SIZE_IN(checkLabel(), model.nv, nv_, "model.nv");
  VMS_CHECK_ARGUMENT_SIZE_IN(checkLabel(), model.base_dof, b_, "model.base_dof");
  vehicleFrameKinematics(model, state);
  massMatrix(model);
  coriolisMatrix(model, state);
  generalizedForces(model, state, external);
  Cv_.noalias() = C_ * v_;
  rhs_ = tau_ext_ - n_gravity_ - Cv_;
  rhs_.tail(n_) += tau;
  llt_.compute(M_);
  vdot_ = rhs_;
  llt_.solveInPlace(vdot_);
  data.base_twist_dot.setZero();
  for (int r = 0; r < b_; ++r) data.base_twist_dot += vdot_[r] * H_.col(r);
  data.qdd = vdot_.tail(n_);
}

std::vector<SolverQuantity> QuasiLagrangeSolver::intermediates() const {
  const std::string variant = " [" + toString(variant_) + "]";
  std::vector<SolverQuantity> q = {
      {"v", "quasi-velocities [V~; qd] (vehicle body twist along H, joint rates)", v_},
      {"M", "inertia matrix in quasi-coordinates, vehicle frame, added mass included (11)-(13)",
       M_},
      {"C", "Coriolis matrix (15)/(26), vehicle term C_S" + variant, C_},
      {"C_VV", "vehicle block of C: sum_k dM_VV/dq_k qd_k + C_S (22)" + variant,
       C_.topLeftCorner(b_, b_)},
      {"C_S", describe(variant_), MatX(Cs_)},
      {"(Mv)_V", "vehicle part of the generalized momentum M v (66)", Mv_.head(b_)},
      {"P", "the whole momentum dL/dV in the vehicle frame (H^T P = (Mv)_V)", MatX(P6_)},
      {"Mdot", "sum_k dM/dq_k qd_k: dM/dt (59)/(95), Prop. 3.1", Mdot_},
      {"[A B]", "d^T(Mv)/dq: row k is (dM/dq_k v)^T (26), (68)", dMv_},
      {"n", "generalized weight n(Q) (16)-(18), power-consistent form; M v_dot + C v + n = tau",
       n_gravity_},
      {"tau_ext", "generalized external wrenches (vehicle wrench and body forces)", tau_ext_},
      {"C v", "velocity-product forces C(q, v) v", Cv_},
      {"v_dot", "quasi-accelerations [V~_dot; qdd], M v_dot = tau + tau_ext - C v - n (58)", vdot_},
  };
  if (n_ > 0)
    q.insert(q.begin() + 7, {"dM/dq1", "dM/dq_1 by Prop. 3.1 (95), first joint in q", dM1_});
  MatX power(1, 1);
  power(0, 0) = v_.dot(Mdot_ * v_) - 2.0 * v_.dot(Cv_);
  q.push_back(
      {"v^T (Mdot - 2C) v", "energy balance: zero for C with a skew C_S (notes 3.1)", power});
  // The vehicle term of the other forms defined for this vehicle (printed vs corrected).
  for (QuasiLagrangeVariant other : kAllQuasiLagrangeVariants) {
    if (other == variant_ || !variantApplies(other, base_type_)) continue;
    VehicleMatrix Cs;
    vehicleCoriolisTermFromMomentum(other, H_, P6_, Cs);
    q.push_back({"C_S (" + toString(other) + ")", describe(other), MatX(Cs)});
  }
  return q;
}

}  // namespace vms
