#include "ui/app/bars/timeline_bar.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>
#include <algorithm>
#include <cmath>

namespace vms::ui {

TimelineBar::TimelineBar(QWidget* parent)
    : QWidget(parent), slider_(new QSlider(Qt::Horizontal, this)), label_(new QLabel(this)) {
  slider_->setRange(0, kSteps);
  slider_->setToolTip(tr("History: drag while paused to scrub back through the run"));
  label_->setMinimumWidth(150);
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(4, 0, 4, 0);
  layout->addWidget(new QLabel(tr("t"), this));
  layout->addWidget(slider_, 1);
  layout->addWidget(label_);
  connect(slider_, &QSlider::valueChanged, this, [this](int position) {
    current_ = first_ + (last_ - first_) * double(position) / kSteps;
    updateLabel();
    emit scrubbed(current_);
  });
  setScrubbable(false);
  updateLabel();
}

void TimelineBar::showSpan(double first, double last, double current) {
  first_ = first;
  last_ = std::max(first, last);
  current_ = current;
  const double span = last_ - first_;
  const double s = span > 0.0 ? (current - first_) / span : 1.0;
  QSignalBlocker block(slider_);
  slider_->setValue(int(std::lround(std::clamp(s, 0.0, 1.0) * kSteps)));
  updateLabel();
}

void TimelineBar::showShownTime(double t) {
  if (slider_->isSliderDown()) {
    current_ = t;
    updateLabel();
    return;
  }
  showSpan(first_, last_, t);
}

void TimelineBar::setScrubbable(bool scrubbable) { slider_->setEnabled(scrubbable); }

void TimelineBar::updateLabel() {
  label_->setText(tr("%1 s / %2 s").arg(current_, 0, 'f', 3).arg(last_, 0, 'f', 2));
}

}  // namespace vms::ui
