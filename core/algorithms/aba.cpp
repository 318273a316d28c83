#include "core/algorithms/aba.hpp"

#include <cmath>

#include "core/algorithms/check_model_arguments.hpp"
#include "core/algorithms/kinematics.hpp"

namespace vms {

namespace {
// World spatial gravity force on a body with world spatial inertia I: I * [g; 0].
inline Vec6 gravityForce(const Mat6& I, const Vec3& g) { return I.leftCols<3>() * g; }

// Weight of body i from its mass and centre of mass (used when data.I holds added mass, which
// has no weight): [m g; c x m g] with c the world centre of mass.
inline Vec6 weightFromMass(const Model& model, const Data& data, int i, const Vec3& g) {
  const Pose& oMi = data.oMi[i];
  Vec3 c = oMi.p;
  c.noalias() += oMi.R * model.com[i];
  const Vec3 f = model.mass[i] * g;
  Vec6 r;
  r << f, c.cross(f);
  return r;
}

// I * v for a rigid-body world spatial inertia I = [m 1, -skew(h); skew(h), Ibar] (h = m c,
// see spatialInertiaWorld), reading only the blocks that carry information.
inline Vec6 rigidInertiaTimes(const Mat6& I, const Vec6& v) {
  const double m = I(0, 0);
  const Vec3 h(I(5, 1), I(3, 2), I(4, 0));  // lower-left block is skew(h)
  const Vec3 vl = v.head<3>(), w = v.tail<3>();
  Vec6 r;
  r.head<3>() = m * vl - h.cross(w);
  r.tail<3>().noalias() = I.bottomRightCorner<3, 3>() * w;
  r.tail<3>() += h.cross(vl);
  return r;
}

// Solves A x = b for a symmetric positive definite 6x6 A, reading its lower triangle, by the
// square-root-free Cholesky factorisation A = L D L^T (unit lower L), written out so that the
// compiler unrolls it: one division and no square root per column keeps the dependency chain
// short. Returns false (x untouched) if A is not numerically positive definite.
inline bool solveSpd6(const Mat6& A, const Vec6& b, Vec6& x) {
  double L[6][6];   // strictly lower part of L
  double LD[6][6];  // L[i][k] * D[k]
  double inv_d[6];
  for (int j = 0; j < 6; ++j) {
    double d = A(j, j);
    for (int k = 0; k < j; ++k) d -= LD[j][k] * L[j][k];
    if (!(d > 0.0)) return false;
    inv_d[j] = 1.0 / d;
    for (int i = j + 1; i < 6; ++i) {
      double s = A(i, j);
      for (int k = 0; k < j; ++k) s -= LD[i][k] * L[j][k];
      LD[i][j] = s;
      L[i][j] = s * inv_d[j];
    }
  }
  double y[6];
  for (int i = 0; i < 6; ++i) {
    double s = b[i];
    for (int k = 0; k < i; ++k) s -= L[i][k] * y[k];
    y[i] = s;
  }
  for (int i = 5; i >= 0; --i) {
    double s = y[i] * inv_d[i];
    for (int k = i + 1; k < 6; ++k) s -= L[k][i] * x[k];
    x[i] = s;
  }
  return true;
}
}  // namespace

void aba(const Model& model, Data& data, const State& state, const Eigen::Ref<const VecX>& tau,
         const ExternalForces& external) {
  checkForwardDynamicsArguments(__func__, model, data, state, tau, external);
  computeKinematics(model, data, state);
  const int n = model.nbodies;
  const bool has_gravity = !model.gravity.isZero(0.0);

  // Pass 1: rigid-body inertias and bias forces. With added mass data.I is a general
  // symmetric 6x6 (no rigid-body block structure): full products, weight from mass/com.
  // v x* (I v) stays the exact velocity-product force because a body-fixed world inertia
  // satisfies dI/dt = v x* I - I v x (Kirchhoff's equations for a fluid at rest).
  const bool added_mass = model.hasAddedMass();
  for (int i = 0; i < n; ++i) {
    data.IA[i] = data.I[i];
    Vec6 h;
    if (added_mass)
      h.noalias() = data.I[i] * data.v[i];
    else
      h = rigidInertiaTimes(data.I[i], data.v[i]);
    data.pA[i] = crossForce(data.v[i], h);
    if (has_gravity)
      data.pA[i] -= added_mass ? weightFromMass(model, data, i, model.gravity)
                               : gravityForce(data.I[i], model.gravity);
    if (external.body_forces_world) data.pA[i] -= (*external.body_forces_world)[i];
  }

  // Pass 2 (tip to base): articulated inertias and bias forces.
  Eigen::Matrix<double, 6, 2> Sc, IASc;
  for (int i = n - 1; i > 0; --i) {
    const int p = model.parent[i];
    const Vec6& S = data.S[i];
    const Mat6& IA = data.IA[i];
    Sc.col(0) = S;
    Sc.col(1) = data.c[i];
    IASc.noalias() = IA * Sc;  // [IA S, IA c]
    Vec6& U = data.U[i];
    U = IASc.col(0);
    const double Dinv = 1.0 / S.dot(U);
    data.Dinv[i] = Dinv;
    const double ui = tau[model.joint_index[i]] - S.dot(data.pA[i]);
    data.u[i] = ui;
    data.pA[p] += data.pA[i] + IASc.col(1) + U * (Dinv * (ui - U.dot(data.c[i])));
    const Vec6 DU = Dinv * U;
    data.IA[p] += IA;
    data.IA[p].noalias() -= DU * U.transpose();
  }

  // Vehicle.
  Vec6& a0 = data.a[0];
  const Vec6 fb = actForce(data.oMi[0], external.base_wrench_body) - data.pA[0];
  switch (model.base_dof) {
    case 0:
      a0.setZero();
      break;
    case 6:
      if (!solveSpd6(data.IA[0], fb, a0)) {
        data.base_llt.compute(data.IA[0]);
        a0 = data.base_llt.solve(fb);
      }
      break;
    default: {
      const int b = model.base_dof;
      data.base_reduced.noalias() = data.S0.transpose() * data.IA[0] * data.S0;
      data.base_rhs.noalias() = data.S0.transpose() * fb;
      data.base_reduced_llt.compute(data.base_reduced);
      data.base_rhs = data.base_reduced_llt.solve(data.base_rhs);
      a0.noalias() = data.S0.leftCols(b) * data.base_rhs;
      break;
    }
  }
  data.base_twist_dot = actInvMotion(data.oMi[0], a0);

  // Pass 3 (base to tip): accelerations.
  for (int i = 1; i < n; ++i) {
    const Vec6 ap = data.a[model.parent[i]] + data.c[i];
    const double qdd = data.Dinv[i] * (data.u[i] - data.U[i].dot(ap));
    data.qdd[model.joint_index[i]] = qdd;
    data.a[i] = ap + data.S[i] * qdd;
  }
}

Vec3 baseLinearAccelerationWorld(const State& state, const Vec6& twist_dot) {
  // v_world = R v_b  =>  dv_world/dt = R (dv_b/dt + w_b x v_b)
  return state.base_orientation *
         (Vec3(linear(twist_dot)) +
          Vec3(angular(state.base_twist)).cross(Vec3(linear(state.base_twist))));
}

Vec3 baseAngularAccelerationWorld(const State& state, const Vec6& twist_dot) {
  return state.base_orientation * Vec3(angular(twist_dot));
}

}  // namespace vms
