#include "ui/document/autosave_writer.hpp"

#include <utility>

namespace vms::ui {

namespace {

std::mutex& hookMutex() {
  static std::mutex m;
  return m;
}

std::function<void()>& beforeWriteHook() {
  static std::function<void()> hook;
  return hook;
}

}  // namespace

void AutosaveWriter::setBeforeWriteHook(std::function<void()> hook) {
  std::lock_guard<std::mutex> lock(hookMutex());
  beforeWriteHook() = std::move(hook);
}

AutosaveWriter::AutosaveWriter(std::function<void(const QString&)> failed)
    : failed_(std::move(failed)), thread_([this] { run(); }) {}

AutosaveWriter::~AutosaveWriter() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  thread_.join();
}

void AutosaveWriter::post(const AutosaveFiles& files, const QByteArray& data,
                          const AutosaveMetadata& metadata) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    waiting_ = Job{files, data, metadata};
  }
  changed_.notify_all();
}

bool AutosaveWriter::waitUntilWritten(QString* error) {
  std::unique_lock<std::mutex> lock(mutex_);
  changed_.wait(lock, [this] { return !waiting_ && !writing_; });
  if (!last_ok_ && error) *error = last_error_;
  return last_ok_;
}

void AutosaveWriter::cancelAndWait() {
  std::unique_lock<std::mutex> lock(mutex_);
  waiting_.reset();
  changed_.wait(lock, [this] { return !writing_; });
}

void AutosaveWriter::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    changed_.wait(lock, [this] { return waiting_ || stopping_; });
    if (!waiting_) return;  // stopping with nothing left to write
    Job job = std::move(*waiting_);
    waiting_.reset();
    writing_ = true;
    lock.unlock();
    {
      std::function<void()> hook;
      {
        std::lock_guard<std::mutex> hook_lock(hookMutex());
        hook = beforeWriteHook();
      }
      if (hook) hook();
    }
    QString error;
    const bool ok = writeAutosaveFiles(job.files, job.data, job.metadata, &error);
    if (!ok && failed_) failed_(error);
    lock.lock();
    writing_ = false;
    last_ok_ = ok;
    last_error_ = error;
    changed_.notify_all();
  }
}

}  // namespace vms::ui
