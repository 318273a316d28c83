// Bad input never crashes the application nor touches the open session: a malformed scenario,
// a broken URDF, a missing file, an unknown model inside a scenario and a non-physical model
// each give a dialog naming the problem, and the open example keeps running as before. So do
// the hostile input classes: an unknown solver or integrator (the dialog names the key
// and lists the registered names), an inline model or a reaction wheel that is not physical,
// an empty path, a directory, a device (/dev/zero) and input nested deep enough to overflow a
// recursive parser's stack.
#include <unistd.h>

#include <QFile>

#include "core/integrators/integrator.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"
#include "test_app_support.hpp"
#include "ui/document/model_document.hpp"
#include "ui/panels/log_panel.hpp"

using namespace vms;
using namespace vms::test;

class TestAppBadFiles : public QObject {
  Q_OBJECT
  QTemporaryDir autosave_, dir_;
  std::unique_ptr<ui::MainWindow> window_;
  QString good_;

  QString write(const QString& name, const QByteArray& text) {
    return writeFileIn(dir_, name, text);
  }

  QString symlinkToDevice(const QString& name) {
    const QString path = dir_.filePath(name);
    QFile::remove(path);
    return ::symlink("/dev/zero", QFile::encodeName(path).constData()) == 0 ? path : QString();
  }

  /// A scenario around a valid inline two-link model with `keys` added.
  QString scenarioFile(const QString& name, const QByteArray& keys) {
    return write(
        name + ".scenario.json",
        R"({"model": {"format": "vms-model", "version": 1, "links": [{"name": "b", "mass": 1, "inertia": {"ixx": 1, "iyy": 1, "izz": 1}}, {"name": "l", "mass": 1, "com": [0.5, 0, 0], "inertia": {"ixx": 0.1, "iyy": 0.1, "izz": 0.1}}], "joints": [{"name": "j", "type": "revolute", "parent": "b", "child": "l", "axis": [0, 0, 1]}]}, )" +
            keys + R"(, "duration": 0.1})");
  }

  static QString hostile(const QString& name) { return regressionInput(name); }

  static QString joined(const std::vector<std::string>& names) {
    QStringList list;
    for (const std::string& n : names) list << QString::fromStdString(n);
    return list.join(", ");
  }

  /// Opens `path`, which must fail with one dialog naming the file and every one of
  /// `mentions`, and leave the open session as it was.
  void expectDialogAndUntouchedSession(const QString& path, const QStringList& mentions) {
    const double t_before = shownTime(*window_);
    const long history_before = long(window_->controller()->history().size());
    const std::string name_before = window_->controller()->scenario().name;
    DialogCloser closer;
    QString error;
    QVERIFY(!window_->openFile(path, &error));
    QCOMPARE(closer.closed(), 1);
    const QString file_name = QFileInfo(path).fileName();
    QVERIFY2(error.contains(file_name), qPrintable(error));
    QVERIFY2(closer.text().contains(file_name), qPrintable(closer.text()));
    for (const QString& m : mentions)
      QVERIFY2(closer.text().contains(m), qPrintable(closer.text()));
    QVERIFY(window_->panelWidget<ui::LogPanel>()->text().contains(file_name));
    // The session is untouched.
    QCOMPARE(window_->document()->path(), good_);
    QCOMPARE(window_->controller()->scenario().name, name_before);
    QCOMPARE(long(window_->controller()->history().size()), history_before);
    QCOMPARE(shownTime(*window_), t_before);
  }

 private slots:
  void initTestCase() {
    isolateSettings("test_app_bad_files", autosave_.path());
    window_ = shownWindow();
    good_ = sourcePath("models/seed004_spatial_one_joint.scenario.json");
    QString error;
    QVERIFY2(window_->openFile(good_, &error), qPrintable(error));
    QVERIFY(runFor(*window_, 0.3));
  }

  void badFileGivesDialog_data() {
    QTest::addColumn<QString>("path");
    QTest::newRow("malformed json") << write("broken.scenario.json", "{\"name\": \"x\", ");
    QTest::newRow("bad urdf") << write("broken.urdf", "<robot name=\"r\"><link name=\"a\">");
    QTest::newRow("urdf without links") << write("empty.urdf", "<robot name=\"r\"></robot>");
    QTest::newRow("missing file") << dir_.filePath("does_not_exist.scenario.json");
    QTest::newRow("scenario with missing model")
        << write("nomodel.scenario.json",
                 "{\"model\": \"nowhere.vms.json\", \"duration\": 1, \"dt\": 0.01}");
    QTest::newRow("negative mass")
        << write("negative.urdf",
                 "<robot name=\"r\"><link name=\"base\"><inertial><mass value=\"-1\"/>"
                 "<inertia ixx=\"1\" iyy=\"1\" izz=\"1\" ixy=\"0\" ixz=\"0\" iyz=\"0\"/>"
                 "</inertial></link></robot>");
    QTest::newRow("not a model") << write("picture.png", "\x89PNG\r\n\x1a\n garbage");
  }

  void badFileGivesDialog() {
    QFETCH(QString, path);
    expectDialogAndUntouchedSession(path, {});
  }

