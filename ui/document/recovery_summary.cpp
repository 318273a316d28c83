#include "ui/document/recovery_summary.hpp"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <exception>

#include "core/io/vms_json.hpp"
#include "ui/document/document_loader.hpp"
#include "ui/document/scenario_builder.hpp"

namespace vms::ui {

namespace {

/// The document as JSON: the scenario with its model inline for a scenario file, else the
/// model. Paths are written absolute so that two files in different folders compare equal.
QJsonObject documentJson(const QString& path) {
  const LoadedDocument loaded = loadDocument(path.toStdString(), false, /*allow_draft=*/true);
  const DocumentSnapshot& s = loaded.snapshot;
  // Links and joints as such, not as the DH table some files write them as: an edit that
  // leaves the table (a mass of the DH base) then differs in that value, not in every link.
  ModelDescription description = s.description;
  description.dh.reset();
  const std::string text = s.source.from_scenario_file
                               ? scenarioTextWithModel(description, s.source, "", true)
                               : writeVmsJson(description);
  return QJsonDocument::fromJson(QByteArray::fromStdString(text)).object();
}

QString valueText(const QJsonValue& v) {
  switch (v.type()) {
    case QJsonValue::Double:
      return QString::number(v.toDouble(), 'g', 6);
    case QJsonValue::String: {
      QString s = v.toString();
      if (s.size() > 40) s = s.left(39) + QChar(0x2026);
      return "'" + s + "'";
    }
    case QJsonValue::Bool:
      return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Null:
      return QStringLiteral("null");
    case QJsonValue::Undefined:
      return QStringLiteral("(absent)");
    case QJsonValue::Array: {
      const QJsonArray a = v.toArray();
      bool numbers = a.size() <= 4;
      for (const QJsonValue& x : a) numbers = numbers && x.isDouble();
      if (!numbers) return QStringLiteral("[%1 items]").arg(a.size());
      QStringList parts;
      for (const QJsonValue& x : a) parts << QString::number(x.toDouble(), 'g', 6);
      return "[" + parts.join(", ") + "]";
    }
    case QJsonValue::Object:
      return QStringLiteral("{…}");
  }
  return {};
}

/// A readable name for an array element: its "name" when it has one.
QString elementName(const QJsonValue& v, int index) {
  const QString name = v.toObject().value("name").toString();
  return name.isEmpty() ? QStringLiteral("[%1]").arg(index)
                        : QStringLiteral("[%1 '%2']").arg(index).arg(name);
}

void diff(const QJsonValue& a, const QJsonValue& b, const QString& path, RecoverySummary* out,
          int max) {
  if (a == b) return;
  auto add = [&](const QString& line) {
    ++out->total;
    if (out->differences.size() < max) out->differences << line;
  };
  const QString here = path.isEmpty() ? QStringLiteral("(document)") : path;
  if (a.isObject() && b.isObject()) {
    const QJsonObject oa = a.toObject(), ob = b.toObject();
    QStringList keys = oa.keys();
    for (const QString& k : ob.keys())
      if (!oa.contains(k)) keys << k;
    for (const QString& k : keys)
      diff(oa.value(k), ob.value(k), path.isEmpty() ? k : path + "." + k, out, max);
    return;
  }
  if (a.isArray() && b.isArray()) {
    const QJsonArray xa = a.toArray(), xb = b.toArray();
    const bool numbers = !xa.isEmpty() && xa.first().isDouble();
    if (xa.size() != xb.size()) {
      add(QStringLiteral("%1: %2 → %3 items").arg(here).arg(xa.size()).arg(xb.size()));
      if (numbers) return;
    }
    if (numbers && xa.size() <= 4) {
      add(QStringLiteral("%1: %2 → %3").arg(here, valueText(a), valueText(b)));
      return;
    }
    for (int i = 0; i < std::min(xa.size(), xb.size()); ++i)
      diff(xa[i], xb[i], path + elementName(xb[i], i), out, max);
    return;
  }
  add(QStringLiteral("%1: %2 → %3").arg(here, valueText(a), valueText(b)));
}

}  // namespace

RecoverySummary summarizeRecovery(const QString& recovery_file, const QString& original_path,
                                  int max_differences) {
  RecoverySummary summary;
  if (original_path.isEmpty()) {
    summary.unavailable = QStringLiteral("the edits belong to a model that was never saved");
    return summary;
  }
  if (!QFileInfo::exists(original_path)) {
    summary.unavailable = QStringLiteral("%1 no longer exists").arg(original_path);
    return summary;
  }
  try {
    const QJsonObject original = documentJson(original_path);
    const QJsonObject recovered = documentJson(recovery_file);
    diff(original, recovered, QString(), &summary, max_differences);
  } catch (const std::exception& e) {
    summary.unavailable = QStringLiteral("cannot compare: %1").arg(QString::fromUtf8(e.what()));
  }
  return summary;
}

}  // namespace vms::ui
