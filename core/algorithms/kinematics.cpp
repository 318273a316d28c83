#include "core/algorithms/kinematics.hpp"

#include <cmath>
#include <cstdlib>

#include "core/algorithms/check_model_arguments.hpp"
#include "core/spatial/lanes.hpp"
#include "core/spatial/sincos.hpp"

namespace vms {

namespace {

using lanes::Lanes4;
using lanes::load3;
using lanes::load4;
using lanes::store3;
using lanes::store4;

// A pose as 4-lane columns (lane 3 zero): the rotation's three columns and the origin.
struct PoseLanes {
  Lanes4 R[3];
  Lanes4 p;
};
inline PoseLanes loadPose(const Pose& M) {
  const double* r = M.R.data();
  return {{load3(r), load3(r + 3), load3(r + 6)}, load3(M.p.data())};
}

// The product of a 3x3 matrix, given by its columns A0, A1, A2 (lanes 0-2), and the column b.
inline Lanes4 times(const Lanes4& A0, const Lanes4& A1, const Lanes4& A2, const double* b) {
  return (A0 * b[0] + A1 * b[1]) + A2 * b[2];
}

// The 3x3 product of the matrix with columns A0, A1, A2 and the column-major B: its columns
// into col, and stored column-major into out (each column's spare lane lands on the next
// column, written after it).
inline void storeProduct(const Lanes4& A0, const Lanes4& A1, const Lanes4& A2, const double* B,
                         double* out, Lanes4 col[3]) {
  col[0] = times(A0, A1, A2, B);
  col[1] = times(A0, A1, A2, B + 3);
  col[2] = times(A0, A1, A2, B + 6);
  store4(out, col[0]);
  store4(out + 3, col[1]);
  store3(out + 6, col[2]);
}

// The columns of B Rot(e_a, angle) for the columns B0, B1, B2 of B, with c = cos(angle) and
// s = sin(angle): column a is B's, the next two (cyclically) u and v turn in their plane,
// u' = c Bu + s Bv and v' = c Bv - s Bu.
inline void turnColumns(int a, const Lanes4& B0, const Lanes4& B1, const Lanes4& B2, double c,
                        double s, Lanes4 out[3]) {
  switch (a) {
    case 0:
      out[0] = B0, out[1] = c * B1 + s * B2, out[2] = c * B2 - s * B1;
      break;
    case 1:
      out[1] = B1, out[2] = c * B2 + s * B0, out[0] = c * B0 - s * B2;
      break;
    default:
      out[2] = B2, out[0] = c * B0 + s * B1, out[1] = c * B1 - s * B0;
      break;
  }
}

// The pose oMi and world motion subspace S of body i (i > 0) from its parent's pose oMp and
// its joint: oMi.R = oMp.R (X.R Rot(axis, q)). Column by column, each a 4-lane vector (lane 3
// zero): a 3x3 product is nine vector multiply-adds. A revolute joint about a coordinate axis
// e_a of its frame (model.joint_unit_axis) turns two columns of oMp.R X.R by q, and column a is
// the world axis. Any other axis forms the joint-only factor L = X.R Rot(axis, q) first (off
// the parent-to-child recursion, which is then one 3x3 product). The pose is stored in
// data.oMi[i] and returned as columns in oMi_lanes.
inline void placeBody(const Model& model, Data& data, const State& state, int i,
                      const PoseLanes& oMp, PoseLanes& oMi_lanes) {
  const Lanes4 P0 = oMp.R[0], P1 = oMp.R[1], P2 = oMp.R[2];
  const Pose& X = model.joint_placement[i];
  Lanes4 p = oMp.p + times(P0, P1, P2, X.p.data());  // joint origin
  const int j = model.joint_index[i];
  Pose& oMi = data.oMi[i];
  double* r = oMi.R.data();
  Vec6& S = data.S[i];
  const auto setRevoluteS = [&](const Lanes4& w) {  // S = [p x w; w]
    S[0] = p[1] * w[2] - p[2] * w[1];
    S[1] = p[2] * w[0] - p[0] * w[2];
    S[2] = p[0] * w[1] - p[1] * w[0];
    S[3] = w[0], S[4] = w[1], S[5] = w[2];
  };
  // Stores in each branch, not after it: a pointer chosen by the branch made the kinematics
  // 1-2 % slower (GCC 12).
  if (const int unit_axis = model.joint_unit_axis[i]; unit_axis != 0) {
    const int a = std::abs(unit_axis) - 1;
    const double* XR = X.R.data();
    const Lanes4 B0 = times(P0, P1, P2, XR), B1 = times(P0, P1, P2, XR + 3),
                 B2 = times(P0, P1, P2, XR + 6);
    const double s = unit_axis > 0 ? data.sin_q[j] : -data.sin_q[j];
    Lanes4* R = oMi_lanes.R;
    turnColumns(a, B0, B1, B2, data.cos_q[j], s, R);
    store4(r, R[0]);
    store4(r + 3, R[1]);
    store3(r + 6, R[2]);
    setRevoluteS(unit_axis > 0 ? R[a] : -R[a]);
  } else if (model.joint_type[i] == JointType::Revolute) {
    const Lanes4 w = times(P0, P1, P2, model.joint_axis_parent[i].data());  // axis, world
    const double sq = data.sin_q[j], cq = data.cos_q[j];
    const double* F = model.joint_rotation_fixed[i].data();
    const double* C = model.joint_rotation_cos[i].data();
    const double* N = model.joint_rotation_sin[i].data();
    double L[9];  // element by element, in the storage order (no lane shuffles)
    store4(L, load4(F) + cq * load4(C) + sq * load4(N));
    store4(L + 4, load4(F + 4) + cq * load4(C + 4) + sq * load4(N + 4));
    L[8] = F[8] + cq * C[8] + sq * N[8];
    storeProduct(P0, P1, P2, L, r, oMi_lanes.R);
    setRevoluteS(w);
  } else {
    const Lanes4 w = times(P0, P1, P2, model.joint_axis_parent[i].data());  // axis, world
    storeProduct(P0, P1, P2, X.R.data(), r, oMi_lanes.R);
    p += state.q[j] * w;
    S[0] = w[0], S[1] = w[1], S[2] = w[2];
    S[3] = S[4] = S[5] = 0.0;
  }
  store3(oMi.p.data(), p);
  oMi_lanes.p = p;
}

// Writes the world spatial inertia at the world origin of a body with mass m, world centre of
// mass c and world central inertia Ic (its columns Ic0, Ic1, Ic2; see spatialInertiaWorld()):
// [m 1, -skew(h); skew(h), Ic + (h.c) 1 - h c^T] with h = m c. The upper-left and off-diagonal
// blocks four coefficients per store, in storage order; each lower-right column (4 lanes)
// overwrites the spare lane of the store before it.
inline void storeWorldInertia(double m, const Lanes4& c, const Lanes4& Ic0, const Lanes4& Ic1,
                              const Lanes4& Ic2, Mat6& I) {
  const Lanes4 h = m * c;
  const double hx = h[0], hy = h[1], hz = h[2];
  const double hc = (hx * c[0] + hy * c[1]) + hz * c[2];
  Lanes4 W0 = Ic0 - h * c[0], W1 = Ic1 - h * c[1], W2 = Ic2 - h * c[2];
  W0[0] += hc, W1[1] += hc, W2[2] += hc;
  double* a = I.data();  // column-major
  store4(a, Lanes4{m, 0.0, 0.0, 0.0});
  store4(a + 4, Lanes4{hz, -hy, 0.0, m});
  store4(a + 8, Lanes4{0.0, -hz, 0.0, hx});
  store4(a + 12, Lanes4{0.0, 0.0, m, hy});
  store4(a + 16, Lanes4{-hx, 0.0, 0.0, -hz});
  a[20] = hy;
  store4(a + 21, W0);
  store4(a + 24, Lanes4{hz, 0.0, -hx, 0.0});
  store4(a + 27, W1);
  store4(a + 30, Lanes4{-hy, hx, 0.0, 0.0});
  store3(a + 33, W2);
}

// The world spatial inertia of body i from its pose (as columns, and its rotation r stored
// column-major): the rotated central inertia R J R^T column by column (column k is RJ R^T e_k,
// row k of R).
inline void setWorldInertia(const Model& model, int i, const PoseLanes& pose, const double* r,
                            Mat6& I) {
  const Lanes4 R0 = pose.R[0], R1 = pose.R[1], R2 = pose.R[2];
  const double* J = model.inertia_com[i].data();
  const Lanes4 RJ0 = times(R0, R1, R2, J), RJ1 = times(R0, R1, R2, J + 3),
               RJ2 = times(R0, R1, R2, J + 6);
  const Lanes4 c = pose.p + times(R0, R1, R2, model.com[i].data());  // world centre of mass
  const double r0[3] = {r[0], r[3], r[6]}, r1[3] = {r[1], r[4], r[7]}, r2[3] = {r[2], r[5], r[8]};
  storeWorldInertia(model.mass[i], c, times(RJ0, RJ1, RJ2, r0), times(RJ0, RJ1, RJ2, r1),
                    times(RJ0, RJ1, RJ2, r2), I);
}

}  // namespace

Mat6 spatialInertiaWorld(double m, const Vec3& c, const Mat3& Ic) {
  Mat6 I;
  const double* J = Ic.data();
  storeWorldInertia(m, load3(c.data()), load3(J), load3(J + 3), load3(J + 6), I);
  return I;
}

void forwardKinematics(const Model& model, Data& data, const State& state) {
  checkDataArgument(__func__, model, data);
  checkConfigurationArgument(__func__, model, state);
  Pose& base = data.oMi[0];
  base.R = state.base_orientation.toRotationMatrix();
  base.p = state.base_position;
  if (model.base_dof == 6) {
    data.S0.topLeftCorner<3, 3>() = base.R;
    data.S0.topRightCorner<3, 3>() = skew(base.p) * base.R;
    data.S0.bottomLeftCorner<3, 3>().setZero();
    data.S0.bottomRightCorner<3, 3>() = base.R;
  } else {
    for (int k = 0; k < model.base_dof; ++k) {
      const Vec6 col = model.base_basis.col(k);
      data.S0.col(k) = actMotion(base, col);
    }
  }

  // Every joint's sin and cos first, four at a time (independent of the recursion).
  sinCosBatch(state.q.data(), data.sin_q.data(), data.cos_q.data(), model.njoints);
  // Each body's pose also as columns in registers: a chain (parent = previous body) reads its
  // parent's from there, not back from data.oMi.
  PoseLanes parent_lanes, lanes = loadPose(base);
  for (int i = 0; i < model.nbodies; ++i) {
    if (i > 0) {
      const int p = model.parent[i];
      parent_lanes = p == i - 1 ? lanes : loadPose(data.oMi[p]);
      placeBody(model, data, state, i, parent_lanes, lanes);
    }
    const Pose& oMi = data.oMi[i];
    setWorldInertia(model, i, lanes, oMi.R.data(), data.I[i]);
    if (model.hasAddedMass() && !model.added_mass[i].isZero(0.0)) {
      // World inertia of a body-frame 6x6: Ad^-T M_A Ad^-1 with Ad = Ad_{oMi}.
      const Mat6 Ainv = adjoint(oMi.inverse());
      Mat6 tmp;
      tmp.noalias() = model.added_mass[i] * Ainv;
      data.I[i].noalias() += Ainv.transpose() * tmp;
    }
  }
}

void forwardVelocities(const Model& model, Data& data, const State& state) {
  checkDataArgument(__func__, model, data);
  checkVelocityArgument(__func__, model, state);
  data.v[0] = actMotion(data.oMi[0], state.base_twist);
  data.c[0].setZero();
  for (int i = 1; i < model.nbodies; ++i) {
    const Vec6 vj = data.S[i] * state.qd[model.joint_index[i]];
    const Vec6 vi = data.v[model.parent[i]] + vj;
    data.v[i] = vi;
    data.c[i] = crossMotion(vi, vj);
  }
}

Pose framePose(const Model& model, const Data& data, int frame) {
  checkDataArgument(__func__, model, data);
  checkFrameArgument(__func__, model, frame);
  const Frame& f = model.frames[frame];
  return data.oMi[f.body] * f.placement;
}

}  // namespace vms
