#include "ui/app/docks/formulations_dock.hpp"

#include "ui/app/contract/workbench_context.hpp"
#include "ui/app/contract/workbench_panel.hpp"
#include "ui/panels/formulations_panel.hpp"

namespace vms::ui {

namespace {

class FormulationsDock : public WorkbenchPanel {
 public:
  explicit FormulationsDock(FormulationsPanel* view) : view_(view) {}
  QWidget* widget() const override { return view_; }
  void bind(WorkbenchContext& context) override {
    QObject::connect(view_, &FormulationsPanel::message, &context, &WorkbenchContext::warning);
    QObject::connect(view_, &FormulationsPanel::ghostsMoved, &context,
                     &WorkbenchContext::showGhosts);
  }
  void scenarioLoaded(const Scenario& scenario, const ScenarioOrigin&) override {
    view_->setScenario(scenario);
  }
  void showFrame(const SimFrame& frame) override { view_->showFrame(frame); }
  void appendFrames(const std::vector<SimFrame>& frames) override { view_->appendFrames(frames); }
  void cleared() override { view_->clear(); }

 private:
  FormulationsPanel* view_;
};

}  // namespace

std::unique_ptr<WorkbenchPanel> formulationsDock(WorkbenchContext& context) {
  return std::make_unique<FormulationsDock>(new FormulationsPanel(context.window()));
}

}  // namespace vms::ui
