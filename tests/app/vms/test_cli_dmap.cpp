// vms dmap: the disturbance map of two joints, as CSV, on seed 004's planar and spatial systems.
// What a row says is checked by what it means, with code the command does not use:
// - moving the joint pair a small step (1e-4 rad) from a grid point along the row's least and
//   most disturbing directions turns the vehicle (the core's free-floating reposition: zero
//   momentum, integrated on the group) by sigma_least and sigma_most times the step, to 1e-3;
// - the planar vehicle's curvature is -(d a_2/d q_1 - d a_1/d q_2), a(q) the rotation row of
//   the connection Mbb^-1 Mbm from central differences of CRBA blocks, as the closed-loop
//   example's test computes it, to 1e-6;
// - the command's errors: unknown joint (the model's joints listed), the same joint twice, a
//   fixed vehicle, bad --grid.
#include <QTemporaryDir>
#include <cmath>

#include "core/algorithms/crba.hpp"
#include "core/analysis/free_floating_reposition.hpp"
#include "core/io/model_io.hpp"
#include "numeric_csv.hpp"
#include "test_support.hpp"
#include "vms_cli.hpp"

using namespace vms;

namespace {

const QString kPlanar = VMS_SOURCE_DIR "/models/seed004_planar.vms.json";
const QString kSpatial = VMS_SOURCE_DIR "/models/seed004_spatial.vms.json";

double rotationRowEntry(const Model& m, Data& d, const VecX& q, int k) {
  State s = State::neutral(m);
  s.q = q;
  crba(m, d, s);
  const int b = m.base_dof;
  const MatX A = d.M.topLeftCorner(b, b).llt().solve(d.M.topRightCorner(b, m.njoints));
  return A(2, k);  // planar vehicle: nu_b = (v_x, v_y, omega_z)
}

double planarCurvatureByDifferences(const Model& m, const VecX& q) {
  Data d(m);
  const double h = 1e-5;
  VecX q1p = q, q1m = q, q2p = q, q2m = q;
  q1p[0] += h;
  q1m[0] -= h;
  q2p[1] += h;
  q2m[1] -= h;
  const double da2_dq1 =
      (rotationRowEntry(m, d, q1p, 1) - rotationRowEntry(m, d, q1m, 1)) / (2 * h);
  const double da1_dq2 =
      (rotationRowEntry(m, d, q2p, 0) - rotationRowEntry(m, d, q2m, 0)) / (2 * h);
  return -(da2_dq1 - da1_dq2);
}

NumericCsv runMap(const QString& model, const QString& out, int grid) {
  const test::Run r = test::runVms(
      {"dmap", model, "--joints", "joint1,joint2", "--grid", QString::number(grid), "--out", out});
  if (r.status != 0) qWarning("%s", r.err.constData());
  return r.status == 0 ? readNumericCsv(out) : NumericCsv{};
}

// Vehicle rotation when joints 1 and 2 move by `step` along `dir` from q (zero momentum).
double turnAlong(const Model& m, const VecX& q, const Eigen::Vector2d& dir, double step) {
  State s = State::neutral(m);
  s.q = q;
  VecX target = q;
  target[0] += step * dir[0];
  target[1] += step * dir[1];
  RepositionOptions o;
  o.tolerance = 1e-15;
  const State end = freeFloatingReposition(m, s, target, o).state;
  return s.base_orientation.angularDistance(end.base_orientation);
}

}  // namespace

class TestCliDmap : public QObject {
  Q_OBJECT
 private slots:
  void rowsMeanWhatTheySay() {
    QTemporaryDir dir;
    for (const QString& path : {kPlanar, kSpatial}) {
      const Model m = loadModel(path.toStdString());
      const NumericCsv map = runMap(path, dir.filePath("map.csv"), 9);
      QCOMPARE(int(map.rows.size()), 81);
      QCOMPARE(map.header.size(), std::size_t(12));
      QCOMPARE(map.header[0], std::string("q_joint1"));
      double worst = 0;
      for (int r : {10, 31, 40, 67}) {
        const auto& row = map.rows[std::size_t(r)];
        VecX q = VecX::Zero(m.njoints);
        q[0] = row[0];
        q[1] = row[1];
        const double step = 1e-4;
        const double least = turnAlong(m, q, {row[4], row[5]}, step) / step;
        const double most = turnAlong(m, q, {row[6], row[7]}, step) / step;
        const double err =
            std::max(std::abs(least - row[2]), std::abs(most - row[3])) / std::max(row[3], 1e-12);
        worst = std::max(worst, err);
        QVERIFY2(err < 1e-3, qPrintable(QString("row %1: %2").arg(r).arg(err)));
        QVERIFY(row[2] <= row[3]);
      }
      qInfo(
          "%s: turn of small steps vs sigma_least/sigma_most: largest difference %.2g of "
          "sigma_most",
          qPrintable(path), worst);
    }
  }

  void planarCurvatureIsTheClosedLoopExamplesCurvature() {
    QTemporaryDir dir;
    const Model m = loadModel(kPlanar.toStdString());
    const NumericCsv map = runMap(kPlanar, dir.filePath("map.csv"), 7);
    QCOMPARE(int(map.rows.size()), 49);
    const int cz = map.col("curvature_z");
    double largest = 0;
    for (const auto& row : map.rows) {
      VecX q = VecX::Zero(m.njoints);
      q[0] = row[0];
      q[1] = row[1];
      const double expected = planarCurvatureByDifferences(m, q);
      largest = std::max(largest, std::abs(expected));
      QVERIFY2(std::abs(row[std::size_t(cz)] - expected) < 1e-6,
               qPrintable(QString("%1 vs %2").arg(row[std::size_t(cz)]).arg(expected)));
      QCOMPARE(row[std::size_t(map.col("curvature_x"))], 0.0);
    }
    QVERIFY(largest > 1e-2);
  }

  void errors() {
    QTemporaryDir dir;
    const QString out = dir.filePath("m.csv");
    test::Run r = test::runVms({"dmap", kSpatial, "--joints", "joint1,elbow", "--out", out});
    QCOMPARE(r.status, 2);
    QVERIFY2(r.err.contains("no moving joint 'elbow'") && r.err.contains("joint6"), r.err);
    r = test::runVms({"dmap", kSpatial, "--joints", "joint1,joint1", "--out", out});
    QCOMPARE(r.status, 1);
    QVERIFY2(r.err.contains("two different joints"), r.err);
    r = test::runVms({"dmap", kSpatial, "--joints", "joint1,joint2", "--grid", "1", "--out", out});
    QCOMPARE(r.status, 2);
    QVERIFY2(r.err.contains("--grid"), r.err);
    r = test::runVms(
        {"dmap", kSpatial, "--joints", "joint1,joint2", "--base", "fixed", "--out", out});
    QCOMPARE(r.status, 1);
    QVERIFY2(r.err.contains("fixed"), r.err);
    QVERIFY(!QFile::exists(out));
  }
};

QTEST_APPLESS_MAIN(TestCliDmap)
#include "test_cli_dmap.moc"
