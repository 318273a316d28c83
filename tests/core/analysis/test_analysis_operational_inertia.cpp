// Operational-space inertia (core/analysis/operational_space_inertia.hpp) and its O(N)
// two-sweep form (core/analysis/operational_space_inertia_recursive.hpp, seed 002 Algorithm 8):
// - the mobility J M^-1 J^T against forward dynamics: from rest (no gravity), a wrench F at a
//   point of a body gives that point the acceleration Lambda^-1 F (ABA with an external body
//   force; VehicleMode::Locked against the same arm compiled on a fixed vehicle), every
//   vehicle type;
// - Lambda Lambda^-1 = I at full rank; Moore-Penrose identities and the expected rank when the
//   point cannot move in six directions (planar system, 2 joints on a locked vehicle);
// - closed form: a single free rigid body, Lambda at its centre of mass = diag(m I, Ic);
// - ellipsoids: orthonormal axes, the block rebuilt from axes and mobilities, effective mass
//   = the force per unit acceleration along an axis (ABA);
// - Algorithm 8: Lambda(k) = P(k) + S(k) equals (J_k M^-1 J_k^T)^-1 at every body's origin,
//   free-floating chains and trees;
// - base invariance: the same chain re-rooted at another link (joints reversed, link frames
//   moved onto the reversed joints) gives the same Lambda at the same world points, from
//   Algorithm 8 in one model and from J M^-1 J^T in the other.
#include "core/algorithms/aba.hpp"
#include "core/algorithms/crba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/analysis/operational_space_inertia.hpp"
#include "core/analysis/operational_space_inertia_recursive.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "test_models.hpp"
#include "test_support.hpp"

using namespace vms;
using test::errorOf;
using test::kAllBases;

namespace {

ModelDescription randomDescription(BaseType base, std::uint64_t seed, bool chain, int bodies,
                                   int fixed_links = 0) {
  return test::randomDescription(base, seed, chain, bodies, fixed_links);
}

/// Acceleration [a_p; alpha] of the world point p on `body`, from rest, under the wrench
/// F = [f; n at p] (world) applied to the body: forward dynamics with an external force.
Vec6 pointAccelerationUnderWrench(const Model& m, const State& rest, int body, const Vec3& p,
                                  const Vec6& F) {
  Data d(m);
  std::vector<Vec6> forces(m.nbodies, Vec6::Zero());
  forces[body] = makeVec6(linear(F), Vec3(angular(F)) + p.cross(Vec3(linear(F))));
  ExternalForces ext;
  ext.body_forces_world = &forces;
  aba(m, d, rest, VecX::Zero(m.njoints), ext);
  const Vec6& a = d.a[body];  // world spatial acceleration at the origin; zero velocities
  return makeVec6(Vec3(linear(a)) + Vec3(angular(a)).cross(p), angular(a));
}

/// Re-roots a serial chain description (links 0..n, joint i between links i-1 and i) at link
/// k: joints 1..k are reversed (parent and child swapped, axis negated) and the links 0..k-1
/// get new frames G_i = F_i X_{i+1} on the reversed joints, their inertials re-expressed.
/// Joint names, kinds and order are kept, so q means the same thing in both models.
ModelDescription reroot(const ModelDescription& d, int k) {
  ModelDescription r = d;
  r.name = d.name + "_rooted_" + std::to_string(k);
  for (int i = 0; i < k; ++i) {
    const Pose& X = d.joints[i].origin;  // joint i+1: F_i -> F_{i+1}
    Inertial& in = r.links[i].inertial;
    in.com = X.R.transpose() * (in.com - X.p);
    in.inertia = X.R.transpose() * in.inertia * X.R;
  }
  for (int j = 1; j <= k; ++j) {
    JointDescription& jd = r.joints[j - 1];
    jd.parent = d.links[j].name;
    jd.child = d.links[j - 1].name;
    jd.axis = -d.joints[j - 1].axis;
    jd.origin = j == k ? Pose::identity() : d.joints[j].origin.inverse();
  }
  return r;
}

}  // namespace

