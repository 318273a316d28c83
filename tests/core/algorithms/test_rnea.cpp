// Inverse dynamics and the wrench the arm exerts on the vehicle.
#include "core/algorithms/aba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/rnea.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "test_support.hpp"

using namespace vms;

class TestRnea : public QObject {
  Q_OBJECT
 private slots:
  void reactionEqualsVehicleMomentumRate();
  void staticReactionIsArmWeight();
  void fixedBaseTorquesReproduceAba();
};

// Free floating: the only wrench on the vehicle is the arm's reaction, so it must equal the
// vehicle's own Newton-Euler wrench d/dt(I0 v0) = I0 a0 + v0 x* I0 v0 (world, at the origin).
void TestRnea::reactionEqualsVehicleMomentumRate() {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    RandomTreeOptions o;
    o.bodies = 8;
    o.seed = seed;
    const Model m = compileModel(randomTree(o));
    Data data(m);
    const State s = randomState(m, seed + 10);
    const VecX tau = VecX::Random(m.njoints);
    aba(m, data, s, tau);
    const Vec6 a0 = data.a[0];
    rnea(m, data, s, data.base_twist_dot, data.qdd);
    const Vec6 reaction_body = armReactionOnVehicle(m, data);
    const Vec6 h0 = data.I[0] * data.v[0];
    const Vec6 vehicle_world = data.I[0] * a0 + crossForce(data.v[0], h0);
    // Express the world wrench at the vehicle origin in vehicle coordinates.
    const Pose& oM0 = data.oMi[0];
    const Vec3 f = linear(vehicle_world);
    const Vec3 n = Vec3(angular(vehicle_world)) - oM0.p.cross(f);
    const Vec6 expected = makeVec6(oM0.R.transpose() * f, oM0.R.transpose() * n);
    VMS_COMPARE_REL(reaction_body, expected, 1e-10);
    QVERIFY(reaction_body.norm() > 1e-3);  // the case is not trivial
  }
}

// A fixed vehicle holding a still arm in gravity feels the arm's weight at the arm's CoM.
void TestRnea::staticReactionIsArmWeight() {
  RandomTreeOptions o;
  o.bodies = 6;
  o.base = BaseType::Fixed;
  o.seed = 77;
  ModelDescription d = randomTree(o);
  d.gravity = Vec3(0.0, 0.0, -9.81);
  const Model m = compileModel(d);
  Data data(m);
  State s = randomState(m, 5);
  s.qd.setZero();
  rnea(m, data, s, Vec6::Zero(), VecX::Zero(m.njoints));
  const Vec6 reaction = armReactionOnVehicle(m, data);
  double arm_mass = 0.0;
  Vec3 first_moment = Vec3::Zero();
  for (int i = 1; i < m.nbodies; ++i) {
    arm_mass += m.mass[i];
    first_moment += m.mass[i] * data.oMi[i].act(m.com[i]);
  }
  const Vec3 weight = arm_mass * m.gravity;
  const Vec3 moment = (first_moment / arm_mass).cross(weight);
  const Pose& oM0 = data.oMi[0];
  const Vec6 expected =
      makeVec6(oM0.R.transpose() * weight, oM0.R.transpose() * (moment - oM0.p.cross(weight)));
  VMS_COMPARE_REL(reaction, expected, 1e-12);
}

void TestRnea::fixedBaseTorquesReproduceAba() {
  RandomTreeOptions o;
  o.bodies = 15;
  o.base = BaseType::Fixed;
  o.seed = 3;
  ModelDescription d = randomTree(o);
  d.gravity = Vec3(1.0, 0.0, -9.81);
  const Model m = compileModel(d);
  Data data(m);
  const State s = randomState(m, 8);
  const VecX qdd = VecX::Random(m.njoints);
  rnea(m, data, s, Vec6::Zero(), qdd);
  const VecX tau = data.tau;
  aba(m, data, s, tau);
  VMS_COMPARE_REL(data.qdd, qdd, 1e-10);
}

QTEST_APPLESS_MAIN(TestRnea)
#include "test_rnea.moc"
