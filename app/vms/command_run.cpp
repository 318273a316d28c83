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
#include "core/algorithms/momentum.hpp"
#include "core/analysis/end_effector_analysis.hpp"
#include "core/io/io_util.hpp"
#include "core/io/trajectory_csv.hpp"
#include "core/model/model_error.hpp"
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

void push3(std::vector<double>& v, const Vec3& x) { v.insert(v.end(), {x[0], x[1], x[2]}); }

// The scenario's "analysis": translational Yoshikawa manipulability of a frame for the
// fixed-base Jacobian Jm (vehicle held) and the generalized Jacobian J* (vehicle free, zero
// momentum), at the current state, by the desktop application's own core function
// (EndEffectorAnalyzer, core/analysis/end_effector_analysis.hpp): the rows of the directions
// the frame can move in (three for a spatial system, the plane for a planar one) and the arm
// joints only (reaction wheels excluded), so the CLI and the app report the same numbers.
class ManipulabilityProbe {
 public:
  ManipulabilityProbe(const Model& m, int frame, std::vector<int> wheel_joints)
      : analyzer_(m, frame, std::move(wheel_joints)), tau_(VecX::Zero(m.njoints)) {}
  void evaluate(const State& state) {
    analyzer_.compute(state, tau_, analysis_);  // tau only enters the reaction wrench
    fixed = analysis_.manipulability_fixed;
    floating = analysis_.manipulability_floating;
    task_dimension = analysis_.task_dimension;
    min_fixed = std::min(min_fixed, fixed);
    max_fixed = std::max(max_fixed, fixed);
    min_floating = std::min(min_floating, floating);
    max_floating = std::max(max_floating, floating);
  }
  double fixed = 0.0, floating = 0.0;
  double min_fixed = HUGE_VAL, max_fixed = 0.0, min_floating = HUGE_VAL, max_floating = 0.0;
  int task_dimension = 0;

 private:
  EndEffectorAnalyzer analyzer_;
  EndEffectorAnalysis analysis_;
  VecX tau_;
};

}  // namespace

