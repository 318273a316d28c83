// ModelDocument: opening every file type, refusing bad files without touching the open
// document, undoable edits that recompile the scenario (undo restores it bit for bit), refused
// non-physical edits, save/reload round trips, autosave and crash recovery.
#include <signal.h>
#include <sys/types.h>

#include <QElapsedTimer>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest/QtTest>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <random>
#include <thread>

#include "core/io/model_io.hpp"
#include "core/io/vms_json.hpp"
#include "core/scenario/scenario.hpp"
#include "core/scenario/simulator.hpp"
#include "test_metatypes.hpp"
#include "test_program.hpp"
#include "test_support.hpp"
#include "ui/document/autosave_files.hpp"
#include "ui/document/autosave_writer.hpp"
#include "ui/document/model_document.hpp"
#include "ui/document/recovery_summary.hpp"

using vms::ui::JointProperty;
using vms::ui::LinkProperty;
using vms::ui::ModelDocument;
using vms::ui::RecoverySummary;
using vms::ui::summarizeRecovery;

namespace {

const QString kModels = QStringLiteral(VMS_MODELS_DIR);
const QString kSpatial = kModels + "/seed004_spatial.vms.json";
const QString kPlanarUrdf = kModels + "/seed004_planar.urdf";
const QString kOneJoint = kModels + "/seed004_spatial_one_joint.scenario.json";
const QString kWheelSlew = kModels + "/seed004_spatial_wheel_slew.scenario.json";

vms::VecX values(std::initializer_list<double> xs) {
  vms::VecX v(static_cast<Eigen::Index>(xs.size()));
  Eigen::Index i = 0;
  for (double x : xs) v[i++] = x;
  return v;
}

std::string modelText(const ModelDocument& doc) { return vms::writeVmsJson(doc.description()); }

template <typename Vector>
bool sameBits(const Vector& a, const Vector& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), sizeof(a[0]) * a.size()) == 0;
}

/// Bitwise equality of the compiled model's mass properties and joint data.
bool sameCompiledModel(const vms::Model& a, const vms::Model& b) {
  if (a.nbodies != b.nbodies || a.njoints != b.njoints || a.base_type != b.base_type) return false;
  if (std::memcmp(&a.total_mass, &b.total_mass, sizeof(double)) != 0) return false;
  if (!sameBits(a.mass, b.mass)) return false;
  for (int i = 0; i < a.nbodies; ++i) {
    if (std::memcmp(a.com[i].data(), b.com[i].data(), sizeof(double) * 3) != 0) return false;
    if (std::memcmp(a.inertia_com[i].data(), b.inertia_com[i].data(), sizeof(double) * 9) != 0)
      return false;
    if (std::memcmp(a.joint_axis[i].data(), b.joint_axis[i].data(), sizeof(double) * 3) != 0)
      return false;
    if (std::memcmp(a.joint_placement[i].R.data(), b.joint_placement[i].R.data(),
                    sizeof(double) * 9) != 0 ||
        std::memcmp(a.joint_placement[i].p.data(), b.joint_placement[i].p.data(),
                    sizeof(double) * 3) != 0)
      return false;
  }
  return sameBits(a.damping, b.damping) && sameBits(a.lower_limit, b.lower_limit) &&
         sameBits(a.upper_limit, b.upper_limit) && sameBits(a.effort_limit, b.effort_limit) &&
         sameBits(a.velocity_limit, b.velocity_limit);
}

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
  const QString path = dir.filePath(name);
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly)) return {};
  f.write(text);
  return path;
}

int moveableJoints(const vms::ModelDescription& d) {
  int n = 0;
  for (const auto& j : d.joints) n += j.kind != vms::JointKind::Fixed;
  return n;
}

}  // namespace

// --- a real crash: a child process edits, autosaves and is killed --------------------------

namespace {

/// The child: opens the spatial model, edits a mass, autosaves into `dir`, then dies by SIGKILL
/// (no destructor, no discardAutosave: as after a crash or `kill -9`).
int crashingChild(const QString& dir) {
  ModelDocument doc;
  doc.setAutosaveDirectory(dir);
  QString error;
  if (!doc.open(kSpatial, &error) ||
      !doc.setLinkProperty(4, LinkProperty::Mass, values({42.5}), &error) ||
      !doc.writeAutosave(&error))
    return 2;
  ::raise(SIGKILL);
  return 3;
}

/// The child of the kill-while-saving test: edits link 4's mass to 100, 101, 102, ... and after
/// each edit writes the recovery copy and saves `dir`/model.vms.json, until it is killed. It
/// prints "ready" once the first save is on disk.
int savingChild(const QString& dir) {
  ModelDocument doc;
  doc.setAutosaveDirectory(dir + "/autosave");
  QString error;
  if (!doc.open(kSpatial, &error)) return 2;
  for (int i = 0;; ++i) {
    if (!doc.setLinkProperty(4, LinkProperty::Mass, values({100.0 + i}), &error) ||
        !doc.writeAutosave(&error) || !doc.save(dir + "/model.vms.json", &error))
      return 2;
    if (i == 0) {
      std::fputs("ready\n", stdout);
      std::fflush(stdout);
    }
  }
}

}  // namespace

