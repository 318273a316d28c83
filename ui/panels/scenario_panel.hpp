#pragma once
// The Scenario panel (a dock beside Properties): what a *.scenario.json states around the
// model, edited in place and saved with it, so that `vms run` on the saved file reproduces the
// app's run exactly:
//  - run: the file's simple keys with an editor in core/scenario/scenario_keys.hpp (name,
//    maneuvering mode, duration, dt, integrator, solver, output_every), each field built and
//    checked by its row;
//  - environment: its kind and gravity (or the gravity-gradient orbit's mean motion);
//  - initial state: joint angles and rates (one row per joint), vehicle position, orientation
//    (unit quaternion w x y z, normalised on entry), world-frame velocities; written inline;
//  - the environment (underwater fluid and bodies, orbit), actuators (reaction wheels with
//    axis, inertia, limits; thrusters with placement, direction, limits), controllers and
//    trajectories (the keys whose rows say JSON section): their JSON as the scenario file writes
//    it, applied through the scenario reader itself (its messages name the key; the mode's
//    checks apply).
// Every committed field is one undo step (ModelDocument::setScenario), refused with the reason
// if the scenario would not assemble or run. A bare model (.vms.json/.urdf) runs in a default
// scenario that is not saved with it: the panel says so and edits nothing.
//
// Child widgets (tests): QLineEdit "scenario.name", "scenario.duration", "scenario.dt",
// "scenario.outputEvery", "scenario.gravity.x/y/z", "scenario.meanMotion",
// "scenario.basePosition.x/y/z", "scenario.baseOrientation.w/x/y/z",
// "scenario.baseLinearVelocity.x/y/z", "scenario.baseAngularVelocity.x/y/z"; QComboBox
// "scenario.integrator", "scenario.solver", "scenario.mode"; QTableWidget
// "scenario.joints" (joint, q, qd); QComboBox "scenario.section" (controllers, actuators,
// environment), QPlainTextEdit "scenario.sectionText", QPushButton "scenario.applySection";
// QLabel "scenario.status".
#include <QWidget>
#include <memory>

#include "core/spatial/se3.hpp"

namespace vms::ui {

class ModelDocument;

class ScenarioPanel : public QWidget {
  Q_OBJECT
 public:
  explicit ScenarioPanel(ModelDocument* document, QWidget* parent = nullptr);
  ~ScenarioPanel() override;

  void refresh();         // the document's current values
  bool editable() const;  // a scenario file is open

  // What the fields do when committed (also for tests): one undo step each, false with
  // problemText() set when refused (nothing changes then).
  bool setText(const QString& field_name, const QString& text);     // a QLineEdit's objectName
  bool setChoice(const QString& field_name, const QString& value);  // a QComboBox's
  bool setJoint(int joint, const QString& q, const QString& qd);    // model joint order
  bool applyControllersJson(const QString& json);
  /// A top-level section of the file ("controllers", "actuators", "environment") as JSON.
  bool applySectionJson(const QString& key, const QString& json);

  QString problemText() const;

 signals:
  void problem(const QString& text);  // "" after an accepted edit

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace vms::ui
