#include "ui/app/window/recent_files.hpp"

#include <QFileInfo>
#include <QSettings>

#include "ui/app/window/settings_keys.hpp"

namespace vms::ui {

QStringList RecentFiles::load() {
  QStringList files;
  for (const QString& f : QSettings().value(settings_keys::kRecentFiles).toStringList())
    if (QFileInfo::exists(f) && !files.contains(f)) files << f;
  return files;
}

QStringList RecentFiles::add(const QString& path) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  QStringList files = load();
  files.removeAll(absolute);
  files.prepend(absolute);
  while (files.size() > kMaximum) files.removeLast();
  QSettings().setValue(settings_keys::kRecentFiles, files);
  return files;
}

void RecentFiles::clear() { QSettings().remove(settings_keys::kRecentFiles); }

}  // namespace vms::ui
