// Teach mode's free-floating reposition (core/analysis/free_floating_reposition.hpp): the
// joints move along a straight joint-space path and the vehicle follows the zero-momentum
// connection. Independent checks, on random trees of every vehicle type (no gravity):
// - the system centre of mass stays where it was (momentum algorithm, no mass matrix) for the
//   vehicles whose subgroup contains all translations (free, translation, schoenflies) and in
//   the plane of a planar vehicle, to 1e-10 m;
// - the vehicle pose equals that of the FULL DYNAMICS run from rest with the joints driven
//   along the same path by a quintic time law (joint accelerations prescribed, the vehicle's
//   acceleration from its rows of M nu_dot + C = [0; tau]: crba + nonLinearEffects, RK4 with
//   2000 steps), to 1e-9, and the vehicle ends at rest there;
// - fixed steps converge at 4th order; the adaptive result agrees with a 4096-step run;
// - a fixed vehicle stays (bitwise).
// VMS_RELEASE_ONLY (tests/CMakeLists.txt): long simulations, about 100 times slower under the
// sanitizers; the sanitizer build skips it.
#include <cmath>

#include "core/algorithms/crba.hpp"
#include "core/algorithms/momentum.hpp"
#include "core/algorithms/rnea.hpp"
#include "core/analysis/free_floating_reposition.hpp"
#include "core/integrators/lie_rk.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "test_models.hpp"
#include "test_support.hpp"

using namespace vms;
using test::kAllBases;

namespace {

Model makeModel(BaseType base, std::uint64_t seed, int bodies = 6) {
  Model m = compileModel(test::randomDescription(base, seed, /*chain=*/seed % 2 == 0, bodies, 1));
  m.gravity.setZero();
  return m;
}

State restState(const Model& m, std::uint64_t seed) {
  State s = randomState(m, seed);
  s.base_twist.setZero();
  s.qd.setZero();
  return s;
}

VecX targetFor(const Model& m, const State& s, std::uint64_t seed) {
  VecX dq = State::neutral(m).q;
  for (int j = 0; j < m.njoints; ++j)
    dq[j] = std::sin(1.7 * (j + 1) + static_cast<double>(seed)) *
            (m.joint_type[m.joint_body[j]] == JointType::Prismatic ? 0.3 : 1.0);
  return s.q + dq;
}

double poseDistance(const State& a, const State& b) {
  return std::max((a.base_position - b.base_position).cwiseAbs().maxCoeff(),
                  a.base_orientation.angularDistance(b.base_orientation));
}

/// The full dynamics with prescribed joint motion q(t) = q0 + s(t) dq, s quintic on [0, T]
/// (rest to rest): the vehicle rows of M nu_dot + C(q, nu) nu = [0; tau] give
///   nu_b_dot = -Mbb^-1 (Mbm qdd + nle_b),
/// integrated with RKMK4 on the vehicle's group (pose) and RK4 (nu_b). Returns the final state;
/// `final_speed` gets |nu_b(T)|.
State dynamicsWithPrescribedJoints(const Model& m, const State& start, const VecX& q1, int steps,
                                   double* final_speed) {
  const double T = 1.0;
  const VecX dq = q1 - start.q;
  const int b = m.base_dof;
  Data data(m);
  State st = start;
  auto profile = [&](double t, double& s, double& sd, double& sdd) {
    const double x = t / T;
    s = x * x * x * (10 - 15 * x + 6 * x * x);
    sd = 30 * x * x * (1 - x) * (1 - x) / T;
    sdd = 60 * x * (1 - 3 * x + 2 * x * x) / (T * T);
  };
  // Derivative of nu_b at time t for vehicle pose (in `pose`) and nu_b.
  auto accel = [&](double t, const State& pose, const VecX& nu_b) -> VecX {
    double s, sd, sdd;
    profile(t, s, sd, sdd);
    State x = pose;
    x.q = start.q + s * dq;
    x.qd = sd * dq;
    x.base_twist = m.base_basis * nu_b;
    crba(m, data, x);
    const MatX M = data.M;
    nonLinearEffects(m, data, x);
    const VecX rhs = M.topRightCorner(b, m.njoints) * (sdd * dq) + data.nle.head(b);
    return -M.topLeftCorner(b, b).llt().solve(rhs);
  };
  VecX nu = VecX::Zero(b);
  const double h = T / steps;
  for (int k = 0; k < steps; ++k) {
    const double t = k * h;
    // RKMK4: stage poses g exp(u_i), u' = dexp^{-1}_{-u}(xi), nu' = accel.
    const Vec6 xi1 = m.base_basis * nu;
    const VecX a1 = accel(t, st, nu);
    State p2 = st;
    const Vec6 u2 = 0.5 * h * xi1;
    composeExp(st, u2, p2);
    const VecX nu2 = nu + 0.5 * h * a1;
    const Vec6 xi2 = se3DexpInv(-u2, m.base_basis * nu2);
    const VecX a2 = accel(t + 0.5 * h, p2, nu2);
    State p3 = st;
    const Vec6 u3 = 0.5 * h * xi2;
    composeExp(st, u3, p3);
    const VecX nu3 = nu + 0.5 * h * a2;
    const Vec6 xi3 = se3DexpInv(-u3, m.base_basis * nu3);
    const VecX a3 = accel(t + 0.5 * h, p3, nu3);
    State p4 = st;
    const Vec6 u4 = h * xi3;
    composeExp(st, u4, p4);
    const VecX nu4 = nu + h * a3;
    const Vec6 xi4 = se3DexpInv(-u4, m.base_basis * nu4);
    const VecX a4 = accel(t + h, p4, nu4);
    composeExp(st, (h / 6.0) * (xi1 + 2 * xi2 + 2 * xi3 + xi4), st);
    nu += (h / 6.0) * (a1 + 2 * a2 + 2 * a3 + a4);
  }
  st.q = q1;
  *final_speed = nu.size() ? nu.cwiseAbs().maxCoeff() : 0.0;
  return st;
}

}  // namespace

