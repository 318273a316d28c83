// The seed-004 figure presets (models/seed004_figures.json, read with core/io/figure_presets)
// and the paper's qualitative claims about each figure (Wilde et al. 2018, §8), checked on `vms
// run` of the preset's scenario: the runs the desktop presets and scripts/seed-figures.sh plot.
// Every preset names columns its run writes; each claim is a measured inequality, printed.
//
// The runs: the examples as they are (each joint in turn, 45 s per joint, K_P = K_D = 1 without
// feed-forward), and for Fig. 7B also one run per spatial joint that sweeps that joint alone
// while a second computed-torque controller holds the others at q = 0 (the paper's claim is
// about which directions one joint moves the vehicle; in the sequential run the vehicle starts
// joint j's sweep slightly turned by the tracking lag of joints before it).
// VMS_RELEASE_ONLY (tests/CMakeLists.txt): the paper's claims on full runs of the figure presets;
// the sanitizer build skips it.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <algorithm>
#include <cmath>
#include <map>

#include "core/io/figure_presets.hpp"
#include "numeric_csv.hpp"
#include "test_support.hpp"

namespace {

const QString kModels = QStringLiteral(VMS_SOURCE_DIR "/models");
constexpr double kPerJoint = 45.0;  // s: joint_sweep with the paper's numbers and 1 s blends

QByteArray readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// A run's trajectory.csv with column access by name.
struct Run {
  NumericCsv csv;
  QString error;
  std::vector<double> col(const std::string& name) const {
    std::vector<double> v;
    const int c = csv.col(name);
    if (c < 0) return v;
    for (const auto& row : csv.rows) v.push_back(row[size_t(c)]);
    return v;
  }
  bool has(const std::string& name) const { return csv.col(name) >= 0; }
};

/// `vms run` of `scenario` (a JSON object with absolute file paths) in `tmp`.
Run runScenario(const QTemporaryDir& tmp, const QJsonObject& scenario, const QString& tag) {
  Run run;
  const QString file = tmp.filePath(tag + ".scenario.json");
  QFile f(file);
  if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(scenario).toJson()) < 0) {
    run.error = "cannot write " + file;
    return run;
  }
  f.close();
  const QString dir = tmp.filePath(tag + "_out");
  QProcess p;
  p.start(QStringLiteral(VMS_CLI_PATH), {"run", file, "--out", dir});
  if (!p.waitForFinished(300000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
    run.error = "vms run " + file + " failed: " + QString::fromUtf8(p.readAllStandardError());
    return run;
  }
  run.csv = readNumericCsv(dir + "/trajectory.csv");
  if (run.csv.rows.empty()) run.error = "no trajectory.csv in " + dir;
  return run;
}

QJsonObject scenarioObject(const QString& path) {
  QJsonObject s = QJsonDocument::fromJson(readAll(path)).object();
  const QDir folder = QFileInfo(path).dir();
  for (const char* key : {"model", "initial_state"})  // relative to the scenario's folder
    if (s.value(key).isString()) s[key] = folder.absoluteFilePath(s.value(key).toString());
  return s;
}

std::string jointName(int j) { return "joint" + std::to_string(j); }

/// Rows of `t` in [t0, t1].
std::vector<size_t> window(const std::vector<double>& t, double t0, double t1) {
  std::vector<size_t> rows;
  for (size_t i = 0; i < t.size(); ++i)
    if (t[i] >= t0 - 1e-9 && t[i] <= t1 + 1e-9) rows.push_back(i);
  return rows;
}

double maxAbs(const std::vector<double>& v, const std::vector<size_t>& rows) {
  double m = 0.0;
  for (size_t i : rows) m = std::max(m, std::abs(v[i]));
  return m;
}

double maxAbs(const std::vector<double>& v) {
  double m = 0.0;
  for (double x : v) m = std::max(m, std::abs(x));
  return m;
}

