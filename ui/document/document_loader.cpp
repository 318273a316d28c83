#include "ui/document/document_loader.hpp"

#include <QFileInfo>
#include <cctype>
#include <new>

#include "core/io/model_io.hpp"
#include "core/io/vms_json.hpp"
#include "core/model/inertia_repair.hpp"
#include "core/scenario/scenario_json.hpp"
#include "core/scenario/simulator.hpp"
#include "ui/document/draft_assembly.hpp"
#include "ui/document/scenario_builder.hpp"
#include "ui/sim/registry_names.hpp"

namespace vms::ui {

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool endsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

bool isScenarioFileName(const std::string& path) { return endsWith(lower(path), ".scenario.json"); }

std::string messageNamingFile(const std::string& path, const std::string& message) {
  const std::string name = QFileInfo(QString::fromStdString(path)).fileName().toStdString();
  if (message.find(name) != std::string::npos) return message;
  return path + ": " + message;
}

ModelDescription descriptionFromText(const std::string& text, const std::string& path,
                                     bool assemble) {
  if (!isScenarioFileName(path)) return parseVmsJson(text, path);
  ScenarioSource source;
  source.base_dir = QFileInfo(QString::fromStdString(path)).absolutePath().toStdString();
  source.description = parseScenarioDescription(text, path, source.base_dir);
  source.from_scenario_file = true;
  source.source_name = path;
  ModelDescription d = scenarioModelDescription(source);
  if (assemble) buildScenario(d, source, nullptr);
  return d;
}

void checkSimulatable(const Scenario& scenario) {
  const std::string unregistered = unregisteredNameProblem(scenario);
  if (!unregistered.empty()) throw ModelError(scenario.source + ": " + unregistered);
  Simulator check(scenario);  // what the constructor refuses, refused before the document opens
}

namespace {

/// The description and the scenario source of `path`, read but neither compiled nor assembled.
void readDescription(const std::string& path, LoadedDocument& out) {
  DocumentSnapshot& s = out.snapshot;
  if (isScenarioFileName(path)) {
    // Read by the core exactly as `vms run` reads it (every problem gets the command line's
    // message); the document edits the description's model.
    s.source = scenarioFileSource(path, &s.warnings);
    s.description = scenarioModelDescription(s.source, &out.model_dir);
  } else {
    s.description = loadModelDescription(path, &s.warnings);
    s.source = defaultScenarioSource(path);
    out.model_dir = s.source.base_dir;
  }
}

}  // namespace

bool documentReads(const std::string& path) {
  if (!isScenarioFileName(path) && !isModelFileName(path)) return false;
  try {
    LoadedDocument out;
    readDescription(path, out);
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

LoadedDocument loadDocument(const std::string& path, bool repair_inertia, bool allow_draft) {
  if (!isScenarioFileName(path) && !isModelFileName(path))
    throw ModelError(path +
                     ": unknown file type (expected a .scenario.json, .vms.json or .urdf file)");
  LoadedDocument out;
  DocumentSnapshot& s = out.snapshot;
  try {
    readDescription(path, out);
    if (repair_inertia)
      for (const std::string& w : repairInertias(s.description))
        s.warnings.push_back(path + ": " + w);
    if (allow_draft) {
      assembleAllowingDraft(s);
    } else {
      s.scenario = buildScenario(s.description, s.source, &s.warnings);
      checkSimulatable(s.scenario);
    }
  } catch (const std::bad_alloc&) {
    throw ModelError(messageNamingFile(path, "out of memory while reading it (std::bad_alloc)"));
  } catch (const std::exception& e) {
    throw ModelError(messageNamingFile(path, e.what()));
  }
  return out;
}

}  // namespace vms::ui
