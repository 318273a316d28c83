#pragma once
// The files of an autosave: a recovery copy of the document (<stem>-<pid>-<n>.vms.json or
// .scenario.json) and a small metadata JSON beside it (<stem>-<pid>-<n>.autosave.json: original
// path, time, pid, executable), both written atomically (QSaveFile, metadata last). A recovery
// is a pair whose writer is no longer running, or is this process but no live document owns
// the files any more (it was never discarded: not closed cleanly).
#include <QByteArray>
#include <QDateTime>
#include <QString>
#include <optional>

namespace vms::ui {

struct AutosaveFiles {
  QString data;      // the recovery copy
  QString metadata;  // <...>.autosave.json
};

struct AutosaveMetadata {
  QString original_path;  // file the document was opened from / saved to (may be empty)
  QString model_dir;      // folder mesh paths are relative to
  QDateTime time;
  qint64 pid = 0;
  QString executable;
};

/// File names for document number `document_id` of this process.
AutosaveFiles autosaveFilesFor(const QString& dir, const QString& original_path, bool scenario,
                               int document_id);
/// The metadata file that belongs to a recovery copy.
QString metadataFileFor(const QString& data_file);

/// Writes data then metadata (creating `dir`). False with a message on failure.
bool writeAutosaveFiles(const AutosaveFiles& files, const QByteArray& data,
                        const AutosaveMetadata& metadata, QString* error);
void removeAutosaveFiles(const AutosaveFiles& files);
std::optional<AutosaveMetadata> readAutosaveMetadata(const QString& metadata_file);

/// This process's pid and executable, for the metadata.
AutosaveMetadata currentProcessMetadata();

/// Recovery copies owned by live documents of this process are never offered.
void markAutosaveLive(const QString& data_file, bool live);

/// The newest recovery copy in `dir` whose writer is gone (see above), if any.
std::optional<QString> findRecoveryFile(const QString& dir);

}  // namespace vms::ui
