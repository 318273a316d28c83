#pragma once
// The Formulations panel: the seed papers' formulations side by side.
//  - Solvers: pick registered solvers to run next to aba on the state of the shown frame; a
//    table and a log-scale plot of each one's relative difference from aba over time, and the
//    time per call. Solvers that do not handle the model are greyed, the reason as tooltip.
//  - Errata: for each printed equation the notes correct (core/solvers/errata_registry), a
//    toggle that runs the printed form next to the corrected one: its difference from aba in
//    the table and plot, and a ghost run of the scenario (ErrataGhost) whose curve is drawn
//    next to the real run's; the selected erratum's two-sentence explanation below the list.
//  - Matrices: the intermediates of any enabled formulation at the compared state as a heat
//    map (MatrixHeatMap: value under the mouse, Copy as CSV).
// The comparison runs on the UI thread on the frames the panel is shown, at most ~10 times a
// second (see compareNow()), never in the simulation worker.
#include <QSet>
#include <QString>
#include <QWidget>
#include <memory>
#include <vector>

#include "core/scenario/scenario.hpp"
#include "core/solvers/formulation_comparison.hpp"
#include "ui/sim/sim_frame.hpp"

class QComboBox;
class QCustomPlot;
class QLabel;
class QListWidget;
class QListWidgetItem;
class QTableWidget;
class QTabWidget;
class QTimer;

namespace vms::ui {

class ErrataGhost;
class MatrixHeatMap;

class FormulationsPanel : public QWidget {
  Q_OBJECT
 public:
  explicit FormulationsPanel(QWidget* parent = nullptr);
  ~FormulationsPanel() override;

  void setScenario(const Scenario& scenario);
  /// The newest frame: compared on the next refresh (at most ~10 Hz).
  void showFrame(const SimFrame& frame);
  /// Every published frame in order: the real run's curve, and the ghosts step up to them.
  void appendFrames(const std::vector<SimFrame>& frames);
  /// The run restarts: curves and ghosts start again from the initial state.
  void clear();

  // For the adapter, the tests and the screenshot.
  /// "" when solver or erratum `id` can be enabled on the loaded model, else why not.
  QString supportProblem(const QString& id) const;
  /// Checks (or unchecks) `id` in its list; false when it is greyed out or unknown.
  bool setEnabled(const QString& id, bool on);
  bool isEnabled(const QString& id) const;
  /// Compares on the newest frame now and redraws (the timer does this at ~10 Hz).
  void refreshNow();
  /// The relative difference from aba at the last comparison (NaN: none).
  double lastDifference(const QString& id) const;
  const FormulationComparison* comparison() const { return comparison_.get(); }
  /// Makes `id` the current erratum: its explanation is shown.
  void selectErratum(const QString& id);
  QString explanationText() const;
  /// The matrix inspector shows intermediate `quantity` of enabled formulation `id`.
  bool inspect(const QString& id, const QString& quantity);
  MatrixHeatMap* heatMap() const { return heat_map_; }
  QCustomPlot* differencePlot() const { return diff_plot_; }
  QCustomPlot* errataPlot() const { return ghost_plot_; }
  QComboBox* errataQuantity() const { return ghost_quantity_; }
  /// The ghost curve of erratum `id` and the real run's of the shown quantity, as drawn.
  std::vector<std::pair<double, double>> ghostCurve(const QString& id) const;
  std::vector<std::pair<double, double>> realCurve() const;
  void showTab(int index);

 signals:
  void message(const QString& text);
  /// The ghost runs' body poses (model.nbodies each), one set per enabled erratum with a ghost,
  /// at the ghost's newest state: for the 3D view. Empty: no ghost.
  void ghostsMoved(const std::vector<std::vector<vms::Pose>>& ghosts);

 protected:
  /// Shown again: draws what was recorded while hidden and recomputes the matrices.
  void showEvent(QShowEvent* event) override;

 private:
  struct Sample {
    double t = 0.0, attitude = 0.0, energy = 0.0, displacement = 0.0;
    VecX q;
  };
  struct Ghost {
    std::unique_ptr<ErrataGhost> run;
    std::vector<Sample> samples;
    size_t next = 0;  // index of the next real sample to reach
  };

  QWidget* buildSolversTab();
  QWidget* buildErrataTab();
  QWidget* buildMatricesTab();
  void itemChanged(QListWidgetItem* item);
  void addFormulation(const QString& id);
  void removeFormulation(const QString& id);
  void startGhost(const QString& id);
  void advanceGhosts();
  void publishGhostPoses();
  void compare();
  void updateTable();
  void replotDifferences();
  void replotErrata();
  void refreshInspectorChoices();
  /// The intermediates of formulation `id`, or for kAnalysisId the analysis matrices (M and
  /// the operational-space inertia Lambda of the scenario's analysis frame) at the compared
  /// state.
  std::vector<SolverQuantity> quantitiesOf(const QString& id) const;
  void refreshHeatMap();
  static Sample sampleOf(const Snapshot& s);
  double value(const Sample& s) const;

  std::unique_ptr<Scenario> scenario_;
  std::unique_ptr<FormulationComparison> comparison_;
  QSet<QString> wanted_;  // the user's choices, kept across loads where still possible
  SimFrame frame_;
  bool have_frame_ = false, frame_dirty_ = false, ghosts_dirty_ = false;
  std::vector<Sample> real_;
  std::vector<std::pair<QString, std::unique_ptr<Ghost>>> ghosts_;
  struct Series {
    QString id;
    std::vector<double> t, difference;
  };
  std::vector<Series> differences_;
  bool updating_lists_ = false;

  QTabWidget* tabs_;
  QListWidget* solvers_;
  QListWidget* errata_;
  QTableWidget* table_;
  QCustomPlot* diff_plot_;
  QLabel* explanation_;
  QCustomPlot* ghost_plot_;
  QComboBox* ghost_quantity_;
  QComboBox* inspect_id_;
  QComboBox* inspect_quantity_;
  MatrixHeatMap* heat_map_;
  QTimer* timer_;
};

}  // namespace vms::ui
