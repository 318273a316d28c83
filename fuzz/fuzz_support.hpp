#pragma once
// Helpers shared by the libFuzzer targets in this directory.
//
// Contract of every target: an input is either accepted or rejected with a std::exception
// (vms::ModelError and friends: the "clean rejection" the CLI turns into exit 1). Anything
// else -- a crash, a sanitizer report, a leak, a timeout, running out of memory, or a
// property violation reported through reportFinding() -- is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace vms::fuzz {

inline std::string textOf(const uint8_t* data, size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

/// A property violation that is neither a crash nor an exception (e.g. an accepted model whose
/// dynamics are NaN). abort() makes libFuzzer save the input as a crash- file.
[[noreturn]] inline void reportFinding(const char* what) {
  std::fprintf(stderr, "FUZZ FINDING: %s\n", what);
  std::abort();
}

/// The directory of the example models (seed corpora, the state target's fixed model, the
/// scenario target's base directory for relative "model"/"initial_state" paths).
inline std::string modelsDir() { return VMS_SOURCE_DIR "/models"; }

}  // namespace vms::fuzz
