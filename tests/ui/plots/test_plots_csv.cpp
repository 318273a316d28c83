// The pieces behind `vms plot`: the strict CSV reader (quotes, CRLF, blank lines, nan/inf,
// ragged rows, non-numbers), the figure spec from columns (one pane per unit, units in the
// labels, unknown columns listed, unordered x drawn as a curve), and the rendered figure.
#include <qcustomplot.h>

#include <QTemporaryDir>
#include <QtTest>

#include "ui/plots/csv_plot.hpp"
#include "ui/plots/csv_table.hpp"

using namespace vms::ui;

namespace {

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
  const QString path = dir.filePath(name);
  QFile f(path);
  if (f.open(QIODevice::WriteOnly)) f.write(text);
  return path;
}

CsvTable sampleTable() {
  CsvTable t;
  t.columns = {"t", "base_px", "base_py", "Px", "Lz", "q:joint1", "T"};
  t.data.assign(t.columns.size(), {});
  for (int i = 0; i < 200; ++i) {
    const double s = 0.01 * i;
    const double row[] = {s,           std::cos(3 * s), std::sin(3 * s), 2.0, 1.5 - 0.1 * s,
                          std::sin(s), 0.5 + s * s};
    for (int c = 0; c < t.columns.size(); ++c) t.data[c].push_back(row[c]);
  }
  return t;
}

}  // namespace

class TestPlotsCsv : public QObject {
  Q_OBJECT
 private slots:
  void readsNumericCsv();
  void reportsBadFiles_data();
  void reportsBadFiles();
  void specHasOnePanePerUnit();
  void unknownColumnsAreListed();
  void unorderedXIsACurve();
  void rendersEveryFormat();
};

void TestPlotsCsv::readsNumericCsv() {
  QTemporaryDir dir;
  const QString path =
      writeFile(dir, "a.csv", "\"t\", x ,q:j1\r\n0,1.5,nan\r\n\r\n0.1,-2e-3,inf\r\n0.2, 3 ,-inf\n");
  CsvTable t;
  QString error;
  QVERIFY2(readCsvTable(path, &t, &error), qPrintable(error));
  QCOMPARE(t.columns, QStringList({"t", "x", "q:j1"}));
  QCOMPARE(t.rows(), 3);
  QCOMPARE(t.data[1][1], -2e-3);
  QCOMPARE(t.data[1][2], 3.0);
  QVERIFY(std::isnan(t.data[2][0]));
  QVERIFY(std::isinf(t.data[2][1]) && t.data[2][1] > 0);
  QCOMPARE(t.indexOf("q:j1"), 2);
  // A spreadsheet's UTF-8 byte-order mark is not part of the first name.
  QVERIFY(readCsvTable(writeFile(dir, "bom.csv", "\xEF\xBB\xBFt,x\n0,1\n"), &t, &error));
  QCOMPARE(t.columns.front(), QString("t"));
  QCOMPARE(t.indexOf("nope"), -1);
}

void TestPlotsCsv::reportsBadFiles_data() {
  QTest::addColumn<QByteArray>("text");
  QTest::addColumn<QString>("message");
  QTest::newRow("empty") << QByteArray() << "empty file";
  QTest::newRow("header only") << QByteArray("t,x\n") << "no data rows";
  QTest::newRow("ragged") << QByteArray("t,x\n0,1\n1,2,3\n") << "line 3: expected 2 values";
  QTest::newRow("short") << QByteArray("t,x\n0\n")
                         << "line 2: expected 2 values (one per column), got 1";
  QTest::newRow("word") << QByteArray("t,x\n0,abc\n")
                        << "line 2, column 'x': 'abc' is not a number";
  QTest::newRow("empty cell") << QByteArray("t,x\n0,\n")
                              << "line 2, column 'x': '' is not a number";
  QTest::newRow("comma decimal") << QByteArray("t;x\n0;1,5\n") << "line 2: expected 1 values";
  QTest::newRow("empty name") << QByteArray("t,,x\n0,1,2\n") << "line 1: empty column name";
}

void TestPlotsCsv::reportsBadFiles() {
  QFETCH(QByteArray, text);
  QFETCH(QString, message);
  QTemporaryDir dir;
  const QString path = writeFile(dir, "bad.csv", text);
  CsvTable t;
  QString error;
  QVERIFY(!readCsvTable(path, &t, &error));
  QVERIFY2(error.startsWith(path + ": ") && error.contains(message), qPrintable(error));
  QVERIFY(!error.contains('\n'));
  QVERIFY(!readCsvTable(dir.filePath("missing.csv"), &t, &error));
  QCOMPARE(error, dir.filePath("missing.csv") + ": cannot open file: No such file or directory");
}

