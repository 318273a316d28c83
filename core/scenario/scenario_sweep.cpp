#include "core/scenario/scenario_sweep.hpp"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <exception>
#include <new>
#include <thread>

#include "core/io/user_files.hpp"
#include "core/model/inertia_repair.hpp"
#include "core/model/model_error.hpp"
#include "core/scenario/scenario_json.hpp"
#include "core/scenario/user_scenario.hpp"

namespace vms {

namespace {

// The figures written when none are named (those the scenario has).
const char* const kDefaultMetrics[] = {
    "max_vehicle_attitude_deviation", "final_vehicle_attitude_deviation",
    "max_vehicle_com_displacement",   "linear_momentum_drift",
    "angular_momentum_drift",         "tracking_error_max",
    "manipulability_fixed_min",       "manipulability_floating_min"};

// "%.17g" (the sweep table's numbers), independent of the C locale.
std::string number(double x) {
  char buf[40];
  const auto r = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::general, 17);
  return std::string(buf, r.ptr);
}

// "name = value, name = value" of a grid point, for messages.
std::string pointText(const SweepGrid& grid, std::size_t index) {
  std::string s = "grid point " + std::to_string(index) + " (";
  const std::vector<double> v = grid.values(index);
  for (std::size_t k = 0; k < v.size(); ++k)
    s += (k ? ", " : "") + grid.parameters()[k].name + " = " + number(v[k]);
  return s + ")";
}

// Every number of the description has a path: the model and the state inline, link by link.
io::Json sweepJson(ScenarioDescription d, const std::string& source) {
  d.model.path.clear();
  d.model.description.dh.reset();
  if (d.initial_state) d.initial_state->path.clear();
  return io::parseJsonText(writeScenarioJson(d), source);
}

}  // namespace

std::vector<std::string> defaultSweepMetrics(const std::vector<std::string>& figures) {
  std::vector<std::string> metrics;
  for (const char* name : kDefaultMetrics)
    if (std::find(figures.begin(), figures.end(), name) != figures.end()) metrics.push_back(name);
  return metrics;
}

io::Json readSweepScenario(const std::string& path, std::vector<std::string>* warnings) {
  return namingFile(path, [&] { return sweepJson(readScenarioDescription(path, warnings), path); });
}

io::Json parseSweepScenario(const std::string& text, const std::string& source,
                            const std::string& base_dir, std::vector<std::string>* warnings) {
  return namingFile(source, [&] {
    return sweepJson(parseScenarioDescription(text, source, base_dir, warnings), source);
  });
}

ScenarioSweep::ScenarioSweep(std::string source, std::string base_dir, io::Json scenario,
                             SweepGrid grid, bool repair_inertia)
    : source_(std::move(source)),
      base_dir_(std::move(base_dir)),
      scenario_(std::move(scenario)),
      grid_(std::move(grid)),
      repair_(repair_inertia) {}

std::string ScenarioSweep::atPoint(std::size_t index, std::string message) const {
  if (message.rfind(source_ + ": ", 0) == 0) message.erase(0, source_.size() + 2);
  return source_ + ": " + pointText(grid_, index) + ": " + message;
}

Scenario ScenarioSweep::assemble(std::size_t index, std::vector<std::string>* warnings) const {
  try {
    // The file's own name as the source: warnings are the same at every point.
    ScenarioDescription d = parseScenarioDescription(grid_.apply(scenario_, index).dump(), source_,
                                                     base_dir_, warnings);
    if (repair_)
      for (const std::string& w : repairInertias(d.model.description))
        warnings->push_back(source_ + ": model: " + w);
    return assembleScenario(d, warnings);
  } catch (const ModelError& e) {
    throw ModelError(atPoint(index, withRepairHint(e.what())));
  } catch (const std::bad_alloc&) {
    throw ModelError(atPoint(index, "out of memory"));
  } catch (const std::exception& e) {
    throw ModelError(atPoint(index, e.what()));
  }
}

std::vector<std::string> ScenarioSweep::figureNames() const {
  std::vector<std::string> warnings;
  const Scenario s = assemble(0, &warnings);
  std::vector<std::string> names;
  for (const auto& [key, value] : startUserScenarioRun(s, source_)->summaryNumbers())
    names.push_back(key);
  return names;
}

void ScenarioSweep::run(std::size_t index, const std::vector<std::string>& metrics,
                        SweepPointResult& r) const {
  try {
    const Scenario s = assemble(index, &r.warnings);
    const std::unique_ptr<ScenarioRun> run = startUserScenarioRun(s, source_);
    if (!run->runToEnd()) {
      r.diverged = true;
      r.message = atPoint(index, run->divergenceMessage());
    }
    const auto numbers = run->summaryNumbers();
    for (const std::string& m : metrics) {
      const auto it = std::find_if(numbers.begin(), numbers.end(),
                                   [&](const auto& kv) { return kv.first == m; });
      if (it == numbers.end())
        throw ModelError(atPoint(index, "has no figure '" + m +
                                            "' (the parameters change which figures the "
                                            "scenario has)"));
      r.metrics.push_back(it->second);
    }
  } catch (const ModelError& e) {
    const std::string message = e.what();
    r.message =
        message.rfind(source_ + ": grid point ", 0) == 0 ? message : atPoint(index, message);
    return;
  } catch (const std::bad_alloc&) {
    r.message = atPoint(index, "out of memory");
    return;
  } catch (const std::exception& e) {
    r.message = atPoint(index, e.what());
    return;
  }
  r.done = true;
}

std::vector<SweepPointResult> ScenarioSweep::runPoints(const std::vector<std::size_t>& points,
                                                       const std::vector<std::string>& metrics,
                                                       long jobs) const {
  std::vector<SweepPointResult> results(points.size());
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  auto worker = [&] {
    for (std::size_t p; !failed && (p = next++) < points.size();) {
      run(points[p], metrics, results[p]);
      if (!results[p].done) failed = true;
    }
  };
  std::vector<std::thread> threads;
  const std::size_t n_threads =
      std::min<std::size_t>(static_cast<std::size_t>(std::max(1L, jobs)), points.size());
  for (std::size_t t = 1; t < n_threads; ++t) threads.emplace_back(worker);
  worker();
  for (std::thread& t : threads) t.join();
  return results;
}

void mergeSweepWarnings(const std::vector<SweepPointResult>& results,
                        std::vector<std::string>& warnings) {
  for (const SweepPointResult& r : results)
    for (const std::string& w : r.warnings)
      if (std::find(warnings.begin(), warnings.end(), w) == warnings.end()) warnings.push_back(w);
}

std::string firstSweepFailure(const std::vector<SweepPointResult>& results) {
  for (const SweepPointResult& r : results)
    if (!r.done && !r.message.empty()) return r.message;
  return "";
}

}  // namespace vms
