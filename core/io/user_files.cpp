#include "core/io/user_files.hpp"

#include "core/io/model_io.hpp"
#include "core/io/vms_json.hpp"
#include "core/model/inertia_repair.hpp"

namespace vms {

std::string withRepairHint(const std::string& message) {
  if (!isRepairableInertiaProblem(message)) return message;
  return message +
         " (--repair-inertia replaces such a link's principal moments by their mean, "
         "as MuJoCo's balanceinertia does)";
}

Model loadUserModel(const std::string& path, std::optional<BaseType> base, bool repair_inertia,
                    std::vector<std::string>* warnings) {
  return namingFile(path, [&] {
    try {
      return loadModel(path, base, warnings, repair_inertia);
    } catch (const ModelError& e) {
      throw ModelError(withRepairHint(e.what()));
    }
  });
}

Model loadUserModelText(const std::string& text, const std::string& source,
                        std::optional<BaseType> base, bool repair_inertia,
                        std::vector<std::string>* warnings) {
  return namingFile(source, [&] {
    try {
      return compileLoadedModel(parseVmsJson(text, source, warnings), source, base, warnings,
                                repair_inertia);
    } catch (const ModelError& e) {
      throw ModelError(withRepairHint(e.what()));
    }
  });
}

ModelDescription loadUserModelDescription(const std::string& path,
                                          std::vector<std::string>* warnings) {
  return namingFile(path, [&] { return loadModelDescription(path, warnings); });
}

StateFile loadUserState(const std::string& path, const Model& model,
                        std::vector<std::string>* warnings) {
  return namingFile(path, [&] { return readStateFile(path, model, warnings); });
}

}  // namespace vms
