// Figure exports of the live plots: PNG (loads, requested size, not blank), SVG (parses as
// XML, has line elements, Qt's SVG renderer accepts it), PDF (header, trailer, size), the
// export of every plot, and refused requests (unknown format, bad index, unwritable path).
#include <qcustomplot.h>

#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>
#include <cmath>
#include <set>

#include "test_plots_support.hpp"
#include "ui/plots/plot_figure.hpp"
#include "ui/plots/plot_panel.hpp"

using namespace vms;
using namespace vms::ui;

namespace {

/// Distinct colours and the fraction of non-white pixels.
struct PixelStats {
  int colors = 0;
  double ink = 0.0;
};

PixelStats pixelStats(const QImage& image) {
  std::set<QRgb> colors;
  long ink = 0;
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x) {
      const QRgb c = image.pixel(x, y);
      colors.insert(c);
      if (qRed(c) < 240 || qGreen(c) < 240 || qBlue(c) < 240) ++ink;
    }
  return {static_cast<int>(colors.size()), double(ink) / (image.width() * image.height())};
}

int countSvgElements(const QString& path, const QString& name, QString* error) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    *error = "cannot open";
    return -1;
  }
  QXmlStreamReader xml(&file);
  int n = 0;
  bool root_svg = false;
  while (!xml.atEnd()) {
    if (xml.readNext() == QXmlStreamReader::StartElement) {
      if (!root_svg && xml.name() == QStringLiteral("svg")) root_svg = true;
      if (xml.name() == name) ++n;
    }
  }
  if (xml.hasError()) *error = xml.errorString();
  if (!root_svg) *error = "no <svg> element";
  return n;
}

QByteArray readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

}  // namespace

class TestPlotsExport : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase();
  void pngHasRequestedSizeAndContent();
  void pngOfDifferentDataDiffers();
  void scaledPngIsTheSameFigureWithMorePixels_data();
  void scaledPngIsTheSameFigureWithMorePixels();
  void svgIsXmlWithLines();
  void pdfIsAPdf();
  void exportAllWritesEveryPlotInEveryFormat();
  void refusesBadRequests();
  void panelScreenshot();

 private:
  Model model_;
  std::unique_ptr<PlotPanel> panel_;
  QTemporaryDir dir_;
};

void TestPlotsExport::initTestCase() {
  QVERIFY(dir_.isValid());
  model_ = test::planarModel();
  panel_ = std::make_unique<PlotPanel>();
  panel_->setModel(model_);
  std::vector<SimFrame> frames;
  for (int i = 0; i < 300; ++i) frames.push_back(test::makeFrame(i, model_));
  panel_->appendFrames(frames);
  panel_->setCursorTime(1.5);
}

void TestPlotsExport::pngHasRequestedSizeAndContent() {
  const QString path = dir_.filePath("momentum.png");
  QString error;
  QVERIFY2(panel_->exportPlot(0, path, QSize(800, 600), &error), qPrintable(error));
  QImage image(path);
  QVERIFY(!image.isNull());
  QCOMPARE(image.size(), QSize(800, 600));
  const PixelStats s = pixelStats(image);
  QVERIFY2(s.colors > 20, qPrintable(QString::number(s.colors)));
  QVERIFY2(s.ink > 0.02 && s.ink < 0.6, qPrintable(QString::number(s.ink)));
  // The default figure size, whatever the panel's: 1600 x 1000 pixels (laid out at 2x).
  const QString path2 = dir_.filePath("base_reaction.png");
  QVERIFY(panel_->exportPlot(2, path2, &error));
  QCOMPARE(QImage(path2).size(), QSize(1600, 1000));
  // The drift plot (log axes, a zero first point and an all-zero series) renders too.
  const QString path3 = dir_.filePath("drift.png");
  QVERIFY(panel_->exportPlot(1, path3, QSize(640, 480), &error));
  QVERIFY(pixelStats(QImage(path3)).colors > 10);
}

