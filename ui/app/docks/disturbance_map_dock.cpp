#include "ui/app/docks/disturbance_map_dock.hpp"

#include "ui/app/contract/workbench_context.hpp"
#include "ui/app/contract/workbench_panel.hpp"
#include "ui/panels/disturbance_map_panel.hpp"

namespace vms::ui {

namespace {

class DisturbanceMapDock : public WorkbenchPanel {
 public:
  explicit DisturbanceMapDock(DisturbanceMapPanel* view) : view_(view) {}
  QWidget* widget() const override { return view_; }
  void bind(WorkbenchContext& context) override {
    QObject::connect(view_, &DisturbanceMapPanel::message, &context, &WorkbenchContext::info);
  }
  void scenarioLoaded(const Scenario& scenario, const ScenarioOrigin&) override {
    view_->setScenario(scenario);
  }
  void showFrame(const SimFrame& frame) override { view_->showFrame(frame); }
  void appendFrames(const std::vector<SimFrame>& frames) override { view_->appendFrames(frames); }
  void cleared() override { view_->clearPath(); }
  /// Clicks pose the arm only while paused (as Teach mode).
  void runStateChanged(RunState state) override {
    view_->setRunState(state == RunState::Paused, state == RunState::Running);
  }

 private:
  DisturbanceMapPanel* view_;
};

}  // namespace

std::unique_ptr<WorkbenchPanel> disturbanceMapDock(WorkbenchContext& context) {
  return std::make_unique<DisturbanceMapDock>(
      new DisturbanceMapPanel(context.controller(), context.window()));
}

}  // namespace vms::ui
