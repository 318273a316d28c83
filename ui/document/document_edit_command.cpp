#include "ui/document/document_edit_command.hpp"

#include <utility>

namespace vms::ui {

DocumentEditCommand::DocumentEditCommand(const QString& text, SnapshotPtr before, SnapshotPtr after,
                                         Apply apply)
    : QUndoCommand(text),
      before_(std::move(before)),
      after_(std::move(after)),
      apply_(std::move(apply)) {}

void DocumentEditCommand::redo() { apply_(after_); }

void DocumentEditCommand::undo() { apply_(before_); }

}  // namespace vms::ui