/// Largest |v - v(first row of the window)| over the window: the excursion during it.
double excursion(const std::vector<double>& v, const std::vector<size_t>& rows) {
  double m = 0.0;
  for (size_t i : rows) m = std::max(m, std::abs(v[i] - v[rows.front()]));
  return m;
}

/// max_rows |a + b| (a and b cancel when this is small against max |a|).
double maxAbsSum(const std::vector<double>& a, const std::vector<double>& b) {
  double m = 0.0;
  for (size_t i = 0; i < a.size(); ++i) m = std::max(m, std::abs(a[i] + b[i]));
  return m;
}

/// A figure as the preset's "observe" text quotes it (e.g. "0.087"): the measured value must
/// round to it, |measured - quoted| <= half a unit of its last digit.
bool roundsTo(double measured, const char* quoted) {
  const QString text = QString::fromLatin1(quoted);
  const int dot = text.indexOf('.');
  const int decimals = dot < 0 ? 0 : int(text.size()) - dot - 1;
  const double ok =
      std::abs(measured - text.toDouble()) <= 0.5 * std::pow(10.0, -decimals) * 1.0001;
  if (!ok) qWarning("measured %.6g, the preset quotes %s", measured, quoted);
  return ok;
}

}  // namespace

class TestSeed004Figures : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void presetsShowColumnsOfTheirRuns();
  void fig5aVehicleRateOppositeSmallerAndShrinkingOutward();
  void fig5bVehiclePulledForwardPushedSidewaysSystemComFixed();
  void fig6PlanarMomentaCancelAndStayInPlane();
  void fig7aJointOneTurnsTheVehicleAboutThreeAxes();
  void fig7bWhichDirectionsEachJointMovesTheVehicle();
  void fig8SpatialMomentaCancel();

 private:
  const Run& runOf(const QString& id) const {
    for (const vms::FigurePreset& f : presets_.figures)
      if (QString::fromStdString(f.id) == id) return runs_.at(f.scenario);
    static const Run none{{}, "no preset " + id};
    return none;
  }
  /// Returns the largest momentum exchanged (max |vehicle| over `moving`) and the largest
  /// |vehicle + arm| in `exchanged` and `sum`.
  void checkMomentaCancel(const Run& run, const char* what, const char* kind,
                          const std::vector<char>& moving, const std::vector<char>& silent,
                          double* exchanged = nullptr, double* sum_max = nullptr);

  QTemporaryDir tmp_;
  vms::FigurePresetFile presets_;
  std::map<std::string, Run> runs_;  // by scenario path
};

void TestSeed004Figures::initTestCase() {
  QVERIFY(tmp_.isValid());
  const std::string error = vms::test::errorOf([&] {
    presets_ = vms::readFigurePresets((kModels + "/seed004_figures.json").toStdString());
  });
  QVERIFY2(error.empty(), error.c_str());
  QCOMPARE(int(presets_.figures.size()), 8);
  int k = 0;
  for (const vms::FigurePreset& f : presets_.figures) {
    if (runs_.count(f.scenario)) continue;
    const QString path = QString::fromStdString(f.scenario);
    QVERIFY2(QFile::exists(path), qPrintable(path));
    runs_[f.scenario] = runScenario(tmp_, scenarioObject(path), "run" + QString::number(k++));
    QVERIFY2(runs_[f.scenario].error.isEmpty(), qPrintable(runs_[f.scenario].error));
  }
}

void TestSeed004Figures::presetsShowColumnsOfTheirRuns() {
  const QStringList expected = {"5A", "5B", "6A", "6B", "7A", "7B", "8A", "8B"};
  QStringList ids;
  for (const vms::FigurePreset& f : presets_.figures) {
    ids << QString::fromStdString(f.id);
    QVERIFY2(!f.observe.empty() && f.observe != "TBD", f.id.c_str());
    for (const std::string& q : f.quantities)
      QVERIFY2(runs_.at(f.scenario).has(q),
               qPrintable(QString::fromStdString(f.id + ": no column '" + q + "' in its run")));
  }
  QCOMPARE(ids, expected);
  QCOMPARE(QString::fromStdString(vms::figureSlug("seed004", "5A")), QString("seed004_fig5a"));
}