class TestAnalysisOperationalInertia : public QObject {
  Q_OBJECT
 private slots:
  void mobilityMatchesForwardDynamics_data();
  void mobilityMatchesForwardDynamics();
  void rankDeficient();
  void singleRigidBody();
  void ellipsoids();
  void algorithm8MatchesJacobianFormula_data();
  void algorithm8MatchesJacobianFormula();
  void baseInvariance();
  void algorithm8NeedsFreeVehicle();
};

void TestAnalysisOperationalInertia::mobilityMatchesForwardDynamics_data() {
  QTest::addColumn<int>("base");
  for (BaseType b : kAllBases) QTest::newRow(toString(b).c_str()) << static_cast<int>(b);
}

void TestAnalysisOperationalInertia::mobilityMatchesForwardDynamics() {
  QFETCH(int, base);
  const BaseType bt = static_cast<BaseType>(base);
  double worst = 0, worst_inv = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const ModelDescription desc = randomDescription(bt, seed * 17, seed == 2, 8, 1);
    const Model m = compileModel(desc);
    ModelDescription fixed_desc = desc;
    fixed_desc.base_type = BaseType::Fixed;
    const Model mf = compileModel(fixed_desc);
    State rest = randomState(m, seed);
    rest.base_twist.setZero();
    rest.qd.setZero();
    Data d(m);
    crba(m, d, rest);
    for (int body : {m.nbodies - 1, m.nbodies / 2}) {
      const Vec3 p = d.oMi[body].act(Vec3(0.1, 0.2, -0.15));
      for (VehicleMode mode : {VehicleMode::Free, VehicleMode::Locked}) {
        const OperationalSpaceInertia osi = operationalSpaceInertia(m, d, body, p, mode);
        for (int trial = 0; trial < 3; ++trial) {
          Vec6 F;
          F << 1.0 + trial, -0.5, 0.3 * trial, 0.2, -0.7, 0.4 - trial;
          const Vec6 a =
              pointAccelerationUnderWrench(mode == VehicleMode::Free ? m : mf, rest, body, p, F);
          const double e = test::relativeError(Vec6(osi.Lambda_inv * F), a);
          worst = std::max(worst, e);
          QVERIFY2(e < 1e-11, qPrintable(QString("seed %1 body %2 mode %3: rel %4")
                                             .arg(seed)
                                             .arg(body)
                                             .arg(int(mode))
                                             .arg(e)));
        }
        if (osi.rank == 6) {
          const double e = test::relativeError(Mat6(osi.Lambda * osi.Lambda_inv), Mat6::Identity());
          worst_inv = std::max(worst_inv, e);
          QVERIFY2(e < 1e-9, qPrintable(QString("Lambda Lambda^-1 - I: %1").arg(e)));
        }
        VMS_COMPARE_REL(osi.Lambda, Mat6(osi.Lambda.transpose()), 1e-15);
      }
    }
  }
  qInfo("%s: |Lambda^-1 F - a(ABA)| max rel. %.1e; |Lambda Lambda^-1 - I| %.1e",
        toString(bt).c_str(), worst, worst_inv);
}

