// Least-disturbance point-to-point paths (core/analysis/least_disturbance_path.hpp) on seed
// 004's planar and spatial spacecraft-manipulators, zero momentum. Checked with the core's
// free-floating reposition (RKMK4 of the whole vehicle pose along straight joint segments,
// converged to 1e-11), which shares only the mass matrix with the planner:
// - the straight line's turn (no modes) equals the reposition's from A to B to 1e-9 rad;
// - the planned path starts at A, ends at B, and its turn is below 1e-9 rad by the planner's
//   integration; followed as polylines of 400 and 800 straight segments by the reposition
//   (chords: an O(1/N^2) error), the extrapolated turn is below 1e-6 rad, at least 1000 times
//   less than the straight line's;
// - bending only some joints works too; refusals name the reason.
#include <QElapsedTimer>

#include "core/analysis/free_floating_reposition.hpp"
#include "core/analysis/least_disturbance_path.hpp"
#include "core/io/model_io.hpp"
#include "core/model/compile_model.hpp"
#include "core/spatial/so3.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

const std::string kPlanar = VMS_SOURCE_DIR "/models/seed004_planar.vms.json";
const std::string kSpatial = VMS_SOURCE_DIR "/models/seed004_spatial.vms.json";

Vec3 turnBetween(const Quat& a, const Quat& b) {
  return so3Log((a.conjugate() * b).toRotationMatrix());
}

// The vehicle's turn when the joints follow `path` as `segments` straight segments.
Vec3 polylineTurn(const Model& m, const State& start, const LeastDisturbancePath& path,
                  int segments) {
  State s = start;
  RepositionOptions o;
  o.tolerance = 1e-13;
  for (int i = 1; i <= segments; ++i)
    s = freeFloatingReposition(m, s, path.at(double(i) / segments), o).state;
  return turnBetween(start.base_orientation, s.base_orientation);
}

struct Case {
  std::string model;
  VecX a, b;
};

}  // namespace

class TestAnalysisLeastDisturbancePath : public QObject {
  Q_OBJECT
 private slots:
  void removesTheTurnOfTheStraightLine() {
    VecX pa(4), pb(4), sa(6), sb(6);
    pa << 0.2, -0.4, 0.3, 0.1;
    pb << 1.1, 0.5, -0.6, 0.4;
    sa << 0.1, 0.5, -0.7, 0.2, 0.3, 0.0;
    sb << 0.8, 0.9, -1.4, -0.3, 0.6, 0.5;
    for (const Case& c : {Case{kPlanar, pa, pb}, Case{kSpatial, sa, sb}}) {
      const Model m = loadModel(c.model);
      State s = State::neutral(m);
      QCOMPARE(int(s.q.size()), int(c.a.size()));
      s.q = c.a;
      const LeastDisturbancePath path = planLeastDisturbancePath(m, s, c.b);
      QVERIFY((path.at(0) - c.a).norm() == 0);
      QVERIFY((path.at(1) - c.b).norm() < 1e-14);
      // The straight line, independently.
      RepositionOptions o;
      o.tolerance = 1e-13;
      const State straight = freeFloatingReposition(m, s, c.b, o).state;
      const Vec3 straight_turn = turnBetween(s.base_orientation, straight.base_orientation);
      QVERIFY2((straight_turn - path.straight_turn).norm() < 1e-9,
               qPrintable(QString::number((straight_turn - path.straight_turn).norm())));
      QVERIFY(path.converged);
      QVERIFY(path.turn.norm() < 1e-9);
      // A polyline of N chords differs from the curve by O(1/N^2): N = 400 and 800, and the
      // Richardson extrapolation of the two.
      const Vec3 coarse = polylineTurn(m, s, path, 400);
      const Vec3 fine = polylineTurn(m, s, path, 800);
      const Vec3 followed = (4 * fine - coarse) / 3;
      qInfo(
          "%s: straight line turns the vehicle %.4g rad; the planned path %.3g rad (planner), "
          "%.3g rad followed as 800 segments; %d iterations",
          m.description.name.c_str(), straight_turn.norm(), path.turn.norm(), followed.norm(),
          path.iterations);
      QVERIFY(straight_turn.norm() > 1e-2);
      QVERIFY(followed.norm() < 1e-6);
      QVERIFY(followed.norm() < 1e-3 * straight_turn.norm());
    }
  }

