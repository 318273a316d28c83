#include "core/algorithms/kinematics.hpp"

namespace vms {

Mat6 spatialInertiaWorld(double m, const Vec3& c, const Mat3& Ic) {
  Mat6 I;
  const Vec3 h = m * c;
  const Mat3 H = skew(h);
  I.topLeftCorner<3, 3>() = m * Mat3::Identity();
  I.topRightCorner<3, 3>() = -H;
  I.bottomLeftCorner<3, 3>() = H;
  // Ic - m skew(c)^2 = Ic + m (|c|^2 I - c c^T)
  I.bottomRightCorner<3, 3>() = Ic + (h.dot(c)) * Mat3::Identity() - h * c.transpose();
  return I;
}

void forwardKinematics(const Model& model, Data& data, const State& state) {
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

  for (int i = 0; i < model.nbodies; ++i) {
    Pose& oMi = data.oMi[i];
    if (i > 0) {
      const Pose& oMp = data.oMi[model.parent[i]];
      const Pose& X = model.joint_placement[i];
      const Mat3 R_joint = oMp.R * X.R;  // world rotation of the joint frame at q = 0
      const Vec3 p_joint = oMp.p + oMp.R * X.p;
      const Vec3& axis = model.joint_axis[i];
      const Vec3 w = R_joint * axis;
      const double qi = state.q[model.joint_index[i]];
      if (model.joint_type[i] == JointType::Revolute) {
        oMi.R.noalias() = R_joint * axisAngleRotation(axis, qi);
        oMi.p = p_joint;
        data.S[i] << p_joint.cross(w), w;
      } else {
        oMi.R = R_joint;
        oMi.p = p_joint + qi * w;
        data.S[i] << w, Vec3::Zero();
      }
    }
    const Vec3 c = oMi.act(model.com[i]);
    const Mat3 Ic = oMi.R * model.inertia_com[i] * oMi.R.transpose();
    data.I[i] = spatialInertiaWorld(model.mass[i], c, Ic);
  }
}

void forwardVelocities(const Model& model, Data& data, const State& state) {
  data.v[0] = actMotion(data.oMi[0], state.base_twist);
  data.c[0].setZero();
  for (int i = 1; i < model.nbodies; ++i) {
    const Vec6 vj = data.S[i] * state.qd[model.joint_index[i]];
    data.v[i] = data.v[model.parent[i]] + vj;
    data.c[i] = crossMotion(data.v[i], vj);
  }
}

Pose framePose(const Model& model, const Data& data, int frame) {
  const Frame& f = model.frames[frame];
  return data.oMi[f.body] * f.placement;
}

}  // namespace vms
