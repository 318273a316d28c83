#pragma once
// Model and STATE files named by a user, loaded as the command line (`vms`) and the Python
// package (`import vms`) both load them: whatever goes wrong is a ModelError whose message
// starts with the file's path, and a rejected link inertia points to the repair option.
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "core/io/state_io.hpp"
#include "core/model/base_type.hpp"
#include "core/model/model.hpp"
#include "core/model/model_error.hpp"

namespace vms {

/// The default PassThrough of namingFile: no exception passes unchanged.
struct NoExceptionPassesThrough {};

/// Runs `read` (the loading of `path`) so that whatever it throws names the file: a ModelError
/// that does not start with the path gets it as a prefix, std::bad_alloc and any other
/// std::exception become a ModelError "<path>: ...". Exceptions of type PassThrough (the
/// command line's usage errors) pass unchanged.
template <typename PassThrough = NoExceptionPassesThrough, typename F>
auto namingFile(const std::string& path, F&& read) -> decltype(read()) {
  try {
    return read();
  } catch (const PassThrough&) {
    throw;
  } catch (const ModelError& e) {
    if (std::string(e.what()).rfind(path + ":", 0) == 0) throw;
    throw ModelError(path + ": " + e.what());
  } catch (const std::bad_alloc&) {
    throw ModelError(path + ": out of memory while reading the file");
  } catch (const std::exception& e) {
    throw ModelError(path + ": " + e.what());
  }
}

/// `message` of a rejected inertia, with a pointer to --repair-inertia (the Python package's
/// repair_inertia=True); other messages unchanged.
std::string withRepairHint(const std::string& message);

/// The model file `path` (*.urdf or *.vms.json) with an optional vehicle-type override and
/// inertia repair (loadModel); warnings appended to `warnings`. Errors as above.
Model loadUserModel(const std::string& path, std::optional<BaseType> base, bool repair_inertia,
                    std::vector<std::string>* warnings);

/// A model given as the text of a .vms.json file and named `source` in every message (the
/// Python package's edited descriptions): parsed and compiled exactly as loadUserModel
/// compiles the file `source` would be, with the same errors and warnings.
Model loadUserModelText(const std::string& text, const std::string& source,
                        std::optional<BaseType> base, bool repair_inertia,
                        std::vector<std::string>* warnings);

/// The description in the model file `path`, before compiling (loadModelDescription); errors
/// name the file.
ModelDescription loadUserModelDescription(const std::string& path,
                                          std::vector<std::string>* warnings);

/// The STATE file `path` for `model` (readStateFile); warnings appended to `warnings`.
StateFile loadUserState(const std::string& path, const Model& model,
                        std::vector<std::string>* warnings);

}  // namespace vms
