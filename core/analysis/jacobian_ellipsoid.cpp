#include "core/analysis/jacobian_ellipsoid.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <limits>

namespace vms {

Mat3 gramian(const Eigen::Ref<const Mat3X>& J) {
  Mat3 G = Mat3::Zero();
  for (Eigen::Index c = 0; c < J.cols(); ++c) G.noalias() += J.col(c) * J.col(c).transpose();
  return G;
}

JacobianEllipsoid ellipsoidFromGramian(const Mat3& G, EllipsoidKind kind, double rank_tolerance) {
  const Eigen::SelfAdjointEigenSolver<Mat3> es(0.5 * (G + G.transpose()));  // ascending
  JacobianEllipsoid e;
  for (int i = 0; i < 3; ++i) {  // descending
    e.axes.col(i) = es.eigenvectors().col(2 - i);
    e.singular_values[i] = std::sqrt(std::max(es.eigenvalues()[2 - i], 0.0));
  }
  if (e.axes.determinant() < 0.0) e.axes.col(2) = -e.axes.col(2);
  const double cut = rank_tolerance * e.singular_values[0];
  for (int i = 0; i < 3; ++i) {
    const bool zero = !(e.singular_values[i] > cut);
    if (!zero) ++e.rank;
    if (kind == EllipsoidKind::Velocity)
      e.radii[i] = e.singular_values[i];
    else
      e.radii[i] = zero ? std::numeric_limits<double>::infinity() : 1.0 / e.singular_values[i];
  }
  return e;
}

JacobianEllipsoid jacobianEllipsoid(const Eigen::Ref<const Mat3X>& J, EllipsoidKind kind,
                                    double rank_tolerance) {
  JacobianEllipsoid e = ellipsoidFromGramian(gramian(J), kind, rank_tolerance);
  // sqrt of G's eigenvalues loses small singular values (an error of eps |G| in an
  // eigenvalue is sqrt(eps) sigma_max in sigma); |J^T u_i| does not (the axes are accurate).
  for (int i = 0; i < 3; ++i) {
    double sum = 0.0;
    for (Eigen::Index c = 0; c < J.cols(); ++c) {
      const double d = J.col(c).dot(e.axes.col(i));
      sum += d * d;
    }
    e.singular_values[i] = std::sqrt(sum);
  }
  const double cut = rank_tolerance * e.singular_values.maxCoeff();
  e.rank = 0;
  for (int i = 0; i < 3; ++i) {
    const bool zero = !(e.singular_values[i] > cut);
    if (!zero) ++e.rank;
    if (kind == EllipsoidKind::Velocity)
      e.radii[i] = e.singular_values[i];
    else
      e.radii[i] = zero ? std::numeric_limits<double>::infinity() : 1.0 / e.singular_values[i];
  }
  return e;
}

}  // namespace vms
