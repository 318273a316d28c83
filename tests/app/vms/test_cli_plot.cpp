// `vms plot CSV --y COLS [--x COL] --out FILE.{png,svg,pdf}`: figures from the CSV files of
// `vms simulate` and `vms run`, checked without QtGui (this test links QtCore only): PNG
// decoded (png_decode.hpp) for its size and pixels, SVG parsed as
// XML, PDF header; different columns give different images; bad input exits 1 with one line
// `vms: ...`, bad usage and unsupported formats exit 2.
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtEndian>
#include <cstdlib>
#include <set>
#include <tuple>
#include <utility>

#include "png_decode.hpp"
#include "test_support.hpp"

namespace {

using vms::test::decodePng;
using vms::test::distinctColors;
using vms::test::Png;

struct Run {
  int status = -1;
  QByteArray out, err;
};

Run runVms(const QStringList& args) {
  QProcess p;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.remove("QT_QPA_PLATFORM");  // vms plot must choose the offscreen platform itself
  env.remove("DISPLAY");
  p.setProcessEnvironment(env);
  p.start(QStringLiteral(VMS_CLI_PATH), args);
  p.waitForFinished(120000);
  return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
          p.readAllStandardError()};
}

QByteArray readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeFile(const QString& path, const QByteArray& text) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(text);
}

/// Number of `name` elements; -1 if the file is not well-formed XML with an <svg> root.
int svgElements(const QString& path, const QString& name) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return -1;
  QXmlStreamReader xml(&f);
  int n = 0;
  bool svg = false;
  while (!xml.atEnd())
    if (xml.readNext() == QXmlStreamReader::StartElement) {
      svg = svg || xml.name() == QStringLiteral("svg");
      n += xml.name() == name;
    }
  return xml.hasError() || !svg ? -1 : n;
}

const QByteArray kScenario = R"({
  "name": "plot_planar",
  "model": ")" VMS_SOURCE_DIR R"(/models/seed004_planar.vms.json",
  "initial_state": ")" VMS_SOURCE_DIR R"(/models/state_seed004_planar_rest.json",
  "controllers": [{"type": "computed_torque", "joints": ["joint1"],
                   "trajectory": {"type": "quintic", "target": [0.5], "duration": 1.5},
                   "tau_max": 10, "max_error": 0.1}],
  "duration": 2.0, "dt": 0.01, "output_every": 2
})";

}  // namespace

class TestCliPlot : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase();
  void pngOfSimulateColumns();
  void differentColumnsDifferentImages();
  void svgAndPdf();
  void runColumnsLogScaleAndParametric();
  void legendKeepsUnderscores();
  void badInputExitsOne();
  void badUsageExitsTwo();

 private:
  QTemporaryDir tmp_;
  QString sim_, run_;
};

void TestCliPlot::initTestCase() {
  QVERIFY(tmp_.isValid());
  // `vms plot` exists only when the UI is built (VMS_BUILD_UI, the default).
  if (!runVms({"--help"}).out.contains("vms plot"))
    QSKIP("vms was built without the UI (no vms plot)");
  sim_ = tmp_.filePath("sim.csv");
  Run r = runVms({"simulate", VMS_SOURCE_DIR "/models/seed004_spatial.vms.json", "--state",
                  VMS_SOURCE_DIR "/models/state_seed004_spatial_moving.json", "--duration", "2",
                  "--dt", "0.01", "--out", sim_});
  QVERIFY2(r.status == 0, r.err.constData());
  const QString scn = tmp_.filePath("plot.scenario.json");
  writeFile(scn, kScenario);
  r = runVms({"run", scn, "--out", tmp_.filePath("run")});
  QVERIFY2(r.status == 0, r.err.constData());
  run_ = tmp_.filePath("run/trajectory.csv");
  QVERIFY(QFile::exists(run_));
  QVERIFY(runVms({"--help"}).out.contains("vms plot CSV --y COL[,COL...]"));
}

