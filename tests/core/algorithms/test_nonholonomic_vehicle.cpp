// Seed 000's nonholonomic planar vehicle (101): body velocities v_x and w_z only, no sideways
// slip at the vehicle frame's origin (a knife edge, or the axle of a wheeled vehicle).
//
// Checked against two independent references:
//  - the Chaplygin sleigh's closed form: a body whose centre of mass lies a distance a ahead of
//    the knife edge moves by  v' = a w^2,  w' = -m a v w / (I + m a^2); with the energy
//    2E = m v^2 + (I + m a^2) w^2 this integrates to v(t) = V tanh(k t + atanh(v0 / V)),
//    V = sqrt(2E / m), k = m a V / (I + m a^2), and w keeps its sign;
//  - the planar vehicle with a Lagrange multiplier for v_y = 0 (a KKT system on crba's mass
//    matrix and rnea's bias forces), for arms on the vehicle.
// Also: the pose stays in SE(2) although span{e1, e6} is not a subalgebra (the integrators
// move it with v_y increments), the lateral momentum is not conserved (the constraint wrench
// changes it), and the momentum-based integrator refuses the vehicle.
// VMS_RELEASE_ONLY (tests/CMakeLists.txt): long simulations, about 100 times slower under the
// sanitizers; the sanitizer build skips it.
#include <cmath>

#include "core/algorithms/aba.hpp"
#include "core/algorithms/crba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/momentum.hpp"
#include "core/algorithms/rnea.hpp"
#include "core/integrators/integrator.hpp"
#include "core/integrators/system_dynamics.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

constexpr double kMass = 3.0, kOffset = 0.4, kInertiaCom = 0.5;  // m, a, I about the CoM

Model sleigh() {
  ModelDescription d;
  d.name = "chaplygin_sleigh";
  d.base_type = BaseType::Nonholonomic;
  d.gravity = Vec3(0.0, 0.0, -9.81);  // normal to the plane: the constraint carries it
  Inertial in;
  in.mass = kMass;
  in.com = Vec3(kOffset, 0.0, 0.0);
  in.inertia = Vec3(0.2, 0.3, kInertiaCom).asDiagonal();
  d.links.push_back(LinkDescription{"sleigh", in, {}});
  return compileModel(d);
}

State sleighState(const Model& m, double v, double w, double heading) {
  State s = State::neutral(m);
  s.base_orientation = Quat(Eigen::AngleAxisd(heading, Vec3::UnitZ()));
  s.base_position = Vec3(0.3, -1.2, 0.0);
  s.base_twist.setZero();
  s.base_twist[0] = v;
  s.base_twist[5] = w;
  return s;
}

// The same description on a planar vehicle (v_x, v_y, w_z) whose v_y is held at zero by a
// multiplier: [M e; e^T 0] [nudot; lambda] = [tau - nle; 0], e = the v_y column.
struct KktResult {
  Vec6 base_twist_dot;
  VecX qdd;
  double lambda;
};

KktResult planarWithMultiplier(const ModelDescription& nonholonomic, const State& s,
                               const VecX& tau) {
  ModelDescription d = nonholonomic;
  d.base_type = BaseType::Planar;
  const Model p = compileModel(d);
  Data data(p);
  State ps = State::neutral(p);
  ps.base_orientation = s.base_orientation;
  ps.base_position = s.base_position;
  ps.base_twist = s.base_twist;
  ps.q = s.q;
  ps.qd = s.qd;
  crba(p, data, ps);
  nonLinearEffects(p, data, ps);
  const int nv = 3 + p.njoints;
  MatX K = MatX::Zero(nv + 1, nv + 1);
  K.topLeftCorner(nv, nv) = data.M;
  K(1, nv) = K(nv, 1) = 1.0;  // planar basis column 1 is v_y
  VecX rhs = VecX::Zero(nv + 1);
  rhs.segment(3, p.njoints) = tau;
  rhs.head(nv) -= data.nle;
  const VecX x = K.fullPivLu().solve(rhs);
  return {p.base_basis * x.head(3), x.segment(3, p.njoints), x[nv]};
}

}  // namespace

class TestNonholonomicVehicle : public QObject {
  Q_OBJECT
 private slots:
  void typeAndMasks();
  void sleighAccelerationsMatchClosedForm();
  void sleighTrajectoryMatchesClosedForm();
  void armOnVehicleMatchesMultiplierForm();
  void poseStaysPlanarAndLateralMomentumIsNotConserved();
  void momentumIntegratorRefuses();
  void everySupportingSolverAgreesWithAba();
};

