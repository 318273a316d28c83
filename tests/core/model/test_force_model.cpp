// Force models plugged into SystemDynamics act exactly like the same forces given directly:
// a uniform-gravity force model reproduces the model's own gravity.
#include "core/integrators/system_dynamics.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {
/// Weight of every body, from the world spatial inertias in Data: I * [g; 0].
class UniformGravityForce : public ForceModel {
 public:
  explicit UniformGravityForce(const Vec3& g) : g_(g) {}
  void apply(const Model& model, const Data& data, const State&, std::vector<Vec6>& f,
             VecX&) override {
    for (int i = 0; i < model.nbodies; ++i) f[i] += data.I[i].leftCols<3>() * g_;
  }

 private:
  Vec3 g_;
};

/// A joint spring on every joint: tau -= k q.
class JointSprings : public ForceModel {
 public:
  void apply(const Model&, const Data&, const State& s, std::vector<Vec6>&, VecX& tau) override {
    tau -= 3.0 * s.q;
  }
};
}  // namespace

class TestForceModel : public QObject {
  Q_OBJECT
 private slots:
  void gravityForceModelEqualsModelGravity();
  void jointForcesAdd();
};

void TestForceModel::gravityForceModelEqualsModelGravity() {
  RandomTreeOptions o;
  o.bodies = 9;
  ModelDescription d = randomTree(o);
  const Vec3 g(0.5, -1.0, -9.81);
  d.gravity = g;
  const Model with_gravity = compileModel(d);
  d.gravity.setZero();
  const Model without = compileModel(d);
  const State s = randomState(with_gravity, 4);
  SystemDynamics a(with_gravity), b(without);
  UniformGravityForce gravity(g);
  b.addForceModel(&gravity);
  StateDerivative da, db;
  a.evaluate(s, da);
  b.evaluate(s, db);
  VMS_COMPARE_REL(db.qdd, da.qdd, 1e-12);
  VMS_COMPARE_REL(db.twist_dot, da.twist_dot, 1e-12);
  QVERIFY(da.twist_dot.norm() > 1.0);
}

void TestForceModel::jointForcesAdd() {
  const Model m = compileModel(randomTree({}));
  const State s = randomState(m, 2);
  SystemDynamics a(m), b(m);
  a.setJointForces(-3.0 * s.q);
  JointSprings springs;
  b.addForceModel(&springs);
  StateDerivative da, db;
  a.evaluate(s, da);
  b.evaluate(s, db);
  VMS_COMPARE_REL(db.qdd, da.qdd, 1e-13);
}

QTEST_APPLESS_MAIN(TestForceModel)
#include "test_force_model.moc"
