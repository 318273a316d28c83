#pragma once
// The strip above the 3D view while the open document is a draft (its model does not compile
// or its scenario does not assemble): how many problems, the first one, and that the
// simulation waits until they are fixed; every problem in the tooltip, and the model tree marks
// each item. What is drawn is the stand-in (each problem neutralised). Hidden otherwise.
#include <QFrame>
#include <QStringList>

class QLabel;

namespace vms::ui {

class MessageLabel;

class DraftBar : public QFrame {
  Q_OBJECT
 public:
  explicit DraftBar(QWidget* parent = nullptr);

  /// Shows the bar for `problems` (hides it when empty).
  void showProblems(const QStringList& problems);
  QString text() const;

 private:
  MessageLabel* label_ = nullptr;
};

}  // namespace vms::ui
