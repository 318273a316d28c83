#pragma once
// The groups of names of vms._core, one function per bind_*.cpp file, and what they share.
#include <pybind11/pybind11.h>

#include <memory>
#include <string>
#include <vector>

#include "core/model/model.hpp"
#include "core/model/state.hpp"

namespace vms::python {

/// A compiled model, shared by the states and results made from it (a Model never changes).
struct PyModel {
  std::shared_ptr<const Model> model;
};

/// A state of a model, with the joint forces of its STATE file ("tau", zeros if absent).
struct PyState {
  std::shared_ptr<const Model> model;
  State state;
  VecX tau;
  std::string source;  // the STATE file, naming it in errors as the command line does
};

/// vms.InputError (the core's ModelError, message as the command line prints it) and
/// vms.InputWarning.
void bindErrors(pybind11::module_& m);
/// Issues each line as a vms.InputWarning (the command line's "vms: warning: ..." lines).
void warnInput(const std::vector<std::string>& warnings);

/// Model, State, load_model, load_state.
void bindModel(pybind11::module_& m);
/// inspect.
void bindInspect(pybind11::module_& m);
/// forward_dynamics.
void bindForwardDynamics(pybind11::module_& m);
/// derivatives (vms derivatives: forward dynamics' analytic derivatives at a state).
void bindDerivatives(pybind11::module_& m);
/// linearize_file, linearize_text (vms.linearize: a scenario's motion linearised at an instant).
void bindLinearize(pybind11::module_& m);
/// run_file, run_text (vms.run).
void bindRun(pybind11::module_& m);
/// sweep_file, sweep_text (vms.sweep).
void bindSweep(pybind11::module_& m);
/// Simulator (a scenario stepped from Python, with a Python controller), state_from_row.
void bindSimulator(pybind11::module_& m);
/// generalized_jacobian, mechanical_connection, attitude_disturbance, curvature,
/// disturbance_map, manipulability, operational_space_inertia, momentum_partition.
void bindAnalysis(pybind11::module_& m);
/// model_description_text, file_description_text, compile_model_text, random_tree_text,
/// random_state (model descriptions edited in Python and compiled).
void bindDescription(pybind11::module_& m);
/// reachable_workspace.
void bindWorkspace(pybind11::module_& m);
/// mount, convert (vms mount, vms convert).
void bindModelFiles(pybind11::module_& m);
/// Method, Solver, Integrator, PrintedVariant, solvers, integrators, solver, integrator,
/// vehicle_types.
void bindRegistries(pybind11::module_& m);

}  // namespace vms::python