class TestModelDocument : public QObject {
  Q_OBJECT
 private slots:
  void opensEveryFileType();
  void refusesBadFilesAndKeepsTheDocument_data();
  void refusesBadFilesAndKeepsTheDocument();
  void linkEditRecompilesAndUndoRestoresBitwise();
  void jointAndBaseEditsReachTheScenario();
  void scenarioEditsKeepActuators();
  void refusedEditsChangeNothing_data();
  void refusedEditsChangeNothing();
  void saveReloadRoundTrip_data();
  void saveReloadRoundTrip();
  void everyExampleScenarioSavesToTheSameRun();
  void autosaveAndRecoveryAfterCrash();
  void recoveryChecksTheWritingProcess();
  void killedProcessLeavesARecovery();
  void autosaveFollowsTheModifiedState();
  void autosaveWritesOffTheGuiThread();
  void recoverySaysWhatItRestores();
  void killWhileSavingLosesNothing();
};

void TestModelDocument::opensEveryFileType() {
  ModelDocument doc;
  QSignalSpy opened(&doc, &ModelDocument::opened);
  QString error;

  QVERIFY2(doc.open(kSpatial, &error), qPrintable(error));
  QCOMPARE(doc.description().links.size(), size_t(7));
  QCOMPARE(doc.scenario().model.njoints, 6);
  QVERIFY(std::isinf(doc.scenario().duration));  // open-ended default scenario
  QVERIFY(doc.scenario().model.base_type == vms::BaseType::Free);
  QVERIFY(!doc.isScenarioFile());
  QVERIFY(!doc.isModified());
  QCOMPARE(doc.title(), QString("seed004_spatial"));
  QCOMPARE(doc.modelDirectory(), QFileInfo(kSpatial).absolutePath());

  QVERIFY2(doc.open(kPlanarUrdf, &error), qPrintable(error));
  QCOMPARE(doc.scenario().model.njoints, moveableJoints(doc.description()));
  QCOMPARE(doc.path(), QFileInfo(kPlanarUrdf).absoluteFilePath());

  QVERIFY2(doc.open(kOneJoint, &error), qPrintable(error));
  QVERIFY(doc.isScenarioFile());
  QCOMPARE(doc.scenario().duration, vms::loadScenario(kOneJoint.toStdString()).duration);
  QCOMPARE(doc.scenario().controllers.size(), size_t(1));

  QVERIFY2(doc.open(kWheelSlew, &error), qPrintable(error));
  QCOMPARE(doc.scenario().reaction_wheels.size(), size_t(3));
  // The editable description is the arm; the scenario's model adds the three wheels.
  QCOMPARE(doc.scenario().model.njoints, moveableJoints(doc.description()) + 3);
  const vms::Scenario reference = vms::loadScenario(kWheelSlew.toStdString());
  QVERIFY(sameCompiledModel(doc.scenario().model, reference.model));
  QCOMPARE(opened.count(), 4);
}

void TestModelDocument::refusesBadFilesAndKeepsTheDocument_data() {
  QTest::addColumn<QString>("name");
  QTest::addColumn<QByteArray>("text");  // empty: the file does not exist
  QTest::addColumn<QString>("problem");  // part of the message
  QTest::newRow("malformed JSON") << "broken.vms.json" << QByteArray("{\"format\": ") << "JSON";
  QTest::newRow("unknown key")
      << "typo.vms.json"
      << QByteArray(R"({"format": "vms-model", "version": 1, "links": [{"name": "a", "mas": 1}]})")
      << "unknown key";
  QTest::newRow("bad URDF") << "bad.urdf" << QByteArray("<robot name=\"x\"><link name=") << "";
  QTest::newRow("missing file") << "absent.vms.json" << QByteArray() << "";
  QTest::newRow("kinematic loop") << "loop.vms.json"
                                  << QByteArray(R"({"format": "vms-model", "version": 1,
          "links": [{"name": "a", "mass": 1, "inertia": {"ixx": 1, "iyy": 1, "izz": 1}},
                    {"name": "b", "mass": 1, "inertia": {"ixx": 1, "iyy": 1, "izz": 1}}],
          "joints": [{"name": "j1", "type": "revolute", "parent": "a", "child": "b"},
                     {"name": "j2", "type": "revolute", "parent": "b", "child": "a"}]})")
                                  << "loop";
  QTest::newRow("scenario unknown key")
      << "s.scenario.json" << QByteArray(R"({"model": "x.vms.json", "durration": 1})") << "";
  QTest::newRow("scenario model not found")
      << "m.scenario.json" << QByteArray(R"({"model": "nowhere.vms.json", "duration": 1})")
      << "nowhere.vms.json";
  QTest::newRow("unknown type") << "model.txt" << QByteArray("x") << "unknown file type";
}

void TestModelDocument::refusesBadFilesAndKeepsTheDocument() {
  QFETCH(QString, name);
  QFETCH(QByteArray, text);
  QFETCH(QString, problem);
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString path = text.isEmpty() ? dir.filePath(name) : writeFile(dir, name, text);

  ModelDocument doc;
  QString error;
  QVERIFY2(doc.open(kSpatial, &error), qPrintable(error));
  QVERIFY(doc.setLinkProperty(1, LinkProperty::Mass, values({7.5}), &error));
  const std::string before = modelText(doc);
  const double mass_before = doc.scenario().model.total_mass;
  QSignalSpy opened(&doc, &ModelDocument::opened);
  QSignalSpy changed(&doc, &ModelDocument::modelChanged);

  QVERIFY(!doc.open(path, &error));
  QVERIFY2(error.contains(name), qPrintable(error));
  QVERIFY2(error.contains(problem, Qt::CaseInsensitive), qPrintable(error));
  QCOMPARE(doc.path(), QFileInfo(kSpatial).absoluteFilePath());
  QVERIFY(modelText(doc) == before);
  QCOMPARE(doc.scenario().model.total_mass, mass_before);
  QVERIFY(doc.isModified());
  QCOMPARE(doc.undoStack()->count(), 1);
  QCOMPARE(opened.count(), 0);
  QCOMPARE(changed.count(), 0);
}