void TestNonholonomicVehicle::typeAndMasks() {
  QVERIFY(baseTypeFromString("nonholonomic") == BaseType::Nonholonomic);
  QCOMPARE(baseDof(BaseType::Nonholonomic), 2);
  QVERIFY(!isHolonomic(BaseType::Nonholonomic));
  QVERIFY(twistMask(BaseType::Nonholonomic) == (Vec6() << 1, 0, 0, 0, 0, 1).finished());
  // [w_z, v_x] = v_y: the configuration group is SE(2).
  QVERIFY(poseMask(BaseType::Nonholonomic) == twistMask(BaseType::Planar));
  for (BaseType t : kAllBaseTypes)
    if (t != BaseType::Nonholonomic) {
      QVERIFY2(isHolonomic(t), toString(t).c_str());
      QVERIFY(poseMask(t) == twistMask(t));
    }
}

void TestNonholonomicVehicle::sleighAccelerationsMatchClosedForm() {
  const Model m = sleigh();
  Data data(m);
  const double Ip = kInertiaCom + kMass * kOffset * kOffset;
  double worst = 0.0;
  for (const auto& [v, w] : {std::pair{1.5, 0.7}, {-0.8, 2.1}, {0.0, -1.3}, {2.0, 0.0}}) {
    const State s = sleighState(m, v, w, 0.9);
    aba(m, data, s, VecX::Zero(0));
    Vec6 expected = Vec6::Zero();
    expected[0] = kOffset * w * w;
    expected[5] = -kMass * kOffset * v * w / Ip;
    worst = std::max(worst, test::relativeError(data.base_twist_dot, expected));
  }
  qInfo("sleigh accelerations vs closed form: worst relative difference %.2e", worst);
  QVERIFY2(worst < 1e-14, qPrintable(QString::number(worst)));
}

void TestNonholonomicVehicle::sleighTrajectoryMatchesClosedForm() {
  const Model m = sleigh();
  const double v0 = 0.3, w0 = 2.0, Ip = kInertiaCom + kMass * kOffset * kOffset;
  const double twoE = kMass * v0 * v0 + Ip * w0 * w0;
  const double V = std::sqrt(twoE / kMass), k = kMass * kOffset * V / Ip;
  const double c = std::atanh(v0 / V), heading0 = 0.2, duration = 5.0;
  const auto speed = [&](double t) { return V * std::tanh(k * t + c); };
  const auto yawRate = [&](double t) { return V * std::sqrt(kMass / Ip) / std::cosh(k * t + c); };
  // heading = heading0 + integral of w = heading0 + (V sqrt(m / I') / k) (gd(k t + c) - gd(c)),
  // gd(u) = atan(sinh u); the position by Simpson's rule on the closed-form v and heading.
  const auto heading = [&](double t) {
    return heading0 + V * std::sqrt(kMass / Ip) / k *
                          (std::atan(std::sinh(k * t + c)) - std::atan(std::sinh(c)));
  };
  const int intervals = 200000;
  const double hq = duration / intervals;
  Vec3 position_expected = Vec3::Zero();
  for (int i = 0; i <= intervals; ++i) {
    const double t = i * hq, weight = (i == 0 || i == intervals) ? 1.0 : (i % 2 ? 4.0 : 2.0);
    position_expected +=
        weight * hq / 3.0 * speed(t) * Vec3(std::cos(heading(t)), std::sin(heading(t)), 0.0);
  }
  for (const std::string name : {"rk4", "rk45", "euler"}) {
    State s = sleighState(m, v0, w0, heading0);
    const Vec3 p0 = s.base_position;
    SystemDynamics dyn(m);
    auto integ = makeIntegrator(name, m, 1e-11, 1e-13);
    double worst = 0.0;
    const double dt = name == "euler" ? 1e-5 : 1e-3;
    const int steps = static_cast<int>(std::lround(duration / dt));
    for (int step = 1; step <= steps; ++step) {  // 5 s: v goes from 0.3 to 0.98 V
      integ->advance(dyn, s, dt);
      const double t = step * dt;
      worst = std::max(
          {worst, std::abs(s.base_twist[0] - speed(t)), std::abs(s.base_twist[5] - yawRate(t))});
      QCOMPARE(s.base_twist[1], 0.0);  // never any sideways slip
    }
    const double position_error = (s.base_position - p0 - position_expected).norm();
    const Quat expected_orientation(Eigen::AngleAxisd(heading(duration), Vec3::UnitZ()));
    const double heading_error = s.base_orientation.angularDistance(expected_orientation);
    qInfo("%s: sleigh over 5 s (%.2f m), velocity error %.2e, position %.2e, heading %.2e",
          name.c_str(), position_expected.norm(), worst, position_error, heading_error);
    // Euler is first order: 1e-5 s steps give ~1e-5.
    const double tol = name == "euler" ? 1e-4 : 1e-9;
    QVERIFY2(worst < tol && position_error < tol && heading_error < tol,
             qPrintable(QString("%1 %2 %3").arg(worst).arg(position_error).arg(heading_error)));
  }
}

