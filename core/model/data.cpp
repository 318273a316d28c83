#include "core/model/data.hpp"

namespace vms {

Data::Data(const Model& m)
    : oMi(m.nbodies),
      S(m.nbodies, Vec6::Zero()),
      v(m.nbodies, Vec6::Zero()),
      c(m.nbodies, Vec6::Zero()),
      S0(Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, 6>::Zero(6, m.base_dof)),
      sin_q(VecX::Zero(m.njoints)),
      cos_q(VecX::Zero(m.njoints)),
      I(m.nbodies, Mat6::Zero()),
      IA(m.nbodies, Mat6::Zero()),
      pA(m.nbodies, Vec6::Zero()),
      V(m.nbodies, Vec6::Zero()),
      D(m.nbodies, 0.0),
      g(m.nbodies, 0.0),
      a(m.nbodies, Vec6::Zero()),
      base_reduced(BaseMatrix::Zero(m.base_dof, m.base_dof)),
      base_reduced_llt(m.base_dof),
      base_rhs(BaseVector::Zero(m.base_dof)),
      qdd(VecX::Zero(m.njoints)),
      base_twist_dot(Vec6::Zero()),
      tau(VecX::Zero(m.njoints)),
      base_force(VecX::Zero(m.base_dof)),
      f(m.nbodies, Vec6::Zero()),
      Ic(m.nbodies, Mat6::Zero()),
      M(MatX::Zero(m.nv, m.nv)),
      nle(VecX::Zero(m.nv)) {}

}  // namespace vms
