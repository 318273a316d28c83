// Environments: uniform gravity helper, underwater (added mass, buoyancy, damping, current),
// orbital gravity gradient.
// - added mass on a free body vs Kirchhoff's equations (M_RB + M_A) nu_dot = ad*_nu (M nu)
//   integrated independently in the body frame (rk4, 1 ms, 5 s): 1e-10; the world momentum
//   I v (body + fluid impulse) and energy are conserved; gravity with added mass = weight only;
// - neutral buoyancy with the CoB at the CoG: no drift (1e-12 m over 10 s);
// - CoB above CoG: small-oscillation period 2 pi sqrt(I / (W h)) to 1e-3 (measured ~1e-6);
// - damping: E(T) - E(0) = integral of -nu^T D(nu) nu (Simpson), 1e-9 relative;
// - current, linear damping only: nu(t) = v_c (1 - exp(-d t / m)) per axis, 1e-9;
// - added mass in a current: a body drifting with the current feels no (Munk) moment;
// - gravity gradient torque 3 n^2 r x (I r) = -dV/dtheta (finite differences), zero for an
//   isotropic body, normal to r; pitch libration at sqrt(3) n in the rotating LVLH frame
//   (1e-4), a Clohessy-Wiltshire along-track equilibrium stays put.
#include <cmath>
#include <functional>
#include <limits>

#include "core/algorithms/aba.hpp"
#include "core/algorithms/crba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/momentum.hpp"
#include "core/algorithms/rnea.hpp"
#include "core/environment/gravity_gradient.hpp"
#include "core/environment/perturbation.hpp"
#include "core/environment/underwater.hpp"
#include "core/environment/uniform_gravity.hpp"
#include "core/integrators/integrator.hpp"
#include "core/io/model_io.hpp"
#include "core/io/vms_json.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/model_error.hpp"
#include "core/model/sample_models.hpp"
#include "core/scenario/default_scenario.hpp"
#include "core/scenario/simulator.hpp"
#include "model_variants.hpp"
#include "test_support.hpp"

using namespace vms;
using vms::test::withAddedMass;
using vms::test::withGravity;

namespace {

ModelDescription singleBody(double m, const Vec3& com, const Vec3& diag) {
  ModelDescription d;
  d.name = "body";
  LinkDescription l;
  l.name = "hull";
  l.inertial.mass = m;
  l.inertial.com = com;
  l.inertial.inertia = diag.asDiagonal();
  d.links.push_back(l);
  return d;
}

Mat6 randomSpd(unsigned seed, double scale) {
  std::srand(seed);
  const Mat6 A = Mat6::Random();
  return scale * (A * A.transpose() + Mat6::Identity());
}

double energy(const Model& m, Data& data, const State& s) {
  computeKinematics(m, data, s);
  return computeMomentum(m, data).kinetic_energy;
}

}  // namespace

class TestEnvironment : public QObject {
  Q_OBJECT
 private slots:
  void uniformGravityHelper();
  void addedMassMatchesKirchhoff();
  void addedMassLivesInTheDescription();
  void addedMassHasNoWeightAndConsistentAlgorithms();
  void neutralBuoyancyNoDrift();
  void restoringMomentPeriod();
  void dampingDissipatesEnergy();
  void currentLinearDamping();
  void addedMassDriftsWithCurrent();
  void underwaterValidation();
  void gravityGradientTorqueIsPotentialGradient();
  void pitchLibration();
  void cwAlongTrackEquilibrium();
  void perturbationPullsAndItsWorkIsTheEnergyGained();
};

void TestEnvironment::uniformGravityHelper() {
  ModelDescription d = singleBody(2, Vec3::Zero(), Vec3(1, 1, 1));
  setUniformGravity(d, standardGravityVector());
  Model m = compileModel(d);
  QCOMPARE(m.gravity, Vec3(0, 0, -kStandardGravity));
  m = withGravity(m, Vec3(0, -1.62, 0));
  QCOMPARE(m.gravity, Vec3(0, -1.62, 0));
  Data data(m);
  aba(m, data, State::neutral(m), VecX::Zero(0));
  VMS_COMPARE_REL(Vec3(linear(data.base_twist_dot)), Vec3(0, -1.62, 0), 1e-15);
  bool threw = false;
  try {
    m = withGravity(m, Vec3(NAN, 0, 0));
  } catch (const ModelError&) {
    threw = true;
  }
  QVERIFY(threw);
}

