// vms run SCENARIO [--out DIR]: runs a *.scenario.json (docs/scenario-format.md) and writes
// DIR/trajectory.csv and DIR/summary.json (default DIR: ./out/<scenario name>).
#include <sys/stat.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>

#include "cli_common.hpp"
#include "commands.hpp"
#include "core/actuators/reaction_wheel.hpp"
#include "core/analysis/end_effector_analysis.hpp"
#include "core/io/io_util.hpp"
#include "core/model/inertia_repair.hpp"
#include "core/model/model_error.hpp"
#include "core/scenario/output_csv.hpp"
#include "core/scenario/output_statistics.hpp"
#include "core/scenario/scenario_json.hpp"
#include "core/scenario/simulator.hpp"
#include "json_writer.hpp"

namespace vms::cli {

namespace {

void makeDirectories(const std::string& dir) {
  std::string partial;
  size_t pos = 0;
  while (pos != std::string::npos) {
    pos = dir.find('/', pos + 1);
    partial = dir.substr(0, pos);
    if (partial.empty()) continue;
    struct stat st {};
    if (stat(partial.c_str(), &st) == 0) {
      if (!S_ISDIR(st.st_mode)) throw ModelError(partial + ": exists and is not a directory");
      continue;
    }
    if (mkdir(partial.c_str(), 0777) != 0 && errno != EEXIST)
      throw ModelError(partial + ": cannot create directory");
  }
}

struct FileCloser {
  void operator()(std::FILE* f) const {
    if (f) std::fclose(f);
  }
};

// Momenta, energies and the state of a snapshot are finite (what every row and summary figure
// is made of).
bool finiteFigures(const Snapshot& s) {
  const MomentumPartition& p = s.momenta;
  return s.state.allFinite() && p.linear_total.allFinite() && p.angular_origin_total.allFinite() &&
         p.angular_com_total.allFinite() && p.linear_vehicle.allFinite() &&
         p.linear_arm.allFinite() && p.angular_origin_vehicle.allFinite() &&
         p.angular_origin_arm.allFinite() && p.center_of_mass.allFinite() &&
         std::isfinite(p.kinetic_total) && std::isfinite(s.energy) &&
         std::isfinite(s.actuator_work) && std::isfinite(s.vehicle_attitude_deviation) &&
         s.vehicle_com_displacement.allFinite() && std::isfinite(s.tracking_error) &&
         s.joint_torque.allFinite() && s.thruster_command.allFinite();
}

// The scenario's "analysis": the end-effector figures at the current state by the desktop
// application's own core function (EndEffectorAnalyzer, core/analysis/
// end_effector_analysis.hpp), for the manipulability columns: translational Yoshikawa
// manipulability for the fixed-base Jacobian Jm (vehicle held) and the generalized Jacobian J*
// (vehicle free, zero momentum), over the directions the frame can move in and the arm joints
// only (reaction wheels excluded), so the CLI and the app report the same numbers.
class AnalysisProbe {
 public:
  AnalysisProbe(const Model& m, int frame, std::vector<int> wheel_joints)
      : analyzer_(m, frame, std::move(wheel_joints)), tau_(VecX::Zero(m.njoints)) {}
  const OutputAnalysis& evaluate(const State& state) {
    analyzer_.compute(state, tau_, analysis_);  // tau only enters the reaction wrench
    figures_ = OutputAnalysis(analysis_);
    return figures_;
  }
  int taskDimension() const { return analysis_.task_dimension; }

 private:
  EndEffectorAnalyzer analyzer_;
  EndEffectorAnalysis analysis_;
  OutputAnalysis figures_;
  VecX tau_;
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
  // Whatever the scenario's set-up rejects (a controller, an actuator) names the file too.
  const auto simulator = namingFile(path, [&] { return std::make_unique<Simulator>(scenario); });
  Simulator& sim = *simulator;
  const Model& m = sim.model();
  // An initial state whose momentum or energy overflows is an input error: found before any
  // output exists.
  if (!finiteFigures(sim.snapshot()))
    throw ModelError(path +
                     ": initial_state: the momentum or energy of the initial state is not "
                     "finite (velocities or the model's numbers too large for double "
                     "precision)");
  const std::string dir = args.get("out").value_or("out/" + scenario.name);
  makeDirectories(dir);

  // Every column and summary figure comes from one table (core/scenario/output_quantities.hpp).
  const OutputQuantities quantities = OutputQuantities::forScenario(scenario);
  OutputStatistics statistics(quantities, summaryFigures(scenario, !sim.externalWork()));
  std::unique_ptr<AnalysisProbe> probe;
  if (scenario.analysis) {
    std::vector<int> wheels;
    if (!scenario.reaction_wheels.empty())
      wheels = reactionWheelJoints(m, scenario.reaction_wheels);
    probe = std::make_unique<AnalysisProbe>(m, scenario.analysis->end_effector_frame,
                                            std::move(wheels));
  }

  const std::string csv_path = dir + "/trajectory.csv";
  std::unique_ptr<std::FILE, FileCloser> file(std::fopen(csv_path.c_str(), "w"));
  if (!file) throw ModelError(csv_path + ": cannot open for writing");
  OutputCsvWriter csv(file.get(), quantities);
  csv.writeHeader();

  Snapshot first, s;
  double last_finite_time = 0.0;
  auto record = [&](bool write) {
    sim.snapshot(s);  // reuses s's storage
    // A row of inf/nan is never written: the run has diverged even if the state itself is
    // still finite (an energy that overflowed).
    if (!finiteFigures(s)) throw SimulationDiverged(s.time, last_finite_time);
    last_finite_time = s.time;
    if (sim.stepIndex() == 0) first = s;
    OutputSample sample{&s, probe ? &probe->evaluate(s.state) : nullptr};
    statistics.accumulate(sample, first);
    if (write) csv.writeRow(sample, first);
  };

  const auto start = std::chrono::steady_clock::now();
  record(true);
  int status = kExitOk;
  try {
    while (!sim.finished()) {
      sim.step();
      const bool write = sim.stepIndex() % scenario.output_every == 0 || sim.finished();
      record(write);
    }
  } catch (const SimulationDiverged& e) {
    std::fprintf(stderr, "vms: %s; the CSV holds the rows up to then\n", e.what());
    status = kExitDiverged;
  }
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  JsonObjectWriter j;
  j.string("scenario", scenario.name)
      .string("model", m.name)
      .string("base_type", toString(m.base_type))
      .string("mode", maneuveringModeName(scenario.mode))
      .string("integrator", scenario.integrator)
      .string("status", status == kExitOk ? "ok" : "diverged")
      .number("final_time", sim.time())
      .integer("steps", sim.stepIndex())
      .number("wall_time_s", wall)
      .number("real_time_factor", wall > 0.0 ? sim.time() / wall : 0.0);
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
  if (probe) {
    j.string("analysis_frame", scenario.analysis->end_effector)
        .integer("analysis_task_dimension", probe->taskDimension());
    writeFigures(j, statistics, SummarySection::Analysis);
  }
  j.strings("columns", csv.columns());
  io::writeTextFile(dir + "/summary.json", j.str());
  return status;
}

}  // namespace vms::cli