void TestPlotsCsv::specHasOnePanePerUnit() {
  const CsvTable t = sampleTable();
  CsvPlotOptions o;
  o.y = {"Px", "q:joint1", "Lz", "T"};
  QString error;
  const auto spec = csvPlotSpec(t, o, &error);
  QVERIFY2(spec, qPrintable(error));
  QCOMPARE(spec->panes.size(), size_t(4));
  QCOMPARE(spec->panes[0].unit, QString("N s"));
  QCOMPARE(spec->panes[1].unit, QString("rad | m"));
  QCOMPARE(spec->panes[2].unit, QString("N m s"));
  QCOMPARE(spec->panes[3].unit, QString("J"));
  QCOMPARE(spec->x_label, QString("t (s)"));
  QCOMPARE(spec->title, QString("Px, q:joint1, Lz, T vs t"));
  QVERIFY(!spec->parametric);
  o.y = {"base_px", "base_py"};
  o.title = "vehicle position";
  o.log_y = true;
  const auto two = csvPlotSpec(t, o, &error);
  QCOMPARE(two->panes.size(), size_t(1));  // same unit: one pane
  QCOMPARE(two->panes[0].series.size(), size_t(2));
  QVERIFY(two->panes[0].log);
  QCOMPARE(two->panes[0].name, QString("m"));    // several columns: the unit names the axis
  QCOMPARE(spec->panes[0].name, QString("Px"));  // one column: its name and unit
  QCOMPARE(autoHeight(1), 400);
  QCOMPARE(autoHeight(4), 860);
  QCOMPARE(two->title, QString("vehicle position"));
}

void TestPlotsCsv::unknownColumnsAreListed() {
  const CsvTable t = sampleTable();
  CsvPlotOptions o;
  QString error;
  QVERIFY(!csvPlotSpec(t, o, &error));  // no y
  o.y = {"T", "Pq"};
  QVERIFY(!csvPlotSpec(t, o, &error));
  QCOMPARE(error, QString("unknown column 'Pq' (available: t, base_px, base_py, Px, Lz, "
                          "q:joint1, T)"));
  o.y = {"T"};
  o.x = "time";
  QVERIFY(!csvPlotSpec(t, o, &error));
  QVERIFY(error.startsWith("unknown column 'time'"));
}

void TestPlotsCsv::unorderedXIsACurve() {
  const CsvTable t = sampleTable();
  CsvPlotOptions o;
  o.x = "base_px";
  o.y = {"base_py"};
  o.size = QSize(900, 500);
  const auto spec = csvPlotSpec(t, o, nullptr);
  QVERIFY(spec && spec->parametric);
  QCOMPARE(spec->x_label, QString("base_px (m)"));
  QTemporaryDir dir;
  QString error;
  const QString png = dir.filePath("circle.png");
  QVERIFY2(renderCsvPlot(t, o, png, &error), qPrintable(error));
  // A circle of radius 1 (x = cos, y = sin over 6 rad): the centre of the plot is empty, the
  // curve passes left and right of it.
  const QImage image(png);
  QCOMPARE(image.size(), QSize(900, 500));
  auto coloured = [&image](int x, int y) {
    const QColor c = image.pixelColor(x, y);
    return std::max({c.red(), c.green(), c.blue()}) - std::min({c.red(), c.green(), c.blue()}) > 60;
  };
  int centre = 0, row = 0;
  for (int y = 230; y < 270; ++y)
    for (int x = 430; x < 470; ++x) centre += coloured(x, y);
  for (int x = 0; x < 900; ++x) row += coloured(x, 260);
  QCOMPARE(centre, 0);                                   // inside the circle: grid only
  QVERIFY2(row >= 2, qPrintable(QString::number(row)));  // the circle crosses the middle row twice
}

void TestPlotsCsv::rendersEveryFormat() {
  const CsvTable t = sampleTable();
  CsvPlotOptions o;
  o.y = {"q:joint1"};
  o.size = QSize(640, 360);
  QTemporaryDir dir;
  QString error;
  for (const char* ext : {"png", "svg", "pdf"}) {
    const QString path = dir.filePath(QString("f.") + ext);
    QVERIFY2(renderCsvPlot(t, o, path, &error), qPrintable(error));
    QVERIFY(QFileInfo(path).size() > 1000);
  }
  QCOMPARE(QImage(dir.filePath("f.png")).size(), QSize(640, 360));
  o.y = {"T"};
  QVERIFY(renderCsvPlot(t, o, dir.filePath("g.png"), &error));
  QVERIFY(QImage(dir.filePath("f.png")) != QImage(dir.filePath("g.png")));
  QVERIFY(!renderCsvPlot(t, o, dir.filePath("g.gif"), &error));
  QVERIFY(error.contains("unsupported figure format"));
}

QTEST_MAIN(TestPlotsCsv)
#include "test_plots_csv.moc"
