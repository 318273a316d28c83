#include "ui/app/bars/draft_bar.hpp"

#include <QHBoxLayout>
#include <QLabel>

#include "ui/panels/message_label.hpp"

namespace vms::ui {

DraftBar::DraftBar(QWidget* parent) : QFrame(parent) {
  setObjectName("draftBar");
  setFrameShape(QFrame::StyledPanel);
  // Red like the tree's marks: the model cannot run until this is gone.
  setStyleSheet(
      "#draftBar { background: #f8d7da; border: 1px solid #d9534f; }"
      "#draftBar QLabel { color: #6a1a21; }");
  label_ = new MessageLabel(this);
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(8, 4, 8, 4);
  layout->addWidget(label_, 1);
  hide();
}

void DraftBar::showProblems(const QStringList& problems) {
  if (problems.isEmpty()) {
    label_->clear();
    setToolTip(QString());
    hide();
    return;
  }
  const QString count =
      problems.size() == 1 ? tr("1 problem") : tr("%1 problems").arg(problems.size());
  QString text = tr("Draft: %1 to fix before it can be simulated (marked in the model tree; "
                    "drawn with stand-ins). First: %2")
                     .arg(count, problems.front());
  label_->setMessage(text);
  setToolTip(problems.join('\n'));
  show();
}

QString DraftBar::text() const { return label_->message(); }

}  // namespace vms::ui