void TestEnvironment::addedMassMatchesKirchhoff() {
  const double mass = 80.0;
  const Vec3 com(0.1, -0.05, 0.2);
  const Mat3 Ic = Vec3(6, 9, 12).asDiagonal();
  Model m = compileModel(singleBody(mass, com, Vec3(6, 9, 12)));
  HydrodynamicBody hb;
  hb.link = "hull";
  hb.added_mass = randomSpd(3, 5.0);
  m = withAddedMass(m, {hb});
  // Body-frame generalized mass at the body origin.
  const Mat6 M = spatialInertiaWorld(mass, com, Ic) + hb.added_mass;
  const Eigen::LLT<Mat6> llt(M);
  auto f = [&](const Vec6& nu) -> Vec6 { return llt.solve(Vec6(-crossForce(nu, M * nu))); };
  Vec6 nu;
  nu << 0.5, -0.3, 0.2, 0.4, -0.6, 0.3;
  State s = State::neutral(m);
  s.base_twist = nu;
  SystemDynamics dyn(m);
  auto rk4 = makeIntegrator("rk4", m);
  Data data(m);
  computeKinematics(m, data, s);
  const MomentumSummary h0 = computeMomentum(m, data);
  const double dt = 1e-3;
  double err = 0, errh = 0, errE = 0;
  for (int k = 0; k < 5000; ++k) {
    const Vec6 k1 = f(nu), k2 = f(nu + 0.5 * dt * k1), k3 = f(nu + 0.5 * dt * k2),
               k4 = f(nu + dt * k3);
    nu += dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4);
    rk4->advance(dyn, s, dt);
    err = std::max(err, (s.base_twist - nu).norm() / nu.norm());
    if (k % 100 == 99) {
      computeKinematics(m, data, s);
      const MomentumSummary h = computeMomentum(m, data);
      errh = std::max(
          errh,
          (makeVec6(h.linear, h.angular_origin) - makeVec6(h0.linear, h0.angular_origin)).norm() /
              makeVec6(h0.linear, h0.angular_origin).norm());
      errE = std::max(errE, std::abs(h.kinetic_energy - h0.kinetic_energy) / h0.kinetic_energy);
    }
  }
  // Energy in the body frame: 1/2 nu^T M nu.
  const double E_body = 0.5 * nu.dot(M * nu);
  qInfo("added mass vs Kirchhoff, 5 s: twist rel %.3g; world momentum drift %.3g; energy %.3g", err,
        errh, errE);
  QVERIFY(err <= 1e-10);
  QVERIFY(errh <= 1e-10);
  QVERIFY(errE <= 1e-10);
  QVERIFY(std::abs(E_body - h0.kinetic_energy) / E_body <= 1e-10);
}

