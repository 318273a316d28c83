// vms.reachable_workspace: the core's sampled reachable workspace of a frame
// (core/analysis/reachable_workspace.hpp), vehicle held or free-floating, as numpy arrays.
#include <pybind11/eigen.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "core/analysis/reachable_workspace.hpp"
#include "model_arguments.hpp"

namespace py = pybind11;

namespace vms::python {

namespace {

py::dict reachableWorkspace(const PyModel& model, const PyState& state, const std::string& frame,
                            int samples, std::uint64_t seed, const std::string& vehicle,
                            double voxel, const std::vector<py::object>& held) {
  const char* function = "reachable_workspace";
  const Model& m = modelOf(model, state, function);
  WorkspaceOptions o;
  o.samples = samples;
  o.seed = seed;
  if (vehicle == "locked") {
    o.vehicle = WorkspaceVehicle::FixedBase;
  } else if (vehicle == "free") {
    o.vehicle = WorkspaceVehicle::FreeFloating;
  } else {
    throw py::value_error("reachable_workspace: vehicle: expected 'locked' or 'free', got '" +
                          vehicle + "'");
  }
  if (!(voxel >= 0.0)) throw py::value_error("reachable_workspace: voxel: expected 0 or more");
  o.voxel = voxel;
  for (const py::object& joint : held) o.held_joints.push_back(jointOf(m, joint, function));
  const int f = frameOf(m, frame, function);
  ReachableWorkspace w;
  {
    py::gil_scoped_release release;
    w = sampleReachableWorkspace(m, state.state, f, o);
  }
  const auto count = static_cast<py::ssize_t>(w.samples.size());
  py::array_t<double> positions({count, py::ssize_t(3)}), measure(count),
      q({count, static_cast<py::ssize_t>(m.njoints)});
  auto P = positions.mutable_unchecked<2>();
  auto W = measure.mutable_unchecked<1>();
  auto Q = q.mutable_unchecked<2>();
  for (py::ssize_t i = 0; i < count; ++i) {
    const WorkspaceSample& s = w.samples[size_t(i)];
    for (int k = 0; k < 3; ++k) P(i, k) = s.position[k];
    W(i) = s.manipulability;
    for (int k = 0; k < m.njoints; ++k) Q(i, k) = s.q[k];
  }
  py::dict out;
  out["positions"] = positions;
  out["manipulability"] = measure;
  out["q"] = q;
  out["lo"] = Vec3(w.lo);
  out["hi"] = Vec3(w.hi);
  out["voxel"] = w.voxel;
  out["volume"] = w.volume;
  out["max_manipulability"] = w.max_manipulability;
  return out;
}

}  // namespace

void bindWorkspace(py::module_& m) {
  m.def("reachable_workspace", &reachableWorkspace, py::arg("model"), py::arg("state"),
        py::arg("frame"), py::arg("samples"), py::arg("seed"), py::arg("vehicle"), py::arg("voxel"),
        py::arg("held_joints"),
        "The sampled reachable workspace of a frame (see vms.reachable_workspace).");
}

}  // namespace vms::python
