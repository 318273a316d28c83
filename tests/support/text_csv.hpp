#pragma once
// A CSV as text cells (one header row): for bitwise comparisons of two programs' outputs,
// e.g. the desktop export against `vms run` (both print %.17g, so equal text is equal doubles,
// NaN included). numeric_csv.hpp reads the same files as numbers.
#include <QFile>
#include <QString>
#include <QStringList>
#include <vector>

namespace vms::test {

struct TextCsv {
  QStringList columns;
  std::vector<QStringList> rows;
};

/// Reads `path`; an unreadable file gives an empty table (tests then fail on the columns).
inline TextCsv readTextCsv(const QString& path) {
  TextCsv csv;
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return csv;
  const QList<QByteArray> lines = file.readAll().split('\n');
  for (int i = 0; i < lines.size(); ++i) {
    if (lines[i].isEmpty()) continue;
    const QStringList cells = QString::fromUtf8(lines[i]).split(',');
    if (i == 0)
      csv.columns = cells;
    else
      csv.rows.push_back(cells);
  }
  return csv;
}

}  // namespace vms::test
