// vms benchmark MODEL [--base TYPE] [--solver NAME | --root LINK] [--iterations N]
//               [--integrator NAME]
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "cli_common.hpp"
#include "commands.hpp"
#include "json_writer.hpp"
#include "timing.hpp"

namespace vms::cli {

namespace {

/// A fixed, non-trivial state: every joint displaced and moving, the vehicle tumbling.
State benchmarkState(const Model& model) {
  State s = State::neutral(model);
  s.base_orientation = Quat(Eigen::AngleAxisd(0.7, Vec3(1, 2, 3).normalized()));
  s.base_position = Vec3(0.3, -0.2, 0.1);
  Vec6 twist;
  twist << 0.1, -0.2, 0.05, 0.02, -0.03, 0.04;
  s.base_twist = model.base_basis * (model.base_basis.transpose() * twist);
  for (int k = 0; k < model.njoints; ++k) {
    s.q[k] = 0.4 * std::sin(1.0 + k);
    s.qd[k] = 0.3 * std::cos(2.0 + k);
  }
  return s;
}

}  // namespace

int runBenchmark(int argc, char** argv) {
  const char* usage =
      "vms benchmark MODEL [--base TYPE] [--solver NAME | --root LINK] [--iterations N] "
      "[--integrator NAME]";
  const Arguments args(argc, argv, 2, {"base", "solver", "root", "iterations", "integrator"},
                       {"repair-inertia"});
  const long iterations = args.integer("iterations", 150000);
  if (iterations < 15 || iterations > 1000000000L)
    throw UsageError("--iterations must be from 15 to 1e9");
  const Model model = loadModelFromArguments(args, modelPath(args, usage));
  auto solver = solverFromArguments(args, model);
  auto integrator = integratorFromArguments(args, model);

  const State state = benchmarkState(model);
  VecX tau(model.njoints);
  for (int k = 0; k < model.njoints; ++k) tau[k] = 0.1 * std::sin(3.0 + k);
  Data data(model);
  const ExternalForces none;
  // Warm up, then time.
  for (int i = 0; i < 1000; ++i) solver->compute(model, data, state, tau, none);
  const double fd_us =
      medianMicroseconds(iterations, [&] { solver->compute(model, data, state, tau, none); });

  SystemDynamics dynamics(model, solverFromArguments(args, model));
  dynamics.setJointForces(tau);
  State s = state;
  const double dt = 1e-4;
  integrator->advance(dynamics, s, dt);
  const long step_iterations = std::max(15L, iterations / 4);
  const double step_us = medianMicroseconds(step_iterations, [&] {
    integrator->advance(dynamics, s, dt);
    if (!s.allFinite()) s = state;
  });

  JsonObjectWriter out;
  out.string("solver", solver->name())
      .integer("dof", model.nv)
      .number("forward_dynamics_us", fd_us)
      .number("step_us", step_us)
      .integer("iterations", iterations)
      .string("integrator", integrator->name())
      .string("base_type", toString(model.base_type))
      .integer("bodies", model.nbodies);
  if (const auto root = args.get("root")) out.string("root", *root);  // extension
  std::fputs(out.str().c_str(), stdout);
  return kExitOk;
}

}  // namespace vms::cli
