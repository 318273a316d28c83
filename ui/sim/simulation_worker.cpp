#include "ui/sim/simulation_worker.hpp"

#include <QMetaObject>
#include <QString>
#include <algorithm>
#include <cmath>
#include <exception>
#include <new>
#include <string>

#include "core/actuators/reaction_wheel.hpp"
#include "core/analysis/free_floating_reposition.hpp"
#include "core/model/joint_coupling.hpp"
#include "core/solvers/rooted_solver.hpp"

namespace vms::ui {

namespace {
double seconds(std::chrono::steady_clock::duration d) {
  return std::chrono::duration<double>(d).count();
}
std::chrono::steady_clock::duration toDuration(double s) {
  return std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      std::chrono::duration<double>(s));
}
// The longest the worker integrates without looking at its command queue and the clock.
constexpr double kMaxBatchSeconds = 0.01;
// Running behind real time by more than this (wall seconds) drops the backlog instead of
// catching up in a burst.
constexpr double kMaxLagSeconds = 0.2;
// The measured real-time factor is the slope over the last kRateWindow seconds of running, from
// samples at least kRateSampleSpacing apart (the ring holds 64: enough for the window).
constexpr double kRateWindow = 1.0;
constexpr double kRateSampleSpacing = 0.025;

/// The exception being handled, as one line for the log (call inside a catch block).
std::string describeCurrentException() {
  try {
    throw;
  } catch (const std::bad_alloc&) {
    return "out of memory (std::bad_alloc)";
  } catch (const std::exception& e) {
    return e.what();
  } catch (...) {
    return "an exception that is not a std::exception";
  }
}

}  // namespace

SimulationWorker::SimulationWorker(SimulationController* owner) : owner_(owner) {}

SimulationWorker::~SimulationWorker() { stop(); }

void SimulationWorker::start() {
  if (!thread_.joinable()) thread_ = std::thread([this] { loop(); });
}

void SimulationWorker::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    quit_ = true;
    has_commands_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void SimulationWorker::enqueue(std::function<void()> command) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    commands_.push_back(std::move(command));
    has_commands_ = true;
  }
  wake_.notify_all();
}

void SimulationWorker::loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    while (!commands_.empty() && !quit_) {
      std::function<void()> command = std::move(commands_.front());
      commands_.pop_front();
      lock.unlock();
      try {
        command();
      } catch (...) {  // a rejected command; the run goes on as it was
        reportException(false);
      }
      lock.lock();
    }
    has_commands_ = false;
    if (quit_) break;
    if (state_.load() != RunState::Running) {
      wake_.wait(lock, [this] { return quit_ || !commands_.empty(); });
      continue;
    }
    lock.unlock();
    Clock::time_point next = Clock::now();
    try {
      next = advance();
    } catch (...) {  // never std::terminate: an exception here would end the application
      reportException(true);
    }
    lock.lock();
    if (next > Clock::now())
      wake_.wait_until(lock, next, [this] { return quit_ || !commands_.empty(); });
  }
}

// ---- run control ----------------------------------------------------------------------

void SimulationWorker::load(std::shared_ptr<Simulator> simulator) {
  const long generation = ++generation_requested_;
  enqueue([this, simulator, generation] {
    generation_ = generation;
    if (state_.load() == RunState::Running) setState(RunState::Paused);
    // Built first: if it throws, the simulation that was loaded stays loaded and consistent.
    std::unique_ptr<FrameBuilder> builder = FrameBuilder::forScenario(simulator->scenario());
    startRun(simulator, std::move(builder));
    analysis_frame_ = -1;
    {
      std::lock_guard<std::mutex> lock(stats_mutex_);
      stats_ = SimulationStats{};
      sim_time_running_before_ = 0.0;
    }
    frames_taken_ = 0;
    updateSimulatedTime();
    updateRunningSolver();
    setState(sim().finished() ? RunState::Finished : RunState::Paused);
    publish();
    if (run_->diverged()) {  // a first instant that is not finite
      setState(RunState::Diverged);
      postDiverged(run_->divergenceMessage());
    }
  });
}

void SimulationWorker::play() {
  enqueue([this] {
    if (!run_) return;
    if (scrubbing_) leaveScrub();
    if (sim().finished()) {
      postError("the run has finished: reset to run it again");
      return;
    }
    if (state_.load() == RunState::Running) return;
    setState(RunState::Running);
    anchorPacing();
  });
}

