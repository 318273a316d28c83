// vms.InputError: a model, state or scenario that cannot be used. Its message is the line the
// command line prints on stderr for the same input ("vms: <file>: <element>: <problem>").
#include <pybind11/pybind11.h>

#include "bindings.hpp"
#include "core/model/model_error.hpp"
#include "core/model/names.hpp"

namespace py = pybind11;

namespace vms::python {

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
}

}  // namespace vms::python