void TestModelDocument::linkEditRecompilesAndUndoRestoresBitwise() {
  ModelDocument doc;
  QString error;
  QVERIFY2(doc.open(kSpatial, &error), qPrintable(error));
  const std::string original_text = modelText(doc);
  const vms::Model original = doc.scenario().model;
  QSignalSpy changed(&doc, &ModelDocument::modelChanged);
  QSignalSpy modified(&doc, &ModelDocument::modifiedChanged);

  const double m1 = doc.description().links[1].inertial.mass;  // 5 kg
  QVERIFY2(doc.setLinkProperty(1, LinkProperty::Mass, values({m1 + 2.5}), &error),
           qPrintable(error));
  QCOMPARE(doc.description().links[1].inertial.mass, m1 + 2.5);
  QVERIFY(std::abs(doc.scenario().model.total_mass - (original.total_mass + 2.5)) < 1e-9);
  QCOMPARE(changed.count(), 1);
  QVERIFY(doc.isModified());
  QCOMPARE(modified.count(), 1);
  QCOMPARE(modified.last().at(0).toBool(), true);

  QVERIFY(doc.setLinkProperty(2, LinkProperty::CenterOfMass, values({0.1, -0.2, 0.3}), &error));
  QVERIFY(doc.setLinkProperty(2, LinkProperty::Inertia, values({2, 3, 4, 0.1, -0.2, 0.3}), &error));
  const vms::Mat3& I = doc.description().links[2].inertial.inertia;
  QCOMPARE(I(0, 1), 0.1);
  QCOMPARE(I(2, 0), -0.2);
  QCOMPARE(I(1, 2), 0.3);
  QCOMPARE(I(2, 2), 4.0);
  QVERIFY(!sameCompiledModel(doc.scenario().model, original));
  const vms::Model edited = doc.scenario().model;
  QCOMPARE(doc.undoStack()->count(), 3);

  // Setting a value it already has is no edit at all.
  QVERIFY(doc.setLinkProperty(2, LinkProperty::CenterOfMass, values({0.1, -0.2, 0.3}), &error));
  QCOMPARE(doc.undoStack()->count(), 3);

  doc.undoStack()->undo();
  doc.undoStack()->undo();
  doc.undoStack()->undo();
  QVERIFY(modelText(doc) == original_text);
  QVERIFY(sameCompiledModel(doc.scenario().model, original));
  QVERIFY(!doc.isModified());
  QCOMPARE(modified.last().at(0).toBool(), false);

  doc.undoStack()->redo();
  doc.undoStack()->redo();
  doc.undoStack()->redo();
  QVERIFY(sameCompiledModel(doc.scenario().model, edited));
  QVERIFY(doc.isModified());
  QCOMPARE(changed.count(), 9);
}

void TestModelDocument::jointAndBaseEditsReachTheScenario() {
  ModelDocument doc;
  QString error;
  QVERIFY2(doc.open(kSpatial, &error), qPrintable(error));
  const vms::Model& m = doc.scenario().model;
  const int k = m.jointIndex(doc.description().joints[2].name);
  QVERIFY(k >= 0);
  const int body = m.joint_body[k];

  QVERIFY2(doc.setJointProperty(2, JointProperty::Damping, values({0.75}), &error),
           qPrintable(error));
  QCOMPARE(doc.scenario().model.damping[k], 0.75);
  QVERIFY(doc.setJointProperty(2, JointProperty::Axis, values({0, 0, 2}), &error));
  QVERIFY((doc.scenario().model.joint_axis[body] - vms::Vec3::UnitZ()).norm() < 1e-15);
  QVERIFY(doc.setJointProperty(2, JointProperty::Effort, values({12}), &error));
  QCOMPARE(doc.scenario().model.effort_limit[k], 12.0);
  QVERIFY(doc.setJointProperty(2, JointProperty::Velocity, values({3}), &error));
  QCOMPARE(doc.scenario().model.velocity_limit[k], 3.0);
  QVERIFY(doc.setJointProperty(2, JointProperty::LimitsEnabled, values({1}), &error));
  QVERIFY(doc.setJointProperty(2, JointProperty::Lower, values({-1}), &error));
  QVERIFY(doc.setJointProperty(2, JointProperty::Upper, values({2}), &error));
  QVERIFY(doc.scenario().model.has_limits[k]);
  QCOMPARE(doc.scenario().model.lower_limit[k], -1.0);
  QCOMPARE(doc.scenario().model.upper_limit[k], 2.0);
  QVERIFY(doc.setJointProperty(2, JointProperty::OriginXyz, values({1, 2, 3}), &error));
  QCOMPARE(doc.description().joints[2].origin.p, vms::Vec3(1, 2, 3));
  QVERIFY(doc.setJointProperty(2, JointProperty::OriginRpy, values({0.1, 0.2, 0.3}), &error));
  const vms::VecX rpy = values({0.1, 0.2, 0.3});
  QVERIFY((doc.description().joints[2].origin.R.eulerAngles(2, 1, 0).reverse() - rpy).norm() <
          1e-12);

  QVERIFY2(doc.setBaseType(vms::BaseType::Planar, &error), qPrintable(error));
  QVERIFY(doc.scenario().model.base_type == vms::BaseType::Planar);
  QCOMPARE(doc.scenario().model.base_dof, 3);
  doc.undoStack()->undo();
  QVERIFY(doc.scenario().model.base_type == vms::BaseType::Free);
}

