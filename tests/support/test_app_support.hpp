#pragma once
// Helpers shared by the application tests (tests/ui/app/test_app_*.cpp): isolated settings and
// autosave folder, a shown MainWindow, opening a file up to its first frame, running a
// simulation for some simulated time, closing the next modal dialog, and image checks.
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QImage>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeWidget>
#include <QtTest/QtTest>
#include <cmath>
#include <memory>
#include <set>

#include "ui/app/bars/simulation_toolbar.hpp"
#include "ui/app/contract/frame_pump.hpp"
#include "ui/app/window/main_window.hpp"
#include "ui/panels/model_tree_panel.hpp"
#include "ui/sim/simulation_controller.hpp"

namespace vms::test {

inline QString sourcePath(const QString& relative) {
  return QString(VMS_SOURCE_DIR) + "/" + relative;
}

/// A reproducer of the regression corpus, fuzz/regressions/<target>/ (fuzz/README.md).
inline QString regressionInput(const QString& name) {
  for (const char* target : {"scenario", "state", "urdf", "vms_json", "simulate"}) {
    const QString path = sourcePath(QString("fuzz/regressions/") + target + "/" + name);
    if (QFileInfo::exists(path)) return path;
  }
  return QString();
}

/// Writes `text` to `name` in `dir`; returns the path.
inline QString writeFileIn(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
  const QString path = dir.filePath(name);
  QFile file(path);
  if (file.open(QIODevice::WriteOnly)) file.write(text);
  return path;
}

/// Settings and autosave files of the tests never touch the user's.
inline void isolateSettings(const QString& name, const QString& autosave_dir) {
  QCoreApplication::setOrganizationName("vms-tests");
  QCoreApplication::setApplicationName(name);
  QSettings().clear();
  qputenv("VMS_AUTOSAVE_DIR", autosave_dir.toUtf8());
  qputenv("VMS_MODELS_DIR", sourcePath("models").toUtf8());
}

inline std::unique_ptr<ui::MainWindow> shownWindow() {
  auto window = std::make_unique<ui::MainWindow>();
  window->resize(1200, 850);
  window->show();
  if (!QTest::qWaitForWindowExposed(window.get())) qWarning("main window not exposed");
  return window;
}

/// Waits until `condition` holds (polling the event loop); false after `timeout_ms`.
template <class Condition>
bool waitUntil(Condition condition, int timeout_ms = 20000) {
  QElapsedTimer clock;
  clock.start();
  while (!condition()) {
    if (clock.elapsed() > timeout_ms) return false;
    QTest::qWait(10);
  }
  return true;
}

/// The dock a widget is in (nullptr if none).
inline QDockWidget* dockOf(QWidget* widget) {
  for (QWidget* w = widget; w; w = w->parentWidget())
    if (auto* dock = qobject_cast<QDockWidget*>(w)) return dock;
  return nullptr;
}

inline double shownTime(const ui::MainWindow& window) {
  return window.framePump()->hasFrame() ? window.framePump()->lastFrame().snapshot.time : -1.0;
}

/// Opens `relative` (a file of the source tree, e.g. "models/seed004_spatial.vms.json") and
/// waits until the window shows its first frame. Empty on success, else what went wrong.
inline QString openShowingFirstFrame(ui::MainWindow& window, const QString& relative) {
  QString error;
  if (!window.openFile(sourcePath(relative), &error)) return relative + " does not open: " + error;
  if (!waitUntil([&] { return window.framePump()->hasFrame(); }))
    return relative + ": no frame shown within 20 s";
  window.framePump()->tick();
  return {};
}

/// Plays at `factor` (0: as fast as possible) until the shown frame reaches `seconds` of
/// simulated time or the run ends, then pauses and waits for the paused frame. The default
/// is 4x real time: the history (plots, CSV, scrubbing) holds the frames published at ~60 per
/// wall second, so as fast as possible would leave only a handful of frames for a second.
inline bool runFor(ui::MainWindow& window, double seconds, double factor = 4.0) {
  window.simulationToolbar()->setRealTimeFactor(factor);
  window.play();
  const bool reached = waitUntil([&] {
    const ui::RunState s = window.controller()->runState();
    return shownTime(window) >= seconds || s == ui::RunState::Finished ||
           s == ui::RunState::Diverged;
  });
  window.pause();
  waitUntil([&] { return window.controller()->runState() != ui::RunState::Running; }, 5000);
  QTest::qWait(60);  // the last frames reach the views
  window.framePump()->tick();
  return reached;
}

/// Closes the next application-modal dialog (a QMessageBox) as soon as it appears and
/// remembers its text. Start it before the call that opens the dialog.
class DialogCloser : public QObject {
 public:
  /// `accept`: press the message box's default button instead of rejecting (Escape).
  explicit DialogCloser(bool accept = false) {
    connect(&timer_, &QTimer::timeout, this, [this, accept] {
      QWidget* modal = QApplication::activeModalWidget();
      if (!modal) return;
      if (auto* box = qobject_cast<QMessageBox*>(modal))
        text_ = box->windowTitle() + "\n" + box->text();
      else
        text_ = modal->windowTitle();
      ++closed_;
      auto* box = qobject_cast<QMessageBox*>(modal);
      if (accept && box && box->defaultButton())
        box->defaultButton()->click();
      else if (auto* dialog = qobject_cast<QDialog*>(modal))
        dialog->reject();
      else
        modal->close();
    });
    timer_.start(50);
  }
  int closed() const { return closed_; }
  QString text() const { return text_; }

