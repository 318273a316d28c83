// Joint trajectories: boundary conditions, continuity of q, qd, qdd (finite differences),
// seed 004's one-joint-at-a-time sweep (peaks +-1 rad, duration per joint).
#include <cmath>

#include "core/control/joint_sweep_trajectory.hpp"
#include "core/control/quintic_trajectory.hpp"
#include "core/control/waypoint_trajectory.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

// Checks qd and qdd against central differences of q and qd on [t0, t1] (step h, difference
// step e, tolerance tol), and that qdd has no jump larger than jump_tol across 2e (q and qd are
// continuous if the differences match).
void checkDerivatives(const JointTrajectory& tr, double t0, double t1, double h, double e,
                      double tol, double jump_tol) {
  const int n = tr.size();
  VecX q(n), qd(n), qdd(n), qp(n), qdp(n), qddp(n), qm(n), qdm(n), qddm(n);
  for (double t = t0; t <= t1; t += h) {
    tr.evaluate(t, q, qd, qdd);
    tr.evaluate(t + e, qp, qdp, qddp);
    tr.evaluate(t - e, qm, qdm, qddm);
    VMS_COMPARE_REL(VecX((qp - qm) / (2 * e)), qd, tol);
    VMS_COMPARE_REL(VecX((qdp - qdm) / (2 * e)), qdd, tol);
    // Continuity of qdd: one-sided neighbours stay close.
    VMS_COMPARE_REL(qddp, qdd, jump_tol);
    VMS_COMPARE_REL(qddm, qdd, jump_tol);
  }
}

}  // namespace

class TestControlTrajectories : public QObject {
  Q_OBJECT
 private slots:
  void quinticBoundaryAndContinuity();
  void waypointsInterpolateC2();
  void waypointsRejectBadInput();
  void sweepMatchesSeed004();
  void sweepRejectsLongBlend();
};

void TestControlTrajectories::quinticBoundaryAndContinuity() {
  VecX a(3), b(3);
  a << 0.1, -0.5, 2.0;
  b << 1.1, 0.5, -1.0;
  const QuinticTrajectory tr(a, b, 2.0, 0.5);
  QCOMPARE(tr.duration(), 2.5);
  VecX q, qd, qdd;
  for (double t : {-1.0, 0.5}) {
    tr.evaluate(t, q, qd, qdd);
    VMS_COMPARE_REL(q, a, 1e-15);
    QVERIFY(qd.norm() == 0.0 && qdd.norm() == 0.0);
  }
  for (double t : {2.5, 7.0}) {
    tr.evaluate(t, q, qd, qdd);
    VMS_COMPARE_REL(q, b, 1e-15);
    QVERIFY(qd.norm() < 1e-15 && qdd.norm() < 1e-15);
  }
  tr.evaluate(1.5, q, qd, qdd);  // midpoint: half way, peak velocity 15/8 dq / T, qdd = 0
  VMS_COMPARE_REL(q, VecX(0.5 * (a + b)), 1e-15);
  VMS_COMPARE_REL(qd, VecX(15.0 / 8.0 * (b - a) / 2.0), 1e-14);
  QVERIFY(qdd.norm() < 1e-14);
  // Continuous through the start and the end (h does not hit them exactly).
  checkDerivatives(tr, 0.0, 3.0, 0.0137, 1e-5, 1e-7, 1e-3);
}

void TestControlTrajectories::waypointsInterpolateC2() {
  const std::vector<double> times = {0.0, 1.0, 1.5, 3.0, 4.0};
  MatX P(2, 5);
  P << 0.0, 1.0, 0.5, -0.7, 0.2,  //
      1.0, 1.0, 2.0, 0.0, 0.0;
  const WaypointTrajectory tr(times, P);
  QCOMPARE(tr.duration(), 4.0);
  VecX q, qd, qdd;
  for (int k = 0; k < 5; ++k) {
    tr.evaluate(times[k], q, qd, qdd);
    VMS_COMPARE_REL(q, VecX(P.col(k)), 1e-14);
    // Through the knot from both sides: q, qd, qdd continuous.
    VecX ql, qdl, qddl, qr, qdr, qddr;
    tr.evaluate(times[k] - 1e-9, ql, qdl, qddl);
    tr.evaluate(times[k] + 1e-9, qr, qdr, qddr);
    if (k > 0 && k < 4) {
      VMS_COMPARE_REL(ql, qr, 1e-8);
      VMS_COMPARE_REL(qdl, qdr, 1e-7);
      VMS_COMPARE_REL(qddl, qddr, 1e-7);
    }
  }
  // Rest at both ends.
  for (double t : {1e-10, 4.0 - 1e-10}) {
    tr.evaluate(t, q, qd, qdd);
    QVERIFY2(qd.norm() < 1e-8, "end velocity is not zero");
  }
  checkDerivatives(tr, 0.01, 3.99, 0.0071, 1e-5, 1e-7, 1e-3);
  // Two waypoints: the clamped cubic 3x^2 - 2x^3.
  MatX P2(1, 2);
  P2 << 1.0, 3.0;
  const WaypointTrajectory line({0.0, 2.0}, P2);
  line.evaluate(0.5, q, qd, qdd);
  const double x = 0.25;
  QVERIFY(std::abs(q[0] - (1.0 + 2.0 * (3 * x * x - 2 * x * x * x))) < 1e-14);
}

