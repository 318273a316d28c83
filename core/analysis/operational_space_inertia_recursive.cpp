#include "core/analysis/operational_space_inertia_recursive.hpp"

#include <stdexcept>

#include "core/algorithms/check_model_arguments.hpp"
#include "core/algorithms/kinematics.hpp"

namespace vms {

namespace {
/// X - X s s^T X / (s^T X s): what a 1-dof joint with world axis s transmits of X.
Mat6 transmit(const Mat6& X, const Vec6& s) {
  const Vec6 U = X * s;
  const double d = s.dot(U);
  return X - U * U.transpose() / d;
}
}  // namespace

OperationalSpaceInertiaSweeps::OperationalSpaceInertiaSweeps(const Model& model)
    : Lambda(model.nbodies, Mat6::Zero()),
      P(model.nbodies, Mat6::Zero()),
      S(model.nbodies, Mat6::Zero()),
      P0(model.nbodies, Mat6::Zero()),
      S0(model.nbodies, Mat6::Zero()),
      Pa0(model.nbodies, Mat6::Zero()) {}

Mat6 shiftInertiaToPoint(const Mat6& X, const Vec3& p) {
  // T = [[I, P], [0, I]] with P = skew(p):
  // T^T X T = [[A, A P + B], [C + P^T A, P^T A P + P^T B + C P + D]] for X = [[A, B], [C, D]].
  const Mat3 Pm = skew(p);
  const Mat3 A = X.topLeftCorner<3, 3>(), B = X.topRightCorner<3, 3>(),
             C = X.bottomLeftCorner<3, 3>(), D = X.bottomRightCorner<3, 3>();
  Mat6 Y;
  Y.topLeftCorner<3, 3>() = A;
  Y.topRightCorner<3, 3>() = A * Pm + B;
  Y.bottomLeftCorner<3, 3>() = C + Pm.transpose() * A;
  Y.bottomRightCorner<3, 3>() = Pm.transpose() * (A * Pm + B) + C * Pm + D;
  return Y;
}

void operationalSpaceInertiaAllBodies(const Model& model, Data& data, const State& state,
                                      OperationalSpaceInertiaSweeps& out) {
  checkDataArgument(__func__, model, data);
  checkConfigurationArgument(__func__, model, state);
  VMS_CHECK_ARGUMENT_SIZE(out.P0.size(), model.nbodies, "out.P0");
  if (model.base_type != BaseType::Free)
    throw std::invalid_argument(
        "operationalSpaceInertiaAllBodies: needs a free vehicle (base_type free)");
  forwardKinematics(model, data, state);
  const int N = model.nbodies;
  // P sweep: tips to vehicle (parent[i] < i).
  for (int i = 0; i < N; ++i) out.P0[i] = data.I[i];
  for (int i = N - 1; i > 0; --i) {
    out.Pa0[i] = transmit(out.P0[i], data.S[i]);
    out.P0[model.parent[i]] += out.Pa0[i];
  }
  // S sweep: vehicle to tips.
  out.S0[0].setZero();
  for (int i = 1; i < N; ++i) {
    const int p = model.parent[i];
    const Mat6 Z = out.P0[p] + out.S0[p] - out.Pa0[i];
    out.S0[i] = transmit(Z, data.S[i]);
  }
  for (int i = 0; i < N; ++i) {
    const Vec3& o = data.oMi[i].p;
    out.P[i] = shiftInertiaToPoint(out.P0[i], o);
    out.S[i] = shiftInertiaToPoint(out.S0[i], o);
    out.Lambda[i] = out.P[i] + out.S[i];
  }
}

}  // namespace vms
