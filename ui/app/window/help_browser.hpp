#pragma once
// Help > Documentation: the README and docs/*.md shipped with the program, rendered offline
// (Markdown in a QTextBrowser; links between the pages work, web links open the browser).
#include <QDialog>
#include <QString>
#include <QStringList>

class QListWidget;
class QTextBrowser;
class QUrl;

namespace vms::ui {

/// The folder holding README.md and docs/ (VMS_DOCS_DIR, the source tree beside the build, or
/// <prefix>/share/doc/vms-workbench when installed); empty when none is found.
QString documentationDirectory();
/// README.md first, then docs/*.md by name (absolute paths); empty without a folder.
QStringList documentationPages(const QString& dir);

class HelpBrowser : public QDialog {
  Q_OBJECT
 public:
  explicit HelpBrowser(const QString& dir, QWidget* parent = nullptr);
  /// Shows `page` (a file name such as "workbench.md" or "README.md"); false if not listed.
  bool showPage(const QString& page);
  /// The absolute path of the page shown.
  QString currentPage() const;
  /// What a click on `link` in a page does: another page of the list is shown (at its
  /// anchor), an anchor of this page scrolled to, a web address or another file of the tree
  /// opened by the desktop.
  void followLink(const QUrl& link);
  QTextBrowser* browser() const { return browser_; }
  QListWidget* pageList() const { return pages_; }

 private:
  void display(const QString& path);

  QString dir_;
  QString current_path_;
  QListWidget* pages_;
  QTextBrowser* browser_;
};

}  // namespace vms::ui
