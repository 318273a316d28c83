// vms._core: the C++ side of the Python package `vms` (python/vms/ re-exports and documents
// it). Each bind_*.cpp adds one group of names.
#include <pybind11/pybind11.h>

#include "bindings.hpp"

PYBIND11_MODULE(_core, m) {
  m.doc() = "The C++ core of the vms package (use `import vms`).";
  m.attr("__version__") = VMS_VERSION;
  vms::python::bindErrors(m);
  vms::python::bindModel(m);
  vms::python::bindInspect(m);
  vms::python::bindForwardDynamics(m);
  vms::python::bindDerivatives(m);
  vms::python::bindLinearize(m);
  vms::python::bindRun(m);
  vms::python::bindSweep(m);
  vms::python::bindRegistries(m);
  vms::python::bindSimulator(m);
  vms::python::bindAnalysis(m);
  vms::python::bindDescription(m);
  vms::python::bindWorkspace(m);
  vms::python::bindModelFiles(m);
}
