#include "ui/sim/errata_ghost.hpp"

namespace vms::ui {

ErrataGhost::ErrataGhost(const Scenario& scenario, const Erratum& erratum)
    : erratum_(&erratum), simulator_(std::make_unique<Simulator>(scenario)) {
  // The root of a re-rooted base-invariant run is not kept: the printed forms are the
  // vehicle-rooted ones.
  simulator_->useSolver(makeErratumSolver(erratum, simulator_->model()));
}

bool ErrataGhost::advanceTo(double t, long max_steps) {
  const double half_step = 0.5 * simulator_->scenario().dt;
  for (long k = 0; k < max_steps; ++k) {
    if (diverged_ || simulator_->finished() || simulator_->time() >= t - half_step) return true;
    try {
      simulator_->step();
    } catch (const SimulationDiverged&) {
      diverged_ = true;
    }
  }
  return diverged_ || simulator_->finished() || simulator_->time() >= t - half_step;
}

}  // namespace vms::ui
