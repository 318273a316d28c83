#pragma once
// The explanation panel for teaching: the open example's Markdown text (models/<name>.md or
// the scenario's "comment"), see ExampleCatalog::explanation.
#include <QWidget>

class QTextBrowser;

namespace vms::ui {

class ExplanationPanel : public QWidget {
  Q_OBJECT
 public:
  explicit ExplanationPanel(QWidget* parent = nullptr);
  /// Shows the explanation of `file` (a placeholder text if it has none).
  void showFor(const QString& file);
  QString plainText() const;

 private:
  QTextBrowser* browser_;
};

}  // namespace vms::ui
