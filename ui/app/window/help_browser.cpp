#include "ui/app/window/help_browser.hpp"

#include <QCoreApplication>
#include <QDesktopServices>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QListWidget>
#include <QTextBrowser>
#include <QTextDocument>
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
  // Links are followed here (followLink): QTextBrowser's own navigation would parse a page
  // into its displayed document, laying it out again for every block (seconds for the README).
  browser_->setOpenLinks(false);
  browser_->setOpenExternalLinks(false);
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
    if (item) display(item->data(Qt::UserRole).toString());
  });
  connect(browser_, &QTextBrowser::anchorClicked, this, &HelpBrowser::followLink);
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

QString HelpBrowser::currentPage() const { return current_path_; }

void HelpBrowser::display(const QString& path) {
  QFile file(path);
  QString text;
  if (file.open(QIODevice::ReadOnly))
    text = QString::fromUtf8(file.readAll());
  else
    text = tr("%1 could not be read: %2").arg(path, file.errorString());
  // The page is parsed and laid out in a document of its own, then shown: about 50 ms for the
  // README. Its images are found through the browser's search paths (the document's parent).
  browser_->setSearchPaths({QFileInfo(path).absolutePath(), dir_});
  auto* page = new QTextDocument(browser_);
  page->setBaseUrl(QUrl::fromLocalFile(path));
  page->setMarkdown(text);
  // The browser deletes the document it made itself; the pages made here are deleted here.
  QTextDocument* previous = browser_->document();
  const bool made_here = previous && previous->parent() == browser_;
  browser_->setDocument(page);
  if (made_here) previous->deleteLater();
  current_path_ = path;
}

void HelpBrowser::followLink(const QUrl& link) {
  if (!link.isRelative() && !link.isLocalFile()) {  // the web: the system's browser
    QDesktopServices::openUrl(link);
    return;
  }
  const QUrl target = QUrl::fromLocalFile(current_path_).resolved(link);
  const QString path = QFileInfo(target.toLocalFile()).absoluteFilePath();
  if (link.path().isEmpty() || path == QFileInfo(current_path_).absoluteFilePath()) {
    if (link.hasFragment()) browser_->scrollToAnchor(link.fragment());
    return;
  }
  for (int i = 0; i < pages_->count(); ++i) {
    if (QFileInfo(pages_->item(i)->data(Qt::UserRole).toString()).absoluteFilePath() == path) {
      pages_->setCurrentRow(i);
      if (link.hasFragment()) browser_->scrollToAnchor(link.fragment());
      return;
    }
  }
  // Another file of the tree (an example model, a script): opened as the desktop opens it.
  if (QFileInfo::exists(path)) QDesktopServices::openUrl(QUrl::fromLocalFile(path));
}

}  // namespace vms::ui
