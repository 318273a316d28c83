#include "core/algorithms/jacobian.hpp"

#include "core/algorithms/check_model_arguments.hpp"
#include "core/algorithms/kinematics.hpp"

namespace vms {

namespace {
// Column of a world spatial motion s seen at point p: [s_v + s_w x p; s_w].
inline Vec6 atPoint(const Vec6& s, const Vec3& p) {
  return makeVec6(Vec3(linear(s)) + Vec3(angular(s)).cross(p), angular(s));
}
}  // namespace

void pointJacobian(const Model& model, const Data& data, int body, const Vec3& p,
                   Eigen::Ref<Mat6X> J) {
  checkDataArgument(__func__, model, data);
  checkBodyArgument(__func__, model, body);
  VMS_CHECK_ARGUMENT_SIZE(J.cols(), model.nv, "J.cols()");
  J.setZero();
  const int b = model.base_dof;
  for (int i = body; i > 0; i = model.parent[i])
    J.col(b + model.joint_index[i]) = atPoint(data.S[i], p);
  for (int k = 0; k < b; ++k) J.col(k) = atPoint(data.S0.col(k), p);
}

void pointJacobianDerivative(const Model& model, const Data& data, int body, const Vec3& p,
                             Eigen::Ref<Mat6X> dJ) {
  checkDataArgument(__func__, model, data);
  checkBodyArgument(__func__, model, body);
  VMS_CHECK_ARGUMENT_SIZE(dJ.cols(), model.nv, "dJ.cols()");
  dJ.setZero();
  const int b = model.base_dof;
  // Velocity of the point itself.
  const Vec6& vb = data.v[body];
  const Vec3 pdot = Vec3(linear(vb)) + Vec3(angular(vb)).cross(p);
  auto column = [&](const Vec6& s, const Vec6& v_owner) {
    const Vec6 sdot = crossMotion(v_owner, s);  // S is fixed in its owner body
    return makeVec6(
        Vec3(linear(sdot)) + Vec3(angular(sdot)).cross(p) + Vec3(angular(s)).cross(pdot),
        angular(sdot));
  };
  for (int i = body; i > 0; i = model.parent[i])
    dJ.col(b + model.joint_index[i]) = column(data.S[i], data.v[i]);
  for (int k = 0; k < b; ++k) dJ.col(k) = column(data.S0.col(k), data.v[0]);
}

void frameJacobian(const Model& model, const Data& data, int frame, Eigen::Ref<Mat6X> J) {
  checkDataArgument(__func__, model, data);
  checkFrameArgument(__func__, model, frame);
  VMS_CHECK_ARGUMENT_SIZE(J.cols(), model.nv, "J.cols()");
  const Pose oMf = framePose(model, data, frame);
  pointJacobian(model, data, model.frames[frame].body, oMf.p, J);
}

}  // namespace vms