// Added mass is part of the ModelDescription: written and read back exactly by .vms.json,
// moved from its link (or frame) to its body by compileModel, checked there with the link named.
void TestEnvironment::addedMassLivesInTheDescription() {
  ModelDescription d = singleBody(10.0, Vec3::Zero(), Vec3(1, 2, 3));
  LinkDescription tip;
  tip.name = "tip";
  tip.inertial.mass = 1.0;
  tip.inertial.inertia = Mat3::Identity();
  d.links.push_back(tip);
  JointDescription fixed;
  fixed.name = "weld";
  fixed.kind = JointKind::Fixed;
  fixed.parent = "hull";
  fixed.child = "tip";
  fixed.origin.p = Vec3(0.5, -0.2, 0.1);
  fixed.origin.R = axisAngleRotation(Vec3(1, 2, 3).normalized(), 0.7);
  d.joints.push_back(fixed);
  const Mat6 MA = randomSpd(21, 3.0);
  d.added_mass.push_back({"tip", MA});
  d.added_mass.push_back({"hull", Mat6::Identity()});

  const ModelDescription back = parseVmsJson(writeVmsJson(d), "added.vms.json");
  QCOMPARE(back.added_mass.size(), size_t(2));
  QCOMPARE(back.added_mass[0].link, std::string("tip"));
  QVERIFY(back.added_mass[0].matrix == MA);  // bitwise: the JSON numbers round-trip
  QVERIFY(back.added_mass[1].matrix == Mat6::Identity());
  QCOMPARE(writeVmsJson(back), writeVmsJson(d));

  // Both links are fused into body 0: the tip's M_A moves by Ad^-T M_A Ad^-1, Ad = Ad_{0Mtip}.
  const Model m = compileModel(back);
  QCOMPARE(m.nbodies, 1);
  QCOMPARE(m.added_mass.size(), size_t(1));
  const Mat6 Ainv = adjoint(fixed.origin.inverse());
  const Mat6 expected = Ainv.transpose() * MA * Ainv + Mat6::Identity();
  QVERIFY((m.added_mass[0] - expected).norm() <= 1e-14 * expected.norm());
  QVERIFY(compileModel(singleBody(10.0, Vec3::Zero(), Vec3(1, 2, 3))).added_mass.empty());

  auto compileError = [&](const std::string& link, const Mat6& matrix) {
    ModelDescription bad = d;
    bad.added_mass = {{link, matrix}};
    return test::errorOf([&] { compileModel(bad); });
  };
  QVERIFY(compileError("hull", MA).empty());
  QCOMPARE(compileError("fin", MA),
           std::string("added mass #1 (link 'fin'): unknown link or frame"));
  Mat6 skewed = MA;
  skewed(0, 1) += 1.0;
  QCOMPARE(compileError("hull", skewed), std::string("added mass #1 (link 'hull'): not symmetric"));
  QCOMPARE(compileError("hull", -MA),
           std::string("added mass #1 (link 'hull'): not positive semi-definite"));
  Mat6 nan = MA;
  nan(2, 2) = NAN;
  QCOMPARE(compileError("hull", nan),
           std::string("added mass #1 (link 'hull'): has a NaN or infinite value"));
}

void TestEnvironment::addedMassHasNoWeightAndConsistentAlgorithms() {
  RandomTreeOptions o;
  o.bodies = 5;
  ModelDescription d = randomTree(o);
  d.gravity = Vec3(0.3, -0.2, -9.81);
  Model m = compileModel(d);
  std::vector<HydrodynamicBody> hbs;
  for (int i = 0; i < m.nbodies; ++i) {
    HydrodynamicBody hb;
    hb.link = m.body_names[i];
    hb.added_mass = randomSpd(10 + i, 0.5);
    hbs.push_back(hb);
  }
  Model plain = m;
  m = withAddedMass(m, hbs);
  const State s = randomState(m, 5);
  Data data(m), dplain(plain);
  // At rest, the generalized gravity force is the same with and without added mass.
  State rest = s;
  rest.base_twist.setZero();
  rest.qd.setZero();
  nonLinearEffects(m, data, rest);
  nonLinearEffects(plain, dplain, rest);
  VMS_COMPARE_REL(data.nle, dplain.nle, 1e-12);
  // Centre of mass unaffected.
  VMS_COMPARE_REL(centerOfMass(m, data, s), centerOfMass(plain, dplain, s), 1e-14);
  // ABA, RNEA and CRBA agree with added mass: M qdd + nle = tau.
  const VecX tau = VecX::Random(m.njoints);
  aba(m, data, s, tau);
  const Vec6 twist_dot = data.base_twist_dot;
  const VecX qdd = data.qdd;
  rnea(m, data, s, twist_dot, qdd);
  VMS_COMPARE_REL(data.tau, tau, 1e-10);
  QVERIFY(data.base_force.norm() <= 1e-10 * (1.0 + tau.norm()));
  crba(m, data, s);
  nonLinearEffects(m, data, s);
  VecX nu_dot(m.nv);
  nu_dot << twist_dot, qdd;
  VecX rhs(m.nv);
  rhs << VecX::Zero(6), tau;
  VMS_COMPARE_REL(VecX(data.M * nu_dot + data.nle), rhs, 1e-10);
  // The mass matrix really contains the added mass.
  crba(plain, dplain, s);
  QVERIFY((data.M - dplain.M).norm() > 0.1);
}

