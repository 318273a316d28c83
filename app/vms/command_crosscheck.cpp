// vms crosscheck MODEL --state STATE [--base TYPE] [--root LINK]
// Every solver that handles the model's vehicle type, at the STATE (its tau, the model's
// gravity, no other force), against `aba`: the largest relative difference in joint and in
// vehicle accelerations, and the time per call. Exit 1 when a difference exceeds 1e-9.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "cli_common.hpp"
#include "commands.hpp"
#include "timing.hpp"

namespace vms::cli {

namespace {

constexpr double kTolerance = 1e-9;

/// Largest |a - b| over max(1, largest |b|): relative for large values, absolute near zero.
double relativeDifference(const VecX& a, const VecX& b) {
  if (a.size() == 0) return 0.0;
  const double scale = std::max(1.0, b.cwiseAbs().maxCoeff());
  return (a - b).cwiseAbs().maxCoeff() / scale;
}

struct Accelerations {
  VecX joints, vehicle;
};

Accelerations evaluate(ForwardDynamicsSolver& solver, const Model& model, Data& data,
                       const State& state, const VecX& tau) {
  solver.compute(model, data, state, tau, {});
  return {data.qdd, data.base_twist_dot.head(model.base_dof)};
}

/// About 0.2 s of calls, at least 15.
double timePerCall(ForwardDynamicsSolver& solver, const Model& model, Data& data,
                   const State& state, const VecX& tau) {
  const auto start = std::chrono::steady_clock::now();
  solver.compute(model, data, state, tau, {});
  const double once =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const long iterations = std::clamp(static_cast<long>(0.2 / std::max(once, 1e-9)), 15L, 1000000L);
  return medianMicroseconds(iterations, [&] { solver.compute(model, data, state, tau, {}); });
}

}  // namespace

int runCrosscheck(int argc, char** argv) {
  const char* usage = "vms crosscheck MODEL --state STATE [--base TYPE] [--root LINK]";
  const Arguments args(argc, argv, 2, {"state", "base", "root"}, {"repair-inertia"});
  const Model model = loadModelFromArguments(args, modelPath(args, usage));
  const StateFile input = loadStateFromArguments(args, model);
  const std::string state_path = args.required("state");
  Data data(model);

  auto reference_solver = makeSolver(defaultSolverName(), model);
  const Accelerations reference = evaluate(*reference_solver, model, data, input.state, input.tau);
  requireFinite(reference.joints, "the joint acceleration", state_path);
  requireFinite(reference.vehicle, "the vehicle acceleration", state_path);

  std::printf("%-22s %16s %16s %12s\n", "solver", "joint acc. diff", "vehicle acc. diff",
              "us per call");
  std::vector<std::string> differing, not_run;
  // --root LINK (extension): one more row, base-invariant with LINK's body as the base.
  auto rooted = args.has("root") ? solverFromArguments(args, model) : nullptr;
  for (const std::string& name : solverNames()) {
    if (const std::string problem = solverSupportProblem(name, model.base_type); !problem.empty()) {
      not_run.push_back(problem);
      continue;
    }
    auto solver = makeSolver(name, model);
    const Accelerations a = evaluate(*solver, model, data, input.state, input.tau);
    const double us = timePerCall(*solver, model, data, input.state, input.tau);
    if (name == defaultSolverName()) {
      std::printf("%-22s %16s %16s %12.3f\n", name.c_str(), "(reference)", "(reference)", us);
      continue;
    }
    const double dq = relativeDifference(a.joints, reference.joints);
    const double dv = relativeDifference(a.vehicle, reference.vehicle);
    std::printf("%-22s %16.3g %16.3g %12.3f\n", name.c_str(), dq, dv, us);
    if (!(dq <= kTolerance) || !(dv <= kTolerance)) differing.push_back(name);
  }
  if (rooted) {
    const std::string label = "base-invariant@" + *args.get("root");
    const Accelerations a = evaluate(*rooted, model, data, input.state, input.tau);
    const double us = timePerCall(*rooted, model, data, input.state, input.tau);
    const double dq = relativeDifference(a.joints, reference.joints);
    const double dv = relativeDifference(a.vehicle, reference.vehicle);
    std::printf("%-22s %16.3g %16.3g %12.3f\n", label.c_str(), dq, dv, us);
    if (!(dq <= kTolerance) || !(dv <= kTolerance)) differing.push_back(label);
  }
  for (const std::string& line : not_run) std::printf("not run: %s\n", line.c_str());
  if (!differing.empty()) {
    std::string names;
    for (const std::string& n : differing) names += (names.empty() ? "" : ", ") + n;
    std::fprintf(stderr, "vms: crosscheck: %s differ%s from aba by more than %g (relative)\n",
                 names.c_str(), differing.size() == 1 ? "s" : "", kTolerance);
    return kExitBadInput;  // 1, as the issue asks for a disagreement
  }
  std::printf("every solver agrees with aba within %g (relative)\n", kTolerance);
  return kExitOk;
}

}  // namespace vms::cli
