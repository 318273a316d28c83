#pragma once
// Analytic partial derivatives of forward dynamics, nudot = M^-1 (tau - b(q, nu) + J^T f_ext),
// on the vehicle's group: dnudot/dx = -M^-1 dtau_ID/dx at nudot, where the inverse-dynamics
// derivatives come from InverseDynamicsDerivatives (same coordinates: nu = [iota0^T twist_b;
// qd], perturbations [delta; dq] with g <- g exp(T delta)). M^-1 is applied column by column
// through the articulated-body factorisation aba() leaves in data (the second and third passes
// of aba() on a force with no velocity terms), O(N) per column, so the whole is O(N^2) with no
// dense factorisation and no heap allocation. docs/derivatives.md gives the derivation and
// the checks.
#include "core/algorithms/rnea_derivatives.hpp"

namespace vms {

class ForwardDynamicsDerivatives {
 public:
  explicit ForwardDynamicsDerivatives(const Model& model);

  /// Runs aba(model, data, state, tau, external), then the inverse-dynamics derivatives at its
  /// accelerations, and fills the forward-dynamics derivatives. Throws std::invalid_argument
  /// for a model with mimic joints.
  void compute(const Model& model, Data& data, const State& state,
               const Eigen::Ref<const VecX>& tau, const ExternalForces& external = {});

  /// nudot = [iota0^T base_twist_dot; qdd] at the point of the last compute().
  const VecX& acceleration() const { return nudot_; }
  /// dnudot/d[delta; q], nv x (t + n).
  const RowMatX& ddqDq() const { return ddq_dq_; }
  /// dnudot/dnu, nv x nv.
  const RowMatX& ddqDv() const { return ddq_dv_; }
  /// Columns of a derivative matrix: a view of this object's storage, which the next compute()
  /// overwrites.
  using ConstColumns = Eigen::Block<const RowMatX>;
  /// dnudot/dtau, nv x n: the joint columns of M^-1.
  ConstColumns ddqDtau() const {
    return ConstColumns(inverse_columns_, 0, 6, inverse_columns_.rows(),
                        inverse_columns_.cols() - 6);
  }
  /// dnudot/d(base wrench), nv x 6, for ExternalForces::base_wrench_body.
  ConstColumns ddqDbaseWrench() const {
    return ConstColumns(inverse_columns_, 0, 0, inverse_columns_.rows(), 6);
  }
  /// The inverse-dynamics derivatives computed on the way (at nudot), without M: its
  /// massMatrix() stays zero (M^-1 comes from the articulated-body factorisation).
  const InverseDynamicsDerivatives& inverseDynamics() const { return id_; }

  /// dnudot/d f for a world spatial force f (at the world origin, [force; moment]) on `body`
  /// (as in ExternalForces::body_forces_world): M^-1 J_body^T, written to out (nv x 6).
  /// Needs compute() first.
  void bodyWrenchDerivative(const Model& model, const Data& data, int body, Eigen::Ref<MatX> out);

  /// Overwrites each column x of rhs (nv rows, generalized forces) by M^-1 x, using the
  /// factorisation of the last compute() (aba()'s, in `data`, which must be unchanged since).
  void solveInertia(const Model& model, const Data& data, Eigen::Ref<MatX> rhs);

 private:
  InverseDynamicsDerivatives id_;
  VecX nudot_;
  RowMatX ddq_dq_, ddq_dv_;
  RowMatX inverse_columns_;  // [dnudot/d(base wrench), dnudot/dtau]: M^-1 [T^T 0; 0 1]
  // The articulated-body factorisation of M, as aba() leaves it in data: per body 1/D
  // (D = S^T IA S), with data.V = IA S / D; the vehicle's (S0^T IA_0 S0)^-1.
  std::vector<double> Dinv_;
  Data::BaseMatrix base_inverse_;
  // M^-1 is applied to blocks of up to kBlock columns of row-major matrices, a block's row held
  // in vector registers. Per body, for the block being solved: the articulated force handed to
  // a parent that is not the next body (force_, valid where force_epoch_ is the block's epoch)
  // and the acceleration of a body that has a child other than the next body (accel_).
  static constexpr int kBlock = 16;
  std::vector<double> force_, accel_;
  std::vector<unsigned> force_epoch_;
  unsigned epoch_ = 0;
  std::vector<char> keeps_accel_;
  bool body_order_ = true;  // joint_index[i] == i - 1: a joint column's body is column + 1
  RowMatX padded_;          // nv x kBlock, for solveInertia's column-major right-hand sides
  // Up to this many degrees of freedom, M^-1 dtau/dx is the dense product with M^-1 (its
  // columns solved first): about nv^2 multiply-adds per column against about 24 per body per
  // column for the articulated solve, and independent where the solve's body-to-body steps
  // wait on each other. Needs orthonormal vehicle basis columns (T^T T = I).
  static constexpr int kDenseProductMaxDof = 24;
  bool dense_products_ = false;
  bool base_identity_ = false;  // T = I (a free vehicle)
  RowMatX vehicle_rows_;        // T X_b, 6 x columns

  void factorise(const Model& model, const Data& data);
  template <typename Row, typename Rows>
  void solveBlock(const Model& model, const Data& data, const Rows& rhs, int last_body, double* out,
                  Eigen::Index stride, int width);
  template <typename Row, typename Rows>
  void solveVehicle(const Model& model, const Data& data, const Rows& rhs, const Row* f,
                    double* out, Eigen::Index stride, int width, Row* a) const;
  template <typename MakeRows>
  void solveColumns(const Model& model, const Data& data, const MakeRows& make_rows, int cols,
                    RowMatX& out);
};

}  // namespace vms
