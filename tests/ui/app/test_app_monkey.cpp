// A seeded random "monkey" drives the desktop main window as a careless user would: menu
// actions, toolbar buttons, shortcuts and stray keys, clicks, drags, double clicks, wheel turns
// and context menus in the 3D view and the plots, text (valid and invalid numbers, 300 'x')
// typed into the property inspector's and the Scenario panel's fields, the model tree's clicks,
// keys and context menu, other widgets (buttons, combo boxes, sliders, spin boxes, dock tabs),
// example files opened, new models, saves and exports into a temporary folder, undo/redo,
// run/pause/step/reset/scrub, docks closed, floated and reset, the window resized. Every modal
// dialog is answered as soon as it shows (a random button, never one that saves), file dialogs
// are cancelled, popup menus get a random entry or Escape.
//
// It fails on a crash (the signal handler prints the seed and the last actions), a Qt warning
// of a kind that means a bug (kErrorPatterns; every warning is printed at the end), an action
// that blocks the event loop for more than a second (kFrozenMs), or a broken invariant:
//  (a) after every action: the window never outgrows the screen's available area;
//  every kCheckEvery actions and at the end:
//  (b) the document saved to a temporary .scenario.json / .vms.json reads back (in a second
//      ModelDocument) to the same model and scenario, and saving that again gives the same file;
//  (c) undo back to the start of the undo stack gives the document as it was opened (the same
//      model and scenario, the same saved text); redo then returns to the edited state mostly;
//  and at the end: the shipped examples in models/ were not written.
//
// VMS_MONKEY_SEED (default: from the clock, printed) and VMS_MONKEY_ACTIONS (default 5000)
// choose the run; VMS_MONKEY_TRACE=FILE writes every
// action with its time to FILE;
// VMS_MONKEY_KEEP_GOING=1 records every problem instead of stopping at the first;
// VMS_MONKEY_BUDGET_S (default 300) stops a run that takes longer early, with a message: the
// test stays within five minutes on a slow or loaded machine.
// It runs beside another test under CTest -j2 (its files are in memory, memoryTemporaryPath):
// a frozen UI is a block of over a second (kFrozenMs), and its slowest action prints with the
// report.
#include <execinfo.h>
#include <unistd.h>

#include <QAbstractButton>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QActionGroup>
#include <QCheckBox>
#include <QColorDialog>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QCryptographicHash>
#include <QDockWidget>
#include <QFileDialog>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPointer>
#include <QScreen>
#include <QScrollBar>
#include <QTabBar>
#include <QTableWidget>
#include <QToolBar>
#include <QToolButton>
#include <QTreeWidget>
#include <QUndoStack>
#include <QWheelEvent>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <functional>
#include <random>

#include "core/io/vms_json.hpp"
#include "core/scenario/scenario_json.hpp"
#include "test_app_support.hpp"
#include "ui/app/bars/timeline_bar.hpp"
#include "ui/app/contract/workbench_context.hpp"
#include "ui/app/docks/plots_dock.hpp"
#include "ui/document/model_document.hpp"
#include "ui/document/model_templates.hpp"
#include "ui/panels/property_inspector.hpp"
#include "ui/panels/scenario_panel.hpp"
#include "ui/plots/plot_panel.hpp"

using namespace vms;
using namespace vms::test;

namespace {

constexpr int kDefaultActions = 5000;
constexpr int kDefaultBudgetSeconds = 300;
constexpr int kCheckEvery = 250;
constexpr qint64 kFrozenMs = 1000;  // an action that blocks the event loop longer: frozen UI
constexpr int kTraceShown = 30;

/// Qt warnings that mean a bug in the app (misused API, broken layout or painting).
// clang-format off
const char* const kErrorPatterns[] = {
    "QObject::", "QPainter::", "QLayout", "Recursive repaint", "QWidget::", "QBasicTimer",
    "ASSERT", "QMetaObject", "QTimer", "QAbstractItemModel", "QItemSelectionModel", "QFont::",
    "QPixmap::", "QImage::", "QString::arg", "QUndoStack", "QAction", "QCoreApplication::",
    "Cannot queue arguments", "QCP"};
// clang-format on

// ---- the messages seen, and the crash report -------------------------------------------------

struct MessageLog {
  QStringList errors;           // matching kErrorPatterns, in order
  QMap<QString, int> warnings;  // every warning, with its count
};
MessageLog g_messages;
QtMessageHandler g_previous_handler = nullptr;

void recordMessage(QtMsgType type, const QMessageLogContext& context, const QString& text) {
  // QCustomPlot reports a misuse with qDebug(Q_FUNC_INFO ...): counted as a warning.
  const bool qcp_debug = type == QtDebugMsg && text.contains(QLatin1String("QCP"));
  if (type == QtWarningMsg || type == QtCriticalMsg || type == QtFatalMsg || qcp_debug) {
    ++g_messages.warnings[text.left(300)];
    for (const char* pattern : kErrorPatterns)
      if (text.contains(QLatin1String(pattern))) {
        g_messages.errors << text.left(500);
        break;
      }
  }
  if (g_previous_handler) g_previous_handler(type, context, text);
}

// The last actions in fixed buffers that a signal handler can write out.
constexpr int kRingSize = 32;
constexpr int kRingWidth = 240;
char g_ring[kRingSize][kRingWidth];
std::atomic<long> g_ring_count{0};
char g_seed_line[200] = "";

void writeAll(const char* text) {
  size_t left = strlen(text);
  while (left > 0) {
    const ssize_t n = write(STDERR_FILENO, text, left);
    if (n <= 0) return;
    text += n;
    left -= size_t(n);
  }
}

void crashHandler(int sig, siginfo_t* info, void* context) {
  writeAll("\n*** monkey: the process received a fatal signal. ");
  writeAll(g_seed_line);
  writeAll("\n*** the last actions, oldest first:\n");
  const long count = g_ring_count.load();
  for (long k = std::max(0L, count - kRingSize); k < count; ++k) {
    writeAll("  ");
    writeAll(g_ring[k % kRingSize]);
    writeAll("\n");
  }
  // The stack here, then out. QtTest's own handler forks a debugger for its stack trace, and
  // after a heap corruption the fork waits forever on the allocator's lock (a CI run hung
  // 7 minutes that way); backtrace() was loaded at install time, so it does not allocate now.
  (void)info;
  (void)context;
  writeAll("*** stack (addr2line -Cfe EXECUTABLE +OFFSET names a frame):\n");
  void* frames[64];
  backtrace_symbols_fd(frames, backtrace(frames, 64), STDERR_FILENO);
  _exit(128 + sig);
}

void installCrashHandler() {
  void* warm_up[1];
  backtrace(warm_up, 1);  // loads the unwinder now: the handler must not allocate
  for (int sig : {SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL}) {
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_sigaction = crashHandler;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    sigaction(sig, &action, nullptr);
  }
}

/// CPU time of the calling thread (the GUI thread): how much of an action's wall time was the
/// app's own work rather than other processes' (the wall time is what the user waits).
qint64 threadCpuMs() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return qint64(t.tv_sec) * 1000 + t.tv_nsec / 1000000;
}

QByteArray fileHash(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {};
  return QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha1);
}

