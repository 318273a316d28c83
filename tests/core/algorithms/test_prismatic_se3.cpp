// Seed 000, section 6 (Fig. 2): one prismatic joint on an SE(3) vehicle. The link's centre of
// mass sits at (0, q1, l) in the vehicle frame and the joint moves it along y (J_1 = e_2).
// Checks the joint equation (108),
//   q1'' = tau/m - [v_y' - l w_x' + (v_x + l w_y) w_z - v_z w_x - q1 w_x^2 - q1 w_z^2],
// with (v, w) the vehicle BODY twist and its derivative from the same forward-dynamics call,
// the mass matrix entries (105) and the Coriolis row (106) through the bias forces.
// (The printed (107) has errata; (108) is verified independently in the seed notes.)
#include <random>

#include "core/algorithms/crba.hpp"
#include "core/algorithms/rnea.hpp"
#include "core/integrators/system_dynamics.hpp"
#include "core/model/compile_model.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

struct Params {
  double mb = 10.0, m = 2.0, l = 0.5;
  Vec3 Jb = Vec3(1.0, 2.0, 3.0);  // vehicle principal inertia about its CoM (= frame origin)
  Vec3 Jl = Vec3(0.1, 0.2, 0.3);  // link principal inertia about its CoM (frame aligned)
};

Model makeModel(const Params& p) {
  ModelDescription d;
  d.name = "prismatic_on_se3";
  d.base_type = BaseType::Free;
  LinkDescription base;
  base.name = "vehicle";
  base.inertial.mass = p.mb;
  base.inertial.inertia = p.Jb.asDiagonal();
  LinkDescription link;
  link.name = "link";
  link.inertial.mass = p.m;
  link.inertial.inertia = p.Jl.asDiagonal();
  d.links = {base, link};
  JointDescription j;
  j.name = "slide";
  j.kind = JointKind::Prismatic;
  j.parent = "vehicle";
  j.child = "link";
  j.origin.p = Vec3(0.0, 0.0, p.l);  // link frame at (0, q1, l), aligned with the vehicle
  j.axis = Vec3::UnitY();
  d.joints = {j};
  return compileModel(d);
}

/// The 7x7 mass matrix of (105) (1-based indices in the paper; 0-based here).
MatX paperMassMatrix(const Params& p, double q1) {
  const double m = p.m, l = p.l;
  const Vec3 Jt = p.Jb + p.Jl;
  MatX M = MatX::Zero(7, 7);
  M(0, 0) = M(1, 1) = M(2, 2) = p.mb + m;
  M(0, 4) = m * l;
  M(0, 5) = -m * q1;
  M(1, 3) = -m * l;
  M(1, 6) = m;
  M(2, 3) = m * q1;
  M(3, 3) = Jt.x() + m * l * l + m * q1 * q1;
  M(3, 6) = -m * l;
  M(4, 4) = Jt.y() + m * l * l;
  M(4, 5) = -m * l * q1;
  M(5, 5) = Jt.z() + m * q1 * q1;
  M(6, 6) = m;
  for (int r = 0; r < 7; ++r)
    for (int c = 0; c < r; ++c) M(r, c) = M(c, r);
  return M;
}

State randomState(const Model& model, std::mt19937_64& gen) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  State s = State::neutral(model);
  s.base_orientation = Quat(so3Exp(3.0 * Vec3(u(gen), u(gen), u(gen))));
  s.base_position = 5.0 * Vec3(u(gen), u(gen), u(gen));
  for (int i = 0; i < 6; ++i) s.base_twist[i] = 2.0 * u(gen);
  s.q[0] = 1.5 * u(gen);
  s.qd[0] = 2.0 * u(gen);
  return s;
}

}  // namespace

class TestPrismaticSe3 : public QObject {
  Q_OBJECT
 private slots:
  void jointEquation108_data();
  void jointEquation108();
  void massMatrix105();
  void coriolisRow106();
};

