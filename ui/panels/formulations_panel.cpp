#include "ui/panels/formulations_panel.hpp"

#include <qcustomplot.h>

#include <QComboBox>
#include <QElapsedTimer>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QShowEvent>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "core/algorithms/crba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/analysis/operational_space_inertia.hpp"
#include "core/model/data.hpp"
#include "core/solvers/errata_registry.hpp"
#include "core/solvers/solver_entry.hpp"
#include "ui/panels/matrix_heat_map.hpp"
#include "ui/plots/plot_style.hpp"
#include "ui/sim/errata_ghost.hpp"

namespace vms::ui {

namespace {

constexpr int kRefreshMs = 100;  // the comparison and the redraws: ~10 Hz
constexpr int kIdRole = Qt::UserRole;
// The ghosts' share of a refresh: they catch up with the real run over several refreshes
// rather than stall the UI (a ghost enabled late starts from t = 0).
constexpr qint64 kGhostBudgetMs = 30;
constexpr long kGhostStepsPerCall = 500;
constexpr double kLogFloor = 1e-17;  // differences below are drawn here (log axis)
// The inspector's entry for the analysis matrices (not a formulation).
const QString kAnalysisId = QStringLiteral("analysis");

QString label(const Erratum& e) {
  QString text = QString::fromStdString(e.solver + ": " + e.variant + "  " + e.equation);
  if (!changesTheMotion(e)) text += QObject::tr("  (matrices only)");
  return text;
}

}  // namespace

FormulationsPanel::FormulationsPanel(QWidget* parent)
    : QWidget(parent), tabs_(new QTabWidget(this)), timer_(new QTimer(this)) {
  setObjectName("formulationsPanel");
  tabs_->addTab(buildSolversTab(), tr("Solvers"));
  tabs_->addTab(buildErrataTab(), tr("Errata"));
  tabs_->addTab(buildMatricesTab(), tr("Matrices"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addWidget(tabs_);
  // Why here and not in the worker: the comparison runs every chosen solver several times on
  // one state, which would lengthen the simulation's steps; on the UI thread it only uses the
  // frames that are shown anyway, at 10 Hz, and costs the run nothing.
  timer_->setInterval(kRefreshMs);
  // While the panel is hidden (a tab behind Plots) it draws nothing and computes only what
  // it records: the chosen solvers' differences and the ghosts. The matrices and replots cost
  // every frame otherwise (the frame time went from 29 to 65 ms on seed 004's example).
  connect(timer_, &QTimer::timeout, this, [this] {
    const bool recording = comparison_ && !comparison_->ids().empty();
    if (frame_dirty_ && (isVisible() || recording)) compare();
    if (!ghosts_.empty()) advanceGhosts();
    if (ghosts_dirty_ && ghost_plot_->isVisible()) replotErrata();  // else when shown
  });
  timer_->start();
}

FormulationsPanel::~FormulationsPanel() = default;

QWidget* FormulationsPanel::buildSolversTab() {
  auto* page = new QWidget(this);
  solvers_ = new QListWidget(page);
  solvers_->setObjectName("formulationSolverList");
  solvers_->setToolTip(tr("Solvers to run next to aba on the shown state"));
  connect(solvers_, &QListWidget::itemChanged, this, &FormulationsPanel::itemChanged);
  table_ = new QTableWidget(0, 3, page);
  table_->setObjectName("formulationTable");
  table_->setHorizontalHeaderLabels({tr("Formulation"), tr("rel. |Δa|"), tr("µs / call")});
  table_->horizontalHeaderItem(1)->setToolTip(
      tr("|Δa| / max(1, |a_aba|): the largest difference from aba's accelerations, relative"));
  // Names and figures whole: the names and times take their width, the difference the rest.
  table_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
  table_->horizontalHeader()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
  table_->verticalHeader()->hide();
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  diff_plot_ = new QCustomPlot(page);
  diff_plot_->setObjectName("formulationDifferencePlot");
  applyPlotStyle(diff_plot_);
  styleAxis(diff_plot_->xAxis, tr("t (s)"));
  styleAxis(diff_plot_->yAxis, tr("relative difference from aba"));
  setLogScale(diff_plot_->yAxis, true);
  diff_plot_->yAxis->setRange(1e-17, 1.0);
  diff_plot_->legend->setVisible(true);
  styleLegend(diff_plot_->legend);
  placeLegendAbove(diff_plot_);
  diff_plot_->setMinimumHeight(160);

  // The list as wide as its longest name (the check box and a margin included).
  solvers_->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Expanding);
  auto* top = new QHBoxLayout;
  top->addWidget(solvers_);
  top->addWidget(table_, 1);
  auto* layout = new QVBoxLayout(page);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addLayout(top, 2);
  layout->addWidget(diff_plot_, 3);
  return page;
}

QWidget* FormulationsPanel::buildErrataTab() {
  auto* page = new QWidget(this);
  errata_ = new QListWidget(page);
  errata_->setObjectName("errataList");
  connect(errata_, &QListWidget::itemChanged, this, &FormulationsPanel::itemChanged);
  connect(errata_, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
    if (item) selectErratum(item->data(kIdRole).toString());
  });
  explanation_ = new QLabel(tr("Select an erratum to read what is wrong with it."), page);
  explanation_->setObjectName("errataExplanation");
  explanation_->setWordWrap(true);
  explanation_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  explanation_->setMinimumHeight(60);
  ghost_quantity_ = new QComboBox(page);
  ghost_quantity_->setObjectName("errataQuantity");
  connect(ghost_quantity_, qOverload<int>(&QComboBox::currentIndexChanged), this,
          [this] { replotErrata(); });
  ghost_plot_ = new QCustomPlot(page);
  ghost_plot_->setObjectName("errataPlot");
  applyPlotStyle(ghost_plot_);
  styleAxis(ghost_plot_->xAxis, tr("t (s)"));
  ghost_plot_->legend->setVisible(true);
  styleLegend(ghost_plot_->legend);
  placeLegendAbove(ghost_plot_);
  ghost_plot_->setMinimumHeight(160);

  auto* quantity = new QHBoxLayout;
  quantity->addWidget(new QLabel(tr("Plot:"), page));
  quantity->addWidget(ghost_quantity_, 1);
  auto* layout = new QVBoxLayout(page);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addWidget(errata_, 2);
  layout->addWidget(explanation_);
  layout->addLayout(quantity);
  layout->addWidget(ghost_plot_, 3);
  return page;
}

QWidget* FormulationsPanel::buildMatricesTab() {
  auto* page = new QWidget(this);
  inspect_id_ = new QComboBox(page);
  inspect_id_->setObjectName("inspectFormulation");
  inspect_quantity_ = new QComboBox(page);
  inspect_quantity_->setObjectName("inspectQuantity");
  heat_map_ = new MatrixHeatMap(page);
  connect(inspect_id_, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] {
    const QString keep = inspect_quantity_->currentText();
    inspect_quantity_->blockSignals(true);
    inspect_quantity_->clear();
    for (const SolverQuantity& q : quantitiesOf(inspect_id_->currentData().toString()))
      inspect_quantity_->addItem(QString::fromStdString(q.name), QString::fromStdString(q.meaning));
    const int i = inspect_quantity_->findText(keep);
    inspect_quantity_->setCurrentIndex(i >= 0 ? i : 0);
    inspect_quantity_->blockSignals(false);
    refreshHeatMap();
  });
  connect(inspect_quantity_, qOverload<int>(&QComboBox::currentIndexChanged), this,
          [this] { refreshHeatMap(); });
  auto* row = new QHBoxLayout;
  row->addWidget(new QLabel(tr("Formulation:"), page));
  row->addWidget(inspect_id_, 1);
  row->addWidget(new QLabel(tr("Matrix:"), page));
  row->addWidget(inspect_quantity_, 1);
  auto* layout = new QVBoxLayout(page);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addLayout(row);
  layout->addWidget(heat_map_, 1);
  return page;
}

