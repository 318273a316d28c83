#include "ui/app/window/help_browser.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QListWidget>
#include <QTextBrowser>
#include <QUrl>

namespace vms::ui {

QString documentationDirectory() {
  QStringList candidates;
  const QString env = qEnvironmentVariable("VMS_DOCS_DIR");
  if (!env.isEmpty()) candidates << env;
  const QString exe_dir = QCoreApplication::applicationDirPath();
  if (!exe_dir.isEmpty())
    candidates << exe_dir + "/../share/doc/vms-workbench" << exe_dir + "/../../..";
#ifdef VMS_DOCS_DIR
  candidates << QStringLiteral(VMS_DOCS_DIR);
#endif
  for (const QString& c : candidates) {
    const QDir dir(c);
    if (dir.exists("README.md") && dir.exists("docs")) return dir.canonicalPath();
  }
  return {};
}

QStringList documentationPages(const QString& dir) {
  if (dir.isEmpty()) return {};
  QStringList pages{QDir(dir).absoluteFilePath("README.md")};
  const QDir docs(QDir(dir).absoluteFilePath("docs"));
  for (const QString& f : docs.entryList({"*.md"}, QDir::Files, QDir::Name))
    pages << docs.absoluteFilePath(f);
  return pages;
}

HelpBrowser::HelpBrowser(const QString& dir, QWidget* parent)
    : QDialog(parent), dir_(dir), pages_(new QListWidget(this)), browser_(new QTextBrowser(this)) {
  setObjectName("helpBrowser");
  setWindowTitle(tr("VMS Workbench documentation"));
  resize(1000, 700);
  browser_->setOpenExternalLinks(true);  // web links: the system browser
  browser_->setOpenLinks(true);          // links between the pages: here
  pages_->setMaximumWidth(220);
  for (const QString& page : documentationPages(dir)) {
    auto* item = new QListWidgetItem(QFileInfo(page).fileName(), pages_);
    item->setData(Qt::UserRole, page);
    item->setToolTip(page);
  }
  auto* layout = new QHBoxLayout(this);
  layout->addWidget(pages_);
  layout->addWidget(browser_, 1);
  connect(pages_, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
    if (!item) return;
    const QString path = item->data(Qt::UserRole).toString();
    browser_->setSearchPaths({QFileInfo(path).absolutePath(), dir_});
    browser_->setSource(QUrl::fromLocalFile(path), QTextDocument::MarkdownResource);
  });
  if (pages_->count() > 0) pages_->setCurrentRow(0);
}

bool HelpBrowser::showPage(const QString& page) {
  for (int i = 0; i < pages_->count(); ++i) {
    if (pages_->item(i)->text() == page) {
      pages_->setCurrentRow(i);
      return true;
    }
  }
  return false;
}

}  // namespace vms::ui
