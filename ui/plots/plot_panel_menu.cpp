#include "ui/plots/plot_panel_menu.hpp"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QMenu>
#include <QMessageBox>
#include <QToolButton>
#include <algorithm>

#include "ui/plots/plot_panel.hpp"
#include "ui/plots/plot_spec.hpp"
#include "ui/plots/quantity_picker_dialog.hpp"

namespace vms::ui {

namespace {

void toggleKind(PlotPanel* panel, PlotKind kind, bool on) {
  std::vector<PlotKind> kinds;
  for (PlotKind k : allPlotKinds()) {  // keep the canonical order
    const auto shown = panel->visiblePlots();
    const bool is_shown = std::find(shown.begin(), shown.end(), k) != shown.end();
    if (k == kind ? on : is_shown) kinds.push_back(k);
  }
  panel->setVisiblePlots(kinds);
}

void fillMenu(QMenu* menu, PlotPanel* panel) {
  menu->clear();
  const auto shown = panel->visiblePlots();
  for (PlotKind kind : allPlotKinds()) {
    QAction* a = menu->addAction(plotKindTitle(kind));
    a->setCheckable(true);
    a->setChecked(std::find(shown.begin(), shown.end(), kind) != shown.end());
    QObject::connect(a, &QAction::toggled, panel,
                     [panel, kind](bool on) { toggleKind(panel, kind, on); });
  }
  menu->addSeparator();
  QObject::connect(menu->addAction(QObject::tr("Plot quantities...")), &QAction::triggered, panel,
                   [panel] {
                     const QStringList ids = pickQuantities(panel->quantities(), panel);
                     if (!ids.isEmpty()) panel->addCustomPlot(ids);
                   });
  QObject::connect(menu->addAction(QObject::tr("Remove user plots")), &QAction::triggered, panel,
                   [panel] { panel->removeCustomPlots(); });
  menu->addSeparator();
  QObject::connect(menu->addAction(QObject::tr("Export all plots (PNG, SVG, PDF)...")),
                   &QAction::triggered, panel, [panel] {
                     const QString dir =
                         QFileDialog::getExistingDirectory(panel, QObject::tr("Export plots to"));
                     if (dir.isEmpty()) return;
                     QString error;
                     const QStringList files = panel->exportAll(dir, {"png", "svg", "pdf"}, &error);
                     if (!error.isEmpty())
                       QMessageBox::warning(panel, QObject::tr("Export plots"), error);
                     else
                       QMessageBox::information(
                           panel, QObject::tr("Export plots"),
                           QObject::tr("%1 files written to %2").arg(files.size()).arg(dir));
                   });
}

}  // namespace

QWidget* createPlotPanelMenuButton(PlotPanel* panel) {
  auto* bar = new QWidget(panel);
  auto* layout = new QHBoxLayout(bar);
  layout->setContentsMargins(2, 2, 2, 0);
  auto* button = new QToolButton(bar);
  button->setText(QObject::tr("Plots"));
  button->setToolTip(QObject::tr("Choose plots, plot quantities, export figures"));
  button->setPopupMode(QToolButton::InstantPopup);
  auto* menu = new QMenu(button);
  QObject::connect(menu, &QMenu::aboutToShow, button, [menu, panel] { fillMenu(menu, panel); });
  button->setMenu(menu);
  layout->addWidget(button);
  layout->addStretch(1);
  return bar;
}

}  // namespace vms::ui
