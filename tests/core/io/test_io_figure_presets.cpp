// core/io/figure_presets: the reader of figure-preset files (models/seed004_figures.json):
// a good file reads with paths resolved against its folder; every malformed one is rejected
// with "<file>: <key path>: <problem>".
#include <QTemporaryDir>

#include "core/io/figure_presets.hpp"
#include "core/io/text_files.hpp"
#include "test_support.hpp"

namespace {

const char* kGood = R"({"source": "paper", "figures": [
  {"id": "5A", "title": "T", "scenario": "x.scenario.json", "quantities": ["t", "Px"],
   "caption": "C", "caption_verbatim": true, "observe": "O"},
  {"id": "5B", "title": "T2", "scenario": "sub/y.scenario.json", "quantities": ["q:j1"],
   "caption": "C2", "caption_verbatim": false, "observe": "O2"}]})";

}  // namespace

class TestIoFigurePresets : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

  std::string write(const std::string& text) {
    const std::string path = dir_.filePath("presets.json").toStdString();
    vms::io::writeTextFile(path, text);
    return path;
  }

 private slots:
  void readsAGoodFile() {
    const auto file = vms::readFigurePresets(write(kGood));
    QCOMPARE(QString::fromStdString(file.source), QString("paper"));
    QCOMPARE(int(file.figures.size()), 2);
    const auto& a = file.figures[0];
    QCOMPARE(QString::fromStdString(a.id), QString("5A"));
    QCOMPARE(QString::fromStdString(a.scenario), dir_.filePath("x.scenario.json"));
    QCOMPARE(QString::fromStdString(file.figures[1].scenario),
             dir_.filePath("sub/y.scenario.json"));
    QCOMPARE(int(a.quantities.size()), 2);
    QVERIFY(a.caption_verbatim && !file.figures[1].caption_verbatim);
    QCOMPARE(QString::fromStdString(a.observe), QString("O"));
  }

  void theShippedFileReads() {
    const auto file = vms::readFigurePresets(VMS_SOURCE_DIR "/models/seed004_figures.json");
    QCOMPARE(int(file.figures.size()), 8);
  }

  void rejectsMalformedFiles_data() {
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("message");
    QTest::newRow("duplicate id") << "\"5B\""
                                  << "\"5A\""
                                  << "figures[1].id: '5A' appears twice";
    QTest::newRow("no quantities") << "[\"q:j1\"]"
                                   << "[]"
                                   << "figures[1].quantities";
    QTest::newRow("quantity not a string") << "[\"q:j1\"]"
                                           << "[1]"
                                           << "figures[1].quantities[0]";
    QTest::newRow("empty caption") << "\"C2\""
                                   << "\"\""
                                   << "figures[1].caption: must not be empty";
    QTest::newRow("verbatim not bool") << "false"
                                       << "0"
                                       << "figures[1].caption_verbatim";
    QTest::newRow("unknown key") << "\"observe\": \"O2\""
                                 << "\"observe\": \"O2\", \"x\": 1"
                                 << "unknown key";
    QTest::newRow("missing source") << "\"source\": \"paper\","
                                    << ""
                                    << "source";
  }

  void rejectsMalformedFiles() {
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, message);
    QString text = QString::fromUtf8(kGood);
    const int at = text.lastIndexOf(from);
    QVERIFY(at >= 0);
    text.replace(at, from.size(), to);
    const std::string path = write(text.toStdString());
    const std::string error = vms::test::errorOf([&] { vms::readFigurePresets(path); });
    QVERIFY2(QString::fromStdString(error).startsWith(QString::fromStdString(path) + ": "),
             error.c_str());
    QVERIFY2(QString::fromStdString(error).contains(message), error.c_str());
  }
};

QTEST_APPLESS_MAIN(TestIoFigurePresets)
#include "test_io_figure_presets.moc"
