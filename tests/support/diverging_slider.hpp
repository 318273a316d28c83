#pragma once
// tests/data/diverging_slider.scenario.json, the run that diverges, and where it must stop:
// found here by stepping a bare Simulator and looking at the figures of every instant (the
// first one whose joint-force work is not finite; its state and energy still are), for the
// tests that check that `vms run`, `vms sweep`, the desktop and the core run loop stop there.
#include <cmath>
#include <cstdio>
#include <string>

#include "core/scenario/scenario.hpp"
#include "core/scenario/simulator.hpp"

namespace vms::test {

inline const char* kDivergingScenario = VMS_SOURCE_DIR "/tests/data/diverging_slider.scenario.json";

struct ExpectedDivergence {
  double time = -1.0;                                // the instant whose work overflowed
  double last_finite = -1.0;                         // the instant before it
  bool state_finite = false, energy_finite = false;  // at `time`
  // Stepped on: where a check of the state alone would stop (-1: it would not).
  double state_check_time = -1.0;
  std::string message;  // as the run loop words it
};

inline ExpectedDivergence expectedDivergence() {
  const Scenario sc = loadScenario(kDivergingScenario);
  Simulator sim(sc);
  ExpectedDivergence e;
  double last = sim.time();
  while (!sim.finished()) {
    sim.step();  // the state stays finite past the divergence: no SimulationDiverged here
    const Snapshot s = sim.snapshot();
    if (!std::isfinite(s.actuator_work)) {
      e.time = s.time;
      e.last_finite = last;
      e.state_finite = s.state.allFinite();
      e.energy_finite = std::isfinite(s.energy) && s.momenta.linear_total.allFinite();
      break;
    }
    last = s.time;
  }
  try {
    while (!sim.finished()) sim.step();
  } catch (const SimulationDiverged& d) {
    e.state_check_time = d.time;
  }
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "simulation diverged at t = %.17g s (actuator work became NaN/Inf); last finite "
                "state at t = %.17g s",
                e.time, e.last_finite);
  e.message = buf;
  return e;
}

}  // namespace vms::test
