// vms dmap --png: the desktop panel's disturbance-map figure rendered headless, checked
// without QtGui (this test links QtCore only; png_decode.hpp):
// - the PNG has the pixels asked for (default 1600 x 1000, --width/--height);
// - it is not blank: many colours, and the planar map's signed curvature shows both the red
//   (positive) and the blue (negative) ends of its colour scale over large areas;
// - --out and --png together write both, the CSV as without --png;
// - a figure other than .png, and neither --out nor --png, are usage errors (exit 2).
// Only with the plots module (VMS_HAVE_PLOT, the UI build).
#include <QFile>
#include <QTemporaryDir>

#include "numeric_csv.hpp"
#include "png_decode.hpp"
#include "test_support.hpp"
#include "vms_cli.hpp"

namespace {

const QString kPlanar = VMS_SOURCE_DIR "/models/seed004_planar.vms.json";
const QString kSpatial = VMS_SOURCE_DIR "/models/seed004_spatial.vms.json";

vms::test::Png readPng(const QString& path) {
  QFile f(path);
  return vms::test::decodePng(f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray());
}

/// Pixels near the saturated ends of the diverging scale (red: positive, blue: negative).
std::pair<int, int> redAndBluePixels(const vms::test::Png& png) {
  int red = 0, blue = 0;
  for (const quint32 p : png.rgb) {
    const int r = int(p >> 16 & 0xff), g = int(p >> 8 & 0xff), b = int(p & 0xff);
    red += r > 160 && g < 110 && b < 110;
    blue += b > 150 && r < 110 && g < 160;
  }
  return {red, blue};
}

}  // namespace

class TestCliDmapPng : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    // Figures exist only when the UI is built (VMS_BUILD_UI, the default), as `vms plot`.
    if (!vms::test::runVms({"--help"}).out.contains("vms plot"))
      QSKIP("vms was built without the UI (no figures)");
  }

  void planarFigureHasTheAskedSizeAndBothSigns() {
    QTemporaryDir dir;
    const QString png = dir.filePath("planar.png");
    const vms::test::Run r = vms::test::runVms(
        {"dmap", kPlanar, "--joints", "joint1,joint2", "--grid", "31", "--png", png});
    QVERIFY2(r.status == 0, r.err.constData());
    QVERIFY2(r.out.contains(png.toUtf8()), r.out.constData());
    const vms::test::Png image = readPng(png);
    QCOMPARE(image.width, 1600);
    QCOMPARE(image.height, 1000);
    QCOMPARE(int(image.rgb.size()), 1600 * 1000);
    QVERIFY2(vms::test::distinctColors(image) > 50,
             qPrintable(QString::number(vms::test::distinctColors(image))));
    const auto [red, blue] = redAndBluePixels(image);
    qInfo("planar map: %d red and %d blue pixels", red, blue);
    QVERIFY2(red > 5000 && blue > 5000, qPrintable(QString("%1 red, %2 blue").arg(red).arg(blue)));
  }

  void spatialFigureAtAnotherSizeWithTheCsv() {
    QTemporaryDir dir;
    const QString png = dir.filePath("figures/spatial.png"), csv = dir.filePath("spatial.csv");
    const vms::test::Run r =
        vms::test::runVms({"dmap", kSpatial, "--joints", "joint2,joint3", "--state",
                           VMS_SOURCE_DIR "/models/state_seed004_spatial_moving.json", "--grid",
                           "21", "--out", csv, "--png", png, "--width", "900", "--height", "700"});
    QVERIFY2(r.status == 0, r.err.constData());
    const vms::test::Png image = readPng(png);
    QCOMPARE(image.width, 900);
    QCOMPARE(image.height, 700);
    QVERIFY(vms::test::distinctColors(image) > 50);
    QCOMPARE(int(readNumericCsv(csv).rows.size()), 21 * 21);
  }

  void usageErrors() {
    QTemporaryDir dir;
    vms::test::Run r = vms::test::runVms(
        {"dmap", kPlanar, "--joints", "joint1,joint2", "--png", dir.filePath("map.svg")});
    QCOMPARE(r.status, 2);
    QVERIFY2(r.err.contains(".png"), r.err.constData());
    r = vms::test::runVms({"dmap", kPlanar, "--joints", "joint1,joint2"});
    QCOMPARE(r.status, 2);
    QVERIFY2(r.err.contains("--out") && r.err.contains("--png"), r.err.constData());
    r = vms::test::runVms({"dmap", kPlanar, "--joints", "joint1,joint2", "--png",
                           dir.filePath("m.png"), "--width", "4"});
    QCOMPARE(r.status, 2);
    QVERIFY2(r.err.contains("--width"), r.err.constData());
  }
};

QTEST_APPLESS_MAIN(TestCliDmapPng)
#include "test_cli_dmap_png.moc"
