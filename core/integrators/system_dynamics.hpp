#pragma once
// The right-hand side of the equations of motion as integrators see it: a model, a solver,
// held joint forces, joint damping and external forces. evaluate() never allocates.
#include <memory>
#include <string>
#include <vector>

#include "core/model/force_model.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"

namespace vms {

/// Time derivative of a State's velocities (the positions' derivatives are the velocities).
struct StateDerivative {
  Vec6 twist_dot = Vec6::Zero();  // derivative of State::base_twist
  VecX qdd;                       // joint accelerations, user order
};

class SystemDynamics {
 public:
  /// Throws std::invalid_argument for an unknown solver name.
  explicit SystemDynamics(const Model& model, const std::string& solver = defaultSolverName());
  /// With a solver made by the caller for `model` (e.g. base-invariant with another root).
  /// Throws std::invalid_argument for a null solver.
  SystemDynamics(const Model& model, std::unique_ptr<ForwardDynamicsSolver> solver);

  const Model& model() const { return *model_; }
  Data& data() { return data_; }
  const ForwardDynamicsSolver& solver() const { return *solver_; }

  /// Joint forces held constant until changed (user order, size model.njoints).
  void setJointForces(const Eigen::Ref<const VecX>& tau) { tau_ = tau; }
  const VecX& jointForces() const { return tau_; }
  /// Viscous joint damping from the model (on by default for simulations).
  void setDampingEnabled(bool on) { damping_ = on; }
  ExternalForces& external() { return external_; }
  /// Adds a force model evaluated at every stage (not owned; must outlive this object).
  /// Its body forces add to external().body_forces_world if that is set.
  void addForceModel(ForceModel* force_model);

  /// Accelerations at `state`: tau - damping * qd, gravity, external forces.
  void evaluate(const State& state, StateDerivative& out);
  /// Number of evaluate() calls so far.
  long evaluations() const { return evaluations_; }
  /// World body forces (at the world origin, size model.nbodies) the last evaluate() applied:
  /// external().body_forces_world plus the force models' forces; nullptr when there were none.
  /// Gravity and external().base_wrench_body are not included.
  const std::vector<Vec6>* appliedBodyForcesWorld() const {
    return force_models_.empty() ? external_.body_forces_world : &body_forces_;
  }

 private:
  const Model* model_;
  Data data_;
  std::unique_ptr<ForwardDynamicsSolver> solver_;
  VecX tau_, tau_total_;
  bool damping_ = true;
  ExternalForces external_;
  std::vector<ForceModel*> force_models_;
  std::vector<Vec6> body_forces_;  // sum of the force models' (and external) body forces
  long evaluations_ = 0;
};

}  // namespace vms
