#include "core/analysis/manipulability.hpp"

#include <Eigen/SVD>
#include <limits>
#include <stdexcept>

namespace vms {

Manipulability::VecR Manipulability::forceRadii() const {
  VecR r(singular_values.size());
  for (int i = 0; i < r.size(); ++i)
    r[i] = singular_values[i] > 0.0 ? 1.0 / singular_values[i]
                                    : std::numeric_limits<double>::infinity();
  return r;
}

const char* Manipulability::reason() const {
  return status == ManipulabilityStatus::TooFewColumns
             ? "fewer joints than task rows (n < r): J J^T is always singular"
             : "";
}

Manipulability manipulability(const Eigen::Ref<const MatX>& J) {
  const int r = static_cast<int>(J.rows()), n = static_cast<int>(J.cols());
  if (r < 1 || r > 6) throw std::invalid_argument("manipulability: J must have 1 to 6 rows");
  Manipulability m;
  m.rows = r;
  m.cols = n;
  m.singular_values = Manipulability::VecR::Zero(r);
  m.axes = Manipulability::MatR::Identity(r, r);
  if (n > 0) {
    const Eigen::JacobiSVD<MatX> svd(J, Eigen::ComputeFullU);
    const int k = static_cast<int>(svd.singularValues().size());  // min(r, n)
    m.singular_values.head(k) = svd.singularValues();
    m.axes = svd.matrixU();
  }
  m.max_singular_value = m.singular_values[0];
  if (n < r) {
    m.status = ManipulabilityStatus::TooFewColumns;
    m.yoshikawa = 0.0;
    m.min_singular_value = 0.0;
  } else {
    m.yoshikawa = m.singular_values.prod();
    m.min_singular_value = m.singular_values[r - 1];
  }
  m.condition_number = m.min_singular_value > 0.0 ? m.max_singular_value / m.min_singular_value
                                                  : std::numeric_limits<double>::infinity();
  return m;
}

Manipulability manipulability(const Eigen::Ref<const Mat6X>& J, JacobianRows rows) {
  switch (rows) {
    case JacobianRows::Translational:
      return manipulability(MatX(J.topRows<3>()));
    case JacobianRows::Rotational:
      return manipulability(MatX(J.bottomRows<3>()));
    case JacobianRows::Full:
    default:
      return manipulability(MatX(J));
  }
}

ManipulabilitySet manipulabilitySet(const Eigen::Ref<const Mat6X>& J) {
  return {manipulability(J, JacobianRows::Translational),
          manipulability(J, JacobianRows::Rotational), manipulability(J, JacobianRows::Full)};
}

ManipulabilityComparison compareManipulability(const GeneralizedJacobian& gj) {
  return {manipulabilitySet(gj.Jm), manipulabilitySet(gj.Jstar)};
}

}  // namespace vms
