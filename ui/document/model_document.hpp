#pragma once
// The open document: a scenario (a *.scenario.json file, or a bare model file wrapped in a
// default scenario: floating, zero gravity, at rest, open-ended duration) and the model
// description it uses, with undoable property edits. Every edit recompiles the model; an edit
// that makes it invalid (non-physical inertia, bad limits, ...) is refused with a message and
// changes nothing. Saves the model as .vms.json (and the scenario, with the edited model
// inline or beside it). Autosave writes a recovery copy while there are unsaved edits; the
// next start offers it when the app did not close cleanly. Contract owned by the model
// module; the app depends on it.
#include <QDateTime>
#include <QObject>
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>

#include "core/model/model_description.hpp"
#include "core/model/model_problems.hpp"
#include "core/scenario/scenario.hpp"

class QUndoStack;

namespace vms {
struct DhTable;
struct ScenarioDescription;
}  // namespace vms

namespace vms::ui {

enum class StructureItem;  // ui/document/structure_edits.hpp

/// One editable property of a link or joint (the property inspector's rows).
enum class LinkProperty { Mass, CenterOfMass, Inertia };  // Inertia: [ixx iyy izz ixy ixz iyz]
/// LimitsEnabled (added): 1 = the joint's lower/upper limits apply, 0 = unlimited.
enum class JointProperty {
  Axis,
  OriginXyz,
  OriginRpy,
  Lower,
  Upper,
  Effort,
  Velocity,
  Damping,
  LimitsEnabled
};

class ModelDocument : public QObject {
  Q_OBJECT
 public:
  explicit ModelDocument(QObject* parent = nullptr);
  ~ModelDocument() override;

  /// Opens a .scenario.json, .vms.json or .urdf file. On failure returns false with a
  /// message naming the file and the problem, and leaves the document unchanged.
  bool open(const QString& path, QString* error);
  /// The same, balancing every non-physical inertia first (core repairInertias; the warnings()
  /// name each link). The document is then modified: saving writes the repaired model.
  bool openRepairingInertia(const QString& path, QString* error);
  /// Added (drafts): opens `path` even if its model does not compile or its scenario does not
  /// assemble: the document is then a draft (isDraft(): problems() name each item, scenario()
  /// is drawn from a stand-in and must not be simulated). Edits of a draft are accepted even if
  /// the result still does not compile; once it does, the document is no draft any more. Save
  /// writes it as it is. False with the reader's message if the file cannot be read at all; a
  /// file that compiles opens as open() would.
  bool openAsDraft(const QString& path, QString* error);
  /// Whether openAsDraft would open `path` (it reads; it may or may not compile).
  static bool canOpenAsDraft(const QString& path);
  /// Whether the document is a draft, and why: the model's problems (compileModel's refusals,
  /// in its order, each naming a link, joint, frame or the model) and the scenario's.
  bool isDraft() const;
  const std::vector<ModelProblem>& modelProblems() const;
  QStringList problemMessages() const;  // the model's, then the scenario's
  /// Whether `message` (a failed open) is a link inertia that openRepairingInertia balances.
  static bool isRepairableInertiaProblem(const QString& message);
  bool isOpen() const;
  QString path() const;            // file opened (empty for none)
  QString modelDirectory() const;  // folder mesh paths are relative to
  QString title() const;           // scenario or model name, for the window title

  const ModelDescription& description() const;
  const Scenario& scenario() const;  // compiled from the current description

  // Edits (undoable). Return false with a message if refused (nothing changes).
  bool setLinkProperty(int link, LinkProperty property, const VecX& value, QString* error);
  /// A moved joint (OriginXyz, OriginRpy) stretches its parent link's shapes that follow the
  /// joints; that link's mass properties, if computed from its shapes, follow in the same step.
  bool setJointProperty(int joint, JointProperty property, const VecX& value, QString* error);
  bool setBaseType(BaseType type, QString* error);