void TestEnvironment::neutralBuoyancyNoDrift() {
  const double mass = 50.0, rho = 1000.0;
  Model m = compileModel(singleBody(mass, Vec3(0.1, 0.2, -0.1), Vec3(2, 3, 4)));
  m = withGravity(m, standardGravityVector());
  HydrodynamicBody hb;
  hb.link = "hull";
  hb.volume = mass / rho;
  hb.center_of_buoyancy = Vec3(0.1, 0.2, -0.1);
  hb.linear_damping << 10, 10, 10, 1, 1, 1;
  hb.added_mass = randomSpd(4, 2.0);
  m = withAddedMass(m, {hb});
  FluidProperties fluid;
  fluid.density = rho;
  Underwater water(m, {hb}, fluid);
  SystemDynamics dyn(m);
  dyn.addForceModel(&water);
  State s = State::neutral(m);
  s.base_orientation = Quat(Eigen::AngleAxisd(0.8, Vec3(1, -1, 2).normalized()));
  s.base_position = Vec3(1, 2, -30);
  const State s0 = s;
  auto rk4 = makeIntegrator("rk4", m);
  for (int k = 0; k < 1000; ++k) rk4->advance(dyn, s, 1e-2);
  const double drift = (s.base_position - s0.base_position).norm() + s.base_twist.norm();
  qInfo("neutral buoyancy, 10 s: drift %.3g", drift);
  QVERIFY(drift <= 1e-12);
  // 1 % heavier: it sinks (the test can fail).
  Underwater heavy(m, {hb}, FluidProperties{rho * 0.99, Vec3::Zero()});
  SystemDynamics dyn2(m);
  dyn2.addForceModel(&heavy);
  State s2 = s0;
  for (int k = 0; k < 100; ++k) rk4->advance(dyn2, s2, 1e-2);
  QVERIFY(s2.base_position.z() < s0.base_position.z() - 1e-3);
}

void TestEnvironment::restoringMomentPeriod() {
  const double mass = 40.0, rho = 1025.0, h = 0.05, Ixx = 3.0;
  Model m = compileModel(singleBody(mass, Vec3::Zero(), Vec3(Ixx, 4, 5)));
  m = withGravity(m, Vec3(0, 0, -9.81));
  HydrodynamicBody hb;
  hb.link = "hull";
  hb.volume = mass / rho;
  hb.center_of_buoyancy = Vec3(0, 0, h);
  Underwater water(m, {hb}, FluidProperties{rho, Vec3::Zero()});
  SystemDynamics dyn(m);
  dyn.addForceModel(&water);
  State s = State::neutral(m);
  const double theta0 = 0.01;
  s.base_orientation = Quat(Eigen::AngleAxisd(theta0, Vec3::UnitX()));
  const double W = mass * 9.81;
  const double T = 2.0 * M_PI * std::sqrt(Ixx / (W * h));
  auto rk4 = makeIntegrator("rk4", m);
  const double dt = T / 4000.0;
  auto roll = [](const State& st) {
    const Mat3 R = st.base_orientation.toRotationMatrix();
    return std::atan2(R(2, 1), R(1, 1));
  };
  std::vector<double> crossings;  // downward zero crossings
  double prev = roll(s);
  for (int k = 1; k <= 4 * 4000 + 10; ++k) {
    rk4->advance(dyn, s, dt);
    const double cur = roll(s);
    if (prev > 0 && cur <= 0) crossings.push_back((k - 1) * dt + dt * prev / (prev - cur));
    prev = cur;
  }
  QVERIFY(crossings.size() >= 4);
  const double measured = (crossings.back() - crossings.front()) / (crossings.size() - 1);
  const double err = std::abs(measured - T) / T;
  qInfo("restoring moment: period %.6f s vs closed form %.6f s, rel %.3g", measured, T, err);
  QVERIFY(err <= 1e-3);
}

