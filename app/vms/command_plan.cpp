// vms plan attitude MODEL --state STATE --turn X,Y,Z --joints J1,J2[,...] --out PLAN.scenario.json
//                   [--max-amplitude A] [--base TYPE]
// Turning the vehicle with its joints alone (core/analysis/attitude_loop_planner.hpp): loops of
// the chosen joint pairs around STATE's joint angles that leave the joints where they were and
// the free-floating vehicle (zero momentum) turned by the rotation vector X,Y,Z (rad, vehicle
// body frame), written as a scenario that runs the path with computed torque
// (core/scenario/attitude_plan_scenario.hpp). A turn out of the joints' reach is an error
// naming the nearest reachable turn; nothing is written then.
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli_common.hpp"
#include "commands.hpp"
#include "core/analysis/attitude_loop_planner.hpp"
#include "core/scenario/attitude_plan_scenario.hpp"
#include "core/scenario/scenario_json.hpp"
#include "plan_arguments.hpp"

namespace vms::cli {

namespace {

const char* kPlanUsage =
    "usage: vms plan attitude MODEL --state STATE --turn X,Y,Z --joints J1,J2[,...] --out "
    "PLAN.scenario.json [--max-amplitude A] [--base TYPE]";

Vec3 parseTurn(const std::string& text) {
  const std::vector<std::string> parts = splitCommas(text);
  if (parts.size() != 3)
    throw UsageError("--turn: expected three numbers X,Y,Z (rad), got '" + text + "'");
  Vec3 turn;
  for (int k = 0; k < 3; ++k) {
    const std::string& p = parts[std::size_t(k)];
    char* end = nullptr;
    turn[k] = std::strtod(p.c_str(), &end);
    if (p.empty() || *end != '\0' || !std::isfinite(turn[k]))
      throw UsageError("--turn: '" + p + "' is not a finite number");
  }
  if (turn.isZero()) throw UsageError("--turn: the turn is zero: there is nothing to plan");
  return turn;
}

std::vector<int> parseJoints(const Model& model, const std::string& text) {
  std::vector<int> joints;
  for (const std::string& name : splitCommas(text)) {
    const int k = model.jointIndex(name);
    if (k < 0) {
      std::string names;
      for (const std::string& n : model.joint_names) names += (names.empty() ? "" : ", ") + n;
      throw UsageError("--joints: the model has no moving joint '" + name +
                       "' (its joints: " + names + ")");
    }
    for (int j : joints)
      if (j == k) throw UsageError("--joints: joint '" + name + "' is listed twice");
    joints.push_back(k);
  }
  if (joints.size() < 2)
    throw UsageError("--joints: loops need at least two joints J1,J2, got '" + text + "'");
  return joints;
}

std::string vectorText(const Vec3& v) {
  std::ostringstream s;
  s << v.x() << ", " << v.y() << ", " << v.z();
  return s.str();
}

}  // namespace

int runPlan(int argc, char** argv) {
  if (argc >= 3 && std::string(argv[2]) == "path") return runPlanPath(argc, argv);
  if (argc < 3 || std::string(argv[2]) != "attitude")
    throw UsageError(
        std::string(argc < 3 ? "expected a plan" : "unknown plan '" + std::string(argv[2]) + "'") +
        " (plans: attitude, path); " + kPlanUsage);
  const Arguments args(argc, argv, 3, {"state", "turn", "joints", "out", "max-amplitude", "base"});
  const std::string path = modelPath(args, kPlanUsage);
  const std::string state_path = args.required("state");
  const Vec3 turn = parseTurn(args.required("turn"));
  const std::string joints_text = args.required("joints");
  const std::string out = args.required("out");
  AttitudeLoopPlanOptions options;
  options.max_amplitude = args.number("max-amplitude", options.max_amplitude);
  if (!(options.max_amplitude > 0.0) || options.max_amplitude > 2 * M_PI)
    throw UsageError("--max-amplitude: " + *args.get("max-amplitude") +
                     " rad is out of range (0 .. 2 pi]");
  const Model model = loadModelFromArguments(args, path);
  const std::vector<int> joints = parseJoints(model, joints_text);
  const StateFile state = loadStateFromArguments(args, model);

  AttitudeLoopPlan plan;
  try {
    plan = planAttitudeTurn(model, state.state, joints, turn, options);
  } catch (const std::invalid_argument& e) {
    throw ModelError(path + ": " + e.what());
  }
  std::string names;
  for (int k : joints) names += (names.empty() ? "" : ", ") + model.joint_names[std::size_t(k)];
  if (!plan.reached)
    throw ModelError("the turn (" + vectorText(turn) + ") rad is out of reach of joints " + names +
                     ": " + plan.message);

  ModelReference model_reference;
  model_reference.path = relativeTo(out, path);
  StateReference state_reference;
  state_reference.path = relativeTo(out, state_path);
  const AttitudePlanTiming timing;
  ScenarioDescription scenario = attitudePlanScenario(model, plan, std::move(model_reference),
                                                      std::move(state_reference), timing);
  if (const auto base = args.get("base")) scenario.base = baseTypeFromString(*base);
  scenario.name = scenarioBaseName(out);
  const double path_time = scenario.duration - timing.hold;
  std::ostringstream comment;
  comment << "Written by vms plan attitude for " << std::filesystem::path(path).filename().string()
          << ": the vehicle turned by the rotation vector (" << vectorText(turn)
          << ") rad (vehicle body frame) with its joints alone, from rest (zero momentum): "
          << plan.repeats << " repetition" << (plan.repeats > 1 ? "s" : "") << " of "
          << plan.loops.size() << " rectangular loop" << (plan.loops.size() > 1 ? "s" : "")
          << " of joints " << names << " around the start (largest excursion " << plan.max_excursion
          << " rad), " << plan.corners.size() - 1
          << " straight legs, each a quintic rest-to-rest profile sampled "
          << timing.samples_per_leg << " times, " << path_time
          << " s, tracked by computed torque with feed-forward (K_P = " << timing.kp
          << ", K_D = " << timing.kd << "), then " << timing.hold
          << " s of hold. The path's net turn (free-floating reposition) is " << plan.error
          << " rad from the target.";
  scenario.comment = comment.str();
  makeParentDirectories(out);
  std::ofstream file(out);
  if (!file || !(file << writeScenarioJson(scenario)) || !file.flush())
    throw ModelError(out + ": cannot be written");
  std::cout << "vms plan attitude: wrote " << out << ": " << plan.repeats << " x "
            << plan.loops.size() << " loop" << (plan.loops.size() > 1 ? "s" : "") << " of joints "
            << names << " (" << plan.corners.size() - 1 << " legs, " << path_time
            << " s, largest excursion " << plan.max_excursion << " rad); net turn ("
            << vectorText(plan.achieved) << ") rad, " << plan.error << " rad from the target\n";
  return kExitOk;
}

}  // namespace vms::cli
