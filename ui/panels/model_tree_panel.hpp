#pragma once
// The model tree: vehicle, links, joints (with type), frames and reaction wheels of the open
// document, as a tree that mirrors the kinematic tree. Selecting a row selects its body.
// Contract owned by the model-document module; the main window depends on it.
#include <QWidget>
#include <memory>

class QTreeWidget;

namespace vms::ui {

class ModelDocument;

class ModelTreePanel : public QWidget {
  Q_OBJECT
 public:
  explicit ModelTreePanel(ModelDocument* document, QWidget* parent = nullptr);
  ~ModelTreePanel() override;
  /// Selects the row of a compiled-model body (-1: clears) without emitting bodySelected.
  void setSelectedBody(int body);

  // The tree widget itself (for the main window and tests). Each row carries its kind, indices and
  // body in the data roles below (column 0).
  QTreeWidget* treeWidget() const;
  enum Role {
    KindRole = 0x0100 + 1,  // Qt::UserRole + 1: RowKind
    DescriptionIndexRole,   // link/joint/frame index in scenario().model.description (in a
                            // draft: in document->description(); body -1 if not drawn)
    BodyRole,               // compiled body the row belongs to
    JointIndexRole,         // compiled joint (user order), -1 for fixed joints and other rows
    ProblemRole,            // added (drafts): why the item keeps the model from compiling
  };
  enum class RowKind { Link, Joint, Frame };
  /// Added: makes the row of that kind and name current, emitting the selection signals as a
  /// click would (the structure edits select what they made). False if there is none.
  bool selectItem(RowKind kind, const QString& name);

 signals:
  void bodySelected(int body);    // compiled-model body index
  void jointSelected(int joint);  // compiled-model joint index (user order)
  void linkSelected(int link);    // description link index (-1: a reaction wheel's link)
  /// Added: description joint index of the selected joint row (fixed joints too; -1 for a
  /// reaction wheel's joint, which the scenario defines).
  void descriptionJointSelected(int joint);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace vms::ui
