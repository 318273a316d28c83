#pragma once
// Writes a document's recovery copies on a thread of their own, so that the GUI thread never
// waits for the disk (QSaveFile syncs each file before renaming it). The GUI thread serializes
// the document and posts the bytes; the writer keeps at most one write waiting (a newer copy
// replaces a waiting one: only the latest edits matter) and writes in the order posted.
// cancelAndWait() drops the waiting write and waits for the one in progress, so that a removal
// that follows it (after a save, an undo to the saved state, a discard) cannot be undone by a
// late write: the recovery copy is never older than the saved file.
#include <QByteArray>
#include <QString>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "ui/document/autosave_files.hpp"

namespace vms::ui {

class AutosaveWriter {
 public:
  /// `failed` is called on the writer's thread with the message of a write that failed.
  explicit AutosaveWriter(std::function<void(const QString&)> failed);
  /// Writes what is waiting, then stops (a document destroyed without a clean close keeps
  /// its latest recovery copy).
  ~AutosaveWriter();
  AutosaveWriter(const AutosaveWriter&) = delete;
  AutosaveWriter& operator=(const AutosaveWriter&) = delete;

  /// Queues a write of `data` and `metadata` to `files`, replacing a write not yet started.
  void post(const AutosaveFiles& files, const QByteArray& data, const AutosaveMetadata& metadata);
  /// Blocks until nothing is waiting or being written; false with the message of the last
  /// write if it failed.
  bool waitUntilWritten(QString* error);
  /// Drops the waiting write and blocks until the one in progress (if any) is done.
  void cancelAndWait();

  /// For tests: called on the writer's thread before each write (a slow disk).
  static void setBeforeWriteHook(std::function<void()> hook);

 private:
  struct Job {
    AutosaveFiles files;
    QByteArray data;
    AutosaveMetadata metadata;
  };
  void run();

  std::function<void(const QString&)> failed_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::optional<Job> waiting_;
  bool writing_ = false;
  bool stopping_ = false;
  bool last_ok_ = true;
  QString last_error_;
  std::thread thread_;
};

}  // namespace vms::ui