// Fig. 5A: "the base-spacecraft has an angular rate component which has opposite sign with
// respect to the joint rates, and is smaller in magnitude [...] the base-spacecraft reaction
// becomes smaller as the joint maneuver sequence proceeds 'outward'". The sign and the size are
// checked on the rows where joint j moves alone (every other joint below 1% of its rate): with
// K_P = K_D = 1 and no feed-forward, joint j - 1 still finishes its return during the first
// second of joint j's sweep, and the vehicle then reacts to both.
void TestSeed004Figures::fig5aVehicleRateOppositeSmallerAndShrinkingOutward() {
  const Run& run = runOf("5A");
  QVERIFY(run.error.isEmpty());
  const auto t = run.col("t"), wz = run.col("base_wz");
  std::vector<std::vector<double>> qd(5);
  for (int j = 1; j <= 4; ++j) qd[size_t(j)] = run.col("qd:" + jointName(j));
  double previous_peak = 1e300;
  const char* quoted_ratio[5] = {"", "0.94", "0.63", "0.31", "0.087"};
  const char* quoted_peak[5] = {"", "0.128", "0.085", "0.039", "0.016"};
  for (int j = 1; j <= 4; ++j) {
    const auto& rate = qd[size_t(j)];
    const auto rows = window(t, (j - 1) * kPerJoint, j * kPerJoint);
    int moving = 0, overlap = 0, opposite = 0;
    double worst_ratio = 0.0;  // largest |w_z| / |qd_j| while joint j moves alone
    for (size_t i : rows) {
      if (std::abs(rate[i]) < 0.05) continue;  // the joint rests or blends
      bool alone = true;
      for (int k = 1; k <= 4; ++k)
        if (k != j && std::abs(qd[size_t(k)][i]) > 0.01 * std::abs(rate[i])) alone = false;
      if (!alone) {
        ++overlap;
        continue;
      }
      ++moving;
      if (wz[i] * rate[i] < 0.0) ++opposite;
      worst_ratio = std::max(worst_ratio, std::abs(wz[i] / rate[i]));
    }
    const double peak = maxAbs(wz, rows);
    qInfo(
        "5A joint %d: %d rows with the joint moving alone (%d more while the previous joint "
        "still returns), %d with w_z opposite to qd; max |w_z/qd| = %.4f; peak |w_z| = %.5f "
        "rad/s",
        j, moving, overlap, opposite, worst_ratio, peak);
    QVERIFY(moving > 200);
    QCOMPARE(opposite, moving);
    QVERIFY2(worst_ratio < 1.0, "vehicle rate not smaller than the joint rate");
    QVERIFY2(peak < previous_peak, "vehicle reaction does not shrink outward");
    previous_peak = peak;
    QVERIFY(roundsTo(worst_ratio, quoted_ratio[j]));
    QVERIFY(roundsTo(peak, quoted_peak[j]));
  }
}

