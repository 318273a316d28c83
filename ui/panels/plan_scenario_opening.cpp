#include "ui/panels/plan_scenario_opening.hpp"

#include <QCoreApplication>
#include <QUndoStack>

#include "ui/document/model_document.hpp"

namespace vms::ui {

namespace {
QString trTeachPanel(const char* text) {
  return QCoreApplication::translate("vms::ui::TeachPanel", text);
}
}  // namespace

QString planStartProblem(const Scenario& scenario, const State& state, bool paused) {
  if (!paused)
    return trTeachPanel("Pause the simulation first: the plan starts from the paused state.");
  const Model& model = scenario.model;
  if (state.q.size() != model.njoints || state.qd.size() != model.njoints)
    return trTeachPanel("No state of this model is shown yet.");
  if (!state.qd.isZero() || !state.base_twist.isZero())
    return trTeachPanel(
        "The system moves: the plan needs it at rest (zero momentum). Reset the run, or "
        "pose the arm in the Teach panel (posing leaves it at rest).");
  return {};
}

StateReference restingStateReference(const Scenario& scenario, const State& state) {
  StateReference reference;
  StateDescription& d = reference.description;
  d.position = state.base_position;
  d.orientation = state.base_orientation;
  std::vector<double> q;
  std::vector<std::string> names;
  for (int j : armJoints(scenario)) {
    q.push_back(state.q[j]);
    names.push_back(scenario.model.joint_names[std::size_t(j)]);
  }
  d.qd = std::vector<double>(q.size(), 0.0);
  d.q = std::move(q);
  d.joint_names = std::move(names);
  reference.source = "plan: initial_state";
  return reference;
}

std::vector<int> armJoints(const Scenario& scenario) {
  const Model& model = scenario.model;
  std::vector<bool> wheel(std::size_t(model.njoints), false);
  for (const ReactionWheelSpec& w : scenario.reaction_wheels)
    if (const int j = model.jointIndex(w.name); j >= 0) wheel[std::size_t(j)] = true;
  std::vector<int> joints;
  for (int j = 0; j < model.njoints; ++j)
    if (!wheel[std::size_t(j)]) joints.push_back(j);
  return joints;
}

bool openPlanScenario(ModelDocument* document, ScenarioDescription plan, const QString& what,
                      QString* error) {
  if (!document || !document->isOpen()) {
    if (error) *error = trTeachPanel("No document is open.");
    return false;
  }
  if (document->isDraft()) {
    if (error) *error = trTeachPanel("The document is a draft: fix its problems first.");
    return false;
  }
  const bool bare = !document->isScenarioFile();
  QUndoStack* undo = document->undoStack();
  if (bare) undo->beginMacro(what);
  const bool given = bare && document->giveScenario(error);
  bool ok = !bare || given;
  if (ok) {
    // The reaction wheels stay (their bodies are part of the compiled model the plan was made
    // for), held still by the plan's controller, which drives every joint, in the mode that
    // allows them and conserves momentum as floating does. Thrusters (no mass, and no place in
    // a floating run) are left out.
    const ScenarioDescription& current = document->scenarioDescription();
    plan.reaction_wheels = current.reaction_wheels;
    if (!plan.reaction_wheels.empty()) plan.mode = ManeuveringMode::RotationFloating;
    plan.thrusters.clear();
    if (!plan.name) plan.name = current.name;
    ok = document->setScenario(plan, what, error);
  }
  if (bare) {
    undo->endMacro();
    if (!ok && given) undo->undo();  // the scenario the model was given
  }
  return ok;
}

}  // namespace vms::ui
