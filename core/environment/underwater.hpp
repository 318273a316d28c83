#pragma once
// Underwater environment (seed 000 §3.1, Fossen): per-body buoyancy, linear + quadratic
// damping on the velocity relative to a uniform current, and added mass.
//
// - Added mass M_A (constant symmetric 6x6, link frame at the link origin, [lin; ang]) is part
//   of the model: addAddedMass() puts it into the ModelDescription before compiling, and
//   compileModel() fills Model::added_mass, so M_A enters the mass matrix and the velocity-product
//   terms (Kirchhoff's equations for a fluid at rest: (M_RB + M_A) nu_dot + C_RB(nu) nu + C_A(nu)
//   nu = tau, C(nu) nu = -ad*_nu M nu).
// - Buoyancy: -rho V g applied at the centre of buoyancy, g = Model::gravity (the model's one
//   gravity: weight and buoyancy balance for rho V = m).
// - Damping: wrench -(D_l nu_r + D_q |nu_r| nu_r) (diagonal 6-vectors, element-wise), in the
//   link frame at the link origin, nu_r = nu - [R^T v_c; 0] the body twist relative to the
//   uniform current v_c (world frame).
// - With a current and added mass, the force model adds the correction that turns the
//   inertia's absolute-velocity terms into Fossen's M_A nu_r_dot + C_A(nu_r) nu_r, i.e.
//   M_A d(nu_c)/dt + C_A(nu) nu - C_A(nu_r) nu_r (exact for a uniform, constant current).
#include <string>
#include <vector>

#include "core/model/force_model.hpp"

namespace vms {

struct HydrodynamicBody {
  std::string link;                        // link (or frame) the terms are attached to
  double volume = 0.0;                     // displaced volume, m^3 (>= 0)
  Vec3 center_of_buoyancy = Vec3::Zero();  // link frame
  Vec6 linear_damping = Vec6::Zero();      // D_l (diagonal, >= 0), [lin; ang]
  Vec6 quadratic_damping = Vec6::Zero();   // D_q (diagonal, >= 0)
  Mat6 added_mass = Mat6::Zero();          // M_A, link frame at the link origin
};

struct FluidProperties {
  double density = 1025.0;            // kg/m^3
  Vec3 current_world = Vec3::Zero();  // uniform current velocity, world frame
};

/// Appends each body's non-zero added mass to description.added_mass (compileModel checks the
/// link names and that each matrix is symmetric positive semi-definite).
void addAddedMass(ModelDescription& description, const std::vector<HydrodynamicBody>& bodies);

class Underwater final : public ForceModel {
 public:
  /// Throws ModelError naming the link for an unknown link, negative volume or damping.
  Underwater(const Model& model, std::vector<HydrodynamicBody> bodies, FluidProperties fluid);

  void setCurrent(const Vec3& current_world) { fluid_.current_world = current_world; }
  const FluidProperties& fluid() const { return fluid_; }

  void apply(const Model& model, const Data& data, const State& state,
             std::vector<Vec6>& body_forces_world, VecX& tau) override;

  /// Power of the damping forces at the state in `data` (kinematics computed): -sum nu_r^T
  /// D(nu_r) nu_r (<= 0). Without current this is dE/dt of the kinetic energy when buoyancy
  /// balances weight at the centre of mass.
  double dampingPower(const Data& data) const;

 private:
  Vec6 relativeTwist(const Pose& oMl, const Vec6& v_world) const;
  std::vector<HydrodynamicBody> bodies_;
  std::vector<int> body_;
  std::vector<Pose> placement_;  // bodyMlink
  std::vector<Mat6> added_mass_link_;
  FluidProperties fluid_;
};

}  // namespace vms
