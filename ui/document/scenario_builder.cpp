#include "ui/document/scenario_builder.hpp"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include "core/io/model_io.hpp"
#include "core/io/text_files.hpp"
#include "core/model/compile_model.hpp"
#include "core/scenario/default_scenario.hpp"
#include "core/scenario/scenario_json.hpp"

namespace vms::ui {

namespace {

std::string folderOf(const std::string& path) {
  return QFileInfo(QString::fromStdString(path)).absolutePath().toStdString();
}

std::string resolve(const std::string& base_dir, const std::string& p) {
  if (p.empty() || QDir::isAbsolutePath(QString::fromStdString(p)) || base_dir.empty()) return p;
  return QDir::cleanPath(QString::fromStdString(base_dir + "/" + p)).toStdString();
}

/// The source's scenario with `description` as its (inline) model and its "base" override, if
/// it has one, set to the description's base type (the edited model carries the override).
ScenarioDescription withModel(const ScenarioSource& source, const ModelDescription& description) {
  ScenarioDescription d = source.description;
  d.source = source.source_name;
  d.model.path.clear();
  d.model.description = description;
  if (d.base) d.base = description.base_type;
  return d;
}

}  // namespace

ScenarioSource defaultScenarioSource(const std::string& model_path) {
  ScenarioSource s;
  s.description.comment = "Default scenario around " +
                          QFileInfo(QString::fromStdString(model_path)).fileName().toStdString() +
                          ": the model's base and gravity, floating, at rest.";
  s.description.mode = ManeuveringMode::Floating;
  s.description.duration = 0.0;  // not used: buildScenario uses vms::defaultScenario (open-ended)
  s.from_scenario_file = false;
  s.source_name = model_path;
  s.base_dir = folderOf(model_path);
  s.description.source = model_path;
  return s;
}

ScenarioSource scenarioFileSource(const std::string& path, std::vector<std::string>* warnings) {
  ScenarioSource s;
  s.base_dir = folderOf(path);
  s.description = parseScenarioDescription(io::readTextFile(path), path, s.base_dir, warnings);
  s.from_scenario_file = true;
  s.source_name = path;
  return s;
}

ModelDescription scenarioModelDescription(const ScenarioSource& source, std::string* model_dir) {
  const ScenarioDescription& d = source.description;
  ModelDescription m = d.model.description;
  if (d.base) m.base_type = *d.base;
  if (model_dir)
    *model_dir =
        d.model.path.empty() ? source.base_dir : folderOf(resolve(source.base_dir, d.model.path));
  return m;
}

Scenario buildScenario(const ModelDescription& description, const ScenarioSource& source,
                       std::vector<std::string>* warnings) {
  if (!source.from_scenario_file) {
    // compileModel's message names the link or joint, without a file prefix.
    Model model = compileModel(description, warnings);
    Scenario s = defaultScenario(model, source.source_name);
    s.name = QFileInfo(QString::fromStdString(source.source_name))
                 .fileName()
                 .remove(QRegularExpression("\\.(vms\\.json|urdf|scenario\\.json)$",
                                            QRegularExpression::CaseInsensitiveOption))
                 .toStdString();
    return s;
  }
  return assembleScenario(withModel(source, description), warnings);
}

std::string scenarioTextWithModel(const ModelDescription& description, const ScenarioSource& source,
                                  const std::string& new_base_dir, bool absolute_paths) {
  ScenarioDescription d = withModel(source, description);
  if (!source.from_scenario_file) {
    d.name = description.name;
    d.duration = kSavedDefaultDuration;
  }
  if (d.initial_state && !d.initial_state->path.empty()) {
    const std::string abs = resolve(source.base_dir, d.initial_state->path);
    d.initial_state->path = absolute_paths ? abs
                                           : QDir(QString::fromStdString(new_base_dir))
                                                 .relativeFilePath(QString::fromStdString(abs))
                                                 .toStdString();
  }
  return writeScenarioJson(d);
}

}  // namespace vms::ui