void TestEnvironment::dampingDissipatesEnergy() {
  RandomTreeOptions o;
  o.bodies = 3;
  o.seed = 11;
  Model m = compileModel(randomTree(o));  // no gravity: E = kinetic energy
  std::vector<HydrodynamicBody> hbs;
  for (int i = 0; i < m.nbodies; ++i) {
    HydrodynamicBody hb;
    hb.link = m.body_names[i];
    hb.linear_damping << 2, 3, 4, 0.2, 0.3, 0.1;
    hb.quadratic_damping << 5, 4, 3, 0.5, 0.2, 0.4;
    hb.added_mass = randomSpd(20 + i, 0.3);
    hbs.push_back(hb);
  }
  m = withAddedMass(m, hbs);
  Underwater water(m, hbs, FluidProperties{});
  SystemDynamics dyn(m);
  dyn.setDampingEnabled(false);
  dyn.addForceModel(&water);
  State s = randomState(m, 3);
  Data data(m);
  auto power = [&](const State& st) {
    computeKinematics(m, data, st);
    // Power of the applied forces (sum v . f) equals the damping power formula.
    std::vector<Vec6> fw(m.nbodies, Vec6::Zero());
    VecX tau = VecX::Zero(m.njoints);
    water.apply(m, data, st, fw, tau);
    double p = 0;
    for (int i = 0; i < m.nbodies; ++i) p += data.v[i].dot(fw[i]);
    const double pd = water.dampingPower(data);
    if (std::abs(p - pd) > 1e-12 * std::abs(pd)) return std::nan("");
    return pd;
  };
  const double E0 = energy(m, data, s);
  auto rk4 = makeIntegrator("rk4", m);
  const double dt = 1e-3;
  const int n = 2000;
  double integral = power(s);  // Simpson weights 1, 4, 2, ..., 4, 1
  for (int k = 1; k <= n; ++k) {
    rk4->advance(dyn, s, dt);
    integral += (k == n ? 1.0 : (k % 2 ? 4.0 : 2.0)) * power(s);
  }
  integral *= dt / 3.0;
  const double E1 = energy(m, data, s);
  const double err = std::abs((E1 - E0) - integral) / std::abs(integral);
  qInfo("damping: E drop %.6g, integral of -nu^T D nu %.6g, rel %.3g", E0 - E1, -integral, err);
  QVERIFY(std::isfinite(integral));
  QVERIFY(E1 < 0.9 * E0);
  QVERIFY(err <= 1e-9);
}

void TestEnvironment::currentLinearDamping() {
  const double mass = 30.0;
  Model m = compileModel(singleBody(mass, Vec3::Zero(), Vec3(1, 2, 3)));
  m = withGravity(m, Vec3(0, 0, -9.81));
  HydrodynamicBody hb;
  hb.link = "hull";
  hb.volume = mass / 1000.0;
  hb.linear_damping << 15, 20, 45, 1, 1, 1;
  const Vec3 vc(0.4, -0.2, 0.1);
  Underwater water(m, {hb}, FluidProperties{1000.0, vc});
  SystemDynamics dyn(m);
  dyn.addForceModel(&water);
  State s = State::neutral(m);
  auto rk4 = makeIntegrator("rk4", m);
  double err = 0;
  for (int k = 1; k <= 30000; ++k) {
    rk4->advance(dyn, s, 1e-3);
    const double t = k * 1e-3;
    for (int a = 0; a < 3; ++a) {
      const double expected = vc[a] * (1.0 - std::exp(-hb.linear_damping[a] * t / mass));
      err = std::max(err, std::abs(s.base_twist[a] - expected) / vc.norm());
    }
  }
  const double final_gap = (Vec3(linear(s.base_twist)) - vc).norm() / vc.norm();
  qInfo("current: closed form rel %.3g; final gap to the current %.3g", err, final_gap);
  QVERIFY(err <= 1e-9);
  QVERIFY(final_gap <= 1e-6);  // slowest axis: exp(-0.5 * 30) = 3e-7
  // No torque acts (diagonal damping, a current along no lever arm): the angular velocity stays
  // zero up to rounding, which grows at most like eps per step on the |v_c| scale (1.6e-14 here
  // with AVX-512 code, 3e-12 the bound).
  const double rounding_bound = 30000 * std::numeric_limits<double>::epsilon() * vc.norm();
  QVERIFY2(angular(s.base_twist).norm() <= rounding_bound,
           qPrintable(QString::number(angular(s.base_twist).norm())));
}

