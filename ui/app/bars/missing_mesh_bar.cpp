#include "ui/app/bars/missing_mesh_bar.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QToolButton>

namespace vms::ui {

MissingMeshBar::MissingMeshBar(QWidget* parent) : QFrame(parent) {
  setObjectName("missingMeshBar");
  setFrameShape(QFrame::StyledPanel);
  // A warning strip: amber, readable in a projected classroom, not an error red.
  setStyleSheet(
      "#missingMeshBar { background: #fff3cd; border: 1px solid #e0b84c; }"
      "#missingMeshBar QLabel { color: #5c4300; }");
  label_ = new QLabel(this);
  label_->setWordWrap(true);
  label_->setTextFormat(Qt::PlainText);
  locate_ = new QPushButton(tr("Locate folder…"), this);
  locate_->setObjectName("locateMeshFolderButton");
  locate_->setToolTip(
      tr("Choose the folder that holds the meshes (or a folder above it): they are found by "
         "their file names, and the folder is remembered for this model"));
  auto* dismiss = new QToolButton(this);
  dismiss->setText(QStringLiteral("×"));
  dismiss->setToolTip(tr("Hide this message (the boxes stay until the meshes are found)"));
  dismiss->setAutoRaise(true);
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(8, 4, 4, 4);
  layout->addWidget(label_, 1);
  layout->addWidget(locate_);
  layout->addWidget(dismiss);
  connect(locate_, &QPushButton::clicked, this, &MissingMeshBar::locateRequested);
  connect(dismiss, &QToolButton::clicked, this, &QWidget::hide);
  hide();
}

void MissingMeshBar::showMissing(const std::vector<MeshReference>& missing) {
  if (missing.empty()) {
    label_->clear();
    hide();
    return;
  }
  // One name in the bar (it stays one or two lines in a narrow view), all in the tooltip.
  QString list = QString::fromStdString(missing.front().uri);
  if (missing.size() > 1) list += tr(" and %1 more").arg(missing.size() - 1);
  const QString count = missing.size() == 1 ? tr("1 mesh file not found")
                                            : tr("%1 mesh files not found").arg(missing.size());
  label_->setText(tr("%1, their links drawn as magenta stand-ins: %2.").arg(count, list));
  QStringList lines;
  for (const MeshReference& m : missing)
    lines << tr("%1 (link %2)").arg(QString::fromStdString(m.uri), QString::fromStdString(m.link));
  setToolTip(tr("Not found:\n%1").arg(lines.join('\n')));
  show();
}

QString MissingMeshBar::text() const { return label_->text(); }

}  // namespace vms::ui
