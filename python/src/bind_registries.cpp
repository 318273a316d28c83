// vms.solvers(), vms.integrators(), vms.vehicle_types(): the solvers and integrators as their
// registry entries describe themselves (core/model/registry.hpp; the same entries `vms
// solvers`, the desktop app and docs/solvers.md read). The entries live as long as the
// program: Python holds references to them, never copies.
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "core/integrators/integrator_entry.hpp"
#include "core/solvers/solver_entry.hpp"

namespace py = pybind11;

namespace vms::python {

namespace {

BaseType vehicleType(const std::string& name) {
  const std::optional<BaseType> type = baseTypeFromString(name);
  if (!type) throw py::value_error("unknown vehicle type '" + name + "' (" + baseTypeNames() + ")");
  return *type;
}

std::vector<std::string> typeNames(const std::vector<BaseType>& types) {
  std::vector<std::string> names;
  for (BaseType t : types) names.push_back(toString(t));
  return names;
}

template <typename Entry>
std::vector<const Entry*> entries(const Registry<Entry>& registry) {
  std::vector<const Entry*> list;
  for (const Entry& e : registry) list.push_back(&e);
  return list;
}

template <typename Entry>
const Entry& entry(const Registry<Entry>& registry, const std::string& name) {
  if (const Entry* e = registry.find(name)) return *e;
  std::string list;
  for (const std::string& n : registry.names()) list += (list.empty() ? "" : ", ") + n;
  throw py::key_error("unknown " + std::string(registry.kind()) + " '" + name +
                      "' (available: " + list + ")");
}

}  // namespace

void bindRegistries(py::module_& m) {
  py::class_<MethodEntry>(m, "Method", "A solver or integrator as its registry entry describes it.")
      .def_readonly("name", &MethodEntry::name,
                    "The registry name (vms --solver/--integrator, scenario files).")
      .def_readonly("summary", &MethodEntry::summary, "One line (vms solvers, the app's tooltip).")
      .def_readonly("description", &MethodEntry::description,
                    "One paragraph: what it computes and how, its cost.")
      .def_readonly("paper", &MethodEntry::paper,
                    "The paper and its equation numbers ('' for textbook methods).")
      .def(
          "supports",
          [](const MethodEntry& e, const std::string& type) {
            return e.supports(vehicleType(type));
          },
          py::arg("vehicle_type"), "Whether it handles vehicles of this type ('free', ...).")
      .def(
          "refusal",
          [](const MethodEntry& e, const std::string& type) {
            return e.refusal(vehicleType(type));
          },
          py::arg("vehicle_type"), "'' when it handles vehicles of this type, else why not.")
      .def_property_readonly(
          "vehicle_types", [](const MethodEntry& e) { return typeNames(e.supportedTypes()); },
          "The vehicle types it handles.")
      .def("__repr__", [](const MethodEntry& e) { return "<vms.Method '" + e.name + "'>"; });

  py::class_<PrintedVariant>(m, "PrintedVariant",
                             "A printed equation of a solver's paper that the notes correct, "
                             "runnable as a solver variant.")
      .def_readonly("name", &PrintedVariant::name, "The variant's name, e.g. 'printed-nhat'.")
      .def_readonly("equation", &PrintedVariant::equation,
                    "Where the paper prints it, e.g. 'seed 001 (100)'.")
      .def_readonly("explanation", &PrintedVariant::explanation,
                    "What is wrong, and why energy or momentum checks miss it.")
      .def_readonly("documented_error", &PrintedVariant::documented_error,
                    "The relative acceleration error against aba that docs/solvers.md reports "
                    "(0: it shows only in the matrices).");

  py::class_<SolverEntry, MethodEntry>(m, "Solver", "A forward-dynamics solver's registry entry.")
      .def_property_readonly(
          "printed_variants",
          [](const SolverEntry& e) {
            std::vector<const PrintedVariant*> list;
            for (const PrintedVariant& v : e.printed_variants) list.push_back(&v);
            return list;
          },
          py::return_value_policy::reference_internal,
          "Its paper's printed errata, as PrintedVariant objects.")
      .def("__repr__", [](const SolverEntry& e) { return "<vms.Solver '" + e.name + "'>"; });

  py::class_<IntegratorEntry, MethodEntry>(m, "Integrator", "An integrator's registry entry.")
      .def("__repr__",
           [](const IntegratorEntry& e) { return "<vms.Integrator '" + e.name + "'>"; });

  m.def(
      "solvers", [] { return entries(solverRegistry()); }, py::return_value_policy::reference,
      "Every solver, the default first.");
  m.def(
      "integrators", [] { return entries(integratorRegistry()); },
      py::return_value_policy::reference, "Every integrator, the default first.");
  m.def(
      "solver", [](const std::string& name) { return &entry(solverRegistry(), name); },
      py::arg("name"), py::return_value_policy::reference, "The solver called `name`.");
  m.def(
      "integrator", [](const std::string& name) { return &entry(integratorRegistry(), name); },
      py::arg("name"), py::return_value_policy::reference, "The integrator called `name`.");
  m.def(
      "vehicle_types",
      [] {
        std::vector<std::string> names;
        for (BaseType t : kAllBaseTypes) names.push_back(toString(t));
        return names;
      },
      "Every vehicle type name.");
}

}  // namespace vms::python