void TestEnvironment::addedMassDriftsWithCurrent() {
  Model m = compileModel(singleBody(30.0, Vec3(0.1, 0, 0), Vec3(1, 2, 3)));
  HydrodynamicBody hb;
  hb.link = "hull";
  hb.added_mass = randomSpd(8, 4.0);  // anisotropic: a Munk moment if nu_r != 0
  hb.linear_damping << 5, 5, 5, 1, 1, 1;
  m = withAddedMass(m, {hb});
  const Vec3 vc(0.5, 0.3, -0.2);
  Underwater water(m, {hb}, FluidProperties{1000.0, vc});
  SystemDynamics dyn(m);
  dyn.addForceModel(&water);
  State s = State::neutral(m);
  s.base_orientation = Quat(Eigen::AngleAxisd(0.5, Vec3(0, 1, 1).normalized()));
  s.setBaseVelocityWorld(vc, Vec3::Zero());
  auto rk4 = makeIntegrator("rk4", m);
  for (int k = 0; k < 2000; ++k) rk4->advance(dyn, s, 1e-3);
  const double gap =
      (s.baseLinearVelocityWorld() - vc).norm() + s.baseAngularVelocityWorld().norm();
  qInfo("added mass drifting with the current, 2 s: deviation %.3g", gap);
  QVERIFY(gap <= 1e-12);
  // A body at rest in the same current is pushed (the correction is not a no-op).
  State r = State::neutral(m);
  StateDerivative der;
  dyn.evaluate(r, der);
  QVERIFY(der.twist_dot.norm() > 1e-3);
}

