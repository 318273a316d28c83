#pragma once
// The most-recently-opened files, newest first, persisted in QSettings.
#include <QString>
#include <QStringList>

namespace vms::ui {

class RecentFiles {
 public:
  static constexpr int kMaximum = 10;
  static QStringList load();  // existing files only
  /// Moves `path` (made absolute) to the front and saves.
  static QStringList add(const QString& path);
  static void clear();
};

}  // namespace vms::ui
