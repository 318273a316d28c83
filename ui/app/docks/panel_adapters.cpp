#include "ui/app/docks/panel_adapters.hpp"

#include <QCoreApplication>
#include <QDockWidget>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <memory>

#include "ui/app/contract/workbench_context.hpp"
#include "ui/app/contract/workbench_panel.hpp"
#include "ui/app/window/example_catalog.hpp"
#include "ui/app/window/window_text.hpp"
#include "ui/panels/dh_table_editor.hpp"
#include "ui/panels/explanation_panel.hpp"
#include "ui/panels/log_panel.hpp"
#include "ui/panels/model_tree_panel.hpp"
#include "ui/panels/property_inspector.hpp"
#include "ui/panels/scenario_panel.hpp"
#include "ui/panels/structure_actions.hpp"
#include "ui/panels/study_panel.hpp"
#include "ui/panels/teach_panel.hpp"
#include "ui/view3d/scene_view.hpp"

namespace vms::ui {

namespace {

/// Holds the view; adapters add the contract calls it needs.
template <class View>
class Adapter : public WorkbenchPanel {
 public:
  explicit Adapter(View* view) : view_(view) {}
  QWidget* widget() const override { return view_; }

 protected:
  /// Brings the panel's own dock to the front of the tabs it shares (nothing outside a dock).
  void bringToFront() const {
    if (auto* dock = qobject_cast<QDockWidget*>(view_->parentWidget())) dock->raise();
  }
  View* view_;
};

class ScenePanel : public Adapter<SceneView> {
 public:
  using Adapter::Adapter;
  void bind(WorkbenchContext& context) override {
    SceneView* scene = view_;
    QObject::connect(scene, &SceneView::message, &context, &WorkbenchContext::warning);
    QObject::connect(scene, &SceneView::bodyPicked, &context, &WorkbenchContext::pickBody);
    QObject::connect(&context, &WorkbenchContext::bodyPicked, scene, &SceneView::setSelectedBody);
    QObject::connect(
        &context, &WorkbenchContext::ghostsMoved, scene,
        [scene](const std::vector<std::vector<Pose>>& ghosts) { scene->setGhostPoses(ghosts); });
    // The ghosts follow the run: hidden while the arm is posed.
    QObject::connect(&context, &WorkbenchContext::posingChanged, scene,
                     [scene](bool posing) { scene->setGhostsShown(!posing); });
    QObject::connect(&context, &WorkbenchContext::bodySelected, scene, &SceneView::setSelectedBody);
    QObject::connect(&context, &WorkbenchContext::jointSelected, scene,
                     [scene](int body, int) { scene->setSelectedBody(body); });
    // Drag-to-perturb: the pull goes to the simulation, its start and end to the log.
    SimulationController* controller = context.controller();
    auto pulling = std::make_shared<bool>(false);
    QObject::connect(
        scene, &SceneView::perturbationRequested, controller,
        [controller, &context, pulling](int body, const Vec3& point, const Vec3& target) {
          controller->setPerturbation(body, point, target);
          if (!*pulling)
            context.info(QObject::tr("pulling body %1 (Ctrl + drag, release to let go); its "
                                     "work W_pull is in the power balance (Energy plots)")
                             .arg(body));
          *pulling = true;
        });
    QObject::connect(scene, &SceneView::perturbationReleased, controller, [controller, pulling] {
      controller->clearPerturbation();
      *pulling = false;
    });
  }
  void scenarioLoaded(const Scenario& scenario, const ScenarioOrigin& source) override {
    view_->setModel(scenario.model, source.model_directory);  // an edit keeps the selection
    if (source.opened) {
      view_->setSelectedBody(-1);  // another file: nothing is selected (as in the model tree)
      view_->resetCamera();
    }
  }
  void showFrame(const SimFrame& frame) override { view_->showFrame(frame); }
  void cleared() override { view_->clearTrail(); }
};

class ModelTreeDock : public Adapter<ModelTreePanel> {
 public:
  using Adapter::Adapter;
  void bind(WorkbenchContext& context) override {
    ModelTreePanel* tree = view_;
    QObject::connect(tree, &ModelTreePanel::bodySelected, &context, &WorkbenchContext::selectBody);
    QObject::connect(tree, &ModelTreePanel::linkSelected, &context, &WorkbenchContext::selectLink);
    QObject::connect(tree, &ModelTreePanel::jointSelected, &context,
                     &WorkbenchContext::selectJoint);
    QObject::connect(&context, &WorkbenchContext::bodyPicked, tree,
                     &ModelTreePanel::setSelectedBody);
    // The structural edits: the tree's context menu, and the Edit menu (addMenus).
    actions_ = new StructureActions(context.document(), tree, context.window());
    context_ = &context;
    document_ = context.document();
    window_ = context.window();
    QWidget* window = context.window();
    QObject::connect(
        actions_, &StructureActions::refused, &context, [&context, window](const QString& message) {
          context.warning(message);
          if (auto* main = qobject_cast<QMainWindow*>(window))
            main->statusBar()->showMessage(trMainWindow("Edit refused: %1").arg(message), 15000);
        });
  }
  void addMenus(QMenuBar* bar, QMenu* exports) override {
    (void)exports;
    (void)bar;
    if (QMenu* edit = context_ ? context_->editMenu() : nullptr; edit && actions_) {
      edit->addSeparator();
      actions_->addTo(edit);
      // Edit > DH Table…: the non-modal DH-table editor, created on first use.
      edit->addSeparator();
      QAction* dh = edit->addAction(trMainWindow("&DH Table…"));
      dh->setObjectName("dhTableAction");
      dh->setToolTip(
          trMainWindow("Edit a serial arm written as a DH table (seed 004's convention: mount "
                       "b₀, ε, ζ, η and d, α, a, b per link); Save keeps the table"));
      QObject::connect(dh, &QAction::triggered, edit, [this] {
        if (!dh_editor_) dh_editor_ = new DhTableEditor(document_, window_);
        dh_editor_->refresh();
        dh_editor_->show();
        dh_editor_->raise();
      });
    }
  }

