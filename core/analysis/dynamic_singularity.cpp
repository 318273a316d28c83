#include "core/analysis/dynamic_singularity.hpp"

#include <limits>

namespace vms {

namespace {
double inverseCondition(const Manipulability& m) {
  return m.max_singular_value > 0.0 ? m.min_singular_value / m.max_singular_value : 0.0;
}
}  // namespace

DynamicSingularity dynamicSingularity(const Manipulability& fixed_base,
                                      const Manipulability& floating, double tolerance) {
  DynamicSingularity d;
  d.inverse_condition_fixed = inverseCondition(fixed_base);
  d.inverse_condition_floating = inverseCondition(floating);
  d.kinematic_singularity = d.inverse_condition_fixed <= tolerance;
  d.defined = fixed_base.status == ManipulabilityStatus::Ok && !d.kinematic_singularity;
  d.ratio = d.defined ? floating.yoshikawa / fixed_base.yoshikawa
                      : std::numeric_limits<double>::quiet_NaN();
  return d;
}

DynamicSingularity dynamicSingularity(const GeneralizedJacobian& gj, JacobianRows rows,
                                      double tolerance) {
  return dynamicSingularity(manipulability(gj.Jm, rows), manipulability(gj.Jstar, rows), tolerance);
}

}  // namespace vms