int runRun(int argc, char** argv) {
  const char* usage = "vms run SCENARIO [--out DIR]";
  const Arguments args(argc, argv, 2, {"out"});
  if (args.positional().size() != 1)
    throw UsageError("expected one SCENARIO file; usage: " + std::string(usage));
  std::vector<std::string> warnings;
  const std::string path = args.positional()[0];
  const Scenario scenario = namingFile(path, [&] { return loadScenario(path, &warnings); });
  for (const auto& w : warnings) printWarning(w);
  Simulator sim(scenario);
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

  std::vector<std::string> extra;
  for (const auto& j : m.joint_names) extra.push_back("tau:" + j);
  for (const auto& t : scenario.thrusters) extra.push_back("thrust:" + t.name);
  for (const char* c : {"vehicle_attitude_deviation",
                        "vehicle_com_dx",
                        "vehicle_com_dy",
                        "vehicle_com_dz",
                        "system_com_x",
                        "system_com_y",
                        "system_com_z",
                        "P_vehicle_x",
                        "P_vehicle_y",
                        "P_vehicle_z",
                        "P_arm_x",
                        "P_arm_y",
                        "P_arm_z",
                        "L_vehicle_x",
                        "L_vehicle_y",
                        "L_vehicle_z",
                        "L_arm_x",
                        "L_arm_y",
                        "L_arm_z",
                        "energy",
                        "actuator_work"})
    extra.push_back(c);
  const bool tracking = !scenario.controllers.empty();
  if (tracking) extra.push_back("tracking_error");
  std::unique_ptr<ManipulabilityProbe> probe;
  if (scenario.analysis) {
    std::vector<int> wheels;
    if (!scenario.reaction_wheels.empty())
      wheels = reactionWheelJoints(m, scenario.reaction_wheels);
    probe = std::make_unique<ManipulabilityProbe>(m, scenario.analysis->end_effector_frame,
                                                  std::move(wheels));
    extra.push_back("manipulability_fixed");
    extra.push_back("manipulability_floating");
  }

  const std::string csv_path = dir + "/trajectory.csv";
  std::unique_ptr<std::FILE, FileCloser> file(std::fopen(csv_path.c_str(), "w"));
  if (!file) throw ModelError(csv_path + ": cannot open for writing");
  TrajectoryCsvWriter csv(file.get(), m, extra);
  csv.writeHeader();

  // Running figures for the summary.
  Snapshot first, s;
  double max_dP = 0.0, max_dL = 0.0, P_ref = 0.0, L_ref = 0.0, max_dE = 0.0, E_ref = 0.0;
  double max_dLc = 0.0, Lc_ref = 0.0;  // angular momentum about the (moving) system CoM
  double max_att = 0.0, max_vcom = 0.0, max_scom = 0.0, max_track = 0.0;
  std::vector<double> row;
  double last_finite_time = 0.0;
  auto record = [&](bool write) {
    s = sim.snapshot();
    // A row of inf/nan is never written: the run has diverged even if the state itself is
    // still finite (an energy that overflowed).
    if (!finiteFigures(s)) throw SimulationDiverged(s.time, last_finite_time);
    last_finite_time = s.time;
    if (sim.stepIndex() == 0) first = s;
    const MomentumPartition& p = s.momenta;
    max_dP = std::max(max_dP, (p.linear_total - first.momenta.linear_total).norm());
    max_dL = std::max(max_dL, (p.angular_origin_total - first.momenta.angular_origin_total).norm());
    P_ref = std::max({P_ref, p.linear_total.norm(), p.linear_vehicle.norm(), p.linear_arm.norm()});
    L_ref = std::max({L_ref, p.angular_origin_total.norm(), p.angular_origin_vehicle.norm(),
                      p.angular_origin_arm.norm()});
    max_dLc = std::max(max_dLc, (p.angular_com_total - first.momenta.angular_com_total).norm());
    Lc_ref = std::max({Lc_ref, p.angular_com_total.norm(), p.angular_com_vehicle.norm(),
                       p.angular_com_arm.norm()});
    max_dE = std::max(max_dE, std::abs(s.energy - first.energy - s.actuator_work));
    E_ref = std::max({E_ref, s.kinetic_energy, std::abs(s.actuator_work)});
    max_att = std::max(max_att, s.vehicle_attitude_deviation);
    max_vcom = std::max(max_vcom, s.vehicle_com_displacement.norm());
    max_scom = std::max(max_scom, (p.center_of_mass - first.momenta.center_of_mass).norm());
    max_track = std::max(max_track, s.tracking_error);
    if (probe) probe->evaluate(s.state);
    if (!write) return;
    row.clear();
    for (Eigen::Index k = 0; k < s.joint_torque.size(); ++k) row.push_back(s.joint_torque[k]);
    for (Eigen::Index k = 0; k < s.thruster_command.size(); ++k)
      row.push_back(s.thruster_command[k]);
    row.push_back(s.vehicle_attitude_deviation);
    push3(row, s.vehicle_com_displacement);
    push3(row, p.center_of_mass);
    push3(row, p.linear_vehicle);
    push3(row, p.linear_arm);
    push3(row, p.angular_origin_vehicle);
    push3(row, p.angular_origin_arm);
    row.push_back(s.energy);
    row.push_back(s.actuator_work);
    if (tracking) row.push_back(s.tracking_error);
    if (probe) {
      row.push_back(probe->fixed);
      row.push_back(probe->floating);
    }
    MomentumSummary ms;
    ms.linear = p.linear_total;
    ms.angular_origin = p.angular_origin_total;
    ms.angular_com = p.angular_com_total;
    ms.center_of_mass = p.center_of_mass;
    ms.kinetic_energy = p.kinetic_total;
    ms.mass = p.mass;
    csv.writeRow(s.time, s.state, ms, row);
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
      .number("real_time_factor", wall > 0.0 ? sim.time() / wall : 0.0)
      .number("linear_momentum_drift", max_dP)
      .number("linear_momentum_drift_relative", P_ref > 0.0 ? max_dP / P_ref : 0.0)
      .number("angular_momentum_drift", max_dL)
      .number("angular_momentum_drift_relative", L_ref > 0.0 ? max_dL / L_ref : 0.0)
      .number("angular_momentum_com_drift", max_dLc)
      .number("angular_momentum_com_drift_relative", Lc_ref > 0.0 ? max_dLc / Lc_ref : 0.0);
  if (sim.externalWork()) {
    j.string("energy_check", "none (thrusters, water or orbit do work that is not accounted)");
  } else {
    const bool driven = !scenario.controllers.empty() || !scenario.constant_tau.isZero();
    j.string("energy_check", driven ? "power_balance" : "energy_drift")
        .number("energy_residual", max_dE)
        .number("energy_residual_relative", E_ref > 0.0 ? max_dE / E_ref : 0.0);
  }
  j.number("max_vehicle_attitude_deviation", max_att)
      .number("final_vehicle_attitude_deviation", s.vehicle_attitude_deviation)
      .number("max_vehicle_com_displacement", max_vcom)
      .number("max_system_com_displacement", max_scom);
  if (tracking)
    j.number("tracking_error_max", max_track).number("tracking_error_final", s.tracking_error);
  if (probe)
    j.string("analysis_frame", scenario.analysis->end_effector)
        .integer("analysis_task_dimension", probe->task_dimension)
        .number("manipulability_fixed_min", probe->min_fixed)
        .number("manipulability_fixed_max", probe->max_fixed)
        .number("manipulability_floating_min", probe->min_floating)
        .number("manipulability_floating_max", probe->max_floating);
  j.strings("columns", csv.columns());
  io::writeTextFile(dir + "/summary.json", j.str());
  return status;
}

}  // namespace vms::cli