void TestPrismaticSe3::jointEquation108_data() {
  QTest::addColumn<QString>("solver");
  QTest::addColumn<double>("l");
  QTest::newRow("aba") << QString("aba") << 0.5;
  QTest::newRow("crba") << QString("crba") << 0.5;
  QTest::newRow("aba_long_arm") << QString("aba") << 1.7;
}

void TestPrismaticSe3::jointEquation108() {
  QFETCH(QString, solver);
  QFETCH(double, l);
  Params p;
  p.l = l;
  const Model model = makeModel(p);
  QCOMPARE(model.nv, 7);
  SystemDynamics dyn(model, solver.toStdString());
  dyn.setDampingEnabled(false);
  std::mt19937_64 gen(7);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  StateDerivative out;
  out.qdd = VecX::Zero(1);
  for (int trial = 0; trial < 100; ++trial) {
    const State s = randomState(model, gen);
    const double tau = 3.0 * u(gen);
    dyn.setJointForces(VecX::Constant(1, tau));
    dyn.evaluate(s, out);
    const Vec3 v = linear(s.base_twist), w = angular(s.base_twist);
    const Vec3 vd = linear(out.twist_dot), wd = angular(out.twist_dot);
    const double q1 = s.q[0];
    const double expected = tau / p.m - (vd.y() - l * wd.x() + (v.x() + l * w.y()) * w.z() -
                                         v.z() * w.x() - q1 * w.x() * w.x() - q1 * w.z() * w.z());
    QVERIFY2(std::abs(out.qdd[0] - expected) < 1e-12 * std::max(1.0, std::abs(expected)),
             qPrintable(QString("trial %1: qdd %2, (108) gives %3")
                            .arg(trial)
                            .arg(out.qdd[0], 0, 'g', 17)
                            .arg(expected, 0, 'g', 17)));
  }
}

void TestPrismaticSe3::massMatrix105() {
  const Params p;
  const Model model = makeModel(p);
  Data data(model);
  std::mt19937_64 gen(3);
  for (int trial = 0; trial < 20; ++trial) {
    const State s = randomState(model, gen);
    crba(model, data, s);
    // Independent of the vehicle pose (seed 000, after (13)).
    // (World-origin inertias carry m |p|^2 ~ 150 terms that cancel: rounding ~1e-14.)
    VMS_COMPARE_REL(data.M, paperMassMatrix(p, s.q[0]), 1e-13);
  }
}

// Bias forces of the joint row: C_7 . [v; w; qd] with C_7 from (106) equals
//   m [(v_x + l w_y) w_z - v_z w_x - q1 (w_x^2 + w_z^2)].
void TestPrismaticSe3::coriolisRow106() {
  const Params p;
  const Model model = makeModel(p);
  Data data(model);
  std::mt19937_64 gen(5);
  for (int trial = 0; trial < 20; ++trial) {
    const State s = randomState(model, gen);
    nonLinearEffects(model, data, s);
    const Vec3 v = linear(s.base_twist), w = angular(s.base_twist);
    const double m = p.m, l = p.l, q1 = s.q[0];
    Eigen::Matrix<double, 7, 1> c106;
    c106 << m / 2 * w.z(), 0.0, -m / 2 * w.x(), -m / 2 * v.z() - m * q1 * w.x(), m / 2 * l * w.z(),
        m / 2 * (v.x() + l * w.y()) - m * q1 * w.z(), 0.0;
    Eigen::Matrix<double, 7, 1> nu;
    nu << s.base_twist, s.qd[0];
    const double expected = c106.dot(nu);
    const double closed =
        m * ((v.x() + l * w.y()) * w.z() - v.z() * w.x() - q1 * (w.x() * w.x() + w.z() * w.z()));
    QVERIFY(std::abs(expected - closed) < 1e-13);
    QVERIFY2(std::abs(data.nle[6] - expected) < 1e-13 * std::max(1.0, std::abs(expected)),
             qPrintable(QString("nle %1 vs (106) %2").arg(data.nle[6]).arg(expected)));
  }
}

QTEST_APPLESS_MAIN(TestPrismaticSe3)
#include "test_prismatic_se3.moc"