 private:
  QTimer timer_;
  QString text_;
  int closed_ = 0;
};

/// Distinct colours (quantised to 4 bits per channel) and the luminance standard deviation.
inline int distinctColours(const QImage& image) {
  std::set<int> colours;
  for (int y = 0; y < image.height(); y += 2)
    for (int x = 0; x < image.width(); x += 2) {
      const QRgb p = image.pixel(x, y);
      colours.insert((qRed(p) >> 4) << 8 | (qGreen(p) >> 4) << 4 | (qBlue(p) >> 4));
    }
  return int(colours.size());
}

inline double luminanceStd(const QImage& image) {
  double sum = 0.0, sum2 = 0.0;
  long n = 0;
  for (int y = 0; y < image.height(); y += 2)
    for (int x = 0; x < image.width(); x += 2) {
      const double l = qGray(image.pixel(x, y));
      sum += l;
      sum2 += l * l;
      ++n;
    }
  if (n == 0) return 0.0;
  const double mean = sum / double(n);
  return std::sqrt(std::max(0.0, sum2 / double(n) - mean * mean));
}

/// Rows whose luminance varies by more than `contrast` along x: the 3D view's background is a
/// vertical gradient (uniform rows), so such rows mean something is drawn on it.
inline int rowsWithContent(const QImage& image, int contrast = 40) {
  int rows = 0;
  for (int y = 0; y < image.height(); ++y) {
    int lo = 255, hi = 0;
    for (int x = 0; x < image.width(); ++x) {
      const int l = qGray(image.pixel(x, y));
      lo = std::min(lo, l);
      hi = std::max(hi, l);
    }
    if (hi - lo > contrast) ++rows;
  }
  return rows;
}

/// The model tree's row of `kind` named `name` (null if none).
inline QTreeWidgetItem* treeRow(QTreeWidget* tree, ui::ModelTreePanel::RowKind kind,
                                const QString& name) {
  for (QTreeWidgetItemIterator it(tree); *it; ++it)
    if ((*it)->data(0, ui::ModelTreePanel::KindRole).toInt() == static_cast<int>(kind) &&
        (*it)->text(0) == name)
      return *it;
  return nullptr;
}

}  // namespace vms::test
