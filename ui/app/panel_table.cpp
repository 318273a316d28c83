// The table of the workbench's docks and the adapters that put each panel class behind the
// WorkbenchPanel contract (workbench_panel.hpp). Adding a dock: one entry in workbenchPanels().
#include <QCoreApplication>
#include <QFileInfo>
#include <limits>

#include "ui/app/example_catalog.hpp"
#include "ui/app/workbench_panel.hpp"
#include "ui/panels/explanation_panel.hpp"
#include "ui/panels/log_panel.hpp"
#include "ui/panels/model_tree_panel.hpp"
#include "ui/panels/property_inspector.hpp"
#include "ui/panels/teach_panel.hpp"
#include "ui/plots/plot_panel.hpp"
#include "ui/view3d/scene_view.hpp"

namespace vms::ui {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("vms::ui::MainWindow", text); }

/// A panel that only shows its widget (it follows the document or the log, not the run).
class PlainPanel : public WorkbenchPanel {
 public:
  explicit PlainPanel(QWidget* widget) : widget_(widget) {}
  QWidget* widget() const override { return widget_; }

 private:
  QWidget* widget_;
};

class ScenePanel : public WorkbenchPanel {
 public:
  explicit ScenePanel(SceneView* scene) : scene_(scene) {}
  QWidget* widget() const override { return scene_; }
  void scenarioLoaded(const Scenario& scenario, const ScenarioSource& source) override {
    scene_->setModel(scenario.model, source.model_directory);
    if (source.opened) scene_->resetCamera();
  }
  void showFrame(const SimFrame& frame) override { scene_->showFrame(frame); }
  void cleared() override { scene_->clearTrail(); }

 private:
  SceneView* scene_;
};

class PlotsPanel : public WorkbenchPanel {
 public:
  explicit PlotsPanel(PlotPanel* plots) : plots_(plots) {}
  QWidget* widget() const override { return plots_; }
  void scenarioLoaded(const Scenario& scenario, const ScenarioSource&) override {
    plots_->setScenario(scenario);
  }
  void appendFrames(const std::vector<SimFrame>& frames) override { plots_->appendFrames(frames); }
  void cleared() override {
    plots_->clear();
    plots_->setCursorTime(std::numeric_limits<double>::quiet_NaN());
  }

 private:
  PlotPanel* plots_;
};

class TeachAdapter : public WorkbenchPanel {
 public:
  explicit TeachAdapter(TeachPanel* teach) : teach_(teach) {}
  QWidget* widget() const override { return teach_; }
  void scenarioLoaded(const Scenario& scenario, const ScenarioSource&) override {
    teach_->setScenario(scenario);
  }
  void showFrame(const SimFrame& frame) override { teach_->showFrame(frame); }

 private:
  TeachPanel* teach_;
};

class ExplanationAdapter : public WorkbenchPanel {
 public:
  explicit ExplanationAdapter(ExplanationPanel* panel) : panel_(panel) {}
  QWidget* widget() const override { return panel_; }
  void scenarioLoaded(const Scenario&, const ScenarioSource& source) override {
    if (!source.opened) return;  // an edit keeps the document's text (and its scroll position)
    if (source.path.isEmpty()) {
      panel_->showPlaceholder();
      return;
    }
    const QString text = ExampleCatalog::explanation(source.path);
    panel_->showMarkdown(text.isEmpty() ? QStringLiteral("## %1\n\n%2")
                                              .arg(ExampleCatalog::stem(source.path),
                                                   tr("No explanation for this file."))
                                        : text,
                         QFileInfo(source.path).absolutePath());
  }

 private:
  ExplanationPanel* panel_;
};

template <class Adapter, class Widget>
std::unique_ptr<WorkbenchPanel> adapt(Widget* widget) {
  return std::make_unique<Adapter>(widget);
}

}  // namespace

std::unique_ptr<WorkbenchPanel> sceneViewPanel(SceneView* scene) {
  return std::make_unique<ScenePanel>(scene);
}

std::vector<PanelSpec> workbenchPanels() {
  return {
      {"modelTreeDock",
       tr("Model"),
       Qt::LeftDockWidgetArea,
       [](const PanelContext& c) {
         return adapt<PlainPanel>(new ModelTreePanel(c.document, c.parent));
       },
       {},
       230},
      {"propertyInspectorDock", tr("Properties"), Qt::LeftDockWidgetArea,
       [](const PanelContext& c) {
         return adapt<PlainPanel>(new PropertyInspector(c.document, c.parent));
       }},
      {"explanationDock", tr("Explanation"), Qt::LeftDockWidgetArea,
       [](const PanelContext& c) {
         return adapt<ExplanationAdapter>(new ExplanationPanel(c.parent));
       },
       "propertyInspectorDock"},
      {"plotsDock",
       tr("Plots"),
       Qt::RightDockWidgetArea,
       [](const PanelContext& c) { return adapt<PlotsPanel>(new PlotPanel(c.parent)); },
       {},
       400},
      {"teachDock", tr("Teach"), Qt::RightDockWidgetArea,
       [](const PanelContext& c) {
         return adapt<TeachAdapter>(new TeachPanel(c.controller, c.parent));
       },
       "plotsDock"},
      {"logDock",
       tr("Log"),
       Qt::BottomDockWidgetArea,
       [](const PanelContext& c) { return adapt<PlainPanel>(new LogPanel(c.parent)); },
       {},
       80},
  };
}

}  // namespace vms::ui
