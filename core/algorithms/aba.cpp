#include "core/algorithms/aba.hpp"

#include <cmath>
#include <cstring>

#include "core/algorithms/check_model_arguments.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/spatial/lanes.hpp"

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

// The velocity-product force v x* (I v) of a rigid body with world spatial inertia
// I = [m 1, -skew(h); skew(h), Ibar] (h = m c, see spatialInertiaWorld), reading only the
// blocks that carry information, written coefficient by coefficient into out (no temporaries
// assembled from halves, which cost store-to-load forwarding stalls).
inline void rigidBiasForce(const Mat6& I, const Vec6& v, Vec6& out) {
  const double m = I(0, 0);
  const double hx = I(5, 1), hy = I(3, 2), hz = I(4, 0);  // lower-left block is skew(h)
  const double vx = v[0], vy = v[1], vz = v[2], wx = v[3], wy = v[4], wz = v[5];
  // I v = [m vl - h x w; Ibar w + h x vl]
  const double fx = m * vx - (hy * wz - hz * wy);
  const double fy = m * vy - (hz * wx - hx * wz);
  const double fz = m * vz - (hx * wy - hy * wx);
  const double nx = I(3, 3) * wx + I(3, 4) * wy + I(3, 5) * wz + (hy * vz - hz * vy);
  const double ny = I(4, 3) * wx + I(4, 4) * wy + I(4, 5) * wz + (hz * vx - hx * vz);
  const double nz = I(5, 3) * wx + I(5, 4) * wy + I(5, 5) * wz + (hx * vy - hy * vx);
  // v x* [f; n] = [w x f; w x n + vl x f]
  out[0] = wy * fz - wz * fy;
  out[1] = wz * fx - wx * fz;
  out[2] = wx * fy - wy * fx;
  out[3] = (wy * nz - wz * ny) + (vy * fz - vz * fy);
  out[4] = (wz * nx - wx * nz) + (vz * fx - vx * fz);
  out[5] = (wx * ny - wy * nx) + (vx * fy - vy * fx);
}

// Pass 2's 6x6 work on whole columns: a spatial vector as a 4-lane and a 2-lane vector.
using lanes::Lanes2;
using lanes::Lanes4;
using lanes::load2;
using lanes::load4;
using lanes::store2;
using lanes::store4;

// A 6x6 matrix as six columns of a 4-lane and a 2-lane vector (rows 0-3 and 4-5).
struct Columns {
  Lanes4 lo[6];
  Lanes2 hi[6];
};
inline void loadColumns(const Mat6& M, Columns& C) {
  const double* A = M.data();
  for (int k = 0; k < 6; ++k) {
    C.lo[k] = load4(A + 6 * k);
    C.hi[k] = load2(A + 6 * k + 4);
  }
}
inline void storeColumns(const Columns& C, Mat6& M) {
  double* A = M.data();
  for (int k = 0; k < 6; ++k) {
    store4(A + 6 * k, C.lo[k]);
    store2(A + 6 * k + 4, C.hi[k]);
  }
}

