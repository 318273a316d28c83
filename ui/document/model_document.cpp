#include "ui/document/model_document.hpp"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>
#include <QUndoStack>
#include <cstring>
#include <functional>
#include <utility>

#include "core/io/dh_edit.hpp"
#include "core/io/model_io.hpp"
#include "core/io/vms_json.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/compose_models.hpp"
#include "core/model/inertia_repair.hpp"
#include "core/scenario/scenario_json.hpp"
#include "ui/document/autosave_files.hpp"
#include "ui/document/autosave_writer.hpp"
#include "ui/document/description_edits.hpp"
#include "ui/document/dh_start.hpp"
#include "ui/document/document_edit_command.hpp"
#include "ui/document/document_loader.hpp"
#include "ui/document/draft_assembly.hpp"
#include "ui/document/qt_strings.hpp"
#include "ui/document/scenario_builder.hpp"
#include "ui/document/shape_length_edit.hpp"
#include "ui/document/structure_edits.hpp"
#include "ui/document/visual_edits.hpp"

namespace vms::ui {

namespace {

void setError(QString* error, const QString& message) {
  if (error) *error = message;
}

int nextDocumentId() {
  static int id = 0;
  return ++id;
}

bool writeFileAtomically(const QString& path, const QByteArray& bytes, QString* error) {
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
    setError(error, path + ": cannot write: " + file.errorString());
    return false;
  }
  return true;
}

bool bitwiseEqual(const VecX& a, const VecX& b) {
  return a.size() == b.size() &&
         (a.size() == 0 ||
          std::memcmp(a.data(), b.data(), sizeof(double) * static_cast<size_t>(a.size())) == 0);
}

}  // namespace

struct ModelDocument::Impl {
  ModelDocument* self = nullptr;
  QUndoStack* undo = nullptr;
  SnapshotPtr current = std::make_shared<DocumentSnapshot>();
  bool open = false;
  QString path;
  QString model_dir;
  bool forced_modified = false;  // restored from a recovery file: unsaved with no undo history
  bool last_modified = false;
  QString autosave_dir;
  int document_id = nextDocumentId();
  std::optional<AutosaveFiles> autosave;   // written by this document, not yet discarded
  std::unique_ptr<AutosaveWriter> writer;  // writes the recovery copies off the GUI thread

  bool last_draft = false;

  bool modified() const { return open && (forced_modified || !undo->isClean()); }

  void emitDraftIfChanged() {
    const bool draft = open && current->isDraft();
    if (draft == last_draft) return;
    last_draft = draft;
    emit self->draftChanged(draft);
  }

  void emitModifiedIfChanged() {
    const bool m = modified();
    if (m == last_modified) return;
    last_modified = m;
    // Back to the saved state (undo, save): the recovery copy would restore edits that no
    // longer exist.
    if (!m) removeOwnAutosave();
    emit self->modifiedChanged(m);
  }

  /// Removes this document's recovery copy once no write of it is waiting or in progress (a
  /// late write would bring it back).
  void removeOwnAutosave() {
    if (!autosave) return;
    writer->cancelAndWait();
    removeAutosaveFiles(*autosave);
    markAutosaveLive(autosave->data, false);
    autosave.reset();
  }

  void apply(const SnapshotPtr& snapshot) {
    current = snapshot;
    emit self->modelChanged();
    emitDraftIfChanged();
  }

  /// Assembles `next` (its description and source set): strictly, or, while the document is a
  /// draft, allowing a draft (an edit of a draft may leave it one). `simulatable`: also refuse
  /// what opening the result would refuse (checkSimulatable). False with the message if refused.
  bool assemble(DocumentSnapshot& next, bool simulatable, QString* error) const {
    if (current->isDraft()) {
      assembleAllowingDraft(next);
      return true;
    }
    try {
      next.scenario = buildScenario(next.description, next.source, &next.warnings);
      if (simulatable) checkSimulatable(next.scenario);
    } catch (const std::exception& e) {
      refuse(e.what(), error);
      return false;
    }
    return true;
  }

  /// A refused edit: the message for the caller, and editRefused naming the item it concerns.
  void refuse(const std::string& message, QString* error) const {
    setError(error, qstr(message));
    const ModelProblem p = problemNamedBy(message, current->description);
    emit self->editRefused(static_cast<int>(p.item), p.index, qstr(message));
  }

