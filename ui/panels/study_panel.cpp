#include "ui/panels/study_panel.hpp"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QSaveFile>
#include <QSignalBlocker>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QThread>
#include <QVBoxLayout>
#include <cmath>
#include <map>

#include "ui/document/model_document.hpp"
#include "ui/document/number_text.hpp"
#include "ui/panels/message_label.hpp"
#include "ui/plots/csv_table.hpp"
#include "ui/plots/plot_export.hpp"
#include "ui/plots/plot_style.hpp"

namespace vms::ui {

namespace {

/// "link:link2.mass" -> "link2.mass" (legends are narrow).
QString shortName(const QString& path) {
  return path.startsWith("link:") || path.startsWith("joint:") ? path.section(':', 1) : path;
}

/// Curve colours: distinct for up to eight values of the second parameter.
QColor curveColor(int k) {
  static const QColor colors[] = {QColor(31, 119, 180),  QColor(255, 127, 14),  QColor(44, 160, 44),
                                  QColor(214, 39, 40),   QColor(148, 103, 189), QColor(140, 86, 75),
                                  QColor(227, 119, 194), QColor(127, 127, 127)};
  return colors[k % 8];
}

}  // namespace

struct StudyPanel::Impl {
  StudyPanel* self = nullptr;
  ModelDocument* document = nullptr;
  QComboBox* path[2] = {};
  QLineEdit *from[2] = {}, *to[2] = {}, *count[2] = {};
  QCheckBox* use2 = nullptr;
  QComboBox* metric = nullptr;
  QPushButton* run_button = nullptr;
  QPushButton* export_csv = nullptr;
  QPushButton* export_figure = nullptr;
  MessageLabel* status = nullptr;
  QTableWidget* table = nullptr;
  QCustomPlot* plot = nullptr;
  QCPTextElement* title = nullptr;
  QProcess* process = nullptr;
  std::unique_ptr<QTemporaryDir> work;
  QElapsedTimer clock;
  QByteArray csv_text;
  CsvTable csv;    // the CSV vms sweep wrote (every cell a number)
  int params = 0;  // parameters of the finished study
  int plotted = 0;
  bool last_ok = false;

  void build() {
    auto* v = new QVBoxLayout(self);
    v->setContentsMargins(4, 4, 4, 4);
    auto* grid = new QGroupBox(tr("Parameters (any vms sweep PATH)"));
    auto* gf = new QFormLayout(grid);
    for (int k = 0; k < 2; ++k) {
      path[k] = new QComboBox;
      path[k]->setEditable(true);
      path[k]->setObjectName(QString("study.param%1").arg(k + 1));
      path[k]->setToolTip(
          tr("link:NAME.mass, joint:NAME.origin.x, /duration, "
             "/controllers/0/gains/kp, … (docs/design-studies.md)"));
      path[k]->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
      from[k] = new QLineEdit(k == 0 ? "1" : "1");
      to[k] = new QLineEdit(k == 0 ? "2" : "2");
      count[k] = new QLineEdit(k == 0 ? "5" : "3");
      from[k]->setObjectName(QString("study.from%1").arg(k + 1));
      to[k]->setObjectName(QString("study.to%1").arg(k + 1));
      count[k]->setObjectName(QString("study.count%1").arg(k + 1));
      auto* range = new QWidget;
      auto* h = new QHBoxLayout(range);
      h->setContentsMargins(0, 0, 0, 0);
      h->addWidget(new QLabel(tr("from")));
      h->addWidget(from[k]);
      h->addWidget(new QLabel(tr("to")));
      h->addWidget(to[k]);
      h->addWidget(new QLabel(tr("points")));
      h->addWidget(count[k]);
      if (k == 1) {
        use2 = new QCheckBox(tr("second parameter"));
        use2->setObjectName("study.use2");
        gf->addRow(use2);
      }
      gf->addRow(tr("Parameter %1").arg(k + 1), path[k]);
      gf->addRow(QString(), range);
    }
    v->addWidget(grid);

    auto* controls = new QHBoxLayout;
    metric = new QComboBox;
    metric->setObjectName("study.metric");
    metric->setEditable(false);
    metric->setToolTip(tr("The summary.json figure plotted (every figure is in the table)"));
    run_button = new QPushButton(tr("Run"));
    run_button->setObjectName("study.run");
    controls->addWidget(new QLabel(tr("Plot")));
    controls->addWidget(metric, 1);
    controls->addWidget(run_button);
    v->addLayout(controls);
    status = new MessageLabel;
    status->setObjectName("study.status");
    v->addWidget(status);

    plot = new QCustomPlot;
    plot->setObjectName("study.plot");
    plot->setMinimumHeight(220);
    plot->legend->setVisible(false);
    // The legend in a row of its own under the axes: it never hides a curve.
    plot->axisRect()->insetLayout()->take(plot->legend);
    addLegendRow(plot, 1, plot->legend);
    plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    plot->legend->setWrap(2);
    plot->plotLayout()->setRowStretchFactor(1, 0.001);
    // The figure plotted as a title (a long key would be cut as a vertical axis label).
    plot->plotLayout()->insertRow(0);
    title = new QCPTextElement(plot, QString(), QFont(plot->font().family(), 9, QFont::Bold));
    plot->plotLayout()->addElement(0, 0, title);
    v->addWidget(plot, 2);
    table = new QTableWidget;
    table->setObjectName("study.table");
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->verticalHeader()->hide();
    v->addWidget(table, 1);
    auto* exports = new QHBoxLayout;
    export_csv = new QPushButton(tr("Export CSV…"));
    export_figure = new QPushButton(tr("Export figure…"));
    exports->addStretch(1);
    exports->addWidget(export_csv);
    exports->addWidget(export_figure);
    v->addLayout(exports);

    connect(run_button, &QPushButton::clicked, self, [this] {
      if (isRunning())
        self->cancel();
      else
        self->run();
    });
    connect(metric, &QComboBox::currentTextChanged, self, [this] { draw(); });
    connect(export_csv, &QPushButton::clicked, self, [this] {
      const QString file = QFileDialog::getSaveFileName(self, tr("Export study CSV"),
                                                        QString("study.csv"), tr("CSV (*.csv)"));
      if (!file.isEmpty()) self->exportCsv(file);
    });
    connect(export_figure, &QPushButton::clicked, self, [this] {
      const QString file = QFileDialog::getSaveFileName(
          self, tr("Export study figure"), QString("study.png"), tr("Figures (*.png *.pdf)"));
      if (!file.isEmpty()) self->exportFigure(file);
    });
    for (QPushButton* b : {export_csv, export_figure}) b->setEnabled(false);
  }

