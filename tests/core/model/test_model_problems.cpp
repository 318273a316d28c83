// Drafts (an invalid model can still be saved as a draft and reopened):
// diagnoseModel lists every refusal of compileModel, each tied to the item it names, and a
// stand-in that compiles. Each kind of refusal is checked alone (exactly one problem, on the
// right item: neutralising it must not cause a second, made-up one), then several at once
// (the same problems as fixing them one by one by hand), and the shipped examples (none).
#include <QDir>
#include <QtTest/QtTest>
#include <functional>
#include <limits>

#include "core/io/model_io.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/model_problems.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

LinkDescription link(const std::string& name, double mass = 1.0) {
  LinkDescription l;
  l.name = name;
  l.inertial.mass = mass;
  l.inertial.inertia = Vec3(0.02, 0.03, 0.04).asDiagonal();
  return l;
}

JointDescription joint(const std::string& name, const std::string& parent,
                       const std::string& child) {
  JointDescription j;
  j.name = name;
  j.parent = parent;
  j.child = child;
  j.origin.p = Vec3(0.0, 0.0, 0.5);
  j.axis = Vec3::UnitY();
  j.has_limits = true;
  j.lower = -1.0;
  j.upper = 1.0;
  return j;
}

/// A free vehicle with a 3-link arm (j1..j3) and a tool frame on l3.
ModelDescription arm() {
  ModelDescription d;
  d.name = "arm";
  d.links = {link("base", 10.0), link("l1"), link("l2"), link("l3")};
  d.joints = {joint("j1", "base", "l1"), joint("j2", "l1", "l2"), joint("j3", "l2", "l3")};
  FrameDescription tool;
  tool.name = "tool";
  tool.link = "l3";
  d.frames = {tool};
  return d;
}

std::string compileError(const ModelDescription& d) {
  try {
    compileModel(d, nullptr);
  } catch (const ModelError& e) {
    return e.what();
  }
  return {};
}

const char* itemName(ModelItem item) {
  switch (item) {
    case ModelItem::Model:
      return "model";
    case ModelItem::Link:
      return "link";
    case ModelItem::Joint:
      return "joint";
    case ModelItem::Frame:
      return "frame";
    case ModelItem::AddedMass:
      return "added mass";
  }
  return "?";
}

}  // namespace

class TestModelProblems : public QObject {
  Q_OBJECT
 private slots:
  void validModelHasNoProblem() {
    const ModelDescription d = arm();
    const ModelDiagnosis diagnosis = diagnoseModel(d);
    QVERIFY(diagnosis.problems.empty());
    QVERIFY(diagnosis.stand_in_compiles);
    QCOMPARE(compileError(diagnosis.stand_in), std::string());
  }