void SimulationWorker::pause() {
  enqueue([this] {
    if (state_.load() != RunState::Running) return;
    setState(RunState::Paused);
    publish();
  });
}

void SimulationWorker::stepOnce() {
  enqueue([this] {
    if (!run_) return;
    if (scrubbing_) leaveScrub();
    if (sim().finished()) {
      setState(RunState::Finished);
      return;
    }
    if (!stepSafely()) return;
    updateSimulatedTime();
    setState(sim().finished() ? RunState::Finished : RunState::Paused);
    publish();
  });
}

void SimulationWorker::reset() {
  const long generation = ++generation_requested_;
  enqueue([this, generation] {
    generation_ = generation;
    if (!run_) return;
    auto fresh = std::make_shared<Simulator>(sim().scenario());  // keeps reconfigurations
    std::unique_ptr<FrameBuilder> builder =
        FrameBuilder::forScenario(fresh->scenario(), analysis_frame_);
    startRun(std::move(fresh), std::move(builder));
    updateSimulatedTime();
    setState(RunState::Paused);
    publish();
  });
}

void SimulationWorker::setRealTimeFactor(double factor) {
  factor_ = factor;
  enqueue([this] { anchorPacing(); });
}

void SimulationWorker::setPublishRateHz(double hz) {
  publish_hz_ = hz;
  enqueue([this] { next_publish_ = Clock::now(); });
}

void SimulationWorker::reconfigure(std::function<void(Simulator&)> change) {
  enqueue([this, change = std::move(change)] {
    if (!run_) return;
    change(sim());
    run_->refresh();
    updateRunningSolver();
    anchorPacing();
  });
}

void SimulationWorker::setPerturbation(const PerturbationSpec& spec) {
  enqueue([this, spec] {
    if (!run_) return;
    try {
      if (spec.body < 0) {
        sim().clearPerturbation();
        pull_gains_.body = -1;
        run_->refresh();
        return;
      }
      if (spec.body != pull_gains_.body || spec.point_body != pull_gains_.point_body) {
        const double mass =
            pointEffectiveMass(sim().model(), sim().state(), spec.body, spec.point_body);
        pull_gains_ = perturbationGains(spec, mass);
      }
      PerturbationSpec pull = spec;
      pull.stiffness = pull_gains_.stiffness;
      pull.damping = pull_gains_.damping;
      sim().setPerturbation(pull);
      run_->refresh();
    } catch (const std::exception& e) {
      postError(e.what());
    }
  });
}

void SimulationWorker::setJointPositions(const VecX& q, bool vehicle_reacts, bool hold_pose) {
  enqueue([this, q, vehicle_reacts, hold_pose] {
    if (!run_) return;
    if (state_.load() == RunState::Running) {
      postError("teach mode: pause the simulation first");
      return;
    }
    if (scrubbing_) leaveScrub();
    const Model& model = sim().model();
    State current = run_->current().state;  // the last finite state
    VecX target = q;
    // Reaction wheels are not posed by hand: they keep their angles.
    if (!sim().scenario().reaction_wheels.empty())
      for (int j : reactionWheelJoints(model, sim().scenario().reaction_wheels))
        target[j] = current.q[j];
    // Mimic joints follow their leaders whatever was typed for them.
    if (model.hasCouplings()) {
      State posed = current;
      posed.q = target;
      enforceJointCouplings(model, posed);
      target = posed.q;
    }
    State next = current;
    const bool reacts = vehicle_reacts && isHolonomic(model.base_type);
    if (vehicle_reacts && !reacts)  // its wheels exchange momentum: no pose-only reaction
      postError("teach mode: a " + toString(model.base_type) +
                " vehicle's reaction depends on how the arm moves, not only where: posed with "
                "the vehicle held");
    if (reacts) {
      next = freeFloatingReposition(model, current, target).state;
    } else {
      next.q = target;
    }
    next.base_twist.setZero();
    next.qd.setZero();
    run_->restart(next, sim().time(), sim().actuatorWork());
    sim().holdJointPositions(hold_pose);  // the joint controllers hold the pose, or not
    run_->refresh();
    current_recorded_ = false;
    setState(sim().finished() ? RunState::Finished : RunState::Paused);
    publish();
  });
}

