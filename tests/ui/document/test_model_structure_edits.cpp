// Structural edits (ui/document/structure_edits.hpp) as pure transformations of a model and its
// scenario, and through ModelDocument as undo steps: add / delete / duplicate / re-parent links,
// rename with every scenario reference kept, joint type changes that keep the initial state and
// controllers in step (or are refused naming what depends on the joint count), frames, the
// templates of File > New (each compiles and simulates). Undo/redo of a sequence restores the
// saved text of every step exactly.
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest/QtTest>
#include <cmath>

#include "core/io/vms_json.hpp"
#include "core/model/compile_model.hpp"
#include "core/scenario/scenario_json.hpp"
#include "core/scenario/simulator.hpp"
#include "qtest_std_string.hpp"
#include "ui/document/model_document.hpp"
#include "ui/document/model_templates.hpp"
#include "ui/document/scenario_builder.hpp"
#include "ui/document/structure_edits.hpp"

using namespace vms;
using namespace vms::ui;

namespace {

const QString kModels = QStringLiteral(VMS_MODELS_DIR);

ModelDescription emptyVehicle() { return findModelTemplate("vehicle")->make(); }

/// The model and the scenario around it, as a scenario file states them.
struct Loaded {
  ModelDescription model;
  ScenarioSource source;
};

Loaded loadExample(const QString& name) {
  Loaded l;
  l.source = scenarioFileSource((kModels + "/" + name).toStdString());
  l.model = scenarioModelDescription(l.source);
  return l;
}

/// Assembles the scenario (throws what the document would refuse).
Scenario build(const Loaded& l) { return buildScenario(l.model, l.source, nullptr); }

const LinkDescription* link(const ModelDescription& d, const std::string& name) {
  for (const auto& l : d.links)
    if (l.name == name) return &l;
  return nullptr;
}
const JointDescription* joint(const ModelDescription& d, const std::string& name) {
  for (const auto& j : d.joints)
    if (j.name == name) return &j;
  return nullptr;
}

/// What the document would save: the model text and the scenario text around it.
std::string documentText(const ModelDocument& doc) {
  return writeVmsJson(doc.description()) + "\n---\n" + writeScenarioJson(doc.scenarioDescription());
}

}  // namespace

class TestModelStructureEdits : public QObject {
  Q_OBJECT
 private slots:
  void addChildLinkDefaults() {
    ModelDescription d = emptyVehicle();
    std::string created;
    QCOMPARE(addChildLink(d, nullptr, "vehicle", JointKind::Revolute, &created), std::string());
    QCOMPARE(created, std::string("link1"));
    const JointDescription* j = joint(d, "joint1");
    QVERIFY(j);
    QCOMPARE(j->parent, std::string("vehicle"));
    QCOMPARE(j->child, std::string("link1"));
    // At the far end of the vehicle's first visual: the 1 m box's +x face.
    QCOMPARE(j->origin.p, Vec3(0.5, 0.0, 0.0));
    QCOMPARE(j->axis, Vec3::UnitZ());
    QVERIFY(j->has_limits && j->lower == -M_PI && j->upper == M_PI);
    // A 1 kg solid cylinder of 0.3 m x 0.04 m along x: closed-form inertia about its CoM.
    const Inertial& in = link(d, "link1")->inertial;
    QCOMPARE(in.mass, 1.0);
    QCOMPARE(in.com, Vec3(0.15, 0.0, 0.0));
    QCOMPARE(in.inertia(0, 0), 0.5 * 0.04 * 0.04);
    QCOMPARE(in.inertia(1, 1), (3 * 0.04 * 0.04 + 0.09) / 12.0);
    QCOMPARE(in.inertia(2, 2), in.inertia(1, 1));
    QCOMPARE(link(d, "link1")->visuals.size(), size_t(1));
    // The next link hangs at the end of this one's cylinder, 0.3 m along its x.
    QCOMPARE(addChildLink(d, nullptr, "link1", JointKind::Revolute, &created), std::string());
    QCOMPARE(created, std::string("link2"));
    QVERIFY((joint(d, "joint2")->origin.p - Vec3(0.3, 0.0, 0.0)).norm() < 1e-15);
    const Model m = compileModel(d);
    QCOMPARE(m.njoints, 2);
    QCOMPARE(m.total_mass, 102.0);
    QVERIFY(!addChildLink(d, nullptr, "nothing", JointKind::Fixed).empty());
  }

