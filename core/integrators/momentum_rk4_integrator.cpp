#include "core/integrators/momentum_rk4_integrator.hpp"

#include "core/integrators/integrator_entry.hpp"
#include "core/integrators/lie_rk.hpp"

namespace vms {

namespace {
// Classical RK4: stage i uses a_i K_{i-1}; weights b.
constexpr double kA[4] = {0.0, 0.5, 0.5, 1.0};
constexpr double kB[4] = {1.0 / 6.0, 1.0 / 3.0, 1.0 / 3.0, 1.0 / 6.0};

// Pose g0 exp(u), quaternion renormalised; `out` may be `y0` (position first).
void setPose(const State& y0, const Vec6& u, State& out) {
  const Vec3 w = angular(u);
  out.base_position = y0.base_position + y0.base_orientation * Vec3(so3LeftJacobian(w) * linear(u));
  out.base_orientation = normalized(y0.base_orientation * quatExp(w));
}
}  // namespace

// The registry entry (core/integrators/integrator_registry.cpp lists it).
const IntegratorEntry& momentumRk4IntegratorEntry() {
  static const IntegratorEntry entry = [] {
    IntegratorEntry e;
    e.name = "momentum-rk4";
    e.summary = "Seed 001: steps the vehicle's momentum instead of its velocity";
    e.description =
        "Classical RK4 on seed 001's reduced state: the joints with RK4, the world spatial "
        "momentum carried exactly (changed only by external wrenches), the vehicle velocity "
        "reconstructed from it at every stage (V = M0^-1 P - A qd). With no external wrench the "
        "momentum is conserved to rounding for any step size. Fixed step, order 4.";
    e.paper = "seed 001 (Moghaddam & Chhabra), the reduced state of notes §1.10, (98)";
    // It carries the vehicle's momentum as a state and changes it by external wrenches only;
    // a nonholonomic constraint's wrench changes it too (and is not known before the step).
    e.refusals = refuseNonholonomic("a nonholonomic constraint changes the momentum it carries");
    e.make = [](const Model& model, double, double) -> std::unique_ptr<Integrator> {
      return std::make_unique<MomentumRk4Integrator>(model);
    };
    return e;
  }();
  return entry;
}

MomentumRk4Integrator::MomentumRk4Integrator(const Model& model)
    : Integrator(momentumRk4IntegratorEntry()),
      reconstruction_(model),
      mask_(poseMask(model)),
      project_(model.base_dof < 6),
      stage_(State::neutral(model)),
      last_(State::neutral(model)) {
  for (Stage& K : k_) {
    K.dq = VecX::Zero(model.njoints);
    K.dqd = VecX::Zero(model.njoints);
  }
  deriv_.qdd = VecX::Zero(model.njoints);
}

bool MomentumRk4Integrator::isLastOutput(const State& s) const {
  return carried_ && s.q.size() == last_.q.size() && s.qd.size() == last_.qd.size() &&
         s.base_orientation.coeffs() == last_.base_orientation.coeffs() &&
         s.base_position == last_.base_position && s.base_twist == last_.base_twist &&
         s.q == last_.q && s.qd == last_.qd;
}

// Stage derivative at `stage` (pose g0 exp(u), twist already reconstructed; the
// reconstruction holds the stage's configuration).
void MomentumRk4Integrator::evaluate(SystemDynamics& dynamics, const State& stage, const Vec6& u,
                                     Stage& K) {
  dynamics.evaluate(stage, deriv_);
  K.du = se3DexpInv(-u, stage.base_twist);
  if (project_) K.du = K.du.cwiseProduct(mask_);  // rounding noise only: the subalgebra is closed
  // External world wrench: joint forces and damping are internal and leave h alone.
  Vec6 W = reconstruction_.gravityWrench();
  if (const std::vector<Vec6>* f = dynamics.appliedBodyForcesWorld())
    for (const Vec6& fi : *f) W += fi;
  W += actForce(reconstruction_.vehiclePose(), dynamics.external().base_wrench_body);
  K.dh = W;
  K.dq = stage.qd;
  K.dqd = deriv_.qdd;
}

void MomentumRk4Integrator::advance(SystemDynamics& dynamics, State& state, double dt) {
  if (dt == 0.0) return;
  if (!isLastOutput(state)) {  // (re)start from the State's own momentum
    reconstruction_.setConfiguration(state);
    h_ = reconstruction_.momentum(state);
  }  // else the reconstruction still holds this configuration, from the end of the last step
  evaluate(dynamics, state, Vec6::Zero(), k_[0]);
  for (int i = 1; i < 4; ++i) {
    const double c = dt * kA[i];
    const Stage& K = k_[i - 1];
    const Vec6 u = c * K.du;
    setPose(state, u, stage_);
    stage_.q = state.q + c * K.dq;
    stage_.qd = state.qd + c * K.dqd;
    const Vec6 h = h_ + c * K.dh;
    reconstruction_.setConfiguration(stage_);
    stage_.base_twist = reconstruction_.bodyTwist(h, stage_.qd);
    evaluate(dynamics, stage_, u, k_[i]);
  }
  Vec6 u = Vec6::Zero();
  for (int j = 0; j < 4; ++j) {
    const double c = dt * kB[j];
    const Stage& K = k_[j];
    u += c * K.du;
    h_ += c * K.dh;  // exactly unchanged when no external wrench acts
    state.q += c * K.dq;
    state.qd += c * K.dqd;
  }
  setPose(state, u, state);
  reconstruction_.setConfiguration(state);
  state.base_twist = reconstruction_.bodyTwist(h_, state.qd);
  last_ = state;
  carried_ = true;
  ++steps_;
}

}  // namespace vms
