#pragma once
// The worker thread behind SimulationController: drives the core run loop (ScenarioRun,
// core/scenario/scenario_run.hpp: stepping, output instants, the divergence rule, the same
// loop as `vms run`) in a thread of its own, executes queued commands in order between steps,
// paces the integration by the real-time factor, builds and publishes SimFrames through the
// triple buffer at most publishRateHz times per wall second, records frames in the history
// (every published one, and every output instant of the run, so that a run at maximum speed
// still leaves the scenario's rows for plots and CSV), and reports state changes, divergence
// and errors to the controller's (UI) thread through queued calls.
//
// Thread ownership: public methods other than latestFrame() only enqueue commands and may be
// called from any thread; latestFrame() is the single consumer of the channel (UI thread).
// Everything under "worker thread only" is touched by the worker alone.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

#include "core/scenario/scenario_run.hpp"
#include "core/scenario/simulator.hpp"
#include "ui/sim/frame_builder.hpp"
#include "ui/sim/history_buffer.hpp"
#include "ui/sim/simulation_controller.hpp"
#include "ui/sim/triple_buffer.hpp"

namespace vms::ui {

class SimulationWorker {
 public:
  /// `owner` receives the signals (queued to its thread); it must outlive stop().
  explicit SimulationWorker(SimulationController* owner);
  ~SimulationWorker();
  void start();
  /// Stops and joins the thread (idempotent). Commands still queued are dropped.
  void stop();

  void load(std::shared_ptr<Simulator> simulator);
  void play();
  void pause();
  void stepOnce();
  void reset();
  void setRealTimeFactor(double factor);
  double realTimeFactor() const { return factor_.load(); }
  void setPublishRateHz(double hz);
  /// Runs `change` on the simulator in the worker; an exception becomes an error signal.
  void reconfigure(std::function<void(Simulator&)> change);
  void setJointPositions(const VecX& q, bool vehicle_reacts, bool hold_pose);
  /// A user's pull (Simulator::setPerturbation) from the next step on; spec.body < 0 ends it.
  /// The gains are chosen here (perturbationGains for pointEffectiveMass at the state the pull
  /// starts at, 1 Hz) and kept while the body and point stay; spec's own are ignored.
  void setPerturbation(const PerturbationSpec& spec);
  void scrubTo(double t);
  void resumeFromScrub();
  void setAnalysisFrame(int frame);
  void setLinkInertias(bool on);
  /// Instrumentation: `hook` runs in the worker after every step of a running simulation
  /// (tests inject faults through it; empty removes it).
  void setStepHook(std::function<void(const Simulator&)> hook);

  RunState runState() const { return state_.load(); }
  /// The generation of the latest load()/reset() requested (frames older than it are stale).
  long generation() const { return generation_requested_.load(); }
  bool latestFrame(SimFrame& out);
  HistoryBuffer& history() { return history_; }
  SimulationStats stats() const;
  /// solverLabel() of the solver the loaded simulation steps with (after the commands run so
  /// far; "" before a load): "aba", "base-invariant@link3", ...
  std::string runningSolver() const;

 private:
  using Clock = std::chrono::steady_clock;
  void enqueue(std::function<void()> command);
  void loop();
  /// Steps for at most one publish interval (or until paced out); returns when to look again.
  Clock::time_point advance();
  /// One step of the run; false if it stopped (diverged, or an exception in the step): the
  /// simulation is then held at its last finite instant.
  bool stepSafely();
  /// Builds a frame of the current state into the channel (and into the history unless the
  /// state is recorded already).
  void publish();
  /// The run's output instants into the history (plots and CSV exports get the scenario's rows
  /// whatever the publish rate).
  class HistoryRecorder : public RunOutput {
   public:
    explicit HistoryRecorder(SimulationWorker& worker) : worker_(worker) {}
    void write(const OutputSample& at, const Snapshot& first) override;

   private:
    SimulationWorker& worker_;
  };
  /// A run of `sim` with its frame builder, recording into a cleared history.
  void startRun(std::shared_ptr<Simulator> simulator, std::unique_ptr<FrameBuilder> builder);
  Simulator& sim() { return run_->simulator(); }
  void publishFrame(const SimFrame& frame);
  void setState(RunState state);
  void anchorPacing();
  void leaveScrub();
  /// Call inside a catch block: reports the exception being handled as an error signal; with
  /// `stop_running` (it escaped a running step: recording, publishing, the step hook) the run
  /// pauses first. Never throws.
  void reportException(bool stop_running) noexcept;
  PerturbationSpec pull_gains_;  // the pull going on and its gains (body -1: none)
  void postError(const std::string& message);
  void postDiverged(const std::string& message);
  void postNewNotice();  // the run's notice, if it is one not yet posted
  void notifyFrame();
  void updateSimulatedTime();
  void updateRunningSolver();

  SimulationController* owner_;
  std::thread thread_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> commands_;
  std::atomic<bool> has_commands_{false};
  bool quit_ = false;

  std::atomic<RunState> state_{RunState::Empty};
  std::atomic<double> factor_{1.0};
  std::atomic<double> publish_hz_{60.0};
  TripleBuffer<SimFrame> channel_;
  HistoryBuffer history_;
  std::atomic<bool> notify_pending_{false};

  mutable std::mutex stats_mutex_;
  SimulationStats stats_;
  std::string running_solver_;  // under stats_mutex_
  Clock::time_point running_since_;
  double sim_time_at_running_start_ = 0.0, sim_time_running_before_ = 0.0;
  // The recent rate (under stats_mutex_): (wall, simulated) samples taken right after the
  // batches, at least kRateSampleSpacing apart, the oldest dropped beyond kRateWindow. Both ends
  // of the slope are "just stepped" instants, so a paced run at a slow speed (one step per
  // batch) is measured without a step's quantisation error.
  struct RateSample {
    Clock::time_point wall;
    double simulated;
  };
  static constexpr int kRateSamples = 64;
  RateSample rate_samples_[kRateSamples];
  int rate_first_ = 0, rate_count_ = 0;
  void restartRateWindow();                                  // caller holds stats_mutex_
  void sampleRate(Clock::time_point now, double simulated);  // caller holds stats_mutex_
  double recentRate() const;                                 // caller holds stats_mutex_
  std::atomic<long> frames_taken_{0};

  // Worker thread only.
  std::unique_ptr<ScenarioRun> run_;
  std::unique_ptr<FrameBuilder> builder_;
  HistoryRecorder recorder_{*this};
  long notices_posted_ = 0;        // of run_'s noticeCount()
  bool current_recorded_ = false;  // the current state is in the history
  SimFrame record_frame_;
  // Incremented on the calling thread by load()/reset(); generation_ is the worker's copy for
  // the simulation it runs (stamped into every frame).
  std::atomic<long> generation_requested_{0};
  long generation_ = 0;
  long next_sequence_ = 1;  // never reset: sequences increase across loads and resets
  bool scrubbing_ = false;
  int analysis_frame_ = -1;     // setAnalysisFrame (-1: the scenario's choice)
  bool link_inertias_ = false;  // setLinkInertias
  std::function<void(const Simulator&)> step_hook_;
  SimFrame scrub_frame_;
  Clock::time_point wall_anchor_, next_publish_;
  double sim_anchor_ = 0.0;
};

}  // namespace vms::ui