void TestControlTrajectories::waypointsRejectBadInput() {
  MatX P(1, 3);
  P << 0, 1, 2;
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, WaypointTrajectory({0.0, 1.0, 1.0}, P));
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, WaypointTrajectory({0.0, 1.0}, P));
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                           QuinticTrajectory(VecX::Zero(2), VecX::Zero(3), 1.0));
}

void TestControlTrajectories::sweepMatchesSeed004() {
  const int n = 3;
  VecX q0(n);
  q0 << 0.2, -0.1, 0.0;
  JointSweepParameters p;  // the paper's numbers, 1 s blends
  const JointSweepTrajectory tr(q0, p);
  QCOMPARE(tr.perJoint(), 45.0);
  QCOMPARE(tr.duration(), 135.0);
  VecX q, qd, qdd;
  for (int j = 0; j < n; ++j) {
    const double s = tr.jointStart(j);
    // Peak +1 rad held during the first rest, -1 rad during the second, back to start.
    double qmax = -1e9, qmin = 1e9, vmax = 0.0;
    for (double t = s; t <= s + tr.perJoint(); t += 0.01) {
      tr.evaluate(t, q, qd, qdd);
      qmax = std::max(qmax, q[j] - q0[j]);
      qmin = std::min(qmin, q[j] - q0[j]);
      vmax = std::max(vmax, std::abs(qd[j]));
      for (int i = 0; i < n; ++i)  // the other joints rest
        if (i != j) QVERIFY(q[i] == q0[i] && qd[i] == 0.0 && qdd[i] == 0.0);
    }
    QVERIFY(std::abs(qmax - 1.0) < 1e-12);
    QVERIFY(std::abs(qmin + 1.0) < 1e-12);
    QVERIFY(std::abs(vmax - 0.1) < 1e-12);
    tr.evaluate(s + 0.5 + 10.0 + 1.0, q, qd, qdd);  // middle of the first rest
    QVERIFY(std::abs(q[j] - q0[j] - 1.0) < 1e-12 && qd.norm() == 0.0);
    tr.evaluate(s + 0.5 + 10.0 + 2.0 + 10.0, q, qd, qdd);  // middle of the -0.1 rad/s leg
    QVERIFY(std::abs(q[j] - q0[j]) < 1e-12 && std::abs(qd[j] + 0.1) < 1e-15);
    tr.evaluate(s + tr.perJoint(), q, qd, qdd);  // end of this joint: back at rest at q0
    VMS_COMPARE_REL(q, q0, 1e-13);
    QVERIFY(qd.norm() < 1e-15 && qdd.norm() < 1e-15);
    tr.evaluate(s + tr.perJoint() - 0.01, q, qd, qdd);  // still moving just before
    QVERIFY(std::abs(qd[j]) > 0.0);
  }
  checkDerivatives(tr, -0.5, tr.duration() + 0.5, 0.0173, 1e-5, 1e-8, 1e-4);
  // Paper's fixed dwell between joints.
  p.dwell = 3.0;
  const JointSweepTrajectory tr2(q0, p);
  QCOMPARE(tr2.duration(), 3 * 45.0 + 2 * 3.0);
  QCOMPARE(tr2.jointStart(2), 96.0);
}

void TestControlTrajectories::sweepRejectsLongBlend() {
  JointSweepParameters p;
  p.blend = 2.5;
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, JointSweepTrajectory(VecX::Zero(2), p));
}

QTEST_APPLESS_MAIN(TestControlTrajectories)
#include "test_control_trajectories.moc"
