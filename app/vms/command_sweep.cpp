// vms sweep SCENARIO --param PATH=FROM:TO:COUNT [--param ...] [--metric NAME[,NAME...]]
//   [--jobs J] [--shard K/N] [--out FILE.csv]: runs the scenario at every point of the grid
// (docs/design-studies.md), each run exactly as `vms run` makes it (the core's ScenarioSweep),
// in parallel on J threads, and writes one CSV row of summary.json figures per grid point, in
// grid order whatever the order the runs finish in.
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

#include "cli_common.hpp"
#include "commands.hpp"
#include "core/io/text_files.hpp"
#include "core/model/model_error.hpp"
#include "core/scenario/scenario_json.hpp"
#include "core/scenario/scenario_sweep.hpp"
#include "json_writer.hpp"
#include "sweep_csv.hpp"

namespace vms::cli {

namespace {

const char* kUsage =
    "vms sweep SCENARIO --param PATH=FROM:TO:COUNT [--param ...] [--metric NAME[,NAME...]] "
    "[--jobs J] [--shard K/N] [--out FILE.csv]";

// `f(args...)` with a sweep parameter's problem as the usage error of --param.
template <typename F, typename... Args>
auto asParamOption(F&& f, Args&&... args) -> decltype(f(std::forward<Args>(args)...)) {
  try {
    return f(std::forward<Args>(args)...);
  } catch (const SweepParameterError& e) {
    throw UsageError(e.parameter.empty() ? std::string("--param: ") + e.what()
                                         : "--param " + e.parameter + ": " + e.what());
  }
}

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
  for (const std::string& t : param_texts)
    parameters.push_back(asParamOption(parseSweepParameter, t));
  const Shard shard = args.has("shard") ? parseShard(*args.get("shard")) : Shard{};
  const long hardware = std::max(1u, std::thread::hardware_concurrency());
  const long jobs = args.integer("jobs", hardware);
  if (jobs < 1 || jobs > 1024)
    throw UsageError("--jobs: expected 1 to 1024, got " + std::to_string(jobs));

  // The scenario with its model and initial state inline: every number of it has a path.
  const std::string path = args.positional()[0];
  std::vector<std::string> warnings;
  const io::Json scenario = readSweepScenario(path, &warnings);
  for (SweepParameter& p : parameters) asParamOption([&] { resolveSweepParameter(p, scenario); });
  SweepGrid grid = asParamOption([&] { return SweepGrid(std::move(parameters)); });
  const ScenarioSweep sweep(path, scenarioFolder(path), scenario, std::move(grid),
                            args.has("repair-inertia"));

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
    metrics = defaultSweepMetrics(figures);
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
  const std::vector<SweepPointResult> results = sweep.runPoints(points, metrics, jobs);

  // Messages in grid order; the first failed point (in grid order) is the error.
  mergeSweepWarnings(results, warnings);
  for (const std::string& w : warnings) printWarning(w);
  if (const std::string failure = firstSweepFailure(results); !failure.empty())
    throw ModelError(failure);

  SweepCsv csv(sweep.grid(), metrics);
  int status = kExitOk;
  for (std::size_t p = 0; p < points.size(); ++p) {
    const SweepPointResult& r = results[p];
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
