// MainWindow: the Help menu (keyboard shortcuts listed from the window's own actions, the
// documentation shipped with the program, About with the version).
#include <QAction>
#include <QCoreApplication>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QToolBar>

#include "ui/app/bars/simulation_toolbar.hpp"
#include "ui/app/contract/workbench_context.hpp"
#include "ui/app/window/help_browser.hpp"
#include "ui/app/window/main_window.hpp"

namespace vms::ui {

namespace {

void collectShortcuts(const QList<QAction*>& actions, QStringList& lines, QStringList& seen) {
  for (QAction* a : actions) {
    if (a->menu()) collectShortcuts(a->menu()->actions(), lines, seen);
    if (a->isSeparator()) continue;
    QString name = a->text().remove(QLatin1Char('&')).remove(QStringLiteral("…"));
    for (const QKeySequence& key : a->shortcuts()) {
      const QString keys = key.toString(QKeySequence::NativeText);
      if (keys.isEmpty() || seen.contains(keys)) continue;
      seen << keys;
      lines << QStringLiteral("%1\t%2").arg(keys, name);
    }
  }
}

}  // namespace

QString MainWindow::shortcutsText() const {
  QStringList lines, seen;
  collectShortcuts(menuBar()->actions(), lines, seen);
  collectShortcuts(toolbar_->actions(), lines, seen);
  return lines.join('\n') +
         tr("\n\nMouse in the 3D view: left drag orbits, middle drag pans, wheel zooms, click "
            "picks a link.");
}

QString MainWindow::aboutText() const {
  const QString version = QCoreApplication::applicationVersion();
  const QString docs = documentationDirectory();
  return tr("<b>VMS Workbench</b> %1<br>Vehicle-manipulator systems: singularity-free dynamics "
            "on the Lie group, the five seed papers' formulations side by side, live 3D, "
            "momentum and manipulability plots, exports.<br><br>Documentation: Help &gt; "
            "Documentation%2.")
      .arg(version.isEmpty() ? QString() : tr("version %1").arg(version),
           docs.isEmpty() ? QString() : tr(" (%1)").arg(docs.toHtmlEscaped()));
}

void MainWindow::showDocumentation() {
  const QString dir = documentationDirectory();
  if (dir.isEmpty()) {
    showProblem(tr("No documentation found"),
                tr("README.md and docs/ were not found next to the program; set VMS_DOCS_DIR "
                   "to the folder that holds them."));
    return;
  }
  if (!help_browser_) help_browser_ = new HelpBrowser(dir, this);
  help_browser_->show();
  help_browser_->raise();
}

void MainWindow::createHelpMenu() {
  QMenu* menu = menuBar()->addMenu(tr("&Help"));
  QAction* docs = menu->addAction(tr("&Documentation"), this, &MainWindow::showDocumentation);
  docs->setShortcut(QKeySequence::HelpContents);
  QAction* keys = menu->addAction(tr("Keyboard shortcuts"));
  connect(keys, &QAction::triggered, this,
          [this] { QMessageBox::information(this, tr("Keyboard shortcuts"), shortcutsText()); });
  QAction* about = menu->addAction(tr("About VMS Workbench"));
  connect(about, &QAction::triggered, this,
          [this] { QMessageBox::about(this, tr("About VMS Workbench"), aboutText()); });
}

}  // namespace vms::ui