void SimulationWorker::scrubTo(double t) {
  enqueue([this, t] {
    if (!run_) return;
    if (state_.load() == RunState::Running) {
      postError("scrubbing: pause the simulation first");
      return;
    }
    SimFrame frame;
    if (!history_.nearest(t, frame)) return;
    scrub_frame_ = std::move(frame);
    scrubbing_ = true;
    publishFrame(scrub_frame_);
  });
}

void SimulationWorker::resumeFromScrub() {
  enqueue([this] {
    if (!run_ || !scrubbing_) return;
    leaveScrub();
    setState(sim().finished() ? RunState::Finished : RunState::Paused);
    publish();  // not recorded again: the scrubbed frame is the last one kept
  });
}

void SimulationWorker::setLinkInertias(bool on) {
  enqueue([this, on] {
    link_inertias_ = on;
    if (!run_ || !builder_) return;
    builder_->setLinkInertias(on);
    if (scrubbing_) {
      builder_->complete(scrub_frame_);
      publishFrame(scrub_frame_);
    } else if (state_.load() != RunState::Running) {
      publish();
    }
  });
}

void SimulationWorker::setAnalysisFrame(int frame) {
  enqueue([this, frame] {
    if (!run_) return;
    analysis_frame_ = frame;
    builder_ = FrameBuilder::forScenario(sim().scenario(), analysis_frame_);
    builder_->setLinkInertias(link_inertias_);
    if (scrubbing_) {  // the scrubbed state, analysed at the new frame
      builder_->complete(scrub_frame_);
      publishFrame(scrub_frame_);
    } else {
      publish();
    }
  });
}

void SimulationWorker::leaveScrub() {
  const Snapshot& s = scrub_frame_.snapshot;
  run_->restart(s.state, s.time, s.actuator_work);
  // Teach mode's hold pose: the joints hold where the run resumes.
  if (sim().holdsJointPositions()) {
    sim().holdJointPositions(true);
    run_->refresh();
  }
  history_.truncateAfter(s.time);
  current_recorded_ = true;  // the scrubbed frame is in the history
  scrubbing_ = false;
  updateSimulatedTime();
}

void SimulationWorker::setStepHook(std::function<void(const Simulator&)> hook) {
  enqueue([this, hook = std::move(hook)] { step_hook_ = hook; });
}

void SimulationWorker::reportException(bool stop_running) noexcept {
  try {
    const std::string what = describeCurrentException();
    if (!stop_running) {
      postError(what);
      return;
    }
    // The simulator's state is the last completed step (a fault in publishing or recording
    // leaves it intact): paused there, the user can look at it, play again or reset.
    setState(RunState::Paused);
    postError("simulation stopped: " + what);
  } catch (...) {  // out of memory even for the message: stop without telling, not terminate
    if (stop_running) state_ = RunState::Paused;
  }
}

// ---- integration and pacing -----------------------------------------------------------

void SimulationWorker::anchorPacing() {
  wall_anchor_ = Clock::now();
  sim_anchor_ = run_ ? sim().time() : 0.0;
  std::lock_guard<std::mutex> lock(stats_mutex_);
  restartRateWindow();  // a new speed, simulation or time: the old rate no longer applies
}

void SimulationWorker::restartRateWindow() { rate_first_ = rate_count_ = 0; }

void SimulationWorker::sampleRate(Clock::time_point now, double simulated) {
  if (rate_count_ > 0) {
    const RateSample& newest = rate_samples_[(rate_first_ + rate_count_ - 1) % kRateSamples];
    // Only right after a step: a wake-up to publish finds the time of an earlier step, and a
    // sample of it would shorten the window's wall time (2.3% at 0.25x, one step per 40 ms).
    if (simulated == newest.simulated) return;
    if (seconds(now - newest.wall) < kRateSampleSpacing) return;
  }
  // Keep the oldest sample that still starts a window of at least kRateWindow.
  while (rate_count_ >= 2 &&
         seconds(now - rate_samples_[(rate_first_ + 1) % kRateSamples].wall) >= kRateWindow) {
    rate_first_ = (rate_first_ + 1) % kRateSamples;
    --rate_count_;
  }
  if (rate_count_ == kRateSamples) {  // spacing keeps this from happening; stay bounded anyway
    rate_first_ = (rate_first_ + 1) % kRateSamples;
    --rate_count_;
  }
  rate_samples_[(rate_first_ + rate_count_) % kRateSamples] = RateSample{now, simulated};
  ++rate_count_;
}