// Fig. 5B: "the base-spacecraft center-of-mass is pulled forward and pushed back to its initial
// x position, and is pushed to the left and right in the y direction as the manipulator moves
// to the left and right [...] The location of the total center of mass [...] remains constant."
// Left is +y (the joints turn about +z, so q_j > 0 swings the arm to the left): the vehicle's
// CoM moves to the side the arm swings to. (It turns the other way about a point ahead of its
// own CoM, which carries it along.)
void TestSeed004Figures::fig5bVehiclePulledForwardPushedSidewaysSystemComFixed() {
  const Run& run = runOf("5B");
  QVERIFY(run.error.isEmpty());
  const auto t = run.col("t"), dx = run.col("vehicle_com_dx"), dy = run.col("vehicle_com_dy");
  const char* quoted_forward_cm[5] = {"", "2.1", "5.7", "3.8", "1.1"};
  double largest_back = 0.0, largest_dy = 0.0;
  for (int j = 1; j <= 4; ++j) {
    const auto q = run.col("q:" + jointName(j));
    const auto rows = window(t, (j - 1) * kPerJoint, j * kPerJoint);
    const double x0 = dx[rows.front()], y0 = dy[rows.front()];
    double forward = 0.0, backward = 0.0;  // largest move ahead of / behind the start x
    int sideways = 0, same_side = 0;       // rows with |q_j| > 0.5: dy on the arm's side
    for (size_t i : rows) {
      forward = std::max(forward, dx[i] - x0);
      backward = std::max(backward, x0 - dx[i]);
      if (std::abs(q[i]) < 0.5) continue;
      ++sideways;
      if ((dy[i] - y0) * q[i] > 0.0) ++same_side;
    }
    const double back = std::abs(dx[rows.back()] - x0);
    qInfo(
        "5B joint %d: x forward %.3e m, behind start %.3e m, back to %.3e m of the start x; "
        "%d/%d rows (|q| > 0.5) with the y displacement on the arm's side; |dy| peak %.3e m",
        j, forward, backward, back, same_side, sideways, excursion(dy, rows));
    QVERIFY2(forward > 1e-3, "not pulled forward");
    // Behind the start only by the residue of the previous joint's lag (joint 3: 0.18%).
    QVERIFY2(backward <= 1e-2 * forward, "moved behind its start x");
    QVERIFY2(back <= 0.01 * forward, "not pushed back to its start x");
    QVERIFY(sideways > 200);
    QCOMPARE(same_side, sideways);
    QVERIFY(roundsTo(100.0 * forward, quoted_forward_cm[j]));
    largest_back = std::max(largest_back, back);
    largest_dy = std::max(largest_dy, excursion(dy, rows));
  }
  QVERIFY(largest_back <= 0.05e-3);              // "within 0.05 mm"
  QVERIFY(roundsTo(100.0 * largest_dy, "4.1"));  // cm
  double com_shift = 0.0;
  for (const char* c : {"system_com_x", "system_com_y", "system_com_z"}) {
    const auto v = run.col(c);
    for (double x : v) com_shift = std::max(com_shift, std::abs(x - v.front()));
  }
  qInfo("5B system CoM: largest shift %.2e m (vehicle CoM: up to %.3f m)", com_shift,
        std::max(maxAbs(dx), maxAbs(dy)));
  QVERIFY(com_shift <= 1e-9);
}

// Vehicle and arm momenta "opposite in sign but equal in magnitude"; the totals stay zero.
// `moving`: the components that exchange momentum (each must be non-trivial); `silent`: the
// ones that stay zero ("no linear momentum along the z axis, and no angular momentum about the
// x and y axes" for the planar system).
void TestSeed004Figures::checkMomentaCancel(const Run& run, const char* what, const char* kind,
                                            const std::vector<char>& moving,
                                            const std::vector<char>& silent, double* exchanged,
                                            double* sum_max) {
  if (exchanged) *exchanged = 0.0;
  if (sum_max) *sum_max = 0.0;
  {
    for (char c : moving) {
      const std::string s(1, c);
      const auto vehicle = run.col(std::string(kind) + "_vehicle_" + s);
      const auto arm = run.col(std::string(kind) + "_arm_" + s);
      const auto total = run.col(std::string(kind) + s);
      const double v = maxAbs(vehicle), a = maxAbs(arm);
      const double sum = maxAbsSum(vehicle, arm), tot = maxAbs(total);
      if (exchanged) *exchanged = std::max(*exchanged, v);
      if (sum_max) *sum_max = std::max({*sum_max, sum, tot});
      qInfo(
          "%s %s_%s: max |vehicle| %.4g, max |arm| %.4g, max |vehicle + arm| %.2e, max |total| "
          "%.2e",
          what, kind, s.c_str(), v, a, sum, tot);
      QVERIFY2(v > 1e-3, "no momentum exchanged");  // N s or N m s: the runs exchange 0.009 to 86
      QVERIFY(sum <= 1e-9 * v);
      QVERIFY(tot <= 1e-9 * v);
    }
    for (char c : silent) {
      const std::string s(1, c);
      const double v = maxAbs(run.col(std::string(kind) + "_vehicle_" + s));
      const double a = maxAbs(run.col(std::string(kind) + "_arm_" + s));
      const double tot = maxAbs(run.col(std::string(kind) + s));
      qInfo("%s %s_%s (out of plane): max |vehicle| %.2e, |arm| %.2e, |total| %.2e", what, kind,
            s.c_str(), v, a, tot);
      QCOMPARE(std::max({v, a, tot}), 0.0);  // "exactly zero" (the preset says so)
    }
  }
}