  // Structural edits (ui/document/structure_edits.hpp: what each does to the model and to
  // the scenario's references), one undo step each, validated like every edit. Items are
  // named; `created` (optional) receives the new item's name.
  bool addChildLink(const QString& parent, JointKind kind, QString* created, QString* error);
  bool deleteLink(const QString& link, QString* error);
  /// Added (drafts): the joint alone (a second parent joint); structure_edits.hpp deleteJoint.
  bool deleteJoint(const QString& joint, QString* error);
  bool duplicateLink(const QString& link, QString* created, QString* error);
  bool reparentLink(const QString& link, const QString& new_parent, QString* error);
  bool renameItem(StructureItem kind, const QString& old_name, const QString& new_name,
                  QString* error);
  bool setJointKind(const QString& joint, JointKind kind, QString* error);
  bool addFrame(const QString& link, QString* created, QString* error);
  bool deleteFrame(const QString& frame, QString* error);
  /// Actuators (scenario items; refused for a bare model, whose default scenario has none).
  bool addReactionWheel(QString* created, QString* error);
  bool deleteReactionWheel(const QString& name, QString* error);
  bool addThruster(const QString& link, QString* created, QString* error);
  bool deleteThruster(const QString& name, QString* error);
  /// Added (compose real robots, core/model/compose_models.hpp): the model file `arm_file`
  /// (URDF or .vms.json) attached by its root link to `at` (a link or frame; "" = the vehicle)
  /// at `placement` through a fixed joint, its names prefixed by `prefix`, relative mesh paths
  /// rebased on this document's folder; the initial state gains the arm's joints at 0. One undo
  /// step; refused with the reader's or composer's message (naming the file).
  bool mountArm(const QString& arm_file, const QString& at, const Pose& placement,
                const QString& prefix, QString* error);
  /// The vehicle (root link) replaced by the model in `vehicle_file`: what was on the old root
  /// moves to its root (or `attach`) at `placement`; base type and gravity from that file.
  bool replaceVehicle(const QString& vehicle_file, const QString& attach, const Pose& placement,
                      QString* error);
  /// Added (DH-table editor): the model's DH table replaced by `table` (core/io/dh_edit.hpp):
  /// its links, joints and end-effector frame re-expanded in place, the DH form kept for Save,
  /// the initial state following added or removed joints. One undo step named `what`.
  bool setDhTable(const DhTable& table, const QString& what, QString* error);
  /// A model without a DH table gets `table` (ui/document/dh_start.hpp: dhTableOfModel): written
  /// as its expansion, in DH form from then on. One undo step "Start a DH table".
  bool startDhTable(const DhTable& table, QString* error);
  /// Added (scenario panel): the scenario around the model replaced by `scenario` (its run
  /// settings, environment, initial state, controllers; its model reference and vehicle
  /// override are kept from the current one). One undo step named `what`; refused, changing
  /// nothing, for a bare model (its default scenario is not saved with it) or when the
  /// scenario does not assemble (the message names the key).
  bool setScenario(const ScenarioDescription& scenario, const QString& what, QString* error);
  /// A bare model (.vms.json, .urdf, a new model) gets a scenario of its own, as one undo step
  /// "Give the model a scenario": the default one it runs in (its base and gravity, floating,
  /// at rest) with a duration of kSavedDefaultDuration and the model inline, so that its
  /// scenario can be edited in place. From then on isScenarioFile() is true and it is saved as
  /// a .scenario.json. True at once for a document that has a scenario already.
  bool giveScenario(QString* error = nullptr);
  /// The scenario around the model as its file states it (a default one for a bare model).
  const ScenarioDescription& scenarioDescription() const;
  /// Added: a new untitled document (no file: Save asks for a name) holding `description` in
  /// the default scenario (floating, at rest). Refused, changing nothing, if it does not compile.
  bool newDocument(const ModelDescription& description, QString* error);
  // Link shapes: the visuals of link `link` (description indices), each one undo step,
  // refused with visualProblem()'s message (ui/document/visual_edits.hpp) if not storable.
  bool setVisual(int link, int index, const Visual& visual, QString* error);
  /// setVisual, carrying along what a length change moves (ui/document/shape_length_edit.hpp:
  /// the child joints and frames on the shape's axis, mass properties that came from the
  /// shapes), all in the same undo step.
  bool setVisualCarryingLength(int link, int index, const Visual& visual, QString* error);
  bool addVisual(int link, const Visual& visual, QString* error);
  bool removeVisual(int link, int index, QString* error);
  /// Added: mass, CoM and inertia of a link at once, one undo step ("Compute from shapes");
  /// `what` names it in the undo text. Refused like any edit the compiler rejects.
  bool setLinkInertial(int link, const Inertial& inertial, const QString& what, QString* error);
  QUndoStack* undoStack() const;
  bool isModified() const;  // unsaved edits

  // Non-fatal findings of the last open/edit ("<file>: <element>: <problem>"), and
  // whether the document is a scenario file (else a bare model in the default scenario).
  QStringList warnings() const;
  bool isScenarioFile() const;

  /// Added (design studies): the scenario as it stands (model inline, paths relative to the
  /// copy's folder) written to `path`, a .scenario.json that `vms run` / `vms sweep` read; the
  /// document keeps its own file and its modified state.
  bool writeScenarioCopy(const QString& path, QString* error) const;
  /// Saves the model description as .vms.json (or the scenario as .scenario.json, with the
  /// model inline, when `path` ends so). Clears the modified flag on success.
  bool save(const QString& path, QString* error);

  // Autosave / recovery. The directory defaults to QStandardPaths::AppDataLocation/autosave.
  void setAutosaveDirectory(const QString& dir);
  /// The recovery copy (if modified) serialized here and written and synced on a writer
  /// thread (ui/document/autosave_writer.hpp): the timer's call, which never waits for the disk.
  /// False only if the document cannot be serialized; a failed write is autosaveFailed().
  bool writeAutosaveInBackground(QString* error = nullptr);
  /// The same, returning once the copy is on disk (false with the writer's message).
  bool writeAutosave(QString* error = nullptr);
  /// Removes the recovery copy (on clean close or after saving), after any write in progress.
  void discardAutosave();
  /// A recovery file left by a session that did not close cleanly, if any.
  static std::optional<QString> findRecovery(const QString& autosave_dir);
  /// The document a recovery copy holds edits of (the file it was opened from or saved to;
  /// empty for a document never saved) and when it was written, for the recovery question.
  static QString recoveryOriginalPath(const QString& recovery_file);
  static QDateTime recoveryTime(const QString& recovery_file);
  bool restoreRecovery(const QString& recovery_file, QString* error);
  /// Added: deletes a recovery copy and its metadata (the user declined to restore it).
  static void discardRecovery(const QString& recovery_file);

 signals:
  void opened();        // a new document (rebuild every view)
  void modelChanged();  // an edit or undo/redo changed the model (scenario() recompiled)
  void modifiedChanged(bool modified);
  void draftChanged(bool draft);  // after opened()/modelChanged() when isDraft() changed
  /// Added: an edit was refused; `item` (a vms::ModelItem) and `index` name the item of
  /// description() it concerns (index -1: none found), `message` why (the model tree marks it
  /// until the next change).
  void editRefused(int item, int index, const QString& message);
  /// A recovery copy written in the background could not be written (`message` says why).
  void autosaveFailed(const QString& message);

 private:
  bool saveFile(const QString& path, QString* error);  // save() once no copy is being written
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace vms::ui