  bool isRunning() const { return process && process->state() != QProcess::NotRunning; }

  /// The parameter names offered: every link's mass and every joint's origin, by name.
  void offerPaths() {
    for (QComboBox* p : path) {
      const QString current = p->currentText();
      p->clear();
      if (document->isOpen()) {
        for (const LinkDescription& l : document->description().links)
          p->addItem(QString("link:%1.mass").arg(QString::fromStdString(l.name)));
        for (const JointDescription& j : document->description().joints)
          for (const char* axis : {"x", "y", "z"})
            p->addItem(QString("joint:%1.origin.%2").arg(QString::fromStdString(j.name), axis));
      }
      p->addItem("/duration");
      if (!current.isEmpty()) p->setCurrentText(current);
    }
  }

  QString parameterArgument(int k) const {
    return QString("%1=%2:%3:%4")
        .arg(path[k]->currentText().trimmed(), from[k]->text().trimmed(), to[k]->text().trimmed(),
             count[k]->text().trimmed());
  }

  bool start() {
    if (isRunning()) return false;
    const QString program = vmsProgram();
    if (!document->isOpen()) return fail(tr("no model open"));
    if (program.isEmpty())
      return fail(tr("the vms program was not found (set VMS_CLI to its path)"));
    if (path[0]->currentText().trimmed().isEmpty()) return fail(tr("choose parameter 1"));
    // Every figure of a run that lasts no time is its initial value: refuse, and say why.
    const double duration = document->scenarioDescription().duration;
    const bool sweeps_duration =
        path[0]->currentText().trimmed() == "/duration" ||
        (use2->isChecked() && path[1]->currentText().trimmed() == "/duration");
    if (!sweeps_duration && (!(duration > 0.0) || !std::isfinite(duration)))
      return fail(document->isScenarioFile()
                      ? tr("the scenario's duration is %1 s: each run would end where it "
                           "starts; set a duration in the Scenario panel")
                            .arg(duration)
                      : tr("a bare model has no scenario duration (it runs until paused), so "
                           "each run would last 0 s; set a duration in the Scenario panel"));
    work = std::make_unique<QTemporaryDir>();
    const QString scenario = work->filePath("study.scenario.json");
    QString error;
    if (!document->writeScenarioCopy(scenario, &error)) return fail(error);
    QStringList args = {"sweep", scenario, "--param", parameterArgument(0)};
    params = 1;
    if (use2->isChecked() && !path[1]->currentText().trimmed().isEmpty()) {
      args << "--param" << parameterArgument(1);
      params = 2;
    }
    args << "--metric"
         << "all"
         << "--jobs" << QString::number(std::max(1, QThread::idealThreadCount())) << "--out"
         << work->filePath("study.csv");
    if (!process) {
      process = new QProcess(self);
      connect(process, &QProcess::finished, self,
              [this](int code, QProcess::ExitStatus exit) { finish(code, exit); });
    }
    status->setText(tr("Running %1 …").arg(args.mid(2).join(' ')));
    run_button->setText(tr("Cancel"));
    clock.start();
    process->start(program, args);
    return true;
  }