QByteArray readAll(const QString& path) {
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// The scenario as text without what legitimately changes with the file it is saved to: where
/// it was read from and how the model and initial state are referenced (inline or by path; the
/// model is compared on its own, the state by its content).
std::string scenarioSettingsText(const ui::ModelDocument& document) {
  ScenarioDescription s = document.scenarioDescription();
  s.source.clear();
  s.model = ModelReference{};
  if (s.initial_state) {
    s.initial_state->path.clear();
    s.initial_state->source.clear();
  }
  return writeScenarioJson(s);
}

/// What the document holds: its model, and (a scenario file) its scenario's settings.
std::string documentText(const ui::ModelDocument& document) {
  std::string text = writeVmsJson(document.description());
  if (document.isScenarioFile()) text += "\n--- scenario ---\n" + scenarioSettingsText(document);
  return text;
}

/// The first line where two texts differ, for the failure message.
QString firstDifference(const std::string& a, const std::string& b) {
  const QStringList la = QString::fromStdString(a).split('\n');
  const QStringList lb = QString::fromStdString(b).split('\n');
  for (int i = 0; i < std::max(la.size(), lb.size()); ++i)
    if (la.value(i) != lb.value(i))
      return QString("line %1:\n    %2\n    %3").arg(i + 1).arg(la.value(i), lb.value(i));
  return "no difference";
}

// ---- answering modal dialogs and popups -----------------------------------------------------

/// Answers every modal dialog as soon as it is shown (from the event loop the dialog runs):
/// file dialogs are cancelled; a message box gets a random button other than Save (nothing is
/// saved behind the monkey's back, least of all over a shipped example); an input dialog is
/// accepted half of the time with its default or a random text; other dialogs are accepted a
/// third of the time. A popup menu gets a random entry by keyboard or Escape; other popups
/// (a combo box's list) are closed.
class DialogAnswerer : public QObject {
 public:
  DialogAnswerer(std::mt19937* rng, std::function<void(const QString&)> log)
      : rng_(rng), log_(std::move(log)) {
    qApp->installEventFilter(this);
    // A safety net for a modal window the filter missed.
    connect(&sweeper_, &QTimer::timeout, this, [this] {
      if (QWidget* modal = QApplication::activeModalWidget()) {
        ++missed_;
        log_("  sweeper closes " + describe(modal));
        if (auto* dialog = qobject_cast<QDialog*>(modal))
          dialog->reject();
        else
          modal->close();
      }
    });
    sweeper_.start(500);
  }
  ~DialogAnswerer() override { qApp->removeEventFilter(this); }
  int answered() const { return answered_; }
  int missed() const { return missed_; }

  static QString describe(QWidget* w) {
    return QString("%1 '%2'").arg(w->metaObject()->className(), w->windowTitle());
  }

 protected:
  bool eventFilter(QObject* object, QEvent* event) override {
    if (event->type() != QEvent::Show || !object->isWidgetType()) return false;
    auto* widget = static_cast<QWidget*>(object);
    if (!widget->isWindow()) return false;
    if (widget->windowType() == Qt::Popup) {
      QPointer<QWidget> popup(widget);
      QTimer::singleShot(0, this, [this, popup] {
        if (popup && popup->isVisible()) answerPopup(popup);
      });
    } else if (widget->isModal() && qobject_cast<QDialog*>(widget)) {
      QPointer<QDialog> dialog(static_cast<QDialog*>(widget));
      QTimer::singleShot(0, this, [this, dialog] {
        if (dialog && dialog->isVisible()) answer(dialog);
      });
    }
    return false;
  }

 private:
  int pick(int n) { return n <= 1 ? 0 : int((*rng_)() % unsigned(n)); }
  bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(*rng_) < p; }

  void answer(QDialog* dialog) {
    ++answered_;
    const QString what = describe(dialog);
    if (qobject_cast<QFileDialog*>(dialog)) {
      log_("  cancel " + what);
      dialog->reject();
    } else if (auto* box = qobject_cast<QMessageBox*>(dialog)) {
      QList<QAbstractButton*> buttons;
      for (QAbstractButton* b : box->buttons())
        if (box->standardButton(b) != QMessageBox::Save) buttons << b;
      const QString text = box->text().left(120).replace('\n', ' ');
      if (buttons.isEmpty()) {
        log_("  close " + what + ": " + text);
        box->reject();
      } else {
        QAbstractButton* b = buttons[pick(int(buttons.size()))];
        log_(QString("  click '%1' in %2: %3").arg(b->text(), what, text));
        b->click();
      }
    } else if (auto* input = qobject_cast<QInputDialog*>(dialog)) {
      if (!chance(0.5)) {
        log_("  cancel " + what);
        input->reject();
        return;
      }
      if (!input->comboBoxItems().isEmpty()) {
        const QStringList items = input->comboBoxItems();
        input->setTextValue(items[pick(int(items.size()))]);
      } else if (input->inputMode() == QInputDialog::TextInput && chance(0.6)) {
        const QStringList texts = {
            "",     "x",       "link1",           "joint1", "base", "a b",    "q:joint1",
            "nope", "Ünïcødé", QString(300, 'x'), "link1 ", "1",    "../etc", "momentum.total"};
        input->setTextValue(texts[pick(int(texts.size()))]);
      }
      log_(QString("  accept %1 with '%2'").arg(what, input->textValue().left(40)));
      input->accept();
    } else if (chance(1.0 / 3.0)) {
      log_("  accept " + what);
      dialog->accept();
    } else {
      log_("  reject " + what);
      dialog->reject();
    }
  }

  void answerPopup(QWidget* popup) {
    auto* menu = qobject_cast<QMenu*>(popup);
    QList<QAction*> entries;
    if (menu)
      for (QAction* a : menu->actions())
        if (!a->isSeparator() && a->isVisible() && a->isEnabled()) entries << a;
    if (!menu || entries.isEmpty() || chance(0.3)) {
      log_("  escape " + QString(popup->metaObject()->className()));
      QTest::keyClick(popup, Qt::Key_Escape);
      if (popup->isVisible()) popup->close();
      return;
    }
    // A user's choice in an open menu: the arrow keys, then Return.
    QAction* chosen = entries[pick(int(entries.size()))];
    log_("  choose '" + chosen->text() + "' in a popup menu");
    menu->setActiveAction(chosen);
    QTest::keyClick(menu, Qt::Key_Return);
  }

  std::mt19937* rng_;
  std::function<void(const QString&)> log_;
  QTimer sweeper_;
  int answered_ = 0, missed_ = 0;
};

// ---- the widgets a user can reach -----------------------------------------------------------

/// Our visible windows: the main window, floating docks, the DH editor, the help browser.
QList<QWidget*> visibleWindows() {
  QList<QWidget*> windows;
  for (QWidget* w : QApplication::topLevelWidgets())
    if (w->isVisible() && w->windowType() != Qt::Popup && w->windowType() != Qt::ToolTip &&
        !qobject_cast<QMenu*>(w))
      windows << w;
  return windows;
}

template <class W>
QList<W*> reachable(QWidget* root) {
  QList<W*> out;
  for (W* w : root->findChildren<W*>())
    if (w->isVisible() && w->isEnabled() && w->width() > 2 && w->height() > 2) out << w;
  return out;
}

template <class W>
QList<W*> reachableEverywhere() {
  QList<W*> out;
  for (QWidget* window : visibleWindows()) out += reachable<W>(window);
  return out;
}

/// Menu-bar actions that open a file dialog (slow, and the monkey saves and exports through
/// the window's functions instead) or quit.
bool skippedMenuAction(const QAction* a) {
  const QString t = a->text();
  for (const char* s : {"&Open…", "&Save", "Save &As…", "&Quit", "&Trajectory CSV…",
                        "3D &Screenshot…", "Record &Video…", "Stop &Recording",
                        "3D Scene as &glTF…", "&URDF with Meshes…", "All &Plots (PNG, SVG, PDF)…"})
    if (t.startsWith(QString::fromUtf8(s))) return true;
  // Mount arm…, Replace vehicle…: a file dialog first.
  return a->objectName() == QLatin1String("mountArm") ||
         a->objectName() == QLatin1String("replaceVehicle");
}

void collectMenuActions(QMenu* menu, QList<QAction*>& out) {
  for (QAction* a : menu->actions()) {
    if (a->isSeparator() || !a->isVisible()) continue;
    if (a->menu()) {
      collectMenuActions(a->menu(), out);
      continue;
    }
    if (!skippedMenuAction(a)) out << a;
  }
}

/// A button a click on which opens a file dialog ("Choose…", "Export CSV…") or starts a study
/// (a `vms sweep` process on both cores for as long as the sweep takes).
bool skippedButton(const QAbstractButton* b) {
  const QString t = b->text();
  return t.endsWith(QChar(0x2026)) || t.endsWith(QLatin1String("...")) ||
         b->objectName() == QLatin1String("study.run") ||
         b->objectName() == QLatin1String("locateMeshFolderButton");
}

