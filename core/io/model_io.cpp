#include "core/io/model_io.hpp"

#include <cctype>

#include "core/io/text_files.hpp"
#include "core/io/urdf.hpp"
#include "core/io/vms_json.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/inertia_repair.hpp"

namespace vms {

namespace {
enum class Format { Urdf, VmsJson };

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

Format formatOf(const std::string& path) {
  const std::string p = lower(path);
  if (io::endsWith(p, ".urdf")) return Format::Urdf;
  if (io::endsWith(p, ".vms.json")) return Format::VmsJson;
  throw ModelError(path + ": unknown model file type (expected a .urdf or .vms.json file)");
}
}  // namespace

bool isModelFileName(const std::string& path) {
  const std::string p = lower(path);
  return io::endsWith(p, ".urdf") || io::endsWith(p, ".vms.json");
}

ModelDescription loadModelDescription(const std::string& path, std::vector<std::string>* warnings) {
  const Format f = formatOf(path);
  const std::string text = io::readTextFile(path);
  return f == Format::Urdf ? parseUrdf(text, path, warnings) : parseVmsJson(text, path, warnings);
}

Model compileLoadedModel(ModelDescription d, const std::string& source,
                         std::optional<BaseType> base_override, std::vector<std::string>* warnings,
                         bool repair_inertia) {
  if (base_override) d.base_type = *base_override;
  if (repair_inertia)
    for (const std::string& w : repairInertias(d))
      if (warnings) warnings->push_back(source + ": " + w);
  std::vector<std::string> compile_warnings;
  Model m;
  try {
    m = compileModel(d, &compile_warnings);
  } catch (const ModelError& e) {
    throw ModelError(source + ": " + e.what());
  }
  if (warnings)
    for (const auto& w : compile_warnings) warnings->push_back(source + ": " + w);
  return m;
}

Model loadModel(const std::string& path, std::optional<BaseType> base_override,
                std::vector<std::string>* warnings, bool repair_inertia) {
  return compileLoadedModel(loadModelDescription(path, warnings), path, base_override, warnings,
                            repair_inertia);
}

ModelDescription savableDescription(const Model& model) {
  ModelDescription d = model.description;
  d.base_type = model.base_type;
  d.dh.reset();
  return d;
}

void saveModelDescription(const ModelDescription& d, const std::string& path) {
  const Format f = formatOf(path);
  io::writeTextFile(path, f == Format::Urdf ? writeUrdf(d) : writeVmsJson(d));
}

}  // namespace vms