  void addChildLinkOfEachKind() {
    const JointKind kinds[] = {JointKind::Revolute, JointKind::Continuous, JointKind::Prismatic,
                               JointKind::Fixed};
    const int moving[] = {1, 1, 1, 0};
    for (int k = 0; k < 4; ++k) {
      ModelDescription d = emptyVehicle();
      QCOMPARE(addChildLink(d, nullptr, "vehicle", kinds[k]), std::string());
      const Model m = compileModel(d);
      QCOMPARE(m.njoints, moving[k]);
      QCOMPARE(m.nbodies, 1 + moving[k]);
      QCOMPARE(m.total_mass, 101.0);  // a fixed link is fused, its mass still counts
      if (kinds[k] == JointKind::Prismatic) QCOMPARE(m.joint_type[1], JointType::Prismatic);
    }
  }

  void deleteLinkWithSubtree() {
    ModelDescription d = findModelTemplate("underwater_arm")->make();
    d.added_mass.push_back({"link3", Mat6::Identity()});
    d.added_mass.push_back({"tool", Mat6::Identity()});
    QVERIFY(!deleteLink(d, nullptr, "auv").empty());  // the vehicle
    QCOMPARE(deleteLink(d, nullptr, "link2"), std::string());
    QCOMPARE(d.links.size(), size_t(2));  // auv, link1
    QCOMPARE(d.joints.size(), size_t(1));
    QVERIFY(d.frames.empty());                 // the tool frame was on link4
    QCOMPARE(d.added_mass.size(), size_t(1));  // the hull's stays
    QCOMPARE(d.added_mass[0].link, std::string("auv"));
    QCOMPARE(compileModel(d).njoints, 1);
  }

  void deleteLinkTheScenarioNames() {
    Loaded l = loadExample("seed002_base_invariance.scenario.json");
    const std::string problem = deleteLink(l.model, &l.source.description, "link5");
    QVERIFY2(problem.find("root") != std::string::npos, problem.c_str());
  }

  void duplicateSubtree() {
    ModelDescription d = findModelTemplate("spacecraft_arm")->make();
    const double before = compileModel(d).total_mass;
    std::string created;
    QCOMPARE(vms::ui::duplicateSubtree(d, nullptr, "link4", &created), std::string());
    QCOMPARE(created, std::string("link4_copy"));
    QVERIFY(link(d, "link6_copy") && joint(d, "joint6_copy") && joint(d, "joint4_copy"));
    QCOMPARE(joint(d, "joint4_copy")->parent, std::string("link3"));
    QCOMPARE(joint(d, "joint5_copy")->parent, std::string("link4_copy"));
    QCOMPARE((joint(d, "joint4_copy")->origin.p - joint(d, "joint4")->origin.p).norm(), 0.25);
    bool tool_copied = false;
    for (const auto& f : d.frames) tool_copied |= f.name == "tool_copy" && f.link == "link6_copy";
    QVERIFY(tool_copied);
    const Model m = compileModel(d);
    QCOMPARE(m.njoints, 9);
    QCOMPARE(m.total_mass, before + 2.0 + 2.0 + 1.0);  // links 4, 5, 6
    // Twice: the second copy gets the next free names.
    QCOMPARE(vms::ui::duplicateSubtree(d, nullptr, "link4", &created), std::string());
    QCOMPARE(created, std::string("link4_copy2"));
    QCOMPARE(compileModel(d).njoints, 12);
    QVERIFY(!vms::ui::duplicateSubtree(d, nullptr, "spacecraft").empty());
  }

