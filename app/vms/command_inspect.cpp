// vms inspect MODEL --state STATE [--base TYPE] [--solver NAME | --root LINK] [--detail]
#include <cstdio>

#include "cli_common.hpp"
#include "commands.hpp"
#include "core/analysis/state_inspection.hpp"
#include "json_writer.hpp"

namespace vms::cli {

int runInspect(int argc, char** argv) {
  const char* usage =
      "vms inspect MODEL --state STATE [--base TYPE] [--solver NAME | --root LINK] [--detail]";
  const Arguments args(argc, argv, 2, {"state", "base", "solver", "root"},
                       {"detail", "repair-inertia"});
  const Model model = loadModelFromArguments(args, modelPath(args, usage));
  const StateFile input = loadStateFromArguments(args, model);
  const State& state = input.state;
  auto solver = solverFromArguments(args, model);

  const StateInspection r = inspectState(model, *solver, state, input.tau, args.required("state"));
  const MomentumSummary& momentum = r.momentum;
  JsonObjectWriter out;
  out.strings("joint_names", model.joint_names)
      .vector("qdd", r.qdd)
      .vector("base_linear_acc_world", r.base_linear_acc_world)
      .vector("base_angular_acc_world", r.base_angular_acc_world)
      .vector("linear_momentum", momentum.linear)
      .vector("angular_momentum_origin", momentum.angular_origin)
      .number("kinetic_energy", momentum.kinetic_energy)
      .vector("center_of_mass", momentum.center_of_mass)
      .matrix("Hmm", r.Hmm())
      .matrix("Hstar", r.Hstar)
      .string("solver", solver->name())
      .string("base_type", toString(model.base_type))
      .integer("dof", model.nv)
      .vector("angular_momentum_com", momentum.angular_com)
      .number("total_mass", momentum.mass);
  if (const auto root = args.get("root")) out.string("root", *root);  // extension
  if (args.has("detail")) {
    // The solver's own intermediate quantities (its paper's notation) at this state.
    JsonObjectWriter detail;
    for (const SolverQuantity& q : solver->intermediates()) {
      requireFinite(q.value, "the solver's " + q.name, args.required("state"));
      JsonObjectWriter item;
      item.string("meaning", q.meaning);
      if (q.value.cols() == 1)
        item.vector("value", q.value.col(0));
      else
        item.matrix("value", q.value);
      detail.object(q.name, item);
    }
    out.object("detail", detail);
  }
  std::fputs(out.str().c_str(), stdout);
  return kExitOk;
}

}  // namespace vms::cli