  void eachRefusalAlone_data() {
    QTest::addColumn<int>("item");
    QTest::addColumn<int>("index");
    QTest::addColumn<QString>("expected");  // a part of compileModel's message
    QTest::addColumn<int>("edit");
    // Each row's edit breaks `arm()` in one way (the index in edits below).
    QTest::newRow("link: negative mass") << int(ModelItem::Link) << 2 << "mass is negative" << 0;
    QTest::newRow("link: triangle inequality")
        << int(ModelItem::Link) << 1 << "triangle inequality" << 1;
    QTest::newRow("link: NaN inertia") << int(ModelItem::Link) << 3 << "NaN" << 2;
    QTest::newRow("link: no name") << int(ModelItem::Link) << 2 << "has no name" << 3;
    QTest::newRow("link: duplicate") << int(ModelItem::Link) << 4 << "duplicate link" << 4;
    QTest::newRow("link: not connected") << int(ModelItem::Link) << 4 << "not connected" << 5;
    QTest::newRow("link: loop off the root") << int(ModelItem::Link) << 4 << "not reachable" << 6;
    QTest::newRow("joint: zero axis") << int(ModelItem::Joint) << 1 << "axis is zero" << 7;
    QTest::newRow("joint: NaN axis") << int(ModelItem::Joint) << 0 << "axis has a NaN" << 8;
    QTest::newRow("joint: limits") << int(ModelItem::Joint) << 2 << "lower limit exceeds" << 9;
    QTest::newRow("joint: NaN limit") << int(ModelItem::Joint) << 2 << "NaN" << 10;
    QTest::newRow("joint: damping") << int(ModelItem::Joint) << 0 << "damping is negative" << 11;
    QTest::newRow("joint: unknown parent") << int(ModelItem::Joint) << 1 << "unknown parent" << 12;
    QTest::newRow("joint: unknown child") << int(ModelItem::Joint) << 3 << "unknown child" << 13;
    QTest::newRow("joint: second parent") << int(ModelItem::Joint) << 3 << "kinematic loop" << 14;
    QTest::newRow("joint: duplicate") << int(ModelItem::Joint) << 3 << "duplicate joint" << 15;
    QTest::newRow("joint: invalid name") << int(ModelItem::Joint) << 1 << "invalid name" << 16;
    QTest::newRow("joint: bad rotation") << int(ModelItem::Joint) << 0 << "proper rotation" << 17;
    QTest::newRow("joint: mimic unknown") << int(ModelItem::Joint) << 2 << "mimic" << 18;
    QTest::newRow("joint: massless subtree") << int(ModelItem::Joint) << 2 << "no inertia" << 19;
    QTest::newRow("frame: unknown link") << int(ModelItem::Frame) << 0 << "unknown link" << 20;
    QTest::newRow("frame: name taken") << int(ModelItem::Frame) << 1 << "already used" << 21;
    QTest::newRow("added mass: asymmetric") << int(ModelItem::AddedMass) << 0 << "symmetric" << 22;
    QTest::newRow("model: every link has a parent")
        << int(ModelItem::Model) << -1 << "every link has a parent" << 23;
    QTest::newRow("model: no links") << int(ModelItem::Model) << -1 << "has no links" << 24;
    QTest::newRow("model: NaN gravity") << int(ModelItem::Model) << -1 << "gravity" << 25;
    QTest::newRow("model: massless vehicle") << int(ModelItem::Model) << -1 << "vehicle" << 26;
    QTest::newRow("joint: negative effort")
        << int(ModelItem::Joint) << 1 << "effort limit is negative" << 27;
    QTest::newRow("joint: negative velocity")
        << int(ModelItem::Joint) << 2 << "velocity limit is negative" << 28;
    QTest::newRow("joint: negative friction")
        << int(ModelItem::Joint) << 0 << "friction is negative" << 29;
  }

