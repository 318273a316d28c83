#include "core/analysis/momentum_partition.hpp"

#include <Eigen/Cholesky>

#include "core/algorithms/check_model_arguments.hpp"
#include "core/algorithms/momentum.hpp"

namespace vms {

MomentumPartition momentumPartition(const Model& model, const Data& data) {
  checkDataArgument(__func__, model, data);
  MomentumPartition m;
  Vec3 first_moment = Vec3::Zero();
  for (int i = 0; i < model.nbodies; ++i) {
    const Vec6 h = data.I[i] * data.v[i];
    const double T = 0.5 * data.v[i].dot(h);
    if (i == 0) {
      m.linear_vehicle += linear(h);
      m.angular_origin_vehicle += angular(h);
      m.kinetic_vehicle += T;
    } else {
      m.linear_arm += linear(h);
      m.angular_origin_arm += angular(h);
      m.kinetic_arm += T;
    }
    first_moment += bodyFirstMoment(model, data, i);
    m.mass += model.mass[i];
  }
  m.center_of_mass = m.mass > 0.0 ? Vec3(first_moment / m.mass) : Vec3::Zero();
  m.linear_total = m.linear_vehicle + m.linear_arm;
  m.angular_origin_total = m.angular_origin_vehicle + m.angular_origin_arm;
  m.kinetic_total = m.kinetic_vehicle + m.kinetic_arm;
  const Vec3& c = m.center_of_mass;
  m.angular_com_vehicle = m.angular_origin_vehicle - c.cross(m.linear_vehicle);
  m.angular_com_arm = m.angular_origin_arm - c.cross(m.linear_arm);
  m.angular_com_total = m.angular_origin_total - c.cross(m.linear_total);
  return m;
}

KineticEnergySplit kineticEnergySplit(const Model& model, const MatX& M, const State& state) {
  VMS_CHECK_ARGUMENT_SIZE(M.rows(), model.nv, "M.rows()");
  VMS_CHECK_ARGUMENT_SIZE(M.cols(), model.nv, "M.cols()");
  checkVelocityArgument(__func__, model, state);
  const int b = model.base_dof, n = model.njoints;
  KineticEnergySplit s;
  const VecX nu = state.generalizedVelocity(model);
  s.total = 0.5 * nu.dot(M * nu);
  const VecX qd = state.qd;
  if (b == 0) {
    s.locked_velocity = VecX::Zero(0);
    s.internal = 0.5 * qd.dot(M.bottomRightCorner(n, n) * qd);
    return s;
  }
  const MatX Mbb = M.topLeftCorner(b, b), Mbm = M.topRightCorner(b, n);
  const Eigen::LLT<MatX> llt(Mbb);
  const MatX A = llt.solve(Mbm);
  s.locked_velocity = nu.head(b) + A * qd;
  s.locked = 0.5 * s.locked_velocity.dot(Mbb * s.locked_velocity);
  const MatX Hstar = M.bottomRightCorner(n, n) - Mbm.transpose() * A;
  s.internal = 0.5 * qd.dot(Hstar * qd);
  return s;
}

}  // namespace vms