void TestSeed004Figures::fig6PlanarMomentaCancelAndStayInPlane() {
  const Run& run = runOf("6A");
  QVERIFY(run.error.isEmpty());
  QCOMPARE(&runOf("6B"), &run);
  double exchanged = 0.0, sum = 0.0;
  checkMomentaCancel(run, "6A", "P", {'x'}, {'z'}, &exchanged, &sum);
  if (QTest::currentTestFailed()) return;
  // The sums are rounding noise, whose last digits depend on the build (native 4.3e-12 N s and
  // 1.1e-13 N m s; the generic ISA of the sanitizer build 1.15e-13 N m s): bounds an order above.
  QVERIFY(roundsTo(exchanged, "0.12") && sum <= 1e-11);
  checkMomentaCancel(run, "6A", "P", {'y'}, {}, &exchanged, &sum);
  if (QTest::currentTestFailed()) return;
  QVERIFY(roundsTo(exchanged, "0.051") && sum <= 1e-11);
  checkMomentaCancel(run, "6B", "L", {'z'}, {'x', 'y'}, &exchanged, &sum);
  if (QTest::currentTestFailed()) return;
  QVERIFY(roundsTo(exchanged, "0.0087") && sum <= 1e-12);
}

// Fig. 7A: "The rotation axis of joint 1 is along the x axis of the spacecraft coordinate
// system. Therefore, the rotation of joint 1 causes a 3 DOF rotation of the base-spacecraft":
// during joint 1's sweep every component of the vehicle's rate reaches at least a tenth of the
// largest, and the largest is about x.
void TestSeed004Figures::fig7aJointOneTurnsTheVehicleAboutThreeAxes() {
  const Run& run = runOf("7A");
  QVERIFY(run.error.isEmpty());
  const auto t = run.col("t");
  const auto rows = window(t, 0.0, kPerJoint);
  double w[3];
  int k = 0;
  for (const char* c : {"base_wx", "base_wy", "base_wz"}) w[k++] = maxAbs(run.col(c), rows);
  qInfo("7A joint 1: peak |w_x| %.3e, |w_y| %.3e, |w_z| %.3e rad/s", w[0], w[1], w[2]);
  const double largest = std::max({w[0], w[1], w[2]});
  QCOMPARE(largest, w[0]);
  for (double v : w) QVERIFY(v >= 0.1 * largest && v > 1e-3);
  QVERIFY(roundsTo(w[0], "0.059") && roundsTo(w[1], "0.021") && roundsTo(w[2], "0.022"));
}

