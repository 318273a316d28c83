// vms.linearize: `vms linearize`'s figures for a scenario at an instant of its run
// (core/scenario/scenario_linearization.hpp, the function the command line calls) as a dict
// with the command line's keys.
#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "core/scenario/scenario_linearization.hpp"
#include "core/scenario/user_scenario.hpp"

namespace py = pybind11;

namespace vms::python {

namespace {

py::dict linearize(const Scenario& scenario, const std::string& source, double at,
                   bool closed_loop) {
  if (const std::string why = linearizationInstantProblem(scenario, at); !why.empty())
    throw py::value_error("linearize: at: " + why);
  ScenarioLinearization r;
  {
    py::gil_scoped_release release;
    r = linearizeScenario(scenario, at, closed_loop, source);
  }
  py::dict out;
  out["t"] = r.t;
  out["step"] = r.step;
  out["state_names"] = r.open_loop.state_names;
  out["input_names"] = r.open_loop.input_names;
  out["tangent_dof"] = r.open_loop.tangent_dof;
  out["joint_forces"] = r.joint_forces;
  out["A"] = r.open_loop.A;
  out["B"] = r.open_loop.B;
  out["eigenvalues"] = r.eigenvalues;
  if (r.has_closed_loop) {
    out["K"] = r.K;
    out["A_closed_loop"] = r.A_closed_loop;
    out["closed_loop_eigenvalues"] = r.closed_loop_eigenvalues;
  }
  out["convention"] = std::string(scenarioLinearizationConvention());
  return out;
}

py::dict linearizeFile(const std::string& path, double at, bool closed_loop, bool repair_inertia) {
  std::vector<std::string> warnings;
  const Scenario scenario = loadUserScenario(path, repair_inertia, &warnings);
  warnInput(warnings);
  return linearize(scenario, path, at, closed_loop);
}

py::dict linearizeText(const std::string& text, const std::string& source,
                       const std::string& base_dir, double at, bool closed_loop,
                       bool repair_inertia) {
  std::vector<std::string> warnings;
  const Scenario scenario = parseUserScenario(text, source, base_dir, repair_inertia, &warnings);
  warnInput(warnings);
  return linearize(scenario, source, at, closed_loop);
}

}  // namespace

void bindLinearize(py::module_& m) {
  m.def("linearize_file", &linearizeFile, py::arg("path"), py::arg("at"),
        py::arg("closed_loop") = false, py::arg("repair_inertia") = false,
        "vms linearize's figures for a scenario file (see vms.linearize).");
  m.def("linearize_text", &linearizeText, py::arg("text"), py::arg("source"), py::arg("base_dir"),
        py::arg("at"), py::arg("closed_loop") = false, py::arg("repair_inertia") = false,
        "vms linearize's figures for a scenario given as JSON text (see vms.linearize).");
}

}  // namespace vms::python