  void reparent() {
    ModelDescription d = findModelTemplate("spacecraft_arm")->make();
    const auto parents = validParents(d, "link3");
    QCOMPARE(parents, (std::vector<std::string>{"spacecraft", "link1", "link2"}));
    QVERIFY(validParents(d, "spacecraft").empty());
    QVERIFY(!reparentLink(d, nullptr, "link3", "link5").empty());       // a loop
    QVERIFY(!reparentLink(d, nullptr, "spacecraft", "link1").empty());  // the root
    QCOMPARE(reparentLink(d, nullptr, "link3", "spacecraft"), std::string());
    const Model m = compileModel(d);
    QCOMPARE(m.parent[m.joint_body[2]], 0);  // joint3's body hangs on the vehicle
    QCOMPARE(m.njoints, 6);
  }

  void renameKeepsScenarioReferences() {
    {  // the rooted solver's link
      Loaded l = loadExample("seed002_base_invariance.scenario.json");
      QCOMPARE(renameItem(l.model, &l.source.description, StructureItem::Link, "link6", "tip"),
               std::string());
      QCOMPARE(*l.source.description.root, std::string("tip"));
      QCOMPARE(joint(l.model, "joint6")->child, std::string("tip"));
      QCOMPARE(build(l).root, std::string("tip"));
    }
    {  // a joint controller's joint list
      Loaded l = loadExample("seed003_inspection.scenario.json");
      QCOMPARE(
          renameItem(l.model, &l.source.description, StructureItem::Joint, "joint2", "shoulder"),
          std::string());
      const auto& ct = std::get<ComputedTorqueDescription>(l.source.description.controllers[1]);
      QCOMPARE((*ct.joints)[1], std::string("shoulder"));
      QCOMPARE(build(l).model.joint_names[1], std::string("shoulder"));
      // Not a wheel's name, not a duplicate, not an invalid name.
      QVERIFY(!renameItem(l.model, &l.source.description, StructureItem::Joint, "joint1", "wheel_x")
                   .empty());
      QVERIFY(!renameItem(l.model, &l.source.description, StructureItem::Joint, "joint1", "joint3")
                   .empty());
      QVERIFY(!renameItem(l.model, &l.source.description, StructureItem::Link, "link1", "a\nb")
                   .empty());
      QVERIFY(
          !renameItem(l.model, &l.source.description, StructureItem::Link, "link1", "").empty());
    }
    {  // the lqr controller's regulated joints
      Loaded l = loadExample("lqr_attitude_arm.scenario.json");
      QCOMPARE(
          renameItem(l.model, &l.source.description, StructureItem::Joint, "joint2", "shoulder"),
          std::string());
      const auto& lqr = std::get<LqrDescription>(l.source.description.controllers[0]);
      QCOMPARE(lqr.joints[1], std::string("shoulder"));
      const Scenario s = build(l);
      QCOMPARE(s.model.joint_names[std::get<LqrSetup>(s.controllers[0]).options.joints[1]],
               std::string("shoulder"));
    }
    {  // the analysis end-effector frame
      Loaded l = loadExample("spart_tutorial_5dof.scenario.json");
      QCOMPARE(renameItem(l.model, &l.source.description, StructureItem::Frame, "end_effector",
                          "gripper"),
               std::string());
      QCOMPARE(*l.source.description.analysis_end_effector, std::string("gripper"));
      build(l);
    }
  }

