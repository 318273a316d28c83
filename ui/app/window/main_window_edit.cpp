// MainWindow: the Edit menu (undo and redo of model edits). Ctrl+Z /
// Ctrl+Shift+Z work while the cursor is in a panel's field: the field's own text undo would swallow
// them, so the shortcut goes to the document instead, after committing the field (a typed,
// uncommitted value is then undone with the rest).
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QKeyEvent>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QUndoStack>

#include "ui/app/contract/workbench_context.hpp"
#include "ui/app/window/main_window.hpp"
#include "ui/document/model_document.hpp"

namespace vms::ui {

namespace {

bool isUndoOrRedo(const QKeyEvent* key) {
  return key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo);
}

/// A text field in one of the window's docks (not the toolbar's fields).
bool isDockField(const QObject* object) {
  const auto* widget = qobject_cast<const QWidget*>(object);
  if (!widget ||
      !(qobject_cast<const QLineEdit*>(widget) || qobject_cast<const QAbstractSpinBox*>(widget)))
    return false;
  for (const QWidget* w = widget; w; w = w->parentWidget())
    if (qobject_cast<const QDockWidget*>(w)) return true;
  return false;
}

/// Lets Ctrl+Z / Ctrl+Shift+Z in a dock's field reach the Edit menu's actions: the field's
/// ShortcutOverride would otherwise claim them for its own text history.
class UndoShortcutRouter : public QObject {
 public:
  explicit UndoShortcutRouter(QObject* parent) : QObject(parent) {}
  bool eventFilter(QObject* watched, QEvent* event) override {
    if (event->type() == QEvent::ShortcutOverride && isUndoOrRedo(static_cast<QKeyEvent*>(event)) &&
        isDockField(watched)) {
      event->ignore();  // not claimed: the window's shortcut fires
      return true;
    }
    return QObject::eventFilter(watched, event);
  }
};

/// Commits the focused field (its editingFinished) so that undo sees the value typed there.
void commitFocusedField() {
  QWidget* focus = QApplication::focusWidget();
  if (!isDockField(focus)) return;
  if (auto* edit = qobject_cast<QLineEdit*>(focus)) {
    emit edit->editingFinished();
  } else if (auto* spin = qobject_cast<QAbstractSpinBox*>(focus)) {
    spin->interpretText();
    emit spin->editingFinished();
  }
}

}  // namespace

void MainWindow::createEditMenu() {
  QMenu* menu = menuBar()->addMenu(tr("&Edit"));
  menu->setObjectName("editMenu");
  context_->setEditMenu(menu);  // panels add their edit actions (WorkbenchPanel::addMenus)
  undo_action_ = menu->addAction(tr("&Undo"));
  undo_action_->setShortcut(QKeySequence::Undo);
  redo_action_ = menu->addAction(tr("&Redo"));
  redo_action_->setShortcut(QKeySequence::Redo);
  for (QAction* a : {undo_action_, redo_action_}) a->setShortcutContext(Qt::WindowShortcut);
  QUndoStack* stack = document_->undoStack();
  connect(undo_action_, &QAction::triggered, this, [stack] {
    commitFocusedField();
    stack->undo();
  });
  connect(redo_action_, &QAction::triggered, this, [stack] {
    commitFocusedField();
    stack->redo();
  });
  auto update = [this, stack] {
    undo_action_->setEnabled(stack->canUndo());
    redo_action_->setEnabled(stack->canRedo());
    undo_action_->setText(stack->canUndo() ? tr("&Undo %1").arg(stack->undoText()) : tr("&Undo"));
    redo_action_->setText(stack->canRedo() ? tr("&Redo %1").arg(stack->redoText()) : tr("&Redo"));
  };
  connect(stack, &QUndoStack::indexChanged, this, update);
  connect(stack, &QUndoStack::cleanChanged, this, update);
  update();
  qApp->installEventFilter(new UndoShortcutRouter(this));
}

}  // namespace vms::ui