  /// Validates `edited` and pushes it as one undo step. False + message if refused.
  bool commit(ModelDescription edited, const std::string& what, QString* error) {
    auto next = std::make_shared<DocumentSnapshot>();
    next->description = std::move(edited);
    next->source = current->source;
    if (!assemble(*next, /*simulatable=*/false, error)) return false;
    undo->push(new DocumentEditCommand(qstr("Edit " + what), current, std::move(next),
                                       [this](const SnapshotPtr& s) { apply(s); }));
    return true;
  }

  /// Added: a structural edit of the description and the scenario's references (one undo
  /// step named `text`); nothing changes if `edit` refuses or the result does not build.
  using StructureEdit = std::function<std::string(ModelDescription&, ScenarioDescription*)>;
  bool commitStructure(const StructureEdit& edit, const QString& text, QString* error) {
    if (!open) {
      setError(error, "no document is open");
      return false;
    }
    auto next = std::make_shared<DocumentSnapshot>();
    next->description = current->description;
    next->source = current->source;
    if (const std::string problem = edit(next->description, &next->source.description);
        !problem.empty()) {
      refuse(problem, error);
      return false;
    }
    if (!assemble(*next, /*simulatable=*/true, error)) return false;
    undo->push(new DocumentEditCommand(text, current, std::move(next),
                                       [this](const SnapshotPtr& s) { apply(s); }));
    return true;
  }

  /// opened(), then the modified and draft states of the new document.
  void announceOpened() {
    emit self->opened();
    emitModifiedIfChanged();
    emitDraftIfChanged();
  }

  /// open(), openAsDraft(), openRepairingInertia(): loadDocument, then the document is that
  /// file (a repaired one differs from it until saved).
  bool openFile(const QString& path, bool repair_inertia, bool allow_draft, QString* error) {
    LoadedDocument loaded;
    try {
      loaded = loadDocument(path.toStdString(), repair_inertia, allow_draft);
    } catch (const std::exception& e) {
      setError(error, qstr(e.what()));
      return false;
    }
    replaceDocument(std::move(loaded), QFileInfo(path).absoluteFilePath());
    forced_modified = repair_inertia;
    announceOpened();
    return true;
  }

  void replaceDocument(LoadedDocument loaded, const QString& new_path) {
    // The replaced document's edits were saved or discarded by now: its recovery copy goes.
    removeOwnAutosave();
    undo->clear();
    current = std::make_shared<DocumentSnapshot>(std::move(loaded.snapshot));
    model_dir = qstr(loaded.model_dir);
    path = new_path;
    open = true;
    forced_modified = false;
    undo->setClean();
  }

  QByteArray documentText(bool as_scenario, const QString& target_dir) const {
    if (!as_scenario) return QByteArray::fromStdString(writeVmsJson(current->description));
    return QByteArray::fromStdString(scenarioTextWithModel(
        current->description, current->source, target_dir.toStdString(), target_dir.isEmpty()));
  }
};

ModelDocument::ModelDocument(QObject* parent) : QObject(parent), impl_(std::make_unique<Impl>()) {
  impl_->self = this;
  impl_->undo = new QUndoStack(this);
  impl_->writer = std::make_unique<AutosaveWriter>([this](const QString& message) {
    QMetaObject::invokeMethod(
        this, [this, message] { emit autosaveFailed(message); }, Qt::QueuedConnection);
  });
  impl_->autosave_dir =
      QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + "/autosave";
  connect(impl_->undo, &QUndoStack::cleanChanged, this,
          [this](bool) { impl_->emitModifiedIfChanged(); });
  connect(impl_->undo, &QUndoStack::indexChanged, this,
          [this](int) { impl_->emitModifiedIfChanged(); });
}

ModelDocument::~ModelDocument() {
  // The recovery copy stays (only discardAutosave() removes it): a document destroyed without
  // a clean close is offered again; it is no longer live, so this process may offer it too.
  if (impl_->autosave) markAutosaveLive(impl_->autosave->data, false);
}

bool ModelDocument::open(const QString& path, QString* error) {
  return impl_->openFile(path, /*repair_inertia=*/false, /*allow_draft=*/false, error);
}

bool ModelDocument::openAsDraft(const QString& path, QString* error) {
  return impl_->openFile(path, /*repair_inertia=*/false, /*allow_draft=*/true, error);
}

bool ModelDocument::canOpenAsDraft(const QString& path) {
  return documentReads(path.toStdString());
}

bool ModelDocument::isDraft() const { return impl_->open && impl_->current->isDraft(); }

const std::vector<ModelProblem>& ModelDocument::modelProblems() const {
  return impl_->current->problems;
}

