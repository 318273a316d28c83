// vms.inspect: `vms inspect`'s figures for one state (core/analysis/state_inspection.hpp, the
// same function the command line calls) as a dict with the command line's keys.
#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "core/analysis/state_inspection.hpp"
#include "solver_choice.hpp"

namespace py = pybind11;

namespace vms::python {

namespace {

py::dict inspect(const PyState& s, const std::string& solver_name,
                 const std::optional<std::string>& root) {
  const Model& model = *s.model;
  auto solver = chooseSolver(model, solver_name, root);
  StateInspection r;
  {
    py::gil_scoped_release release;
    r = inspectState(model, *solver, s.state, s.tau, s.source);
  }
  py::dict out;
  out["joint_names"] = model.joint_names;
  out["qdd"] = r.qdd;
  out["base_linear_acc_world"] = r.base_linear_acc_world;
  out["base_angular_acc_world"] = r.base_angular_acc_world;
  out["linear_momentum"] = r.momentum.linear;
  out["angular_momentum_origin"] = r.momentum.angular_origin;
  out["kinetic_energy"] = r.momentum.kinetic_energy;
  out["center_of_mass"] = r.momentum.center_of_mass;
  out["Hmm"] = MatX(r.Hmm());
  out["Hstar"] = r.Hstar;
  out["solver"] = solver->name();
  out["base_type"] = toString(model.base_type);
  out["dof"] = model.nv;
  out["angular_momentum_com"] = r.momentum.angular_com;
  out["total_mass"] = r.momentum.mass;
  if (root) out["root"] = *root;
  return out;
}

}  // namespace

void bindInspect(py::module_& m) {
  m.def(
      "inspect",
      [](const PyModel& model, const PyState& state, const std::string& solver,
         const std::optional<std::string>& root) {
        if (state.model != model.model)
          throw py::value_error("inspect: the state belongs to another model ('" +
                                state.model->name + "'); load it with this model");
        return inspect(state, solver, root);
      },
      py::arg("model"), py::arg("state"), py::arg("solver") = "aba", py::arg("root") = py::none(),
      "vms inspect's figures as a dict (see vms.inspect).");
}

}  // namespace vms::python