void FormulationsPanel::showTab(int index) { tabs_->setCurrentIndex(index); }

void FormulationsPanel::setScenario(const Scenario& scenario) {
  scenario_ = std::make_unique<Scenario>(scenario);
  comparison_ = std::make_unique<FormulationComparison>(scenario_->model);
  ghosts_.clear();
  differences_.clear();
  real_.clear();  // the old run's samples: no ghost of the new model may step towards them
  have_frame_ = false;
  const Model& model = scenario_->model;

  updating_lists_ = true;
  solvers_->clear();
  for (const std::string& name : solverNames()) {
    if (name == defaultSolverName()) continue;
    auto* item = new QListWidgetItem(QString::fromStdString(name), solvers_);
    item->setData(kIdRole, QString::fromStdString(name));
    item->setFlags(Qt::ItemIsUserCheckable | Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    item->setCheckState(Qt::Unchecked);
  }
  solvers_->setFixedWidth(solvers_->sizeHintForColumn(0) + 2 * solvers_->frameWidth() + 8);
  errata_->clear();
  for (const Erratum& e : errata()) {
    auto* item = new QListWidgetItem(label(e), errata_);
    item->setData(kIdRole, QString::fromStdString(e.id));
    item->setFlags(Qt::ItemIsUserCheckable | Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    item->setCheckState(Qt::Unchecked);
  }
  for (QListWidget* list : {solvers_, errata_})
    for (int i = 0; i < list->count(); ++i) {
      QListWidgetItem* item = list->item(i);
      const QString problem = supportProblem(item->data(kIdRole).toString());
      if (problem.isEmpty()) {
        // What the solver computes, or what is wrong with the printed form: the entries' words.
        const std::string id = item->data(kIdRole).toString().toStdString();
        const Erratum* e = findErratum(id);
        const SolverEntry* solver = solverRegistry().find(id);
        item->setToolTip(QString::fromStdString(e        ? e->explanation
                                                : solver ? solver->summary
                                                         : std::string()));
      } else {
        item->setFlags(item->flags() & ~Qt::ItemIsEnabled);  // greyed, the reason as tooltip
        item->setToolTip(problem);
      }
    }
  updating_lists_ = false;
  refreshInspectorChoices();

  ghost_quantity_->blockSignals(true);
  const int shown = ghost_quantity_->currentIndex();
  ghost_quantity_->clear();
  ghost_quantity_->addItem(tr("Vehicle attitude deviation (rad)"));
  ghost_quantity_->addItem(tr("Energy (J)"));
  ghost_quantity_->addItem(tr("Vehicle centre-of-mass displacement (m)"));
  for (int j = 0; j < model.njoints; ++j)
    ghost_quantity_->addItem(
        tr("Joint %1 position").arg(QString::fromStdString(model.joint_names[j])));
  ghost_quantity_->setCurrentIndex(shown >= 0 && shown < ghost_quantity_->count() ? shown : 0);
  ghost_quantity_->blockSignals(false);

  // The user's choices carry over to the new model where they are still defined.
  const QSet<QString> wanted = wanted_;
  for (const QString& id : wanted) setEnabled(id, true);
  wanted_ = wanted;
  clear();
}

QString FormulationsPanel::supportProblem(const QString& id) const {
  if (!scenario_) return tr("no model loaded");
  const std::string name = id.toStdString();
  try {
    if (const Erratum* e = findErratum(name))
      return QString::fromStdString(erratumSupportProblem(*e, scenario_->model));
    if (!makeSolver(name, scenario_->model)) return tr("unknown solver '%1'").arg(id);
  } catch (const std::exception& e) {  // the solver's own refusal (vehicle type, added mass)
    return QString::fromStdString(e.what());
  }
  return {};
}

static QListWidgetItem* findItem(QListWidget* list, const QString& id) {
  for (int i = 0; i < list->count(); ++i)
    if (list->item(i)->data(kIdRole).toString() == id) return list->item(i);
  return nullptr;
}

bool FormulationsPanel::setEnabled(const QString& id, bool on) {
  QListWidgetItem* item = findItem(solvers_, id);
  if (!item) item = findItem(errata_, id);
  if (!item || !(item->flags() & Qt::ItemIsEnabled)) return false;
  item->setCheckState(on ? Qt::Checked : Qt::Unchecked);  // itemChanged does the rest
  return isEnabled(id) == on;
}

bool FormulationsPanel::isEnabled(const QString& id) const {
  return comparison_ && comparison_->contains(id.toStdString());
}

void FormulationsPanel::itemChanged(QListWidgetItem* item) {
  if (updating_lists_ || !item) return;
  const QString id = item->data(kIdRole).toString();
  const bool on = item->checkState() == Qt::Checked;
  if (on == isEnabled(id)) return;
  if (on) {
    addFormulation(id);
  } else {
    removeFormulation(id);
  }
}

void FormulationsPanel::addFormulation(const QString& id) {
  if (!comparison_) return;
  try {
    comparison_->add(id.toStdString());
  } catch (const std::exception& e) {
    emit message(tr("%1: %2").arg(id, QString::fromStdString(e.what())));
    return;
  }
  wanted_.insert(id);
  differences_.push_back({id, {}, {}});
  if (const Erratum* e = findErratum(id.toStdString())) {
    if (changesTheMotion(*e)) startGhost(id);  // else it would coincide with the run
    selectErratum(id);
  }
  refreshInspectorChoices();
  if (have_frame_) frame_dirty_ = true;
  refreshNow();
}

void FormulationsPanel::removeFormulation(const QString& id) {
  if (!comparison_) return;
  comparison_->remove(id.toStdString());
  wanted_.remove(id);
  differences_.erase(std::remove_if(differences_.begin(), differences_.end(),
                                    [&](const Series& s) { return s.id == id; }),
                     differences_.end());
  ghosts_.erase(
      std::remove_if(ghosts_.begin(), ghosts_.end(), [&](const auto& g) { return g.first == id; }),
      ghosts_.end());
  publishGhostPoses();
  refreshInspectorChoices();
  updateTable();
  replotDifferences();
  replotErrata();
}

void FormulationsPanel::startGhost(const QString& id) {
  const Erratum* e = findErratum(id.toStdString());
  if (!e || !scenario_) return;
  auto ghost = std::make_unique<Ghost>();
  try {
    ghost->run = std::make_unique<ErrataGhost>(*scenario_, *e);
  } catch (const std::exception& ex) {
    emit message(tr("%1: no ghost run: %2").arg(id, QString::fromStdString(ex.what())));
    return;
  }
  ghosts_.emplace_back(id, std::move(ghost));
  ghosts_dirty_ = true;
  publishGhostPoses();
}

void FormulationsPanel::selectErratum(const QString& id) {
  const Erratum* e = findErratum(id.toStdString());
  if (!e) return;
  QString text = QString("<b>%1</b> — %2<br>%3")
                     .arg(QString::fromStdString(e->id).toHtmlEscaped(),
                          QString::fromStdString(e->equation).toHtmlEscaped(),
                          QString::fromStdString(e->explanation).toHtmlEscaped());
  if (!changesTheMotion(*e))
    text += "<br><i>" +
            tr("No ghost run: this printed form changes the solver's matrices, never the motion; "
               "compare them with the corrected solver's in the Matrices tab.") +
            "</i>";
  const QString problem = supportProblem(id);
  if (!problem.isEmpty())
    text += "<br><i>" + tr("Not defined for this model: %1").arg(problem.toHtmlEscaped()) + "</i>";
  explanation_->setText(text);
  if (QListWidgetItem* item = findItem(errata_, id))
    if (errata_->currentItem() != item) errata_->setCurrentItem(item);
}

QString FormulationsPanel::explanationText() const { return explanation_->text(); }

FormulationsPanel::Sample FormulationsPanel::sampleOf(const Snapshot& s) {
  Sample out;
  out.t = s.time;
  out.attitude = s.vehicle_attitude_deviation;
  out.energy = s.energy;
  out.displacement = s.vehicle_com_displacement.norm();
  out.q = s.state.q;
  return out;
}

double FormulationsPanel::value(const Sample& s) const {
  const int k = ghost_quantity_->currentIndex();
  switch (k) {
    case 0:
      return s.attitude;
    case 1:
      return s.energy;
    case 2:
      return s.displacement;
    default:
      return k - 3 < s.q.size() ? s.q[k - 3] : std::numeric_limits<double>::quiet_NaN();
  }
}

void FormulationsPanel::showFrame(const SimFrame& frame) {
  frame_ = frame;
  have_frame_ = true;
  frame_dirty_ = true;
}

void FormulationsPanel::appendFrames(const std::vector<SimFrame>& frames) {
  for (const SimFrame& f : frames) {
    if (!real_.empty() && f.snapshot.time <= real_.back().t) continue;
    real_.push_back(sampleOf(f.snapshot));
  }
  if (!frames.empty()) ghosts_dirty_ = true;
}

void FormulationsPanel::clear() {
  real_.clear();
  for (Series& s : differences_) {
    s.t.clear();
    s.difference.clear();
  }
  // Fresh ghosts from the initial state: the history comes again from its start.
  std::vector<QString> ids;
  for (const auto& g : ghosts_) ids.push_back(g.first);
  ghosts_.clear();
  for (const QString& id : ids) startGhost(id);
  publishGhostPoses();
  have_frame_ = false;
  frame_dirty_ = false;
  updateTable();
  replotDifferences();
  replotErrata();
}

void FormulationsPanel::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  updateTable();
  replotDifferences();
  frame_dirty_ = have_frame_;  // the timer's next tick: the heat map of the shown frame
}

void FormulationsPanel::refreshNow() {
  if (frame_dirty_) compare();
  advanceGhosts();
  replotErrata();
}

void FormulationsPanel::advanceGhosts() {
  QElapsedTimer clock;
  clock.start();
  bool moved = false;
  for (auto& [id, ghost] : ghosts_) {
    while (ghost->next < real_.size() && clock.elapsed() < kGhostBudgetMs) {
      const Sample& target = real_[ghost->next];
      if (!ghost->run->advanceTo(target.t, kGhostStepsPerCall)) continue;  // more next pass
      if (ghost->run->diverged()) break;
      Sample s = sampleOf(ghost->run->snapshot());
      ghost->samples.push_back(std::move(s));
      ++ghost->next;
      ghosts_dirty_ = true;
      moved = true;
    }
  }
  if (moved) publishGhostPoses();
}

void FormulationsPanel::publishGhostPoses() {
  std::vector<std::vector<Pose>> poses;
  if (scenario_) {
    Data data(scenario_->model);
    for (const auto& [id, ghost] : ghosts_) {
      forwardKinematics(scenario_->model, data, ghost->run->simulator().state());
      poses.push_back(data.oMi);
    }
  }
  emit ghostsMoved(poses);
}

void FormulationsPanel::compare() {
  frame_dirty_ = false;
  if (!comparison_ || !have_frame_) return;
  if (comparison_->ids().empty()) {
    if (isVisible()) refreshHeatMap();  // the analysis matrices
    return;
  }
  const Snapshot& s = frame_.snapshot;
  const Model& model = scenario_->model;
  // The applied joint forces of the frame and gravity; the force models' wrenches (water,
  // thrusters, orbit) are not in the frame: every formulation gets the same arguments, which
  // is what the comparison is about.
  VecX tau = s.joint_torque.size() == model.njoints ? s.joint_torque : VecX::Zero(model.njoints);
  if (s.state.q.size() != model.njoints) return;  // a frame of another model
  comparison_->compare(s.state, tau, ExternalForces{});
  for (const FormulationComparison::Result& r : comparison_->results())
    for (Series& series : differences_)
      if (series.id.toStdString() == r.id) {
        series.t.push_back(s.time);
        series.difference.push_back(r.relative_difference);
      }
  if (!isVisible()) return;  // recorded; drawn when shown (the timer's next tick)
  updateTable();
  replotDifferences();
  refreshHeatMap();
}

double FormulationsPanel::lastDifference(const QString& id) const {
  if (comparison_)
    for (const auto& r : comparison_->results())
      if (r.id == id.toStdString()) return r.relative_difference;
  return std::numeric_limits<double>::quiet_NaN();
}

void FormulationsPanel::updateTable() {
  const int rows = comparison_ ? static_cast<int>(comparison_->results().size()) + 1 : 0;
  table_->setRowCount(rows);
  if (!comparison_) return;
  auto set = [this](int row, int column, const QString& text) {
    auto* item = table_->item(row, column);
    if (!item) table_->setItem(row, column, item = new QTableWidgetItem);
    item->setText(text);
  };
  set(0, 0, tr("aba (reference)"));
  set(0, 1, QStringLiteral("0"));
  set(0, 2, QString::number(comparison_->abaNanosecondsPerCall() / 1000.0, 'f', 2));
  int row = 1;
  for (const auto& r : comparison_->results()) {
    set(row, 0, QString::fromStdString(r.id));
    set(row, 1, QString::number(r.relative_difference, 'e', 2));
    set(row, 2, QString::number(r.nanoseconds_per_call / 1000.0, 'f', 2));
    ++row;
  }
}

void FormulationsPanel::replotDifferences() {
  diff_plot_->clearGraphs();
  double t_min = 0.0, t_max = 1.0;
  bool any = false;
  int color = 0;
  for (const Series& s : differences_) {
    QCPGraph* g = diff_plot_->addGraph();
    g->setName(s.id);
    g->addToLegend();
    const bool erratum = findErratum(s.id.toStdString()) != nullptr;
    g->setPen(seriesPen(color++, erratum ? Qt::DashLine : Qt::SolidLine));
    QVector<double> t, d;
    for (size_t k = 0; k < s.t.size(); ++k) {
      if (!std::isfinite(s.difference[k])) continue;
      t << s.t[k];
      d << std::max(s.difference[k], kLogFloor);
    }
    g->setData(t, d, true);
    if (!t.isEmpty()) {
      t_min = any ? std::min(t_min, t.front()) : t.front();
      t_max = any ? std::max(t_max, t.back()) : t.back();
      any = true;
    }
  }
  diff_plot_->xAxis->setRange(t_min, std::max(t_max, t_min + 1e-3));
  diff_plot_->yAxis->setRange(kLogFloor, 10.0);
  diff_plot_->replot(QCustomPlot::rpQueuedReplot);
}

std::vector<std::pair<double, double>> FormulationsPanel::realCurve() const {
  std::vector<std::pair<double, double>> out;
  for (const Sample& s : real_) out.emplace_back(s.t, value(s));
  return out;
}

std::vector<std::pair<double, double>> FormulationsPanel::ghostCurve(const QString& id) const {
  std::vector<std::pair<double, double>> out;
  for (const auto& [gid, ghost] : ghosts_)
    if (gid == id)
      for (const Sample& s : ghost->samples) out.emplace_back(s.t, value(s));
  return out;
}

void FormulationsPanel::replotErrata() {
  ghosts_dirty_ = false;
  ghost_plot_->clearGraphs();
  styleAxis(ghost_plot_->yAxis, ghost_quantity_->currentText());
  auto add = [this](const QString& name, const std::vector<std::pair<double, double>>& curve,
                    QPen pen) {
    QCPGraph* g = ghost_plot_->addGraph();
    g->setName(name);
    g->addToLegend();
    g->setPen(pen);
    QVector<double> t, v;
    for (const auto& [x, y] : curve) {
      t << x;
      v << y;
    }
    g->setData(t, v, true);
  };
  add(tr("run (%1)").arg(scenario_ ? QString::fromStdString(scenario_->solver) : QString()),
      realCurve(), QPen(QColor(40, 40, 40), 2));
  int color = 1;
  for (const auto& [id, ghost] : ghosts_) {
    QString name = tr("ghost: %1").arg(id);
    if (ghost->run->diverged()) name += tr(" (diverged)");
    add(name, ghostCurve(id), seriesPen(color++, Qt::DashLine));
  }
  ghost_plot_->rescaleAxes();
  // From t = 0 (one second before the run has one), the peaks inside the frame.
  const QCPRange t = ghost_plot_->xAxis->range();
  const double t0 = std::max(t.lower, 0.0);
  ghost_plot_->xAxis->setRange(t0, t.upper > t0 ? t.upper : t0 + 1.0);
  ghost_plot_->yAxis->scaleRange(1.1, ghost_plot_->yAxis->range().center());
  ghost_plot_->replot(QCustomPlot::rpQueuedReplot);
}

void FormulationsPanel::refreshInspectorChoices() {
  const QString keep = inspect_id_->currentData().toString();
  inspect_id_->blockSignals(true);
  inspect_id_->clear();
  if (comparison_)
    for (const std::string& id : comparison_->ids())
      inspect_id_->addItem(QString::fromStdString(id), QString::fromStdString(id));
  if (scenario_ && scenario_->analysis && scenario_->analysis->end_effector_frame >= 0)
    inspect_id_->addItem(
        tr("analysis at %1").arg(QString::fromStdString(scenario_->analysis->end_effector)),
        kAnalysisId);
  const int i = inspect_id_->findData(keep);
  inspect_id_->setCurrentIndex(i >= 0 ? i : (inspect_id_->count() > 0 ? 0 : -1));
  inspect_id_->blockSignals(false);
  emit inspect_id_->currentIndexChanged(inspect_id_->currentIndex());
}

bool FormulationsPanel::inspect(const QString& id, const QString& quantity) {
  const int i = inspect_id_->findData(id);
  if (i < 0) return false;
  inspect_id_->setCurrentIndex(i);
  emit inspect_id_->currentIndexChanged(i);  // the quantities of `id` even if it was current
  const int k = inspect_quantity_->findText(quantity);
  if (k < 0) return false;
  inspect_quantity_->setCurrentIndex(k);
  refreshHeatMap();
  return true;
}

void FormulationsPanel::refreshHeatMap() {
  if (!comparison_) return heat_map_->setMatrix(MatX(), QString());
  const std::string id = inspect_id_->currentData().toString().toStdString();
  const std::string name = inspect_quantity_->currentText().toStdString();
  for (const SolverQuantity& q : quantitiesOf(inspect_id_->currentData().toString()))
    if (q.name == name) {
      heat_map_->setMatrix(q.value, QString::fromStdString(id + ": " + name));
      heat_map_->setToolTip(QString::fromStdString(q.meaning));
      return;
    }
  heat_map_->setMatrix(MatX(), QString::fromStdString(id));
}

std::vector<SolverQuantity> FormulationsPanel::quantitiesOf(const QString& id) const {
  if (!comparison_) return {};
  if (id != kAnalysisId) return comparison_->intermediates(id.toStdString());
  if (!scenario_ || !scenario_->analysis || !have_frame_) return {};
  const Model& model = scenario_->model;
  const State& state = frame_.snapshot.state;
  if (state.q.size() != model.njoints) return {};
  Data data(model);
  computeKinematics(model, data, state);
  crba(model, data, state);
  const int frame = scenario_->analysis->end_effector_frame;
  const OperationalSpaceInertia free_vehicle =
      frameOperationalSpaceInertia(model, data, frame, VehicleMode::Free);
  const OperationalSpaceInertia locked =
      frameOperationalSpaceInertia(model, data, frame, VehicleMode::Locked);
  return {
      {"M", "generalized inertia (crba), [vehicle; joints]", data.M},
      {"Lambda (vehicle free)",
       "operational-space inertia (J M^-1 J^T)^-1 at the analysis frame, [f; n], world axes",
       free_vehicle.Lambda},
      {"Lambda (vehicle locked)", "the same with the vehicle held (Jm, Mmm)", locked.Lambda},
  };
}

}  // namespace vms::ui
