// vms run SCENARIO [--out DIR]: runs a *.scenario.json (docs/scenario-format.md) and writes
// DIR/trajectory.csv and DIR/summary.json (default DIR: ./out/<scenario name>).
#include <chrono>
#include <cstdio>
#include <memory>

#include "cli_common.hpp"
#include "commands.hpp"
#include "core/io/text_files.hpp"
#include "core/model/inertia_repair.hpp"
#include "core/model/model_error.hpp"
#include "core/scenario/output_csv.hpp"
#include "core/scenario/output_statistics.hpp"
#include "core/scenario/scenario_json.hpp"
#include "json_writer.hpp"
#include "scenario_runner.hpp"

namespace vms::cli {

namespace {

struct FileCloser {
  void operator()(std::FILE* f) const {
    if (f) std::fclose(f);
  }
};

void writeFigures(JsonObjectWriter& j, const OutputStatistics& statistics, SummarySection section) {
  for (const OutputStatistics::Figure& f : statistics.figures()) {
    if (f.spec.section != section) continue;
    j.number(f.spec.key, f.value);
    if (f.relative()) j.number(f.spec.key + "_relative", f.relativeValue());
  }
}

}  // namespace

int runRun(int argc, char** argv) {
  const char* usage = "vms run SCENARIO [--out DIR] [--repair-inertia]";
  const Arguments args(argc, argv, 2, {"out"}, {"repair-inertia"});
  if (args.positional().size() != 1)
    throw UsageError("expected one SCENARIO file; usage: " + std::string(usage));
  std::vector<std::string> warnings;
  const std::string path = args.positional()[0];
  const Scenario scenario = namingFile(path, [&] {
    ScenarioDescription description = readScenarioDescription(path, &warnings);
    if (args.has("repair-inertia"))
      for (const std::string& w : repairInertias(description.model.description))
        warnings.push_back(path + ": model: " + w);
    try {
      return assembleScenario(description, &warnings);
    } catch (const ModelError& e) {
      throw ModelError(withRepairHint(e.what()));
    }
  });
  for (const auto& w : warnings) printWarning(w);
  // The set-up's errors name the file.
  const std::unique_ptr<ScenarioRun> run = startScenarioRun(scenario, path);
  const Simulator& sim = run->simulator();
  const Model& m = sim.model();
  const std::string dir = args.get("out").value_or("out/" + scenario.name);
  makeDirectories(dir);

  const std::string csv_path = dir + "/trajectory.csv";
  std::unique_ptr<std::FILE, FileCloser> file(std::fopen(csv_path.c_str(), "w"));
  if (!file) throw ModelError(csv_path + ": cannot open for writing");
  OutputCsvWriter csv(file.get(), run->quantities());
  csv.writeHeader();
  int status = kExitOk;
  const auto start = std::chrono::steady_clock::now();
  run->setOutput(&csv);  // the first row, then every output instant as the run goes
  if (!run->runToEnd()) {
    std::fprintf(stderr, "vms: %s; the CSV holds the rows up to then\n",
                 run->divergenceMessage().c_str());
    status = kExitDiverged;
  }
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const OutputStatistics& statistics = run->statistics();

  JsonObjectWriter j;
  j.string("scenario", scenario.name)
      .string("model", m.name)
      .string("base_type", toString(m.base_type))
      .string("mode", maneuveringModeName(scenario.mode))
      .string("integrator", scenario.integrator)
      .string("status", status == kExitOk ? "ok" : "diverged")
      // The last instant the rows and figures cover (before a divergence, if any).
      .number("final_time", run->current().time)
      .integer("steps", run->steps())
      .number("wall_time_s", wall)
      .number("real_time_factor", wall > 0.0 ? run->current().time / wall : 0.0);
  writeFigures(j, statistics, SummarySection::Momentum);
  if (sim.externalWork()) {
    j.string("energy_check", "none (thrusters, water or orbit do work that is not accounted)");
  } else {
    const bool driven = !scenario.controllers.empty() || !scenario.constant_tau.isZero();
    j.string("energy_check", driven ? "power_balance" : "energy_drift");
    writeFigures(j, statistics, SummarySection::Energy);
  }
  writeFigures(j, statistics, SummarySection::Vehicle);
  writeFigures(j, statistics, SummarySection::Tracking);
  if (scenario.analysis) {
    j.string("analysis_frame", scenario.analysis->end_effector)
        .integer("analysis_task_dimension", run->analysisTaskDimension());
    writeFigures(j, statistics, SummarySection::Analysis);
  }
  j.strings("columns", csv.columns());
  io::writeTextFile(dir + "/summary.json", j.str());
  return status;
}

}  // namespace vms::cli