void TestPlotsExport::pngOfDifferentDataDiffers() {
  PlotPanel other;
  other.setModel(model_);
  std::vector<SimFrame> frames;
  for (int i = 0; i < 300; ++i) frames.push_back(test::makeFrame(2 * i + 7, model_));
  other.appendFrames(frames);
  const QString a = dir_.filePath("a.png"), b = dir_.filePath("b.png");
  QVERIFY(panel_->exportPlot(0, a, QSize(600, 400)));
  QVERIFY(other.exportPlot(0, b, QSize(600, 400)));
  QVERIFY(QImage(a) != QImage(b));
  QVERIFY(panel_->exportPlot(0, b, QSize(600, 400)));
  QCOMPARE(QImage(a), QImage(b));  // deterministic
}

void TestPlotsExport::scaledPngIsTheSameFigureWithMorePixels_data() {
  QTest::addColumn<int>("plot");
  QTest::addColumn<double>("scale");
  for (int plot : {0, 2})
    for (double scale : {2.0, 3.0})
      QTest::newRow(qPrintable(QString("plot %1 at %2x").arg(plot).arg(scale))) << plot << scale;
}

// A figure at scale s is the figure at scale 1 with s times the pixels: the same layout, text
// and lines s times larger. Compared after both are reduced to a coarse grid (glyph hinting and
// antialiasing differ between sizes, the places of titles, labels and legends do not). Text
// drawn larger than the layout made room for (clipped titles, legends and axis labels) moves
// ink into other cells. No ink in the outer rows and columns: nothing falls off the image.
void TestPlotsExport::scaledPngIsTheSameFigureWithMorePixels() {
  QFETCH(int, plot);
  QFETCH(double, scale);
  const QSize layout(800, 500);
  const QSize pixels(int(layout.width() * scale), int(layout.height() * scale));
  const QString one = dir_.filePath("one.png"), scaled = dir_.filePath("scaled.png");
  QString error;
  QVERIFY2(panel_->exportPlot(plot, one, layout, 1.0, &error), qPrintable(error));
  QVERIFY2(panel_->exportPlot(plot, scaled, pixels, scale, &error), qPrintable(error));
  const QImage a = QImage(one).convertToFormat(QImage::Format_Grayscale8);
  const QImage b = QImage(scaled).convertToFormat(QImage::Format_Grayscale8);
  QCOMPARE(b.size(), pixels);
  const QSize coarse(layout.width() / 10, layout.height() / 10);
  const QImage ca = a.scaled(coarse, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
  const QImage cb = b.scaled(coarse, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
  double sum = 0.0;
  int worst = 0;
  for (int y = 0; y < coarse.height(); ++y)
    for (int x = 0; x < coarse.width(); ++x) {
      const int d = std::abs(qGray(ca.pixel(x, y)) - qGray(cb.pixel(x, y)));
      sum += d;
      worst = std::max(worst, d);
    }
  const double mean = sum / (coarse.width() * coarse.height());
  qInfo("scale %.0f: coarse grey difference mean %.2f, largest %d (of 255)", scale, mean, worst);
  QVERIFY2(mean < 2.0 && worst < 60,
           qPrintable(QString("mean %1, largest %2").arg(mean).arg(worst)));
  const int border = int(std::ceil(scale));
  for (int y = 0; y < b.height(); ++y)
    for (int x = 0; x < b.width(); ++x)
      if (x < border || y < border || x >= b.width() - border || y >= b.height() - border)
        QVERIFY2(qGray(b.pixel(x, y)) > 200,
                 qPrintable(QString("ink at the image's edge (%1, %2)").arg(x).arg(y)));
}

void TestPlotsExport::svgIsXmlWithLines() {
  const QString path = dir_.filePath("momentum.svg");
  QString error;
  QVERIFY2(panel_->exportPlot(0, path, QSize(800, 600), &error), qPrintable(error));
  // QSvgGenerator writes lines as <polyline> and filled shapes as <path>: the graph lines are
  // polylines (at least one per series, 18 series), both count as path elements.
  const int polylines = countSvgElements(path, "polyline", &error);
  QVERIFY2(error.isEmpty(), qPrintable(error));
  const int paths = countSvgElements(path, "path", &error);
  QVERIFY2(polylines + paths >= 18, qPrintable(QString::number(polylines + paths)));
  QString text_error;
  QVERIFY(countSvgElements(path, "text", &text_error) > 10);  // labels, ticks, legend
  QSvgRenderer renderer(path);
  QVERIFY(renderer.isValid());
  QCOMPARE(renderer.viewBox(), QRect(0, 0, 800, 600));
  // Rendered back, it is a plot, not an empty page.
  QImage image(400, 300, QImage::Format_ARGB32);
  image.fill(Qt::white);
  QPainter painter(&image);
  renderer.render(&painter);
  painter.end();
  QVERIFY(pixelStats(image).ink > 0.02);
}

void TestPlotsExport::pdfIsAPdf() {
  const QString path = dir_.filePath("energy.pdf");
  panel_->setVisiblePlots({PlotKind::Energy, PlotKind::JointAngles});
  if (const QString keep = qEnvironmentVariable("VMS_PLOT_TEST_OUTPUT"); !keep.isEmpty())
    panel_->exportAll(keep, {"png"});
  QString error;
  QVERIFY2(panel_->exportPlot(0, path, &error), qPrintable(error));
  const QByteArray pdf = readAll(path);
  QVERIFY(pdf.startsWith("%PDF-"));
  QVERIFY2(pdf.size() > 1024, qPrintable(QString::number(pdf.size())));
  QVERIFY(pdf.trimmed().endsWith("%%EOF"));
  panel_->setVisiblePlots({PlotKind::Momentum, PlotKind::MomentumDrift, PlotKind::BaseReaction});
}

void TestPlotsExport::exportAllWritesEveryPlotInEveryFormat() {
  QVERIFY(panel_->addCustomPlot({"T", "attitude_deviation"}));
  // VMS_PLOT_TEST_OUTPUT=DIR keeps the figures for a look.
  const QString keep = qEnvironmentVariable("VMS_PLOT_TEST_OUTPUT");
  const QString out = keep.isEmpty() ? dir_.filePath("all/figures") : keep;  // created
  QString error;
  const QStringList files = panel_->exportAll(out, {"png", "svg", "PDF"}, &error);
  QVERIFY2(error.isEmpty(), qPrintable(error));
  QCOMPARE(files.size(), 12);
  for (const char* name : {"momentum", "momentum_drift", "base_reaction", "custom_1"}) {
    QVERIFY(!QImage(out + "/" + name + ".png").isNull());
    QVERIFY(readAll(out + "/" + name + ".pdf").startsWith("%PDF"));
    QVERIFY(QSvgRenderer(out + "/" + name + ".svg").isValid());
  }
  panel_->removeCustomPlots();
}

void TestPlotsExport::panelScreenshot() {
  // VMS_PLOT_TEST_OUTPUT=DIR: a screenshot of the panel as docked in the window, for a look.
  const QString keep = qEnvironmentVariable("VMS_PLOT_TEST_OUTPUT");
  if (keep.isEmpty()) QSKIP("VMS_PLOT_TEST_OUTPUT not set");
  panel_->resize(520, 900);
  panel_->show();
  QVERIFY(QTest::qWaitForWindowExposed(panel_.get()));
  QTest::qWait(200);
  QVERIFY(panel_->grab().save(keep + "/panel.png"));
  panel_->hide();
}

void TestPlotsExport::refusesBadRequests() {
  QString error;
  QVERIFY(!panel_->exportPlot(0, dir_.filePath("x.jpg"), &error));
  QVERIFY2(error.contains("unsupported"), qPrintable(error));
  QVERIFY(!QFile::exists(dir_.filePath("x.jpg")));
  error.clear();
  QVERIFY(!panel_->exportPlot(7, dir_.filePath("x.png"), &error));
  QVERIFY(!error.isEmpty());
  error.clear();
  QVERIFY(!panel_->exportPlot(0, "/nonexistent-dir/x.png", &error));
  QVERIFY(!error.isEmpty());
  error.clear();
  QVERIFY(!panel_->exportPlot(0, dir_.filePath("y.png"), QSize(0, 10), &error));
  QVERIFY(!error.isEmpty());
  // exportAll into a path that cannot be a directory (a file is in the way).
  QFile blocker(dir_.filePath("file"));
  QVERIFY(blocker.open(QIODevice::WriteOnly));
  blocker.close();
  error.clear();
  QVERIFY(panel_->exportAll(dir_.filePath("file"), {"png"}, &error).isEmpty());
  QVERIFY(!error.isEmpty());
}

QTEST_MAIN(TestPlotsExport)
#include "test_plots_export.moc"
