#include "ui/model/scenario_builder.hpp"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include "core/io/io_util.hpp"
#include "core/io/json_util.hpp"
#include "core/io/model_io.hpp"
#include "core/io/vms_json.hpp"
#include "core/model/compile_model.hpp"
#include "core/scenario/default_scenario.hpp"

namespace vms::ui {

namespace {

using io::Json;

std::string folderOf(const std::string& path) {
  return QFileInfo(QString::fromStdString(path)).absolutePath().toStdString();
}

std::string resolve(const std::string& base_dir, const std::string& p) {
  if (p.empty() || QDir::isAbsolutePath(QString::fromStdString(p)) || base_dir.empty()) return p;
  return QDir::cleanPath(QString::fromStdString(base_dir + "/" + p)).toStdString();
}

Json parseSource(const ScenarioSource& source) {
  Json j = io::parseJsonText(source.json, source.source_name);
  if (!j.is_object())
    throw ModelError(source.source_name + ": expected a JSON object (a scenario), got " +
                     io::describeJson(j));
  return j;
}

Json modelJson(const ModelDescription& description) {
  return io::parseJsonText(writeVmsJson(description), "model");
}

/// `j` with the model inline and "base" in step with the description.
Json withModel(Json j, const ModelDescription& description) {
  j["model"] = modelJson(description);
  if (j.contains("base")) j["base"] = toString(description.base_type);
  return j;
}

}  // namespace

ScenarioSource defaultScenarioSource(const std::string& model_path) {
  Json j = Json::object();
  j["comment"] = "Default scenario around " +
                 QFileInfo(QString::fromStdString(model_path)).fileName().toStdString() +
                 ": the model's base and gravity, floating, at rest.";
  j["model"] = Json::object();  // replaced by the description when built
  j["mode"] = "floating";
  j["duration"] = 0.0;  // not used: buildScenario uses vms::defaultScenario (open-ended)
  ScenarioSource s;
  s.json = j.dump();
  s.from_scenario_file = false;
  s.source_name = model_path;
  s.base_dir = folderOf(model_path);
  return s;
}

ScenarioSource scenarioFileSource(const std::string& path) {
  ScenarioSource s;
  s.json = io::readTextFile(path);
  s.from_scenario_file = true;
  s.source_name = path;
  s.base_dir = folderOf(path);
  return s;
}

ModelDescription scenarioModelDescription(const ScenarioSource& source,
                                          std::vector<std::string>* warnings,
                                          std::string* model_dir) {
  const Json j = parseSource(source);
  const auto m = j.find("model");
  if (m == j.end()) throw ModelError(source.source_name + ": model: required key is missing");
  ModelDescription d;
  if (m->is_string()) {
    const std::string path = resolve(source.base_dir, m->get<std::string>());
    d = loadModelDescription(path, warnings);
    if (model_dir) *model_dir = folderOf(path);
  } else if (m->is_object()) {
    d = parseVmsJson(m->dump(), source.source_name + ": model", warnings);
    if (model_dir) *model_dir = source.base_dir;
  } else {
    throw ModelError(source.source_name +
                     ": model: expected a model file path or an inline vms-model object, got " +
                     io::describeJson(*m));
  }
  const auto b = j.find("base");
  if (b != j.end()) {
    const auto type = b->is_string() ? baseTypeFromString(b->get<std::string>()) : std::nullopt;
    if (!type) throw ModelError(source.source_name + ": base: unknown base type " + b->dump());
    d.base_type = *type;
  }
  return d;
}

Scenario buildScenario(const ModelDescription& description, const ScenarioSource& source,
                       std::vector<std::string>* warnings) {
  // compileModel's message names the link or joint, without a file prefix.
  Model model = compileModel(description, warnings);
  if (!source.from_scenario_file) {
    Scenario s = defaultScenario(model, source.source_name);
    s.name = QFileInfo(QString::fromStdString(source.source_name))
                 .fileName()
                 .remove(QRegularExpression("\\.(vms\\.json|urdf|scenario\\.json)$",
                                            QRegularExpression::CaseInsensitiveOption))
                 .toStdString();
    return s;
  }
  const Json j = withModel(parseSource(source), description);
  return parseScenarioJson(j.dump(), source.source_name, source.base_dir, warnings);
}

std::string scenarioTextWithModel(const ModelDescription& description, const ScenarioSource& source,
                                  const std::string& new_base_dir, bool absolute_paths) {
  Json j = withModel(parseSource(source), description);
  if (!source.from_scenario_file) {
    j["name"] = description.name;
    j["duration"] = kSavedDefaultDuration;
  }
  const auto state = j.find("initial_state");
  if (state != j.end() && state->is_string()) {
    const std::string abs = resolve(source.base_dir, state->get<std::string>());
    *state = absolute_paths ? abs
                            : QDir(QString::fromStdString(new_base_dir))
                                  .relativeFilePath(QString::fromStdString(abs))
                                  .toStdString();
  }
  return io::prettyJson(j);
}

}  // namespace vms::ui
