// vms.Model, vms.State, vms.load_model, vms.load_state: model and STATE files read by the same
// core functions as the command line (core/io/user_files.hpp), with its errors and warnings.
#include <pybind11/eigen.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <optional>

#include "bindings.hpp"
#include "core/io/trajectory_row.hpp"
#include "core/io/user_files.hpp"
#include "core/model/base_type.hpp"
#include "model_arguments.hpp"

namespace py = pybind11;

namespace vms::python {

namespace {

PyModel loadModel(const std::string& path, const std::optional<std::string>& base,
                  bool repair_inertia) {
  const std::optional<BaseType> type = baseTypeArgument(base);
  std::vector<std::string> warnings;
  auto model = std::make_shared<const Model>(loadUserModel(path, type, repair_inertia, &warnings));
  warnInput(warnings);
  return PyModel{std::move(model)};
}

PyState loadState(const std::string& path, const PyModel& model) {
  std::vector<std::string> warnings;
  StateFile file = loadUserState(path, *model.model, &warnings);
  warnInput(warnings);
  return PyState{model.model, std::move(file.state), std::move(file.tau), path};
}

py::array_t<double> stateRow(const PyState& s) {
  py::array_t<double> row(trajectoryRowSize(*s.model));
  trajectoryRowFromState(*s.model, s.state, row.mutable_data());
  return row;
}

}  // namespace

void bindModel(py::module_& m) {
  py::class_<PyModel>(m, "Model", "A compiled model (read-only); see vms.load_model.")
      .def_property_readonly(
          "name", [](const PyModel& p) { return p.model->name; }, "The model's name.")
      .def_property_readonly(
          "base_type", [](const PyModel& p) { return toString(p.model->base_type); },
          "The vehicle type: free, planar, ball, translation, schoenflies, fixed, ...")
      .def_property_readonly(
          "njoints", [](const PyModel& p) { return p.model->njoints; },
          "Number of moving joints n (mimic joints included).")
      .def_property_readonly(
          "dof", [](const PyModel& p) { return p.model->nv; },
          "Degrees of freedom: the vehicle's plus n (vms inspect's dof).")
      .def_property_readonly(
          "nbodies", [](const PyModel& p) { return p.model->nbodies; },
          "Rigid bodies, the vehicle included (links on fixed joints are fused).")
      .def_property_readonly(
          "joint_names", [](const PyModel& p) { return p.model->joint_names; },
          "Joint names in the order of every joint array (the file's order).")
      .def_property_readonly(
          "body_names", [](const PyModel& p) { return p.model->body_names; },
          "The link that defines each body frame, the vehicle first.")
      .def_property_readonly(
          "frame_names",
          [](const PyModel& p) {
            std::vector<std::string> names;
            for (const Frame& f : p.model->frames) names.push_back(f.name);
            return names;
          },
          "Named frames (every link and every named frame), for frame= of the analysis "
          "functions.")
      .def_property_readonly(
          "total_mass", [](const PyModel& p) { return p.model->total_mass; }, "Total mass in kg.")
      .def_property_readonly(
          "gravity", [](const PyModel& p) { return p.model->gravity; },
          "Gravity in the world frame (m/s^2; zero unless the model sets it).")
      .def("__repr__", [](const PyModel& p) {
        return "<vms.Model '" + p.model->name + "': " + toString(p.model->base_type) +
               " vehicle, " + std::to_string(p.model->njoints) + " joints>";
      });

  py::class_<PyState>(m, "State", "A state of a model; see vms.load_state.")
      .def_property_readonly(
          "position", [](const PyState& s) { return s.state.base_position; },
          "Position of the vehicle frame's origin in the world (3).")
      .def_property_readonly(
          "quaternion_wxyz",
          [](const PyState& s) {
            const Quat& q = s.state.base_orientation;
            return Eigen::Vector4d(q.w(), q.x(), q.y(), q.z());
          },
          "Orientation of the vehicle frame, unit quaternion w, x, y, z (4).")
      .def_property_readonly(
          "linear_velocity_world",
          [](const PyState& s) { return s.state.baseLinearVelocityWorld(); },
          "Velocity of the vehicle frame's origin, world frame (3).")
      .def_property_readonly(
          "angular_velocity_world",
          [](const PyState& s) { return s.state.baseAngularVelocityWorld(); },
          "Angular velocity of the vehicle, world frame (3).")
      .def_property_readonly(
          "q", [](const PyState& s) { return s.state.q; }, "Joint positions (n).")
      .def_property_readonly(
          "qd", [](const PyState& s) { return s.state.qd; }, "Joint rates (n).")
      .def_property_readonly(
          "tau", [](const PyState& s) { return s.tau; },
          "Joint forces of the STATE file (n; zeros if it has none).")
      .def("row", &stateRow,
           "The state as one row of the trajectory CSV's state columns (13 + 2n numbers: "
           "base_px..base_qz, base_vx..base_wz in the world frame, q, qd), the layout of "
           "vms.forward_dynamics.")
      .def("__repr__", [](const PyState& s) { return "<vms.State of '" + s.model->name + "'>"; });

  m.def("load_model", &loadModel, py::arg("path"), py::arg("base") = py::none(),
        py::arg("repair_inertia") = false, "Reads a model file as vms does (see vms.load_model).");
  m.def("load_state", &loadState, py::arg("path"), py::arg("model"),
        "Reads a STATE file for a model (see vms.load_state).");
}

}  // namespace vms::python
