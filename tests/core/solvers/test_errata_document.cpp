// docs/errata.md lists every erratum the seed notes name, seed by seed, each row ending in
// "variant `SOLVER/VARIANT`" or "not a variant: WHY". Checked against the errata registry
// (core/solvers/errata_registry): every registered printed variant has a row, no row names a
// variant that is not registered, and every row says one or the other. README.md,
// docs/solvers.md, docs/workbench.md and docs/errata.md state the registry's count as "N
// printed equations run as variants" (VMS_UPDATE_DOCS=1 rewrites a stale count instead of
// failing; the rows carry reasons, so they are written by hand). tests/data/seed-notes-errata.tsv
// lists every erratum the notes name, by seed and equation label, and each must have a row in
// its seed's table.
#include <QFile>
#include <QRegularExpression>
#include <QtTest>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/solvers/errata_registry.hpp"

using namespace vms;

namespace {

const QString kSource = QStringLiteral(VMS_SOURCE_DIR);
const QString kErrataDocument = QStringLiteral("docs/errata.md");
const QString kCountedDocuments[] = {QStringLiteral("README.md"), QStringLiteral("docs/solvers.md"),
                                     QStringLiteral("docs/workbench.md"), kErrataDocument};
const QString kVariant = QStringLiteral("variant `");
const QString kNotAVariant = QStringLiteral("not a variant: ");
const QRegularExpression kCount(QStringLiteral("(\\d+) printed equations run as variants"));
const QString kNotesErrata = QStringLiteral("tests/data/seed-notes-errata.tsv");
const QRegularExpression kSeedHeading(QStringLiteral("^## Seed (\\d{3})"));
// "(14–15)" as the notes print a range, "(14)–(15)" as the document does.
const QRegularExpression kBareRange(QStringLiteral("\\((\\d+)[–-](\\d+)\\)"));
// A single equation "(12)" or "(4.8)", and a range of them "(112)–(114)" or "(4.7)–(4.9)".
const QRegularExpression kSingleEquation(QStringLiteral("^\\(([A-Z]?\\d+\\.)?(\\d+)\\)$"));
const QRegularExpression kEquationRange(
    QStringLiteral("\\(([A-Z]?\\d+\\.)?(\\d+)\\)–\\(([A-Z]?\\d+\\.)?(\\d+)\\)"));

QString readText(const QString& relative) {
  QFile file(kSource + "/" + relative);
  if (!file.open(QIODevice::ReadOnly)) return {};
  return QString::fromUtf8(file.readAll());
}

// The cells of a Markdown table row "| a | b | c |" (the document uses no escaped '|').
QStringList cellsOf(const QString& line) {
  QString inner = line.trimmed();
  if (inner.startsWith('|')) inner.remove(0, 1);
  if (inner.endsWith('|')) inner.chop(1);
  QStringList cells = inner.split('|');
  for (QString& c : cells) c = c.trimmed();
  return cells;
}

// The last cells of the rows of every table whose header ends in "In the code".
std::vector<QString> statusCells(const QString& text) {
  std::vector<QString> statuses;
  bool in_table = false;
  for (const QString& line : text.split('\n')) {
    if (!line.startsWith('|')) {
      in_table = false;
      continue;
    }
    const QStringList cells = cellsOf(line);
    if (cells.last() == "In the code") {
      in_table = true;
      continue;
    }
    if (in_table && !line.startsWith("|-")) statuses.push_back(cells.last());
  }
  return statuses;
}

// A label without spaces and with ranges written "(a)–(b)", so that "(14–15)" and "(14) – (15)"
// compare equal.
QString normalisedLabel(QString label) {
  label.replace(kBareRange, QStringLiteral("(\\1)–(\\2)"));
  label.remove(QRegularExpression(QStringLiteral("\\s")));
  return label;
}

// Whether a normalised first cell covers a normalised label: it contains the label, or the
// label is one equation inside a range the cell gives, as (113) inside "(112)–(114)".
bool coversLabel(const QString& cell, const QString& label) {
  if (cell.contains(label)) return true;
  const QRegularExpressionMatch single = kSingleEquation.match(label);
  if (!single.hasMatch()) return false;
  const int number = single.captured(2).toInt();
  for (auto it = kEquationRange.globalMatch(cell); it.hasNext();) {
    const QRegularExpressionMatch range = it.next();
    if (range.captured(1) == single.captured(1) && range.captured(3) == single.captured(1) &&
        range.captured(2).toInt() <= number && number <= range.captured(4).toInt())
      return true;
  }
  return false;
}

// The first cells of the rows of each seed's table, normalised, keyed by the seed ("000").
std::map<QString, std::vector<QString>> equationCellsBySeed(const QString& text) {
  std::map<QString, std::vector<QString>> cells_by_seed;
  QString seed;
  bool in_table = false;
  for (const QString& line : text.split('\n')) {
    const QRegularExpressionMatch heading = kSeedHeading.match(line);
    if (heading.hasMatch()) seed = heading.captured(1);
    if (!line.startsWith('|')) {
      in_table = false;
      continue;
    }
    const QStringList cells = cellsOf(line);
    if (cells.last() == "In the code") {
      in_table = true;
      continue;
    }
    if (in_table && !seed.isEmpty() && !line.startsWith("|-"))
      cells_by_seed[seed].push_back(normalisedLabel(cells.first()));
  }
  return cells_by_seed;
}

}  // namespace

