#pragma once
// The UI thread's handle on a simulation that runs in a worker thread (MuJoCo's
// physics-thread/UI separation): the UI thread never integrates. Commands are queued to the
// worker; the worker publishes SimFrames through a lock-free triple buffer (latestFrame) and
// records them in a HistoryBuffer (plots, scrubbing, CSV): every published frame and, whatever
// the publish rate, every `output_every` steps of the scenario. Pacing: the worker advances
// simulated time at `realTimeFactor` × wall time (0 = as fast as possible) and publishes at most
// `publishRateHz` frames per wall second. Contract owned by the sim module; the app, 3D view
// and plots depend on it.
#include <QObject>
#include <QString>
#include <memory>
#include <string>

#include "core/modes/maneuvering_modes.hpp"
#include "core/scenario/scenario.hpp"
#include "ui/sim/history_buffer.hpp"
#include "ui/sim/sim_frame.hpp"

namespace vms::ui {

enum class RunState { Empty, Paused, Running, Finished, Diverged };

struct SimulationStats {
  long frames_published = 0;  // frames the worker wrote into the channel
  long frames_taken = 0;      // frames the UI took with latestFrame()
  long frames_dropped = 0;    // published but overwritten before the UI took them
  double simulated_time = 0.0;
  double wall_time_running = 0.0;  // s spent in Running
  /// Simulated / wall time over the last ~1 s of running, restarted when the speed or the
  /// simulation changes and when a run starts (what the status bar shows); 0 until two samples
  /// exist.
  double real_time_factor = 0.0;
  double average_real_time_factor = 0.0;  // simulated / wall over all the time spent running
};

class SimulationController : public QObject {
  Q_OBJECT
 public:
  explicit SimulationController(QObject* parent = nullptr);
  ~SimulationController() override;  // stops and joins the worker

  /// Replaces the simulation (paused at t = 0). The scenario is copied. Publishes the initial
  /// frame. A scenario the Simulator rejects emits error() and changes nothing; a non-finite
  /// initial state loads as Diverged. The analysis frame is the scenario's "analysis" frame,
  /// else defaultEndEffectorFrame() (core/analysis/end_effector_analysis.hpp).
  void load(const Scenario& scenario);
  bool hasSimulation() const;
  const Scenario& scenario() const;  // as loaded and last reconfigured (UI-thread copy)
  RunState runState() const;

  // Run control (UI thread; asynchronous, effective in the worker within one step).
  void play();
  void pause();
  void stepOnce();  // one dt, then paused
  void reset();     // back to the scenario's initial state, t = 0, history cleared; keeps
                    // the reconfigured solver/integrator/dt/mode

  /// 1 = real time, 0.1 = slow motion, 0 = as fast as possible.
  void setRealTimeFactor(double factor);
  double realTimeFactor() const;
  void setPublishRateHz(double hz);

  // Reconfiguration: applied from the current state on (time and history kept).
  // Names come from the core registries (solverNames(), integratorNames()).
  /// base-invariant keeps the scenario's root; another solver clears it.
  void setSolver(const std::string& name);
  /// The base-invariant solver re-rooted at `link`'s body (seed 002, Appendix A; "" = the
  /// vehicle, the model's own root): rejected (error signal) if the vehicle is not free or the
  /// model has no such link. The scenario's solver becomes base-invariant, its root `link`.
  void setRoot(const std::string& link);
  void setIntegrator(const std::string& name);
  void setTimeStep(double dt);
  void setManeuveringMode(ManeuveringMode mode);  // rejected (error signal) if actuators conflict

  /// Teach mode, only while paused: poses the arm at joint positions `q` (model joint order;
  /// wheels ignored). With `vehicle_reacts`, the vehicle moves as the free-floating system
  /// would (momentum conserved along a straight joint-space path; system CoM fixed);
  /// otherwise the vehicle stays. Velocities are set to zero. Publishes a frame. With
  /// `hold_pose`, the joint controllers then hold the posed positions when played
  /// (Simulator::holdJointPositions) instead of pulling the arm back to their references;
  /// without it they get the scenario's references back.
  void setJointPositions(const VecX& q, bool vehicle_reacts, bool hold_pose = false);

  /// Drag-to-perturb: from the next step on, the point `point_body` (body frame) of `body` is
  /// pulled towards `target_world` by a spring-damper of 1 Hz for the point's effective mass
  /// when the pull starts, critically damped (core/environment/perturbation.hpp), until
  /// clearPerturbation(). The frames carry
  /// the point, the force and its work (Snapshot::perturbation_*). A body outside the model
  /// emits error().
  void setPerturbation(int body, const Vec3& point_body, const Vec3& target_world);
  void clearPerturbation();

  /// The model frame whose end-effector analysis the frames carry (FrameAnalysis); -1 goes
  /// back to the scenario's "analysis" frame or defaultEndEffectorFrame(). Kept across
  /// reset(), cleared by load(). An index outside the model's frames emits error().
  void setAnalysisFrame(int frame);
  /// As last set with setAnalysisFrame (-1 after load: the scenario's or the default).
  int analysisFrame() const;
  /// Whether the frames carry Lambda(k) of every link (FrameAnalysis::
  /// link_inertia_ellipsoids; off by default). Kept across load() and reset().
  void setLinkInertias(bool on);

  /// Scrubbing, only while paused: shows the history frame nearest to time t (publishes it
  /// as latest frame, with its recorded sequence, without changing the simulation).
  /// resumeFromScrub() restarts the simulation from that frame's state (history after it is
  /// dropped; controllers restart there); play() and stepOnce() resume implicitly.
  void scrubTo(double t);
  void resumeFromScrub();

  /// Latest published frame; returns false if nothing new since the last call. Lock-free.
  bool latestFrame(SimFrame& out);
  HistoryBuffer& history();
  SimulationStats stats() const;
  /// The solver the worker's simulation steps with, as the worker reports it after the
  /// commands it has run (solverLabel, core/solvers/rooted_solver.hpp): "aba",
  /// "base-invariant@link3"; "" before the first load.
  std::string runningSolver() const;
  /// Counts load() and reset() calls; frames (SimFrame::generation) and history entries of an
  /// earlier generation are stale (latestFrame() already drops them).
  long generation() const;

 signals:
  void runStateChanged(vms::ui::RunState state);
  void frameAvailable();  // at most once per UI frame: poll latestFrame()
  // The worker paused the run (RunState::Diverged) at the last finite state; a smaller dt or
  // another integrator can continue from there (play), or reset().
  void diverged(const QString& message);
  void error(const QString& message);  // a rejected command (bad mode, bad dt, ...)
  // An event of the run that does not stop it (ScenarioRun::notice(): the end-effector task
  // of a reaction_null_space controller left the reaction null space).
  void notice(const QString& message);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace vms::ui

Q_DECLARE_METATYPE(vms::ui::RunState)
