// docs/errata.md lists every erratum the seed notes name, seed by seed, each row ending in
// "variant `SOLVER/VARIANT`" or "not a variant: WHY". Checked against the errata registry
// (core/solvers/errata_registry): every registered printed variant has a row, no row names a
// variant that is not registered, and every row says one or the other. README.md,
// docs/solvers.md, docs/workbench.md and docs/errata.md state the registry's count as "N
// printed equations run as variants" (VMS_UPDATE_DOCS=1 rewrites a stale count instead of
// failing; the rows carry reasons, so they are written by hand).
#include <QFile>
#include <QRegularExpression>
#include <QtTest>
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

}  // namespace

class TestErrataDocument : public QObject {
  Q_OBJECT
 private slots:
  void everyRowIsAVariantOrSaysWhyNot();
  void documentMatchesTheRegistry();
  void countsAreTheRegistrys();
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

QTEST_GUILESS_MAIN(TestErrataDocument)
#include "test_errata_document.moc"