  void bendingSomeJointsOnly() {
    const Model m = loadModel(kSpatial);
    State s = State::neutral(m);
    s.q << 0.1, 0.5, -0.7, 0.2, 0.3, 0.0;
    VecX b(6);
    b << 0.8, 0.9, -1.4, -0.3, 0.6, 0.5;
    LeastDisturbanceOptions o;
    o.joints = {0, 1, 2};
    const LeastDisturbancePath path = planLeastDisturbancePath(m, s, b, o);
    QVERIFY(path.converged);
    for (double t : {0.25, 0.5, 0.75})
      for (int k = 3; k < 6; ++k) QCOMPARE(path.at(t)[k], s.q[k] + t * (b[k] - s.q[k]));
    QVERIFY(polylineTurn(m, s, path, 800).norm() < 1e-5);
  }

  // The turn's Jacobian from the attitude's sensitivity (analytic derivatives along the path)
  // equals central differences of the turn on paths with nonzero coefficients, with and
  // without gravity, and the planner reaches the same path with either, the sensitivity
  // several times faster.
  void sensitivityJacobianEqualsDifferences() {
    for (const std::string& file : {kPlanar, kSpatial}) {
      for (bool gravity : {false, true}) {
        ModelDescription d = loadModel(file).description;
        if (gravity) d.gravity = Vec3(0.0, -3.0, -9.81);
        const Model m = compileModel(d);
        State s = State::neutral(m);
        s.q.setConstant(0.3);
        LeastDisturbancePath path;
        path.start = s.q;
        path.end = s.q + VecX::LinSpaced(m.njoints, 0.5, -0.4);
        for (int k = 0; k < m.njoints; ++k) path.joints.push_back(k);
        path.coefficients = MatX::Random(2, m.njoints) * 0.3;
        using J = LeastDisturbanceOptions::Jacobian;
        const auto analytic = vehicleTurnJacobian(m, s, path, 200, J::Sensitivity);
        const auto differences = vehicleTurnJacobian(m, s, path, 200, J::CentralDifferences);
        const double err =
            (analytic - differences).cwiseAbs().maxCoeff() / differences.cwiseAbs().maxCoeff();
        qInfo("%s, gravity %d: Jacobian relative difference %.2e", m.description.name.c_str(),
              int(gravity), err);
        QVERIFY(differences.cwiseAbs().maxCoeff() > 1e-3);
        QVERIFY2(err < 1e-6, qPrintable(QString::number(err)));
      }
    }
    const Model m = loadModel(kSpatial);
    State s = State::neutral(m);
    s.q << 0.1, 0.5, -0.7, 0.2, 0.3, 0.0;
    VecX b(6);
    b << 0.8, 0.9, -1.4, -0.3, 0.6, 0.5;
    LeastDisturbanceOptions sensitivity, differences;
    differences.jacobian = LeastDisturbanceOptions::Jacobian::CentralDifferences;
    QElapsedTimer clock;
    clock.start();
    const LeastDisturbancePath a = planLeastDisturbancePath(m, s, b, sensitivity);
    const double t_sensitivity = clock.nsecsElapsed() * 1e-9;
    clock.restart();
    const LeastDisturbancePath c = planLeastDisturbancePath(m, s, b, differences);
    const double t_differences = clock.nsecsElapsed() * 1e-9;
    qInfo("planner: sensitivity %.3f s (%d iterations), central differences %.3f s (%d)",
          t_sensitivity, a.iterations, t_differences, c.iterations);
    QVERIFY(a.converged && c.converged);
    QVERIFY((a.coefficients - c.coefficients).cwiseAbs().maxCoeff() < 1e-6);
  }

  void refusals() {
    const Model m = loadModel(kSpatial);
    const State s = State::neutral(m);
    QVERIFY(test::errorOf([&] {
              planLeastDisturbancePath(m, s, VecX::Zero(3));
            }).find("6 finite joint positions") != std::string::npos);
    const Model fixed = loadModel(kSpatial, BaseType::Fixed);
    QVERIFY(test::errorOf([&] {
              planLeastDisturbancePath(fixed, State::neutral(fixed), VecX::Zero(6));
            }).find("fixed") != std::string::npos);
  }
};

QTEST_APPLESS_MAIN(TestAnalysisLeastDisturbancePath)
#include "test_analysis_least_disturbance_path.moc"
