#pragma once
// The Study panel (a dock beside Plots): a design study of the open scenario without leaving
// the app. One or two parameters (a link mass, where a joint sits, a gain, the duration: any
// `vms sweep` PATH, with the model's links and joints offered by name), a range and a count
// each; Run writes the scenario as it stands to a temporary .scenario.json and runs
// `vms sweep` on it (every core, the same code and the same figures as the command line,
// docs/design-studies.md), then shows the table and plots the chosen metric against the
// first parameter, one curve per value of the second. The CSV and the figure can be exported.
//
// Child widgets (tests): QComboBox "study.param1" / "study.param2" (editable), QLineEdit
// "study.from1", "study.to1", "study.count1" (and 2), QCheckBox "study.use2", QComboBox
// "study.metric", QPushButton "study.run", QTableWidget "study.table", QCustomPlot
// "study.plot", QLabel "study.status".
#include <QWidget>
#include <memory>

namespace vms::ui {

class ModelDocument;

class StudyPanel : public QWidget {
  Q_OBJECT
 public:
  explicit StudyPanel(ModelDocument* document, QWidget* parent = nullptr);
  ~StudyPanel() override;

  /// The `vms` program the study runs: $VMS_CLI, next to this program, the build tree's, or
  /// on PATH; empty if none is found.
  static QString vmsProgram();

  /// Sets parameter 1 or 2 (path as `vms sweep` takes it; an empty path for 2 turns it off).
  void setParameter(int which, const QString& path, double from, double to, int count);
  void setMetric(const QString& metric);
  /// Starts the study (asynchronous); false with statusText() saying why if it cannot start.
  bool run();
  bool isRunning() const;
  /// Waits for a running study (tests); true if it finished successfully.
  bool waitForFinished(int timeout_ms);
  void cancel();

  /// The last finished study: its CSV text (as `vms sweep` wrote it), rows, points plotted.
  QByteArray resultCsv() const;
  int resultRows() const;
  int plottedPoints() const;
  QString statusText() const;
  bool exportCsv(const QString& path, QString* error = nullptr) const;
  bool exportFigure(const QString& path, QString* error = nullptr) const;  // .png or .pdf

 signals:
  void finished(bool ok);
  void message(const QString& text);  // for the log

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace vms::ui
