#include "ui/plots/plot_panel_toolbar.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

#include "ui/plots/plot_panel.hpp"
#include "ui/plots/quantity_picker_dialog.hpp"

namespace vms::ui {

QWidget* createPlotPanelToolBar(PlotPanel* panel) {
  auto* bar = new QWidget(panel);
  auto* layout = new QHBoxLayout(bar);
  layout->setContentsMargins(2, 2, 2, 0);
  auto* add = new QToolButton(bar);
  add->setText(QObject::tr("Plot quantities..."));
  add->setToolTip(QObject::tr("A plot of quantities you choose (momenta, energies, joints, ...)"));
  QObject::connect(add, &QToolButton::clicked, panel, [panel] {
    const QStringList ids = pickQuantities(panel->quantities(), panel);
    if (!ids.isEmpty()) panel->addCustomPlot(ids);
  });
  auto* remove = new QToolButton(bar);
  remove->setText(QObject::tr("Remove user plots"));
  QObject::connect(remove, &QToolButton::clicked, panel, [panel] { panel->removeCustomPlots(); });
  layout->addWidget(add);
  layout->addWidget(remove);
  layout->addStretch(1);
  auto* hint = new QLabel(QObject::tr("Ctrl+wheel: zoom · drag: pan · double-click: follow"), bar);
  hint->setToolTip(
      QObject::tr("Ctrl + mouse wheel zooms the time axis of every plot together; drag to pan "
                  "a plot. The plots then stop following the run until you double-click."));
  hint->setEnabled(false);  // greyed: a hint, not a control
  hint->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);  // never widens the dock
  layout->addWidget(hint);
  return bar;
}

}  // namespace vms::ui