void TestAnalysisOperationalInertia::rankDeficient() {
  // A chain with 2 joints on a locked vehicle: the point moves in 2 directions only.
  const Model m2 = compileModel(randomDescription(BaseType::Free, 5, true, 3));
  Data d2(m2);
  const State s2 = randomState(m2, 1);
  crba(m2, d2, s2);
  const int body = m2.nbodies - 1;
  const OperationalSpaceInertia locked =
      operationalSpaceInertia(m2, d2, body, d2.oMi[body].p, VehicleMode::Locked);
  QCOMPARE(locked.rank, 2);
  const OperationalSpaceInertia free =
      operationalSpaceInertia(m2, d2, body, d2.oMi[body].p, VehicleMode::Free);
  QCOMPARE(free.rank, 6);
  // A planar vehicle with an arm of z joints: in-plane motion only (v_x, v_y, w_z).
  ModelDescription planar = randomDescription(BaseType::Planar, 9, true, 4);
  for (JointDescription& j : planar.joints) {
    j.kind = JointKind::Revolute;
    j.axis = Vec3::UnitZ();
    j.origin.R = so3Exp(Vec3(0, 0, 0.5));
  }
  const Model mp = compileModel(planar);
  Data dp(mp);
  State sp = randomState(mp, 2);
  sp.base_orientation = Quat::Identity();
  crba(mp, dp, sp);
  const OperationalSpaceInertia op =
      operationalSpaceInertia(mp, dp, mp.nbodies - 1, dp.oMi[mp.nbodies - 1].p, VehicleMode::Free);
  QCOMPARE(op.rank, 3);
  for (const OperationalSpaceInertia* o : {&locked, &op}) {
    // Moore-Penrose: L Li L = L, Li L Li = Li, symmetric products.
    VMS_COMPARE_REL(Mat6(o->Lambda * o->Lambda_inv * o->Lambda), o->Lambda, 1e-9);
    VMS_COMPARE_REL(Mat6(o->Lambda_inv * o->Lambda * o->Lambda_inv), o->Lambda_inv, 1e-9);
    const Mat6 P = o->Lambda * o->Lambda_inv;
    VMS_COMPARE_REL(P, Mat6(P.transpose()), 1e-9);
  }
  // The ellipsoid reports unreachable directions as infinite effective mass.
  QVERIFY(std::isinf(op.translational.effective[0]));  // z: no motion
  QVERIFY(std::isfinite(op.translational.effective[2]));
  QVERIFY(std::abs(std::abs(op.translational.axes(2, 0)) - 1.0) < 1e-12);
}

void TestAnalysisOperationalInertia::singleRigidBody() {
  ModelDescription d;
  d.name = "body";
  LinkDescription l{"vehicle", {}, {}};
  l.inertial.mass = 3.5;
  l.inertial.com = Vec3(0.2, -0.1, 0.3);
  const Mat3 R = so3Exp(Vec3(0.3, 0.5, -0.2));
  l.inertial.inertia = R * Vec3(0.4, 0.6, 0.9).asDiagonal() * R.transpose();
  d.links = {l};
  const Model m = compileModel(d);
  Data data(m);
  State s = State::neutral(m);
  s.base_orientation = Quat(so3Exp(Vec3(-0.7, 0.1, 0.4)));
  s.base_position = Vec3(1.0, 2.0, -0.5);
  crba(m, data, s);
  const Vec3 c = data.oMi[0].act(l.inertial.com);
  const Mat3 Rw = data.oMi[0].R;
  Mat6 expected = Mat6::Zero();
  expected.topLeftCorner<3, 3>() = l.inertial.mass * Mat3::Identity();
  expected.bottomRightCorner<3, 3>() = Rw * l.inertial.inertia * Rw.transpose();
  const OperationalSpaceInertia osi = operationalSpaceInertia(m, data, 0, c, VehicleMode::Free);
  VMS_COMPARE_REL(osi.Lambda, expected, 1e-13);
  OperationalSpaceInertiaSweeps sw(m);
  operationalSpaceInertiaAllBodies(m, data, s, sw);
  // At the body origin o: shifted by T(o - c)... compare through the closed-form shift.
  const Vec3 o = data.oMi[0].p;
  VMS_COMPARE_REL(sw.Lambda[0], shiftInertiaToPoint(shiftInertiaToPoint(expected, -c), o), 1e-13);
  // Effective mass is m in every direction; rotational effective inertias are the principal
  // moments.
  VMS_COMPARE_REL(osi.translational.effective, Vec3::Constant(l.inertial.mass), 1e-13);
  VMS_COMPARE_REL(osi.rotational.effective, Vec3(0.9, 0.6, 0.4), 1e-13);  // mobility ascending
}

