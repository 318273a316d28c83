#pragma once
// What the Teach panel's planners ("Turn the vehicle…", "Reach without turning…") share: the
// start they plan from (the shown state of the paused run, at rest) and how a plan becomes
// the open document's scenario. The plan's scenario replaces the one around the model as one
// undo step (ModelDocument::setScenario; a bare model is given a scenario first, in the same
// step), so the simulation reloads with it at t = 0 and Play runs the plan; Undo brings the
// previous scenario back, and Save As keeps the plan as a .scenario.json. The document's
// model and file stay as they were, and so do the scenario's reaction wheels (held still).
#include <QString>

#include "core/scenario/scenario.hpp"
#include "core/scenario/scenario_description.hpp"

namespace vms::ui {

class ModelDocument;

/// Why a plan cannot start from `state` of `scenario`'s model (paused: whether the run is
/// paused), or "" when it can: the run must be paused and the system at rest.
QString planStartProblem(const Scenario& scenario, const State& state, bool paused);

/// `state` as the inline initial state of a scenario like `scenario` (its vehicle pose and arm
/// joints, at rest; the reaction wheels, which the scenario adds, start at rest as always).
StateReference restingStateReference(const Scenario& scenario, const State& state);

/// The arm joints of `scenario` (model joint indices; its reaction wheels left out).
std::vector<int> armJoints(const Scenario& scenario);

/// Makes `plan` the scenario of the open document as one undo step named `what` (see above).
/// False with the document's message when refused; nothing changes then.
bool openPlanScenario(ModelDocument* document, ScenarioDescription plan, const QString& what,
                      QString* error);

}  // namespace vms::ui