void TestModelDocument::scenarioEditsKeepActuators() {
  ModelDocument doc;
  QString error;
  QVERIFY2(doc.open(kWheelSlew, &error), qPrintable(error));
  const double mass = doc.scenario().model.total_mass;
  QVERIFY2(doc.setLinkProperty(0, LinkProperty::Mass, values({1800}), &error), qPrintable(error));
  QCOMPARE(doc.scenario().model.total_mass, mass + 100);
  QCOMPARE(doc.scenario().reaction_wheels.size(), size_t(3));
  QCOMPARE(doc.scenario().controllers.size(), size_t(2));
  // Wheels on a fixed vehicle are refused by the scenario: the edit is refused, named.
  QVERIFY(!doc.setBaseType(vms::BaseType::Fixed, &error));
  QVERIFY2(error.contains("fixed"), qPrintable(error));
  QVERIFY(doc.scenario().model.base_type == vms::BaseType::Free);
  QCOMPARE(doc.undoStack()->count(), 1);
}

void TestModelDocument::refusedEditsChangeNothing_data() {
  QTest::addColumn<bool>("link_edit");
  QTest::addColumn<int>("property");
  QTest::addColumn<int>("index");
  QTest::addColumn<vms::VecX>("value");
  QTest::addColumn<QString>("problem");
  QTest::newRow("negative mass") << true << int(LinkProperty::Mass) << 1 << values({-1}) << "mass";
  QTest::newRow("triangle inequality")
      << true << int(LinkProperty::Inertia) << 1 << values({1, 1, 3, 0, 0, 0}) << "triangle";
  QTest::newRow("negative inertia")
      << true << int(LinkProperty::Inertia) << 2 << values({-1, 1, 1, 0, 0, 0}) << "link2";
  QTest::newRow("not a number") << true << int(LinkProperty::Mass) << 1 << values({NAN}) << "";
  QTest::newRow("wrong count") << true << int(LinkProperty::CenterOfMass) << 1 << values({1})
                               << "3 values";
  QTest::newRow("no such link") << true << int(LinkProperty::Mass) << 99 << values({1})
                                << "no link";
  QTest::newRow("zero axis") << false << int(JointProperty::Axis) << 1 << values({0, 0, 0})
                             << "axis";
  QTest::newRow("negative damping")
      << false << int(JointProperty::Damping) << 1 << values({-0.5}) << "damping";
  QTest::newRow("lower above upper (limits off)")
      << false << int(JointProperty::Lower) << 1 << values({5}) << "lower limit exceeds";
  QTest::newRow("negative effort")
      << false << int(JointProperty::Effort) << 1 << values({-0.5}) << "effort";
}

void TestModelDocument::refusedEditsChangeNothing() {
  QFETCH(bool, link_edit);
  QFETCH(int, property);
  QFETCH(int, index);
  QFETCH(vms::VecX, value);
  QFETCH(QString, problem);
  ModelDocument doc;
  QString error;
  QVERIFY2(doc.open(kSpatial, &error), qPrintable(error));
  const std::string before = modelText(doc);
  const vms::Model compiled = doc.scenario().model;
  QSignalSpy changed(&doc, &ModelDocument::modelChanged);
  const bool ok = link_edit ? doc.setLinkProperty(index, LinkProperty(property), value, &error)
                            : doc.setJointProperty(index, JointProperty(property), value, &error);
  QVERIFY(!ok);
  QVERIFY(!error.isEmpty());
  QVERIFY2(error.contains(problem, Qt::CaseInsensitive), qPrintable(error));
  QVERIFY(modelText(doc) == before);
  QVERIFY(sameCompiledModel(doc.scenario().model, compiled));
  QCOMPARE(doc.undoStack()->count(), 0);
  QVERIFY(!doc.isModified());
  QCOMPARE(changed.count(), 0);
}

void TestModelDocument::saveReloadRoundTrip_data() {
  QTest::addColumn<QString>("source");
  QTest::addColumn<QString>("target");
  QTest::newRow("model as model") << kSpatial << "edited.vms.json";
  QTest::newRow("urdf as model") << kPlanarUrdf << "edited.vms.json";
  QTest::newRow("model as scenario") << kSpatial << "edited.scenario.json";
  QTest::newRow("scenario as scenario") << kWheelSlew << "sub/edited.scenario.json";
  QTest::newRow("scenario as model") << kOneJoint << "edited.vms.json";
}

