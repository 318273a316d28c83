#include "ui/app/contract/workbench_panel.hpp"

#include <QDockWidget>
#include <QMainWindow>

namespace vms::ui {

std::vector<std::unique_ptr<WorkbenchPanel>> addPanelDocks(QMainWindow* window,
                                                           const std::vector<PanelSpec>& specs,
                                                           WorkbenchContext& context) {
  std::vector<std::unique_ptr<WorkbenchPanel>> panels;
  QList<QDockWidget*> wide, tall;  // initial widths (left/right area), heights (top/bottom)
  QList<int> widths, heights;
  QList<QDockWidget*> stacked;  // side docks sharing their column's height
  QList<int> shares;
  for (const PanelSpec& spec : specs) {
    std::unique_ptr<WorkbenchPanel> panel = spec.create(context);
    auto* dock = new QDockWidget(spec.title, window);
    dock->setObjectName(spec.id);
    dock->setWidget(panel->widget());
    window->addDockWidget(spec.area, dock);
    if (!spec.tab_with.isEmpty()) {
      if (auto* front =
              window->findChild<QDockWidget*>(spec.tab_with, Qt::FindDirectChildrenOnly)) {
        window->tabifyDockWidget(front, dock);
        front->raise();
      }
    }
    if (spec.column_share > 0) {
      stacked << dock;
      shares << spec.column_share;
    }
    if (spec.size > 0) {
      const bool side = spec.area == Qt::LeftDockWidgetArea || spec.area == Qt::RightDockWidgetArea;
      (side ? wide : tall) << dock;
      (side ? widths : heights) << spec.size;
    }
    panels.push_back(std::move(panel));
  }
  window->resizeDocks(wide, widths, Qt::Horizontal);
  window->resizeDocks(tall, heights, Qt::Vertical);
  window->resizeDocks(stacked, shares, Qt::Vertical);
  return panels;
}

}  // namespace vms::ui
