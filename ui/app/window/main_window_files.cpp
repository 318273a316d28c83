// MainWindow: File and Examples menus, open/save, recent files, autosave and recovery, close.
#include <QAction>
#include <QCloseEvent>
#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QStackedWidget>
#include <QStandardPaths>

#include "ui/app/contract/workbench_context.hpp"
#include "ui/app/window/example_catalog.hpp"
#include "ui/app/window/main_window.hpp"
#include "ui/app/window/recent_files.hpp"
#include "ui/app/window/seed_figures.hpp"
#include "ui/app/window/settings_keys.hpp"
#include "ui/app/window/start_page.hpp"
#include "ui/document/model_document.hpp"
#include "ui/document/model_templates.hpp"
#include "ui/document/recovery_summary.hpp"

namespace vms::ui {

namespace {

/// The files saved as drafts here (settings_keys::kDraftFiles), by absolute path.
bool isSavedDraft(const QString& path) {
  return QSettings()
      .value(settings_keys::kDraftFiles)
      .toStringList()
      .contains(QFileInfo(path).absoluteFilePath());
}

void rememberSavedDraft(const QString& path, bool draft) {
  QSettings settings;
  QStringList files = settings.value(settings_keys::kDraftFiles).toStringList();
  const QString file = QFileInfo(path).absoluteFilePath();
  files.removeAll(file);
  if (draft) files.prepend(file);
  while (files.size() > 50) files.removeLast();
  settings.setValue(settings_keys::kDraftFiles, files);
}

const char* kOpenFilter =
    "Models and scenarios (*.scenario.json *.vms.json *.urdf);;Scenarios (*.scenario.json);;"
    "VMS models (*.vms.json);;URDF (*.urdf);;All files (*)";

QString autosaveDirectory() {
  const QString env = qEnvironmentVariable("VMS_AUTOSAVE_DIR");
  if (!env.isEmpty()) return env;
  return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + "/autosave";
}

}  // namespace

void MainWindow::createFileMenu() {
  document_->setAutosaveDirectory(autosaveDirectory());
  QMenu* menu = menuBar()->addMenu(tr("&File"));
  QAction* new_model = menu->addAction(tr("&New…"), this, &MainWindow::newWithDialog);
  new_model->setObjectName("newModelAction");
  new_model->setShortcut(QKeySequence::New);
  new_model->setToolTip(tr("A new model from a template (Save asks for a file name)"));
  connect(start_page_, &StartPage::newRequested, this, &MainWindow::newWithDialog);
  QAction* open = menu->addAction(tr("&Open…"), this, &MainWindow::openWithDialog);
  open->setShortcut(QKeySequence::Open);
  recent_menu_ = menu->addMenu(tr("Open &Recent"));
  rebuildRecentMenu();
  QAction* reload = menu->addAction(tr("Re&load"), this, &MainWindow::reloadFile);
  reload->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
  reload->setToolTip(tr("Read the open file again (after editing it elsewhere)"));
  menu->addSeparator();
  QAction* save = menu->addAction(tr("&Save"), this, [this] { saveWithDialog(false); });
  save->setShortcut(QKeySequence::Save);
  QAction* save_as = menu->addAction(tr("Save &As…"), this, [this] { saveWithDialog(true); });
  save_as->setShortcut(QKeySequence::SaveAs);
  menu->addSeparator();
  QAction* quit = menu->addAction(tr("&Quit"), this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);
}

void MainWindow::createExamplesMenu() {
  examples_menu_ = menuBar()->addMenu(tr("E&xamples"));
  const QString dir = ExampleCatalog::modelsDirectory();
  const QList<Example> examples = ExampleCatalog::examples(dir);
  if (examples.isEmpty()) {
    examples_menu_->addAction(tr("(no models/ folder found: set VMS_MODELS_DIR)"))
        ->setEnabled(false);
    return;
  }
  for (const Example& example : examples) {
    QAction* action = examples_menu_->addAction(example.name);
    action->setData(example.path);
    action->setToolTip(example.path);
    connect(action, &QAction::triggered, this, [this, path = example.path] { openFile(path); });
  }
  addSeedFiguresMenu(examples_menu_, this, dir);
  QMenu* models = examples_menu_->addMenu(tr("Models"));
  for (const QString& file : ExampleCatalog::modelFiles(dir)) {
    QAction* action = models->addAction(QFileInfo(file).fileName());
    action->setData(file);
    connect(action, &QAction::triggered, this, [this, file] { openFile(file); });
  }
}

QWidget* MainWindow::centralView() const {
  QWidget* current = central_->currentWidget();
  return current == scene_page_ ? scene_ : current;
}

void MainWindow::rebuildRecentMenu() {
  if (start_page_) start_page_->refresh();
  recent_menu_->clear();
  const QStringList files = RecentFiles::load();
  for (const QString& file : files) {
    QAction* action = recent_menu_->addAction(QFileInfo(file).fileName());
    action->setData(file);
    action->setToolTip(file);
    connect(action, &QAction::triggered, this, [this, file] { openFile(file); });
  }
  if (files.isEmpty()) recent_menu_->addAction(tr("(none)"))->setEnabled(false);
  recent_menu_->addSeparator();
  recent_menu_->addAction(tr("Clear list"), this, [this] {
    RecentFiles::clear();
    rebuildRecentMenu();
  });
}

bool MainWindow::openFile(const QString& path, QString* error, bool repair_inertia) {
  if (!confirmDiscardEdits()) {
    if (error) *error = tr("cancelled: unsaved edits");
    return false;
  }
  QString message;
  if (openConfirmed(path, repair_inertia ? OpenMode::RepairingInertia : OpenMode::AsWritten,
                    &message))
    return true;
  if (!repair_inertia && isSavedDraft(path)) {
    // Saved as a draft here: it opens as one again.
    QString draft_message;
    if (openConfirmed(path, OpenMode::AsDraft, &draft_message)) {
      context_->warning(tr("%1 was saved as a draft: opened as one (%2)")
                            .arg(QFileInfo(path).fileName(), message));
      return true;
    }
  }
  const bool repairable = !repair_inertia && ModelDocument::isRepairableInertiaProblem(message);
  const bool draftable = !repair_inertia && ModelDocument::canOpenAsDraft(path);
  if (dialogs_ && (repairable || draftable)) {
    // A real file with a non-physical inertia (a sensor mount breaking A + B >= C): offer to
    // balance it as MuJoCo's balanceinertia does, naming each link in the log. Any file that
    // reads: offer to open it as a draft, to fix it here.
    QString text = message;
    if (repairable)
      text +=
          tr("\n\nRepair and open replaces each such link's principal moments by their "
             "mean (MuJoCo's balanceinertia) and names the links in the log; the file "
             "itself is not changed.");
    if (draftable)
      text +=
          tr("\n\nOpen as draft opens it as it is, with every problem marked in the model "
             "tree, to fix it here; it cannot be simulated until it is fixed, and can be "
             "saved as a draft meanwhile.");
    QMessageBox box(QMessageBox::Warning, tr("Cannot open %1").arg(QFileInfo(path).fileName()),
                    text, QMessageBox::Cancel, this);
    QPushButton* repair =
        repairable ? box.addButton(tr("Repair and open"), QMessageBox::AcceptRole) : nullptr;
    QPushButton* draft =
        draftable ? box.addButton(tr("Open as draft"), QMessageBox::AcceptRole) : nullptr;
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    if (repair && box.clickedButton() == repair &&
        openConfirmed(path, OpenMode::RepairingInertia, &message))
      return true;
    if (draft && box.clickedButton() == draft && openConfirmed(path, OpenMode::AsDraft, &message))
      return true;
    if (error) *error = message;
    context_->error(message);
    return false;
  }
  if (error) *error = message;
  showProblem(tr("Cannot open %1").arg(QFileInfo(path).fileName()), message);
  return false;
}

bool MainWindow::openAsDraft(const QString& path, QString* error) {
  if (!confirmDiscardEdits()) {
    if (error) *error = tr("cancelled: unsaved edits");
    return false;
  }
  QString message;
  if (openConfirmed(path, OpenMode::AsDraft, &message)) return true;
  if (error) *error = message;
  showProblem(tr("Cannot open %1").arg(QFileInfo(path).fileName()), message);
  return false;
}

bool MainWindow::openConfirmed(const QString& path, OpenMode mode, QString* message) {
  const bool repair_inertia = mode == OpenMode::RepairingInertia;
  bool ok = false;
  try {
    ok = repair_inertia              ? document_->openRepairingInertia(path, message)
         : mode == OpenMode::AsDraft ? document_->openAsDraft(path, message)
                                     : document_->open(path, message);
  } catch (const std::exception& e) {  // the document should not throw; never crash on input
    *message = QStringLiteral("%1: %2").arg(path, QString::fromUtf8(e.what()));
  } catch (...) {
    *message = tr("%1: cannot open (an unexpected exception)").arg(path);
  }
  if (!ok) {
    if (message->isEmpty()) *message = tr("%1: cannot open").arg(path);
    return false;
  }
  // ModelDocument::opened() has rebuilt the views (onDocumentOpened).
  if (repair_inertia)
    for (const QString& w : document_->warnings())
      if (w.contains(QLatin1String("inertia repaired"))) context_->warning(w);
  if (document_->isDraft())
    for (const QString& p : document_->problemMessages()) context_->warning(tr("draft: %1").arg(p));
  rememberDirectory(path);
  RecentFiles::add(path);
  QSettings().setValue(settings_keys::kLastSession, QFileInfo(path).absoluteFilePath());
  rebuildRecentMenu();
  context_->info(tr("opened %1").arg(path));
  return true;
}

void MainWindow::openWithDialog() {
  const QString path =
      QFileDialog::getOpenFileName(this, tr("Open model or scenario"), context_->lastDirectory(),
                                   QString::fromLatin1(kOpenFilter));
  if (!path.isEmpty()) openFile(path);
}

void MainWindow::reloadFile() {
  if (!document_->isOpen() || document_->path().isEmpty()) return;
  openFile(document_->path());
}

bool MainWindow::isShippedExample(const QString& path) {
  const QString models = ExampleCatalog::modelsDirectory();
  if (models.isEmpty() || path.isEmpty()) return false;
  const QString dir = QFileInfo(QFileInfo(path).absolutePath()).canonicalFilePath();
  return !dir.isEmpty() && dir == QDir(models).canonicalPath();
}

bool MainWindow::saveTo(const QString& path, QString* error) {
  QString message;
  if (isShippedExample(path)) {
    // The shipped examples are read-only: an edited example is saved as a copy elsewhere.
    message = tr("%1: the shipped examples are read-only; save the edited model under another "
                 "name, outside %2")
                  .arg(path, ExampleCatalog::modelsDirectory());
    if (error) *error = message;
    showProblem(tr("Cannot save"), message);
    return false;
  }
  if (!document_->save(path, &message)) {
    if (error) *error = message;
    showProblem(tr("Cannot save"), message.isEmpty() ? path : message);
    return false;
  }
  document_->discardAutosave();
  rememberSavedDraft(path, document_->isDraft());
  rememberDirectory(path);
  RecentFiles::add(path);
  rebuildRecentMenu();
  context_->info(tr("saved %1").arg(path));
  updateTitle();
  return true;
}

void MainWindow::saveWithDialog(bool save_as) {
  if (!document_->isOpen()) return;
  QString path = document_->path();
  // A URDF is never overwritten: the edited model is saved as .vms.json. Nor is a shipped
  // example: Save asks for a new name, in the last folder used outside the examples.
  const bool example = isShippedExample(path);
  // A model file that was given a scenario here is saved with it, as a .scenario.json.
  const bool needs_scenario_file =
      document_->isScenarioFile() && !path.endsWith(QLatin1String(".scenario.json"));
  if (save_as || example || needs_scenario_file || path.isEmpty() ||
      path.endsWith(QLatin1String(".urdf"))) {
    const QString folder = isShippedExample(context_->lastDirectory() + "/x")
                               ? context_->exportDirectory()
                               : context_->lastDirectory();
    const QString suffix = document_->isScenarioFile() ? ".scenario.json" : ".vms.json";
    // An untitled (new) model is suggested under its name.
    const QString stem =
        path.isEmpty() ? document_->description().name.c_str() : ExampleCatalog::stem(path);
    const QString suggestion = QDir(folder).absoluteFilePath(stem + suffix);
    if (example)
      context_->info(tr("%1 is a shipped example (read-only): choose a name for your copy")
                         .arg(QFileInfo(path).fileName()));
    const QString model_filter = tr("VMS model (*.vms.json)");
    const QString scenario_filter = tr("Scenario with the model inline (*.scenario.json)");
    QString selected = suffix == ".scenario.json" ? scenario_filter : model_filter;
    path = QFileDialog::getSaveFileName(this, tr("Save model or scenario"), suggestion,
                                        model_filter + ";;" + scenario_filter, &selected);
    if (path.isEmpty()) return;
  }
  saveTo(path);
}

bool MainWindow::confirmDiscardEdits() {
  if (!document_->isOpen() || !document_->isModified()) return true;
  if (!dialogs_) return false;  // never drop edits silently
  const auto answer = QMessageBox::question(
      this, tr("Unsaved edits"), tr("%1 has unsaved edits. Save them?").arg(document_->title()),
      QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
  if (answer == QMessageBox::Discard) {
    document_->discardAutosave();
    return true;
  }
  if (answer != QMessageBox::Save) return false;  // Cancel, Escape, closed: keep the edits
  saveWithDialog(false);
  return !document_->isModified();
}

void MainWindow::writeAutosave() {
  if (!document_->isOpen()) return;
  QString message;  // an unmodified document removes its recovery copy instead
  if (!document_->writeAutosaveInBackground(&message) && !message.isEmpty())
    context_->warning(tr("autosave failed: %1").arg(message));
}

bool MainWindow::offerRecovery() {
  const auto recovery = ModelDocument::findRecovery(autosaveDirectory());
  if (!recovery) return false;
  // The question names the document the edits belong to, not the autosave file.
  const QString original = ModelDocument::recoveryOriginalPath(*recovery);
  const QDateTime when = ModelDocument::recoveryTime(*recovery);
  const QString what =
      original.isEmpty() ? tr("a model that was never saved") : QDir::toNativeSeparators(original);
  const QString at = when.isValid()
                         ? tr(" (last autosaved %1)")
                               .arg(when.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")))
                         : QString();
  // What restoring would change, before it does.
  const RecoverySummary summary = summarizeRecovery(*recovery, original);
  QString changes;
  if (summary.unavailable.isEmpty() && summary.total == 0) {
    // Killed between saving and removing the copy: the file has every edit already.
    ModelDocument::discardRecovery(*recovery);
    context_->info(
        tr("recovery copy of %1 removed: it holds the same model as the file").arg(what));
    return false;
  }
  if (!summary.unavailable.isEmpty())
    changes = tr("\n\nNot compared with the file: %1.").arg(summary.unavailable);
  else
    changes = tr("\n\nRestoring changes %n value(s):", nullptr, summary.total) + "\n  " +
              summary.differences.join("\n  ") +
              (summary.total > summary.differences.size()
                   ? tr("\n  … and %1 more").arg(summary.total - summary.differences.size())
                   : QString());
  context_->info(tr("recovery copy %1 of %2 found%3").arg(*recovery, what, changes));
  QMessageBox box(QMessageBox::Question, tr("Recover unsaved edits?"),
                  tr("The last session did not close cleanly and left unsaved edits to\n%1%2.%3"
                     "\n\nRestore them?")
                      .arg(what, at, changes),
                  QMessageBox::Yes | QMessageBox::No, this);
  box.setObjectName("recoveryQuestion");
  box.setDefaultButton(QMessageBox::Yes);
  const auto answer = static_cast<QMessageBox::StandardButton>(box.exec());
  if (answer != QMessageBox::Yes) {
    context_->info(tr("recovery copy of %1 left in place: %2").arg(what, *recovery));
    return false;
  }
  QString message;
  if (!document_->restoreRecovery(*recovery, &message)) {
    showProblem(tr("Cannot restore"), message);
    return false;
  }
  context_->info(tr("restored unsaved edits to %1").arg(what));
  return true;
}

void MainWindow::startSession(const QString& file) {
  if (offerRecovery()) {
    // The restored edits are the document now: opening another file would ask at once to save
    // or discard them (Discard would drop what was just restored).
    if (!file.isEmpty())
      context_->info(tr("%1 not opened: the recovered edits are shown; open it once they are saved")
                         .arg(file));
    return;
  }
  QString path = file;
  if (path.isEmpty()) {
    const QString last = QSettings().value(settings_keys::kLastSession).toString();
    if (!last.isEmpty() && QFileInfo::exists(last)) path = last;
  }
  if (!path.isEmpty()) openFile(path);
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (!confirmDiscardEdits()) {
    event->ignore();
    return;
  }
  if (scene_->isRecording()) stopVideo();
  controller_->pause();
  document_->discardAutosave();
  saveLayout();
  event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  if (event->mimeData()->hasUrls()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
  const QList<QUrl> urls = event->mimeData()->urls();
  if (!urls.isEmpty() && urls.first().isLocalFile()) openFile(urls.first().toLocalFile());
}

void MainWindow::updateTitle() {
  QString name = document_->isOpen() ? document_->title() : tr("no model");
  if (document_->isDraft()) name += tr(" (draft)");
  setWindowTitle(QStringLiteral("%1[*] — VMS Workbench").arg(name));
  setWindowModified(document_->isOpen() && document_->isModified());
}

void MainWindow::rememberDirectory(const QString& file) {
  context_->setLastDirectory(QFileInfo(file).absolutePath());
}

void MainWindow::newWithDialog() {
  QStringList titles;
  for (const ModelTemplate& t : modelTemplates())
    titles << tr("%1 — %2").arg(QString::fromStdString(t.title), QString::fromStdString(t.summary));
  bool accepted = false;
  const QString chosen =
      QInputDialog::getItem(this, tr("New model"), tr("Start from:"), titles, 0, false, &accepted);
  if (!accepted) return;
  const int k = static_cast<int>(titles.indexOf(chosen));
  if (k >= 0) newFromTemplate(QString::fromStdString(modelTemplates()[k].id));
}

bool MainWindow::newFromTemplate(const QString& template_id, QString* error) {
  const ModelTemplate* t = findModelTemplate(template_id.toStdString());
  QString message;
  if (!t) {
    message = tr("no model template '%1'").arg(template_id);
  } else if (!confirmDiscardEdits()) {
    // The user kept the edits (Cancel): nothing to report beyond the log.
    if (error) *error = tr("cancelled: unsaved edits");
    context_->info(tr("new model not created: the open document's edits were kept"));
    return false;
  } else if (document_->newDocument(t->make(), &message)) {
    context_->info(tr("new model from the template '%1' (not saved yet)")
                       .arg(QString::fromStdString(t->title)));
    return true;
  }
  if (error) *error = message;
  showProblem(tr("Cannot create the model"), message);
  return false;
}

}  // namespace vms::ui
