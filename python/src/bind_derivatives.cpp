// vms.derivatives: `vms derivatives`'s figures for one state (core/analysis/
// derivatives_inspection.hpp, the function the command line calls) as a dict with the command
// line's keys.
#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include <optional>

#include "bindings.hpp"
#include "core/analysis/derivatives_inspection.hpp"
#include "model_arguments.hpp"

namespace py = pybind11;

namespace vms::python {

namespace {

// state: a State of `model` or None (the neutral state); tau: joint forces or None (the
// state's tau; zeros for the neutral state).
py::dict derivatives(const PyModel& model, const PyState* state, const std::optional<VecX>& tau) {
  const Model& m = state ? modelOf(model, *state, "derivatives") : *model.model;
  const State at = state ? state->state : State::neutral(m);
  VecX forces = tau ? *tau : state ? state->tau : VecX(VecX::Zero(m.njoints));
  if (forces.size() != m.njoints)
    throw py::value_error("derivatives: tau has " + std::to_string(forces.size()) +
                          " entries, expected " + std::to_string(m.njoints) +
                          " (one per joint of model.joint_names)");
  const std::string source = state ? state->source : m.name;
  DerivativesInspection r;
  {
    py::gil_scoped_release release;
    r = inspectDerivatives(m, at, forces, source);
  }
  py::dict out;
  out["joint_names"] = m.joint_names;
  out["nv"] = m.nv;
  out["base_type"] = toString(m.base_type);
  out["vehicle_components"] = r.vehicle_components;
  out["configuration_tangent"] = r.configuration_tangent;
  out["nudot"] = r.nudot;
  out["ddq_dq"] = r.ddq_dq;
  out["ddq_dv"] = r.ddq_dv;
  out["ddq_dtau"] = r.ddq_dtau;
  out["convention"] = std::string(derivativesConvention());
  return out;
}

}  // namespace

void bindDerivatives(py::module_& m) {
  m.def("derivatives", &derivatives, py::arg("model"), py::arg("state") = py::none(),
        py::arg("tau") = py::none(), "vms derivatives' figures as a dict (see vms.derivatives).");
}

}  // namespace vms::python
