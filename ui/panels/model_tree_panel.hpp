#pragma once
// The model tree: vehicle, links, joints (with type), frames and reaction wheels of the open
// document, as a tree that mirrors the kinematic tree. Selecting a row selects its body.
// Contract owned by the model-document module; the main window depends on it.
#include <QWidget>
#include <memory>

namespace vms::ui {

class ModelDocument;

class ModelTreePanel : public QWidget {
  Q_OBJECT
 public:
  explicit ModelTreePanel(ModelDocument* document, QWidget* parent = nullptr);
  ~ModelTreePanel() override;
  /// Selects the row of a compiled-model body (-1: clears) without emitting bodySelected.
  void setSelectedBody(int body);

 signals:
  void bodySelected(int body);    // compiled-model body index
  void jointSelected(int joint);  // compiled-model joint index (user order)
  void linkSelected(int link);    // description link index

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace vms::ui
