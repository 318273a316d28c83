#pragma once
// Several formulations on the same state: the desktop app's Formulations panel runs the solvers
// (and printed errata) a user picks next to aba and shows how far each one's accelerations are
// from aba's and how long a call takes. Allocates (it is for displayed frames, not for the
// simulation loop).
#include <memory>
#include <string>
#include <vector>

#include "core/solvers/forward_dynamics_solver.hpp"

namespace vms {

/// ‖a − reference‖ / max(1, ‖reference‖) (Euclidean norms): relative for large accelerations,
/// absolute near rest, like the tests' relative errors.
double relativeDifference(const VecX& a, const VecX& reference);

class FormulationComparison {
 public:
  struct Result {
    std::string id;                   // registry name, or erratum id ("<solver>/<variant>")
    bool erratum = false;             // a printed form (errata_registry)
    double relative_difference = 0;   // relativeDifference(accelerations, aba's)
    double nanoseconds_per_call = 0;  // median over the repeats
  };

  /// For `model` (kept by reference: it must outlive this object).
  explicit FormulationComparison(const Model& model);
  ~FormulationComparison();

  /// Adds the registered solver `name` or the erratum `id` (a no-op if present). Throws
  /// std::invalid_argument with the reason when it does not handle the model (or is unknown).
  void add(const std::string& id);
  void remove(const std::string& id);
  bool contains(const std::string& id) const;
  std::vector<std::string> ids() const;

  /// Runs aba and every added formulation `repeats` times on the same arguments; results in
  /// the order added. A solver that throws gets a NaN difference.
  const std::vector<Result>& compare(const State& state, const VecX& tau,
                                     const ExternalForces& external, int repeats = 5);
  const std::vector<Result>& results() const { return results_; }
  /// aba's accelerations [vehicle (base_dof); joints] and time at the last compare().
  const VecX& reference() const { return reference_; }
  double abaNanosecondsPerCall() const { return aba_ns_; }
  /// The intermediates of `id` at the last compare() (empty if unknown or none).
  std::vector<SolverQuantity> intermediates(const std::string& id) const;

 private:
  struct Entry;
  const Model& model_;
  std::vector<std::unique_ptr<Entry>> entries_;
  std::vector<Result> results_;
  VecX reference_;
  double aba_ns_ = 0.0;
};

}  // namespace vms
