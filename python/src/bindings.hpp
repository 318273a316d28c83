#pragma once
// The groups of names of vms._core, one function per bind_*.cpp file.
#include <pybind11/pybind11.h>

namespace vms::python {

/// vms.InputError and the translation of the core's ModelError into it.
void bindErrors(pybind11::module_& m);

}  // namespace vms::python