double SimulationWorker::recentRate() const {
  if (rate_count_ < 2) return 0.0;
  const RateSample& oldest = rate_samples_[rate_first_];
  const RateSample& newest = rate_samples_[(rate_first_ + rate_count_ - 1) % kRateSamples];
  const double wall = seconds(newest.wall - oldest.wall);
  return wall > 0.0 ? (newest.simulated - oldest.simulated) / wall : 0.0;
}

bool SimulationWorker::stepSafely() {
  std::string message;
  try {
    current_recorded_ = false;  // the recorder records the new instant if it is an output one
    if (run_->advance(1) == 1 && !run_->diverged()) {
      postNewNotice();
      return true;
    }
    message = run_->divergenceMessage();
  } catch (...) {
    message = "simulation stopped: " + describeCurrentException();
  }
  // Hold the last finite instant (a smaller dt or another integrator may continue from it).
  run_->resumeFromLastFinite();
  current_recorded_ = false;
  updateSimulatedTime();
  setState(RunState::Diverged);
  publish();
  postDiverged(message);
  return false;
}

SimulationWorker::Clock::time_point SimulationWorker::advance() {
  const double factor = factor_.load();
  const double interval = 1.0 / publish_hz_.load();
  Clock::time_point now = Clock::now();
  const Clock::time_point batch_end = now + toDuration(std::min(interval, kMaxBatchSeconds));
  bool paced_out = false;
  if (factor > 0.0 && factor * seconds(now - wall_anchor_) - (sim().time() - sim_anchor_) >
                          factor * kMaxLagSeconds) {
    // Too far behind (the machine cannot keep up, or we were descheduled): drop the backlog.
    wall_anchor_ = now;
    sim_anchor_ = sim().time();
  }
  while (!has_commands_.load(std::memory_order_relaxed)) {
    if (factor > 0.0 && sim().time() - sim_anchor_ >= factor * seconds(now - wall_anchor_)) {
      paced_out = true;
      break;
    }
    if (!stepSafely()) return now;
    if (step_hook_) step_hook_(sim());
    if (sim().finished()) break;
    now = Clock::now();
    if (now >= batch_end) break;
  }
  updateSimulatedTime();
  if (sim().finished()) {
    setState(RunState::Finished);
    publish();
    return now;
  }
  now = Clock::now();
  if (now >= next_publish_) {
    publish();
    next_publish_ = std::max(next_publish_ + toDuration(interval), now);
  }
  if (!paced_out) return now;
  // Sleep until the next step is due, or the next publish, whichever comes first.
  const Clock::time_point step_due =
      wall_anchor_ + toDuration((sim().time() - sim_anchor_) / factor);
  return std::min(step_due, next_publish_);
}

// ---- publishing -----------------------------------------------------------------------

void SimulationWorker::startRun(std::shared_ptr<Simulator> simulator,
                                std::unique_ptr<FrameBuilder> builder) {
  builder->setLinkInertias(link_inertias_);
  auto run = std::make_unique<ScenarioRun>(std::move(simulator));
  builder_ = std::move(builder);
  run_ = std::move(run);
  notices_posted_ = 0;
  scrubbing_ = false;
  history_.clear();
  current_recorded_ = false;
  run_->setOutput(&recorder_);  // records the first instant
}

void SimulationWorker::HistoryRecorder::write(const OutputSample& at, const Snapshot&) {
  SimulationWorker& w = worker_;
  w.builder_->build(*at.snapshot, w.next_sequence_++, w.record_frame_);
  w.record_frame_.generation = w.generation_;
  w.history_.append(w.record_frame_);
  w.current_recorded_ = true;
}

void SimulationWorker::publish() {
  if (!run_ || !builder_) return;
  SimFrame& frame = channel_.writeBuffer();
  builder_->build(sim(), next_sequence_++, frame);
  frame.generation = generation_;
  if (!current_recorded_) {
    history_.append(frame);
    current_recorded_ = true;
  }
  publishFrame(frame);
}

