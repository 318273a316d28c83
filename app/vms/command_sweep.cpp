// vms sweep SCENARIO --param PATH=FROM:TO:COUNT [--param ...] [--metric NAME[,NAME...]]
//   [--jobs J] [--shard K/N] [--out FILE.csv]: runs the scenario at every point of the grid
// (docs/design-studies.md), each run exactly as `vms run` makes it (the same ScenarioRun), in
// parallel on J threads, and writes one CSV row of summary.json figures per grid point, in
// grid order whatever the order the runs finish in.
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <thread>

#include "cli_common.hpp"
#include "commands.hpp"
#include "core/io/text_files.hpp"
#include "core/model/inertia_repair.hpp"
#include "core/model/model_error.hpp"
#include "core/scenario/scenario_json.hpp"
#include "core/scenario/user_scenario.hpp"
#include "json_writer.hpp"
#include "sweep_csv.hpp"
#include "sweep_grid.hpp"

namespace vms::cli {

namespace {

const char* kUsage =
    "vms sweep SCENARIO --param PATH=FROM:TO:COUNT [--param ...] [--metric NAME[,NAME...]] "
    "[--jobs J] [--shard K/N] [--out FILE.csv]";

// The figures written when --metric is not given (those the scenario has).
const char* kDefaultMetrics[] = {
    "max_vehicle_attitude_deviation", "final_vehicle_attitude_deviation",
    "max_vehicle_com_displacement",   "linear_momentum_drift",
    "angular_momentum_drift",         "tracking_error_max",
    "manipulability_fixed_min",       "manipulability_floating_min"};

struct Shard {
  long k = 1, n = 1;  // 1-based: grid points with index % n == k - 1
};

Shard parseShard(const std::string& text) {
  Shard s;
  char* end = nullptr;
  const char* p = text.c_str();
  errno = 0;
  s.k = std::strtol(p, &end, 10);
  bool ok = end != p && *end == '/' && errno != ERANGE;
  if (ok) {
    const char* q = end + 1;
    s.n = std::strtol(q, &end, 10);
    ok = end != q && *end == '\0' && errno != ERANGE && s.n >= 1 && s.k >= 1 && s.k <= s.n;
  }
  if (!ok)
    throw UsageError("--shard: expected K/N with 1 <= K <= N (e.g. 2/8), got '" + text + "'");
  return s;
}

std::vector<std::string> splitNames(const std::string& text) {
  std::vector<std::string> names;
  for (std::size_t start = 0; start <= text.size();) {
    std::size_t end = text.find(',', start);
    if (end == std::string::npos) end = text.size();
    const std::string name = text.substr(start, end - start);
    if (name.empty()) throw UsageError("--metric: empty metric name in '" + text + "'");
    names.push_back(name);
    start = end + 1;
  }
  return names;
}

// "name = value, name = value" of a grid point, for messages.
std::string pointText(const SweepGrid& grid, std::size_t index) {
  std::string s = "grid point " + std::to_string(index) + " (";
  const std::vector<double> v = grid.values(index);
  for (std::size_t k = 0; k < v.size(); ++k)
    s += (k ? ", " : "") + grid.parameters()[k].name + " = " + jsonNumber(v[k]);
  return s + ")";
}

// The result of one grid point.
struct PointResult {
  bool done = false;
  bool diverged = false;
  std::string message;  // the error (the point failed) or the divergence
  std::vector<double> metrics;
  std::vector<std::string> warnings;
};

class Sweep {
 public:
  Sweep(std::string path, const io::Json& scenario, SweepGrid grid, bool repair)
      : path_(std::move(path)),
        base_dir_(scenarioFolder(path_)),
        scenario_(scenario),
        grid_(std::move(grid)),
        repair_(repair) {}

  const SweepGrid& grid() const { return grid_; }

  /// The scenario of grid point `index`, assembled; errors name the file and the point.
  Scenario assemble(std::size_t index, std::vector<std::string>* warnings) const {
    try {
      // The file's own name as the source: warnings are the same at every point.
      ScenarioDescription d = parseScenarioDescription(grid_.apply(scenario_, index).dump(), path_,
                                                       base_dir_, warnings);
      if (repair_)
        for (const std::string& w : repairInertias(d.model.description))
          warnings->push_back(path_ + ": model: " + w);
      return assembleScenario(d, warnings);
    } catch (const ModelError& e) {
      throw ModelError(atPoint(index, withRepairHint(e.what())));
    } catch (const std::bad_alloc&) {
      throw ModelError(atPoint(index, "out of memory"));
    } catch (const std::exception& e) {
      throw ModelError(atPoint(index, e.what()));
    }
  }

  /// "<file>: grid point I (...): <problem>" from a message that may start with "<file>: ".
  std::string atPoint(std::size_t index, std::string message) const {
    if (message.rfind(path_ + ": ", 0) == 0) message.erase(0, path_.size() + 2);
    return path_ + ": " + pointText(grid_, index) + ": " + message;
  }

  /// The names of every figure of grid point 0 (summary.json's keys).
  std::vector<std::string> figureNames() const {
    std::vector<std::string> warnings;
    const Scenario s = assemble(0, &warnings);
    std::vector<std::string> names;
    for (const auto& [key, value] : startUserScenarioRun(s, path_)->summaryNumbers())
      names.push_back(key);
    return names;
  }

