#pragma once
// Property inspector: the selected link's mass, CoM and inertia, or the selected joint's axis,
// origin, limits, effort, velocity and damping, editable. Edits go through ModelDocument (undo,
// validation); a refused edit shows why inline and reverts the field. Contract owned by the
// model-document module; the main window depends on it.
#include <QWidget>
#include <memory>

namespace vms::ui {

class ModelDocument;

class PropertyInspector : public QWidget {
  Q_OBJECT
 public:
  explicit PropertyInspector(ModelDocument* document, QWidget* parent = nullptr);
  ~PropertyInspector() override;
  void showLink(int link);    // description link index (-1: nothing)
  void showJoint(int joint);  // description joint index
  void showBody(int body);    // compiled body: its defining link

 signals:
  void message(const QString& text);  // refused edits etc., for the log panel

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace vms::ui
