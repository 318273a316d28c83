#include "ui/plots/quantity_picker_dialog.hpp"

#include <QDialog>
#include <QDialogButtonBox>
#include <QLineEdit>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "ui/plots/quantities.hpp"

namespace vms::ui {

QStringList pickQuantities(const QuantityRegistry& registry, QWidget* parent) {
  QDialog dialog(parent);
  dialog.setWindowTitle(QObject::tr("Plot quantities"));
  dialog.resize(420, 520);
  auto* layout = new QVBoxLayout(&dialog);
  auto* filter = new QLineEdit(&dialog);
  filter->setPlaceholderText(QObject::tr("Filter (id or label)"));
  filter->setClearButtonEnabled(true);
  layout->addWidget(filter);
  auto* tree = new QTreeWidget(&dialog);
  tree->setColumnCount(3);
  tree->setHeaderLabels({QObject::tr("Quantity"), QObject::tr("Unit"), QObject::tr("Id")});
  layout->addWidget(tree, 1);
  for (const QString& group : registry.groups()) {
    auto* g = new QTreeWidgetItem(tree, {group});
    g->setFlags(g->flags() & ~Qt::ItemIsUserCheckable);
    for (const Quantity& q : registry.all()) {
      if (q.group != group) continue;
      auto* item = new QTreeWidgetItem(g, {q.label, q.unit, q.id});
      item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
      item->setCheckState(0, Qt::Unchecked);
    }
  }
  tree->expandAll();
  tree->resizeColumnToContents(0);
  QObject::connect(filter, &QLineEdit::textChanged, tree, [tree](const QString& text) {
    for (int i = 0; i < tree->topLevelItemCount(); ++i) {
      QTreeWidgetItem* g = tree->topLevelItem(i);
      for (int j = 0; j < g->childCount(); ++j) {
        QTreeWidgetItem* item = g->child(j);
        item->setHidden(!text.isEmpty() && !item->text(0).contains(text, Qt::CaseInsensitive) &&
                        !item->text(2).contains(text, Qt::CaseInsensitive));
      }
    }
  });
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
  QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
  QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
  layout->addWidget(buttons);
  if (dialog.exec() != QDialog::Accepted) return {};
  QStringList ids;
  for (int i = 0; i < tree->topLevelItemCount(); ++i) {
    QTreeWidgetItem* g = tree->topLevelItem(i);
    for (int j = 0; j < g->childCount(); ++j)
      if (g->child(j)->checkState(0) == Qt::Checked) ids << g->child(j)->text(2);
  }
  return ids;
}

}  // namespace vms::ui