  void run(std::size_t index, const std::vector<std::string>& metrics, PointResult& r) const {
    try {
      const Scenario s = assemble(index, &r.warnings);
      const std::unique_ptr<ScenarioRun> run = startUserScenarioRun(s, path_);
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
          message.rfind(path_ + ": grid point ", 0) == 0 ? message : atPoint(index, message);
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

 private:
  std::string path_, base_dir_;
  const io::Json& scenario_;
  SweepGrid grid_;
  bool repair_;
};

// --param may be given several times: taken out of argv before the other options are parsed.
std::vector<std::string> takeParams(int argc, char** argv, std::vector<char*>* rest) {
  std::vector<std::string> params;
  for (int i = 0; i < argc; ++i) {
    if (i >= 2 && !std::strcmp(argv[i], "--param")) {
      if (i + 1 >= argc) throw UsageError("option --param needs a value");
      params.push_back(argv[++i]);
    } else if (i >= 2 && !std::strncmp(argv[i], "--param=", 8)) {
      params.push_back(argv[i] + 8);
    } else {
      rest->push_back(argv[i]);
    }
  }
  return params;
}

}  // namespace

int runSweep(int argc, char** argv) {
  if (argc >= 3 && !std::strcmp(argv[2], "merge")) return runSweepMerge(argc, argv);
  std::vector<char*> rest;
  const std::vector<std::string> param_texts = takeParams(argc, argv, &rest);
  const Arguments args(static_cast<int>(rest.size()), rest.data(), 2,
                       {"metric", "jobs", "shard", "out"}, {"repair-inertia"});
  if (args.positional().size() != 1)
    throw UsageError("expected one SCENARIO file; usage: " + std::string(kUsage));
  if (param_texts.empty())
    throw UsageError("at least one --param PATH=FROM:TO:COUNT; usage: " + std::string(kUsage));
  std::vector<SweepParameter> parameters;
  for (const std::string& t : param_texts) parameters.push_back(parseSweepParameter(t));
  const Shard shard = args.has("shard") ? parseShard(*args.get("shard")) : Shard{};
  const long hardware = std::max(1u, std::thread::hardware_concurrency());
  const long jobs = args.integer("jobs", hardware);
  if (jobs < 1 || jobs > 1024)
    throw UsageError("--jobs: expected 1 to 1024, got " + std::to_string(jobs));

  // The scenario with its model and initial state inline: every number of it has a path.
  const std::string path = args.positional()[0];
  std::vector<std::string> warnings;
  const io::Json scenario = namingFile(path, [&] {
    ScenarioDescription d = readScenarioDescription(path, &warnings);
    d.model.path.clear();
    d.model.description.dh.reset();  // link by link (a DH table would hide /model/links/...)
    if (d.initial_state) d.initial_state->path.clear();
    return io::parseJsonText(writeScenarioJson(d), path);
  });
  for (SweepParameter& p : parameters) resolveSweepParameter(p, scenario);
  const Sweep sweep(path, scenario, SweepGrid(std::move(parameters)), args.has("repair-inertia"));

  // The metrics, checked against grid point 0's figures (the same for every shard).
  const std::vector<std::string> figures = sweep.figureNames();
  std::vector<std::string> metrics;
  const auto has = [&](const std::string& m) {
    return std::find(figures.begin(), figures.end(), m) != figures.end();
  };
  if (const auto m = args.get("metric"); m && *m == "all") {
    metrics = figures;
  } else if (m) {
    for (const std::string& name : splitNames(*m)) {
      if (!has(name)) {
        std::string list;
        for (const std::string& f : figures) list += (list.empty() ? "" : ", ") + f;
        throw UsageError("--metric: the scenario has no figure '" + name + "' (figures: " + list +
                         ", or all)");
      }
      metrics.push_back(name);
    }
  } else {
    for (const char* name : kDefaultMetrics)
      if (has(name)) metrics.push_back(name);
  }

  // --out is writable before hours of runs are spent (an empty file until the sweep ends).
  if (const auto out = args.get("out")) {
    makeParentDirectories(*out);
    io::writeTextFile(*out, "");
  }

  // This shard's grid points, run by `jobs` threads; each takes the next point not yet taken.
  std::vector<std::size_t> points;
  for (std::size_t i = static_cast<std::size_t>(shard.k - 1); i < sweep.grid().size();
       i += static_cast<std::size_t>(shard.n))
    points.push_back(i);
  std::vector<PointResult> results(points.size());
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  auto worker = [&] {
    for (std::size_t p; !failed && (p = next++) < points.size();) {
      sweep.run(points[p], metrics, results[p]);
      if (!results[p].done) failed = true;
    }
  };
  std::vector<std::thread> threads;
  const std::size_t n_threads =
      std::min<std::size_t>(static_cast<std::size_t>(jobs), points.size());
  for (std::size_t t = 1; t < n_threads; ++t) threads.emplace_back(worker);
  worker();
  for (std::thread& t : threads) t.join();

  // Messages in grid order; the first failed point (in grid order) is the error.
  for (const PointResult& r : results)
    for (const std::string& w : r.warnings)
      if (std::find(warnings.begin(), warnings.end(), w) == warnings.end()) warnings.push_back(w);
  for (const std::string& w : warnings) printWarning(w);
  for (const PointResult& r : results)
    if (!r.done && !r.message.empty()) throw ModelError(r.message);

  SweepCsv csv(sweep.grid(), metrics);
  int status = kExitOk;
  for (std::size_t p = 0; p < points.size(); ++p) {
    const PointResult& r = results[p];
    if (r.diverged) {
      std::fprintf(stderr, "vms: %s; its row holds the figures up to then\n", r.message.c_str());
      status = kExitDiverged;
    }
    csv.addRow(points[p], r.metrics, r.diverged ? kExitDiverged : kExitOk);
  }
  if (const auto out = args.get("out")) {
    io::writeTextFile(*out, csv.text());
  } else {
    std::fputs(csv.text().c_str(), stdout);
  }
  return status;
}

}  // namespace vms::cli
