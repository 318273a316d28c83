#pragma once
// Our forward dynamics against MuJoCo's on the same model: the comparison the composing and
// export tests make (tests only: it uses test_support's relativeError).
#include <algorithm>
#include <cstdint>

#include "core/algorithms/aba.hpp"
#include "core/model/sample_models.hpp"
#include "mujoco_bridge.hpp"
#include "test_support.hpp"

namespace vms::test {

/// Largest relativeError of aba's accelerations (in MuJoCo's conventions) from mj_forward's
/// qacc, `model` loaded in `mj`, at random states of seeds 1..states with random joint forces.
inline double mujocoAccelerationDifference(const Model& model, const MujocoInstance& mj,
                                           int states = 3) {
  const MujocoMap map = mapMujoco(model, mj.m());
  double worst = 0.0;
  for (std::uint64_t seed = 1; seed <= std::uint64_t(states); ++seed) {
    const State s = randomState(model, seed);
    const VecX tau = VecX::Random(model.njoints);
    Data data(model);
    aba(model, data, s, tau);
    const VecX ours = oursInMujocoConvention(model, s, data.base_twist_dot, data.qdd);
    setMujocoState(model, map, s, tau, mj.m(), mj.d());
    mj_forward(mj.m(), mj.d());
    worst = std::max(worst, relativeError(ours, mujocoAcceleration(map, mj.d())));
  }
  return worst;
}

}  // namespace vms::test