 private:
  StructureActions* actions_ = nullptr;
  WorkbenchContext* context_ = nullptr;
  ModelDocument* document_ = nullptr;
  QWidget* window_ = nullptr;
  DhTableEditor* dh_editor_ = nullptr;
};

class PropertyInspectorDock : public Adapter<PropertyInspector> {
 public:
  using Adapter::Adapter;
  void bind(WorkbenchContext& context) override {
    PropertyInspector* inspector = view_;
    QObject::connect(inspector, &PropertyInspector::message, &context, &WorkbenchContext::warning);
    // A selection is to be edited: the properties come to the front of their tabs.
    QObject::connect(&context, &WorkbenchContext::bodyPicked, inspector,
                     [this, inspector](int body) {
                       if (body < 0) return;
                       inspector->showBody(body);
                       bringToFront();
                     });
    QObject::connect(&context, &WorkbenchContext::linkSelected, inspector,
                     [this, inspector](int link) {
                       inspector->showLink(link);
                       if (link >= 0) bringToFront();
                     });
    QObject::connect(&context, &WorkbenchContext::jointSelected, inspector,
                     [this, inspector](int, int joint) {
                       if (joint < 0) return;
                       inspector->showJoint(joint);
                       bringToFront();
                     });
  }
};

class ScenarioDock : public Adapter<ScenarioPanel> {
 public:
  using Adapter::Adapter;
  void bind(WorkbenchContext& context) override {
    QObject::connect(view_, &ScenarioPanel::problem, &context, [&context](const QString& text) {
      if (!text.isEmpty()) context.warning(text);
    });
  }
};

class StudyDock : public Adapter<StudyPanel> {
 public:
  using Adapter::Adapter;
  void bind(WorkbenchContext& context) override {
    QObject::connect(view_, &StudyPanel::message, &context, &WorkbenchContext::info);
  }
};

class ExplanationDock : public Adapter<ExplanationPanel> {
 public:
  using Adapter::Adapter;
  void bind(WorkbenchContext& context) override {
    QObject::connect(&context, &WorkbenchContext::explanationRequested, view_,
                     [this](const QString& markdown, const QString& directory) {
                       view_->showMarkdown(markdown, directory);
                       bringToFront();
                     });
    QObject::connect(&context, &WorkbenchContext::explanationToFront, view_,
                     [this] { bringToFront(); });
  }
  void scenarioLoaded(const Scenario&, const ScenarioOrigin& source) override {
    if (!source.opened) return;  // an edit keeps the document's text (and its scroll position)
    if (source.path.isEmpty()) {
      view_->showPlaceholder();
      return;
    }
    const QString text = ExampleCatalog::explanation(source.path);
    view_->showMarkdown(text.isEmpty() ? QStringLiteral("## %1\n\n%2")
                                             .arg(ExampleCatalog::stem(source.path),
                                                  trMainWindow("No explanation for this file."))
                                       : text,
                        QFileInfo(source.path).absolutePath());
    // An example's explanation is what to read first; the properties come back with a
    // selection.
    if (!text.isEmpty()) bringToFront();
  }
};

class TeachDock : public Adapter<TeachPanel> {
 public:
  using Adapter::Adapter;
  void bind(WorkbenchContext& context) override {
    QObject::connect(view_, &TeachPanel::message, &context, &WorkbenchContext::info);
    QObject::connect(view_, &TeachPanel::posingChanged, &context, &WorkbenchContext::setPosing);
  }
  void scenarioLoaded(const Scenario& scenario, const ScenarioOrigin&) override {
    view_->setScenario(scenario);
  }
  void showFrame(const SimFrame& frame) override { view_->showFrame(frame); }
  /// The run restarts (reset, reload): it is no longer posed.
  void cleared() override { view_->leavePose(); }
  /// Teach mode works only while paused; playing leaves the pose.
  void runStateChanged(RunState state) override {
    view_->setEditable(state == RunState::Paused);
    if (state == RunState::Running) view_->leavePose();
  }
};

class LogDock : public Adapter<LogPanel> {
 public:
  using Adapter::Adapter;
  void bind(WorkbenchContext& context) override {
    QObject::connect(&context, &WorkbenchContext::logged, view_,
                     [log = view_](MessageLevel level, const QString& text) {
                       log->append(text, level == MessageLevel::Error     ? LogPanel::Level::Error
                                         : level == MessageLevel::Warning ? LogPanel::Level::Warning
                                                                          : LogPanel::Level::Info);
                     });
  }
};

}  // namespace

std::unique_ptr<WorkbenchPanel> sceneViewPanel(SceneView* scene) {
  return std::make_unique<ScenePanel>(scene);
}

std::unique_ptr<WorkbenchPanel> modelTreeDock(WorkbenchContext& context) {
  return std::make_unique<ModelTreeDock>(new ModelTreePanel(context.document(), context.window()));
}

std::unique_ptr<WorkbenchPanel> propertyInspectorDock(WorkbenchContext& context) {
  return std::make_unique<PropertyInspectorDock>(
      new PropertyInspector(context.document(), context.window()));
}

std::unique_ptr<WorkbenchPanel> scenarioDock(WorkbenchContext& context) {
  return std::make_unique<ScenarioDock>(new ScenarioPanel(context.document(), context.window()));
}

std::unique_ptr<WorkbenchPanel> studyDock(WorkbenchContext& context) {
  return std::make_unique<StudyDock>(new StudyPanel(context.document(), context.window()));
}

std::unique_ptr<WorkbenchPanel> explanationDock(WorkbenchContext& context) {
  return std::make_unique<ExplanationDock>(new ExplanationPanel(context.window()));
}

std::unique_ptr<WorkbenchPanel> teachDock(WorkbenchContext& context) {
  return std::make_unique<TeachDock>(
      new TeachPanel(context.document(), context.controller(), context.window()));
}

std::unique_ptr<WorkbenchPanel> logDock(WorkbenchContext& context) {
  return std::make_unique<LogDock>(new LogPanel(context.window()));
}

}  // namespace vms::ui
