#pragma once
// What the window shows while no model is open: how to start (open a file, or drop one), the recent
// files, and the shipped examples with the title of their teaching note. Activating an entry asks
// the window to open it.
#include <QString>
#include <QWidget>

class QListWidget;
class QPushButton;

namespace vms::ui {

class StartPage : public QWidget {
  Q_OBJECT
 public:
  explicit StartPage(QWidget* parent = nullptr);
  /// Re-reads the recent files and the examples folder.
  void refresh();
  QListWidget* recentList() const { return recent_; }
  QListWidget* exampleList() const { return examples_; }
  QPushButton* openButton() const { return open_; }

  /// The first heading of an example's note ("Seed 004: one joint at a time (...)"), else
  /// its file name.
  static QString exampleTitle(const QString& scenario_path);

 signals:
  void openRequested(const QString& path);
  void openDialogRequested();
  void newRequested();  // added: File > New

 private:
  QListWidget* recent_;
  QListWidget* examples_;
  QPushButton* open_;
};

}  // namespace vms::ui