void TestModelDocument::saveReloadRoundTrip() {
  QFETCH(QString, source);
  QFETCH(QString, target);
  QTemporaryDir dir;
  QVERIFY(QDir(dir.path()).mkpath("sub"));
  const QString path = dir.filePath(target);
  ModelDocument doc;
  QString error;
  QVERIFY2(doc.open(source, &error), qPrintable(error));
  QVERIFY(doc.setLinkProperty(1, LinkProperty::Mass, values({1.0 / 3.0}), &error));
  QVERIFY(doc.setJointProperty(0, JointProperty::OriginRpy, values({0.1, -0.2, 0.3}), &error));
  QVERIFY(doc.isModified());
  QVERIFY2(doc.save(path, &error), qPrintable(error));
  QVERIFY(!doc.isModified());
  QCOMPARE(doc.path(), QFileInfo(path).absoluteFilePath());

  ModelDocument reloaded;
  QVERIFY2(reloaded.open(path, &error), qPrintable(error));
  QVERIFY(modelText(reloaded) == modelText(doc));
  QVERIFY(sameCompiledModel(reloaded.scenario().model, doc.scenario().model));
  if (target.endsWith(".scenario.json") && source.endsWith(".scenario.json")) {
    QCOMPARE(reloaded.scenario().controllers.size(), doc.scenario().controllers.size());
    QCOMPARE(reloaded.scenario().duration, doc.scenario().duration);
    QVERIFY(sameBits(reloaded.scenario().initial_state.q, doc.scenario().initial_state.q));
  }
  // Saved documents keep editing against the new file.
  QVERIFY(doc.setLinkProperty(1, LinkProperty::Mass, values({2.0}), &error));
  QVERIFY2(doc.save(path, &error), qPrintable(error));
  QVERIFY2(reloaded.open(path, &error), qPrintable(error));
  QCOMPARE(reloaded.description().links[1].inertial.mass, 2.0);
  QVERIFY(!doc.save(dir.filePath("x.txt"), &error));
  QVERIFY2(error.contains("x.txt"), qPrintable(error));
}

// The document edits the scenario as a ScenarioDescription (no JSON text in between): every
// example scenario opened and saved elsewhere as a scenario runs bit for bit like the original
// (model inline, initial-state path rebased, controllers, actuators, environment kept).
void TestModelDocument::everyExampleScenarioSavesToTheSameRun() {
  QTemporaryDir dir;
  QDir().mkpath(dir.filePath("elsewhere"));
  const QStringList files = QDir(kModels).entryList({"*.scenario.json"}, QDir::Files);
  QVERIFY(files.size() >= 10);
  for (const QString& name : files) {
    ModelDocument doc;
    QString error;
    QVERIFY2(doc.open(kModels + "/" + name, &error), qPrintable(error));
    const QString saved = dir.filePath("elsewhere/" + name);
    QVERIFY2(doc.save(saved, &error), qPrintable(error));
    auto run = [](const QString& path) {
      vms::Simulator sim(vms::loadScenario(path.toStdString()));
      for (int k = 0; k < 50 && !sim.finished(); ++k) sim.step();
      return sim.state();
    };
    const vms::State a = run(kModels + "/" + name), b = run(saved);
    QVERIFY2(a.q == b.q && a.qd == b.qd && a.base_twist == b.base_twist &&
                 a.base_position == b.base_position &&
                 a.base_orientation.coeffs() == b.base_orientation.coeffs(),
             qPrintable(name));
  }
}

void TestModelDocument::autosaveAndRecoveryAfterCrash() {
  QTemporaryDir dir;
  const QString autosave = dir.filePath("autosave");
  QString error;
  std::string edited_text;
  {
    ModelDocument doc;
    doc.setAutosaveDirectory(autosave);
    QVERIFY2(doc.open(kWheelSlew, &error), qPrintable(error));
    QVERIFY(doc.writeAutosave(&error));  // unmodified: nothing written
    QVERIFY(QDir(autosave).entryList(QDir::Files).isEmpty());
    QVERIFY(doc.setLinkProperty(3, LinkProperty::Mass, values({51.25}), &error));
    QVERIFY2(doc.writeAutosave(&error), qPrintable(error));
    QCOMPARE(QDir(autosave).entryList(QDir::Files).size(), 2);  // copy + metadata
    // The live document's copy is not a recovery.
    QVERIFY(!ModelDocument::findRecovery(autosave));
    edited_text = modelText(doc);
    // Saving discards the copy; a later edit writes it again.
    QVERIFY(doc.save(dir.filePath("saved.scenario.json"), &error));
    QVERIFY(QDir(autosave).entryList(QDir::Files).isEmpty());
    QVERIFY(doc.setLinkProperty(3, LinkProperty::Mass, values({52.5}), &error));
    QVERIFY(doc.writeAutosave(&error));
    edited_text = modelText(doc);
    // Simulated crash: the document goes away without discardAutosave().
  }
  const auto recovery = ModelDocument::findRecovery(autosave);
  QVERIFY(recovery.has_value());
  QVERIFY2(recovery->endsWith(".scenario.json"), qPrintable(*recovery));

  ModelDocument restored;
  restored.setAutosaveDirectory(autosave);
  QSignalSpy modified(&restored, &ModelDocument::modifiedChanged);
  QVERIFY2(restored.restoreRecovery(*recovery, &error), qPrintable(error));
  QVERIFY(modelText(restored) == edited_text);
  QCOMPARE(restored.description().links[3].inertial.mass, 52.5);
  QVERIFY(restored.isModified());
  QCOMPARE(modified.count(), 1);
  QCOMPARE(restored.path(), QFileInfo(dir.filePath("saved.scenario.json")).absoluteFilePath());
  QCOMPARE(restored.scenario().reaction_wheels.size(), size_t(3));
  // Taken over: the old copy is gone, the restored document's own copy is live.
  QVERIFY(!QFileInfo::exists(*recovery));
  QVERIFY(!ModelDocument::findRecovery(autosave));
  restored.discardAutosave();  // clean close
  QVERIFY(QDir(autosave).entryList(QDir::Files).isEmpty());
  QVERIFY(!ModelDocument::findRecovery(autosave));

  // Saving the restored document writes the original file.
  QVERIFY(restored.save(restored.path(), &error));
  ModelDocument reloaded;
  QVERIFY(reloaded.open(dir.filePath("saved.scenario.json"), &error));
  QVERIFY(modelText(reloaded) == edited_text);
}

