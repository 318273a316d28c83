// vms.Simulator: the core's run loop (ScenarioRun over a Simulator) stepped from Python, with
// an optional Python controller: a core Controller whose compute() calls a Python function
// (taking the GIL only for the call) at the scenario's control period, its joint forces added
// to the scenario's controllers' and held between updates, as the C++ controllers are.
#include <pybind11/eigen.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <utility>

#include "bindings.hpp"
#include "core/control/controller.hpp"
#include "core/io/trajectory_row.hpp"
#include "core/io/user_files.hpp"
#include "core/model/model_error.hpp"
#include "core/scenario/default_scenario.hpp"
#include "core/scenario/scenario_run.hpp"
#include "core/scenario/simulator.hpp"
#include "core/scenario/user_scenario.hpp"

namespace py = pybind11;

namespace vms::python {

namespace {

// Thrown through the core when the Python controller raised; the Python error is kept by the
// controller and raised again once the step has returned.
struct ControllerRaised {};

class PythonController : public Controller {
 public:
  PythonController(py::object callback, std::shared_ptr<const Model> model)
      : callback_(std::move(callback)), model_(std::move(model)) {}

  std::string name() const override { return "python"; }

  void compute(double t, const State& state, ControlOutput& out) override {
    py::gil_scoped_acquire gil;
    try {
      PyState s{model_, state, VecX::Zero(model_->njoints), "<controller state>"};
      py::object result = callback_(t, py::cast(std::move(s)));
      auto tau = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(result);
      if (!tau || tau.ndim() != 1 || tau.shape(0) != model_->njoints)
        throw py::value_error("controller: must return " + std::to_string(model_->njoints) +
                              " joint forces (one per joint, as a 1-D array)");
      for (int i = 0; i < model_->njoints; ++i) {
        if (!std::isfinite(tau.data()[i]))
          throw py::value_error("controller: joint force " + std::to_string(i) +
                                " at t = " + std::to_string(t) + " is not finite");
        out.joint_torque[i] += tau.data()[i];
      }
    } catch (py::error_already_set& e) {
      error_ = std::move(e);
      throw ControllerRaised{};
    } catch (const py::builtin_exception& e) {
      e.set_error();
      error_ = py::error_already_set();
      throw ControllerRaised{};
    }
  }

  // Raises the controller's Python error (GIL held).
  void raise() {
    if (!error_) return;
    py::error_already_set e = std::move(*error_);
    error_.reset();
    throw e;
  }

 private:
  py::object callback_;
  std::shared_ptr<const Model> model_;
  std::optional<py::error_already_set> error_;
};

class PySimulator {
 public:
  PySimulator(const Scenario& scenario, const std::string& source,
              std::shared_ptr<const Model> model, py::object controller)
      : source_(source) {
    auto simulator = namingFile(source, [&] { return std::make_shared<Simulator>(scenario); });
    model_ =
        model ? std::move(model) : std::shared_ptr<const Model>(simulator, &simulator->model());
    if (!controller.is_none()) {
      if (!PyCallable_Check(controller.ptr()))
        throw py::type_error("controller: must be callable as f(t, state)");
      auto c = std::make_unique<PythonController>(controller, model_);
      controller_ = c.get();
      simulator->addController(std::move(c));
    }
    // The first instant runs the controllers (at the first step), not the constructor.
    run_ = std::make_unique<ScenarioRun>(simulator);
    if (run_->diverged())
      throw ModelError(source +
                       ": initial_state: the momentum or energy of the initial state "
                       "is not finite");
  }

  // Steps at most `steps` times with the GIL released; raises the controller's error, or
  // RuntimeError when the run diverges. Returns the steps taken.
  long advance(long steps) {
    long taken = 0;
    try {
      py::gil_scoped_release release;
      taken = run_->advance(steps);
    } catch (const ControllerRaised&) {
      controller_->raise();
    }
    if (run_->diverged()) throw std::runtime_error(run_->divergenceMessage());
    return taken;
  }

  long step(const std::optional<VecX>& tau) {
    if (tau) run_->simulator().addJointForcesOnce(*tau);
    return advance(1);
  }

  PyState state() const {
    const Simulator& s = run_->simulator();
    return PyState{model_, s.state(), s.lastJointTorque(), source_};
  }

  const Simulator& simulator() const { return run_->simulator(); }
  const Snapshot& current() const { return run_->current(); }
  const std::shared_ptr<const Model>& model() const { return model_; }

