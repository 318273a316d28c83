// libFuzzer target: the URDF reader (TinyXML pre-pass + urdfdom), then the model compiler and
// the writers `vms convert` uses, all from in-memory text; every description that reads is
// also diagnosed as a draft would be (fuzz/draft_check.hpp).
#include "core/io/urdf.hpp"
#include "core/io/vms_json.hpp"
#include "core/model/compile_model.hpp"
#include "draft_check.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  vms::ModelDescription description;
  try {
    std::vector<std::string> warnings;
    description = vms::parseUrdf(vms::fuzz::textOf(data, size), "fuzz.urdf", &warnings);
  } catch (const std::exception&) {
    return 0;  // Clean rejection.
  }
  try {
    std::vector<std::string> warnings;
    // Writers run on what the reader accepted, as `vms convert` would.
    (void)vms::writeVmsJson(description);
    (void)vms::writeUrdf(description);
    (void)vms::compileModel(description, &warnings);
  } catch (const std::exception&) {
    // Clean rejection.
  }
  vms::fuzz::checkDraftDiagnosis(description);
  return 0;
}
