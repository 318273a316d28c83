// Exports from the main window after a run of the seed 004 spatial example: the trajectory
// CSV has the interfaces-doc columns and one row per history frame with consistent values;
// every plot is written as PNG (loads, not blank), SVG (well-formed XML with an <svg> root)
// and PDF (%PDF header); the 3D screenshot shows the model; the glTF scene is JSON; a video
// records frames.
#include <QFile>
#include <QJsonDocument>
#include <QXmlStreamReader>

#include "test_app_support.hpp"
#include "ui/app/plots_dock.hpp"
#include "ui/app/workbench_context.hpp"
#include "ui/plots/plot_panel.hpp"

using namespace vms;
using namespace vms::test;

class TestAppExports : public QObject {
  Q_OBJECT
  QTemporaryDir autosave_, out_;
  std::unique_ptr<ui::MainWindow> window_;

 private slots:
  void initTestCase() {
    QVERIFY(out_.isValid());
    isolateSettings("test_app_exports", autosave_.path());
    window_ = shownWindow();
    window_->setDialogs(false);
    QString error;
    QVERIFY2(
        window_->openFile(sourcePath("models/seed004_spatial_one_joint.scenario.json"), &error),
        qPrintable(error));
    QVERIFY(runFor(*window_, 1.0));
  }

  void trajectoryCsv() {
    const QString path = out_.filePath("run.csv");
    QString error;
    QVERIFY2(window_->exportTrajectory(path, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly | QIODevice::Text));
    const QStringList lines = QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts);
    QVERIFY(lines.size() > 10);
    const QStringList header = lines.first().split(',');
    const QStringList fixed = {"t",       "base_px", "base_py", "base_pz", "base_qw",
                               "base_qx", "base_qy", "base_qz", "base_vx", "base_vy",
                               "base_vz", "base_wx", "base_wy", "base_wz"};
    QCOMPARE(header.mid(0, fixed.size()), fixed);
    const Model& model = window_->controller()->scenario().model;
    int column = fixed.size();
    for (const std::string& name : model.joint_names)
      QCOMPARE(header[column++], "q:" + QString::fromStdString(name));
    for (const std::string& name : model.joint_names)
      QCOMPARE(header[column++], "qd:" + QString::fromStdString(name));
    for (const char* name : {"Px", "Py", "Pz", "Lx", "Ly", "Lz", "T"})
      QCOMPARE(header[column++], QString(name));
    // One row per history frame, time increasing from 0, unit quaternions, P conserved.
    QCOMPARE(long(lines.size() - 1), long(window_->controller()->history().size()));
    double last_t = -1.0;
    for (int i = 1; i < lines.size(); ++i) {
      const QStringList cells = lines[i].split(',');
      QCOMPARE(cells.size(), header.size());
      const double t = cells[0].toDouble();
      QVERIFY(t > last_t);
      last_t = t;
      double norm2 = 0.0;
      for (int k = 4; k < 8; ++k) norm2 += cells[k].toDouble() * cells[k].toDouble();
      QVERIFY(std::abs(norm2 - 1.0) < 1e-9);
      const int px = header.indexOf("Px");
      for (int k = 0; k < 3; ++k) QVERIFY(std::abs(cells[px + k].toDouble()) < 1e-8);
    }
    QCOMPARE(QString(lines[1].split(',')[0]).toDouble(), 0.0);
    QVERIFY(last_t >= 1.0);
  }

  void plots() {
    const QString dir = out_.filePath("plots");
    QString error;
    const ui::PlotPanel* plot_panel = window_->panelWidget<ui::PlotPanel>();
    QVERIFY(plot_panel);
    const QStringList files =
        ui::exportPlots(*plot_panel, *window_->context(), dir, {"png", "svg", "pdf"}, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const int plots = plot_panel->plotCount();
    QVERIFY(plots >= 3);
    QCOMPARE(files.size(), 3 * plots);
    for (const QString& f : files) {
      QVERIFY2(QFileInfo(f).size() > 500, qPrintable(f));
      if (f.endsWith(".png")) {
        QImage image(f);
        QVERIFY2(!image.isNull(), qPrintable(f));
        QVERIFY2(distinctColours(image) > 4, qPrintable(f));
      } else if (f.endsWith(".svg")) {
        QFile file(f);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&file);
        QString root;
        while (!xml.atEnd()) {
          xml.readNext();
          if (xml.isStartElement() && root.isEmpty()) root = xml.name().toString();
        }
        QVERIFY2(!xml.hasError(), qPrintable(f + ": " + xml.errorString()));
        QCOMPARE(root, QString("svg"));
      } else {
        QFile file(f);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.read(5), QByteArray("%PDF-"));
      }
    }
  }

  void screenshot() {
    const QString path = out_.filePath("view.png");
    QString error;
    QVERIFY2(window_->exportScreenshot(path, &error), qPrintable(error));
    const QImage image(path);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() >= 200 && image.height() >= 150);
    QVERIFY2(luminanceStd(image) > 5.0, "blank screenshot");
    QVERIFY2(rowsWithContent(image) > image.height() / 10, "model not visible");
  }

  void gltf() {
    const QString path = out_.filePath("scene.gltf");
    QString error;
    QVERIFY2(window_->exportGltf(path, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll());
    QVERIFY(doc.isObject());
    QVERIFY(doc.object().contains("meshes") || doc.object().contains("nodes"));
  }

  void video() {
    const QString path = out_.filePath("run.ogv");
    QString error;
    QVERIFY2(window_->startVideo(path, &error), qPrintable(error));
    runFor(*window_, shownTime(*window_) + 0.5, 1.0);
    QVERIFY2(window_->stopVideo(&error), qPrintable(error));
    QVERIFY2(QFileInfo(path).size() > 1000, qPrintable(QString::number(QFileInfo(path).size())));
  }

  void failedExportLeavesNoCrash() {
    QString error;
    QVERIFY(!window_->exportTrajectory("/nonexistent-dir/x.csv", &error));
    QVERIFY(error.contains("x.csv"));
  }

  void cleanupTestCase() { window_.reset(); }
};

QTEST_MAIN(TestAppExports)
#include "test_app_exports.moc"
