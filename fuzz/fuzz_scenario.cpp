// libFuzzer target: the scenario reader and the assembly of a run (`vms run`): parse, build
// the Simulator (force models, integrator, controllers) and take a few steps.
// Relative "model"/"initial_state" paths resolve against models/, so the example scenarios
// (the seed corpus) load their sibling model files.
#include "core/scenario/scenario.hpp"
#include "core/scenario/simulator.hpp"
#include "fuzz_support.hpp"

namespace {
// A few steps reach every controller's first update and the integrator; more would only make
// each execution slower.
constexpr int kStepsPerInput = 3;
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    std::vector<std::string> warnings;
    const vms::Scenario scenario = vms::parseScenarioJson(
        vms::fuzz::textOf(data, size), "fuzz.scenario.json", vms::fuzz::modelsDir(), &warnings);
    vms::Simulator simulator(scenario);
    for (int k = 0; k < kStepsPerInput && !simulator.finished(); ++k) simulator.step();
    (void)simulator.snapshot();
  } catch (const std::exception&) {
    // Clean rejection, or vms::SimulationDiverged (reported by `vms run` as exit 3).
  }
  return 0;
}