  void eachRefusalAlone() {
    QFETCH(int, item);
    QFETCH(int, index);
    QFETCH(QString, expected);
    QFETCH(int, edit);
    const std::vector<std::function<void(ModelDescription&)>> edits = {
        [](ModelDescription& d) { d.links[2].inertial.mass = -1.0; },
        [](ModelDescription& d) {
          d.links[1].inertial.inertia = Vec3(0.02, 0.03, 0.2).asDiagonal();
        },
        [](ModelDescription& d) { d.links[3].inertial.inertia(0, 1) = kNaN; },
        [](ModelDescription& d) {
          d.links[2].name.clear();
          d.joints[1].child.clear();
          d.joints[2].parent.clear();
        },
        [](ModelDescription& d) {
          d.links.push_back(link("l2"));  // the second 'l2' is the duplicate
        },
        [](ModelDescription& d) {
          d.links.push_back(link("floating"));
          d.links.push_back(link("floating_child"));
          d.joints.push_back(joint("jf", "floating", "floating_child"));
        },
        [](ModelDescription& d) {  // a and b are each other's parent, off the tree
          d.links.push_back(link("a"));
          d.links.push_back(link("b"));
          d.joints.push_back(joint("jab", "a", "b"));
          d.joints.push_back(joint("jba", "b", "a"));
        },
        [](ModelDescription& d) { d.joints[1].axis = Vec3::Zero(); },
        [](ModelDescription& d) { d.joints[0].axis = Vec3(kNaN, 0.0, 1.0); },
        [](ModelDescription& d) {
          d.joints[2].lower = 1.0;
          d.joints[2].upper = -1.0;
        },
        [](ModelDescription& d) { d.joints[2].upper = kNaN; },
        [](ModelDescription& d) { d.joints[0].damping = -0.5; },
        [](ModelDescription& d) { d.joints[1].parent = "nowhere"; },
        [](ModelDescription& d) { d.joints.push_back(joint("j4", "l3", "nothing")); },
        [](ModelDescription& d) { d.joints.push_back(joint("j_loop", "base", "l2")); },
        [](ModelDescription& d) {
          d.links.push_back(link("l4"));
          d.joints.push_back(joint("j2", "l3", "l4"));
        },
        [](ModelDescription& d) {
          d.joints[1].name = "bad\tname";
          d.joints[2].has_mimic = true;
          d.joints[2].mimic.joint = "bad\tname";
        },
        [](ModelDescription& d) { d.joints[0].origin.R(0, 0) = -1.0; },
        [](ModelDescription& d) {
          d.joints[2].has_mimic = true;
          d.joints[2].mimic.joint = "ghost";
        },
        [](ModelDescription& d) {
          d.links[3].inertial = Inertial();
          d.frames.clear();
        },
        [](ModelDescription& d) { d.frames[0].link = "l9"; },
        [](ModelDescription& d) {
          FrameDescription f;
          f.name = "l1";
          f.link = "l2";
          d.frames.push_back(f);
        },
        [](ModelDescription& d) {
          AddedMassDescription a;
          a.link = "l1";
          a.matrix(0, 1) = 1.0;
          d.added_mass.push_back(a);
        },
        [](ModelDescription& d) { d.joints.push_back(joint("j_root", "l3", "base")); },
        [](ModelDescription& d) {
          d.links.clear();
          d.joints.clear();
          d.frames.clear();
        },
        [](ModelDescription& d) { d.gravity.x() = kNaN; },
        [](ModelDescription& d) {
          d.links[0].inertial = Inertial();
          d.joints = {joint("j1", "base", "l1")};
          d.joints[0].kind = JointKind::Fixed;
          d.links.resize(2);
          d.frames.clear();
          d.links[1].inertial = Inertial();
        },
        [](ModelDescription& d) { d.joints[1].effort = -1.0; },
        [](ModelDescription& d) { d.joints[2].velocity = -2.0; },
        [](ModelDescription& d) { d.joints[0].friction = -0.1; },
    };
    ModelDescription d = arm();
    edits.at(static_cast<size_t>(edit))(d);
    const std::string refusal = compileError(d);
    QVERIFY2(refusal.find(expected.toStdString()) != std::string::npos, refusal.c_str());

    const ModelDiagnosis diagnosis = diagnoseModel(d);
    QVERIFY(diagnosis.stand_in_compiles);
    QCOMPARE(compileError(diagnosis.stand_in), std::string());
    std::string all;
    for (const ModelProblem& p : diagnosis.problems) all += p.message + "\n";
    QVERIFY2(diagnosis.problems.size() == 1, all.c_str());
    const ModelProblem& p = diagnosis.problems[0];
    QCOMPARE(p.message, refusal);  // compileModel's own words
    QCOMPARE(QString(itemName(p.item)), QString(itemName(ModelItem(item))));
    QCOMPARE(p.index, index);
    switch (p.item) {
      case ModelItem::Link:
        QCOMPARE(p.name, d.links[size_t(index)].name);
        break;
      case ModelItem::Joint:
        QCOMPARE(p.name, d.joints[size_t(index)].name);
        break;
      case ModelItem::Frame:
        QCOMPARE(p.name, d.frames[size_t(index)].name);
        break;
      case ModelItem::AddedMass:
        QCOMPARE(p.name, d.added_mass[size_t(index)].link);
        break;
      case ModelItem::Model:
        QCOMPARE(p.name, d.name);
        break;
    }
  }

