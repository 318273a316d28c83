#pragma once
// A numeric CSV file with a header row (the trajectory files of `vms simulate` / `vms run`),
// read column-wise for plotting. Strict: every row has one number per column ("nan" and "inf"
// are numbers); problems are reported as one line naming the file and the line.
#include <QString>
#include <QStringList>
#include <vector>

namespace vms::ui {

struct CsvTable {
  QStringList columns;
  std::vector<std::vector<double>> data;  // data[column][row]
  int rows() const { return data.empty() ? 0 : static_cast<int>(data.front().size()); }
  /// Index of the first column named `name`, -1 if absent.
  int indexOf(const QString& name) const { return columns.indexOf(name); }
};

/// Reads `path`. False with *error = "<path>: <problem>" if it cannot be read or parsed.
bool readCsvTable(const QString& path, CsvTable* table, QString* error);

}  // namespace vms::ui