void sendWheel(QWidget* widget, QPoint pos, int delta, Qt::KeyboardModifiers mods = {}) {
  QWheelEvent event(QPointF(pos), QPointF(widget->mapToGlobal(pos)), QPoint(), QPoint(0, delta),
                    Qt::NoButton, mods, Qt::NoScrollPhase, false);
  QApplication::sendEvent(widget, &event);
}

/// A move with buttons held and modifiers (QTest::mouseMove carries no modifiers).
void sendMove(QWidget* widget, QPoint pos, Qt::MouseButtons buttons, Qt::KeyboardModifiers mods) {
  QMouseEvent event(QEvent::MouseMove, QPointF(pos), QPointF(widget->mapToGlobal(pos)),
                    Qt::NoButton, buttons, mods);
  QApplication::sendEvent(widget, &event);
}

/// A double click as the platform sends it: press, release, double click, release.
void doubleClick(QWidget* widget, QPoint pos) {
  QTest::mouseClick(widget, Qt::LeftButton, {}, pos);
  QTest::mouseDClick(widget, Qt::LeftButton, {}, pos);
  QTest::mouseRelease(widget, Qt::LeftButton, {}, pos);
}

/// Types `text` key by key; characters QTest has no key for (∞, ٣) arrive as text only.
void typeText(QWidget* widget, const QString& text) {
  for (const QChar c : text) {
    if (c.unicode() >= 0x20 && c.unicode() < 0x7f)
      QTest::keyClick(widget, char(c.unicode()));
    else
      QTest::sendKeyEvent(QTest::Click, widget, Qt::Key_unknown, QString(c), Qt::NoModifier);
  }
}

QString keyName(Qt::Key key, Qt::KeyboardModifiers mods) {
  return QKeySequence(QKeyCombination(mods, key)).toString();
}

void sendContextMenu(QWidget* widget, QPoint pos) {
  QContextMenuEvent event(QContextMenuEvent::Mouse, pos, widget->mapToGlobal(pos));
  QApplication::sendEvent(widget, &event);
}

/// A new temporary folder in memory (/dev/shm) where there is one: saves, autosaves and settings
/// end with fdatasync() on the GUI thread, which on a disk busy with other work (a parallel
/// build) takes up to a second and would count as a frozen UI.
QString memoryTemporaryPath(const QString& name) {
  const QFileInfo shm("/dev/shm");
  const QString dir = shm.isDir() && shm.isWritable() ? shm.filePath() : QDir::tempPath();
  return dir + "/" + name + "-XXXXXX";
}

}  // namespace

class TestAppMonkey : public QObject {
  Q_OBJECT
  QTemporaryDir autosave_{memoryTemporaryPath("monkey-autosave")};
  QTemporaryDir out_{memoryTemporaryPath("monkey-files")};
  QTemporaryDir settings_{memoryTemporaryPath("monkey-settings")};
  std::unique_ptr<ui::MainWindow> window_;
  std::mt19937 rng_;
  quint32 seed_ = 0;
  QStringList trace_;  // every action, and what the dialogs were answered
  QFile trace_file_;
  int action_ = 0;
  QStringList problems_;     // each with the trace before it; the run stops at the first
  bool keep_going_ = false;  // VMS_MONKEY_KEEP_GOING: record every problem and go on
  int files_ = 0;            // names of the files written to out_
  // (c): the document as opened (in memory and as saved text), refreshed at every opened().
  std::string opened_text_;
  QByteArray opened_file_;
  bool opened_file_ok_ = false;
  int running_for_ = -1;  // actions since play (-1: paused): runs are kept short
  bool window_fits_ = true;
  qint64 check_ms_ = 0;  // spent in the invariant checks
  // An action of several user events (each processed before the next) sets the longest of
  // them: that, not the whole action, is how long the UI was blocked.
  qint64 longest_step_ms_ = -1;
  QMap<QString, int> kind_counts_;
  QMap<QString, qint64> kind_ms_;
  qint64 slowest_ms_ = 0;
  QString slowest_action_, last_action_;
  QStringList examples_;
  QMap<QString, QByteArray> shipped_;  // models/: every file's hash before the run

