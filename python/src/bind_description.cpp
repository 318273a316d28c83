// Model descriptions from Python: a model's description, a model file's description before
// compiling, and compile_model, which compiles an edited description through the same parser
// and compiler as `vms` reads a .vms.json file with (core/io/user_files.hpp). A description
// crosses as the text of a .vms.json file (docs/model-format.md); vms/__init__.py makes it a
// dict. Also the core's generated models: random_tree, random_state.
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "core/io/model_io.hpp"
#include "core/io/user_files.hpp"
#include "core/io/vms_json.hpp"
#include "core/model/sample_models.hpp"
#include "model_arguments.hpp"

namespace py = pybind11;

namespace vms::python {

namespace {

std::string modelDescriptionText(const PyModel& model) {
  return writeVmsJson(savableDescription(*model.model));
}

std::string fileDescriptionText(const std::string& path) {
  std::vector<std::string> warnings;
  ModelDescription d = loadUserModelDescription(path, &warnings);
  warnInput(warnings);
  d.dh.reset();  // written out as links, joints and frame, every number where it can be edited
  return writeVmsJson(d);
}

PyModel compileModelText(const std::string& text, const std::string& source,
                         const std::optional<std::string>& base, bool repair_inertia) {
  const std::optional<BaseType> type = baseTypeArgument(base);
  std::vector<std::string> warnings;
  auto model = std::make_shared<const Model>(
      loadUserModelText(text, source, type, repair_inertia, &warnings));
  warnInput(warnings);
  return PyModel{std::move(model)};
}

std::string randomTreeText(std::uint64_t seed, int bodies, const std::string& base, bool chain,
                           double prismatic_fraction, int fixed_links) {
  RandomTreeOptions o;
  o.seed = seed;
  o.bodies = bodies;
  o.base = *baseTypeArgument(base);
  o.chain = chain;
  o.prismatic_fraction = prismatic_fraction;
  o.fixed_links = fixed_links;
  if (bodies < 1)
    throw py::value_error("bodies: expected at least 1, got " + std::to_string(bodies));
  if (fixed_links < 0)
    throw py::value_error("fixed_links: expected 0 or more, got " + std::to_string(fixed_links));
  if (!(prismatic_fraction >= 0.0 && prismatic_fraction <= 1.0))
    throw py::value_error("prismatic_fraction: expected a number from 0 to 1");
  return writeVmsJson(randomTree(o));
}

PyState randomStateOf(const PyModel& model, std::uint64_t seed) {
  const Model& m = *model.model;
  return PyState{model.model, randomState(m, seed), VecX::Zero(m.njoints), "<random state>"};
}

}  // namespace

void bindDescription(py::module_& m) {
  m.def("model_description_text", &modelDescriptionText, py::arg("model"),
        "A model's description as .vms.json text (see vms.Model.description).");
  m.def("file_description_text", &fileDescriptionText, py::arg("path"),
        "A model file's description as .vms.json text (see vms.load_description).");
  m.def("compile_model_text", &compileModelText, py::arg("text"), py::arg("source"),
        py::arg("base"), py::arg("repair_inertia"),
        "Compiles .vms.json text as vms reads a model file (see vms.compile_model).");
  m.def("random_tree_text", &randomTreeText, py::arg("seed"), py::arg("bodies"), py::arg("base"),
        py::arg("chain"), py::arg("prismatic_fraction"), py::arg("fixed_links"),
        "The core's random tree as .vms.json text (see vms.random_tree).");
  m.def("random_state", &randomStateOf, py::arg("model"), py::arg("seed"),
        "The core's random state of a model (see vms.random_state).");
}

}  // namespace vms::python