void TestCliPlot::pngOfSimulateColumns() {
  const QString out = tmp_.filePath("momentum.png");
  const Run r = runVms({"plot", sim_, "--y", "Px,Py,Lz", "--out", out});
  QVERIFY2(r.status == 0, r.err.constData());
  QVERIFY2(r.err.isEmpty(), r.err.constData());  // headless, and quiet
  const Png png = decodePng(readAll(out));
  // Default size: the desktop plot exports' 1600 x 1000 px at scale 2.
  QCOMPARE(png.width, 1600);
  QCOMPARE(png.height, 1000);
  QVERIFY2(distinctColors(png) > 20, qPrintable(QString::number(distinctColors(png))));
  long ink = 0;
  for (quint32 c : png.rgb) ink += c != 0xffffff;
  QVERIFY(ink > 0.02 * png.rgb.size() && ink < 0.6 * png.rgb.size());

  const QString small = tmp_.filePath("small.png");
  QCOMPARE(runVms({"plot", sim_, "--y", "T", "--out", small, "--width", "400", "--height", "300",
                   "--title", "kinetic energy"})
               .status,
           0);
  const Png s = decodePng(readAll(small));
  QCOMPARE(s.width, 400);
  QCOMPARE(s.height, 300);

  // --scale: the same pixels, laid out at pixels / scale (larger fonts and lines).
  const QString one = tmp_.filePath("scale1.png"), two = tmp_.filePath("scale2.png");
  for (const auto& [file, scale] : {std::pair{one, "1"}, std::pair{two, "2"}})
    QCOMPARE(runVms({"plot", sim_, "--y", "T", "--out", file, "--width", "800", "--height", "500",
                     "--scale", scale})
                 .status,
             0);
  const Png p1 = decodePng(readAll(one)), p2 = decodePng(readAll(two));
  QCOMPARE(p1.width, 800);
  QCOMPARE(p2.width, 800);
  QVERIFY(p1.rgb != p2.rgb);
  QCOMPARE(runVms({"plot", sim_, "--y", "T", "--out", one, "--scale", "9"}).status, 2);
}

void TestCliPlot::differentColumnsDifferentImages() {
  const QString a = tmp_.filePath("a.png"), b = tmp_.filePath("b.png"),
                a2 = tmp_.filePath("a2.png");
  QCOMPARE(runVms({"plot", sim_, "--y", "q:joint1", "--out", a}).status, 0);
  QCOMPARE(runVms({"plot", sim_, "--y", "qd:joint1", "--out", b}).status, 0);
  QCOMPARE(runVms({"plot", sim_, "--y", "q:joint1", "--out", a2}).status, 0);
  const Png pa = decodePng(readAll(a)), pb = decodePng(readAll(b)), pa2 = decodePng(readAll(a2));
  QVERIFY(!pa.rgb.empty() && !pb.rgb.empty());
  long differing = 0;
  for (size_t i = 0; i < pa.rgb.size(); ++i) differing += pa.rgb[i] != pb.rgb[i];
  QVERIFY2(differing > 1000, qPrintable(QString::number(differing)));
  QVERIFY(pa.rgb == pa2.rgb);  // deterministic
}

void TestCliPlot::svgAndPdf() {
  const QString svg = tmp_.filePath("fig.svg"), pdf = tmp_.filePath("fig.pdf");
  Run r = runVms({"plot", sim_, "--y", "Lx,Ly,Lz", "--out", svg});
  QVERIFY2(r.status == 0, r.err.constData());
  QVERIFY(svgElements(svg, "text") > 5);
  // Graph lines are <polyline> elements (QSvgGenerator), filled shapes <path>.
  QVERIFY(svgElements(svg, "polyline") + svgElements(svg, "path") >= 3);
  r = runVms({"plot", sim_, "--y", "T", "--out", pdf});
  QVERIFY2(r.status == 0, r.err.constData());
  const QByteArray bytes = readAll(pdf);
  QVERIFY(bytes.startsWith("%PDF-"));
  QVERIFY(bytes.size() > 1024);
}

void TestCliPlot::runColumnsLogScaleAndParametric() {
  const QString a = tmp_.filePath("vehicle.png");
  Run r =
      runVms({"plot", run_, "--y", "L_vehicle_z,L_arm_z,tau:joint1,tracking_error", "--out", a});
  QVERIFY2(r.status == 0, r.err.constData());
  QVERIFY(distinctColors(decodePng(readAll(a))) > 20);
  const QString log = tmp_.filePath("log.png");
  r = runVms({"plot", run_, "--y", "tracking_error,T", "--logy", "--out", log});
  QVERIFY2(r.status == 0, r.err.constData());
  const QString lin = tmp_.filePath("lin.png");
  QCOMPARE(runVms({"plot", run_, "--y", "tracking_error,T", "--out", lin}).status, 0);
  QVERIFY(decodePng(readAll(log)).rgb != decodePng(readAll(lin)).rgb);
  // y against another column: the vehicle's path in the plane (x not ordered).
  const QString path = tmp_.filePath("path.svg");
  r = runVms({"plot", sim_, "--x", "base_px", "--y", "base_py", "--out", path});
  QVERIFY2(r.status == 0, r.err.constData());
  QVERIFY(svgElements(path, "polyline") > 0);
}