  bool fail(const QString& why) {
    status->setMessage(tr("Cannot run the study: %1").arg(why));
    emit self->message(status->text());
    return false;
  }

  void finish(int code, QProcess::ExitStatus exit) {
    run_button->setText(tr("Run"));
    const QString err = QString::fromUtf8(process->readAllStandardError()).trimmed();
    last_ok = exit == QProcess::NormalExit && code == 0;
    if (!last_ok) {
      status->setText(exit == QProcess::NormalExit
                          ? tr("The study stopped: %1").arg(err.section('\n', 0, 0))
                          : tr("The study was cancelled."));
      emit self->message(status->text());
      emit self->finished(false);
      return;
    }
    QFile file(work->filePath("study.csv"));
    csv_text = file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    QString error;
    if (!readCsvTable(work->filePath("study.csv"), &csv, &error)) {
      csv = CsvTable();
      status->setMessage(tr("The study's CSV cannot be read: %1").arg(error));
      emit self->message(status->text());
      emit self->finished(false);
      last_ok = false;
      return;
    }
    fillTable();
    // The metric choices: the figures between the parameters and "status".
    const QString chosen = metric->currentText();
    {
      const QSignalBlocker block(metric);
      metric->clear();
      for (int c = 1 + params; c < csv.columns.size(); ++c)
        if (csv.columns[c] != "status" && csv.columns[c] != "grid_points")
          metric->addItem(csv.columns[c]);
      const int keep =
          metric->findText(chosen.isEmpty() ? "max_vehicle_attitude_deviation" : chosen);
      metric->setCurrentIndex(keep >= 0 ? keep : 0);
    }
    draw();
    for (QPushButton* b : {export_csv, export_figure}) b->setEnabled(true);
    status->setText(tr("%1 grid points in %2 s (vms sweep, %3 jobs).")
                        .arg(csv.rows())
                        .arg(clock.elapsed() / 1000.0, 0, 'f', 1)
                        .arg(std::max(1, QThread::idealThreadCount())));
    emit self->message(status->text());
    emit self->finished(true);
  }

  /// Another document: the results of the previous one are not this model's.
  void clearResults() {
    if (isRunning()) process->kill();  // finish() then says it was cancelled
    csv = CsvTable();
    csv_text.clear();
    last_ok = false;
    table->clear();
    table->setRowCount(0);
    table->setColumnCount(0);
    plot->clearGraphs();
    plotted = 0;
    title->setText(QString());
    plot->replot(QCustomPlot::rpQueuedReplot);  // laid out when shown, at its size
    for (QPushButton* b : {export_csv, export_figure}) b->setEnabled(false);
    status->setText(
        tr("Sweep one or two parameters of the open scenario with vms sweep and plot "
           "a figure."));
  }

  void fillTable() {
    table->clear();
    table->setColumnCount(int(csv.columns.size()));
    table->setHorizontalHeaderLabels(csv.columns);
    table->setRowCount(csv.rows());
    for (int r = 0; r < csv.rows(); ++r)
      for (int c = 0; c < int(csv.columns.size()); ++c)
        table->setItem(r, c, new QTableWidgetItem(numberText(csv.data[size_t(c)][size_t(r)])));
  }