void TestAnalysisOperationalInertia::ellipsoids() {
  const ModelDescription desc = randomDescription(BaseType::Free, 33, false, 9);
  const Model m = compileModel(desc);
  Data d(m);
  State rest = randomState(m, 3);
  rest.base_twist.setZero();
  rest.qd.setZero();
  crba(m, d, rest);
  const int body = m.nbodies - 1;
  const Vec3 p = d.oMi[body].act(Vec3(0.05, 0.1, 0.2));
  const OperationalSpaceInertia osi = operationalSpaceInertia(m, d, body, p, VehicleMode::Free);
  for (const auto& [e, block] :
       {std::pair{&osi.translational, Mat3(osi.Lambda_inv.topLeftCorner<3, 3>())},
        std::pair{&osi.rotational, Mat3(osi.Lambda_inv.bottomRightCorner<3, 3>())}}) {
    VMS_COMPARE_REL(Mat3(e->axes.transpose() * e->axes), Mat3::Identity(), 1e-14);
    VMS_COMPARE_REL(Mat3(e->axes * e->mobility.asDiagonal() * e->axes.transpose()), block, 1e-14);
    QVERIFY(e->mobility[0] <= e->mobility[1] && e->mobility[1] <= e->mobility[2]);
  }
  // A pure force along a principal axis u: the acceleration's component along u is
  // |f| / effective mass (forward dynamics).
  for (int i = 0; i < 3; ++i) {
    const Vec3 u = osi.translational.axes.col(i);
    const Vec6 a = pointAccelerationUnderWrench(m, rest, body, p, makeVec6(2.0 * u, Vec3::Zero()));
    const double along = Vec3(linear(a)).dot(u);
    QVERIFY2(std::abs(along - 2.0 / osi.translational.effective[i]) <= 1e-11 * std::abs(along),
             qPrintable(QString("axis %1: %2 vs %3")
                            .arg(i)
                            .arg(along)
                            .arg(2.0 / osi.translational.effective[i])));
  }
}

void TestAnalysisOperationalInertia::algorithm8MatchesJacobianFormula_data() {
  QTest::addColumn<bool>("chain");
  QTest::addColumn<int>("bodies");
  for (bool chain : {true, false})
    for (int n : {2, 4, 8, 15})
      QTest::newRow(((chain ? "chain_" : "tree_") + std::to_string(n)).c_str()) << chain << n;
}

void TestAnalysisOperationalInertia::algorithm8MatchesJacobianFormula() {
  QFETCH(bool, chain);
  QFETCH(int, bodies);
  double worst = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const Model m =
        compileModel(randomDescription(BaseType::Free, seed * 3 + bodies, chain, bodies, 1));
    Data d(m), dj(m);
    const State s = randomState(m, seed);
    OperationalSpaceInertiaSweeps sw(m);
    operationalSpaceInertiaAllBodies(m, d, s, sw);
    crba(m, dj, s);
    for (int i = 0; i < m.nbodies; ++i) {
      const OperationalSpaceInertia ref =
          operationalSpaceInertia(m, dj, i, dj.oMi[i].p, VehicleMode::Free);
      QCOMPARE(ref.rank, 6);
      const double e = test::relativeError(sw.Lambda[i], ref.Lambda);
      worst = std::max(worst, e);
      QVERIFY2(e < 1e-9, qPrintable(QString("seed %1 body %2: rel %3").arg(seed).arg(i).arg(e)));
      // Lambda^-1 from the sweeps is the mobility too (the other direction).
      VMS_COMPARE_REL(Mat6(sw.Lambda[i].inverse()), ref.Lambda_inv, 1e-9);
      // The tips: P is the body's own inertia; the vehicle: S = 0.
      if (m.children[i].empty()) {
        Data dk(m);
        forwardKinematics(m, dk, s);
        VMS_COMPARE_REL(sw.P[i], shiftInertiaToPoint(dk.I[i], dk.oMi[i].p), 1e-14);
      }
    }
    QCOMPARE(sw.S[0], Mat6::Zero());
  }
  qInfo("%s %d bodies: Algorithm 8 vs (J M^-1 J^T)^-1 at every body, max rel. error %.1e",
        chain ? "chain" : "tree", bodies, worst);
}

