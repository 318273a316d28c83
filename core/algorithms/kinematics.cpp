#include "core/algorithms/kinematics.hpp"

#include <cmath>

#include "core/algorithms/check_model_arguments.hpp"

namespace vms {

namespace {

// Writes the world spatial inertia of (m, c, Ic) into I; see spatialInertiaWorld().
inline void setSpatialInertiaWorld(Mat6& I, double m, const Vec3& c, const Mat3& Ic) {
  const Vec3 h = m * c;
  const double hc = h.dot(c);
  // [m 1, -skew(h); skew(h), Ic + (h.c) 1 - h c^T], column by column.
  I.col(0) << m, 0.0, 0.0, 0.0, h.z(), -h.y();
  I.col(1) << 0.0, m, 0.0, -h.z(), 0.0, h.x();
  I.col(2) << 0.0, 0.0, m, h.y(), -h.x(), 0.0;
  I.block<3, 1>(0, 3) << 0.0, -h.z(), h.y();
  I.block<3, 1>(0, 4) << h.z(), 0.0, -h.x();
  I.block<3, 1>(0, 5) << -h.y(), h.x(), 0.0;
  // Ic - m skew(c)^2 = Ic + m (|c|^2 I - c c^T)
  I.bottomRightCorner<3, 3>() = Ic;
  I.bottomRightCorner<3, 3>().noalias() -= h * c.transpose();
  I.bottomRightCorner<3, 3>().diagonal().array() += hc;
}

// R_joint * axisAngleRotation(axis, q), with the rotation's sine and cosine given.
inline void rotateAboutAxis(const Mat3& R_joint, const Vec3& u, double s, double c, Mat3& out) {
  const double v = 1.0 - c;
  Mat3 R;
  R << c + u.x() * u.x() * v, u.x() * u.y() * v - u.z() * s, u.x() * u.z() * v + u.y() * s,
      u.y() * u.x() * v + u.z() * s, c + u.y() * u.y() * v, u.y() * u.z() * v - u.x() * s,
      u.z() * u.x() * v - u.y() * s, u.z() * u.y() * v + u.x() * s, c + u.z() * u.z() * v;
  out.noalias() = R_joint * R;
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

  for (int i = 0; i < model.nbodies; ++i) {
    Pose& oMi = data.oMi[i];
    if (i > 0) {
      const Pose& oMp = data.oMi[model.parent[i]];
      const Pose& X = model.joint_placement[i];
      Mat3 R_joint;  // world rotation of the joint frame at q = 0
      R_joint.noalias() = oMp.R * X.R;
      Vec3 p_joint = oMp.p;
      p_joint.noalias() += oMp.R * X.p;
      const Vec3& axis = model.joint_axis[i];
      Vec3 w;
      w.noalias() = R_joint * axis;
      const double qi = state.q[model.joint_index[i]];
      if (model.joint_type[i] == JointType::Revolute) {
        rotateAboutAxis(R_joint, axis, std::sin(qi), std::cos(qi), oMi.R);
        oMi.p = p_joint;
        data.S[i] << p_joint.cross(w), w;
      } else {
        oMi.R = R_joint;
        oMi.p = p_joint + qi * w;
        data.S[i] << w, Vec3::Zero();
      }
    }
    Vec3 c = oMi.p;
    c.noalias() += oMi.R * model.com[i];
    Mat3 RI, Ic;
    RI.noalias() = oMi.R * model.inertia_com[i];
    Ic.noalias() = RI * oMi.R.transpose();
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
