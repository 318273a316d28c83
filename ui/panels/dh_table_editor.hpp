#pragma once
// The DH-table editor (Edit > DH Table…) for models written as a DH table in seed 004's
// convention (core/io/dh_table.hpp): the mount of the arm on the base (b0, epsilon, zeta, eta)
// and one row per link (d, alpha, a, b, mass, principal inertia in the link's CoM frame).
// Every committed cell is one undo step (ModelDocument::setDhTable): the model is re-expanded
// from the table and keeps its DH form, so Save writes the table. "Add link" appends a copy
// of the last row (a first row when the table has none), "Remove last link" drops it. A model
// without a DH table offers "Start a DH table" (QPushButton "dhStart"): its vehicle and chain
// of joints written as one (ui/document/dh_start.hpp), or why that cannot be done. A model no
// longer in DH form shows why and nothing is editable. Angles are shown and typed in degrees.
#include <QDialog>

class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;
class QTableWidgetItem;

namespace vms {
struct DhTable;
}

namespace vms::ui {

class MessageLabel;
class ModelDocument;

class DhTableEditor : public QDialog {
  Q_OBJECT
 public:
  /// Columns of the link table.
  enum Column { Name, Joint, D, AlphaDeg, A, B, Mass, Ixx, Iyy, Izz, ColumnCount };
  /// The mount fields, in order: b0 x, y, z (m), epsilon, zeta, eta (degrees).
  enum MountField { B0x, B0y, B0z, EpsilonDeg, ZetaDeg, EtaDeg, MountFieldCount };

  explicit DhTableEditor(ModelDocument* document, QWidget* parent = nullptr);

  /// Re-reads the document (after any edit, undo or open).
  void refresh();
  /// Whether the open model has a DH table the editor can edit.
  bool editable() const;

  // What a user does, without the mouse (tests): each is one undo step, false with
  // lastProblem() set if refused (the document is unchanged then).
  bool setCell(int row, Column column, const QString& text);
  bool setMountField(MountField field, const QString& text);
  bool addLink();
  bool removeLastLink();
  /// "Start a DH table": the model written as its DH table (one undo step).
  bool startTable();

  QTableWidget* table() const { return table_; }
  QString lastProblem() const { return problem_; }
  QString statusText() const;

 private:
  bool commit(const DhTable& table, const QString& what);
  void showProblem(const QString& problem);
  void onItemChanged(QTableWidgetItem* item);

  ModelDocument* document_;
  QTableWidget* table_ = nullptr;
  QLineEdit* mount_[MountFieldCount] = {};
  MessageLabel* status_ = nullptr;
  QPushButton* add_ = nullptr;
  QPushButton* remove_ = nullptr;
  QPushButton* start_ = nullptr;
  QString problem_;
  bool filling_ = false;  // refresh() writes cells: not edits
};

}  // namespace vms::ui