void TestAnalysisOperationalInertia::baseInvariance() {
  const int n = 6;
  const ModelDescription d = randomDescription(BaseType::Free, 404, true, n + 1);
  const Model m = compileModel(d);
  State s = randomState(m, 8);
  Data dm(m);
  OperationalSpaceInertiaSweeps sw(m);
  operationalSpaceInertiaAllBodies(m, dm, s, sw);
  double worst = 0;
  for (int k : {1, 3, n}) {
    const Model r = compileModel(reroot(d, k));
    QCOMPARE(r.njoints, m.njoints);
    for (int j = 0; j < m.njoints; ++j) QCOMPARE(r.joint_names[j], m.joint_names[j]);
    // Same configuration: the new root sits where link k is.
    State sr = State::neutral(r);
    const Pose& root = dm.oMi[m.bodyIndex(d.links[k].name)];
    sr.base_orientation = Quat(root.R);
    sr.base_position = root.p;
    sr.q = s.q;
    Data dr(r);
    crba(r, dr, sr);
    OperationalSpaceInertiaSweeps swr(r);
    operationalSpaceInertiaAllBodies(r, dr, sr, swr);
    for (int link = 0; link <= n; ++link) {
      const int bm = m.bodyIndex(d.links[link].name), br = r.bodyIndex(d.links[link].name);
      // The re-rooted model places every link where the original does (centre of mass).
      VMS_COMPARE_REL(Vec3(dr.oMi[br].act(r.com[br])), Vec3(dm.oMi[bm].act(m.com[bm])), 1e-13);
      // Original Algorithm 8 at F_link vs re-rooted J M^-1 J^T at the same point ...
      const OperationalSpaceInertia a =
          operationalSpaceInertia(r, dr, br, dm.oMi[bm].p, VehicleMode::Free);
      double e = test::relativeError(sw.Lambda[bm], a.Lambda);
      worst = std::max(worst, e);
      QVERIFY2(e < 1e-9, qPrintable(QString("root %1 link %2: rel %3").arg(k).arg(link).arg(e)));
      // ... and re-rooted Algorithm 8 at its body origin vs the original J M^-1 J^T there.
      Data dj(m);
      crba(m, dj, s);
      const OperationalSpaceInertia b =
          operationalSpaceInertia(m, dj, bm, dr.oMi[br].p, VehicleMode::Free);
      e = test::relativeError(swr.Lambda[br], b.Lambda);
      worst = std::max(worst, e);
      QVERIFY2(e < 1e-9,
               qPrintable(QString("root %1 link %2 (rev): rel %3").arg(k).arg(link).arg(e)));
    }
    // The mass matrices differ (the check is not trivial).
    Data dm2(m);
    crba(m, dm2, s);
    QVERIFY(test::relativeError(dr.M, dm2.M) > 1e-3);
  }
  qInfo("re-rooted at links 1, 3, 6: Lambda at the same points, max rel. difference %.1e", worst);
}

void TestAnalysisOperationalInertia::algorithm8NeedsFreeVehicle() {
  const Model m = compileModel(randomDescription(BaseType::Planar, 1, true, 4));
  Data d(m);
  OperationalSpaceInertiaSweeps sw(m);
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                           operationalSpaceInertiaAllBodies(m, d, randomState(m, 1), sw));
}

QTEST_APPLESS_MAIN(TestAnalysisOperationalInertia)
#include "test_analysis_operational_inertia.moc"
