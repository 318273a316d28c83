#pragma once
// A numeric CSV as the CLI writes it (one header row, then numbers): for tests that check the
// columns of `vms simulate` / `vms run` output against independent computations.
#include <QFile>
#include <QString>
#include <sstream>
#include <string>
#include <vector>

struct NumericCsv {
  std::vector<std::string> header;
  std::vector<std::vector<double>> rows;
  /// Index of a column, -1 if absent.
  int col(const std::string& name) const {
    for (size_t i = 0; i < header.size(); ++i)
      if (header[i] == name) return static_cast<int>(i);
    return -1;
  }
};

/// Reads `path`; an unreadable file gives an empty table (tests then fail on the columns).
inline NumericCsv readNumericCsv(const QString& path) {
  QFile f(path);
  NumericCsv csv;
  if (!f.open(QIODevice::ReadOnly)) return csv;
  std::istringstream in(f.readAll().toStdString());
  std::string line, cell;
  std::getline(in, line);
  std::istringstream h(line);
  while (std::getline(h, cell, ',')) csv.header.push_back(cell);
  while (std::getline(in, line)) {
    std::istringstream r(line);
    std::vector<double> row;
    while (std::getline(r, cell, ',')) row.push_back(std::stod(cell));
    csv.rows.push_back(row);
  }
  return csv;
}