void TestModelDocument::recoveryChecksTheWritingProcess() {
  QTemporaryDir dir;
  // A copy written by another, still running instance of a program is not offered; once that
  // process has ended, it is.
  QProcess other;
  other.start("sleep", {"30"});
  QVERIFY(other.waitForStarted());
  const qint64 pid = other.processId();
  const vms::ui::AutosaveFiles files{dir.filePath("m-1-1.vms.json"),
                                     dir.filePath("m-1-1.autosave.json")};
  vms::ui::AutosaveMetadata meta;
  meta.original_path = kSpatial;
  meta.time = QDateTime::currentDateTimeUtc();
  meta.pid = pid;
  meta.executable = QFileInfo(QString("/proc/%1/exe").arg(pid)).symLinkTarget();
  QFile model(kSpatial);
  QVERIFY(model.open(QIODevice::ReadOnly));
  QVERIFY(vms::ui::writeAutosaveFiles(files, model.readAll(), meta, nullptr));
  QVERIFY(!ModelDocument::findRecovery(dir.path()));
  other.kill();
  QVERIFY(other.waitForFinished());
  QCOMPARE(ModelDocument::findRecovery(dir.path()).value_or(QString()), files.data);
  {
    // A bare model's recovery opens in the default scenario, modified, under its original path.
    ModelDocument doc;
    doc.setAutosaveDirectory(dir.filePath("own"));
    QString error;
    QVERIFY2(doc.restoreRecovery(files.data, &error), qPrintable(error));
    QVERIFY(doc.isModified());
    QVERIFY(!doc.isScenarioFile());
    QCOMPARE(doc.path(), kSpatial);
    QVERIFY(std::isinf(doc.scenario().duration));
    QVERIFY(!QFileInfo::exists(files.data));  // taken over by the restored document
    QCOMPARE(QDir(dir.filePath("own")).entryList(QDir::Files).size(), 2);
    QVERIFY(!ModelDocument::findRecovery(dir.filePath("own")));
    QVERIFY(vms::ui::writeAutosaveFiles(files, "{", meta, nullptr));  // damaged copy
    QVERIFY(!doc.restoreRecovery(files.data, &error));
    QVERIFY2(error.contains(QFileInfo(files.data).fileName()), qPrintable(error));
    QVERIFY(doc.isModified());  // the restored edits are still there
    QCOMPARE(doc.path(), kSpatial);
  }
  QCOMPARE(ModelDocument::findRecovery(dir.path()).value_or(QString()), files.data);
  // Declined: discarded, never offered again.
  ModelDocument::discardRecovery(files.data);
  QVERIFY(!QFileInfo::exists(files.data) && !QFileInfo::exists(files.metadata));
  QVERIFY(!ModelDocument::findRecovery(dir.path()));
  // A copy without metadata (or an unrelated file) is never offered.
  QVERIFY(vms::ui::writeAutosaveFiles(files, "{}", meta, nullptr));
  QFile::remove(files.metadata);
  QVERIFY(!ModelDocument::findRecovery(dir.path()));
}

void TestModelDocument::killedProcessLeavesARecovery() {
  QTemporaryDir dir;
  QProcess child;
  child.start(testProgram(), testProgramArguments({"--crash-child", dir.path()}));
  QVERIFY(child.waitForFinished(20000));
  QCOMPARE(child.exitStatus(), QProcess::CrashExit);
  const auto recovery = ModelDocument::findRecovery(dir.path());
  QVERIFY(recovery.has_value());
  ModelDocument doc;
  doc.setAutosaveDirectory(dir.filePath("own"));
  QString error;
  QVERIFY2(doc.restoreRecovery(*recovery, &error), qPrintable(error));
  QCOMPARE(doc.description().links[4].inertial.mass, 42.5);
  QVERIFY(doc.isModified());
  QCOMPARE(doc.path(), QFileInfo(kSpatial).absoluteFilePath());
  doc.discardAutosave();
}

