// The force models of core/actuators and core/environment, and the saturation functions, do not
// allocate once set up (ForceModel::apply's contract): SystemDynamics::evaluate with thrusters,
// underwater terms (added mass, buoyancy, damping, current) and the orbital gravity gradient
// makes zero heap allocations after a warm-up call.
#include "allocation_counter.hpp"
#include "core/actuators/reaction_wheel.hpp"
#include "core/actuators/saturation.hpp"
#include "core/actuators/thrusters.hpp"
#include "core/environment/gravity_gradient.hpp"
#include "core/environment/underwater.hpp"
#include "core/integrators/integrator.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "model_variants.hpp"
#include "test_support.hpp"

using namespace vms;
using vms::test::withAddedMass;
using vms::test::withGravity;

class TestActuatorsNoAllocation : public QObject {
  Q_OBJECT
 private slots:
  void forceModelsAndSaturation();
};

void TestActuatorsNoAllocation::forceModelsAndSaturation() {
  if (!test::countingAvailable()) QSKIP("allocation counting unavailable under ASan");
  RandomTreeOptions o;
  o.bodies = 6;
  ModelDescription d = randomTree(o);
  d.gravity = Vec3(0, 0, -9.81);
  std::vector<ReactionWheelSpec> wheels(2);
  wheels[0].name = "rw_a";
  wheels[1].name = "rw_b";
  for (auto& w : wheels) {
    w.mass = 1;
    w.spin_inertia = 0.02;
    w.transverse_inertia = 0.015;
    w.max_torque = 0.1;
    w.max_speed = 100;
  }
  wheels[1].axis = Vec3::UnitX();
  addReactionWheels(d, wheels);
  Model m = compileModel(d);
  const auto wj = reactionWheelJoints(m, wheels);
  std::vector<HydrodynamicBody> hbs;
  for (int i = 0; i < m.nbodies; ++i) {
    HydrodynamicBody hb;
    hb.link = m.body_names[i];
    hb.volume = 0.01;
    hb.center_of_buoyancy = Vec3(0, 0, 0.05);
    hb.linear_damping.setConstant(2.0);
    hb.quadratic_damping.setConstant(1.0);
    hb.added_mass = 0.3 * Mat6::Identity();
    hbs.push_back(hb);
  }
  m = withAddedMass(m, hbs);
  Underwater water(m, hbs, FluidProperties{1000.0, Vec3(0.2, 0.1, 0)});
  OrbitalGravityGradient gg(0.0011);
  Thrusters th(m, {{"t1", m.body_names[0], Vec3(0.1, 0, 0), Vec3::UnitY(), 3.0, true},
                   {"t2", m.body_names[2], Vec3::Zero(), Vec3::UnitZ(), 1.0, false}});
  th.setCommands(Eigen::Vector2d(0.4, 0.8));
  SystemDynamics dyn(m);
  dyn.addForceModel(&water);
  dyn.addForceModel(&gg);
  dyn.addForceModel(&th);
  auto rk4 = makeIntegrator("rk4", m);
  State s = randomState(m, 9);
  VecX tau = VecX::Random(m.njoints);
  rk4->advance(dyn, s, 1e-3);  // warm-up
  const long before = test::heapAllocations();
  for (int k = 0; k < 10; ++k) {
    saturateJointTorques(m, tau);
    saturateWheelTorques(m, wj, wheels, s, tau);
    dyn.setJointForces(tau);
    rk4->advance(dyn, s, 1e-3);
  }
  const long allocations = test::heapAllocations() - before;
  QCOMPARE(allocations, 0L);
  QVERIFY(s.allFinite());
}

QTEST_APPLESS_MAIN(TestActuatorsNoAllocation)
#include "test_actuators_no_allocation.moc"
