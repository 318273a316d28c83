// vms.run: a scenario run by the core's run loop (ScenarioRun) exactly as `vms run` runs it,
// the trajectory kept in memory (OutputTable: the CSV's columns and doubles) instead of a file,
// summary.json as a dict (runSummary, the entries `vms run` writes). GIL released while it
// runs.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <chrono>

#include "bindings.hpp"
#include "core/scenario/output_table.hpp"
#include "core/scenario/run_summary.hpp"
#include "core/scenario/step_count.hpp"
#include "core/scenario/user_scenario.hpp"

namespace py = pybind11;

namespace vms::python {

namespace {

// Rows the run will output (the first instant, every output_every-th step, the last), capped:
// reserved so that the steps do not reallocate the table.
long expectedRows(const Scenario& s) {
  if (!stepCountProblem(s.duration, s.dt).empty()) return 0;
  const long steps = stepCount(s.duration, s.dt);
  return std::min(steps / std::max(1L, s.output_every) + 2, 1000000L);
}

py::object summaryValue(const SummaryValue& v) {
  return std::visit([](const auto& x) -> py::object { return py::cast(x); }, v);
}

py::tuple runScenario(const Scenario& scenario, const std::string& source) {
  std::unique_ptr<ScenarioRun> run = startUserScenarioRun(scenario, source);
  OutputTable table(run->quantities());
  table.reserve(expectedRows(scenario));
  double wall = 0.0;
  {
    py::gil_scoped_release release;
    const auto start = std::chrono::steady_clock::now();
    run->setOutput(&table);
    run->runToEnd();
    wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  if (run->diverged()) {
    const std::string message = run->divergenceMessage() + "; the columns hold the rows up to then";
    if (PyErr_WarnEx(PyExc_RuntimeWarning, message.c_str(), 1) != 0) throw py::error_already_set();
  }
  py::dict columns;
  const long rows = table.rowCount();
  const std::size_t width = table.columns().size();
  for (std::size_t c = 0; c < width; ++c) {
    py::array_t<double> column(rows);
    double* out = column.mutable_data();
    for (long r = 0; r < rows; ++r)
      out[r] = table.values()[static_cast<std::size_t>(r) * width + c];
    columns[py::str(table.columns()[c])] = column;
  }
  py::dict summary;
  for (const SummaryEntry& e : runSummary(*run, wall))
    summary[py::str(e.key)] = summaryValue(e.value);
  return py::make_tuple(columns, summary);
}

py::tuple runFile(const std::string& path, bool repair_inertia) {
  std::vector<std::string> warnings;
  const Scenario scenario = loadUserScenario(path, repair_inertia, &warnings);
  warnInput(warnings);
  return runScenario(scenario, path);
}

py::tuple runText(const std::string& text, const std::string& source, const std::string& base_dir,
                  bool repair_inertia) {
  std::vector<std::string> warnings;
  const Scenario scenario = parseUserScenario(text, source, base_dir, repair_inertia, &warnings);
  warnInput(warnings);
  return runScenario(scenario, source);
}

}  // namespace

void bindRun(py::module_& m) {
  m.def("run_file", &runFile, py::arg("path"), py::arg("repair_inertia") = false,
        "Runs a scenario file as vms run does (see vms.run).");
  m.def("run_text", &runText, py::arg("text"), py::arg("source"), py::arg("base_dir"),
        py::arg("repair_inertia") = false, "Runs a scenario given as JSON text (see vms.run).");
}

}  // namespace vms::python
