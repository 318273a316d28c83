#pragma once
// One undoable edit of the document: the snapshots before and after it. redo()/undo() hand
// the whole snapshot back to the document, so undo restores the compiled model bit for bit.
#include <QUndoCommand>
#include <functional>
#include <memory>

#include "ui/document/document_content.hpp"

namespace vms::ui {

using SnapshotPtr = std::shared_ptr<const DocumentSnapshot>;

class DocumentEditCommand : public QUndoCommand {
 public:
  using Apply = std::function<void(const SnapshotPtr&)>;
  DocumentEditCommand(const QString& text, SnapshotPtr before, SnapshotPtr after, Apply apply);
  void redo() override;
  void undo() override;

 private:
  SnapshotPtr before_, after_;
  Apply apply_;
};

}  // namespace vms::ui