// Column names are mostly snake_case: a legend entry must show its underscores, which sit below
// the font's descent. Two plots that differ only by a trailing underscore in the column name
// (same title; compared above the axes, away from the y label) must differ in the legend.
void TestCliPlot::legendKeepsUnderscores() {
  const QString plain = tmp_.filePath("plain.csv"), under = tmp_.filePath("under.csv");
  writeFile(plain, "t,xx\n0,0\n1,1\n2,0.5\n");
  writeFile(under, "t,xx_\n0,0\n1,1\n2,0.5\n");
  const QString a = tmp_.filePath("plain.png"), b = tmp_.filePath("under.png");
  for (const auto& [csv, col, png] : {std::tuple{plain, "xx", a}, std::tuple{under, "xx_", b}})
    QCOMPARE(runVms({"plot", csv, "--y", col, "--title", "T", "--width", "800", "--height", "500",
                     "--scale", "1", "--out", png})
                 .status,
             0);
  const Png pa = decodePng(readAll(a)), pb = decodePng(readAll(b));
  QCOMPARE(pa.width, 800);
  QCOMPARE(pb.width, 800);
  long differing = 0;
  for (int y = 0; y < 45; ++y)  // the title and the legend row above the axes
    for (int x = 0; x < pa.width; ++x)
      differing += pa.rgb[size_t(y) * 800 + size_t(x)] != pb.rgb[size_t(y) * 800 + size_t(x)];
  QVERIFY2(differing > 5,
           qPrintable(QString("%1 pixels differ: the underscore is clipped").arg(differing)));
}

void TestCliPlot::badInputExitsOne() {
  const QString out = tmp_.filePath("never.png");
  auto expectOne = [&](const QStringList& args, const char* fragment) {
    const Run r = runVms(args);
    QVERIFY2(
        r.status == 1,
        qPrintable(
            QString("%1: status %2 %3").arg(args.join(' ')).arg(r.status).arg(QString(r.err))));
    QVERIFY2(r.err.startsWith("vms: ") && r.err.count('\n') == 1, r.err.constData());
    QVERIFY2(r.err.contains(fragment), r.err.constData());
    QVERIFY(!QFile::exists(out));
  };
  expectOne({"plot", tmp_.filePath("missing.csv"), "--y", "T", "--out", out},
            "missing.csv: cannot open file");
  expectOne({"plot", sim_, "--y", "T,Pq", "--out", out},
            "unknown column 'Pq' (available: t, base_px, base_py");
  expectOne({"plot", sim_, "--x", "time", "--y", "T", "--out", out}, "unknown column 'time'");
  const QString garbage = tmp_.filePath("garbage.csv");
  writeFile(garbage, "t,x\n0,1\n0.1,abc\n");
  expectOne({"plot", garbage, "--y", "x", "--out", out},
            "line 3, column 'x': 'abc' is not a number");
  const QString ragged = tmp_.filePath("ragged.csv");
  writeFile(ragged, "t,x\n0,1\n0.1,2,3\n");
  expectOne({"plot", ragged, "--y", "x", "--out", out}, "line 3: expected 2 values");
  const QString empty = tmp_.filePath("empty.csv");
  writeFile(empty, "");
  expectOne({"plot", empty, "--y", "x", "--out", out}, "empty file");
  const QString header_only = tmp_.filePath("header.csv");
  writeFile(header_only, "t,x\n");
  expectOne({"plot", header_only, "--y", "x", "--out", out}, "no data rows");
  // An output that cannot be written.
  const Run r = runVms({"plot", sim_, "--y", "T", "--out", "/nonexistent-dir/x.png"});
  QCOMPARE(r.status, 1);
  QVERIFY2(r.err.startsWith("vms: ") && r.err.contains("cannot write"), r.err.constData());
}

void TestCliPlot::badUsageExitsTwo() {
  const QString out = tmp_.filePath("never.png");
  const QList<QStringList> cases = {
      {"plot", sim_, "--y", "T", "--out", tmp_.filePath("x.jpg")},  // unsupported format
      {"plot", sim_, "--y", "T", "--out", tmp_.filePath("x")},      // no extension
      {"plot", sim_, "--y", "T"},                                   // no --out
      {"plot", sim_, "--out", out},                                 // no --y
      {"plot", "--y", "T", "--out", out},                           // no CSV
      {"plot", sim_, sim_, "--y", "T", "--out", out},               // two CSVs
      {"plot", sim_, "--y", "T,", "--out", out},                    // empty column name
      {"plot", sim_, "--y", "T", "--out", out, "--width", "5"},     // too small
      {"plot", sim_, "--y", "T", "--out", out, "--height", "abc"},  // not a number
      {"plot", sim_, "--y", "T", "--out", out, "--logy=1"},         // flag with a value
      {"plot", sim_, "--y", "T", "--out", out, "--colour", "red"},  // unknown option
  };
  for (const QStringList& args : cases) {
    const Run r = runVms(args);
    QVERIFY2(r.status == 2, qPrintable(args.join(' ') + ": " + QString::number(r.status)));
    QVERIFY2(r.err.startsWith("vms plot: ") && r.err.count('\n') == 1, r.err.constData());
  }
  QVERIFY(runVms({"plot", sim_, "--y", "T", "--out", tmp_.filePath("x.jpg")})
              .err.contains("unsupported figure format"));
  QVERIFY(!QFile::exists(out));
}

QTEST_MAIN(TestCliPlot)
#include "test_cli_plot.moc"
