// vms run SCENARIO [--out DIR]: runs a *.scenario.json (docs/scenario-format.md) and writes
// DIR/trajectory.csv and DIR/summary.json (default DIR: ./out/<scenario name>).
#include <chrono>
#include <cstdio>
#include <memory>
#include <variant>

#include "cli_common.hpp"
#include "commands.hpp"
#include "core/io/text_files.hpp"
#include "core/model/model_error.hpp"
#include "core/scenario/output_csv.hpp"
#include "core/scenario/run_summary.hpp"
#include "core/scenario/user_scenario.hpp"
#include "json_writer.hpp"

namespace vms::cli {

namespace {

struct FileCloser {
  void operator()(std::FILE* f) const {
    if (f) std::fclose(f);
  }
};

// One summary.json entry, by its kind.
struct EntryWriter {
  JsonObjectWriter& j;
  const std::string& key;
  void operator()(double x) const { j.number(key, x); }
  void operator()(long x) const { j.integer(key, x); }
  void operator()(const std::string& s) const { j.string(key, s); }
  void operator()(const std::vector<std::string>& s) const { j.strings(key, s); }
};

}  // namespace

int runRun(int argc, char** argv) {
  const char* usage = "vms run SCENARIO [--out DIR] [--repair-inertia]";
  const Arguments args(argc, argv, 2, {"out"}, {"repair-inertia"});
  if (args.positional().size() != 1)
    throw UsageError("expected one SCENARIO file; usage: " + std::string(usage));
  std::vector<std::string> warnings;
  const std::string path = args.positional()[0];
  const Scenario scenario = loadUserScenario(path, args.has("repair-inertia"), &warnings);
  for (const auto& w : warnings) printWarning(w);
  // The set-up's errors name the file.
  const std::unique_ptr<ScenarioRun> run = startUserScenarioRun(scenario, path);
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
  if (!run->notice().empty()) std::fprintf(stderr, "vms: note: %s\n", run->notice().c_str());

  JsonObjectWriter j;
  for (const SummaryEntry& e : runSummary(*run, wall)) std::visit(EntryWriter{j, e.key}, e.value);
  io::writeTextFile(dir + "/summary.json", j.str());
  return status;
}

}  // namespace vms::cli
