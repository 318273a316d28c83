#pragma once
// The strip above the 3D view when mesh files of the open model are not found (SPART's
// kuka_iiwa.urdf names a folder it does not ship): how many, which (the first three and their
// links), and "Locate folder…", which the main window answers with a folder dialog. Hidden when
// every mesh is found. A link whose mesh is missing is drawn as its automatic geometry, in
// magenta. Window chrome like the start page (ui/app), not a dock.
#include <QFrame>
#include <vector>

#include "core/io/mesh_files.hpp"

class QLabel;
class QPushButton;

namespace vms::ui {

class MissingMeshBar : public QFrame {
  Q_OBJECT
 public:
  explicit MissingMeshBar(QWidget* parent = nullptr);

  /// Shows the bar for `missing` (hides it when empty).
  void showMissing(const std::vector<MeshReference>& missing);
  QString text() const;
  QPushButton* locateButton() const { return locate_; }

 signals:
  void locateRequested();

 private:
  QLabel* label_ = nullptr;
  QPushButton* locate_ = nullptr;
};

}  // namespace vms::ui