  void jointTypeKeepsInitialState() {
    Loaded l = loadExample("seed004_spatial_one_joint.scenario.json");
    auto& st = l.source.description.initial_state->description;
    st.q = std::vector<double>{0.1, 0.2, 0.3, 0.4, 0.5, 0.6};
    QVERIFY(!l.source.description.initial_state->path.empty());
    QCOMPARE(changeJointType(l.model, &l.source.description, "joint3", JointKind::Fixed),
             std::string());
    QCOMPARE(*st.q, (std::vector<double>{0.1, 0.2, 0.4, 0.5, 0.6}));
    QCOMPARE(st.qd->size(), size_t(5));
    QVERIFY(l.source.description.initial_state->path.empty());  // written inline now
    Scenario s = build(l);
    QCOMPARE(s.model.njoints, 5);
    QCOMPARE(s.initial_state.q[2], 0.4);
    // Back to revolute: joint3 returns at 0, the others keep their values.
    QCOMPARE(changeJointType(l.model, &l.source.description, "joint3", JointKind::Revolute),
             std::string());
    QCOMPARE(*st.q, (std::vector<double>{0.1, 0.2, 0.0, 0.4, 0.5, 0.6}));
    build(l);
  }

  // Revolute to prismatic: limits of ±3.14159 rad must not become ±3.14159 m (nor rad/s m/s,
  // N m newtons); back to revolute: [-pi, pi] again. Revolute to continuous keeps them.
  void jointTypeChangeDropsLimitsOfTheOtherUnit() {
    Loaded l = loadExample("seed004_spatial_one_joint.scenario.json");
    auto joint3 = [&]() -> JointDescription& {
      for (auto& j : l.model.joints)
        if (j.name == "joint3") return j;
      return l.model.joints.front();
    };
    joint3().has_limits = true;
    joint3().lower = -3.14159;
    joint3().upper = 3.14159;
    joint3().velocity = 2.0;
    joint3().effort = 50.0;
    QCOMPARE(changeJointType(l.model, &l.source.description, "joint3", JointKind::Continuous),
             std::string());
    QVERIFY(joint3().has_limits && joint3().upper == 3.14159 && joint3().effort == 50.0);
    QCOMPARE(changeJointType(l.model, &l.source.description, "joint3", JointKind::Prismatic),
             std::string());
    QVERIFY(!joint3().has_limits);
    QCOMPARE(joint3().lower, 0.0);
    QCOMPARE(joint3().upper, 0.0);
    QCOMPARE(joint3().velocity, 0.0);
    QCOMPARE(joint3().effort, 0.0);
    build(l);
    QCOMPARE(changeJointType(l.model, &l.source.description, "joint3", JointKind::Revolute),
             std::string());
    QVERIFY(joint3().has_limits);
    QCOMPARE(joint3().lower, -M_PI);
    QCOMPARE(joint3().upper, M_PI);
    build(l);
  }

  void jointCountRefusedWhenTrajectoryDependsOnIt() {
    Loaded l = loadExample("seed004_spatial_closed_loop.scenario.json");
    const std::string problem =
        changeJointType(l.model, &l.source.description, "joint6", JointKind::Fixed);
    QVERIFY2(problem.find("controller 1 (computed_torque)") != std::string::npos, problem.c_str());
    Loaded inspection = loadExample("seed003_inspection.scenario.json");
    const std::string p2 =
        deleteLink(inspection.model, &inspection.source.description, "camera_link");
    QVERIFY2(p2.find("controller 2") != std::string::npos, p2.c_str());
    Loaded lqr = loadExample("lqr_attitude_arm.scenario.json");
    const std::string p3 =
        changeJointType(lqr.model, &lqr.source.description, "joint6", JointKind::Fixed);
    QVERIFY2(p3.find("controller 1 (lqr) regulates or drives a joint that would no longer move") !=
                 std::string::npos,
             p3.c_str());
  }

  void frames() {
    ModelDescription d = findModelTemplate("spacecraft_arm")->make();
    std::string created;
    QCOMPARE(addFrame(d, nullptr, "link2", &created), std::string());
    QCOMPARE(created, std::string("frame1"));
    QCOMPARE(d.frames.back().origin.p, Vec3(0.5, 0.0, 0.0));  // end of the 0.5 m rod
    QVERIFY(compileModel(d).frameIndex("frame1") >= 0);
    QCOMPARE(deleteFrame(d, nullptr, "frame1"), std::string());
    QVERIFY(compileModel(d).frameIndex("frame1") < 0);
    Loaded l = loadExample("spart_tutorial_5dof.scenario.json");
    QVERIFY(!deleteFrame(l.model, &l.source.description, "end_effector").empty());
  }