// One step of pass 2 for body i with parent p: U = IA S, D = S^T U, u = tau_i - S^T pA and
//   pA_p += pA + IA c + U g,   IA_p = IA_p_in + IA - U U^T / D,   with g = (u - U^T c) / D,
// keeping for pass 3 V = U / D and g, so that qdd = g - V^T a_p there, and D (the derivatives
// apply M^-1 with it). IA comes in as columns and leaves as IA_p's (the caller stores them, or
// keeps them for the parent's step on a chain).
// On a chain the steps form one dependency chain through IA; its update waits for V through a
// single multiply-add: IA_p_in + IA is summed before, and column k takes V U[k] (= U V[k] in
// exact arithmetic, U U^T / D being symmetric) with U[k] broadcast while V is being divided.
inline void articulatedStep(Columns& IA, const Vec6& S, const Vec6& c, const Vec6& pA, double tau,
                            Vec6& V_out, double& D_out, double& g_out, Vec6& pA_p,
                            const double* IA_p_in) {
  Lanes4* col_lo = IA.lo;
  Lanes2* col_hi = IA.hi;
  const Lanes4 u_lo = (col_lo[0] * S[0] + col_lo[1] * S[1]) +
                      (col_lo[2] * S[2] + col_lo[3] * S[3]) + (col_lo[4] * S[4] + col_lo[5] * S[5]);
  const Lanes2 u_hi = (col_hi[0] * S[0] + col_hi[1] * S[1]) +
                      (col_hi[2] * S[2] + col_hi[3] * S[3]) + (col_hi[4] * S[4] + col_hi[5] * S[5]);
  const Lanes4 ic_lo = (col_lo[0] * c[0] + col_lo[1] * c[1]) +
                       (col_lo[2] * c[2] + col_lo[3] * c[3]) +
                       (col_lo[4] * c[4] + col_lo[5] * c[5]);
  const Lanes2 ic_hi = (col_hi[0] * c[0] + col_hi[1] * c[1]) +
                       (col_hi[2] * c[2] + col_hi[3] * c[3]) +
                       (col_hi[4] * c[4] + col_hi[5] * c[5]);
  double U[6];
  store4(U, u_lo);
  store2(U + 4, u_hi);
  const double sU =
      (S[0] * U[0] + S[1] * U[1]) + (S[2] * U[2] + S[3] * U[3]) + (S[4] * U[4] + S[5] * U[5]);
  const double sp =
      (S[0] * pA[0] + S[1] * pA[1]) + (S[2] * pA[2] + S[3] * pA[3]) + (S[4] * pA[4] + S[5] * pA[5]);
  const double Uc =
      (U[0] * c[0] + U[1] * c[1]) + (U[2] * c[2] + U[3] * c[3]) + (U[4] * c[4] + U[5] * c[5]);
  const Lanes4 v_lo = u_lo / sU;
  const Lanes2 v_hi = u_hi / sU;
  double V[6];
  store4(V, v_lo);
  store2(V + 4, v_hi);
  std::memcpy(V_out.data(), V, sizeof V);
  const double x = tau - sp - Uc;
  D_out = sU;
  g_out = x / sU;
  double* P = pA_p.data();
  store4(P, load4(P) + load4(pA.data()) + ic_lo + x * v_lo);
  store2(P + 4, load2(P + 4) + load2(pA.data() + 4) + ic_hi + x * v_hi);
  for (int k = 0; k < 6; ++k) {
    col_lo[k] = (load4(IA_p_in + 6 * k) + col_lo[k]) - U[k] * v_lo;
    col_hi[k] = (load2(IA_p_in + 6 * k + 4) + col_hi[k]) - U[k] * v_hi;
  }
}

// The inverse of a symmetric positive definite 3x3 matrix (its lower triangle a00, a10, a20,
// a11, a21, a22) by its adjugate, as the lower triangle of the result. Returns false if a
// leading principal minor is not positive (not numerically positive definite).
inline bool invertSpd3(double a00, double a10, double a20, double a11, double a21, double a22,
                       double inv[6]) {
  const double m2 = a00 * a11 - a10 * a10;  // leading 2x2 minor = cofactor c22
  const double c00 = a11 * a22 - a21 * a21;
  const double c10 = a21 * a20 - a10 * a22;
  const double c20 = a10 * a21 - a11 * a20;
  const double det = a00 * c00 + a10 * c10 + a20 * c20;
  if (!(a00 > 0.0 && m2 > 0.0 && det > 0.0)) return false;
  const double r = 1.0 / det;
  inv[0] = c00 * r, inv[1] = c10 * r, inv[2] = c20 * r;
  inv[3] = (a00 * a22 - a20 * a20) * r, inv[4] = (a20 * a10 - a00 * a21) * r, inv[5] = m2 * r;
  return true;
}

