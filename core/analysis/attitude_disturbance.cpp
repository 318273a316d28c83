#include "core/analysis/attitude_disturbance.hpp"

#include <cmath>
#include <stdexcept>

#include "core/algorithms/crba.hpp"

namespace vms {

namespace {

void requireHolonomic(const Model& model) {
  if (!isHolonomic(model.base_type))
    throw std::invalid_argument("attitude disturbance: a " + toString(model.base_type) +
                                " vehicle's reaction to the arm depends on the momentum its "
                                "constraint exchanges, not on the joint motion alone");
}

// -(iota0 X) rows 3..5 for a b x n matrix X.
void angularRows(const Model& model, const MatX& X, Mat3X& out) {
  if (model.base_dof == 0) {
    out.setZero();
    return;
  }
  out.noalias() = -model.base_basis.bottomRows<3>() * X;
}

// The first nonzero component of a direction made positive.
Eigen::Vector2d canonical(Eigen::Vector2d v) {
  const double first = std::abs(v[0]) > 1e-14 ? v[0] : v[1];
  return first < 0 ? Eigen::Vector2d(-v) : v;
}

}  // namespace

AttitudeDisturbance::AttitudeDisturbance(const Model& model)
    : D_(Mat3X::Zero(3, model.njoints)),
      dD_(static_cast<std::size_t>(model.njoints), Mat3X::Zero(3, model.njoints)),
      A_(MatX::Zero(model.base_dof, model.njoints)),
      dA_(MatX::Zero(model.base_dof, model.njoints)),
      dM_(model) {}

void AttitudeDisturbance::compute(const Model& model, Data& data, const State& state) {
  crba(model, data, state);
  computeFromMassMatrix(model, data);
}

void AttitudeDisturbance::computeFromMassMatrix(const Model& model, Data& data) {
  requireHolonomic(model);
  const int b = model.base_dof, n = model.njoints;
  if (b == 0) {
    D_.setZero();
    return;
  }
  data.base_reduced = data.M.topLeftCorner(b, b);
  data.base_reduced_llt.compute(data.base_reduced);
  A_ = data.M.topRightCorner(b, n);
  data.base_reduced_llt.solveInPlace(A_);
  angularRows(model, A_, D_);
}

void AttitudeDisturbance::computeWithDerivatives(const Model& model, Data& data,
                                                 const State& state) {
  compute(model, data, state);
  const int b = model.base_dof, n = model.njoints;
  if (b == 0) {
    for (Mat3X& d : dD_) d.setZero();
    return;
  }
  dM_.compute(model, data);
  for (int k = 0; k < n; ++k) {
    const MatX& dMk = dM_[k];
    dA_.noalias() = dMk.topRightCorner(b, n);
    dA_.noalias() -= dMk.topLeftCorner(b, b) * A_;
    data.base_reduced_llt.solveInPlace(dA_);
    angularRows(model, dA_, dD_[static_cast<std::size_t>(k)]);
  }
}

Vec3 AttitudeDisturbance::curvature(int i, int j) const {
  const Vec3 Di = D_.col(i), Dj = D_.col(j);
  return derivative(i).col(j) - derivative(j).col(i) + Di.cross(Dj);
}

MatX reactionNullSpaceBasis(const Mat3X& D, double tolerance) {
  const Eigen::Index n = D.cols();
  if (n == 0) return MatX(0, 0);
  Eigen::JacobiSVD<MatX> svd(MatX(D), Eigen::ComputeFullV);
  const VecX& s = svd.singularValues();
  const double threshold = s.size() > 0 && s[0] > 0 ? tolerance * s[0] : tolerance;
  Eigen::Index rank = 0;
  for (Eigen::Index k = 0; k < s.size(); ++k)
    if (s[k] > threshold) ++rank;
  return svd.matrixV().rightCols(n - rank);
}

DisturbancePoint disturbancePoint(const AttitudeDisturbance& disturbance, int i, int j) {
  Eigen::Matrix<double, 3, 2> B;
  B.col(0) = disturbance.matrix().col(i);
  B.col(1) = disturbance.matrix().col(j);
  const Eigen::JacobiSVD<Eigen::Matrix<double, 3, 2>> svd(B, Eigen::ComputeFullV);
  DisturbancePoint p;
  p.sigma_max = svd.singularValues()[0];
  p.sigma_min = svd.singularValues()[1];
  p.most = canonical(svd.matrixV().col(0));
  p.least = canonical(svd.matrixV().col(1));
  p.curvature = disturbance.curvature(i, j);
  return p;
}

Eigen::Vector2d disturbanceMapRange(const Model& model, int joint) {
  if (model.has_limits[static_cast<std::size_t>(joint)])
    return {model.lower_limit[joint], model.upper_limit[joint]};
  return {-M_PI, M_PI};
}

DisturbanceMap disturbanceMap(const Model& model, const State& state, int i, int j, int grid) {
  const int n = model.njoints;
  if (i < 0 || j < 0 || i >= n || j >= n || i == j)
    throw std::invalid_argument("disturbance map: two different joints of the model are needed");
  if (grid < 2) throw std::invalid_argument("disturbance map: the grid needs at least 2 points");
  if (model.hasCouplings())
    throw std::invalid_argument(
        "disturbance map: models with mimic joints are not supported (a leader's column "
        "would have to include its followers)");
  if (model.base_dof == 0)
    throw std::invalid_argument("disturbance map: the vehicle is fixed, so the arm cannot turn it");
  DisturbanceMap map;
  map.joint_i = i;
  map.joint_j = j;
  map.grid = grid;
  const Eigen::Vector2d ri = disturbanceMapRange(model, i), rj = disturbanceMapRange(model, j);
  map.qi = VecX::LinSpaced(grid, ri[0], ri[1]);
  map.qj = VecX::LinSpaced(grid, rj[0], rj[1]);
  map.points.reserve(static_cast<std::size_t>(grid) * static_cast<std::size_t>(grid));
  AttitudeDisturbance disturbance(model);
  Data data(model);
  State s = state;
  for (int a = 0; a < grid; ++a)
    for (int c = 0; c < grid; ++c) {
      s.q[i] = map.qi[a];
      s.q[j] = map.qj[c];
      disturbance.computeWithDerivatives(model, data, s);
      map.points.push_back(disturbancePoint(disturbance, i, j));
    }
  return map;
}

}  // namespace vms