  int pick(int n) { return n <= 1 ? 0 : int(rng_() % unsigned(n)); }
  bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(rng_) < p; }
  double uniform(double a, double b) { return std::uniform_real_distribution<double>(a, b)(rng_); }
  template <class T>
  T* pickOf(const QList<T*>& list) {
    return list.isEmpty() ? nullptr : list[pick(int(list.size()))];
  }
  QString outPath(const QString& suffix) {
    return out_.filePath(QString("f%1%2").arg(++files_, 5, 10, QChar('0')).arg(suffix));
  }

  void log(const QString& line) {
    trace_ << line;
    const QByteArray bytes = line.toUtf8().left(kRingWidth - 1);
    const long k = g_ring_count.load();
    char* slot = g_ring[k % kRingSize];
    memcpy(slot, bytes.constData(), size_t(bytes.size()));
    slot[bytes.size()] = '\0';
    g_ring_count.store(k + 1);
    if (trace_file_.isOpen()) {
      trace_file_.write(line.toUtf8() + '\n');
      trace_file_.flush();
    }
  }
  void act(const QString& what) {
    last_action_ = QString("#%1 %2").arg(action_).arg(what);
    log(last_action_);
  }
  QString lastTrace(int lines) const {
    QString text;
    for (const QString& line : trace_.mid(std::max<qsizetype>(0, trace_.size() - lines)))
      text += "  " + line + "\n";
    return text;
  }
  void fail(const QString& why) {
    problems_ << QString("action #%1: %2\nthe last %3 trace lines:\n%4")
                     .arg(action_)
                     .arg(why)
                     .arg(keep_going_ ? 12 : kTraceShown)
                     .arg(lastTrace(keep_going_ ? 12 : kTraceShown));
    log("PROBLEM: " + why.left(200));
  }
  bool stopped() const { return !problems_.isEmpty() && !keep_going_; }
  QString report() const {
    QString text = QString(
                       "\n%1 problem(s); reproduce with VMS_MONKEY_SEED=%2 "
                       "VMS_MONKEY_ACTIONS=%3\n")
                       .arg(problems_.size())
                       .arg(seed_)
                       .arg(action_);
    for (const QString& problem : problems_.mid(0, 20)) text += "\n" + problem;
    return text;
  }

  ui::ModelDocument* doc() const { return window_->document(); }

  QDockWidget* dock(const char* name) const { return window_->findChild<QDockWidget*>(name); }
  /// The dock shown and in front (a user clicks its tab, or reopens it from the Window menu).
  void bringForward(const char* name) {
    QDockWidget* d = dock(name);
    if (!d || (d->isVisible() && !d->visibleRegion().isEmpty())) return;
    act(QString("  bring %1 to the front").arg(name));
    d->show();
    d->raise();
    QCoreApplication::processEvents();
  }

  // ---- the actions ----------------------------------------------------------------------

  void menuAction() {
    QList<QAction*> actions;
    // The Examples menu mostly left out: opening files is the open action's (and costs most).
    const bool examples = chance(0.2);
    for (QAction* top : window_->menuBar()->actions())
      if (top->menu() && (examples || top->menu() != window_->examplesMenu()))
        collectMenuActions(top->menu(), actions);
    QList<QAction*> enabled;
    for (QAction* a : actions)
      if (a->isEnabled()) enabled << a;
    QAction* a = pickOf(enabled);
    if (!a) return act("menu: none enabled");
    act(QString("menu '%1'").arg(a->text()));
    a->trigger();
  }

  void toolbarAction() {
    QList<QWidget*> widgets;
    for (QToolBar* bar : window_->findChildren<QToolBar*>()) {
      if (!bar->isVisible()) continue;
      for (QAbstractButton* b : reachable<QAbstractButton>(bar)) widgets << b;
      for (QComboBox* c : reachable<QComboBox>(bar)) widgets << c;
      for (QAbstractSpinBox* s : reachable<QAbstractSpinBox>(bar)) widgets << s;
      for (QAbstractSlider* s : reachable<QAbstractSlider>(bar)) widgets << s;
    }
    QWidget* w = pickOf(widgets);
    if (!w) return act("toolbar: nothing enabled");
    poke(w, "toolbar");
  }

  /// A user's touch of one widget: a button is clicked, a combo box, slider or spin box moved
  /// by keys (or a number typed into the spin box), a tab bar's tab clicked.
  void poke(QWidget* w, const QString& where) {
    QString name = QString("%1 %2 '%3'")
                       .arg(where, w->metaObject()->className(),
                            w->objectName().isEmpty() ? w->toolTip().left(30) : w->objectName());
    // Which dock or toolbar a title or extension button belongs to.
    if (w->objectName().startsWith(QLatin1String("qt_")) && w->parentWidget())
      name += QString(" of '%1'").arg(w->parentWidget()->objectName());
    if (auto* b = qobject_cast<QAbstractButton*>(w)) {
      act(name + QString(" click '%1'").arg(b->text().left(40)));
      QTest::mouseClick(b, Qt::LeftButton, {}, b->rect().center());
    } else if (auto* c = qobject_cast<QComboBox*>(w)) {
      if (chance(0.15)) {
        act(name + " open its list");
        QTest::mouseClick(c, Qt::LeftButton, {}, c->rect().center());
        return;
      }
      const Qt::Key keys[] = {Qt::Key_Down, Qt::Key_Up, Qt::Key_Home, Qt::Key_End};
      const Qt::Key key = keys[pick(4)];
      act(name + QString(" key %1").arg(keyName(key, {})));
      c->setFocus();
      QTest::keyClick(c, key);
    } else if (auto* s = qobject_cast<QAbstractSlider*>(w)) {
      const Qt::Key keys[] = {Qt::Key_Left,     Qt::Key_Right, Qt::Key_PageUp,
                              Qt::Key_PageDown, Qt::Key_Home,  Qt::Key_End};
      const Qt::Key key = keys[pick(6)];
      act(name + QString(" key %1").arg(keyName(key, {})));
      QTest::keyClick(s, key);
    } else if (auto* s = qobject_cast<QAbstractSpinBox*>(w)) {
      if (chance(0.5)) {
        const Qt::Key key = chance(0.5) ? Qt::Key_Up : Qt::Key_Down;
        act(name + QString(" key %1").arg(keyName(key, {})));
        QTest::keyClick(s, key);
      } else {
        const QString text = randomNumberText(QString());
        act(name + QString(" type '%1' Return").arg(text.left(40)));
        s->setFocus();
        QTest::keyClick(s, Qt::Key_A, Qt::ControlModifier);
        typeText(s, text);
        QTest::keyClick(s, Qt::Key_Return);
      }
    } else if (auto* tabs = qobject_cast<QTabBar*>(w)) {
      const int k = pick(tabs->count());
      act(name + QString(" tab '%1'").arg(tabs->tabText(k)));
      QTest::mouseClick(tabs, Qt::LeftButton, {}, tabs->tabRect(k).center());
    } else {
      act(name + " click");
      QTest::mouseClick(w, Qt::LeftButton, {}, w->rect().center());
    }
  }

  void widgetAction() {
    QList<QWidget*> widgets;
    for (QWidget* window : visibleWindows()) {
      for (QAbstractButton* b : reachable<QAbstractButton>(window))
        if (!skippedButton(b) && !qobject_cast<QToolBar*>(b->parentWidget())) widgets << b;
      for (QComboBox* c : reachable<QComboBox>(window)) widgets << c;
      for (QAbstractSlider* s : reachable<QAbstractSlider>(window))
        if (!qobject_cast<QScrollBar*>(s) || chance(0.2)) widgets << s;
      for (QAbstractSpinBox* s : reachable<QAbstractSpinBox>(window)) widgets << s;
      for (QTabBar* t : reachable<QTabBar>(window)) widgets << t;
    }
    QWidget* w = pickOf(widgets);
    if (!w) return act("widget: none reachable");
    poke(w, "widget");
  }

  struct Key {
    Qt::Key key;
    Qt::KeyboardModifiers mods;
  };

  void keyAction() {
    // Shortcuts of the window and the panels, editing keys, and stray letters. Not Ctrl+Q,
    // Ctrl+O, Ctrl+S, Ctrl+Shift+S, Ctrl+E, Ctrl+P: they quit or open file dialogs.
    // clang-format off
    static const Key keys[] = {
        {Qt::Key_Space, {}}, {Qt::Key_Period, {}}, {Qt::Key_Backspace, {}}, {Qt::Key_Minus, {}},
        {Qt::Key_Equal, {}}, {Qt::Key_Plus, {}}, {Qt::Key_Z, Qt::ControlModifier},
        {Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier}, {Qt::Key_Y, Qt::ControlModifier},
        {Qt::Key_0, Qt::ControlModifier}, {Qt::Key_Left, {}}, {Qt::Key_Right, {}},
        {Qt::Key_Up, {}}, {Qt::Key_Down, {}}, {Qt::Key_Home, {}}, {Qt::Key_End, {}},
        {Qt::Key_PageUp, {}}, {Qt::Key_PageDown, {}}, {Qt::Key_Tab, {}},
        {Qt::Key_Backtab, Qt::ShiftModifier}, {Qt::Key_Escape, {}}, {Qt::Key_Return, {}},
        {Qt::Key_Delete, {}}, {Qt::Key_Insert, {}}, {Qt::Key_F2, {}},
        {Qt::Key_D, Qt::ControlModifier}, {Qt::Key_R, Qt::ControlModifier},
        {Qt::Key_N, Qt::ControlModifier}, {Qt::Key_F1, {}}, {Qt::Key_A, Qt::ControlModifier}};
    // clang-format on
    constexpr int n = int(sizeof(keys) / sizeof(keys[0]));
    QWidget* target = QApplication::focusWidget();
    if (!target || chance(0.25)) {
      // The user clicks somewhere first: the 3D view, the tree, or a field.
      QList<QWidget*> candidates;
      for (QWidget* w : reachable<QWidget>(window_.get()))
        if (w->focusPolicy() & Qt::ClickFocus) candidates << w;
      target = pickOf(candidates);
      if (!target) target = window_.get();
      act(QString("focus %1 '%2' (a click)")
              .arg(target->metaObject()->className(), target->objectName()));
      target->setFocus(Qt::MouseFocusReason);
    }
    const QString where =
        QString("%1 '%2'").arg(target->metaObject()->className(), target->objectName());
    if (chance(0.25)) {
      QString letters;
      for (int k = 1 + pick(6); k > 0; --k) letters += QChar('a' + pick(26));
      act(QString("type '%1' into %2").arg(letters, where));
      typeText(target, letters);
      return;
    }
    const Key& key = keys[pick(n)];
    act(QString("key %1 to %2").arg(keyName(key.key, key.mods), where));
    QTest::keyClick(target, key.key, key.mods);
  }

  /// Valid numbers (some near the current value), invalid text, extremes.
  QString randomNumberText(const QString& current) {
    bool ok = false;
    const double value = current.toDouble(&ok);
    const int kind = pick(10);
    if (kind < 4) {
      if (ok && chance(0.6)) return QString::number(value * uniform(0.5, 1.5) + uniform(-0.1, 0.1));
      static const char* const valid[] = {"0", "1", "-1", "0.5", "2.5", "1e-3", "10", "0.01", "3"};
      return valid[pick(9)];
    }
    if (kind < 8) {
      // clang-format off
      static const QStringList invalid = {
          "", "abc", "1,5", "nan", "inf", "-inf", "1e400", "--1", "0x10", "1 2", " ", "-0",
          "1e-400", "12345678901234567890", QString(300, 'x'), QString::fromUtf8("٣"),
          QString::fromUtf8("∞"), QString(80, '9'), "1e", ".", "+"};
      // clang-format on
      return invalid[pick(int(invalid.size()))];
    }
    static const char* const extreme[] = {"-1e6", "1e12", "-0.0001", "1e-12", "1e300", "-5"};
    return extreme[pick(6)];
  }

  /// Types into a line edit as a user does: click in it, select all, type, then usually Return.
  void typeInto(QLineEdit* edit, const QString& where) {
    const QString text = randomNumberText(edit->text());
    const int end = pick(20);
    const char* ending = end < 16 ? "Return" : end < 18 ? "Tab" : end < 19 ? "Escape" : "nothing";
    act(QString("%1 '%2': type '%3' (%4 chars), %5")
            .arg(where, edit->objectName(), text.left(24))
            .arg(text.size())
            .arg(ending));
    QTest::mouseClick(edit, Qt::LeftButton, {}, edit->rect().center());
    edit->setFocus(Qt::MouseFocusReason);
    QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
    if (text.isEmpty())
      QTest::keyClick(edit, Qt::Key_Delete);
    else
      typeText(edit, text);
    if (end < 16)
      QTest::keyClick(edit, Qt::Key_Return);
    else if (end < 18)
      QTest::keyClick(edit, Qt::Key_Tab);
    else if (end < 19)
      QTest::keyClick(edit, Qt::Key_Escape);
  }

  void inspectorAction() {
    auto* inspector = window_->panelWidget<ui::PropertyInspector>();
    if (!inspector || !doc()->isOpen()) return act("inspector: no document");
    bringForward("propertyInspectorDock");
    QList<QLineEdit*> fields;
    for (QLineEdit* e : reachable<QLineEdit>(inspector))
      if (!e->isReadOnly()) fields << e;
    if (fields.isEmpty() || chance(0.15)) {
      // Nothing (or something else) to edit: the user picks a link or joint first.
      const int links = int(doc()->description().links.size());
      const int joints = int(doc()->description().joints.size());
      if (joints > 0 && chance(0.5)) {
        const int j = pick(joints);
        act(QString("inspector: show joint %1").arg(j));
        inspector->showJoint(j);
      } else if (links > 0) {
        const int l = pick(links);
        act(QString("inspector: show link %1").arg(l));
        inspector->showLink(l);
      }
      return;
    }
    typeInto(pickOf(fields), "inspector");
  }

  void scenarioAction() {
    auto* panel = window_->panelWidget<ui::ScenarioPanel>();
    if (!panel || !doc()->isOpen()) return act("scenario: no document");
    bringForward("scenarioDock");
    const int kind = pick(10);
    if (kind < 6) {
      QList<QLineEdit*> fields;
      for (QLineEdit* e : reachable<QLineEdit>(panel))
        if (!e->isReadOnly() && !qobject_cast<QAbstractSpinBox*>(e->parentWidget())) fields << e;
      if (fields.isEmpty()) return act("scenario: no field (a bare model)");
      return typeInto(pickOf(fields), "scenario");
    }
    if (kind < 8) {
      auto* table = panel->findChild<QTableWidget*>("scenario.joints");
      if (!table || table->rowCount() == 0 || !table->isVisible())
        return act("scenario: no joints table");
      const int row = pick(table->rowCount()), column = 1 + pick(2);
      QTableWidgetItem* item = table->item(row, column);
      if (!item) return act("scenario: no cell");
      const QString text = randomNumberText(item->text());
      act(QString("scenario joints[%1][%2]: type '%3' Return")
              .arg(row)
              .arg(column)
              .arg(text.left(24)));
      table->setCurrentItem(item);
      table->editItem(item);
      QCoreApplication::processEvents();
      QLineEdit* editor = nullptr;
      for (QLineEdit* e : table->viewport()->findChildren<QLineEdit*>())
        if (e->isVisible()) editor = e;
      if (!editor) return act("  no cell editor");
      QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier);
      typeText(editor, text);
      QTest::keyClick(editor, Qt::Key_Return);
      return;
    }
    // The JSON sections: a section chosen, its text edited, Apply.
    auto* section = panel->findChild<QComboBox*>("scenario.section");
    auto* text = panel->findChild<QPlainTextEdit*>("scenario.sectionText");
    auto* apply = panel->findChild<QPushButton*>("scenario.applySection");
    if (!section || !text || !apply || !apply->isVisible() || !apply->isEnabled())
      return act("scenario: no section editor");
    if (chance(0.5)) {
      section->setFocus();
      QTest::keyClick(section, chance(0.5) ? Qt::Key_Down : Qt::Key_Up);
    }
    static const QStringList texts = {
        "",
        "[]",
        "[{",
        "{}",
        R"({"gravity": [0, 0, -1.62]})",
        R"({"gravity": [0, 0, "x"]})",
        R"({"reaction_wheels": []})",
        R"({"reaction_wheels": [{"name": "w", "axis": [1, 0, 0], "spin_inertia": 0.1}]})",
        R"([{"type": "nope"}])",
        R"([{"type": "computed_torque", "gains": {"kp": 4, "kd": 4}}])",
        QString(300, 'x'),
        R"({"thrusters": [{"name": "t", "position": [0, 0, 0], "direction": [1, 0, 0],
            "max_force": 1}]})"};
    QString body;
    if (chance(0.3)) {
      // The section's own text with one character changed.
      body = text->toPlainText();
      if (!body.isEmpty()) body[pick(int(body.size()))] = QChar("0123456789,[]{}\" x"[pick(18)]);
    } else {
      body = texts[pick(int(texts.size()))];
    }
    act(QString("scenario section '%1': apply '%2' (%3 chars)")
            .arg(section->currentData().toString(), body.left(40).simplified())
            .arg(body.size()));
    text->setPlainText(body);
    QTest::mouseClick(apply, Qt::LeftButton, {}, apply->rect().center());
  }

  /// A point inside the widget, drawn as fractions of its size (the same draws whatever size
  /// the layout gave it).
  QPoint randomPoint(QWidget* w) {
    const double fx = uniform(0.0, 1.0), fy = uniform(0.0, 1.0);
    return QPoint(2 + int(fx * std::max(1, w->width() - 4)),
                  2 + int(fy * std::max(1, w->height() - 4)));
  }

  /// Clicks, drags (1-3 moves), double clicks, wheel turns and context menus on a widget.
  void mouseOn(QWidget* w, const QString& where) {
    const QPoint p = randomPoint(w);
    const int kind = pick(12);
    if (kind < 3) {
      act(QString("%1: click at %2,%3").arg(where).arg(p.x()).arg(p.y()));
      QTest::mouseClick(w, Qt::LeftButton, {}, p);
    } else if (kind < 8) {
      const Qt::MouseButton buttons[] = {Qt::LeftButton, Qt::LeftButton, Qt::MiddleButton,
                                         Qt::RightButton};
      const Qt::MouseButton button = buttons[pick(4)];
      const Qt::KeyboardModifiers mods = chance(0.2) ? Qt::ShiftModifier : Qt::NoModifier;
      const int moves = 1 + pick(3);
      act(QString("%1: drag button %2%3 from %4,%5, %6 moves")
              .arg(where)
              .arg(int(button))
              .arg(mods ? " +shift" : "")
              .arg(p.x())
              .arg(p.y())
              .arg(moves));
      QTest::mousePress(w, button, mods, p);
      QPoint q = p;
      for (int k = 0; k < moves; ++k) {
        q += QPoint(pick(121) - 60, pick(121) - 60);
        sendMove(w, q, button, mods);
      }
      QTest::mouseRelease(w, button, mods, q);
    } else if (kind < 10) {
      const int delta = (pick(2) ? 120 : -120) * (1 + pick(3));
      act(QString("%1: wheel %2 at %3,%4").arg(where).arg(delta).arg(p.x()).arg(p.y()));
      sendWheel(w, p, delta, chance(0.2) ? Qt::ControlModifier : Qt::NoModifier);
    } else if (kind < 11) {
      act(QString("%1: double click at %2,%3").arg(where).arg(p.x()).arg(p.y()));
      doubleClick(w, p);
    } else {
      act(QString("%1: context menu at %2,%3").arg(where).arg(p.x()).arg(p.y()));
      sendContextMenu(w, p);
    }
  }

  void sceneAction() {
    ui::SceneView* scene = window_->sceneView();
    if (!scene->isVisible()) return act("3D view: not shown (start page)");
    mouseOn(scene, "3D view");
  }

  void plotAction() {
    QList<QWidget*> plots;
    for (QWidget* w : reachableEverywhere<QWidget>())
      if (w->inherits("QCustomPlot")) plots << w;
    if (plots.isEmpty()) {
      bringForward("plotsDock");
      return act("plots: none shown");
    }
    QWidget* plot = pickOf(plots);
    mouseOn(plot, QString("plot '%1'").arg(plot->objectName()));
  }

  void treeAction() {
    auto* tree = window_->findChild<QTreeWidget*>("modelTree");
    if (!tree || !tree->isVisible()) {
      bringForward("modelTreeDock");
      return act("tree: not shown");
    }
    QList<QTreeWidgetItem*> items;
    for (QTreeWidgetItemIterator it(tree); *it; ++it) items << *it;
    QTreeWidgetItem* item = pickOf(items);
    if (!item) return act("tree: empty");
    tree->scrollToItem(item);
    const QPoint p = tree->visualItemRect(item).center();
    const int kind = pick(10);
    if (kind < 5) {
      act(QString("tree: click '%1'").arg(item->text(0)));
      QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, p);
    } else if (kind < 6) {
      act(QString("tree: double click '%1'").arg(item->text(0)));
      doubleClick(tree->viewport(), p);
    } else if (kind < 8) {
      act(QString("tree: context menu on '%1'").arg(item->text(0)));
      sendContextMenu(tree->viewport(), p);
    } else {
      // The structural edits' shortcuts, with the item current.
      static const Key keys[] = {{Qt::Key_Delete, {}},
                                 {Qt::Key_Insert, {}},
                                 {Qt::Key_F2, {}},
                                 {Qt::Key_D, Qt::ControlModifier}};
      const Key& key = keys[pick(4)];
      act(QString("tree: '%1' then key %2").arg(item->text(0), keyName(key.key, key.mods)));
      QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, p);
      tree->setFocus(Qt::MouseFocusReason);
      QTest::keyClick(tree, key.key, key.mods);
    }
  }

  void openAction() {
    const QString path = examples_[pick(int(examples_.size()))];
    act(QString("open %1").arg(QFileInfo(path).fileName()));
    QString error;
    if (!window_->openFile(path, &error)) log("  not opened: " + error.left(160));
  }

  void newAction() {
    const auto& templates = ui::modelTemplates();
    const ui::ModelTemplate& t = templates[size_t(pick(int(templates.size())))];
    act(QString("new from template '%1'").arg(QString::fromStdString(t.id)));
    QString error;
    if (!window_->newFromTemplate(QString::fromStdString(t.id), &error))
      log("  not created: " + error.left(160));
  }

  void saveAction() {
    const int kind = pick(10);
    QString path;
    if (kind < 4)
      path = outPath(".vms.json");
    else if (kind < 8)
      path = outPath(".scenario.json");
    else if (kind < 9)
      path = "/nonexistent-folder/monkey.vms.json";
    else
      path = sourcePath("models/monkey.vms.json");  // refused: the shipped examples' folder
    act(QString("saveTo %1").arg(path));
    QString error;
    if (!window_->saveTo(path, &error)) log("  not saved: " + error.left(160));
  }

  void undoAction() {
    QUndoStack* stack = doc()->undoStack();
    const int kind = pick(10);
    if (kind < 4) {
      act(QString("undo (%1 of %2)").arg(stack->index()).arg(stack->count()));
      stack->undo();
    } else if (kind < 7) {
      act(QString("redo (%1 of %2)").arg(stack->index()).arg(stack->count()));
      stack->redo();
    } else if (kind < 9) {
      QAction* a = chance(0.5) ? window_->undoAction() : window_->redoAction();
      act(QString("Edit menu '%1' (%2)").arg(a->text()).arg(a->isEnabled() ? "enabled" : "off"));
      a->trigger();
    } else {
      // Ctrl+Z or Ctrl+Shift+Z held down: a few steps, each its own event.
      const bool back = chance(0.5);
      const int steps = 2 + pick(4);
      act(QString("%1 %2 times (%3 of %4)")
              .arg(back ? "undo" : "redo")
              .arg(steps)
              .arg(stack->index())
              .arg(stack->count()));
      longest_step_ms_ = 0;
      for (int k = 0; k < steps; ++k) {
        QElapsedTimer clock;
        clock.start();
        back ? stack->undo() : stack->redo();
        QCoreApplication::processEvents();
        longest_step_ms_ = std::max(longest_step_ms_, clock.elapsed());
      }
    }
  }

  void exportAction() {
    const int kind = pick(10);
    QString error;
    bool ok = true;
    if (kind < 3) {
      const QString path = outPath(".csv");
      act("export trajectory " + path);
      ok = window_->exportTrajectory(path, &error);
    } else if (kind < 6) {
      const int scale = chance(0.3) ? 2 : 1;
      const QString path = outPath(".png");
      act(QString("export 3D screenshot %1x %2").arg(scale).arg(path));
      ok = window_->exportScreenshot(path, &error, scale);
    } else if (kind < 9) {
      const QStringList formats[] = {{"png"}, {"svg"}, {"pdf"}};
      const QStringList& format = formats[pick(3)];
      const QString dir = outPath("_plots");
      act(QString("export plots as %1 into %2").arg(format.join(","), dir));
      const ui::PlotPanel* plots = window_->panelWidget<ui::PlotPanel>();
      if (plots) ui::exportPlots(*plots, *window_->context(), dir, format, &error);
      ok = error.isEmpty();
    } else {
      const QString path = outPath(".gltf");
      act("export glTF " + path);
      ok = window_->exportGltf(path, &error);
    }
    if (!ok) log("  not exported: " + error.left(160));
  }

  void runAction() {
    const int kind = pick(20);
    if (kind < 4) {
      act("play");
      window_->play();
    } else if (kind < 7) {
      act("pause");
      window_->pause();
    } else if (kind < 9) {
      act("toggle play");
      window_->togglePlay();
    } else if (kind < 13) {
      act("step");
      window_->stepOnce();
    } else if (kind < 15) {
      act("reset");
      window_->resetSimulation();
    } else if (kind < 18) {
      const auto& history = window_->controller()->history();
      const double first = history.size() ? history.firstTime() : 0.0;
      const double last = history.size() ? history.lastTime() : 0.0;
      const double t = uniform(first - 0.5, last + 0.5);
      act(QString("scrub to %1").arg(t));
      window_->scrubTo(t);
    } else {
      static const double factors[] = {0.0, 0.25, 1.0, 4.0};
      const double f = factors[pick(4)];
      act(QString("speed %1x").arg(f));
      window_->simulationToolbar()->setRealTimeFactor(f);
    }
  }

  void layoutAction() {
    const QList<QDockWidget*> docks = window_->findChildren<QDockWidget*>();
    const int kind = pick(10);
    QDockWidget* d = pickOf(docks);
    if (kind < 4 && d) {
      act(QString("dock %1 %2").arg(d->objectName(), d->isVisible() ? "closed" : "shown"));
      d->setVisible(!d->isVisible());
    } else if (kind < 6 && d) {
      act(QString("dock %1 raised").arg(d->objectName()));
      d->show();
      d->raise();
    } else if (kind < 7 && d) {
      act(QString("dock %1 %2").arg(d->objectName(), d->isFloating() ? "docked" : "floated"));
      d->setFloating(!d->isFloating());
    } else if (kind < 8) {
      act("reset layout");
      window_->resetLayout();
    } else if (kind < 9) {
      // Dragging the window's corner, within the screen.
      const QRect screen = window_->screen()->availableGeometry();
      const QSize size(700 + pick(std::max(1, screen.width() - 760)),
                       500 + pick(std::max(1, screen.height() - 560)));
      act(QString("resize window to %1x%2").arg(size.width()).arg(size.height()));
      window_->resize(size);
    } else {
      act("activate the main window");
      window_->raise();
      window_->activateWindow();
    }
  }

  // ---- the invariants -------------------------------------------------------------------

  void rememberOpened() {
    // Called from ModelDocument::opened(): what undo back to the start must give again.
    // A scenario file is saved as its scenario with the model inline (writeScenarioCopy); a
    // bare model as its model alone (writeVmsJson, in documentText).
    opened_text_ = documentText(*doc());
    const QString path = out_.filePath("opened.scenario.json");
    opened_file_ok_ = doc()->isScenarioFile() && doc()->writeScenarioCopy(path, nullptr);
    opened_file_ = opened_file_ok_ ? readAll(path) : QByteArray();
  }

  /// (a), after every action: reported when the window grows past the screen.
  void checkWindowFitsScreen(const QString& when) {
    const QSize frame = window_->frameGeometry().size();
    const QSize screen = window_->screen()->availableGeometry().size();
    const bool fits = frame.width() <= screen.width() && frame.height() <= screen.height();
    const bool fitted = window_fits_;
    window_fits_ = fits;
    if (!fits && fitted)
      fail(QString("%1: the window (%2x%3) outgrew the screen (%4x%5); %6")
               .arg(when)
               .arg(frame.width())
               .arg(frame.height())
               .arg(screen.width())
               .arg(screen.height())
               .arg(widestWidgets()));
  }

  /// The docks' widths and the visible leaf widgets that ask for the most width (minimum size
  /// hint), to tell what widened the window.
  QString widestWidgets() const {
    QStringList docks;
    for (QDockWidget* d : window_->findChildren<QDockWidget*>())
      if (d->isVisible())
        docks << QString("%1%2 %3 (min %4)")
                     .arg(d->objectName(), d->isFloating() ? " floating" : "")
                     .arg(d->width())
                     .arg(d->minimumSizeHint().width());
    QList<QPair<int, QString>> widest;
    for (QWidget* w : window_->findChildren<QWidget*>()) {
      if (!w->isVisible() || w->isWindow() ||
          !w->findChildren<QWidget*>(Qt::FindDirectChildrenOnly).isEmpty())
        continue;  // the leaves: a container is as wide as what it holds
      QString text;
      if (auto* label = qobject_cast<QLabel*>(w)) text = label->text();
      if (auto* button = qobject_cast<QAbstractButton*>(w)) text = button->text();
      widest.append({std::max(w->minimumSizeHint().width(), w->minimumWidth()),
                     QString("%1 '%2' %3 px wide%4")
                         .arg(w->metaObject()->className(), w->objectName())
                         .arg(w->width())
                         .arg(text.isEmpty() ? QString() : ": " + text.left(60))});
    }
    std::sort(widest.begin(), widest.end(),
              [](const auto& a, const auto& b) { return a.first > b.first; });
    QStringList top;
    for (const auto& [width, what] : widest.mid(0, 8))
      top << QString("%1: %2").arg(width).arg(what);
    return QString("docks: %1; widest minimum widths: %2").arg(docks.join(", "), top.join("; "));
  }

  void checkSaveReadsBack(const QString& when) {
    if (!doc()->isOpen()) return;
    const bool scenario = doc()->isScenarioFile();
    const QString path = outPath(scenario ? "_check.scenario.json" : "_check.vms.json");
    log(QString("check (b): saveTo %1").arg(path));
    QString error;
    if (!window_->saveTo(path, &error))
      return fail(QString("%1: saving the document to %2 failed: %3").arg(when, path, error));
    ui::ModelDocument other;
    other.setAutosaveDirectory(autosave_.path());
    const bool draft = doc()->isDraft();
    if (!(draft ? other.openAsDraft(path, &error) : other.open(path, &error)))
      return fail(QString("%1: the saved %2 does not open: %3").arg(when, path, error));
    const std::string mine = documentText(*doc()), theirs = documentText(other);
    if (mine != theirs)
      return fail(QString("%1: %2 reads back to another document, first difference at %3")
                      .arg(when, path, firstDifference(mine, theirs)));
    const QString again = outPath(scenario ? "_again.scenario.json" : "_again.vms.json");
    if (!other.save(again, &error))
      return fail(QString("%1: saving the read-back document failed: %2").arg(when, error));
    const QByteArray a = readAll(path), b = readAll(again);
    if (a != b)
      fail(QString("%1: save, open, save gives another file (%2 vs %3), first difference at %4")
               .arg(when, path, again, firstDifference(a.toStdString(), b.toStdString())));
  }

  void checkUndoToOpened(const QString& when) {
    if (!doc()->isOpen()) return;
    QUndoStack* stack = doc()->undoStack();
    const int index = stack->index();
    log(QString("check (c): undo stack from %1 to 0 of %2").arg(index).arg(stack->count()));
    stack->setIndex(0);
    const std::string undone = documentText(*doc());
    if (undone != opened_text_) {
      fail(QString("%1: undo back to the start (%2 steps) does not give the document as opened: "
                   "first difference at %3")
               .arg(when)
               .arg(index)
               .arg(firstDifference(opened_text_, undone)));
    } else if (opened_file_ok_) {
      const QString path = out_.filePath("undone.scenario.json");
      QString error;
      if (!doc()->writeScenarioCopy(path, &error))
        fail(QString("%1: the undone document cannot be written: %2").arg(when, error));
      else if (readAll(path) != opened_file_)
        fail(QString("%1: undo back to the start saves another text than the document as "
                     "opened, first difference at %2")
                 .arg(when,
                      firstDifference(opened_file_.toStdString(), readAll(path).toStdString())));
    }
    if (chance(0.7)) {
      log(QString("check (c): redo to %1").arg(index));
      stack->setIndex(index);
    }
  }

  void checkInvariants(const QString& when) {
    QElapsedTimer clock;
    clock.start();
    checkInvariantsNow(when);
    check_ms_ += clock.elapsed();
  }
  void checkInvariantsNow(const QString& when) {
    if (window_->controller()->runState() == ui::RunState::Running) {
      log("check: pause");
      window_->pause();
      waitUntil([&] { return window_->controller()->runState() != ui::RunState::Running; }, 5000);
      running_for_ = -1;
    }
    checkWindowFitsScreen(when);
    const qsizetype before = problems_.size();
    checkSaveReadsBack(when);
    QCoreApplication::processEvents();
    if (problems_.size() == before) checkUndoToOpened(when);
    QCoreApplication::processEvents();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    checkWindowFitsScreen(when);
  }

 private slots:
  void initTestCase() {
    QVERIFY(out_.isValid() && autosave_.isValid() && settings_.isValid());
    for (QSettings::Format format : {QSettings::NativeFormat, QSettings::IniFormat})
      QSettings::setPath(format, QSettings::UserScope, settings_.path());
    isolateSettings("test_app_monkey", autosave_.path());
    // Qt's own file dialogs (never a platform's native one the monkey could not answer).
    QCoreApplication::setAttribute(Qt::AA_DontUseNativeDialogs);
    g_previous_handler = qInstallMessageHandler(recordMessage);
    qWarning("QObject:: the monkey's message handler sees this warning");
    QCOMPARE(g_messages.errors.size(), 1);
    g_messages = MessageLog();
    installCrashHandler();

    keep_going_ = qEnvironmentVariableIntValue("VMS_MONKEY_KEEP_GOING") != 0;
    bool ok = false;
    const quint32 env_seed = qEnvironmentVariable("VMS_MONKEY_SEED").toUInt(&ok);
    seed_ = ok ? env_seed : quint32(QDateTime::currentMSecsSinceEpoch() % 1000000007ULL);
    rng_.seed(seed_);
    snprintf(g_seed_line, sizeof(g_seed_line), "Reproduce with VMS_MONKEY_SEED=%u", seed_);
    qInfo("monkey seed %u (set VMS_MONKEY_SEED=%u to repeat this run)", seed_, seed_);
    const QString trace = qEnvironmentVariable("VMS_MONKEY_TRACE");
    if (!trace.isEmpty()) {
      trace_file_.setFileName(trace);
      QVERIFY2(trace_file_.open(QIODevice::WriteOnly | QIODevice::Truncate), qPrintable(trace));
    }

    const QDir models(sourcePath("models"));
    for (const QString& name : models.entryList(QDir::Files, QDir::Name))
      shipped_[name] = fileHash(models.filePath(name));
    for (const QString& name :
         models.entryList({"*.scenario.json", "*.vms.json", "*.urdf"}, QDir::Files, QDir::Name))
      examples_ << models.filePath(name);
    QVERIFY(examples_.size() >= 10);
  }

  void monkey() {
    const int actions = qEnvironmentVariableIsSet("VMS_MONKEY_ACTIONS")
                            ? qEnvironmentVariableIntValue("VMS_MONKEY_ACTIONS")
                            : kDefaultActions;
    const qint64 budget_ms = 1000 * (qEnvironmentVariableIsSet("VMS_MONKEY_BUDGET_S")
                                         ? qEnvironmentVariableIntValue("VMS_MONKEY_BUDGET_S")
                                         : kDefaultBudgetSeconds);
    qInfo("monkey: %d actions, seed %u", actions, seed_);
    QElapsedTimer wall;
    wall.start();

    window_ = shownWindow();
    window_->setDialogs(true);  // every question and problem is a dialog the monkey answers
    window_->context()->setExportDirectory(out_.path());
    window_->context()->setLastDirectory(out_.path());
    connect(doc(), &ui::ModelDocument::opened, this, [this] { rememberOpened(); });
    DialogAnswerer answerer(&rng_, [this](const QString& line) { log(line); });
    window_->activateWindow();
    if (!QTest::qWaitForWindowActive(window_.get(), 2000)) log("the main window is not active");

    // A document to start from: the small one-joint example.
    QString error;
    QVERIFY2(window_->openFile(sourcePath("models/seed004_planar_one_joint.scenario.json"), &error),
             qPrintable(error));
    QTest::qWait(100);  // the layout settles: the first actions see the same widget sizes

    using Action = void (TestAppMonkey::*)();
    struct Kind {
      const char* name;
      int weight;
      Action run;
    };
    // Relative weights (99 in all): typing, keys and menus most; opening, saving and exporting,
    // which cost 100-500 ms each, least.
    const Kind kinds[] = {
        {"menu", 11, &TestAppMonkey::menuAction},
        {"toolbar", 6, &TestAppMonkey::toolbarAction},
        {"key", 13, &TestAppMonkey::keyAction},
        {"widget", 8, &TestAppMonkey::widgetAction},
        {"inspector", 11, &TestAppMonkey::inspectorAction},
        {"scenario", 8, &TestAppMonkey::scenarioAction},
        {"scene", 8, &TestAppMonkey::sceneAction},
        {"plot", 5, &TestAppMonkey::plotAction},
        {"tree", 7, &TestAppMonkey::treeAction},
        {"undo", 6, &TestAppMonkey::undoAction},
        {"run", 7, &TestAppMonkey::runAction},
        {"open", 2, &TestAppMonkey::openAction},
        {"new", 1, &TestAppMonkey::newAction},
        {"save", 2, &TestAppMonkey::saveAction},
        {"export", 2, &TestAppMonkey::exportAction},
        {"layout", 2, &TestAppMonkey::layoutAction},
    };
    std::vector<int> weights;
    for (const Kind& k : kinds) weights.push_back(k.weight);
    std::discrete_distribution<int> choose(weights.begin(), weights.end());

    int done = 0;
    for (action_ = 1; action_ <= actions && !stopped(); ++action_) {
      if (wall.elapsed() > budget_ms) {
        qInfo(
            "monkey: STOPPED EARLY: the wall-clock budget of %lld s was reached after %d of %d "
            "actions (VMS_MONKEY_BUDGET_S)",
            budget_ms / 1000, done, actions);
        break;
      }
      const Kind& kind = kinds[choose(rng_)];
      const qsizetype errors_before = g_messages.errors.size();
      QElapsedTimer clock;
      clock.start();
      const qint64 cpu_before = threadCpuMs();
      const long frames_before = window_->sceneView()->framesRendered();
      longest_step_ms_ = -1;
      (this->*kind.run)();
      QCoreApplication::processEvents();
      QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
      const qint64 ms = clock.elapsed(), cpu_ms = threadCpuMs() - cpu_before;
      if (trace_file_.isOpen())
        trace_file_.write(QString("    %1 ms (%2 ms CPU, %3 3D frames)\n")
                              .arg(ms)
                              .arg(cpu_ms)
                              .arg(window_->sceneView()->framesRendered() - frames_before)
                              .toUtf8());
      ++done;
      ++kind_counts_[kind.name];
      kind_ms_[kind.name] += ms;
      if (ms > slowest_ms_) {
        slowest_ms_ = ms;
        slowest_action_ = last_action_;
      }
      const qint64 blocked_ms = longest_step_ms_ >= 0 ? longest_step_ms_ : ms;
      if (blocked_ms > kFrozenMs)
        fail(QString("the UI was blocked for %1 ms (the action took %2 ms, %3 ms of it the GUI "
                     "thread's CPU time)")
                 .arg(blocked_ms)
                 .arg(ms)
                 .arg(cpu_ms));
      checkWindowFitsScreen(kind.name);
      if (g_messages.errors.size() > errors_before)
        fail("Qt warning: " + g_messages.errors.mid(errors_before).join("\n  "));
      if (QWidget* modal = QApplication::activeModalWidget())
        fail("a modal window was left open: " + DialogAnswerer::describe(modal));

      // Runs are kept short (a few actions): a playing simulation makes every action slower.
      const bool running = window_->controller()->runState() == ui::RunState::Running;
      running_for_ = running ? running_for_ + 1 : -1;
      if (running && running_for_ > 3 + pick(10)) {
        log(QString("#%1 (pause after %2 actions)").arg(action_).arg(running_for_));
        window_->pause();
        running_for_ = -1;
      }
      if (action_ % kCheckEvery == 0 && !stopped())
        checkInvariants(QString("after %1 actions").arg(action_));
    }
    --action_;
    if (!stopped()) checkInvariants("at the end");

    // The shipped examples were never written.
    const QDir models(sourcePath("models"));
    for (auto it = shipped_.constBegin(); it != shipped_.constEnd(); ++it)
      if (fileHash(models.filePath(it.key())) != it.value())
        fail("the shipped example models/" + it.key() + " was changed");
    QStringList added;
    for (const QString& name : models.entryList(QDir::Files, QDir::Name))
      if (!shipped_.contains(name)) added << name;
    if (!added.isEmpty()) fail("files were added to models/: " + added.join(", "));

    const double seconds = wall.elapsed() / 1000.0;
    QString summary = QString(
                          "monkey: seed %1, %2 actions in %3 s; dialogs answered %4 (%5 by "
                          "the sweeper); slowest action %6 ms: %7\n ")
                          .arg(seed_)
                          .arg(done)
                          .arg(seconds, 0, 'f', 1)
                          .arg(answerer.answered())
                          .arg(answerer.missed())
                          .arg(slowest_ms_)
                          .arg(slowest_action_);
    summary += QString(" invariant checks %1 ms; 3D frames rendered %2; per kind (count, ms):")
                   .arg(check_ms_)
                   .arg(window_->sceneView()->framesRendered());
    for (auto it = kind_counts_.constBegin(); it != kind_counts_.constEnd(); ++it)
      summary += QString(" %1 %2/%3").arg(it.key()).arg(it.value()).arg(kind_ms_[it.key()]);
    qInfo().noquote() << summary;
    QString warnings = QString("monkey: %1 distinct Qt warnings").arg(g_messages.warnings.size());
    for (auto it = g_messages.warnings.constBegin(); it != g_messages.warnings.constEnd(); ++it)
      warnings += QString("\n  %1x %2").arg(it.value()).arg(it.key());
    qInfo().noquote() << warnings;

    window_.reset();  // no close(): unsaved edits would ask
    if (!problems_.isEmpty()) {
      // The whole report on stderr: QtTest cuts long failure messages.
      fprintf(stderr, "%s\n", qPrintable(report()));
      QFAIL(qPrintable(QString("%1 problem(s), the first at %2 (the report above)")
                           .arg(problems_.size())
                           .arg(problems_.first().section('\n', 0, 0))));
    }
  }

  void cleanupTestCase() {
    window_.reset();
    qInstallMessageHandler(g_previous_handler);
  }
};

QTEST_MAIN(TestAppMonkey)
#include "test_app_monkey.moc"
