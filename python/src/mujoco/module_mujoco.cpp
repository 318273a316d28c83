// vms._mujoco: MuJoCo (Debian's libmujoco-dev) as the independent reference engine of the
// Python package, built beside vms._core when CMake finds MuJoCo; the product's own dynamics
// never use it. A model goes over as its description (.vms.json text), written as MJCF and
// states and results moved between the conventions by the bridge the C++ cross-check test and
// the benchmark use (tests/support/mjcf_writer.hpp, mujoco_bridge.hpp;
// docs/mujoco-crosscheck.md: principal inertias, free-joint conventions, joints by name).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <stdexcept>
#include <string>

#include "core/io/trajectory_row.hpp"
#include "core/io/vms_json.hpp"
#include "core/model/compile_model.hpp"
#include "mjcf_writer.hpp"
#include "mujoco_bridge.hpp"

namespace py = pybind11;

namespace {

using InArray = py::array_t<double, py::array::c_style | py::array::forcecast>;

/// MuJoCo's accelerations at each row of X (trajectory-CSV state rows) under the joint forces
/// TAU, as vms.forward_dynamics lays them out: vehicle linear and angular acceleration (world
/// frame), then qdd. A fixed vehicle is welded where each row puts it (one MuJoCo model per
/// row), as the C++ cross-check does.
py::array_t<double> forwardDynamics(const std::string& description_text, const InArray& X,
                                    const InArray& TAU) {
  using namespace vms;
  const ModelDescription d = parseVmsJson(description_text, "<model description>");
  const Model model = compileModel(d);
  if (model.base_type != BaseType::Free && model.base_type != BaseType::Fixed)
    throw py::value_error("mujoco_forward_dynamics: only free and fixed vehicles ('" +
                          std::string(toString(model.base_type)) + "' is neither)");
  const int n = model.njoints, width = trajectoryRowSize(model);
  if (X.ndim() != 2 || X.shape(1) != width)
    throw py::value_error("mujoco_forward_dynamics: X must be (N, " + std::to_string(width) + ")");
  if (TAU.ndim() != 2 || TAU.shape(0) != X.shape(0) || TAU.shape(1) != n)
    throw py::value_error("mujoco_forward_dynamics: TAU must be (N, " + std::to_string(n) + ")");
  const py::ssize_t rows = X.shape(0);
  py::array_t<double> out({rows, static_cast<py::ssize_t>(6 + n)});
  double* result = out.mutable_data();
  {
    py::gil_scoped_release release;
    State s = State::neutral(model);
    VecX tau(n);
    std::unique_ptr<test::MujocoInstance> mj;
    test::MujocoMap map;
    for (py::ssize_t r = 0; r < rows; ++r) {
      stateFromTrajectoryRow(model, X.data(r, 0), s);
      for (int k = 0; k < n; ++k) tau[k] = TAU.data(r, 0)[k];
      if (!mj || model.base_type == BaseType::Fixed) {
        test::MujocoExportOptions o;
        o.fixed_base_pose = s.basePose();
        mj = test::loadMujoco(test::writeMjcf(d, o));
        map = test::mapMujoco(model, mj->m());
      }
      test::setMujocoState(model, map, s, tau, mj->m(), mj->d());
      mj_forward(mj->m(), mj->d());
      const VecX a = test::mujocoAcceleration(map, mj->d());
      double* row = result + r * (6 + n);
      for (int k = 0; k < 6; ++k) row[k] = 0.0;
      if (model.base_type == BaseType::Free) {
        // qacc: world linear acceleration of the vehicle origin, then d/dt of the body-frame
        // angular velocity, which R turns into the world frame's (d/dt (R w_b) = R dw_b/dt).
        const Vec3 angular = s.base_orientation.normalized() * Vec3(a.segment<3>(3));
        for (int k = 0; k < 3; ++k) {
          row[k] = a[k];
          row[3 + k] = angular[k];
        }
      }
      for (int k = 0; k < n; ++k) row[6 + k] = a[a.size() - n + k];
    }
  }
  return out;
}

}  // namespace

PYBIND11_MODULE(_mujoco, m) {
  m.doc() = "MuJoCo as the reference engine of the vms package's comparisons (use `import vms`).";
  m.attr("version") = std::to_string(mj_version());
  m.def("forward_dynamics", &forwardDynamics, py::arg("description_text"), py::arg("X"),
        py::arg("TAU"), "MuJoCo's accelerations (see vms.mujoco_forward_dynamics).");
}
