// libFuzzer target: the .vms.json reader (including DH-table expansion), then the model
// compiler and the writers `vms convert` uses, all from in-memory text. Every description that
// reads is also diagnosed as a draft would be (core/model/model_problems): the diagnosis must
// agree with the compiler (fuzz/draft_check.hpp).
#include "core/io/urdf.hpp"
#include "core/io/vms_json.hpp"
#include "core/model/compile_model.hpp"
#include "draft_check.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  vms::ModelDescription description;
  try {
    std::vector<std::string> warnings;
    description = vms::parseVmsJson(vms::fuzz::textOf(data, size), "fuzz.vms.json", &warnings);
  } catch (const std::exception&) {
    return 0;  // Clean rejection.
  }
  try {
    std::vector<std::string> warnings;
    (void)vms::writeVmsJson(description);
    (void)vms::writeUrdf(description);
    (void)vms::compileModel(description, &warnings);
  } catch (const std::exception&) {
    // Clean rejection.
  }
  vms::fuzz::checkDraftDiagnosis(description);
  return 0;
}
