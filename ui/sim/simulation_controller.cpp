#include "ui/sim/simulation_controller.hpp"

#include <QMetaObject>
#include <algorithm>
#include <cmath>
#include <exception>

#include "core/actuators/reaction_wheel.hpp"
#include "core/integrators/integrator.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"
#include "core/solvers/rooted_solver.hpp"
#include "ui/sim/registry_names.hpp"
#include "ui/sim/simulation_worker.hpp"

namespace vms::ui {

struct SimulationController::Impl {
  explicit Impl(SimulationController* owner) : worker(owner) {}
  Scenario scenario;  // UI-thread copy, as loaded and reconfigured
  bool has_simulation = false;
  int analysis_frame = -1;  // as last set (-1 after load)
  SimulationWorker worker;
};

SimulationController::SimulationController(QObject* parent)
    : QObject(parent), impl_(std::make_unique<Impl>(this)) {
  qRegisterMetaType<vms::ui::RunState>("vms::ui::RunState");
  impl_->worker.start();
}

SimulationController::~SimulationController() { impl_->worker.stop(); }

void SimulationController::load(const Scenario& scenario) {
  // Checked here, not trusted to the Simulator: it would step with a null integrator.
  const std::string unregistered = unregisteredNameProblem(scenario);
  if (!unregistered.empty()) {
    emit error(QString::fromStdString(scenario.source + ": " + unregistered));
    return;
  }
  std::shared_ptr<Simulator> sim;
  try {
    sim = std::make_shared<Simulator>(scenario);
  } catch (const std::exception& e) {
    emit error(QString::fromStdString(scenario.source + ": " + e.what()));
    return;
  } catch (...) {
    emit error(QString::fromStdString(
        scenario.source + ": the simulation cannot be built (an unexpected exception)"));
    return;
  }
  impl_->scenario = scenario;
  impl_->has_simulation = true;
  impl_->analysis_frame = -1;
  impl_->worker.load(std::move(sim));
}

bool SimulationController::hasSimulation() const { return impl_->has_simulation; }
const Scenario& SimulationController::scenario() const { return impl_->scenario; }
RunState SimulationController::runState() const { return impl_->worker.runState(); }

void SimulationController::play() { impl_->worker.play(); }
void SimulationController::pause() { impl_->worker.pause(); }
void SimulationController::stepOnce() { impl_->worker.stepOnce(); }
void SimulationController::reset() { impl_->worker.reset(); }

void SimulationController::setRealTimeFactor(double factor) {
  if (!std::isfinite(factor) || factor < 0.0) {
    emit error(
        QStringLiteral("real-time factor must be a finite number >= 0 (0: as fast as "
                       "possible)"));
    return;
  }
  impl_->worker.setRealTimeFactor(factor);
}
double SimulationController::realTimeFactor() const { return impl_->worker.realTimeFactor(); }

void SimulationController::setPublishRateHz(double hz) {
  if (!std::isfinite(hz) || hz <= 0.0) {
    emit error(QStringLiteral("publish rate must be a finite number > 0 Hz"));
    return;
  }
  impl_->worker.setPublishRateHz(hz);
}

void SimulationController::setSolver(const std::string& name) {
  if (!impl_->has_simulation) return;
  if (const std::string problem = solverSupportProblem(name, impl_->scenario.model.base_type);
      !problem.empty()) {
    emit error(QString::fromStdString(problem));  // unknown, or not for this vehicle
    return;
  }
  impl_->scenario.solver = name;
  if (name != rootedSolverName()) impl_->scenario.root.clear();  // as Simulator::setSolver
  impl_->worker.reconfigure([name](Simulator& sim) { sim.setSolver(name); });
}

void SimulationController::setRoot(const std::string& link) {
  if (!impl_->has_simulation) return;
  const Model& model = impl_->scenario.model;
  if (const std::string problem = link.empty()
                                      ? solverSupportProblem(rootedSolverName(), model.base_type)
                                      : rootProblem(model, link);
      !problem.empty()) {
    emit error(QString::fromStdString("root: " + problem));
    return;
  }
  impl_->scenario.solver = rootedSolverName();
  impl_->scenario.root = link;
  impl_->worker.reconfigure([link](Simulator& sim) { sim.setRoot(link); });
}

void SimulationController::setIntegrator(const std::string& name) {
  if (!impl_->has_simulation) return;
  if (const std::string problem = integratorSupportProblem(name, impl_->scenario.model.base_type);
      !problem.empty()) {
    emit error(QString::fromStdString(problem));  // unknown, or not for this vehicle
    return;
  }
  impl_->scenario.integrator = name;
  impl_->worker.reconfigure([name](Simulator& sim) { sim.setIntegrator(name); });
}

void SimulationController::setTimeStep(double dt) {
  if (!impl_->has_simulation) return;
  if (!(std::isfinite(dt) && dt > 0.0)) {
    emit error(QStringLiteral("time step must be a finite number > 0 s"));
    return;
  }
  Scenario& s = impl_->scenario;
  if (s.control_period == s.dt) s.control_period = dt;  // as Simulator::setTimeStep
  s.dt = dt;
  impl_->worker.reconfigure([dt](Simulator& sim) { sim.setTimeStep(dt); });
}

void SimulationController::setManeuveringMode(ManeuveringMode mode) {
  if (!impl_->has_simulation) return;
  Scenario& s = impl_->scenario;
  try {
    std::unique_ptr<Thrusters> thrusters;
    if (!s.thrusters.empty()) thrusters = std::make_unique<Thrusters>(s.model, s.thrusters);
    validateActuatorConfiguration(
        mode, ActuatorConfiguration{static_cast<int>(s.reaction_wheels.size()), thrusters.get()});
  } catch (const std::exception& e) {
    emit error(QString::fromStdString(e.what()));
    return;
  }
  s.mode = mode;
  impl_->worker.reconfigure([mode](Simulator& sim) { sim.setManeuveringMode(mode); });
}

void SimulationController::setJointPositions(const VecX& q, bool vehicle_reacts, bool hold_pose) {
  if (!impl_->has_simulation) return;
  if (q.size() != impl_->scenario.model.njoints || !q.allFinite()) {
    emit error(QString("teach mode: expected %1 finite joint positions, got %2")
                   .arg(impl_->scenario.model.njoints)
                   .arg(q.size()));
    return;
  }
  impl_->worker.setJointPositions(q, vehicle_reacts, hold_pose);
}

void SimulationController::setPerturbation(int body, const Vec3& point_body,
                                           const Vec3& target_world) {
  if (!impl_->has_simulation) return;
  const Model& m = impl_->scenario.model;
  if (body < 0 || body >= m.nbodies) {
    emit error(QStringLiteral("perturbation: no body %1").arg(body));
    return;
  }
  PerturbationSpec spec;
  spec.body = body;
  spec.point_body = point_body;
  spec.target_world = target_world;
  impl_->worker.setPerturbation(spec);  // the worker sets the gains for the pulled point
}

void SimulationController::clearPerturbation() {
  if (impl_->has_simulation) impl_->worker.setPerturbation(PerturbationSpec{});
}

void SimulationController::setAnalysisFrame(int frame) {
  if (!impl_->has_simulation) return;
  const int frames = static_cast<int>(impl_->scenario.model.frames.size());
  if (frame < -1 || frame >= frames) {
    emit error(QString("analysis frame %1 does not exist (the model has %2 frames)")
                   .arg(frame)
                   .arg(frames));
    return;
  }
  impl_->analysis_frame = frame;
  impl_->worker.setAnalysisFrame(frame);
}

int SimulationController::analysisFrame() const { return impl_->analysis_frame; }

void SimulationController::setLinkInertias(bool on) { impl_->worker.setLinkInertias(on); }

void SimulationController::scrubTo(double t) { impl_->worker.scrubTo(t); }
void SimulationController::resumeFromScrub() { impl_->worker.resumeFromScrub(); }

bool SimulationController::latestFrame(SimFrame& out) { return impl_->worker.latestFrame(out); }
HistoryBuffer& SimulationController::history() { return impl_->worker.history(); }
SimulationStats SimulationController::stats() const { return impl_->worker.stats(); }
std::string SimulationController::runningSolver() const { return impl_->worker.runningSolver(); }
long SimulationController::generation() const { return impl_->worker.generation(); }

}  // namespace vms::ui
