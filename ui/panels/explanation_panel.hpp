#pragma once
// The explanation panel for teaching: the open example's Markdown text (models/<name>.md or
// the scenario's "comment"); the app finds that text (ExampleCatalog::explanation) and gives it
// here, so that this panel does not depend on the app layer.
#include <QWidget>

class QTextBrowser;

namespace vms::ui {

class ExplanationPanel : public QWidget {
  Q_OBJECT
 public:
  explicit ExplanationPanel(QWidget* parent = nullptr);
  /// Shows the text that invites to open an example (no document).
  void showPlaceholder();
  /// Shows Markdown text; images and links resolve relative to `base_directory`.
  void showMarkdown(const QString& markdown, const QString& base_directory);
  QString plainText() const;

 private:
  QTextBrowser* browser_;
};

}  // namespace vms::ui
