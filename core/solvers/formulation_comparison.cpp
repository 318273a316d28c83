#include "core/solvers/formulation_comparison.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "core/solvers/errata_registry.hpp"

namespace vms {

double relativeDifference(const VecX& a, const VecX& reference) {
  if (a.size() != reference.size()) return std::numeric_limits<double>::quiet_NaN();
  if (a.size() == 0) return 0.0;
  return (a - reference).norm() / std::max(1.0, reference.norm());
}

struct FormulationComparison::Entry {
  std::string id;
  bool erratum = false;
  std::unique_ptr<ForwardDynamicsSolver> solver;
};

FormulationComparison::FormulationComparison(const Model& model) : model_(model) {}
FormulationComparison::~FormulationComparison() = default;

void FormulationComparison::add(const std::string& id) {
  if (contains(id)) return;
  auto entry = std::make_unique<Entry>();
  entry->id = id;
  if (const Erratum* e = findErratum(id)) {
    entry->erratum = true;
    entry->solver = makeErratumSolver(*e, model_);  // throws with the reason
  } else {
    entry->solver = makeSolver(id, model_);  // throws for an unsupported vehicle
    if (!entry->solver) throw std::invalid_argument("unknown solver or erratum '" + id + "'");
  }
  entries_.push_back(std::move(entry));
}

void FormulationComparison::remove(const std::string& id) {
  entries_.erase(
      std::remove_if(entries_.begin(), entries_.end(), [&](const auto& e) { return e->id == id; }),
      entries_.end());
  results_.erase(
      std::remove_if(results_.begin(), results_.end(), [&](const Result& r) { return r.id == id; }),
      results_.end());
}

bool FormulationComparison::contains(const std::string& id) const {
  return std::any_of(entries_.begin(), entries_.end(), [&](const auto& e) { return e->id == id; });
}

std::vector<std::string> FormulationComparison::ids() const {
  std::vector<std::string> out;
  for (const auto& e : entries_) out.push_back(e->id);
  return out;
}

namespace {

using Clock = std::chrono::steady_clock;

VecX stacked(const Model& model, const Data& data) {
  VecX a(model.nv);
  a << data.base_twist_dot.head(model.base_dof), data.qdd;
  return a;
}

double median(std::vector<double>& v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0.0 : v[v.size() / 2];
}

// Median wall time of `repeats` calls of f (f runs at least once).
template <typename F>
double medianNanoseconds(int repeats, F&& f) {
  std::vector<double> t;
  for (int k = 0; k < std::max(1, repeats); ++k) {
    const auto t0 = Clock::now();
    f();
    t.push_back(std::chrono::duration<double, std::nano>(Clock::now() - t0).count());
  }
  return median(t);
}

}  // namespace

const std::vector<FormulationComparison::Result>& FormulationComparison::compare(
    const State& state, const VecX& tau, const ExternalForces& external, int repeats) {
  Data data(model_);
  aba_ns_ = medianNanoseconds(repeats, [&] { aba(model_, data, state, tau, external); });
  reference_ = stacked(model_, data);
  results_.clear();
  for (const auto& e : entries_) {
    Result r;
    r.id = e->id;
    r.erratum = e->erratum;
    try {
      Data d(model_);
      r.nanoseconds_per_call =
          medianNanoseconds(repeats, [&] { e->solver->compute(model_, d, state, tau, external); });
      r.relative_difference = relativeDifference(stacked(model_, d), reference_);
    } catch (const std::exception&) {
      r.relative_difference = std::numeric_limits<double>::quiet_NaN();
    }
    results_.push_back(r);
  }
  return results_;
}

std::vector<SolverQuantity> FormulationComparison::intermediates(const std::string& id) const {
  for (const auto& e : entries_)
    if (e->id == id) return e->solver->intermediates();
  return {};
}

}  // namespace vms