// Fig. 7B: joint 1 moves the vehicle's centre of mass "in x, y and z direction [...] and only in
// x and z direction when joints 2-6 are active". Measured on one joint at a time from q = 0
// (exact computed torque keeps the other joints at 0) and on the example's sequence.
void TestSeed004Figures::fig7bWhichDirectionsEachJointMovesTheVehicle() {
  const Run& run = runOf("7B");
  QVERIFY(run.error.isEmpty());
  const vms::FigurePreset* preset = nullptr;
  for (const vms::FigurePreset& f : presets_.figures)
    if (f.id == "7B") preset = &f;
  QVERIFY(preset);
  const QJsonObject base = scenarioObject(QString::fromStdString(preset->scenario));
  const char* axes[3] = {"vehicle_com_dx", "vehicle_com_dy", "vehicle_com_dz"};
  for (int j = 1; j <= 6; ++j) {
    // Joint j alone: quintic 0 -> 1 rad in 10 s, the others held at 0.
    QJsonArray target;
    for (int k = 1; k <= 6; ++k) target.append(k == j ? 1.0 : 0.0);
    QJsonObject s = base;
    s["duration"] = 10.0;
    s["controllers"] = QJsonArray{QJsonObject{
        {"type", "computed_torque"},
        {"trajectory", QJsonObject{{"type", "quintic"}, {"target", target}, {"duration", 10.0}}},
        {"gains", QJsonObject{{"kp", 1.0}, {"kd", 1.0}}}}};
    const Run alone = runScenario(tmp_, s, "joint" + QString::number(j) + "_alone");
    QVERIFY2(alone.error.isEmpty(), qPrintable(alone.error));
    double d[3], seq[3];
    for (int c = 0; c < 3; ++c) {
      d[c] = maxAbs(alone.col(axes[c]));
      seq[c] =
          excursion(run.col(axes[c]), window(run.col("t"), (j - 1) * kPerJoint, j * kPerJoint));
    }
    qInfo(
        "7B joint %d alone (0 -> 1 rad): vehicle CoM moves x %.3e, y %.3e, z %.3e m; in the "
        "example's sequence: x %.3e, y %.3e, z %.3e m",
        j, d[0], d[1], d[2], seq[0], seq[1], seq[2]);
    const double xz = std::max(d[0], d[2]);
    const char* quoted[7][3] = {
        {}, {"0.7", "8.5", "2.5"}, {}, {}, {}, {"", "0.27", "0.60"}, {"", "0.07", "0.15"}};
    if (j == 1)  // cm
      QVERIFY(roundsTo(100 * d[0], quoted[1][0]) && roundsTo(100 * d[1], quoted[1][1]) &&
              roundsTo(100 * d[2], quoted[1][2]));
    if (j >= 5)  // mm
      QVERIFY(roundsTo(1000 * d[1], quoted[j][1]) && roundsTo(1000 * d[2], quoted[j][2]));
    if (j == 1) {
      for (double v : d) QVERIFY2(v > 1e-4, "joint 1 does not move the vehicle in x, y and z");
    } else {
      QVERIFY2(xz > 1e-4, "the joint does not move the vehicle in x or z");
      if (j >= 5)
        QEXPECT_FAIL("",
                     "the paper's 'only in x and z' does not hold for joints 5 and 6: Table 6's "
                     "alpha = -90 deg before joint 5 puts their axes along the world x axis at "
                     "q = 0, links 5-6 swing in the y-z plane and the vehicle moves in y too",
                     Continue);
      QVERIFY2(d[1] <= 1e-9 * xz, "the joint moves the vehicle in y");
    }
  }
}

void TestSeed004Figures::fig8SpatialMomentaCancel() {
  const Run& run = runOf("8A");
  QVERIFY(run.error.isEmpty());
  double exchanged = 0.0, sum = 0.0;
  checkMomentaCancel(run, "8A", "P", {'x', 'y', 'z'}, {}, &exchanged, &sum);
  if (QTest::currentTestFailed()) return;
  QVERIFY(roundsTo(exchanged, "29") && sum <= 1e-9);  // rounding noise: see fig6
  checkMomentaCancel(run, "8B", "L", {'x', 'y', 'z'}, {}, &exchanged, &sum);
  if (QTest::currentTestFailed()) return;
  QVERIFY(roundsTo(exchanged, "86") && sum <= 1e-9);
}

QTEST_APPLESS_MAIN(TestSeed004Figures)
#include "test_seed004_figures.moc"
