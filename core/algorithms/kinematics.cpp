#include "core/algorithms/kinematics.hpp"

#include <cmath>

#include "core/algorithms/check_model_arguments.hpp"
#include "core/spatial/sincos.hpp"

namespace vms {

namespace {

// Writes the world spatial inertia of (m, c, Ic) into I; see spatialInertiaWorld():
// [m 1, -skew(h); skew(h), Ic + (h.c) 1 - h c^T] with h = m c (= Ic - m skew(c)^2), one
// coefficient at a time straight into I (no temporaries).
inline void setSpatialInertiaWorld(Mat6& I, double m, const Vec3& c, const Mat3& Ic) {
  const double hx = m * c.x(), hy = m * c.y(), hz = m * c.z();
  const double hc = hx * c.x() + hy * c.y() + hz * c.z();
  double* a = I.data();  // column-major
  a[0] = m, a[1] = 0.0, a[2] = 0.0, a[3] = 0.0, a[4] = hz, a[5] = -hy;
  a[6] = 0.0, a[7] = m, a[8] = 0.0, a[9] = -hz, a[10] = 0.0, a[11] = hx;
  a[12] = 0.0, a[13] = 0.0, a[14] = m, a[15] = hy, a[16] = -hx, a[17] = 0.0;
  a[18] = 0.0, a[19] = -hz, a[20] = hy;
  a[24] = hz, a[25] = 0.0, a[26] = -hx;
  a[30] = -hy, a[31] = hx, a[32] = 0.0;
  const double h[3] = {hx, hy, hz};
  for (int col = 0; col < 3; ++col)
    for (int row = 0; row < 3; ++row)
      a[6 * (3 + col) + 3 + row] = Ic(row, col) - h[row] * c[col] + (row == col ? hc : 0.0);
}

// Symmetric R J R^T for a symmetric J: the six distinct coefficients, mirrored (exactly
// symmetric, 15 products fewer than the full product).
inline void rotateSymmetric(const Mat3& R, const Mat3& J, Mat3& out) {
  Mat3 RJ;
  RJ.noalias() = R * J;
  for (int col = 0; col < 3; ++col)
    for (int row = col; row < 3; ++row) {
      const double x = RJ(row, 0) * R(col, 0) + RJ(row, 1) * R(col, 1) + RJ(row, 2) * R(col, 2);
      out(row, col) = x;
      out(col, row) = x;
    }
}

}  // namespace

Mat6 spatialInertiaWorld(double m, const Vec3& c, const Mat3& Ic) {
  Mat6 I;
  setSpatialInertiaWorld(I, m, c, Ic);
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
  for (int i = 0; i < model.nbodies; ++i) {
    Pose& oMi = data.oMi[i];
    if (i > 0) {
      const Pose& oMp = data.oMi[model.parent[i]];
      const Pose& X = model.joint_placement[i];
      // Everything that depends on the joint alone (its placement, axis and q) first, so that
      // the chain from parent to child is one 3x3 product (the recursion is latency-bound):
      // oMi.R = oMp.R (X.R Rot(axis, q)).
      const Vec3& a = model.joint_axis_parent[i];  // the axis in the parent frame
      Vec3 w;                                      // ... and in the world
      w.noalias() = oMp.R * a;
      Vec3 p_joint = oMp.p;
      p_joint.noalias() += oMp.R * X.p;
      const double qi = state.q[model.joint_index[i]];
      Vec6& S = data.S[i];
      if (model.joint_type[i] == JointType::Revolute) {
        const double sq = data.sin_q[model.joint_index[i]];
        const double cq = data.cos_q[model.joint_index[i]];
        Mat3 L;  // X.R Rot(axis, q)
        L = model.joint_rotation_fixed[i] + cq * model.joint_rotation_cos[i] +
            sq * model.joint_rotation_sin[i];
        oMi.R.noalias() = oMp.R * L;
        oMi.p = p_joint;
        S[0] = p_joint.y() * w.z() - p_joint.z() * w.y();
        S[1] = p_joint.z() * w.x() - p_joint.x() * w.z();
        S[2] = p_joint.x() * w.y() - p_joint.y() * w.x();
        S[3] = w.x(), S[4] = w.y(), S[5] = w.z();
      } else {
        oMi.R.noalias() = oMp.R * X.R;
        oMi.p = p_joint + qi * w;
        S[0] = w.x(), S[1] = w.y(), S[2] = w.z();
        S[3] = S[4] = S[5] = 0.0;
      }
    }
    Vec3 c = oMi.p;
    c.noalias() += oMi.R * model.com[i];
    Mat3 Ic;
    rotateSymmetric(oMi.R, model.inertia_com[i], Ic);
    setSpatialInertiaWorld(data.I[i], model.mass[i], c, Ic);
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
