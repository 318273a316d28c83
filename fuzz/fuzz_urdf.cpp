// libFuzzer target: the URDF reader (TinyXML pre-pass + urdfdom), then the model compiler and
// the writers `vms convert` uses, all from in-memory text.
#include "core/io/urdf.hpp"
#include "core/io/vms_json.hpp"
#include "core/model/compile_model.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    std::vector<std::string> warnings;
    const vms::ModelDescription description =
        vms::parseUrdf(vms::fuzz::textOf(data, size), "fuzz.urdf", &warnings);
    // Writers run on what the reader accepted, as `vms convert` would.
    (void)vms::writeVmsJson(description);
    (void)vms::writeUrdf(description);
    (void)vms::compileModel(description, &warnings);
  } catch (const std::exception&) {
    // Clean rejection.
  }
  return 0;
}