class TestFreeFloatingReposition : public QObject {
  Q_OBJECT
 private slots:
  void systemCentreOfMassStays() {
    double worst = 0.0;
    for (BaseType base :
         {BaseType::Free, BaseType::Translation, BaseType::Schoenflies, BaseType::Planar}) {
      for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        const Model m = makeModel(base, seed);
        State s0 = restState(m, seed);
        if (base == BaseType::Planar || base == BaseType::Schoenflies)
          s0.base_orientation = Quat(Eigen::AngleAxisd(0.7, Vec3::UnitZ()));  // upright
        const VecX q1 = targetFor(m, s0, seed);
        const RepositionResult r = freeFloatingReposition(m, s0, q1);
        QVERIFY(r.converged);
        QVERIFY(r.state.q == q1);
        Data d(m);
        const Vec3 c0 = centerOfMass(m, d, s0), c1 = centerOfMass(m, d, r.state);
        Vec3 shift = c1 - c0;
        if (base == BaseType::Planar) shift.z() = 0.0;  // the plane's normal is world z here
        worst = std::max(worst, shift.norm());
        if (!(shift.norm() <= 1e-10))
          QFAIL(qPrintable(QString("%1 seed %2: CoM moved %3 m (vehicle moved %4 m)")
                               .arg(toString(base).c_str())
                               .arg(seed)
                               .arg(shift.norm())
                               .arg((r.state.base_position - s0.base_position).norm())));
        QVERIFY((r.state.base_position - s0.base_position).norm() > 1e-4 ||
                r.state.base_orientation.angularDistance(s0.base_orientation) > 1e-4);
      }
    }
    qInfo("largest system CoM shift: %.3g m", worst);
  }

  void matchesFullDynamics() {
    double worst = 0.0, worst_speed = 0.0;
    for (BaseType base : kAllBases) {
      if (base == BaseType::Fixed) continue;
      if (!isHolonomic(base)) {  // its wheels exchange momentum: refused, by name
        const Model m = makeModel(base, 11, 5);
        const std::string error = test::errorOf(
            [&] { freeFloatingReposition(m, restState(m, 11), VecX::Zero(m.njoints)); });
        QVERIFY2(error.find(toString(base)) != std::string::npos, error.c_str());
        continue;
      }
      for (std::uint64_t seed = 11; seed <= 13; ++seed) {
        const Model m = makeModel(base, seed, 5);
        State s0 = restState(m, seed);
        if (base == BaseType::Planar || base == BaseType::Schoenflies)
          s0.base_orientation = Quat(Eigen::AngleAxisd(-0.4, Vec3::UnitZ()));
        const VecX q1 = targetFor(m, s0, seed);
        double speed = 0.0;
        const State dyn = dynamicsWithPrescribedJoints(m, s0, q1, 2000, &speed);
        const RepositionResult r = freeFloatingReposition(m, s0, q1);
        const double d = poseDistance(dyn, r.state);
        worst = std::max(worst, d);
        worst_speed = std::max(worst_speed, speed);
        if (!(d <= 1e-9))
          QFAIL(qPrintable(QString("%1 seed %2: pose differs from the dynamics by %3")
                               .arg(toString(base).c_str())
                               .arg(seed)
                               .arg(d)));
        QVERIFY(speed <= 1e-9);                     // the dynamics end at rest as well
        QVERIFY(poseDistance(s0, r.state) > 1e-3);  // a real motion was compared
      }
    }
    qInfo("largest pose difference to the full dynamics: %.3g; final vehicle speed %.3g", worst,
          worst_speed);
  }

  void convergesAtFourthOrder() {
    for (BaseType base : {BaseType::Free, BaseType::Ball, BaseType::Planar}) {
      const Model m = makeModel(base, 21);
      const State s0 = restState(m, 21);
      const VecX q1 = targetFor(m, s0, 21);
      const State ref = freeFloatingRepositionFixedSteps(m, s0, q1, 2048);
      double previous = 0.0;
      QString orders;
      for (int n : {4, 8, 16, 32}) {
        const double e = poseDistance(freeFloatingRepositionFixedSteps(m, s0, q1, n), ref);
        if (previous > 0.0) {
          const double order = std::log2(previous / e);
          orders += QString(" %1").arg(order, 0, 'f', 2);
          QVERIFY2(order > 3.7 && order < 4.6, qPrintable(orders));
        }
        previous = e;
      }
      qInfo("%s: observed orders%s", toString(base).c_str(), qPrintable(orders));
      const RepositionResult r = freeFloatingReposition(m, s0, q1);
      const State fine = freeFloatingRepositionFixedSteps(m, s0, q1, 4096);
      QVERIFY(r.converged);
      QVERIFY(r.error_estimate <= 1e-11);
      QVERIFY(poseDistance(r.state, fine) <= 1e-10);
    }
  }

  void fixedVehicleStays() {
    const Model m = makeModel(BaseType::Fixed, 31);
    const State s0 = restState(m, 31);
    const VecX q1 = targetFor(m, s0, 31);
    const RepositionResult r = freeFloatingReposition(m, s0, q1);
    QVERIFY(r.converged);
    QVERIFY(r.state.base_position == s0.base_position);
    QVERIFY(r.state.base_orientation.coeffs() == s0.base_orientation.coeffs());
    QVERIFY(r.state.q == q1);
    // No joint motion: nothing moves either.
    const Model f = makeModel(BaseType::Free, 31);
    const State sf = restState(f, 31);
    const RepositionResult same = freeFloatingReposition(f, sf, sf.q);
    QVERIFY(same.state.base_position == sf.base_position);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             freeFloatingReposition(f, sf, VecX::Zero(f.njoints + 1)));
  }
};

QTEST_GUILESS_MAIN(TestFreeFloatingReposition)
#include "test_free_floating_reposition.moc"
