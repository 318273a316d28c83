#include "ui/view3d/mesh_search_folders.hpp"

#include <QDir>
#include <map>
#include <mutex>

namespace vms::ui {

namespace {

std::mutex& foldersMutex() {
  static std::mutex m;
  return m;
}

std::map<QString, QStringList>& foldersByModelDir() {
  static std::map<QString, QStringList> folders;
  return folders;
}

QString folderKey(const QString& model_dir) {
  return model_dir.isEmpty() ? QString() : QDir::cleanPath(QDir(model_dir).absolutePath());
}

}  // namespace

void setMeshSearchFolders(const QString& model_dir, const QStringList& folders) {
  std::lock_guard<std::mutex> lock(foldersMutex());
  if (folders.isEmpty())
    foldersByModelDir().erase(folderKey(model_dir));
  else
    foldersByModelDir()[folderKey(model_dir)] = folders;
}

QStringList meshSearchFolders(const QString& model_dir) {
  std::lock_guard<std::mutex> lock(foldersMutex());
  const auto it = foldersByModelDir().find(folderKey(model_dir));
  return it == foldersByModelDir().end() ? QStringList() : it->second;
}

}  // namespace vms::ui
