// vms.sweep: a design study run by the core's ScenarioSweep exactly as `vms sweep` runs it (each
// grid point by the core run loop, in parallel on `jobs` threads, GIL released), returned as the
// sweep table's columns.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <thread>

#include "bindings.hpp"
#include "core/model/model_error.hpp"
#include "core/scenario/scenario_json.hpp"
#include "core/scenario/scenario_sweep.hpp"

namespace py = pybind11;

namespace vms::python {

namespace {

// `f()` with a sweep parameter's problem as a ValueError naming the params entry.
template <typename F>
auto asParams(F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const SweepParameterError& e) {
    throw py::value_error(e.parameter.empty() ? std::string("params: ") + e.what()
                                              : "params['" + e.parameter + "']: " + e.what());
  }
}

std::vector<std::string> chooseMetrics(const std::vector<std::string>& figures,
                                       const std::optional<std::vector<std::string>>& names) {
  if (!names) return defaultSweepMetrics(figures);
  if (names->size() == 1 && names->front() == "all") return figures;
  for (const std::string& name : *names)
    if (std::find(figures.begin(), figures.end(), name) == figures.end()) {
      std::string list;
      for (const std::string& f : figures) list += (list.empty() ? "" : ", ") + f;
      throw py::value_error("metrics: the scenario has no figure '" + name + "' (figures: " + list +
                            ", or all)");
    }
  return *names;
}

template <typename T>
py::array_t<T> column(const std::vector<T>& values) {
  py::array_t<T> a(static_cast<py::ssize_t>(values.size()));
  std::copy(values.begin(), values.end(), a.mutable_data());
  return a;
}

py::dict sweep(const std::string& source, const std::string& base_dir, io::Json scenario,
               std::vector<std::string> warnings,
               const std::vector<std::pair<std::string, std::vector<double>>>& params,
               const std::optional<std::vector<std::string>>& metric_names,
               const std::optional<long>& jobs_option, bool repair_inertia,
               const std::optional<std::pair<long, long>>& shard) {
  if (params.empty()) throw py::value_error("params: at least one {path: values}");
  const long jobs =
      jobs_option.value_or(std::max(1L, static_cast<long>(std::thread::hardware_concurrency())));
  if (jobs < 1 || jobs > 1024)
    throw py::value_error("jobs: expected 1 to 1024, got " + std::to_string(jobs));
  const auto [shard_k, shard_n] = shard.value_or(std::pair<long, long>(1, 1));
  if (shard_n < 1 || shard_k < 1 || shard_k > shard_n)
    throw py::value_error("shard: expected (k, n) with 1 <= k <= n, got (" +
                          std::to_string(shard_k) + ", " + std::to_string(shard_n) + ")");
  std::vector<SweepParameter> parameters;
  for (const auto& [path, values] : params)
    parameters.push_back(asParams([&] { return listedSweepParameter(path, values); }));
  for (SweepParameter& p : parameters) asParams([&] { resolveSweepParameter(p, scenario); });
  SweepGrid grid = asParams([&] { return SweepGrid(std::move(parameters)); });
  const ScenarioSweep sweep(source, base_dir, std::move(scenario), std::move(grid), repair_inertia);

  std::vector<std::string> figures, metrics;
  std::vector<SweepPointResult> results;
  // The shard's grid points, as vms sweep --shard K/N takes them: index % n == k - 1.
  std::vector<std::size_t> points;
  for (std::size_t i = static_cast<std::size_t>(shard_k - 1); i < sweep.grid().size();
       i += static_cast<std::size_t>(shard_n))
    points.push_back(i);
  {
    py::gil_scoped_release release;
    figures = sweep.figureNames();
    metrics = chooseMetrics(figures, metric_names);
  }
  {
    py::gil_scoped_release release;
    results = sweep.runPoints(points, metrics, jobs);
  }
  mergeSweepWarnings(results, warnings);
  warnInput(warnings);
  if (const std::string failure = firstSweepFailure(results); !failure.empty())
    throw ModelError(failure);

  // The columns of vms sweep's CSV: index, the parameters, the metrics, status, grid_points.
  const SweepGrid& g = sweep.grid();
  std::vector<long> index(points.size()), status(points.size()), size(points.size(), g.size());
  std::vector<std::vector<double>> values(g.parameters().size(),
                                          std::vector<double>(points.size())),
      figures_at(metrics.size(), std::vector<double>(points.size()));
  for (std::size_t p = 0; p < points.size(); ++p) {
    const SweepPointResult& r = results[p];
    if (r.diverged) {
      const std::string message = r.message + "; its row holds the figures up to then";
      if (PyErr_WarnEx(PyExc_RuntimeWarning, message.c_str(), 1) != 0)
        throw py::error_already_set();
    }
    index[p] = static_cast<long>(points[p]);
    status[p] = r.diverged ? 3 : 0;
    const std::vector<double> v = g.values(points[p]);
    for (std::size_t k = 0; k < v.size(); ++k) values[k][p] = v[k];
    for (std::size_t m = 0; m < metrics.size(); ++m) figures_at[m][p] = r.metrics[m];
  }
  py::dict table;
  table["index"] = column(index);
  for (std::size_t k = 0; k < g.parameters().size(); ++k)
    table[py::str(g.parameters()[k].name)] = column(values[k]);
  for (std::size_t m = 0; m < metrics.size(); ++m)
    table[py::str(metrics[m])] = column(figures_at[m]);
  table["status"] = column(status);
  table["grid_points"] = column(size);
  return table;
}

}  // namespace

void bindSweep(py::module_& m) {
  m.def(
      "sweep_file",
      [](const std::string& path,
         const std::vector<std::pair<std::string, std::vector<double>>>& params,
         const std::optional<std::vector<std::string>>& metrics, const std::optional<long>& jobs,
         bool repair_inertia, const std::optional<std::pair<long, long>>& shard) {
        std::vector<std::string> warnings;
        io::Json scenario = readSweepScenario(path, &warnings);
        return sweep(path, scenarioFolder(path), std::move(scenario), std::move(warnings), params,
                     metrics, jobs, repair_inertia, shard);
      },
      py::arg("path"), py::arg("params"), py::arg("metrics"), py::arg("jobs"),
      py::arg("repair_inertia"), py::arg("shard"),
      "Runs a design study of a scenario file (see vms.sweep).");
  m.def(
      "sweep_text",
      [](const std::string& text, const std::string& source, const std::string& base_dir,
         const std::vector<std::pair<std::string, std::vector<double>>>& params,
         const std::optional<std::vector<std::string>>& metrics, const std::optional<long>& jobs,
         bool repair_inertia, const std::optional<std::pair<long, long>>& shard) {
        std::vector<std::string> warnings;
        io::Json scenario = parseSweepScenario(text, source, base_dir, &warnings);
        return sweep(source, base_dir, std::move(scenario), std::move(warnings), params, metrics,
                     jobs, repair_inertia, shard);
      },
      py::arg("text"), py::arg("source"), py::arg("base_dir"), py::arg("params"),
      py::arg("metrics"), py::arg("jobs"), py::arg("repair_inertia"), py::arg("shard"),
      "Runs a design study of a scenario given as JSON text (see vms.sweep).");
}

}  // namespace vms::python