// Solves A x = b for a symmetric positive definite 6x6 A, reading its lower triangle, by 3x3
// blocks A = [P Q; Q^T T]: y = P^-1 b1, Y = P^-1 Q, the Schur complement C = T - Q^T Y, then
// x2 = C^-1 (b2 - Q^T y) and x1 = y - Y x2. The same elimination order as a factorisation of A
// (the first three unknowns first), with two divisions in all where LDL^T has six in a row, so
// its dependency chain is short. Returns false (x untouched) if A is not numerically positive
// definite.
inline bool solveSpd6(const Mat6& A, const Vec6& b, Vec6& x) {
  double Pi[6];  // P^-1, lower triangle: 00 10 20 11 21 22
  if (!invertSpd3(A(0, 0), A(1, 0), A(2, 0), A(1, 1), A(2, 1), A(2, 2), Pi)) return false;
  const double P[3][3] = {{Pi[0], Pi[1], Pi[2]}, {Pi[1], Pi[3], Pi[4]}, {Pi[2], Pi[4], Pi[5]}};
  double Q[3][3];  // Q(k, j) = A(3 + j, k): read from the lower-left block
  for (int k = 0; k < 3; ++k)
    for (int j = 0; j < 3; ++j) Q[k][j] = A(3 + j, k);
  double Y[3][3], y[3];
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) Y[i][j] = P[i][0] * Q[0][j] + P[i][1] * Q[1][j] + P[i][2] * Q[2][j];
    y[i] = P[i][0] * b[0] + P[i][1] * b[1] + P[i][2] * b[2];
  }
  double C[3][3];  // lower triangle of T - Q^T Y
  for (int j = 0; j < 3; ++j)
    for (int i = j; i < 3; ++i)
      C[i][j] = A(3 + i, 3 + j) - (Q[0][i] * Y[0][j] + Q[1][i] * Y[1][j] + Q[2][i] * Y[2][j]);
  double Ci[6];
  if (!invertSpd3(C[0][0], C[1][0], C[2][0], C[1][1], C[2][1], C[2][2], Ci)) return false;
  double r[3];  // b2 - Q^T y
  for (int i = 0; i < 3; ++i) r[i] = b[3 + i] - (Q[0][i] * y[0] + Q[1][i] * y[1] + Q[2][i] * y[2]);
  const double x3 = Ci[0] * r[0] + Ci[1] * r[1] + Ci[2] * r[2];
  const double x4 = Ci[1] * r[0] + Ci[3] * r[1] + Ci[4] * r[2];
  const double x5 = Ci[2] * r[0] + Ci[4] * r[1] + Ci[5] * r[2];
  for (int i = 0; i < 3; ++i) x[i] = y[i] - (Y[i][0] * x3 + Y[i][1] * x4 + Y[i][2] * x5);
  x[3] = x3, x[4] = x4, x[5] = x5;
  return true;
}
}  // namespace

