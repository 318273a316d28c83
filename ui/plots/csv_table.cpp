#include "ui/plots/csv_table.hpp"

#include <QFile>

namespace vms::ui {

namespace {

QString unquoted(QByteArray cell) {
  cell = cell.trimmed();
  if (cell.size() >= 2 && cell.startsWith('"') && cell.endsWith('"'))
    cell = cell.mid(1, cell.size() - 2);
  return QString::fromUtf8(cell);
}

/// A whole cell as a double, C locale whatever the process locale (also nan, inf).
bool parseNumber(const QByteArray& cell, double* value) {
  bool ok = false;
  *value = cell.trimmed().toDouble(&ok);
  return ok;
}

}  // namespace

bool readCsvTable(const QString& path, CsvTable* table, QString* error) {
  auto fail = [&](const QString& problem) {
    if (error) *error = path + ": " + problem;
    return false;
  };
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    const QString reason =
        file.exists() ? file.errorString() : QString("No such file or directory");
    return fail("cannot open file: " + reason);
  }
  *table = CsvTable();
  int line_number = 0;
  bool header = true;
  while (!file.atEnd()) {
    QByteArray line = file.readLine();
    ++line_number;
    while (line.endsWith('\n') || line.endsWith('\r')) line.chop(1);
    if (line.trimmed().isEmpty()) continue;
    if (header && line.startsWith("\xEF\xBB\xBF")) line.remove(0, 3);  // UTF-8 byte-order mark
    const QList<QByteArray> cells = line.split(',');
    if (header) {
      for (const QByteArray& c : cells) {
        const QString name = unquoted(c);
        if (name.isEmpty())
          return fail(QString("line %1: empty column name in the header").arg(line_number));
        table->columns << name;
      }
      table->data.assign(table->columns.size(), {});
      header = false;
      continue;
    }
    if (cells.size() != table->columns.size())
      return fail(QString("line %1: expected %2 values (one per column), got %3")
                      .arg(line_number)
                      .arg(table->columns.size())
                      .arg(cells.size()));
    for (int c = 0; c < cells.size(); ++c) {
      double v = 0.0;
      if (!parseNumber(cells[c], &v))
        return fail(QString("line %1, column '%2': '%3' is not a number")
                        .arg(line_number)
                        .arg(table->columns[c])
                        .arg(QString::fromUtf8(cells[c].trimmed().left(40))));
      table->data[c].push_back(v);
    }
  }
  if (header) return fail("empty file (expected a header row of column names)");
  if (table->rows() == 0) return fail("no data rows after the header");
  return true;
}

}  // namespace vms::ui