  void hostileFileGivesDialog_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<QStringList>("mentions");  // besides the file name
    QTest::newRow("unknown solver") << hostile("unknown_solver.scenario.json")
                                    << QStringList{"solver", "'x'", joined(vms::solverNames())};
    QTest::newRow("unknown integrator")
        << hostile("unknown_integrator.scenario.json")
        << QStringList{"integrator", "'x'", joined(vms::integratorNames())};
    QTest::newRow("inline negative mass")
        << hostile("inline_negative_mass.scenario.json") << QStringList{"mass is negative"};
    QTest::newRow("reaction wheel breaks the triangle inequality")
        << hostile("wheel_bad_inertia.scenario.json") << QStringList{"triangle inequality"};
    QTest::newRow("empty initial_state path")
        << hostile("initial_state_empty_path.scenario.json") << QStringList{"initial_state"};
    QDir(dir_.path()).mkpath("folder.scenario.json");
    QTest::newRow("directory") << dir_.filePath("folder.scenario.json") << QStringList{};
    QTest::newRow("/dev/zero as a model") << symlinkToDevice("zero.urdf") << QStringList{};
    QTest::newRow("/dev/zero as a scenario")
        << symlinkToDevice("zero.scenario.json") << QStringList{};
    QTest::newRow("JSON nested 100000 deep in the initial state")
        << hostile("deep_state.scenario.json") << QStringList{"deep_value_then_key_state.json"};
    QTest::newRow("XML nested 40000 deep") << hostile("xml_nesting_40000.urdf") << QStringList{};
    QTest::newRow("unknown controller type")
        << scenarioFile("controller_type", R"("controllers": [{"type": "pid"}])")
        << QStringList{"controllers[0].type", "'pid'", "computed_torque"};
    QTest::newRow("unknown actuator")
        << scenarioFile("actuator", R"("actuators": {"jets": []})")
        << QStringList{"actuators.jets", "unknown key", "reaction_wheels"};
    QTest::newRow("unknown mode") << scenarioFile("mode", R"("mode": "hovering")")
                                  << QStringList{"mode", "'hovering'", "rotation-floating"};
    QTest::newRow("unknown environment")
        << scenarioFile("environment", R"("environment": {"magnetic": {}})")
        << QStringList{"environment.magnetic", "unknown key", "underwater"};
    QTest::newRow("unknown base type") << scenarioFile("base_type", R"("base": "hovercraft")")
                                       << QStringList{"base", "'hovercraft'", "schoenflies"};
    QTest::newRow("unknown trajectory type")
        << scenarioFile(
               "trajectory_type",
               R"("controllers": [{"type": "joint_pd", "trajectory": {"type": "bezier"}}])")
        << QStringList{"controllers[0].trajectory.type", "'bezier'", "quintic"};
  }

  void hostileFileGivesDialog() {
    QFETCH(QString, path);
    QFETCH(QStringList, mentions);
    QVERIFY(!path.isEmpty());
    expectDialogAndUntouchedSession(path, mentions);
  }

  // Issue 13: a real file whose only problem is a link's non-physical inertia (here A + B < C)
  // offers "Repair and open"; Cancel leaves the session; repairing opens it with the link's
  // principal moments balanced, a warning naming it, and the document marked unsaved.
  void nonPhysicalInertiaOffersRepairAndOpen() {
    const QString path =
        write("sensor_mount.urdf",
              "<robot name=\"r\"><link name=\"base\"><inertial><mass value=\"10\"/>"
              "<inertia ixx=\"1\" iyy=\"1\" izz=\"1\" ixy=\"0\" ixz=\"0\" iyz=\"0\"/></inertial>"
              "</link><link name=\"camera\"><inertial><mass value=\"0.2\"/>"
              "<inertia ixx=\"0.001\" iyy=\"0.001\" izz=\"0.01\" ixy=\"0\" ixz=\"0\" iyz=\"0\"/>"
              "</inertial></link><joint name=\"mount\" type=\"revolute\"><parent link=\"base\"/>"
              "<child link=\"camera\"/><axis xyz=\"0 0 1\"/>"
              "<limit lower=\"-1\" upper=\"1\" effort=\"1\" velocity=\"1\"/></joint></robot>");
    expectDialogAndUntouchedSession(path, {"triangle inequality", "Repair and open", "camera"});
    QString error;
    QVERIFY2(window_->openFile(path, &error, /*repair_inertia=*/true), qPrintable(error));
    QCOMPARE(window_->document()->path(), QFileInfo(path).absoluteFilePath());
    QVERIFY(window_->document()->isModified());
    const auto& links = window_->document()->description().links;
    const double mean = (0.001 + 0.001 + 0.01) / 3.0;
    QVERIFY((links.at(1).inertial.inertia - mean * Mat3::Identity()).norm() < 1e-15);
    const QString log = window_->panelWidget<ui::LogPanel>()->text();
    QVERIFY2(log.contains("'camera': inertia repaired"), qPrintable(log));
  }

  void sessionStillRuns() {
    const double t = shownTime(*window_);
    QVERIFY(runFor(*window_, t + 0.3));
    QVERIFY(shownTime(*window_) >= t + 0.3);
  }

  void cleanupTestCase() { window_.reset(); }
};

QTEST_MAIN(TestAppBadFiles)
#include "test_app_bad_files.moc"
