// libFuzzer target: the STATE reader, against one fixed compiled model (seed 004's planar
// 4-link system, a planar vehicle: the subgroup checks of the base velocity are exercised).
#include "core/io/model_io.hpp"
#include "core/io/state_io.hpp"
#include "fuzz_support.hpp"

namespace {
const vms::Model& fixedModel() {
  // Read once: the model file is not what this target fuzzes.
  static const vms::Model model =
      vms::loadModel(vms::fuzz::modelsDir() + "/seed004_planar.vms.json");
  return model;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const vms::Model& model = fixedModel();
  try {
    std::vector<std::string> warnings;
    const vms::StateFile file =
        vms::parseStateJson(vms::fuzz::textOf(data, size), "fuzz_state.json", model, &warnings);
    // The reader promises finite numbers of the model's sizes (state_io.hpp).
    if (!file.state.allFinite() || !file.tau.allFinite())
      vms::fuzz::reportFinding("parseStateJson accepted a non-finite state");
    if (file.state.q.size() != model.njoints || file.state.qd.size() != model.njoints ||
        file.tau.size() != model.njoints)
      vms::fuzz::reportFinding("parseStateJson accepted a state of the wrong size");
  } catch (const std::exception&) {
    // Clean rejection.
  }
  return 0;
}
