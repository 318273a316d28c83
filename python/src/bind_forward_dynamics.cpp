// vms.forward_dynamics: a batch of states (rows of the trajectory CSV's state columns) and
// joint forces to accelerations, looped in C++ (core/analysis/forward_dynamics_batch.hpp) with
// the GIL released. C-contiguous float64 arrays are read in place; others are converted once.
#include <pybind11/eigen.h>
#include <pybind11/numpy.h>

#include "bindings.hpp"
#include "core/analysis/forward_dynamics_batch.hpp"
#include "solver_choice.hpp"

namespace py = pybind11;

namespace vms::python {

namespace {

using InArray = py::array_t<double, py::array::c_style | py::array::forcecast>;

// A 2-D view of `a` (rows x cols) without copying; a 1-D array is one row.
Eigen::Map<const RowMatrix> view(const InArray& a, const char* name) {
  if (a.ndim() == 2) return {a.data(), a.shape(0), a.shape(1)};
  throw py::value_error(std::string("forward_dynamics: ") + name + " must be a 2-D array, got " +
                        std::to_string(a.ndim()) + " dimensions");
}

py::array_t<double> forwardDynamics(const PyModel& model, const InArray& X, const InArray& TAU,
                                    const std::string& solver_name) {
  const Model& m = *model.model;
  auto solver = chooseSolver(m, solver_name, std::nullopt);
  const auto states = view(X, "X");
  const auto tau = view(TAU, "TAU");
  py::array_t<double> out(
      {static_cast<py::ssize_t>(states.rows()), static_cast<py::ssize_t>(6 + m.njoints)});
  Eigen::Map<RowMatrix> result(out.mutable_data(), states.rows(), 6 + m.njoints);
  {
    py::gil_scoped_release release;
    forwardDynamicsBatch(m, *solver, states, tau, result);
  }
  return out;
}

}  // namespace

void bindForwardDynamics(py::module_& m) {
  m.def("forward_dynamics", &forwardDynamics, py::arg("model"), py::arg("X"), py::arg("TAU"),
        py::arg("solver") = "aba",
        "Forward dynamics of a batch of states (see vms.forward_dynamics).");
}

}  // namespace vms::python
