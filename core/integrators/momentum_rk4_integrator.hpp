#pragma once
// "momentum-rk4": classical RK4 on seed 001's reduced state (notes §1.10). The state it
// integrates is (g, h, q, qd) with h the world spatial momentum [P; L about the origin] of the
// whole system instead of the vehicle twist:
//   g^-1 dg/dt = xi(g, h, q, qd)   the vehicle body twist reconstructed from h at every stage
//                                  (MomentumReconstruction: V = M0^-1 P - A qd)
//   dh/dt      = W                 the external world wrench: gravity, external body forces,
//                                  force models (water, thrusters), the vehicle wrench
//   dq/dt = qd, dqd/dt = qdd       joint accelerations from the dynamics at the reconstructed
//                                  state (any solver; its vehicle acceleration is unused)
// The pose moves as g0 exp(u) (Runge-Kutta-Munthe-Kaas, as rk4), h, q and qd get classical RK4.
// With no external wrench h never changes, so the momentum is conserved to rounding for any
// step size; a constant wrench changes it exactly linearly. The State's twist after a step is
// the reconstructed one. Every vehicle type: for a subgroup smaller than SE(3) what is carried
// and conserved are the components of h along the subgroup's generators (S0^T h), the rest is
// the constraint's; a fixed vehicle makes it plain RK4 on (q, qd).
//
// h is carried from step to step while the caller hands back the State this integrator left;
// any other State (edited, reset) restarts it from that State's momentum.
#include "core/integrators/integrator.hpp"
#include "core/integrators/momentum_reconstruction.hpp"

namespace vms {

class MomentumRk4Integrator final : public Integrator {
 public:
  explicit MomentumRk4Integrator(const Model& model);
  void advance(SystemDynamics& dynamics, State& state, double dt) override;
  long steps() const override { return steps_; }
  /// The carried world spatial momentum [P; L about the origin] after the last step.
  const Vec6& momentum() const { return h_; }

 private:
  struct Stage {
    Vec6 du = Vec6::Zero();  // d/dt of the Lie-algebra increment of the pose
    Vec6 dh = Vec6::Zero();  // d/dt of h: the external world wrench
    VecX dq, dqd;
  };
  void evaluate(SystemDynamics& dynamics, const State& stage, const Vec6& u, Stage& K);
  bool isLastOutput(const State& state) const;

  MomentumReconstruction reconstruction_;
  Vec6 mask_;
  bool project_;
  Stage k_[4];
  State stage_, last_;
  StateDerivative deriv_;
  Vec6 h_ = Vec6::Zero();
  bool carried_ = false;
  long steps_ = 0;
};

}  // namespace vms