void TestNonholonomicVehicle::armOnVehicleMatchesMultiplierForm() {
  double worst = 0.0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    RandomTreeOptions o;
    o.bodies = 2 + static_cast<int>(seed);
    o.chain = seed % 2 == 0;
    o.base = BaseType::Nonholonomic;
    o.seed = 100 + seed;
    ModelDescription d = randomTree(o);
    d.gravity = Vec3(0.3, -0.7, -9.81);  // an in-plane component drives the vehicle too
    const Model m = compileModel(d);
    const State s = randomState(m, seed);
    VecX tau(m.njoints);
    for (int j = 0; j < m.njoints; ++j) tau[j] = std::sin(1.7 * j + static_cast<double>(seed));
    Data data(m);
    aba(m, data, s, tau);
    const KktResult ref = planarWithMultiplier(d, s, tau);
    worst = std::max({worst, test::relativeError(data.base_twist_dot, ref.base_twist_dot),
                      test::relativeError(data.qdd, ref.qdd)});
    // The constraint is active: without it the vehicle would slip sideways.
    QVERIFY(std::abs(ref.lambda) > 1e-6);
  }
  qInfo("arm on a nonholonomic vehicle, aba vs multiplier form: worst %.2e", worst);
  QVERIFY2(worst < 1e-11, qPrintable(QString::number(worst)));
}

void TestNonholonomicVehicle::poseStaysPlanarAndLateralMomentumIsNotConserved() {
  RandomTreeOptions o;
  o.bodies = 5;
  o.base = BaseType::Nonholonomic;
  o.seed = 77;
  ModelDescription d = randomTree(o);
  d.gravity.setZero();
  const Model m = compileModel(d);
  State s = randomState(m, 3);
  s.base_orientation = Quat(Eigen::AngleAxisd(0.4, Vec3::UnitZ()));
  s.base_position.z() = 0.0;
  const VecX tau = VecX::Constant(m.njoints, 0.5);
  SystemDynamics dyn(m);
  dyn.setJointForces(tau);
  auto integ = makeIntegrator("rk4", m);
  Data data(m);
  computeKinematics(m, data, s);
  const Vec3 p0 = computeMomentum(m, data).linear;
  double travelled_y = 0.0, max_tilt = 0.0, max_z = 0.0;
  const double y0 = s.base_position.y();
  for (int k = 0; k < 2000; ++k) {
    integ->advance(dyn, s, 1e-3);
    const Mat3 R = s.base_orientation.toRotationMatrix();
    max_tilt = std::max(max_tilt, std::abs(R(2, 2) - 1.0));
    max_z = std::max(max_z, std::abs(s.base_position.z()));
    travelled_y = std::max(travelled_y, std::abs(s.base_position.y() - y0));
  }
  computeKinematics(m, data, s);
  const Vec3 p1 = computeMomentum(m, data).linear;
  qInfo("2 s driven by its arm: max tilt %.1e, |z| %.1e, y moved %.3f m, |dp| %.3f N s", max_tilt,
        max_z, travelled_y, (p1 - p0).norm());
  QVERIFY(max_tilt < 1e-14 && max_z < 1e-14);
  QVERIFY(travelled_y > 1e-3);       // it turns and drives: world y changes with v_x only
  QVERIFY((p1 - p0).norm() > 1e-3);  // the knife edge's wrench changes the momentum
  QCOMPARE(s.base_twist[1], 0.0);
}

void TestNonholonomicVehicle::momentumIntegratorRefuses() {
  const Model m = sleigh();
  QVERIFY(!integratorSupports("momentum-rk4", BaseType::Nonholonomic));
  const std::string error = test::errorOf([&] { makeIntegrator("momentum-rk4", m); });
  QVERIFY2(error.find("momentum-rk4") != std::string::npos &&
               error.find("nonholonomic") != std::string::npos,
           error.c_str());
  for (const std::string& name : integratorNames())
    if (name != "momentum-rk4") QVERIFY(makeIntegrator(name, m) != nullptr);
}

void TestNonholonomicVehicle::everySupportingSolverAgreesWithAba() {
  // test_solver_agreement runs every solver on this vehicle type too; here the list of solvers
  // that refuse it is pinned, with the reason each formulation cannot hold the constraint.
  QStringList refused;
  for (const std::string& name : solverNames())
    if (!solverSupports(name, BaseType::Nonholonomic)) refused << QString::fromStdString(name);
  qInfo("solvers that refuse the nonholonomic vehicle: %s", qPrintable(refused.join(", ")));
  QVERIFY(solverSupports("aba", BaseType::Nonholonomic));
  QVERIFY(solverSupports("crba", BaseType::Nonholonomic));
}

QTEST_APPLESS_MAIN(TestNonholonomicVehicle)
#include "test_nonholonomic_vehicle.moc"
