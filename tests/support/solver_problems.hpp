#pragma once
// Loaded problems for the solver tests: a random tree (core/model/sample_models.hpp) with
// gravity, joint torques, a vehicle wrench and a world wrench on every body, and the
// generalized accelerations aba gives for it, the solvers' reference.
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "core/algorithms/aba.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"

namespace vms::test {

struct SolverProblem {
  Model model;
  State state;
  VecX tau;
  std::vector<Vec6> body_forces;
  ExternalForces external;  // body_forces_world points at body_forces
};

/// A random tree of `bodies` bodies (one fixed link) on the vehicle `base` at a random state.
/// With `gravity`, gravity (0.4, -1.1, -9.81); with `forces`, random joint torques, a vehicle
/// wrench and a random world wrench on every body. Reproducible from `seed` alone (it seeds
/// Eigen's Random).
inline SolverProblem randomSolverProblem(BaseType base, int bodies, bool chain,
                                         double prismatic_fraction, std::uint64_t seed,
                                         bool gravity = true, bool forces = true) {
  std::srand(static_cast<unsigned>(seed));
  RandomTreeOptions o;
  o.bodies = bodies;
  o.chain = chain;
  o.base = base;
  o.seed = seed;
  o.prismatic_fraction = prismatic_fraction;
  o.fixed_links = 1;
  ModelDescription d = randomTree(o);
  if (gravity) d.gravity = Vec3(0.4, -1.1, -9.81);
  SolverProblem p{compileModel(d), {}, {}, {}, {}};
  p.state = randomState(p.model, seed + 17);
  p.tau = forces ? VecX(VecX::Random(p.model.njoints) * 3.0) : VecX::Zero(p.model.njoints);
  if (forces) {
    p.external.base_wrench_body << 1.0, -2.0, 0.5, 0.3, 0.2, -0.4;
    for (int i = 0; i < p.model.nbodies; ++i) p.body_forces.push_back(Vec6::Random() * 2.0);
    p.external.body_forces_world = &p.body_forces;
  }
  return p;
}

/// [iota0^T twist_dot; qdd] from a solver's results in `data`.
inline VecX generalizedAccelerations(const Model& m, const Data& data) {
  VecX a(m.nv);
  a << m.base_basis.transpose() * data.base_twist_dot, data.qdd;
  return a;
}

/// The reference: aba's generalized accelerations.
inline VecX abaAccelerations(const SolverProblem& p) {
  Data data(p.model);
  aba(p.model, data, p.state, p.tau, p.external);
  return generalizedAccelerations(p.model, data);
}

}  // namespace vms::test
