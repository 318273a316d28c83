#include "ui/panels/explanation_panel.hpp"

#include <QFileInfo>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "ui/app/example_catalog.hpp"

namespace vms::ui {

ExplanationPanel::ExplanationPanel(QWidget* parent)
    : QWidget(parent), browser_(new QTextBrowser(this)) {
  browser_->setOpenExternalLinks(true);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addWidget(browser_);
  showFor({});
}

void ExplanationPanel::showFor(const QString& file) {
  if (file.isEmpty()) {
    browser_->setMarkdown(tr("Open an example (**Examples** menu) to read what it shows."));
    return;
  }
  const QString text = ExampleCatalog::explanation(file);
  browser_->setSearchPaths({QFileInfo(file).absolutePath()});
  browser_->setMarkdown(
      text.isEmpty() ? QStringLiteral("## %1\n\n%2")
                           .arg(ExampleCatalog::stem(file), tr("No explanation for this file."))
                     : text);
}

QString ExplanationPanel::plainText() const { return browser_->toPlainText(); }

}  // namespace vms::ui