  void templatesCompileAndSimulate() {
    QCOMPARE(modelTemplates().size(), size_t(5));
    const int joints[] = {0, 6, 2, 4, 6};
    int k = 0;
    for (const ModelTemplate& t : modelTemplates()) {
      ModelDocument doc;
      QString error;
      QVERIFY2(doc.newDocument(t.make(), &error), qPrintable(error));
      QCOMPARE(doc.scenario().model.njoints, joints[k++]);
      QVERIFY(doc.path().isEmpty());
      QVERIFY(!doc.isModified());
      // VMS_TEMPLATE_DIR (optional): each template saved there, to look at.
      if (const QByteArray out = qgetenv("VMS_TEMPLATE_DIR"); !out.isEmpty())
        QVERIFY2(doc.save(QString(out) + "/" + QString::fromStdString(t.id) + ".vms.json", &error),
                 qPrintable(error));
      Simulator sim(doc.scenario());
      for (int i = 0; i < 50; ++i) sim.step();
      QVERIFY(sim.state().q.allFinite());
      QVERIFY(sim.state().base_position.allFinite());
    }
  }

  void actuators() {
    ModelDocument doc;
    QString error, created;
    QVERIFY(doc.open(kModels + "/seed003_inspection_flying.scenario.json", &error));
    const std::string original = documentText(doc);
    const int joints = doc.scenario().model.njoints;  // the arm's and the wheels'
    const size_t thrusters = doc.scenarioDescription().thrusters.size();
    QVERIFY(thrusters > 0);
    QVERIFY2(doc.addReactionWheel(&created, &error), qPrintable(error));
    QCOMPARE(created, QString("wheel1"));
    QCOMPARE(doc.scenario().model.njoints, joints + 1);  // a wheel is a body on a joint
    QCOMPARE(doc.scenario().reaction_wheels.size(), size_t(4));
    // Flying mode: a thruster on an arm link is refused by the scenario, nothing changes.
    QVERIFY(!doc.addThruster("link2", &created, &error));
    QVERIFY2(error.contains("not on the vehicle body"), qPrintable(error));
    QCOMPARE(doc.undoStack()->count(), 1);
    QVERIFY2(doc.addThruster("bus", &created, &error), qPrintable(error));
    QCOMPARE(created, QString("thruster1"));
    QCOMPARE(doc.scenario().thrusters.size(), thrusters + 1);
    QCOMPARE(doc.scenario().thrusters.back().link, std::string("bus"));
    // Renaming its link follows.
    QVERIFY2(doc.renameItem(StructureItem::Link, "bus", "hull", &error), qPrintable(error));
    QCOMPARE(doc.scenarioDescription().thrusters.back().link, std::string("hull"));
    QVERIFY2(doc.deleteThruster("thruster1", &error), qPrintable(error));
    QVERIFY2(doc.deleteReactionWheel("wheel1", &error), qPrintable(error));
    QVERIFY(!doc.deleteReactionWheel("wheel1", &error));
    QVERIFY2(doc.renameItem(StructureItem::Link, "hull", "bus", &error), qPrintable(error));
    QCOMPARE(documentText(doc), original);
    const int steps = doc.undoStack()->count();
    for (int i = 0; i < steps; ++i) doc.undoStack()->undo();
    QCOMPARE(documentText(doc), original);
    // A bare model has no actuators: refused, naming why.
    QVERIFY(doc.newDocument(emptyVehicle(), &error));
    QVERIFY(!doc.addReactionWheel(&created, &error));
    QVERIFY(error.contains("scenario.json"));
    QCOMPARE(doc.undoStack()->count(), 0);
  }

