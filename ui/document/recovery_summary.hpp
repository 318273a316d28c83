#pragma once
// What restoring a recovery copy would change, said before it is restored: the differences
// between the recovery copy and the file its edits belong to, as the model (and scenario)
// JSON paths whose values differ, e.g. "links[1].inertial.mass: 10 → 1.01e+08".
#include <QString>
#include <QStringList>

namespace vms::ui {

struct RecoverySummary {
  /// Up to the requested number of differences, in document order.
  QStringList differences;
  /// Differences found in all (may exceed differences.size()).
  int total = 0;
  /// Why no comparison was made (the original is missing or does not read); empty otherwise.
  QString unavailable;
};

/// Compares the document `recovery_file` holds with the one `original_path` holds, both read
/// as the app reads them (a URDF original is compared through its model description). Never
/// throws.
RecoverySummary summarizeRecovery(const QString& recovery_file, const QString& original_path,
                                  int max_differences = 8);

}  // namespace vms::ui
