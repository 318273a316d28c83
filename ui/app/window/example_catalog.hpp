#pragma once
// The example scenarios shipped in models/: where that folder is (env VMS_MODELS_DIR, next to
// the executable's source tree, or the build's VMS_MODELS_DIR), which examples it holds, and the
// teaching text shown for a file (models/<name>.md, else the scenario's "comment").
#include <QString>
#include <QStringList>

namespace vms::ui {

struct Example {
  QString name;  // file name without .scenario.json
  QString path;  // absolute
};

class ExampleCatalog {
 public:
  /// First existing of: $VMS_MODELS_DIR, <exe dir>/../../../models (build tree),
  /// <exe dir>/../share/vms/models, the compile-time VMS_MODELS_DIR. Empty if none.
  static QString modelsDirectory();
  /// Every *.scenario.json in `dir`, sorted by name.
  static QList<Example> examples(const QString& dir = modelsDirectory());
  /// Model files (*.vms.json, *.urdf) in `dir`, sorted by name.
  static QStringList modelFiles(const QString& dir = modelsDirectory());
  /// Markdown explanation for a file: <dir>/<stem>.md if present, else the top-level "comment"
  /// of a JSON file, else an empty string.
  static QString explanation(const QString& file);
  /// File name without .scenario.json / .vms.json / .urdf.
  static QString stem(const QString& file);
};

}  // namespace vms::ui
