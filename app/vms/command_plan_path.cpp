// vms plan path MODEL --state STATE --to Q1,...,Qn --out PLAN.scenario.json [--joints J1,...]
//                [--max-speed V] [--base TYPE]
// Least-disturbance point-to-point motion (core/analysis/least_disturbance_path.hpp): from
// STATE's joint angles to Q1..Qn along a path that leaves the free-floating vehicle's attitude
// (zero momentum) where it was, written as a scenario that runs the path with computed torque
// (core/scenario/path_plan_scenario.hpp). Prints the turn the straight line in joint space
// would leave. A path that cannot remove the turn, or that leaves a joint's limits, is an
// error; nothing is written then.
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli_common.hpp"
#include "commands.hpp"
#include "core/analysis/least_disturbance_path.hpp"
#include "core/scenario/path_plan_scenario.hpp"
#include "core/scenario/scenario_json.hpp"
#include "plan_arguments.hpp"

namespace vms::cli {

namespace {

const char* kPlanPathUsage =
    "usage: vms plan path MODEL --state STATE --to Q1,...,Qn --out PLAN.scenario.json "
    "[--joints J1,...] [--max-speed V] [--base TYPE]";

VecX parseTarget(const Model& model, const std::string& text) {
  const std::vector<std::string> parts = splitCommas(text);
  if (static_cast<int>(parts.size()) != model.njoints)
    throw UsageError("--to: expected " + std::to_string(model.njoints) +
                     " joint positions (one per moving joint, in the model's order), got " +
                     std::to_string(parts.size()));
  VecX q(model.njoints);
  for (int k = 0; k < model.njoints; ++k) {
    const std::string& p = parts[std::size_t(k)];
    char* end = nullptr;
    q[k] = std::strtod(p.c_str(), &end);
    if (p.empty() || *end != '\0' || !std::isfinite(q[k]))
      throw UsageError("--to: '" + p + "' is not a finite number");
  }
  return q;
}

std::vector<int> parseBendingJoints(const Model& model, const std::string& text) {
  std::vector<int> joints;
  for (const std::string& name : splitCommas(text)) {
    const int k = model.jointIndex(name);
    if (k < 0) throw UsageError("--joints: the model has no moving joint '" + name + "'");
    joints.push_back(k);
  }
  return joints;
}

}  // namespace

int runPlanPath(int argc, char** argv) {
  const Arguments args(argc, argv, 3, {"state", "to", "joints", "out", "max-speed", "base"});
  const std::string path = modelPath(args, kPlanPathUsage);
  const std::string state_path = args.required("state");
  const std::string out = args.required("out");
  const Model model = loadModelFromArguments(args, path);
  const VecX target = parseTarget(model, args.required("to"));
  LeastDisturbanceOptions options;
  if (const auto joints = args.get("joints")) options.joints = parseBendingJoints(model, *joints);
  PathTiming timing;
  timing.max_joint_speed = args.number("max-speed", timing.max_joint_speed);
  if (!(timing.max_joint_speed > 0.0) || timing.max_joint_speed > 100.0)
    throw UsageError("--max-speed: out of range (0 .. 100] rad/s");
  const StateFile state = loadStateFromArguments(args, model);

  LeastDisturbancePath plan;
  try {
    plan = planLeastDisturbancePath(model, state.state, target, options);
  } catch (const std::invalid_argument& e) {
    throw ModelError(path + ": " + e.what());
  }
  std::ostringstream turns;
  turns << "the straight line turns the vehicle " << plan.straight_turn.norm() << " rad; this path "
        << plan.turn.norm() << " rad";
  if (!plan.converged)
    throw ModelError("no path of " + std::to_string(options.modes) +
                     " sine modes removes the turn: " + turns.str());
  if (!plan.within_limits)
    throw ModelError("the least-disturbance path leaves a joint's limits (" + turns.str() +
                     "): bend other joints (--joints) or choose another target");

  ModelReference model_reference;
  model_reference.path = relativeTo(out, path);
  StateReference state_reference;
  state_reference.path = relativeTo(out, state_path);
  ScenarioDescription scenario =
      pathScenario(model, plan, std::move(model_reference), std::move(state_reference), timing);
  if (const auto base = args.get("base")) scenario.base = baseTypeFromString(*base);
  scenario.name = scenarioBaseName(out);
  scenario.comment = "Written by vms plan path for " +
                     std::filesystem::path(path).filename().string() +
                     ": from rest (zero momentum) to the target joint angles along the straight "
                     "line plus sine modes that leave the vehicle's attitude where it was (" +
                     turns.str() + "), quintic timing, computed torque with feed-forward.";
  makeParentDirectories(out);
  std::ofstream file(out);
  if (!file || !(file << writeScenarioJson(scenario)) || !file.flush())
    throw ModelError(out + ": cannot be written");
  std::cout << "vms plan path: wrote " << out << ": " << turns.str() << " ("
            << scenario.duration - timing.hold << " s)\n";
  return kExitOk;
}

}  // namespace vms::cli
