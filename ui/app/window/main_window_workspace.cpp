// MainWindow: View > Reachable Workspace: the end effector's reachable workspace
// (core/analysis/reachable_workspace.hpp) drawn in the 3D view as points coloured by the
// manipulability, fixed base or free-floating, with its estimated volume in the log.
#include <QApplication>
#include <QElapsedTimer>
#include <QStatusBar>
#include <algorithm>

#include "core/actuators/reaction_wheel.hpp"
#include "core/analysis/end_effector_analysis.hpp"
#include "ui/app/contract/workbench_context.hpp"
#include "ui/app/window/main_window.hpp"
#include "ui/document/model_document.hpp"

namespace vms::ui {

bool MainWindow::showReachableWorkspace(WorkspaceVehicle vehicle, QString* error,
                                        ReachableWorkspace* result) {
  QString message;
  if (!document_->isOpen()) {
    message = tr("no model open");
  } else {
    const Scenario& scenario = document_->scenario();
    const Model& model = scenario.model;
    const int frame = defaultEndEffectorFrame(model);
    if (frame < 0) {
      message = tr("the model has no joints: no workspace");
    } else {
      WorkspaceOptions o;
      o.vehicle = vehicle;
      // About a second for any model size (each sample costs one mass matrix).
      o.samples = std::clamp(2000000 / std::max(1, model.nbodies * model.nbodies), 2000, 20000);
      o.held_joints = reactionWheelJoints(model, scenario.reaction_wheels);
      try {
        QApplication::setOverrideCursor(Qt::WaitCursor);
        QElapsedTimer clock;
        clock.start();
        const ReachableWorkspace w =
            sampleReachableWorkspace(model, scenario.initial_state, frame, o);
        QApplication::restoreOverrideCursor();
        std::vector<Vec3> points;
        std::vector<double> values;
        points.reserve(w.samples.size());
        values.reserve(w.samples.size());
        for (const WorkspaceSample& s : w.samples) {
          points.push_back(s.position);
          values.push_back(s.manipulability);
        }
        scene_->setWorkspaceCloud(points, values, w.max_manipulability);
        const QString text =
            tr("reachable workspace of '%1' (%2): %3 samples, volume about %4 m³ (voxels of "
               "%5 m), largest manipulability %6; computed in %7 s")
                .arg(QString::fromStdString(model.frames[size_t(frame)].name))
                .arg(vehicle == WorkspaceVehicle::FixedBase
                         ? tr("fixed base")
                         : tr("free-floating, system centre of mass held"))
                .arg(w.samples.size())
                .arg(w.volume, 0, 'g', 4)
                .arg(w.voxel, 0, 'g', 3)
                .arg(w.max_manipulability, 0, 'g', 4)
                .arg(clock.elapsed() / 1000.0, 0, 'f', 2);
        context_->info(text);
        statusBar()->showMessage(text, 15000);
        if (result) *result = w;
        return true;
      } catch (const std::exception& e) {
        QApplication::restoreOverrideCursor();
        message = QString::fromUtf8(e.what());
      }
    }
  }
  if (error) *error = message;
  showProblem(tr("Reachable workspace"), message);
  return false;
}

void MainWindow::hideReachableWorkspace() { scene_->clearWorkspaceCloud(); }

}  // namespace vms::ui
