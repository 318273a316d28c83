#include "core/analysis/generalized_jacobian.hpp"

#include "core/algorithms/check_model_arguments.hpp"
#include "core/algorithms/jacobian.hpp"
#include "core/algorithms/kinematics.hpp"

namespace vms {

GeneralizedJacobian::GeneralizedJacobian(const Model& model)
    : J(Mat6X::Zero(6, model.nv)),
      Jb(Mat6X::Zero(6, model.base_dof)),
      Jm(Mat6X::Zero(6, model.njoints)),
      Jstar(Mat6X::Zero(6, model.njoints)),
      momentum_map(Mat6X::Zero(6, model.base_dof)),
      connection(MatX::Zero(model.base_dof, model.njoints)),
      Mbb_llt(model.base_dof) {}

namespace {
// M is the nv x nv mass matrix of this model (crba()).
void checkMassMatrixArgument(const char* function, const Model& model, const MatX& M) {
  VMS_CHECK_ARGUMENT_SIZE_IN(function, M.rows(), model.nv, "M.rows()");
  VMS_CHECK_ARGUMENT_SIZE_IN(function, M.cols(), model.nv, "M.cols()");
}

// `out` was made for this model (GeneralizedJacobian(model)).
void checkGeneralizedJacobianArgument(const char* function, const Model& model,
                                      const GeneralizedJacobian& out) {
  VMS_CHECK_ARGUMENT_SIZE_IN(function, out.J.cols(), model.nv, "out.J.cols()");
  VMS_CHECK_ARGUMENT_SIZE_IN(function, out.Jb.cols(), model.base_dof, "out.Jb.cols()");
}
}  // namespace

MatX mechanicalConnection(const Model& model, const MatX& M) {
  checkMassMatrixArgument(__func__, model, M);
  const int b = model.base_dof, n = model.njoints;
  if (b == 0) return MatX::Zero(0, n);
  const Eigen::LLT<MatX> Mbb(M.topLeftCorner(b, b));
  return Mbb.solve(M.topRightCorner(b, n));
}

VecX vehicleGeneralizedMomentum(const Model& model, const MatX& M, const State& state) {
  checkMassMatrixArgument(__func__, model, M);
  checkVelocityArgument(__func__, model, state);
  const int b = model.base_dof, n = model.njoints;
  return M.topLeftCorner(b, b) * (model.base_basis.transpose() * state.base_twist) +
         M.topRightCorner(b, n) * state.qd;
}

VecX vehicleGeneralizedMomentumFromWorld(const Model& model, const Data& data, const Vec6& mu) {
  checkDataArgument(__func__, model, data);
  return data.S0.leftCols(model.base_dof).transpose() * mu;
}

void computeGeneralizedJacobian(const Model& model, const Data& data, int body,
                                const Vec3& point_world, GeneralizedJacobian& out) {
  checkDataArgument(__func__, model, data);
  checkBodyArgument(__func__, model, body);
  checkGeneralizedJacobianArgument(__func__, model, out);
  const int b = model.base_dof, n = model.njoints;
  pointJacobian(model, data, body, point_world, out.J);
  out.Jb = out.J.leftCols(b);
  out.Jm = out.J.rightCols(n);
  out.Jstar = out.Jm;
  if (b == 0) return;
  out.Mbb_llt.compute(data.M.topLeftCorner(b, b));
  out.connection = data.M.topRightCorner(b, n);
  if (n > 0) out.Mbb_llt.solveInPlace(out.connection);  // triangular solve reads coeff(0,0)
  out.Jstar.noalias() -= out.Jb * out.connection;
  // Jb Mbb^-1 = (Mbb^-1 Jb^T)^T (Mbb symmetric).
  Eigen::Matrix<double, Eigen::Dynamic, 6, 0, 6, 6> t = out.Jb.transpose();
  out.Mbb_llt.solveInPlace(t);
  out.momentum_map = t.transpose();
}

void computeFrameGeneralizedJacobian(const Model& model, const Data& data, int frame,
                                     GeneralizedJacobian& out) {
  checkDataArgument(__func__, model, data);
  checkFrameArgument(__func__, model, frame);
  checkGeneralizedJacobianArgument(__func__, model, out);
  const Pose oMf = framePose(model, data, frame);
  computeGeneralizedJacobian(model, data, model.frames[frame].body, oMf.p, out);
}

Vec6 generalizedPointTwist(const GeneralizedJacobian& gj, const Eigen::Ref<const VecX>& qd,
                           const Eigen::Ref<const VecX>& h_b) {
  VMS_CHECK_ARGUMENT_SIZE(qd.size(), gj.Jstar.cols(), "qd");
  VMS_CHECK_ARGUMENT_SIZE(h_b.size(), gj.momentum_map.cols(), "h_b");
  Vec6 t = gj.Jstar * qd;
  if (gj.momentum_map.cols() > 0) t.noalias() += gj.momentum_map * h_b;
  return t;
}

}  // namespace vms