void SimulationWorker::publishFrame(const SimFrame& frame) {
  if (&frame != &channel_.writeBuffer()) channel_.writeBuffer() = frame;
  const bool dropped = channel_.publish();
  {
    std::lock_guard<std::mutex> lock(stats_mutex_);
    ++stats_.frames_published;
    if (dropped) ++stats_.frames_dropped;
  }
  notifyFrame();
}

void SimulationWorker::notifyFrame() {
  // At most one notification in flight: frameAvailable fires once per UI event-loop pass
  // however many frames were published meanwhile (latestFrame returns the newest).
  if (notify_pending_.exchange(true)) return;
  SimulationController* owner = owner_;
  QMetaObject::invokeMethod(
      owner,
      [this, owner] {
        notify_pending_ = false;
        emit owner->frameAvailable();
      },
      Qt::QueuedConnection);
}

bool SimulationWorker::latestFrame(SimFrame& out) {
  if (!channel_.take()) return false;
  // A frame of the simulation before the latest load()/reset() (not yet processed by the
  // worker, or published just before it) is stale: never shown.
  if (channel_.front().generation < generation_requested_.load()) return false;
  out = channel_.front();
  ++frames_taken_;
  return true;
}

// ---- state and statistics -------------------------------------------------------------

void SimulationWorker::setState(RunState state) {
  const RunState previous = state_.exchange(state);
  if (previous == state) return;
  {
    std::lock_guard<std::mutex> lock(stats_mutex_);
    const Clock::time_point now = Clock::now();
    if (state == RunState::Running) {
      running_since_ = now;
      sim_time_at_running_start_ = run_ ? sim().time() : 0.0;
      restartRateWindow();
    } else if (previous == RunState::Running) {
      stats_.wall_time_running += seconds(now - running_since_);
      sim_time_running_before_ += stats_.simulated_time - sim_time_at_running_start_;
    }
  }
  SimulationController* owner = owner_;
  QMetaObject::invokeMethod(
      owner, [owner, state] { emit owner->runStateChanged(state); }, Qt::QueuedConnection);
}

void SimulationWorker::updateSimulatedTime() {
  const Clock::time_point now = Clock::now();
  std::lock_guard<std::mutex> lock(stats_mutex_);
  stats_.simulated_time = run_ ? sim().time() : 0.0;
  if (state_.load() == RunState::Running) sampleRate(now, stats_.simulated_time);
}

void SimulationWorker::updateRunningSolver() {
  std::string label = solverLabel(sim().solver(), sim().model());
  std::lock_guard<std::mutex> lock(stats_mutex_);
  running_solver_ = std::move(label);
}

std::string SimulationWorker::runningSolver() const {
  std::lock_guard<std::mutex> lock(stats_mutex_);
  return running_solver_;
}

SimulationStats SimulationWorker::stats() const {
  std::lock_guard<std::mutex> lock(stats_mutex_);
  SimulationStats s = stats_;
  s.frames_taken = frames_taken_.load();
  double sim_running = sim_time_running_before_;
  if (state_.load() == RunState::Running) {
    s.wall_time_running += seconds(Clock::now() - running_since_);
    sim_running += s.simulated_time - sim_time_at_running_start_;
  }
  s.average_real_time_factor = s.wall_time_running > 0.0 ? sim_running / s.wall_time_running : 0.0;
  s.real_time_factor = recentRate();  // kept after a pause until the next run starts
  return s;
}

void SimulationWorker::postError(const std::string& message) {
  SimulationController* owner = owner_;
  const QString text = QString::fromStdString(message);
  QMetaObject::invokeMethod(
      owner, [owner, text] { emit owner->error(text); }, Qt::QueuedConnection);
}

void SimulationWorker::postNewNotice() {
  if (run_->noticeCount() == notices_posted_) return;
  notices_posted_ = run_->noticeCount();
  SimulationController* owner = owner_;
  const QString text = QString::fromStdString(run_->notice());
  QMetaObject::invokeMethod(
      owner, [owner, text] { emit owner->notice(text); }, Qt::QueuedConnection);
}

void SimulationWorker::postDiverged(const std::string& message) {
  SimulationController* owner = owner_;
  const QString text = QString::fromStdString(message);
  QMetaObject::invokeMethod(
      owner, [owner, text] { emit owner->diverged(text); }, Qt::QueuedConnection);
}

}  // namespace vms::ui