void aba(const Model& model, Data& data, const State& state, const Eigen::Ref<const VecX>& tau,
         const ExternalForces& external) {
  checkForwardDynamicsArguments(__func__, model, data, state, tau, external);
  forwardKinematics(model, data, state);
  const int n = model.nbodies;
  const bool has_gravity = !model.gravity.isZero(0.0);

  // Pass 1 (base to tip), with forwardVelocities fused in: body velocities v, velocity-product
  // accelerations c, rigid-body inertias and bias forces. With added mass data.I is a general
  // symmetric 6x6 (no rigid-body block structure): full products, weight from mass/com.
  // v x* (I v) stays the exact velocity-product force because a body-fixed world inertia
  // satisfies dI/dt = v x* I - I v x (Kirchhoff's equations for a fluid at rest).
  const bool added_mass = model.hasAddedMass();
  data.v[0] = actMotion(data.oMi[0], state.base_twist);
  data.c[0].setZero();
  for (int i = 0; i < n; ++i) {
    Vec6& v = data.v[i];
    if (i > 0) {
      const Vec6& S = data.S[i];
      const Vec6& vp = data.v[model.parent[i]];
      const double qd = state.qd[model.joint_index[i]];
      // v = v_parent + S qd; c = v x (S qd)
      const double jx = S[0] * qd, jy = S[1] * qd, jz = S[2] * qd;
      const double kx = S[3] * qd, ky = S[4] * qd, kz = S[5] * qd;
      const double vx = vp[0] + jx, vy = vp[1] + jy, vz = vp[2] + jz;
      const double wx = vp[3] + kx, wy = vp[4] + ky, wz = vp[5] + kz;
      v[0] = vx, v[1] = vy, v[2] = vz, v[3] = wx, v[4] = wy, v[5] = wz;
      Vec6& c = data.c[i];
      c[0] = (wy * jz - wz * jy) + (vy * kz - vz * ky);
      c[1] = (wz * jx - wx * jz) + (vz * kx - vx * kz);
      c[2] = (wx * jy - wy * jx) + (vx * ky - vy * kx);
      c[3] = wy * kz - wz * ky;
      c[4] = wz * kx - wx * kz;
      c[5] = wx * ky - wy * kx;
    }
    Vec6& pA = data.pA[i];
    if (added_mass) {
      Vec6 h;
      h.noalias() = data.I[i] * v;
      pA = crossForce(v, h);
    } else {
      rigidBiasForce(data.I[i], v, pA);
    }
    if (has_gravity)
      pA -= added_mass ? weightFromMass(model, data, i, model.gravity)
                       : gravityForce(data.I[i], model.gravity);
    if (external.body_forces_world) pA -= (*external.body_forces_world)[i];
  }

  // Pass 2 (tip to base): articulated inertias and bias forces. A body's articulated inertia
  // starts as its rigid-body inertia I (read, not copied) and takes its children's
  // contributions, largest index first. When the parent is the previous body (a chain, or a
  // parent's first child), that child's contribution is the parent's last: the parent's
  // articulated inertia then stays in registers for its own step, the next, instead of going
  // through data.IA.
  Columns IA;
  bool carried = false;
  for (int i = n - 1; i > 0; --i) {
    const int p = model.parent[i];
    if (!carried) loadColumns(model.children[i].empty() ? data.I[i] : data.IA[i], IA);
    const bool first_contribution = model.children[p].back() == i;
    articulatedStep(IA, data.S[i], data.c[i], data.pA[i], tau[model.joint_index[i]], data.V[i],
                    data.D[i], data.g[i], data.pA[p],
                    (first_contribution ? data.I[p] : data.IA[p]).data());
    carried = p == i - 1 && p > 0;
    if (!carried) storeColumns(IA, data.IA[p]);
  }
  if (model.children[0].empty()) data.IA[0] = data.I[0];

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

  // Pass 3 (base to tip): accelerations, qdd = g - V^T a_p (= (u - U^T (a_p + c)) / D) and
  // a = a_p + c + S qdd. The parent's acceleration stays in registers when the parent is the
  // previous body (it is read back from data.a otherwise).
  double ap[6];
  for (int k = 0; k < 6; ++k) ap[k] = a0[k];
  for (int i = 1; i < n; ++i) {
    const int p = model.parent[i];
    if (p != i - 1)
      for (int k = 0; k < 6; ++k) ap[k] = data.a[p][k];
    const Vec6& c = data.c[i];
    const Vec6& V = data.V[i];
    const Vec6& S = data.S[i];
    const double Va = (V[0] * ap[0] + V[1] * ap[1]) + (V[2] * ap[2] + V[3] * ap[3]) +
                      (V[4] * ap[4] + V[5] * ap[5]);
    const double qdd = data.g[i] - Va;
    data.qdd[model.joint_index[i]] = qdd;
    Vec6& a = data.a[i];
    for (int k = 0; k < 6; ++k) {
      ap[k] = (ap[k] + c[k]) + S[k] * qdd;
      a[k] = ap[k];
    }
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
