#include "ui/panels/explanation_panel.hpp"

#include <QTextBrowser>
#include <QVBoxLayout>

namespace vms::ui {

ExplanationPanel::ExplanationPanel(QWidget* parent)
    : QWidget(parent), browser_(new QTextBrowser(this)) {
  browser_->setOpenExternalLinks(true);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addWidget(browser_);
  showPlaceholder();
}

void ExplanationPanel::showPlaceholder() {
  browser_->setMarkdown(tr("Open an example (**Examples** menu) to read what it shows."));
}

void ExplanationPanel::showMarkdown(const QString& markdown, const QString& base_directory) {
  browser_->setSearchPaths({base_directory});
  browser_->setMarkdown(markdown);
}

QString ExplanationPanel::plainText() const { return browser_->toPlainText(); }

}  // namespace vms::ui
