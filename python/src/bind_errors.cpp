// vms.InputError: a model, state or scenario that cannot be used. Its message is the line the
// command line prints on stderr for the same input ("vms: <file>: <element>: <problem>").
// vms.InputWarning: what the command line prints as "vms: warning: ...".
#include <pybind11/pybind11.h>

#include "bindings.hpp"
#include "core/model/model_error.hpp"
#include "core/model/names.hpp"

namespace py = pybind11;

namespace vms::python {

namespace {
PyObject* input_warning = nullptr;
}  // namespace

void bindErrors(py::module_& m) {
  static py::exception<ModelError> input_error(m, "InputError", PyExc_ValueError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const ModelError& e) {
      // As the command line prints it: one line whatever text from a file it quotes.
      input_error(("vms: " + printableText(e.what(), 2000)).c_str());
    }
  });
  input_warning = PyErr_NewException("vms._core.InputWarning", PyExc_UserWarning, nullptr);
  m.attr("InputWarning") = py::handle(input_warning);
}

void warnInput(const std::vector<std::string>& warnings) {
  for (const std::string& w : warnings)
    if (PyErr_WarnEx(input_warning, printableText(w, 2000).c_str(), 1) != 0)
      throw py::error_already_set();  // warnings turned into errors
}

}  // namespace vms::python