void TestEnvironment::underwaterValidation() {
  const Model m = compileModel(singleBody(3, Vec3::Zero(), Vec3(1, 1, 1)));
  auto msg = [&](HydrodynamicBody hb) {
    try {
      Underwater w(m, {hb}, FluidProperties{});
    } catch (const ModelError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  HydrodynamicBody hb;
  hb.link = "nope";
  QVERIFY(msg(hb).find("nope") != std::string::npos);
  hb.link = "hull";
  hb.volume = -1;
  QVERIFY(msg(hb).find("'hull'") != std::string::npos);
  hb.volume = 1;
  hb.linear_damping[2] = -1;
  QVERIFY(msg(hb).find("damping") != std::string::npos);
  Model mm = m;
  hb.added_mass = Mat6::Identity();
  hb.added_mass(0, 1) = 0.5;  // not symmetric
  bool threw = false;
  try {
    mm = withAddedMass(mm, {hb});
  } catch (const ModelError& e) {
    threw = std::string(e.what()).find("symmetric") != std::string::npos;
  }
  QVERIFY(threw);
}

void TestEnvironment::gravityGradientTorqueIsPotentialGradient() {
  const double n = 0.0011;
  const Mat3 Ib = Vec3(10, 25, 31).asDiagonal();
  const Vec3 r_hat = Vec3(0.3, -0.5, 0.8).normalized();
  double err = 0;
  for (int trial = 0; trial < 10; ++trial) {
    const Mat3 R = Quat(Eigen::Vector4d::Random()).normalized().toRotationMatrix();
    const Mat3 I = R * Ib * R.transpose();
    const Vec3 tq = gravityGradientTorque(n, r_hat, I);
    Vec3 fd;
    const double eps = 1e-5;
    for (int k = 0; k < 3; ++k) {
      const Mat3 Rp = Eigen::AngleAxisd(eps, Vec3::Unit(k)).toRotationMatrix() * R;
      const Mat3 Rm = Eigen::AngleAxisd(-eps, Vec3::Unit(k)).toRotationMatrix() * R;
      fd[k] = -(gravityGradientPotential(n, r_hat, Rp * Ib * Rp.transpose()) -
                gravityGradientPotential(n, r_hat, Rm * Ib * Rm.transpose())) /
              (2 * eps);
    }
    err = std::max(err, (tq - fd).norm() / tq.norm());
    QVERIFY(std::abs(tq.dot(r_hat)) <= 1e-14 * tq.norm() * 1e3);
  }
  qInfo("gravity-gradient torque vs -dV/dtheta: rel %.3g", err);
  QVERIFY(err <= 1e-7);
  QVERIFY(gravityGradientTorque(n, r_hat, 7.0 * Mat3::Identity()).norm() <=
          1e-15 * 3 * n * n * 7.0);
}

void TestEnvironment::pitchLibration() {
  // x radial, y along-track, z orbit normal: pitch about z, omega = n sqrt(3 (Iy - Ix) / Iz).
  const double n = 0.0011;
  Model m = compileModel(singleBody(500.0, Vec3::Zero(), Vec3(100, 400, 300)));
  OrbitalGravityGradient gg(n);
  SystemDynamics dyn(m);
  dyn.addForceModel(&gg);
  State s = State::neutral(m);
  s.base_orientation = Quat(Eigen::AngleAxisd(1e-3, Vec3::UnitZ()));
  const double T = 2.0 * M_PI / (std::sqrt(3.0) * n);
  const double dt = T / 4000.0;
  auto rk4 = makeIntegrator("rk4", m);
  auto pitch = [](const State& st) {
    const Mat3 R = st.base_orientation.toRotationMatrix();
    return std::atan2(R(1, 0), R(0, 0));
  };
  std::vector<double> crossings;
  double prev = pitch(s);
  for (int k = 1; k <= 3 * 4000 + 10; ++k) {
    rk4->advance(dyn, s, dt);
    const double cur = pitch(s);
    if (prev > 0 && cur <= 0) crossings.push_back((k - 1) * dt + dt * prev / (prev - cur));
    prev = cur;
  }
  QVERIFY(crossings.size() >= 3);
  const double measured = (crossings.back() - crossings.front()) / (crossings.size() - 1);
  const double err = std::abs(measured - T) / T;
  qInfo("pitch libration: period %.3f s vs 2 pi / (sqrt(3) n) = %.3f s, rel %.3g", measured, T,
        err);
  QVERIFY(err <= 1e-4);
  QVERIFY(s.base_position.norm() <= 1e-12);  // the CoM stays at the frame origin
  // Roll/yaw stay unexcited.
  const Mat3 R = s.base_orientation.toRotationMatrix();
  QVERIFY(std::abs(R(2, 0)) + std::abs(R(2, 1)) <= 1e-9);
}

void TestEnvironment::cwAlongTrackEquilibrium() {
  const double n = 0.0011;
  Model m = compileModel(singleBody(100.0, Vec3::Zero(), Vec3(10, 10, 10)));
  OrbitalGravityGradient gg(n);
  SystemDynamics dyn(m);
  dyn.addForceModel(&gg);
  State s = State::neutral(m);
  s.base_position = Vec3(0, 50.0, 0);  // along-track offset: an equilibrium
  auto rk4 = makeIntegrator("rk4", m);
  const double Torb = 2 * M_PI / n;
  for (int k = 0; k < 2000; ++k) rk4->advance(dyn, s, Torb / 2000);
  QVERIFY((s.base_position - Vec3(0, 50, 0)).norm() <= 1e-9);
  // A radial offset is not an equilibrium: CW radial drift 3 n^2 x pushes outwards.
  State r = State::neutral(m);
  r.base_position = Vec3(10.0, 0, 0);
  StateDerivative der;
  dyn.evaluate(r, der);
  VMS_COMPARE_REL(Vec3(linear(der.twist_dot)), Vec3(3 * n * n * 10.0, 0, 0), 1e-12);
  // Out of plane: -n^2 z.
  r.base_position = Vec3(0, 0, 10.0);
  dyn.evaluate(r, der);
  VMS_COMPARE_REL(Vec3(linear(der.twist_dot)), Vec3(0, 0, -n * n * 10.0), 1e-12);
}

// Drag-to-perturb's pull (seed 004's free-floating spacecraft, no gravity, no actuators), on
// the vehicle and on the arm's last link, with gains for the pulled point's effective mass:
// at rest the force is k (target - p); the force is held over each step, so the kinetic energy
// gained equals the pull's work and the linear momentum gained its impulse to the integrator's
// accuracy; the spring brings the point towards the target; a pull ended leaves momentum
// constant.
void TestEnvironment::perturbationPullsAndItsWorkIsTheEnergyGained() {
  const Model m = loadModel(VMS_SOURCE_DIR "/models/seed004_spatial.vms.json");
  for (const int body : {0, m.nbodies - 1}) {
    Scenario scenario = defaultScenario(m);
    scenario.dt = 1e-3;
    Simulator sim(scenario);
    Data data(m);
    computeKinematics(m, data, sim.state());
    PerturbationSpec spec;
    spec.body = body;
    spec.point_body = Vec3(0.1, 0.05, 0.0);
    const Vec3 p0 = data.oMi[size_t(body)].act(spec.point_body);
    spec.target_world = p0 + Vec3(0.0, 0.5, 0.2);
    const double mass = pointEffectiveMass(m, sim.state(), body, spec.point_body);
    spec = perturbationGains(spec, mass);
    QVERIFY(std::abs(spec.stiffness - mass * 4 * M_PI * M_PI) <= 1e-12 * spec.stiffness);
    sim.setPerturbation(spec);
    QVERIFY(sim.perturbed() && sim.externalWork());
    const Snapshot s0 = sim.snapshot();
    QCOMPARE(s0.perturbed_body, body);
    VMS_COMPARE_REL(s0.perturbation_point, p0, 1e-15);
    VMS_COMPARE_REL(s0.perturbation_force, Vec3(spec.stiffness * (spec.target_world - p0)), 1e-14);
    Vec3 impulse = Vec3::Zero();
    for (int k = 0; k < 1500; ++k) {
      sim.step();
      impulse += sim.snapshot().perturbation_force * scenario.dt;  // the force held in the step
    }
    const Snapshot s1 = sim.snapshot();
    const double gained = s1.kinetic_energy - s0.kinetic_energy;
    const Vec3 momentum = s1.momenta.linear_total - s0.momenta.linear_total;
    qInfo(
        "body %d (effective mass %.4g kg), 1.5 s: T gained %.12g J, the pull's work %.12g J; "
        "momentum gained %.6g N s, |difference from the impulse| %.2g N s",
        body, mass, gained, s1.perturbation_work, momentum.norm(), (momentum - impulse).norm());
    QVERIFY(s1.perturbation_work > 0.1);
    QVERIFY2(std::abs(gained - s1.perturbation_work) <= 1e-8 * s1.perturbation_work,
             qPrintable(QString::number(gained - s1.perturbation_work)));
    QVERIFY2((momentum - impulse).norm() <= 1e-8 * impulse.norm(),
             qPrintable(QString::number((momentum - impulse).norm())));
    for (int k = 0; k < 4500; ++k) sim.step();
    const Snapshot s2 = sim.snapshot();
    const double left = (s2.perturbation_point - spec.target_world).norm();
    qInfo("body %d after 6 s: %.3g m from the target (%.3g m at the start)", body, left,
          (p0 - spec.target_world).norm());
    QVERIFY(left < 0.2 * (p0 - spec.target_world).norm());
    // Let go: nothing pulls; momentum stays.
    sim.clearPerturbation();
    QVERIFY(!sim.perturbed());
    const Vec3 P = sim.snapshot().momenta.linear_total;
    for (int k = 0; k < 200; ++k) sim.step();
    const Snapshot s3 = sim.snapshot();
    QCOMPARE(s3.perturbed_body, -1);
    QVERIFY((s3.momenta.linear_total - P).norm() <= 1e-10 * (1.0 + P.norm()));
  }
  // Refused: a body outside the model.
  Simulator sim(defaultScenario(m));
  PerturbationSpec bad;
  bad.body = m.nbodies;
  bool threw = false;
  try {
    sim.setPerturbation(bad);
  } catch (const std::invalid_argument&) {
    threw = true;
  }
  QVERIFY(threw && !sim.perturbed());
}

QTEST_APPLESS_MAIN(TestEnvironment)
#include "test_environment.moc"
