#pragma once
// The one run loop of a scenario, driven by `vms run`, `vms sweep`, the desktop's simulation
// worker and the Python package alike. It steps the Simulator, takes a Snapshot of every
// instant, decides divergence, evaluates the analysis probe (the scenario's "analysis": the
// manipulability of its end-effector frame), accumulates the summary statistics and hands
// every output instant (the first, every `output_every`-th step, the last) to an output.
//
// The divergence rule: an instant has diverged when its state, or any figure of its Snapshot
// that the outputs are made of (momenta, energies, work, deviations, tracking error, joint
// forces, thruster commands, a pull's force and work), is not finite. The Simulator's own
// check (a NaN/Inf state after a step) is the first half of it. A diverged instant is never
// output nor reduced: the statistics and rows cover the instants up to the last finite one,
// and the message names both times and what became NaN/Inf.
//
// Steppable in chunks (advance) or to the end (runToEnd). Between steps a caller may change
// the simulator (reconfiguration, a pull, hold pose) and then call refresh(), or restart it
// through restart(). Once constructed, a step allocates nothing (given an output that does
// not).
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/scenario/output_quantities.hpp"
#include "core/scenario/output_statistics.hpp"
#include "core/scenario/run_output.hpp"
#include "core/scenario/scenario.hpp"
#include "core/scenario/simulator.hpp"

namespace vms {

/// What of `s` is not finite, as the divergence message names it ("state", "energy", ...);
/// nullptr when every figure of the rule is finite.
const char* nonFiniteFigure(const Snapshot& s);

class ScenarioRun {
 public:
  /// Builds the Simulator for `scenario` (throws what its set-up rejects).
  explicit ScenarioRun(const Scenario& scenario);
  /// assembleScenario(description, warnings), then as above.
  explicit ScenarioRun(const ScenarioDescription& description,
                       std::vector<std::string>* warnings = nullptr);
  /// Runs a Simulator made by the caller (the desktop keeps its reconfigurations), from the
  /// instant it is at, which becomes the first instant. Throws std::invalid_argument if null.
  explicit ScenarioRun(std::shared_ptr<Simulator> simulator);
  ~ScenarioRun();
  ScenarioRun(const ScenarioRun&) = delete;
  ScenarioRun& operator=(const ScenarioRun&) = delete;

  /// Where output instants go (not owned; nullptr: nowhere): OutputCsvWriter, OutputTable, ...
  /// Set before the first step, the first instant is written at once.
  void setOutput(RunOutput* output);

  /// Steps at most `max_steps` times; stops early at the end of the run or at a divergence.
  /// Returns the steps taken (0 once finished or diverged).
  long advance(long max_steps = 1);
  /// Steps to the end; returns false if the run diverged.
  bool runToEnd();

  bool finished() const { return simulator_->finished(); }
  /// Steps taken to finite instants (those the statistics and the outputs cover): the
  /// simulator's step index for a run that neither diverged nor restarted.
  long steps() const { return steps_; }
  /// The last step (or the first instant) diverged; the run does not step until
  /// resumeFromLastFinite().
  bool diverged() const { return diverged_; }
  /// The last divergence, e.g. "simulation diverged at t = 0.5 s (energy became NaN/Inf); last
  /// finite state at t = 0.49 s", or "the initial state is not finite (NaN/Inf)"; "" if the run
  /// never diverged.
  const std::string& divergenceMessage() const { return divergence_; }
  /// Time of the instant that diverged (-1 before any divergence).
  double divergenceTime() const { return divergence_time_; }
  /// The latest notice of an event that does not stop the run, for the command line, the
  /// desktop log and the Python package alike: the first instant at which the end-effector
  /// task of a reaction_null_space controller has left the reaction null space, e.g. "the
  /// end-effector task left the reaction null space at t = 4.2 s (null-space residual
  /// 0.0012, vehicle rotation rate 3.1e-05 rad/s): least-disturbance joint rates while it is
  /// outside". "" while there is none; noticeCount() counts them (a poller's new-notice test).
  const std::string& notice() const { return notice_; }
  long noticeCount() const { return notice_count_; }
  /// The current instant is one of the run's output instants (step index a multiple of
  /// output_every from the start or the last restart, or the end).
  bool atOutputInstant() const;

  /// The simulator goes on from `state` at time t (Simulator::restart) and the current instant
  /// is taken again; a diverged run steps again if that instant is finite. Neither the
  /// statistics nor the output get it (it is not a step of the run).
  void restart(const State& state, double t, double actuator_work);
  /// Takes the current instant again after a change to the simulator between steps (a
  /// reconfiguration, a pull, hold pose). Does nothing while diverged: the last finite instant
  /// is kept for resumeFromLastFinite().
  void refresh();
  /// After a divergence: restarts the simulator at the last finite instant (a smaller dt or
  /// another integrator may continue from there). False (nothing changes) if there is none.
  bool resumeFromLastFinite();

  Simulator& simulator() { return *simulator_; }
  const Simulator& simulator() const { return *simulator_; }
  const Scenario& scenario() const { return simulator_->scenario(); }
  /// The last finite instant (the current one unless the run has diverged).
  const Snapshot& current() const { return snapshots_[current_]; }
  const Snapshot& first() const { return first_; }
  /// The current instant as the quantities read it (with the probe's analysis, if any).
  OutputSample sample() const;

  const OutputQuantities& quantities() const { return *quantities_; }
  /// The trajectory CSV's columns (the quantities with kOutputCsv), in order.
  std::vector<std::string> columns() const { return quantities_->csvColumns(); }
  const OutputStatistics& statistics() const { return *statistics_; }
  /// Every summary figure as summary.json names it (key, and key + "_relative" for relative
  /// figures), in summary.json's order.
  std::vector<std::pair<std::string, double>> summaryNumbers() const;
  /// The analysis task dimension (scenario with "analysis"), else 0.
  int analysisTaskDimension() const;

 private:
  class AnalysisProbe;
  void start();
  /// Takes the simulator's instant into the spare snapshot; true if finite (it becomes
  /// current), else the run diverges there.
  bool takeInstant(double last_good_time);
  void diverge(const char* what, double t, double last_good_time);
  /// Reduces the current instant into the statistics and writes it if it is an output
  /// instant.
  void record();
  /// Sets the notice when the current instant is the first outside the reaction null space.
  void noteEvents();

  std::shared_ptr<Simulator> simulator_;
  std::unique_ptr<OutputQuantities> quantities_;
  std::unique_ptr<OutputStatistics> statistics_;
  std::unique_ptr<AnalysisProbe> probe_;
  RunOutput* output_ = nullptr;
  // The current instant and a spare one the next step is taken into (no allocation once
  // sized); the current one is always finite unless the first instant was not.
  Snapshot snapshots_[2];
  int current_ = 0;
  Snapshot first_;
  bool has_finite_ = false;  // snapshots_[current_] is finite
  bool stepped_ = false;     // a step was taken (setOutput writes the first instant before)
  long steps_ = 0;
  bool diverged_ = false;
  double divergence_time_ = -1.0;
  std::string divergence_;
  std::string notice_;  // capacity reserved in start(): a notice allocates nothing
  long notice_count_ = 0;
  bool reactionless_left_ = false;
};

}  // namespace vms