 private:
  std::string source_;
  std::shared_ptr<const Model> model_;
  PythonController* controller_ = nullptr;  // owned by the Simulator
  std::unique_ptr<ScenarioRun> run_;
};

std::unique_ptr<PySimulator> fromFile(const std::string& path, bool repair_inertia,
                                      py::object controller) {
  std::vector<std::string> warnings;
  const Scenario scenario = loadUserScenario(path, repair_inertia, &warnings);
  warnInput(warnings);
  return std::make_unique<PySimulator>(scenario, path, nullptr, std::move(controller));
}

std::unique_ptr<PySimulator> fromText(const std::string& text, const std::string& source,
                                      bool repair_inertia, py::object controller) {
  std::vector<std::string> warnings;
  const Scenario scenario = parseUserScenario(text, source, "", repair_inertia, &warnings);
  warnInput(warnings);
  return std::make_unique<PySimulator>(scenario, source, nullptr, std::move(controller));
}

std::unique_ptr<PySimulator> fromModel(const PyModel& model, const PyState& state, double dt,
                                       std::optional<double> control_period,
                                       std::optional<double> duration, const std::string& solver,
                                       const std::string& integrator, py::object controller) {
  if (state.model != model.model)
    throw py::value_error("Simulator: the state belongs to another model ('" + state.model->name +
                          "'); load it with this model");
  if (!(std::isfinite(dt) && dt > 0.0)) throw py::value_error("Simulator: dt must be > 0");
  Scenario scenario = defaultScenario(*model.model, state.source);
  scenario.initial_state = state.state;
  scenario.constant_tau = state.tau;
  scenario.dt = dt;
  scenario.control_period = control_period.value_or(dt);
  if (!(std::isfinite(scenario.control_period) && scenario.control_period > 0.0))
    throw py::value_error("Simulator: control_period must be > 0");
  scenario.duration = duration.value_or(std::numeric_limits<double>::infinity());
  if (!(scenario.duration > 0.0)) throw py::value_error("Simulator: duration must be > 0");
  scenario.solver = solver;
  scenario.integrator = integrator;
  return std::make_unique<PySimulator>(scenario,
                                       state.source.empty() ? model.model->name : state.source,
                                       model.model, std::move(controller));
}

PyState stateFromRow(const py::array_t<double, py::array::c_style | py::array::forcecast>& row,
                     const PyModel& model) {
  const Model& m = *model.model;
  if (row.ndim() != 1 || row.shape(0) != trajectoryRowSize(m))
    throw py::value_error("State.from_row: expected a 1-D row of " +
                          std::to_string(trajectoryRowSize(m)) + " numbers (13 + 2n)");
  State s = State::neutral(m);
  const double off = stateFromTrajectoryRow(m, row.data(), s);
  if (off > 0.0 && off > 1e-9 * std::max(1.0, s.base_twist.cwiseAbs().maxCoeff()))
    throw py::value_error("State.from_row: the vehicle velocity has components a " +
                          toString(m.base_type) + " vehicle cannot have");
  if (!s.allFinite()) throw py::value_error("State.from_row: the row is not finite");
  return PyState{model.model, std::move(s), VecX::Zero(m.njoints), ""};
}

}  // namespace

void bindSimulator(py::module_& m) {
  py::class_<PySimulator>(m, "Simulator", "A scenario stepped from Python (see vms.Simulator).")
      .def_static("from_file", &fromFile, py::arg("path"), py::arg("repair_inertia"),
                  py::arg("controller"))
      .def_static("from_text", &fromText, py::arg("text"), py::arg("source"),
                  py::arg("repair_inertia"), py::arg("controller"))
      .def_static("from_model", &fromModel, py::arg("model"), py::arg("state"), py::arg("dt"),
                  py::arg("control_period"), py::arg("duration"), py::arg("solver"),
                  py::arg("integrator"), py::arg("controller"))
      .def("step", &PySimulator::step, py::arg("tau") = py::none())
      .def("advance", &PySimulator::advance, py::arg("steps"))
      .def_property_readonly("state", &PySimulator::state)
      .def_property_readonly("time", [](const PySimulator& s) { return s.simulator().time(); })
      .def_property_readonly("step_index",
                             [](const PySimulator& s) { return s.simulator().stepIndex(); })
      .def_property_readonly("finished",
                             [](const PySimulator& s) { return s.simulator().finished(); })
      .def_property_readonly("dt", [](const PySimulator& s) { return s.simulator().scenario().dt; })
      .def_property_readonly(
          "control_period",
          [](const PySimulator& s) { return s.simulator().scenario().control_period; })
      .def_property_readonly("duration",
                             [](const PySimulator& s) { return s.simulator().scenario().duration; })
      .def_property_readonly("model", [](const PySimulator& s) { return PyModel{s.model()}; })
      .def_property_readonly("joint_torque",
                             [](const PySimulator& s) { return s.simulator().lastJointTorque(); })
      .def_property_readonly(
          "linear_momentum",
          [](const PySimulator& s) { return Vec3(s.current().momenta.linear_total); })
      .def_property_readonly(
          "angular_momentum",
          [](const PySimulator& s) { return Vec3(s.current().momenta.angular_origin_total); })
      .def_property_readonly("kinetic_energy",
                             [](const PySimulator& s) { return s.current().kinetic_energy; })
      .def_property_readonly("actuator_work",
                             [](const PySimulator& s) { return s.current().actuator_work; })
      .def_property_readonly("vehicle_attitude_deviation", [](const PySimulator& s) {
        return s.current().vehicle_attitude_deviation;
      });

  m.def("state_from_row", &stateFromRow, py::arg("row"), py::arg("model"));
}

}  // namespace vms::python