  void untitledModelRecovers() {
    // A new model never saved, edited, then the session ends without closing: the recovery
    // copy restores it, untitled and modified.
    QTemporaryDir dir;
    std::string text;
    {
      ModelDocument doc;
      doc.setAutosaveDirectory(dir.path());
      QString error;
      QVERIFY(doc.newDocument(findModelTemplate("rover_2r")->make(), &error));
      QVERIFY2(doc.addChildLink("link2", JointKind::Prismatic, nullptr, &error), qPrintable(error));
      QVERIFY(doc.isModified());
      QVERIFY2(doc.writeAutosave(&error), qPrintable(error));
      text = writeVmsJson(doc.description());
    }
    const auto recovery = ModelDocument::findRecovery(dir.path());
    QVERIFY(recovery.has_value());
    QVERIFY(ModelDocument::recoveryOriginalPath(*recovery).isEmpty());
    ModelDocument restored;
    restored.setAutosaveDirectory(dir.path());
    QString error;
    QVERIFY2(restored.restoreRecovery(*recovery, &error), qPrintable(error));
    QCOMPARE(writeVmsJson(restored.description()), text);
    QVERIFY(restored.path().isEmpty());
    QVERIFY(restored.isModified());
    QCOMPARE(restored.scenario().model.njoints, 3);
    restored.discardAutosave();
  }

  void documentUndoRedoIsExact() {
    ModelDocument doc;
    QString error;
    QVERIFY(doc.open(kModels + "/seed003_inspection.scenario.json", &error));
    std::vector<std::string> texts = {documentText(doc)};
    QString created;
    auto step = [&](bool ok) {
      QVERIFY2(ok, qPrintable(error));
      texts.push_back(documentText(doc));
    };
    step(doc.addChildLink("camera_link", JointKind::Revolute, &created, &error));
    QCOMPARE(created, QString("link4"));
    step(doc.renameItem(StructureItem::Joint, "joint1", "yaw", &error));
    step(doc.duplicateLink("link4", &created, &error));
    step(doc.addFrame("link4", &created, &error));
    step(doc.reparentLink("link4_copy", "bus", &error));
    step(doc.setJointKind("joint5", JointKind::Fixed, &error));  // link4's joint
    step(doc.renameItem(StructureItem::Link, "link4", "probe", &error));
    step(doc.deleteFrame("frame1", &error));
    step(doc.deleteLink("link4_copy", &error));
    QCOMPARE(doc.undoStack()->count(), 9);
    // Refused edits change nothing and add no step.
    QVERIFY(!doc.deleteLink("bus", &error));
    QVERIFY(error.contains("root"));
    QVERIFY(!doc.reparentLink("link1", "link3", &error));
    QVERIFY(!doc.setJointKind("joint2", JointKind::Fixed, &error));  // waypoints of 4 joints
    QVERIFY(error.contains("controller 2"));
    QCOMPARE(doc.undoStack()->count(), 9);
    QCOMPARE(documentText(doc), texts.back());
    for (int i = 9; i-- > 0;) {
      doc.undoStack()->undo();
      QCOMPARE(documentText(doc), texts[i]);
    }
    for (int i = 1; i <= 9; ++i) {
      doc.undoStack()->redo();
      QCOMPARE(documentText(doc), texts[i]);
    }
    // The controller's joint list follows the rename; the edited scenario simulates.
    const auto& ct = std::get<ComputedTorqueDescription>(doc.scenarioDescription().controllers[1]);
    QCOMPARE((*ct.joints)[0], std::string("yaw"));
    Simulator sim(doc.scenario());
    for (int i = 0; i < 20; ++i) sim.step();
    QVERIFY(sim.state().q.allFinite());
  }
};

int main(int argc, char** argv) {
  QCoreApplication app(argc, argv);
  TestModelStructureEdits test;
  return QTest::qExec(&test, argc, argv);
}

#include "test_model_structure_edits.moc"