// The recovery copy exists exactly while the document has unsaved edits: an undo back to the
// saved state removes it at once, and so does replacing the document; a document that went
// back to its saved state and then vanished leaves nothing to offer.
void TestModelDocument::autosaveFollowsTheModifiedState() {
  QTemporaryDir dir;
  const QString autosave = dir.filePath("autosave");
  auto files = [&] { return QDir(autosave).entryList(QDir::Files).size(); };
  QString error;
  {
    ModelDocument doc;
    doc.setAutosaveDirectory(autosave);
    QVERIFY2(doc.open(kSpatial, &error), qPrintable(error));
    QVERIFY(doc.setLinkProperty(3, LinkProperty::Mass, values({1.01e8}), &error));
    QVERIFY2(doc.writeAutosave(&error), qPrintable(error));
    QCOMPARE(files(), 2);
    doc.undoStack()->undo();
    QVERIFY(!doc.isModified());
    QCOMPARE(files(), 0);  // at once, not at the next autosave tick
    doc.undoStack()->redo();
    QVERIFY(doc.isModified());
    QVERIFY(doc.writeAutosave(&error));
    QCOMPARE(files(), 2);
    // Replaced by another file (the app asked to save or discard first).
    QVERIFY2(doc.open(kWheelSlew, &error), qPrintable(error));
    QCOMPARE(files(), 0);
    QVERIFY(doc.setLinkProperty(2, LinkProperty::Mass, values({7.5}), &error));
    QVERIFY(doc.writeAutosave(&error));
    QCOMPARE(files(), 2);
    doc.undoStack()->undo();
    // Gone without a clean close, but with no unsaved edits: nothing to recover.
  }
  QCOMPARE(files(), 0);
  QVERIFY(!ModelDocument::findRecovery(autosave));
}

// The timer's autosave returns at once while the disk is slow (each write takes 800 ms here):
// the copy is written and synced on the writer's thread. A save while one copy is being
// written and a newer one waits drops the waiting one and leaves no recovery copy behind, not
// even later; a failed background write is reported.
void TestModelDocument::autosaveWritesOffTheGuiThread() {
  QTemporaryDir dir;
  const QString autosave = dir.filePath("autosave");
  auto files = [&] { return QDir(autosave).entryList(QDir::Files).size(); };
  auto recoveryMass = [&] {
    const QStringList copies = QDir(autosave).entryList({"*.vms.json"}, QDir::Files);
    if (copies.size() != 1) return -1.0;
    return vms::loadModelDescription(QDir(autosave).filePath(copies[0]).toStdString(), nullptr)
        .links[4]
        .inertial.mass;
  };
  std::atomic<int> writes{0};
  vms::ui::AutosaveWriter::setBeforeWriteHook([&writes] {
    ++writes;
    std::this_thread::sleep_for(std::chrono::milliseconds(800));
  });
  struct Unhook {
    ~Unhook() { vms::ui::AutosaveWriter::setBeforeWriteHook(nullptr); }
  } unhook;
  QString error;
  ModelDocument doc;
  doc.setAutosaveDirectory(autosave);
  QVERIFY2(doc.open(kSpatial, &error), qPrintable(error));
  QVERIFY(doc.setLinkProperty(4, LinkProperty::Mass, values({42.5}), &error));
  QElapsedTimer timer;
  timer.start();
  QVERIFY2(doc.writeAutosaveInBackground(&error), qPrintable(error));
  const qint64 blocked_ms = timer.elapsed();
  qInfo("the GUI thread spent %lld ms in the autosave (the disk takes 800 ms)", blocked_ms);
  QVERIFY2(blocked_ms < 200, qPrintable(QString("%1 ms").arg(blocked_ms)));
  QCOMPARE(files(), 0);  // still being written
  QTRY_COMPARE_WITH_TIMEOUT(files(), 2, 5000);
  QCOMPARE(recoveryMass(), 42.5);

  QVERIFY(doc.setLinkProperty(4, LinkProperty::Mass, values({43.5}), &error));
  QVERIFY(doc.writeAutosaveInBackground(&error));
  QTRY_COMPARE_WITH_TIMEOUT(writes.load(), 2, 5000);  // the 43.5 copy is being written
  QVERIFY(doc.setLinkProperty(4, LinkProperty::Mass, values({44.5}), &error));
  QVERIFY(doc.writeAutosaveInBackground(&error));  // waits behind it
  QVERIFY2(doc.save(dir.filePath("model.vms.json"), &error), qPrintable(error));
  QCOMPARE(files(), 0);
  QTest::qWait(1200);
  QCOMPARE(files(), 0);
  QCOMPARE(writes.load(), 2);  // the waiting copy was never written
  QVERIFY(!ModelDocument::findRecovery(autosave));

  // A save that fails while a copy waits: the copy is still written.
  QVERIFY(doc.setLinkProperty(4, LinkProperty::Mass, values({45.0}), &error));
  QVERIFY(doc.writeAutosaveInBackground(&error));
  QVERIFY(!doc.save(dir.filePath("no-such-folder/model.vms.json"), &error));
  QTRY_COMPARE_WITH_TIMEOUT(files(), 2, 5000);
  QTRY_COMPARE_WITH_TIMEOUT(recoveryMass(), 45.0, 5000);

  // The synchronous call returns with the newest copy on disk; newer posts replace older ones.
  QVERIFY(doc.setLinkProperty(4, LinkProperty::Mass, values({45.5}), &error));
  QVERIFY(doc.writeAutosaveInBackground(&error));
  QVERIFY(doc.setLinkProperty(4, LinkProperty::Mass, values({46.5}), &error));
  QVERIFY2(doc.writeAutosave(&error), qPrintable(error));
  QCOMPARE(recoveryMass(), 46.5);
  doc.discardAutosave();
  QCOMPARE(files(), 0);

  vms::ui::AutosaveWriter::setBeforeWriteHook(nullptr);
  QFile blocker(dir.filePath("not-a-folder"));
  QVERIFY(blocker.open(QIODevice::WriteOnly));
  blocker.close();
  doc.setAutosaveDirectory(blocker.fileName() + "/autosave");
  QSignalSpy failed(&doc, &ModelDocument::autosaveFailed);
  QVERIFY(doc.writeAutosaveInBackground(&error));
  QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 5000);
  QVERIFY2(failed[0][0].toString().contains("not-a-folder"), qPrintable(failed[0][0].toString()));
  doc.discardAutosave();
}

