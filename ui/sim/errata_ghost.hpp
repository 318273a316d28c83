#pragma once
// Errata mode's ghost run: a second simulation of the loaded scenario from its initial state,
// with the same integrator, time step, controllers and force models, whose solver evaluates one
// printed (erroneous) equation of a seed paper (core/solvers/errata_registry). Stepped by the
// Formulations panel up to the times of the frames the real run publishes, so the two can be
// plotted (and drawn) side by side and the printed one watched going wrong.
#include <memory>
#include <string>

#include "core/scenario/simulator.hpp"
#include "core/solvers/errata_registry.hpp"

namespace vms::ui {

class ErrataGhost {
 public:
  /// Throws std::invalid_argument (erratumSupportProblem) when the printed form is not defined
  /// for the scenario's model.
  ErrataGhost(const Scenario& scenario, const Erratum& erratum);
  const Erratum& erratum() const { return *erratum_; }

  /// Steps until the ghost's time reaches `t` (within half a step) or `max_steps` were taken;
  /// true when it reached `t`. A divergence stops the ghost for good (diverged()).
  bool advanceTo(double t, long max_steps);
  double time() const { return simulator_->time(); }
  bool diverged() const { return diverged_; }
  const Simulator& simulator() const { return *simulator_; }
  /// The ghost's current snapshot (allocates; for the views).
  Snapshot snapshot() { return simulator_->snapshot(); }

 private:
  const Erratum* erratum_;
  std::unique_ptr<Simulator> simulator_;
  bool diverged_ = false;
};

}  // namespace vms::ui
