#include "core/solvers/errata_registry.hpp"

#include <functional>
#include <stdexcept>

#include "core/solvers/barycentric_solver.hpp"
#include "core/solvers/base_invariant_solver.hpp"
#include "core/solvers/denoc_solver.hpp"
#include "core/solvers/generalized_jacobian_solver.hpp"
#include "core/solvers/lagrange_poincare_solver.hpp"
#include "core/solvers/quasi_lagrange_solver.hpp"

namespace vms {

namespace {

RandomTreeOptions demo(BaseType base, int bodies, bool chain, double prismatic,
                       std::uint64_t seed) {
  RandomTreeOptions o;
  o.base = base;
  o.bodies = bodies;
  o.chain = chain;
  o.prismatic_fraction = prismatic;
  o.seed = seed;
  return o;
}

// The solver of one erratum, by the variant's spelling (each family maps it through its own
// fromString, so a renamed variant fails the registry test rather than silently vanishing).
std::unique_ptr<ForwardDynamicsSolver> makeVariant(const std::string& solver,
                                                   const std::string& variant, const Model& model) {
  auto bad = [&]() -> std::invalid_argument {
    return std::invalid_argument("no variant '" + variant + "' of solver '" + solver + "'");
  };
  if (solver == "quasi-lagrange") {
    auto v = quasiLagrangeVariantFromString(variant);
    if (!v) throw bad();
    return std::make_unique<QuasiLagrangeSolver>(model, *v);
  }
  if (solver == "lagrange-poincare") {
    auto v = lagrangePoincareVariantFromString(variant);
    if (!v) throw bad();
    return std::make_unique<LagrangePoincareSolver>(model, *v);
  }
  if (solver == "generalized-jacobian") {
    auto v = generalizedJacobianVariantFromString(variant);
    if (!v) throw bad();
    return std::make_unique<GeneralizedJacobianSolver>(model, *v);
  }
  if (solver == "denoc") {
    auto v = denocVariantFromString(variant);
    if (!v) throw bad();
    DenocOptions o;
    o.variant = *v;
    // (152) belongs to the paper's §7.4 twists about the body origin; there its error never
    // reaches the accelerations. About the centre of mass (the registry's SPART point) the
    // same printed block does change them (test_errata_registry measures it).
    if (*v == DenocVariant::PrintedAdot) o.point = DenocReferencePoint::BodyOrigin;
    return std::make_unique<DenocSolver>(model, o);
  }
  if (solver == "barycentric") {
    auto v = barycentricVariantFromString(variant);
    if (!v) throw bad();
    return std::make_unique<BarycentricSolver>(model, *v);
  }
  if (solver == "base-invariant") {
    auto v = baseInvariantVariantFromString(variant);
    if (!v) throw bad();
    BaseInvariantOptions o;
    o.variant = *v;
    return std::make_unique<BaseInvariantSolver>(model, o);
  }
  throw std::invalid_argument("no errata for solver '" + solver + "'");
}

Erratum entry(const char* solver, const char* variant, const char* equation,
              const char* explanation, double documented_error, RandomTreeOptions demo_tree) {
  return Erratum{std::string(solver) + "/" + variant,
                 solver,
                 variant,
                 equation,
                 explanation,
                 documented_error,
                 demo_tree};
}

// The table. Texts: docs/solvers.md, "Errata" of each solver (the measured errors are the
// smallest relative acceleration errors its tests report).
std::vector<Erratum> makeTable() {
  const BaseType kFree = BaseType::Free;
  return {
      entry("quasi-lagrange", "printed-se3-coriolis-block", "seed 000 (22)/(26)/(57)/(110)",
            "The vehicle Coriolis block is printed as -ad_P^T, which swaps which momentum "
            "multiplies which velocity, so a free vehicle's accelerations are wrong by order one. "
            "Energy and momentum checks do catch this one, but only over a run (dE = 0.75 in 2 s "
            "on the paper's Fig. 2 system): a single state looks plausible.",
            2.1, demo(kFree, 5, false, 0.25, 11)),
      entry("quasi-lagrange", "printed-so3-sign", "seed 000 (31)",
            "The ball vehicle's Coriolis term is printed as +p^, the sign of Table 2 flipped. "
            "The term is still skew, so it does no work: the energy stays conserved and only the "
            "accelerations and the direction of the momentum show the error.",
            0.30, demo(BaseType::Ball, 4, false, 0.25, 12)),
      entry("quasi-lagrange", "abelian-vehicle-s", "seed 000 Table 2/(96)-(99)",
            "Table 2 prints S_VV = I, dropping the vehicle Coriolis term of planar and Schoenflies "
            "vehicles, whose rotation does not commute with their translation (a free planar body "
            "runs in a circle instead of a straight line). The dropped term is gyroscopic, so the "
            "energy is conserved; it is exact for translating and fixed vehicles.",
            0.065, demo(BaseType::Planar, 4, false, 0.25, 13)),
      entry("lagrange-poincare", "printed-reconstruction", "seed 001 (98)/(134)",
            "The vehicle velocity is reconstructed as V = M0^-1 (P - A^T qd) instead of "
            "M0^-1 P - A qd, which is only dimensionally valid when the vehicle and the arm have "
            "as many coordinates. The model's example systems rarely meet b = n, which is how the "
            "printed form survived: elsewhere it cannot even be evaluated.",
            0.016, demo(BaseType::Planar, 4, true, 0.0, 14)),
      entry("lagrange-poincare", "printed-force-signs", "seed 001 (96)/(135)",
            "Every force acting on the vehicle side (gravity, vehicle and end-effector wrenches) "
            "enters with the wrong sign. Without gravity and wrenches it is identical to the "
            "corrected form, so every check on a force-free run (energy, momentum) passes.",
            0.20, demo(kFree, 5, false, 0.25, 15)),
      entry("lagrange-poincare", "printed-nhat", "seed 001 (100)",
            "The two connection-derivative terms of N^ carry the printed signs, a gyroscopic "
            "error. It does no work and exerts no net force on the vehicle, so energy and "
            "momentum are conserved to rounding while the joints go elsewhere (1.75 rad apart "
            "after 1 s).",
            0.026, demo(kFree, 5, false, 0.25, 16)),
      entry("lagrange-poincare", "printed-connection-derivative", "seed 001 (122)",
            "dA/dq is printed without the minus sign on M0^-1 dM0/dq M0^-1 M0m, so C^, N^ and the "
            "vehicle acceleration are wrong. It is invisible for a translating vehicle (M0 = m I "
            "is constant), so a test on that vehicle alone misses it.",
            1.03, demo(kFree, 5, false, 0.25, 17)),
      entry("generalized-jacobian", "printed-hstar-dot", "seed 004 (44)/(47)/(49)",
            "The dot on H* is lost, so C* = H* qd + c* instead of dH*/dt qd + c*. The error acts "
            "inside the arm's reduced equation, so the vehicle momentum and the centre of mass "
            "stay perfect; only the energy (0.82 drift in 1 s) and the accelerations show it.",
            0.026, demo(kFree, 5, false, 0.25, 18)),
      entry("generalized-jacobian", "printed-inverse-sign", "seed 004 (52)",
            "The lower-left block of H_0^-1 is printed as +S_U^-1 r_0C^x, so it is no inverse "
            "(|H_0^-1 H_0 - 1| >= 0.95) and A, H* and the recovered vehicle velocity are wrong. "
            "Checking H_0^-1 H_0 = 1 catches it at once; an energy drift shows only over a run.",
            0.15, demo(kFree, 5, false, 0.25, 19)),
      entry("generalized-jacobian", "printed-schur-elements", "seed 004 (54)-(59)",
            "The summed terms of s_22 and s_33 read m_i (r_y^2 + r_z^2), the s_11 term, so the "
            "Schur complement S_U is wrong by >= 0.26. The accelerations are off by only 2.3 % at "
            "the smallest, so it takes a comparison with another formulation to see it at once.",
            0.023, demo(kFree, 5, false, 0.25, 20)),
      entry("generalized-jacobian", "printed-momentum-terms", "seed 004 (44), M_0 != 0",
            "With a nonzero vehicle momentum, (44) as printed lacks Routh's -M_0^T dA/dq qd and "
            "the coadjoint term and has the opposite sign on the locked term. It is exact at "
            "M_0 = 0, the only case the paper uses, so every check on a run from rest passes.",
            0.28, demo(kFree, 5, false, 0.25, 21)),
      entry("denoc", "printed-adot", "seed 003 (152)",
            "The top-right block of Adot is printed as -(w^x a^x), a matrix product, instead of "
            "-(w x a)^x, so Ndot is off by 0.44 and C by 0.31. With revolute joints and the "
            "paper's body-origin twists the missing part vanishes, so the accelerations, energy "
            "and momentum are unchanged and only the matrices show it (with prismatic joints, "
            "or about the centres of mass, the motion changes too).",
            0.0, demo(kFree, 6, true, 0.0, 22)),
      entry("denoc", "printed-base-rate", "seed 003 (139)/(162)",
            "N_{b,d} = 1 is taken as constant, so Ndot_{b,d} = 0 although the vehicle coordinates "
            "are its body twist. The error is small (0.2 % at the smallest) and exact for a fixed "
            "vehicle, so checks on a fixed-base or slow run miss it.",
            2.0e-3, demo(kFree, 5, false, 0.25, 30)),
      entry("barycentric", "printed-barycentre", "seed 003 (6)",
            "The barycentre is printed as c_i = l_i mu_i + r_i (1 - mu_i) instead of "
            "(1 - mu_{i+1}), so the barycentric vectors miss the geometry by 0.14. The error is in "
            "the mass matrix itself, so it needs a comparison with another formulation (4 % in "
            "the accelerations) rather than a check of the run's own balance laws.",
            0.042, demo(kFree, 4, true, 0.0, 24)),
      entry("barycentric", "printed-cm-velocity", "seed 003 (102)/(108)",
            "The vehicle's own centre-of-mass velocity is driven with the total mass, "
            "M dv_0/dt = f, in place of the system centre of mass. The error is small (0.26 % at "
            "the smallest), so it hides inside the tolerance of a short energy check.",
            2.6e-3, demo(kFree, 5, false, 0.25, 25)),
      entry("barycentric", "printed-joint-coupling", "seed 003 (117)/(119)/(123)",
            "dL/dqd is printed as D_q w + D_qq qd, so the joint equation couples through D_q "
            "instead of D_q^T; it is dimensionally valid only for three joints. The mass matrix "
            "is then not symmetric, so energy is generally not conserved and an energy check "
            "catches it over a run.",
            0.30, demo(kFree, 4, true, 0.0, 26)),
      entry("base-invariant", "printed-dual-coriolis", "seed 002 (3.5a)/(3.6)",
            "The dual sweep takes the velocity term of the hinge two steps nearer the base instead "
            "of the hinge's own. The error is in the velocity-dependent forces only, so every "
            "check on a run from rest or at low speed passes.",
            0.095, demo(kFree, 6, true, 0.25, 27)),
      entry("base-invariant", "printed-dual-innovation", "seed 002 (3.5a)",
            "The dual innovation reads z_s(k) before the line that computes it (zero), so it "
            "ignores every force beyond the hinge. The accelerations are wrong by orders of "
            "magnitude: every check catches this one.",
            76.0, demo(kFree, 5, false, 0.25, 28)),
      entry("base-invariant", "printed-velocity-term", "seed 002 (2.2)",
            "The velocity term misses w(k+1) x (H* beta)_linear, so prismatic hinges lose their "
            "Coriolis term. It is exact for revolute hinges, so checks on a revolute arm miss it.",
            0.065, demo(kFree, 5, true, 1.0, 29)),
  };
}

}  // namespace

const std::vector<Erratum>& errata() {
  static const std::vector<Erratum> table = makeTable();
  return table;
}

const Erratum* findErratum(const std::string& id) {
  for (const Erratum& e : errata())
    if (e.id == id) return &e;
  return nullptr;
}

std::string erratumSupportProblem(const Erratum& erratum, const Model& model) {
  if (std::string problem = solverSupportProblem(erratum.solver, model.base_type); !problem.empty())
    return problem;
  try {
    makeVariant(erratum.solver, erratum.variant, model);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return {};
}

std::unique_ptr<ForwardDynamicsSolver> makeErratumSolver(const Erratum& erratum,
                                                         const Model& model) {
  if (std::string problem = solverSupportProblem(erratum.solver, model.base_type); !problem.empty())
    throw std::invalid_argument(problem);
  return makeVariant(erratum.solver, erratum.variant, model);
}

}  // namespace vms
