// vms inspect MODEL --state STATE [--base TYPE] [--solver NAME | --root LINK] [--detail]
#include <cstdio>

#include "cli_common.hpp"
#include "commands.hpp"
#include "core/algorithms/crba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/momentum.hpp"
#include "core/analysis/reduced_inertia.hpp"
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

  Data data(model);
  solver->compute(model, data, state, input.tau, {});  // tau alone: no damping, no wrench
  const VecX qdd = data.qdd;
  const Vec3 base_lin = baseLinearAccelerationWorld(state, data.base_twist_dot);
  const Vec3 base_ang = baseAngularAccelerationWorld(state, data.base_twist_dot);

  computeKinematics(model, data, state);
  const MomentumSummary momentum = computeMomentum(model, data);
  crba(model, data, state);
  const int n = model.njoints;
  const MatX Hstar = reducedJointInertia(model, data.M);
  // Results that overflowed are an error naming the state, never printed (NaN would be "null").
  const std::string state_path = args.required("state");
  requireFinite(qdd, "the joint acceleration", state_path);
  requireFinite(base_lin, "the vehicle's linear acceleration", state_path);
  requireFinite(base_ang, "the vehicle's angular acceleration", state_path);
  requireFinite(momentum.linear, "the linear momentum", state_path);
  requireFinite(momentum.angular_origin, "the angular momentum", state_path);
  requireFinite(momentum.angular_com, "the angular momentum about the centre of mass", state_path);
  requireFinite(momentum.center_of_mass, "the centre of mass", state_path);
  requireFinite(Eigen::Vector2d(momentum.kinetic_energy, momentum.mass), "the kinetic energy",
                state_path);
  requireFinite(data.M, "the generalized inertia", state_path);
  requireFinite(Hstar, "the reduced inertia H*", state_path);

  JsonObjectWriter out;
  out.strings("joint_names", model.joint_names)
      .vector("qdd", qdd)
      .vector("base_linear_acc_world", base_lin)
      .vector("base_angular_acc_world", base_ang)
      .vector("linear_momentum", momentum.linear)
      .vector("angular_momentum_origin", momentum.angular_origin)
      .number("kinetic_energy", momentum.kinetic_energy)
      .vector("center_of_mass", momentum.center_of_mass)
      .matrix("Hmm", data.M.bottomRightCorner(n, n))
      .matrix("Hstar", Hstar)
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
      requireFinite(q.value, "the solver's " + q.name, state_path);
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
