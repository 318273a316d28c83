#include "ui/app/window/example_catalog.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

namespace vms::ui {

QString ExampleCatalog::modelsDirectory() {
  QStringList candidates;
  const QString env = qEnvironmentVariable("VMS_MODELS_DIR");
  if (!env.isEmpty()) candidates << env;
  const QString exe_dir = QCoreApplication::applicationDirPath();
  if (!exe_dir.isEmpty()) {
    candidates << exe_dir + "/../../../models" << exe_dir + "/../../models"
               << exe_dir + "/../share/vms/models";
  }
#ifdef VMS_MODELS_DIR
  candidates << QStringLiteral(VMS_MODELS_DIR);
#endif
  for (const QString& c : candidates) {
    QDir dir(c);
    if (dir.exists() && !dir.entryList({"*.scenario.json"}, QDir::Files).isEmpty())
      return dir.canonicalPath();
  }
  return {};
}

QList<Example> ExampleCatalog::examples(const QString& dir) {
  QList<Example> list;
  if (dir.isEmpty()) return list;
  const QDir d(dir);
  for (const QString& f : d.entryList({"*.scenario.json"}, QDir::Files, QDir::Name))
    list.push_back({stem(f), d.absoluteFilePath(f)});
  return list;
}

QStringList ExampleCatalog::modelFiles(const QString& dir) {
  QStringList files;
  if (dir.isEmpty()) return files;
  const QDir d(dir);
  for (const QString& f : d.entryList({"*.vms.json", "*.urdf"}, QDir::Files, QDir::Name))
    files << d.absoluteFilePath(f);
  return files;
}

QString ExampleCatalog::stem(const QString& file) {
  QString name = QFileInfo(file).fileName();
  for (const char* suffix : {".scenario.json", ".vms.json", ".urdf", ".json"})
    if (name.endsWith(QLatin1String(suffix))) return name.chopped(int(qstrlen(suffix)));
  return name;
}

QString ExampleCatalog::explanation(const QString& file) {
  const QFileInfo info(file);
  QFile markdown(info.dir().absoluteFilePath(stem(file) + ".md"));
  if (markdown.open(QIODevice::ReadOnly)) return QString::fromUtf8(markdown.readAll());
  if (!file.endsWith(QLatin1String(".json"))) return {};
  QFile json(file);
  if (!json.open(QIODevice::ReadOnly)) return {};
  const QJsonDocument doc = QJsonDocument::fromJson(json.readAll());
  if (!doc.isObject()) return {};
  const QJsonObject root = doc.object();
  const QString comment = root.value("comment").toString();
  if (comment.isEmpty()) return {};
  const QString title = root.value("name").toString(stem(file));
  return "## " + title + "\n\n" + comment;
}

}  // namespace vms::ui
