#include "core/algorithms/aba.hpp"

#include "core/algorithms/kinematics.hpp"

namespace vms {

namespace {
// World spatial gravity force on a body with world spatial inertia I: I * [g; 0].
inline Vec6 gravityForce(const Mat6& I, const Vec3& g) {
  return I.leftCols<3>() * g;
}
}  // namespace

void aba(const Model& model, Data& data, const State& state, const Eigen::Ref<const VecX>& tau,
         const ExternalForces& external) {
  computeKinematics(model, data, state);
  const int n = model.nbodies;
  const bool has_gravity = !model.gravity.isZero(0.0);

  // Pass 1: rigid-body inertias and bias forces.
  for (int i = 0; i < n; ++i) {
    data.IA[i] = data.I[i];
    const Vec6 h = data.I[i] * data.v[i];
    data.pA[i] = crossForce(data.v[i], h);
    if (has_gravity) data.pA[i] -= gravityForce(data.I[i], model.gravity);
    if (external.body_forces_world) data.pA[i] -= (*external.body_forces_world)[i];
  }

  // Pass 2 (tip to base): articulated inertias and bias forces.
  for (int i = n - 1; i > 0; --i) {
    const int p = model.parent[i];
    const Vec6& S = data.S[i];
    Vec6& U = data.U[i];
    U.noalias() = data.IA[i] * S;
    const double Dinv = 1.0 / S.dot(U);
    data.Dinv[i] = Dinv;
    const double ui = tau[model.joint_index[i]] - S.dot(data.pA[i]);
    data.u[i] = ui;
    const Vec6 IAc = data.IA[i] * data.c[i];
    data.pA[p] += data.pA[i] + IAc + U * (Dinv * (ui - U.dot(data.c[i])));
    data.IA[p] += data.IA[i];
    data.IA[p].noalias() -= (Dinv * U) * U.transpose();
  }

  // Vehicle.
  Vec6& a0 = data.a[0];
  const Vec6 fb = actForce(data.oMi[0], external.base_wrench_body) - data.pA[0];
  switch (model.base_dof) {
    case 0:
      a0.setZero();
      break;
    case 6:
      data.base_llt.compute(data.IA[0]);
      a0 = data.base_llt.solve(fb);
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
         (Vec3(linear(twist_dot)) + Vec3(angular(state.base_twist)).cross(Vec3(linear(state.base_twist))));
}

Vec3 baseAngularAccelerationWorld(const State& state, const Vec6& twist_dot) {
  return state.base_orientation * Vec3(angular(twist_dot));
}

}  // namespace vms