QStringList ModelDocument::problemMessages() const {
  QStringList out;
  if (!impl_->open) return out;
  for (const ModelProblem& p : impl_->current->problems) out << qstr(p.message);
  for (const std::string& p : impl_->current->scenario_problems) out << qstr(p);
  return out;
}

bool ModelDocument::openRepairingInertia(const QString& path, QString* error) {
  return impl_->openFile(path, /*repair_inertia=*/true, /*allow_draft=*/false, error);
}

bool ModelDocument::isRepairableInertiaProblem(const QString& message) {
  return vms::isRepairableInertiaProblem(message.toStdString());
}

bool ModelDocument::isOpen() const { return impl_->open; }
QString ModelDocument::path() const { return impl_->path; }
QString ModelDocument::modelDirectory() const { return impl_->model_dir; }

QString ModelDocument::title() const {
  if (!impl_->open) return {};
  const Scenario& s = impl_->current->scenario;
  if (impl_->current->source.from_scenario_file && !s.name.empty()) return qstr(s.name);
  return qstr(impl_->current->description.name);
}

const ModelDescription& ModelDocument::description() const { return impl_->current->description; }
const Scenario& ModelDocument::scenario() const { return impl_->current->scenario; }

QStringList ModelDocument::warnings() const {
  QStringList out;
  for (const auto& w : impl_->current->warnings) out << qstr(w);
  return out;
}

bool ModelDocument::isScenarioFile() const {
  return impl_->open && impl_->current->source.from_scenario_file;
}

bool ModelDocument::setLinkProperty(int link, LinkProperty property, const VecX& value,
                                    QString* error) {
  if (!impl_->open) {
    setError(error, "no document is open");
    return false;
  }
  ModelDescription d = impl_->current->description;
  const std::string problem = setLinkPropertyValue(d, link, property, value);
  if (!problem.empty()) {
    setError(error, qstr(problem));
    emit editRefused(static_cast<int>(ModelItem::Link), link, qstr(problem));
    return false;
  }
  if (bitwiseEqual(linkPropertyValue(d, link, property),
                   linkPropertyValue(impl_->current->description, link, property)))
    return true;  // nothing changes: no undo step
  const std::string what = describeEdit(d, link, property);
  return impl_->commit(std::move(d), what, error);
}

bool ModelDocument::setJointProperty(int joint, JointProperty property, const VecX& value,
                                     QString* error) {
  if (!impl_->open) {
    setError(error, "no document is open");
    return false;
  }
  ModelDescription d = impl_->current->description;
  const std::string problem = setJointPropertyValue(d, joint, property, value);
  if (!problem.empty()) {
    setError(error, qstr(problem));
    emit editRefused(static_cast<int>(ModelItem::Joint), joint, qstr(problem));
    return false;
  }
  const JointDescription& before = impl_->current->description.joints[joint];
  const JointDescription& after = d.joints[joint];
  const bool same = before.axis == after.axis && before.origin.p == after.origin.p &&
                    before.origin.R == after.origin.R && before.lower == after.lower &&
                    before.upper == after.upper && before.effort == after.effort &&
                    before.velocity == after.velocity && before.damping == after.damping &&
                    before.has_limits == after.has_limits;
  if (same) return true;
  std::string what = describeEdit(d, joint, property);
  // The parent link's shapes that follow the joints changed length: mass properties computed
  // from them follow in the same step.
  if (property == JointProperty::OriginXyz || property == JointProperty::OriginRpy) {
    const auto& links = d.links;
    for (size_t l = 0; l < links.size(); ++l)
      if (links[l].name == d.joints[size_t(joint)].parent) {
        if (const double rho = recomputeShapeInertia(impl_->current->description, d, int(l));
            rho > 0.0)
          what += " with mass properties of link '" + links[l].name + "' from its shapes (" +
                  QString::number(rho, 'g', 6).toStdString() + " kg/m³)";
        break;
      }
  }
  return impl_->commit(std::move(d), what, error);
}

bool ModelDocument::setBaseType(BaseType type, QString* error) {
  if (!impl_->open) {
    setError(error, "no document is open");
    return false;
  }
  if (impl_->current->description.base_type == type) return true;
  ModelDescription d = impl_->current->description;
  d.base_type = type;
  return impl_->commit(std::move(d), "vehicle type (" + toString(type) + ")", error);
}

