#include "core/model/joint_coupling.hpp"

#include <algorithm>
#include <cmath>

namespace vms {

double enforceJointCouplings(const Model& model, State& state) {
  const double change = jointCouplingViolation(model, state);
  for (const JointCoupling& c : model.couplings) {
    state.q[c.joint] = c.multiplier * state.q[c.leader] + c.offset;
    state.qd[c.joint] = c.multiplier * state.qd[c.leader];
  }
  return change;
}

double jointCouplingViolation(const Model& model, const State& state) {
  double worst = 0.0;
  for (const JointCoupling& c : model.couplings) {
    worst =
        std::max(worst, std::abs(state.q[c.joint] - (c.multiplier * state.q[c.leader] + c.offset)));
    worst = std::max(worst, std::abs(state.qd[c.joint] - c.multiplier * state.qd[c.leader]));
  }
  return worst;
}

}  // namespace vms
