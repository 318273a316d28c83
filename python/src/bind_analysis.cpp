// vms.generalized_jacobian, mechanical_connection, attitude_disturbance, curvature,
// disturbance_map, manipulability, operational_space_inertia, momentum_partition: the core's
// analysis functions (core/analysis) at one state, with numpy arrays out. disturbance_map's columns
// are those of `vms dmap`'s CSV.
#include <pybind11/eigen.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <stdexcept>

#include "bindings.hpp"
#include "core/algorithms/crba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/analysis/attitude_disturbance.hpp"
#include "core/analysis/generalized_jacobian.hpp"
#include "core/analysis/manipulability.hpp"
#include "core/analysis/momentum_partition.hpp"
#include "core/analysis/operational_space_inertia.hpp"
#include "core/model/data.hpp"
#include "model_arguments.hpp"

namespace py = pybind11;

namespace vms::python {

namespace {

py::dict generalizedJacobian(const PyModel& model, const PyState& state, const std::string& frame) {
  const Model& m = modelOf(model, state, "generalized_jacobian");
  const int f = frameOf(m, frame, "generalized_jacobian");
  Data data(m);
  GeneralizedJacobian gj(m);
  {
    py::gil_scoped_release release;
    crba(m, data, state.state);
    computeFrameGeneralizedJacobian(m, data, f, gj);
  }
  py::dict out;
  out["Jstar"] = MatX(gj.Jstar);
  out["Jm"] = MatX(gj.Jm);
  out["Jb"] = MatX(gj.Jb);
  out["J"] = MatX(gj.J);
  out["momentum_map"] = MatX(gj.momentum_map);
  out["connection"] = gj.connection;
  return out;
}

MatX connection(const PyModel& model, const PyState& state) {
  const Model& m = modelOf(model, state, "mechanical_connection");
  Data data(m);
  crba(m, data, state.state);
  return mechanicalConnection(m, data.M);
}

// D with its derivatives at the state; std::invalid_argument (ValueError) for a vehicle it
// does not apply to.
MatX disturbance(const PyModel& model, const PyState& state) {
  const Model& m = modelOf(model, state, "attitude_disturbance");
  Data data(m);
  AttitudeDisturbance d(m);
  d.compute(m, data, state.state);
  return d.matrix();
}

Vec3 curvature(const PyModel& model, const PyState& state, const py::object& i,
               const py::object& j) {
  const Model& m = modelOf(model, state, "curvature");
  const int a = jointOf(m, i, "curvature"), b = jointOf(m, j, "curvature");
  Data data(m);
  AttitudeDisturbance d(m);
  d.computeWithDerivatives(m, data, state.state);
  return d.curvature(a, b);
}

py::dict map(const PyModel& model, const PyState& state, const py::object& joint_a,
             const py::object& joint_b, int grid) {
  const Model& m = modelOf(model, state, "disturbance_map");
  const int a = jointOf(m, joint_a, "disturbance_map"), b = jointOf(m, joint_b, "disturbance_map");
  if (grid < 2 || grid > 1001)
    throw py::value_error("disturbance_map: grid " + std::to_string(grid) +
                          " points is out of range (2 .. 1001)");
  DisturbanceMap dm;
  {
    py::gil_scoped_release release;
    dm = disturbanceMap(m, state.state, a, b, grid);
  }
  const std::string na = m.joint_names[std::size_t(a)], nb = m.joint_names[std::size_t(b)];
  const std::vector<std::string> names = {
      "q_" + na,     "q_" + nb,     "sigma_least", "sigma_most",  "least_d" + na, "least_d" + nb,
      "most_d" + na, "most_d" + nb, "curvature_x", "curvature_y", "curvature_z",  "curvature_norm"};
  const py::ssize_t points = py::ssize_t(grid) * grid;
  std::vector<py::array_t<double>> columns;
  for (std::size_t c = 0; c < names.size(); ++c) columns.emplace_back(points);
  for (int r = 0; r < grid; ++r)
    for (int c = 0; c < grid; ++c) {
      const std::size_t k = std::size_t(r * grid + c);
      const DisturbancePoint& p = dm.points[k];
      const double row[] = {dm.qi[r],        dm.qj[c],        p.sigma_min,     p.sigma_max,
                            p.least[0],      p.least[1],      p.most[0],       p.most[1],
                            p.curvature.x(), p.curvature.y(), p.curvature.z(), p.curvature.norm()};
      for (std::size_t col = 0; col < names.size(); ++col)
        columns[col].mutable_data()[k] = row[col];
    }
  py::dict out;
  for (std::size_t c = 0; c < names.size(); ++c) out[py::str(names[c])] = columns[c];
  return out;
}

py::dict measures(const Manipulability& w) {
  py::dict out;
  out["yoshikawa"] = w.yoshikawa;
  out["singular_values"] = VecX(w.singular_values);
  out["axes"] = MatX(w.axes);
  out["max_singular_value"] = w.max_singular_value;
  out["min_singular_value"] = w.min_singular_value;
  out["condition_number"] = w.condition_number;
  out["status"] = std::string(w.status == ManipulabilityStatus::Ok ? "ok" : w.reason());
  return out;
}

py::dict manipulabilityOf(const PyModel& model, const PyState& state, const std::string& frame,
                          const std::string& jacobian, const std::string& rows) {
  const Model& m = modelOf(model, state, "manipulability");
  const int f = frameOf(m, frame, "manipulability");
  JacobianRows block;
  if (rows == "translational")
    block = JacobianRows::Translational;
  else if (rows == "rotational")
    block = JacobianRows::Rotational;
  else if (rows == "full")
    block = JacobianRows::Full;
  else
    throw py::value_error(
        "manipulability: rows must be 'translational', 'rotational' or 'full'"
        ", got '" +
        rows + "'");
  if (jacobian != "generalized" && jacobian != "fixed")
    throw py::value_error(
        "manipulability: jacobian must be 'generalized' (J*) or 'fixed' (Jm)"
        ", got '" +
        jacobian + "'");
  Data data(m);
  GeneralizedJacobian gj(m);
  crba(m, data, state.state);
  computeFrameGeneralizedJacobian(m, data, f, gj);
  return measures(manipulability(jacobian == "generalized" ? gj.Jstar : gj.Jm, block));
}

py::dict ellipsoid(const InertiaEllipsoid& e) {
  py::dict out;
  out["axes"] = Mat3(e.axes);
  out["mobility"] = Vec3(e.mobility);
  out["effective"] = Vec3(e.effective);
  return out;
}

py::dict operationalInertia(const PyModel& model, const PyState& state, const std::string& frame,
                            const std::string& vehicle) {
  const Model& m = modelOf(model, state, "operational_space_inertia");
  const int f = frameOf(m, frame, "operational_space_inertia");
  if (vehicle != "free" && vehicle != "locked")
    throw py::value_error("operational_space_inertia: vehicle must be 'free' or 'locked', got '" +
                          vehicle + "'");
  Data data(m);
  crba(m, data, state.state);
  const OperationalSpaceInertia r = frameOperationalSpaceInertia(
      m, data, f, vehicle == "free" ? VehicleMode::Free : VehicleMode::Locked);
  py::dict out;
  out["Lambda"] = Mat6(r.Lambda);
  out["Lambda_inv"] = Mat6(r.Lambda_inv);
  out["rank"] = r.rank;
  out["translational"] = ellipsoid(r.translational);
  out["rotational"] = ellipsoid(r.rotational);
  return out;
}

py::dict momenta(const PyModel& model, const PyState& state) {
  const Model& m = modelOf(model, state, "momentum_partition");
  Data data(m);
  computeKinematics(m, data, state.state);
  const MomentumPartition p = momentumPartition(m, data);
  py::dict out;
  out["mass"] = p.mass;
  out["center_of_mass"] = p.center_of_mass;
  out["linear_vehicle"] = p.linear_vehicle;
  out["linear_arm"] = p.linear_arm;
  out["linear_total"] = p.linear_total;
  out["angular_origin_vehicle"] = p.angular_origin_vehicle;
  out["angular_origin_arm"] = p.angular_origin_arm;
  out["angular_origin_total"] = p.angular_origin_total;
  out["angular_com_vehicle"] = p.angular_com_vehicle;
  out["angular_com_arm"] = p.angular_com_arm;
  out["angular_com_total"] = p.angular_com_total;
  out["kinetic_vehicle"] = p.kinetic_vehicle;
  out["kinetic_arm"] = p.kinetic_arm;
  out["kinetic_total"] = p.kinetic_total;
  return out;
}

}  // namespace

void bindAnalysis(py::module_& m) {
  m.def("generalized_jacobian", &generalizedJacobian, py::arg("model"), py::arg("state"),
        py::arg("frame"));
  m.def("mechanical_connection", &connection, py::arg("model"), py::arg("state"));
  m.def("attitude_disturbance", &disturbance, py::arg("model"), py::arg("state"));
  m.def("curvature", &curvature, py::arg("model"), py::arg("state"), py::arg("i"), py::arg("j"));
  m.def("disturbance_map", &map, py::arg("model"), py::arg("state"), py::arg("joint_a"),
        py::arg("joint_b"), py::arg("grid"));
  m.def("operational_space_inertia", &operationalInertia, py::arg("model"), py::arg("state"),
        py::arg("frame"), py::arg("vehicle"));
  m.def("momentum_partition", &momenta, py::arg("model"), py::arg("state"));
  m.def("manipulability", &manipulabilityOf, py::arg("model"), py::arg("state"), py::arg("frame"),
        py::arg("jacobian"), py::arg("rows"));
}

}  // namespace vms::python