  // Several problems at once: the diagnosis lists the refusals one gets by fixing the model by
  // hand, one refusal at a time, in that order.
  void severalProblemsInCompileOrder() {
    ModelDescription d = arm();
    d.links[1].inertial.mass = -2.0;                    // link l1
    d.joints[2].axis = Vec3::Zero();                    // joint j3
    d.joints.push_back(joint("j_loop", "base", "l3"));  // second parent of l3
    d.frames[0].link = "l7";                            // frame tool
    d.links.push_back(link("spare"));                   // not connected
    const ModelDiagnosis diagnosis = diagnoseModel(d);
    QVERIFY(diagnosis.stand_in_compiles);

    ModelDescription by_hand = d;
    std::vector<std::string> refusals;
    const std::vector<std::function<void()>> fixes = {
        [&] { by_hand.links[1].inertial.mass = 2.0; },
        [&] { by_hand.joints[2].axis = Vec3::UnitX(); },
        [&] { by_hand.joints.pop_back(); },
        [&] { by_hand.links.pop_back(); },
        [&] { by_hand.frames[0].link = "l3"; },
    };
    for (const auto& fix : fixes) {
      refusals.push_back(compileError(by_hand));
      fix();
    }
    QCOMPARE(compileError(by_hand), std::string());
    QCOMPARE(diagnosis.problems.size(), refusals.size());
    for (size_t i = 0; i < refusals.size(); ++i)
      QCOMPARE(diagnosis.problems[i].message, refusals[i]);
    QCOMPARE(diagnosis.problems[0].name, std::string("l1"));
    QCOMPARE(diagnosis.problems[1].name, std::string("j3"));
    QCOMPARE(diagnosis.problems[2].name, std::string("j_loop"));
    QCOMPARE(diagnosis.problems[2].index, 3);
    QCOMPARE(diagnosis.problems[3].name, std::string("spare"));
    QCOMPARE(diagnosis.problems[4].name, std::string("tool"));
    // The stand-in keeps what was fine: the arm's three joints, the vehicle's mass.
    QCOMPARE(diagnosis.stand_in.joints.size(), size_t(3));
    QCOMPARE(diagnosis.stand_in.links[0].inertial.mass, 10.0);
  }

  // A refusal's item, also behind the prefix a scenario file's assembly puts before it.
  void problemNamedByARefusal() {
    const ModelDescription d = arm();
    ModelProblem p = problemNamedBy("arm.scenario.json: model: joint 'j2': axis is zero", d);
    QVERIFY(p.item == ModelItem::Joint);
    QCOMPARE(p.index, 1);
    QCOMPARE(p.name, std::string("j2"));
    p = problemNamedBy("link 'l3': mass is negative (-1)", d);
    QVERIFY(p.item == ModelItem::Link);
    QCOMPARE(p.index, 3);
    p = problemNamedBy("frame 'tool': unknown link 'x'", d);
    QVERIFY(p.item == ModelItem::Frame);
    QCOMPARE(p.index, 0);
    p = problemNamedBy("initial_state: q has 2 values", d);
    QVERIFY(p.item == ModelItem::Model);
    QCOMPARE(p.index, -1);
  }

  // The shipped models compile, so they have no problem and are their own stand-in.
  void shippedModelsHaveNone() {
    const QDir dir(QStringLiteral(VMS_SOURCE_DIR "/models"));
    int checked = 0;
    for (const QString& name : dir.entryList({"*.vms.json", "*.urdf"}, QDir::Files)) {
      const ModelDescription d = loadModelDescription(dir.filePath(name).toStdString());
      const ModelDiagnosis diagnosis = diagnoseModel(d);
      QVERIFY2(diagnosis.problems.empty(), qPrintable(name));
      QVERIFY(diagnosis.stand_in_compiles);
      ++checked;
    }
    QVERIFY(checked >= 5);
  }
};

QTEST_APPLESS_MAIN(TestModelProblems)
#include "test_model_problems.moc"
