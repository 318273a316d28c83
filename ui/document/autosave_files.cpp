#include "ui/document/autosave_files.hpp"

#include <signal.h>
#include <unistd.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <cerrno>
#include <set>

namespace vms::ui {

namespace {

const QString kMetadataSuffix = QStringLiteral(".autosave.json");

std::set<QString>& liveFiles() {
  static std::set<QString> files;
  return files;
}

QString stemOf(const QString& path) {
  if (path.isEmpty()) return QStringLiteral("untitled");
  QString name = QFileInfo(path).fileName();
  for (const char* ext : {".scenario.json", ".vms.json", ".urdf", ".json"})
    if (name.endsWith(QLatin1String(ext), Qt::CaseInsensitive)) {
      name.chop(static_cast<int>(qstrlen(ext)));
      break;
    }
  return name.isEmpty() ? QStringLiteral("untitled") : name;
}

bool writeAtomically(const QString& path, const QByteArray& bytes, QString* error) {
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
    if (error) *error = path + ": cannot write autosave: " + file.errorString();
    return false;
  }
  return true;
}

QString executableOf(qint64 pid) {
  return QFileInfo(QStringLiteral("/proc/%1/exe").arg(pid)).symLinkTarget();
}

/// True if `pid` runs and (when we can tell) runs the same program.
bool processRunning(qint64 pid, const QString& executable) {
  if (pid <= 0) return false;
  if (::kill(static_cast<pid_t>(pid), 0) != 0 && errno != EPERM) return false;
  const QString exe = executableOf(pid);
  if (exe.isEmpty() || executable.isEmpty()) return true;  // cannot tell: assume it is ours
  return exe == executable;
}

bool isRecoverable(const QString& data_file, const AutosaveMetadata& m) {
  if (m.pid == QCoreApplication::applicationPid())
    return liveFiles().count(QFileInfo(data_file).absoluteFilePath()) == 0;
  return !processRunning(m.pid, m.executable);
}

}  // namespace

AutosaveFiles autosaveFilesFor(const QString& dir, const QString& original_path, bool scenario,
                               int document_id) {
  const QString base = QDir(dir).absoluteFilePath(QStringLiteral("%1-%2-%3")
                                                      .arg(stemOf(original_path))
                                                      .arg(QCoreApplication::applicationPid())
                                                      .arg(document_id));
  return {base + (scenario ? QStringLiteral(".scenario.json") : QStringLiteral(".vms.json")),
          base + kMetadataSuffix};
}

QString metadataFileFor(const QString& data_file) {
  QString base = data_file;
  for (const char* ext : {".scenario.json", ".vms.json"})
    if (base.endsWith(QLatin1String(ext))) {
      base.chop(static_cast<int>(qstrlen(ext)));
      break;
    }
  return base + kMetadataSuffix;
}

bool writeAutosaveFiles(const AutosaveFiles& files, const QByteArray& data,
                        const AutosaveMetadata& metadata, QString* error) {
  const QString dir = QFileInfo(files.data).absolutePath();
  if (!QDir().mkpath(dir)) {
    if (error) *error = dir + ": cannot create the autosave folder";
    return false;
  }
  QJsonObject meta;
  meta["format"] = "vms-autosave";
  meta["data_file"] = QFileInfo(files.data).fileName();
  meta["original_path"] = metadata.original_path;
  meta["model_dir"] = metadata.model_dir;
  meta["time"] = metadata.time.toUTC().toString(Qt::ISODateWithMs);
  meta["pid"] = metadata.pid;
  meta["executable"] = metadata.executable;
  return writeAtomically(files.data, data, error) &&
         writeAtomically(files.metadata, QJsonDocument(meta).toJson(), error);
}

void removeAutosaveFiles(const AutosaveFiles& files) {
  QFile::remove(files.metadata);  // first: a data file without metadata is never offered
  QFile::remove(files.data);
}

std::optional<AutosaveMetadata> readAutosaveMetadata(const QString& metadata_file) {
  QFile file(metadata_file);
  if (!file.open(QIODevice::ReadOnly)) return std::nullopt;
  const QJsonDocument doc = QJsonDocument::fromJson(file.readAll());
  const QJsonObject o = doc.object();
  if (!doc.isObject() || o.value("format").toString() != "vms-autosave") return std::nullopt;
  AutosaveMetadata m;
  m.original_path = o.value("original_path").toString();
  m.model_dir = o.value("model_dir").toString();
  m.time = QDateTime::fromString(o.value("time").toString(), Qt::ISODateWithMs);
  m.pid = static_cast<qint64>(o.value("pid").toDouble());
  m.executable = o.value("executable").toString();
  return m;
}

AutosaveMetadata currentProcessMetadata() {
  AutosaveMetadata m;
  m.time = QDateTime::currentDateTimeUtc();
  m.pid = QCoreApplication::applicationPid();
  m.executable = executableOf(m.pid);
  return m;
}

void markAutosaveLive(const QString& data_file, bool live) {
  const QString key = QFileInfo(data_file).absoluteFilePath();
  if (live)
    liveFiles().insert(key);
  else
    liveFiles().erase(key);
}

std::optional<QString> findRecoveryFile(const QString& dir) {
  std::optional<QString> best;
  QDateTime best_time;
  const QDir d(dir);
  for (const QString& name : d.entryList({"*" + kMetadataSuffix}, QDir::Files)) {
    const QString meta_path = d.absoluteFilePath(name);
    const auto meta = readAutosaveMetadata(meta_path);
    if (!meta) continue;
    QString data = meta_path;
    data.chop(kMetadataSuffix.size());
    for (const char* ext : {".scenario.json", ".vms.json"})
      if (QFileInfo::exists(data + ext)) {
        data += ext;
        break;
      }
    if (!QFileInfo::exists(data) || !isRecoverable(data, *meta)) continue;
    if (!best || meta->time > best_time) {
      best = data;
      best_time = meta->time;
    }
  }
  return best;
}

}  // namespace vms::ui