  void draw() {
    plot->clearGraphs();
    plotted = 0;
    const int m = csv.indexOf(metric->currentText());
    if (m < 0 || csv.rows() == 0) {
      title->setText(QString());
      plot->replot();
      return;
    }
    // One curve per value of parameter 2 (a single curve without it).
    // (A diverged run, status 3, has figures up to the divergence: plotted like the others.)
    std::map<double, QCPGraph*> curves;
    for (int r = 0; r < csv.rows(); ++r) {
      const double key = params == 2 ? csv.data[2][size_t(r)] : 0.0;
      QCPGraph*& g = curves[key];
      if (!g) {
        g = plot->addGraph();
        g->setPen(QPen(curveColor(int(curves.size()) - 1), 2));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 6));
        g->setName(params == 2 ? QString("%1 = %2").arg(shortName(csv.columns[2]), numberText(key))
                               : metric->currentText());
      }
      g->addData(csv.data[1][size_t(r)], csv.data[size_t(m)][size_t(r)]);
      ++plotted;
    }
    plot->xAxis->setLabel(csv.columns.value(1));
    title->setText(metric->currentText());
    plot->legend->setVisible(params == 2);
    plot->rescaleAxes();
    // A margin, so that the end points are not cut by the axes.
    plot->xAxis->scaleRange(1.1, plot->xAxis->range().center());
    if (plot->yAxis->range().size() > 0.0)
      plot->yAxis->scaleRange(1.15, plot->yAxis->range().center());
    plot->replot();
  }
};

StudyPanel::StudyPanel(ModelDocument* document, QWidget* parent)
    : QWidget(parent), impl_(std::make_unique<Impl>()) {
  setObjectName("studyPanel");
  impl_->self = this;
  impl_->document = document;
  impl_->build();
  connect(document, &ModelDocument::opened, this, [this] {
    impl_->clearResults();
    impl_->offerPaths();
  });
  connect(document, &ModelDocument::modelChanged, this, [this] { impl_->offerPaths(); });
  impl_->offerPaths();
  impl_->clearResults();
}

StudyPanel::~StudyPanel() {
  if (impl_->isRunning()) {
    impl_->process->kill();
    impl_->process->waitForFinished(3000);
  }
}

QString StudyPanel::vmsProgram() {
  const QString env = qEnvironmentVariable("VMS_CLI");
  if (!env.isEmpty() && QFileInfo(env).isExecutable()) return env;
  const QDir here(QCoreApplication::applicationDirPath());
  for (const QString& candidate : {here.filePath("vms"), here.filePath("../vms/vms")})
    if (QFileInfo(candidate).isExecutable()) return QFileInfo(candidate).absoluteFilePath();
#ifdef VMS_CLI_BUILD_PATH
  if (QFileInfo(QStringLiteral(VMS_CLI_BUILD_PATH)).isExecutable())
    return QStringLiteral(VMS_CLI_BUILD_PATH);
#endif
  return QStandardPaths::findExecutable("vms");
}

void StudyPanel::setParameter(int which, const QString& path, double from, double to, int count) {
  if (which < 1 || which > 2) return;
  const int k = which - 1;
  impl_->path[k]->setCurrentText(path);
  impl_->from[k]->setText(numberText(from));
  impl_->to[k]->setText(numberText(to));
  impl_->count[k]->setText(QString::number(count));
  if (k == 1) impl_->use2->setChecked(!path.isEmpty());
}

void StudyPanel::setMetric(const QString& metric) {
  if (impl_->metric->findText(metric) < 0) impl_->metric->addItem(metric);
  impl_->metric->setCurrentText(metric);
}

bool StudyPanel::run() { return impl_->start(); }
bool StudyPanel::isRunning() const { return impl_->isRunning(); }

bool StudyPanel::waitForFinished(int timeout_ms) {
  QElapsedTimer t;
  t.start();
  while (isRunning() && t.elapsed() < timeout_ms)
    QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
  return !isRunning() && impl_->last_ok;
}

void StudyPanel::cancel() {
  if (impl_->isRunning()) impl_->process->kill();
}

QByteArray StudyPanel::resultCsv() const { return impl_->csv_text; }
int StudyPanel::resultRows() const { return impl_->csv.rows(); }
int StudyPanel::plottedPoints() const { return impl_->plotted; }
QString StudyPanel::statusText() const { return impl_->status->text(); }

bool StudyPanel::exportCsv(const QString& path, QString* error) const {
  QSaveFile file(path);
  if (impl_->csv_text.isEmpty() || !file.open(QIODevice::WriteOnly) ||
      file.write(impl_->csv_text) != impl_->csv_text.size() || !file.commit()) {
    if (error)
      *error = impl_->csv_text.isEmpty() ? tr("no study to export")
                                         : path + ": cannot write: " + file.errorString();
    return false;
  }
  return true;
}

bool StudyPanel::exportFigure(const QString& path, QString* error) const {
  // The plots' figure: 1600 x 1000 px laid out at 800 x 500 (text and lines twice as large).
  return savePlot(impl_->plot, path, QSize(kFigureWidth, kFigureHeight), error, kFigureScale);
}

}  // namespace vms::ui
