#include "ui/document/draft_assembly.hpp"

#include "ui/document/document_loader.hpp"
#include "ui/document/scenario_builder.hpp"

namespace vms::ui {

namespace {

/// What a draft whose stand-in does not compile is drawn as: one fixed link.
ModelDescription placeholder(const ModelDescription& d) {
  ModelDescription p;
  p.name = "draft";
  p.base_type = BaseType::Fixed;
  LinkDescription link;
  link.name = d.links.empty() || d.links.front().name.empty() ? "draft" : d.links.front().name;
  link.inertial.mass = 1.0;
  link.inertial.inertia = 0.01 * Mat3::Identity();
  p.links.push_back(link);
  return p;
}

Scenario simulatable(const ModelDescription& d, const ScenarioSource& source,
                     std::vector<std::string>* warnings) {
  Scenario s = buildScenario(d, source, warnings);
  checkSimulatable(s);
  return s;
}

}  // namespace

void assembleAllowingDraft(DocumentSnapshot& snapshot) {
  snapshot.problems.clear();
  snapshot.scenario_problems.clear();
  std::vector<std::string> warnings = snapshot.warnings;
  std::string refusal;
  try {
    snapshot.scenario = simulatable(snapshot.description, snapshot.source, &warnings);
    snapshot.warnings = std::move(warnings);
    return;
  } catch (const std::exception& e) {
    refusal = e.what();
  }
  ModelDiagnosis diagnosis;
  try {
    diagnosis = diagnoseModel(snapshot.description);
  } catch (const std::exception& e) {  // out of memory: the refusal alone, a placeholder drawn
    diagnosis.problems = {ModelProblem{ModelItem::Model, -1, snapshot.description.name,
                                       refusal + " (" + e.what() + ")"}};
  }
  snapshot.problems = std::move(diagnosis.problems);
  const ModelDescription drawn =
      diagnosis.stand_in_compiles ? diagnosis.stand_in : placeholder(snapshot.description);
  try {
    snapshot.scenario = simulatable(drawn, snapshot.source, nullptr);
    return;
  } catch (const std::exception& e) {
    if (snapshot.source.from_scenario_file)
      snapshot.scenario_problems.push_back(
          messageNamingFile(snapshot.source.source_name, e.what()));
    else if (snapshot.problems.empty())
      snapshot.scenario_problems.push_back(e.what());
  }
  try {
    snapshot.scenario =
        buildScenario(drawn, defaultScenarioSource(snapshot.source.source_name), nullptr);
  } catch (const std::exception&) {
    snapshot.scenario = buildScenario(placeholder(snapshot.description),
                                      defaultScenarioSource(snapshot.source.source_name), nullptr);
  }
}

}  // namespace vms::ui