bool ModelDocument::addChildLink(const QString& parent, JointKind kind, QString* created,
                                 QString* error) {
  std::string name;
  const bool ok = impl_->commitStructure(
      [&](ModelDescription& d, ScenarioDescription* s) {
        return vms::ui::addChildLink(d, s, parent.toStdString(), kind, &name);
      },
      tr("Add %1 link under '%2'").arg(QString::fromLatin1(toString(kind)), parent), error);
  if (ok && created) *created = qstr(name);
  return ok;
}

namespace {

/// A model file read for composing: its description (the file's base type applied) and the
/// folder of its meshes relative to `document_dir`. Errors name the file.
bool readComponent(const QString& file, const QString& document_dir, ModelDescription* d,
                   std::string* mesh_dir, QString* error) {
  try {
    *d = loadModelDescription(file.toStdString(), nullptr);
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
  const QString folder = QFileInfo(file).absolutePath();
  const QString rel = document_dir.isEmpty() ? folder : QDir(document_dir).relativeFilePath(folder);
  *mesh_dir = rel == "." ? std::string() : rel.toStdString();
  return true;
}

}  // namespace

bool ModelDocument::mountArm(const QString& arm_file, const QString& at, const Pose& placement,
                             const QString& prefix, QString* error) {
  ModelDescription arm;
  MountOptions o;
  if (!readComponent(arm_file, modelDirectory(), &arm, &o.arm_mesh_directory, error)) return false;
  o.parent_link = at.toStdString();
  o.placement = placement;
  o.prefix = prefix.toStdString();
  return impl_->commitStructure(
      [&](ModelDescription& d, ScenarioDescription* s) -> std::string {
        const ModelDescription before = d;
        try {
          d = vms::mountArm(d, arm, o);
        } catch (const std::exception& e) {
          return arm_file.toStdString() + ": " + e.what();
        }
        return syncScenarioJoints(before, d, s);
      },
      tr("Mount arm '%1'").arg(QFileInfo(arm_file).fileName()), error);
}

bool ModelDocument::replaceVehicle(const QString& vehicle_file, const QString& attach,
                                   const Pose& placement, QString* error) {
  ModelDescription vehicle;
  ReplaceVehicleOptions o;
  if (!readComponent(vehicle_file, modelDirectory(), &vehicle, &o.vehicle_mesh_directory, error))
    return false;
  o.attach_link = attach.toStdString();
  o.placement = placement;
  return impl_->commitStructure(
      [&](ModelDescription& d, ScenarioDescription* s) -> std::string {
        const ModelDescription before = d;
        try {
          d = vms::replaceVehicle(d, vehicle, o);
        } catch (const std::exception& e) {
          return vehicle_file.toStdString() + ": " + e.what();
        }
        if (s && s->base) s->base = d.base_type;  // an override follows the new vehicle
        return syncScenarioJoints(before, d, s);
      },
      tr("Replace vehicle by '%1'").arg(QFileInfo(vehicle_file).fileName()), error);
}

bool ModelDocument::setDhTable(const DhTable& table, const QString& what, QString* error) {
  return impl_->commitStructure(
      [&](ModelDescription& d, ScenarioDescription* s) -> std::string {
        const ModelDescription before = d;
        try {
          d = withDhTable(d, table);
        } catch (const std::exception& e) {
          return std::string("DH table: ") + e.what();
        }
        return syncScenarioJoints(before, d, s);
      },
      what.isEmpty() ? tr("Edit DH table") : what, error);
}

bool ModelDocument::startDhTable(const DhTable& table, QString* error) {
  if (impl_->open && impl_->current->description.dh) {
    setError(error, "the model has a DH table already");
    return false;
  }
  return impl_->commitStructure(
      [&](ModelDescription& d, ScenarioDescription* s) -> std::string {
        const ModelDescription before = d;
        d = withStartedDhTable(d, table);
        return syncScenarioJoints(before, d, s);
      },
      tr("Start a DH table"), error);
}

bool ModelDocument::deleteLink(const QString& link, QString* error) {
  return impl_->commitStructure(
      [&](ModelDescription& d, ScenarioDescription* s) {
        return vms::ui::deleteLink(d, s, link.toStdString());
      },
      tr("Delete link '%1'").arg(link), error);
}

bool ModelDocument::deleteJoint(const QString& joint, QString* error) {
  return impl_->commitStructure(
      [&](ModelDescription& d, ScenarioDescription* s) {
        return vms::ui::deleteJoint(d, s, joint.toStdString());
      },
      tr("Delete joint '%1'").arg(joint), error);
}

bool ModelDocument::duplicateLink(const QString& link, QString* created, QString* error) {
  std::string name;
  const bool ok = impl_->commitStructure(
      [&](ModelDescription& d, ScenarioDescription* s) {
        return duplicateSubtree(d, s, link.toStdString(), &name);
      },
      tr("Duplicate link '%1'").arg(link), error);
  if (ok && created) *created = qstr(name);
  return ok;
}

bool ModelDocument::reparentLink(const QString& link, const QString& new_parent, QString* error) {
  return impl_->commitStructure(
      [&](ModelDescription& d, ScenarioDescription* s) {
        return vms::ui::reparentLink(d, s, link.toStdString(), new_parent.toStdString());
      },
      tr("Move link '%1' under '%2'").arg(link, new_parent), error);
}

bool ModelDocument::renameItem(StructureItem kind, const QString& old_name, const QString& new_name,
                               QString* error) {
  if (old_name == new_name) return true;  // nothing changes: no undo step
  return impl_->commitStructure(
      [&](ModelDescription& d, ScenarioDescription* s) {
        return vms::ui::renameItem(d, s, kind, old_name.toStdString(), new_name.toStdString());
      },
      tr("Rename '%1' to '%2'").arg(old_name, new_name), error);
}

bool ModelDocument::setJointKind(const QString& joint, JointKind kind, QString* error) {
  for (const JointDescription& j : description().joints)
    if (j.name == joint.toStdString() && j.kind == kind) return true;  // no undo step
  return impl_->commitStructure(
      [&](ModelDescription& d, ScenarioDescription* s) {
        return changeJointType(d, s, joint.toStdString(), kind);
      },
      tr("Make joint '%1' %2").arg(joint, QString::fromLatin1(toString(kind))), error);
}

bool ModelDocument::addFrame(const QString& link, QString* created, QString* error) {
  std::string name;
  const bool ok = impl_->commitStructure(
      [&](ModelDescription& d, ScenarioDescription* s) {
        return vms::ui::addFrame(d, s, link.toStdString(), &name);
      },
      tr("Add frame on '%1'").arg(link), error);
  if (ok && created) *created = qstr(name);
  return ok;
}

bool ModelDocument::deleteFrame(const QString& frame, QString* error) {
  return impl_->commitStructure(
      [&](ModelDescription& d, ScenarioDescription* s) {
        return vms::ui::deleteFrame(d, s, frame.toStdString());
      },
      tr("Delete frame '%1'").arg(frame), error);
}

namespace {
const char* const kNoActuators =
    "a bare model has no actuators (its default scenario): save it as a .scenario.json and "
    "open that to add reaction wheels or thrusters";
}  // namespace

const char* const kNoScenario =
    "a bare model runs in a default scenario that is not saved with it: save it as a "
    ".scenario.json and open that to edit its scenario";

bool ModelDocument::setScenario(const ScenarioDescription& scenario, const QString& what,
                                QString* error) {
  if (impl_->open && !impl_->current->source.from_scenario_file) {
    setError(error, kNoScenario);
    return false;
  }
  return impl_->commitStructure(
      [&](ModelDescription&, ScenarioDescription* s) -> std::string {
        if (!s) return kNoScenario;
        ScenarioDescription next = scenario;
        next.model = s->model;  // the model is edited as the description, not here
        next.base = s->base;
        next.source = s->source;
        *s = std::move(next);
        return {};
      },
      what.isEmpty() ? tr("Edit scenario") : what, error);
}

bool ModelDocument::giveScenario(QString* error) {
  if (!impl_->open) {
    setError(error, "no document is open");
    return false;
  }
  if (impl_->current->source.from_scenario_file) return true;
  auto next = std::make_shared<DocumentSnapshot>();
  next->description = impl_->current->description;
  ScenarioSource source = impl_->current->source;
  try {
    // What saving it as a .scenario.json would write, read back: the scenario file reader's
    // own description of the default scenario, the model inline.
    const std::string text = scenarioTextWithModel(impl_->current->description, source,
                                                   source.base_dir, /*absolute_paths=*/true);
    source.description = parseScenarioDescription(text, source.source_name, source.base_dir);
  } catch (const std::exception& e) {
    setError(error, qstr(e.what()));
    return false;
  }
  source.from_scenario_file = true;
  next->source = std::move(source);
  if (!impl_->assemble(*next, /*simulatable=*/true, error)) return false;
  impl_->undo->push(new DocumentEditCommand(tr("Give the model a scenario"), impl_->current,
                                            std::move(next),
                                            [this](const SnapshotPtr& s) { impl_->apply(s); }));
  return true;
}

bool ModelDocument::addReactionWheel(QString* created, QString* error) {
  if (impl_->open && !impl_->current->source.from_scenario_file) {
    setError(error, kNoActuators);
    return false;
  }
  std::string name;
  const bool ok = impl_->commitStructure(
      [&](ModelDescription& d, ScenarioDescription* s) {
        return vms::ui::addReactionWheel(d, s, &name);
      },
      tr("Add reaction wheel"), error);
  if (ok && created) *created = qstr(name);
  return ok;
}

bool ModelDocument::deleteReactionWheel(const QString& name, QString* error) {
  return impl_->commitStructure(
      [&](ModelDescription&, ScenarioDescription* s) {
        return vms::ui::deleteReactionWheel(s, name.toStdString());
      },
      tr("Delete reaction wheel '%1'").arg(name), error);
}

bool ModelDocument::addThruster(const QString& link, QString* created, QString* error) {
  if (impl_->open && !impl_->current->source.from_scenario_file) {
    setError(error, kNoActuators);
    return false;
  }
  std::string name;
  const bool ok = impl_->commitStructure(
      [&](ModelDescription& d, ScenarioDescription* s) {
        return vms::ui::addThruster(d, s, link.toStdString(), &name);
      },
      tr("Add thruster on '%1'").arg(link), error);
  if (ok && created) *created = qstr(name);
  return ok;
}

bool ModelDocument::deleteThruster(const QString& name, QString* error) {
  return impl_->commitStructure(
      [&](ModelDescription&, ScenarioDescription* s) {
        return vms::ui::deleteThruster(s, name.toStdString());
      },
      tr("Delete thruster '%1'").arg(name), error);
}

const ScenarioDescription& ModelDocument::scenarioDescription() const {
  return impl_->current->source.description;
}

bool ModelDocument::newDocument(const ModelDescription& description, QString* error) {
  LoadedDocument loaded;
  try {
    loaded.snapshot.description = description;
    loaded.snapshot.source = defaultScenarioSource(description.name + ".vms.json");
    loaded.snapshot.scenario =
        buildScenario(description, loaded.snapshot.source, &loaded.snapshot.warnings);
    checkSimulatable(loaded.snapshot.scenario);
  } catch (const std::exception& e) {
    setError(error, qstr(e.what()));
    return false;
  }
  impl_->replaceDocument(std::move(loaded), QString());
  impl_->announceOpened();
  return true;
}

namespace {

/// Empty if `link` (and `index`, unless -1) name a link (visual) of `d`.
QString visualIndexProblem(const ModelDescription& d, int link, int index) {
  if (link < 0 || link >= static_cast<int>(d.links.size())) return QString("no link %1").arg(link);
  const auto& visuals = d.links[static_cast<size_t>(link)].visuals;
  if (index != -1 && (index < 0 || index >= static_cast<int>(visuals.size())))
    return QString("link '%1' has no shape %2")
        .arg(qstr(d.links[size_t(link)].name))
        .arg(index + 1);
  return {};
}

}  // namespace

bool ModelDocument::setVisual(int link, int index, const Visual& visual, QString* error) {
  if (!impl_->open) {
    setError(error, "no document is open");
    return false;
  }
  ModelDescription d = impl_->current->description;
  if (const QString p = visualIndexProblem(d, link, index); !p.isEmpty()) {
    setError(error, p);
    return false;
  }
  if (const std::string p = visualProblem(visual); !p.empty()) {
    setError(error, qstr(p));
    return false;
  }
  Visual& target = d.links[size_t(link)].visuals[size_t(index)];
  if (sameVisual(target, visual)) return true;  // nothing changes: no undo step
  target = visual;
  const std::string what = describeVisual(d, link, index);
  return impl_->commit(std::move(d), what, error);
}

bool ModelDocument::setVisualCarryingLength(int link, int index, const Visual& visual,
                                            QString* error) {
  if (!impl_->open) {
    setError(error, "no document is open");
    return false;
  }
  ModelDescription d = impl_->current->description;
  if (const QString p = visualIndexProblem(d, link, index); !p.isEmpty()) {
    setError(error, p);
    return false;
  }
  if (const std::string p = visualProblem(visual); !p.empty()) {
    setError(error, qstr(p));
    return false;
  }
  const Visual& before = d.links[size_t(link)].visuals[size_t(index)];
  if (sameVisual(before, visual)) return true;  // nothing changes: no undo step
  const double delta = carriedShapeLength(visual) - carriedShapeLength(before);
  const ShapeLengthFollowUp follow_up = replaceShapeCarryingLength(d, link, index, visual);
  std::string what = describeVisual(d, link, index);
  if (!follow_up.empty()) what += " with " + describeFollowUp(follow_up, delta);
  return impl_->commit(std::move(d), what, error);
}

bool ModelDocument::addVisual(int link, const Visual& visual, QString* error) {
  if (!impl_->open) {
    setError(error, "no document is open");
    return false;
  }
  ModelDescription d = impl_->current->description;
  if (const QString p = visualIndexProblem(d, link, -1); !p.isEmpty()) {
    setError(error, p);
    return false;
  }
  if (const std::string p = visualProblem(visual); !p.empty()) {
    setError(error, qstr(p));
    return false;
  }
  auto& visuals = d.links[size_t(link)].visuals;
  visuals.push_back(visual);
  const std::string what = "(add) " + describeVisual(d, link, int(visuals.size()) - 1);
  return impl_->commit(std::move(d), what, error);
}

bool ModelDocument::removeVisual(int link, int index, QString* error) {
  if (!impl_->open) {
    setError(error, "no document is open");
    return false;
  }
  ModelDescription d = impl_->current->description;
  if (const QString p = visualIndexProblem(d, link, index); !p.isEmpty()) {
    setError(error, p);
    return false;
  }
  const std::string what = "(remove) " + describeVisual(d, link, index);
  auto& visuals = d.links[size_t(link)].visuals;
  visuals.erase(visuals.begin() + index);
  return impl_->commit(std::move(d), what, error);
}

bool ModelDocument::setLinkInertial(int link, const Inertial& inertial, const QString& what,
                                    QString* error) {
  if (!impl_->open) {
    setError(error, "no document is open");
    return false;
  }
  ModelDescription d = impl_->current->description;
  if (const QString p = visualIndexProblem(d, link, -1); !p.isEmpty()) {
    setError(error, p);
    return false;
  }
  if (const std::string p = inertialProblem(inertial); !p.empty()) {
    setError(error, qstr("link '" + d.links[size_t(link)].name + "': " + p));
    return false;
  }
  Inertial& target = d.links[size_t(link)].inertial;
  if (target.mass == inertial.mass && target.com == inertial.com &&
      target.inertia == inertial.inertia)
    return true;
  target = inertial;
  return impl_->commit(std::move(d), what.toStdString(), error);
}

QUndoStack* ModelDocument::undoStack() const { return impl_->undo; }
bool ModelDocument::isModified() const { return impl_->modified(); }

bool ModelDocument::writeScenarioCopy(const QString& path, QString* error) const {
  if (!impl_->open) {
    setError(error, "no document is open");
    return false;
  }
  try {
    return writeFileAtomically(path, impl_->documentText(true, QFileInfo(path).absolutePath()),
                               error);
  } catch (const std::exception& e) {
    setError(error, qstr(messageNamingFile(path.toStdString(), e.what())));
    return false;
  }
}

bool ModelDocument::save(const QString& path, QString* error) {
  if (!impl_->open) {
    setError(error, "no document is open");
    return false;
  }
  // A recovery copy being written is finished before the file is written, so that the copy
  // goes right after the file is renamed into place, not after a wait for the disk. A copy
  // still waiting is dropped (the file is about to hold those edits); a failed save posts it
  // again.
  impl_->writer->cancelAndWait();
  if (saveFile(path, error)) return true;
  if (impl_->autosave) writeAutosaveInBackground(nullptr);
  return false;
}

bool ModelDocument::saveFile(const QString& path, QString* error) {
  const std::string p = path.toStdString();
  const bool as_scenario = isScenarioFileName(p);
  const QFileInfo info(path);
  try {
    if (as_scenario || path.endsWith(".vms.json", Qt::CaseInsensitive)) {
      const QByteArray text = impl_->documentText(as_scenario, info.absolutePath());
      // Nothing is written unless it reads back to the same description.
      const ModelDescription reread =
          descriptionFromText(text.toStdString(), p, /*assemble=*/!impl_->current->isDraft());
      if (writeVmsJson(reread) != writeVmsJson(impl_->current->description)) {
        setError(error, path + ": not saved: the file would not read back to the same model");
        return false;
      }
      if (!writeFileAtomically(path, text, error)) return false;
    } else if (isModelFileName(p)) {
      saveModelDescription(impl_->current->description, p);  // .urdf (lossy, see model-format)
    } else {
      setError(error, path + ": unknown file type (save as .vms.json, .scenario.json or .urdf)");
      return false;
    }
  } catch (const std::exception& e) {
    setError(error, qstr(messageNamingFile(p, e.what())));
    return false;
  }
  // The document now is that file: later scenario paths are relative to it. A bare model
  // stays in its default scenario (reopening the saved .scenario.json gives its own duration).
  auto next = std::make_shared<DocumentSnapshot>(*impl_->current);
  try {
    if (!next->source.from_scenario_file)
      next->source = defaultScenarioSource(info.absoluteFilePath().toStdString());
    else if (as_scenario)
      next->source = scenarioFileSource(info.absoluteFilePath().toStdString());
  } catch (const std::exception& e) {
    setError(error, qstr(e.what()));
    return false;
  }
  impl_->current = std::move(next);
  impl_->path = info.absoluteFilePath();
  if (as_scenario || !impl_->current->source.from_scenario_file)
    impl_->model_dir = info.absolutePath();
  impl_->forced_modified = false;
  impl_->undo->setClean();
  discardAutosave();
  impl_->emitModifiedIfChanged();
  return true;
}

void ModelDocument::setAutosaveDirectory(const QString& dir) { impl_->autosave_dir = dir; }

bool ModelDocument::writeAutosave(QString* error) {
  if (!writeAutosaveInBackground(error)) return false;
  return impl_->writer->waitUntilWritten(error);
}

bool ModelDocument::writeAutosaveInBackground(QString* error) {
  if (!impl_->modified()) {
    discardAutosave();
    return true;
  }
  const bool scenario = impl_->current->source.from_scenario_file;
  const AutosaveFiles files =
      autosaveFilesFor(impl_->autosave_dir, impl_->path, scenario, impl_->document_id);
  AutosaveMetadata meta = currentProcessMetadata();
  meta.original_path = impl_->path;
  meta.model_dir = impl_->model_dir;
  QByteArray text;
  try {
    text = impl_->documentText(scenario, QString());
  } catch (const std::exception& e) {
    setError(error, qstr(e.what()));
    return false;
  }
  if (impl_->autosave && impl_->autosave->data != files.data) discardAutosave();
  markAutosaveLive(files.data, true);
  impl_->autosave = files;
  impl_->writer->post(files, text, meta);
  return true;
}

void ModelDocument::discardAutosave() { impl_->removeOwnAutosave(); }

std::optional<QString> ModelDocument::findRecovery(const QString& autosave_dir) {
  return findRecoveryFile(autosave_dir);
}

void ModelDocument::discardRecovery(const QString& recovery_file) {
  removeAutosaveFiles({recovery_file, metadataFileFor(recovery_file)});
}

QString ModelDocument::recoveryOriginalPath(const QString& recovery_file) {
  const auto meta = readAutosaveMetadata(metadataFileFor(recovery_file));
  return meta ? meta->original_path : QString();
}

QDateTime ModelDocument::recoveryTime(const QString& recovery_file) {
  const auto meta = readAutosaveMetadata(metadataFileFor(recovery_file));
  return meta ? meta->time : QDateTime();
}

bool ModelDocument::restoreRecovery(const QString& recovery_file, QString* error) {
  const auto meta = readAutosaveMetadata(metadataFileFor(recovery_file));
  LoadedDocument loaded;
  try {
    loaded = loadDocument(recovery_file.toStdString(), false, /*allow_draft=*/true);
  } catch (const std::exception& e) {
    setError(error, qstr(e.what()));
    return false;
  }
  const QString original = meta ? meta->original_path : QString();
  if (meta && !meta->model_dir.isEmpty()) loaded.model_dir = meta->model_dir.toStdString();
  // Messages and relative paths refer to the original file again.
  if (!original.isEmpty()) {
    auto& source = loaded.snapshot.source;
    source.source_name = original.toStdString();
    source.description.source = source.source_name;
    source.base_dir = QFileInfo(original).absolutePath().toStdString();
  }
  impl_->replaceDocument(std::move(loaded), original);
  impl_->forced_modified = true;
  impl_->announceOpened();
  // Take the recovery over: our own copy first; the old one goes only once that exists.
  if (writeAutosave(nullptr) && impl_->autosave && impl_->autosave->data != recovery_file)
    discardRecovery(recovery_file);
  return true;
}

}  // namespace vms::ui
