#pragma once
// A property the model readers' targets check on every description that reads: diagnosing it
// as a draft (core/model/model_problems) agrees with the compiler -- no problem exactly when
// it compiles, the first problem is its refusal -- and the stand-in compiles.
#include <string>

#include "core/model/compile_model.hpp"
#include "core/model/model_problems.hpp"
#include "fuzz_support.hpp"

namespace vms::fuzz {

inline void checkDraftDiagnosis(const ModelDescription& description) {
  std::string refusal;
  try {
    (void)compileModel(description, nullptr);
  } catch (const ModelError& e) {
    refusal = e.what();
  }
  const ModelDiagnosis diagnosis = diagnoseModel(description);
  if (refusal.empty() != diagnosis.problems.empty())
    reportFinding("diagnoseModel disagrees with compileModel on whether it compiles");
  if (!refusal.empty() && diagnosis.problems.front().message != refusal)
    reportFinding("diagnoseModel's first problem is not compileModel's refusal");
  if (diagnosis.stand_in_compiles) {
    try {
      (void)compileModel(diagnosis.stand_in, nullptr);
    } catch (const ModelError&) {
      reportFinding("diagnoseModel's stand-in does not compile");
    }
  }
}

}  // namespace vms::fuzz
