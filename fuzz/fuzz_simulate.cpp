// libFuzzer target: a whole model through the dynamics, as `vms inspect` and `vms simulate`
// do: load the text (URDF when it starts with '<', else .vms.json), compile, take the neutral
// state (identity pose, at rest, q = 0), one forward-dynamics evaluation with momentum and
// mass matrix, one evaluation by every other solver that supports the vehicle (each seed
// formulation has its own code paths for empty arms, 1-dof vehicles and singular blocks),
// then 10 steps of an integrator picked from the input's size (every integrator over a corpus).
//
// Beyond crashes, a finding is a model the compiler accepted whose inspect results at rest
// are NaN/Inf: `vms inspect` would print them (as null) without reporting an error. A state
// that becomes non-finite during the steps is fine: `vms simulate` reports it (exit 3).
#include <cctype>

#include "core/algorithms/crba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/momentum.hpp"
#include "core/analysis/reduced_inertia.hpp"
#include "core/integrators/integrator.hpp"
#include "core/integrators/system_dynamics.hpp"
#include "core/io/urdf.hpp"
#include "core/io/vms_json.hpp"
#include "core/model/compile_model.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"
#include "fuzz_support.hpp"

namespace {

constexpr int kSteps = 10;
constexpr double kStepSize = 0.01;

bool looksLikeXml(const std::string& text) {
  for (const char c : text)
    if (!std::isspace(static_cast<unsigned char>(c))) return c == '<';
  return false;
}

vms::ModelDescription parseModel(const std::string& text, std::vector<std::string>* warnings) {
  return looksLikeXml(text) ? vms::parseUrdf(text, "fuzz.urdf", warnings)
                            : vms::parseVmsJson(text, "fuzz.vms.json", warnings);
}

bool allFinite(const vms::MomentumSummary& m) {
  return m.linear.allFinite() && m.angular_origin.allFinite() && m.angular_com.allFinite() &&
         m.center_of_mass.allFinite() && std::isfinite(m.kinetic_energy) && std::isfinite(m.mass);
}

/// What `vms inspect` computes, at the neutral state with zero joint forces.
void inspectAtRest(const vms::Model& model, const vms::State& state) {
  vms::Data data(model);
  auto solver = vms::makeSolver(vms::defaultSolverName(), model);
  const vms::VecX tau = vms::VecX::Zero(model.njoints);
  solver->compute(model, data, state, tau, {});
  if (!data.qdd.allFinite() || !data.base_twist_dot.allFinite())
    vms::fuzz::reportFinding("accepted model: non-finite accelerations at rest");
  vms::computeKinematics(model, data, state);
  if (!allFinite(vms::computeMomentum(model, data)))
    vms::fuzz::reportFinding("accepted model: non-finite momentum, energy or CoM at rest");
  vms::crba(model, data, state);
  if (!data.M.allFinite() || !vms::reducedJointInertia(model, data.M).allFinite())
    vms::fuzz::reportFinding("accepted model: non-finite mass matrix or H*");
}

/// Crashes and sanitizer reports only: a seed formulation may legitimately lose digits on a
/// fuzzed model whose blocks are ill-conditioned.
void everySolverAtRest(const vms::Model& model, const vms::State& state) {
  vms::Data data(model);
  const vms::VecX tau = vms::VecX::Zero(model.njoints);
  for (const std::string& name : vms::solverNames()) {
    if (!vms::solverSupports(name, model.base_type)) continue;
    vms::makeSolver(name, model)->compute(model, data, state, tau, {});
  }
}

void simulateFewSteps(const vms::Model& model, vms::State state, size_t input_size) {
  vms::SystemDynamics dynamics(model);
  const std::vector<std::string> integrators = vms::integratorNames();
  auto integrator = vms::makeIntegrator(integrators[input_size % integrators.size()], model);
  for (int k = 0; k < kSteps; ++k) {
    integrator->advance(dynamics, state, kStepSize);
    if (!state.allFinite()) return;  // diverged: `vms simulate` reports it (exit 3)
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  vms::Model model;
  try {
    std::vector<std::string> warnings;
    model = vms::compileModel(parseModel(vms::fuzz::textOf(data, size), &warnings), &warnings);
  } catch (const std::exception&) {
    return 0;  // clean rejection
  }
  const vms::State state = vms::State::neutral(model);
  inspectAtRest(model, state);
  everySolverAtRest(model, state);
  simulateFewSteps(model, state, size);
  return 0;
}