class TestErrataDocument : public QObject {
  Q_OBJECT
 private slots:
  void everyRowIsAVariantOrSaysWhyNot();
  void documentMatchesTheRegistry();
  void countsAreTheRegistrys();
  void everyErratumOfTheNotesHasARow();
};

void TestErrataDocument::everyRowIsAVariantOrSaysWhyNot() {
  const QString text = readText(kErrataDocument);
  QVERIFY2(!text.isEmpty(), "docs/errata.md is missing");
  const std::vector<QString> statuses = statusCells(text);
  int variants = 0, others = 0;
  for (const QString& status : statuses) {
    if (status.startsWith(kVariant) && status.indexOf('`', kVariant.size()) > kVariant.size()) {
      ++variants;
    } else if (status.startsWith(kNotAVariant) &&
               status.size() > kNotAVariant.size() + 10) {  // a reason, not a word
      ++others;
    } else {
      QFAIL(
          qPrintable("a row of docs/errata.md says neither \"variant `ID`\" nor \"not a "
                     "variant: WHY\": " +
                     status));
    }
  }
  qInfo("docs/errata.md: %zu rows, %d run as variants, %d not", statuses.size(), variants, others);
  QVERIFY(variants >= static_cast<int>(errata().size()));
  QVERIFY(others > 0);  // the notes name more errata than the registry runs
}

void TestErrataDocument::documentMatchesTheRegistry() {
  std::set<std::string> listed;
  for (const QString& status : statusCells(readText(kErrataDocument)))
    if (status.startsWith(kVariant)) {
      const qsizetype end = status.indexOf('`', kVariant.size());
      listed.insert(status.mid(kVariant.size(), end - kVariant.size()).toStdString());
    }
  std::set<std::string> registered;
  for (const Erratum& e : errata()) registered.insert(e.id);
  for (const std::string& id : registered)
    QVERIFY2(listed.count(id), ("docs/errata.md has no row for the variant " + id).c_str());
  for (const std::string& id : listed)
    QVERIFY2(registered.count(id),
             ("docs/errata.md lists " + id + " as a variant, but no such erratum is registered")
                 .c_str());
}

void TestErrataDocument::countsAreTheRegistrys() {
  const QString count = QString::number(errata().size());
  for (const QString& document : kCountedDocuments) {
    QString text = readText(document);
    QVERIFY2(!text.isEmpty(), qPrintable(document));
    int found = 0;
    bool stale = false;
    for (auto it = kCount.globalMatch(text); it.hasNext();) {
      const QRegularExpressionMatch m = it.next();
      ++found;
      stale |= m.captured(1) != count;
    }
    QVERIFY2(found > 0, qPrintable(document + " does not say \"" + count +
                                   " printed equations run as variants\""));
    if (!stale) continue;
    if (qEnvironmentVariableIsSet("VMS_UPDATE_DOCS")) {
      text.replace(kCount, count + " printed equations run as variants");
      QFile file(kSource + "/" + document);
      QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
      file.write(text.toUtf8());
      qInfo("rewrote the count of %s", qPrintable(document));
      continue;
    }
    QFAIL(qPrintable(document + " gives another count than the registry's " + count +
                     " printed equations run as variants: rerun with VMS_UPDATE_DOCS=1"));
  }
}

void TestErrataDocument::everyErratumOfTheNotesHasARow() {
  const QString list = readText(kNotesErrata);
  QVERIFY2(!list.isEmpty(), qPrintable(kNotesErrata + " is missing"));
  const std::map<QString, std::vector<QString>> cells_by_seed =
      equationCellsBySeed(readText(kErrataDocument));
  QCOMPARE(cells_by_seed.size(), std::size_t{5});  // seeds 000 to 004
  int listed = 0;
  QStringList missing;
  for (const QString& line : list.split('\n')) {
    if (line.trimmed().isEmpty() || line.startsWith('#') || line.startsWith("seed\t")) continue;
    const QStringList fields = line.split('\t');
    QVERIFY2(fields.size() == 3, qPrintable(kNotesErrata + ": not seed, label, what: " + line));
    ++listed;
    const QString label = normalisedLabel(fields[1]);
    const auto seed = cells_by_seed.find(fields[0]);
    bool found = false;
    if (seed != cells_by_seed.end())
      for (const QString& cell : seed->second) found |= coversLabel(cell, label);
    if (!found) missing << ("seed " + fields[0] + " " + fields[1] + " (" + fields[2] + ")");
  }
  for (const QString& m : missing) qWarning("docs/errata.md has no row for %s", qPrintable(m));
  qInfo("%s: %d errata of the notes, %lld without a row", qPrintable(kNotesErrata), listed,
        static_cast<long long>(missing.size()));
  QVERIFY(listed > 0);
  QVERIFY2(missing.isEmpty(), qPrintable(QString::number(missing.size()) +
                                         " errata of the notes have no row in docs/errata.md"));
}

QTEST_GUILESS_MAIN(TestErrataDocument)
#include "test_errata_document.moc"