// Before restoring, the app says what the copy changes against the file it belongs to.
void TestModelDocument::recoverySaysWhatItRestores() {
  QTemporaryDir dir;
  const QString autosave = dir.filePath("autosave");
  QString error;
  {
    ModelDocument doc;
    doc.setAutosaveDirectory(autosave);
    QVERIFY2(doc.open(kWheelSlew, &error), qPrintable(error));
    QVERIFY(doc.setLinkProperty(0, LinkProperty::Mass, values({1.01e8}), &error));
    QVERIFY2(doc.writeAutosave(&error), qPrintable(error));
  }
  const auto recovery = ModelDocument::findRecovery(autosave);
  QVERIFY(recovery.has_value());
  const RecoverySummary summary =
      summarizeRecovery(*recovery, ModelDocument::recoveryOriginalPath(*recovery));
  QVERIFY2(summary.unavailable.isEmpty(), qPrintable(summary.unavailable));
  const QString all = summary.differences.join("\n");
  QVERIFY2(summary.total == 1, qPrintable(all));
  QVERIFY2(all.contains("mass") && all.contains("→ 1.01e+08"), qPrintable(all));
  // The same file against itself: nothing differs; a missing original is said.
  QCOMPARE(summarizeRecovery(kWheelSlew, kWheelSlew).total, 0);
  QVERIFY(!summarizeRecovery(*recovery, dir.filePath("gone.scenario.json")).unavailable.isEmpty());
  QVERIFY(!summarizeRecovery(*recovery, QString()).unavailable.isEmpty());
}

// kill -9 at random points of saves and autosaves (seeded: the seed is printed, and
// VMS_KILL_SEED repeats a run): the saved file is always one whole version (it reads, and its
// mass is one the child wrote), never a mix or a truncated file, and the recovery copy offered
// afterwards reads and is never older than the saved file.
void TestModelDocument::killWhileSavingLosesNothing() {
  const quint32 seed = qEnvironmentVariableIsSet("VMS_KILL_SEED")
                           ? quint32(qEnvironmentVariableIntValue("VMS_KILL_SEED"))
                           : quint32(QDateTime::currentMSecsSinceEpoch() & 0xffff);
  qInfo("kill-while-saving seed %u (VMS_KILL_SEED=%u repeats it)", seed, seed);
  std::mt19937 random(seed);
  std::uniform_int_distribution<int> delay_ms(0, 120);
  QTemporaryDir dir;
  double last_saved = 0.0;
  int offered = 0;
  for (int round = 0; round < 12; ++round) {
    QProcess child;
    child.start(testProgram(), testProgramArguments({"--saving-child", dir.path()}));
    QVERIFY(child.waitForStarted());
    QVERIFY2(child.waitForReadyRead(20000), qPrintable(QString("seed %1").arg(seed)));
    QTest::qWait(delay_ms(random));
    ::kill(pid_t(child.processId()), SIGKILL);
    QVERIFY(child.waitForFinished(20000));
    const QString saved = dir.filePath("model.vms.json");
    vms::ModelDescription d;
    try {
      d = vms::loadModelDescription(saved.toStdString(), nullptr);
    } catch (const std::exception& e) {
      QFAIL(qPrintable(QString("seed %1, round %2: the saved file does not read: %3")
                           .arg(seed)
                           .arg(round)
                           .arg(e.what())));
    }
    const double mass = d.links[4].inertial.mass;
    QVERIFY2(mass >= 100.0 && mass == std::floor(mass),
             qPrintable(QString("seed %1: mass %2").arg(seed).arg(mass)));
    last_saved = mass;
    const auto recovery = ModelDocument::findRecovery(dir.filePath("autosave"));
    if (recovery) {
      ++offered;
      ModelDocument restored;
      restored.setAutosaveDirectory(dir.filePath("own"));
      QString error;
      QVERIFY2(restored.restoreRecovery(*recovery, &error),
               qPrintable(QString("seed %1: %2").arg(seed).arg(error)));
      QVERIFY2(restored.description().links[4].inertial.mass >= last_saved,
               qPrintable(QString("seed %1").arg(seed)));
      restored.discardAutosave();
      ModelDocument::discardRecovery(*recovery);
    }
  }
  qInfo("%d of 12 kills left a recovery copy (edits written but not yet saved)", offered);
}

int main(int argc, char** argv) {
  QCoreApplication app(argc, argv);
  if (argc == 3 && QByteArray(argv[1]) == "--crash-child") return crashingChild(argv[2]);
  if (argc == 3 && QByteArray(argv[1]) == "--saving-child") return savingChild(argv[2]);
  TestModelDocument test;
  return QTest::qExec(&test, argc, argv);
}

#include "test_model_document.moc"
