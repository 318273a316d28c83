#include "ui/panels/teach_live_view.hpp"

#include <qcustomplot.h>

#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <cmath>

#include "core/analysis/dynamic_singularity.hpp"
#include "ui/panels/message_label.hpp"

namespace vms::ui {

namespace {
constexpr int kMaxPoses = 400;  // the plot keeps the latest poses

/// A Jacobian this close to singular (sigma_min / sigma_max) makes the ratio of w's large.
constexpr double kNearSingular = 1e-3;

QString number(double v) {
  return std::isfinite(v) ? QString::number(v, 'g', 5) : QStringLiteral("undefined");
}

/// A component of a vector whose largest is `scale` (6 significant digits, so that no value,
/// however large, makes a long label; 0 when it is rounding noise next to the largest).
QString componentText(double v, double scale) {
  if (!std::isfinite(v)) return number(v);
  return std::abs(v) <= 1e-12 * scale ? QStringLiteral("0") : QString::number(v, 'g', 6);
}

/// Shows `text` in a label made by the view (a MessageLabel: it wraps, and asks for no width).
void showText(QLabel* label, const QString& text) {
  label->setText(MessageLabel::displayable(text));
}

bool singularToRounding(double inverse_condition) {
  return inverse_condition <= kSingularToRounding;
}

/// w, or "0 (singular)" when it is rounding noise (e.g. 4e-16 for a straight arm).
QString measureText(double w, double inverse_condition) {
  if (std::isfinite(w) && singularToRounding(inverse_condition)) return QObject::tr("0 (singular)");
  return number(w);
}

/// w(J*)/w(Jm), with the reason when it is undefined or large because Jm is (nearly) singular.
QString ratioText(double ratio, double inverse_condition_fixed) {
  const QString condition = QString::number(inverse_condition_fixed, 'g', 2);
  if (!std::isfinite(ratio))
    return singularToRounding(inverse_condition_fixed)
               ? QObject::tr("undefined: Jm is singular")
               : QObject::tr("undefined: Jm is singular (σmin/σmax %1)").arg(condition);
  if (inverse_condition_fixed < kNearSingular)
    return QObject::tr("%1 (large: Jm nearly singular, σmin/σmax %2)")
        .arg(number(ratio), condition);
  return number(ratio);
}

/// What the plot draws: rounding noise as 0.
double plotted(double w, double inverse_condition) {
  return singularToRounding(inverse_condition) ? 0.0 : w;
}
}  // namespace

TeachLiveView::TeachLiveView(QWidget* parent)
    : QWidget(parent),
      fixed_(new MessageLabel(this)),
      floating_(new MessageLabel(this)),
      ratio_(new MessageLabel(this)),
      attitude_(new MessageLabel(this)),
      com_(new MessageLabel(this)),
      plot_(new QCustomPlot(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* form = new QFormLayout;
  form->setContentsMargins(0, 0, 0, 0);
  form->setVerticalSpacing(1);
  fixed_->setObjectName("teach_manipulability_fixed");
  floating_->setObjectName("teach_manipulability_floating");
  ratio_->setObjectName("teach_ratio");
  attitude_->setObjectName("teach_attitude");
  com_->setObjectName("teach_com");
  fixed_->setToolTip(
      tr("Yoshikawa manipulability sqrt(det(Jv Jv^T)) of the fixed-base Jacobian "
         "Jm (vehicle held), translational rows at the analysis frame"));
  floating_->setToolTip(
      tr("The same for the generalized Jacobian J* (vehicle free, zero "
         "momentum)"));
  ratio_->setToolTip(tr("w(J*)/w(Jm): near 0 at a dynamic singularity"));
  attitude_->setToolTip(tr("Angle of the vehicle's rotation from its attitude at the start"));
  com_->setToolTip(
      tr("System centre of mass (world, m): fixed while posing with the vehicle "
         "reacting"));
  for (QLabel* l : {fixed_, floating_, ratio_, attitude_, com_})
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
  form->addRow(tr("w(Jm)"), fixed_);
  form->addRow(tr("w(J*)"), floating_);
  form->addRow(tr("w(J*)/w(Jm)"), ratio_);
  form->addRow(tr("Vehicle attitude"), attitude_);
  form->addRow(tr("System CoM"), com_);
  layout->addLayout(form);

  plot_->setObjectName("teach_plot");
  plot_->setMinimumHeight(130);
  plot_->setMaximumHeight(170);
  plot_->xAxis->setLabel(tr("pose"));
  plot_->yAxis->setLabel(tr("w"));
  plot_->yAxis2->setLabel(tr("attitude (°)"));
  plot_->yAxis2->setVisible(true);
  QFont font = plot_->font();
  font.setPointSizeF(7.5);
  for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis, plot_->yAxis2}) {
    axis->setLabelFont(font);
    axis->setTickLabelFont(font);
  }
  plot_->addGraph(plot_->xAxis, plot_->yAxis);
  plot_->graph(0)->setName(tr("w(J*)"));
  plot_->graph(0)->setPen(QPen(QColor(230, 120, 30), 1.6));
  plot_->addGraph(plot_->xAxis, plot_->yAxis);
  plot_->graph(1)->setName(tr("w(Jm)"));
  plot_->graph(1)->setPen(QPen(QColor(60, 140, 230), 1.2));
  plot_->addGraph(plot_->xAxis, plot_->yAxis2);
  plot_->graph(2)->setName(tr("attitude"));
  plot_->graph(2)->setPen(QPen(QColor(120, 120, 120), 1.2, Qt::DashLine));
  plot_->legend->setVisible(true);
  plot_->legend->setFont(font);
  plot_->legend->setRowSpacing(0);
  plot_->legend->setBrush(QColor(255, 255, 255, 170));  // the curves show through
  plot_->legend->setBorderPen(Qt::NoPen);
  plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
  layout->addWidget(plot_);
  clear();
}

void TeachLiveView::clear() {
  values_ = TeachLiveValues{};
  last_q_.resize(0);
  poses_ = 0;
  for (QLabel* l : {fixed_, floating_, ratio_, attitude_, com_}) l->setText(QStringLiteral("–"));
  for (int g = 0; g < plot_->graphCount(); ++g) plot_->graph(g)->data()->clear();
  // The previous model's ranges go with its poses.
  for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis, plot_->yAxis2}) axis->setRange(0.0, 1.0);
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

void TeachLiveView::showFrame(const SimFrame& frame, bool record_pose) {
  const FrameAnalysis& a = frame.analysis;
  const Snapshot& s = frame.snapshot;
  values_.valid = a.end_effector_frame >= 0;
  values_.manipulability_fixed = a.manipulability_fixed;
  values_.manipulability_floating = a.manipulability_floating;
  values_.ratio = a.dynamic_singularity;
  values_.attitude_deg = s.vehicle_attitude_deviation * 180.0 / M_PI;
  values_.system_com = s.momenta.center_of_mass;
  showText(fixed_, values_.valid ? measureText(a.manipulability_fixed, a.inverse_condition_fixed)
                                 : tr("no analysis frame"));
  showText(floating_, values_.valid
                          ? measureText(a.manipulability_floating, a.inverse_condition_floating)
                          : QString("–"));
  showText(ratio_,
           values_.valid ? ratioText(values_.ratio, a.inverse_condition_fixed) : QString("–"));
  // An angle below 1e-9 degree is rounding noise.
  showText(attitude_, componentText(values_.attitude_deg, 1e3) + QChar(0x00B0));
  const Vec3& c = values_.system_com;
  const double scale = c.cwiseAbs().maxCoeff();
  showText(com_, QString("(%1, %2, %3) m")
                     .arg(componentText(c.x(), scale), componentText(c.y(), scale),
                          componentText(c.z(), scale)));

  if (!record_pose || !values_.valid) return;
  const VecX& q = s.state.q;
  if (last_q_.size() == q.size() && (last_q_ - q).cwiseAbs().maxCoeff() < 1e-12) return;
  last_q_ = q;
  const double x = poses_++;
  plot_->graph(0)->addData(x, plotted(a.manipulability_floating, a.inverse_condition_floating));
  plot_->graph(1)->addData(x, plotted(a.manipulability_fixed, a.inverse_condition_fixed));
  plot_->graph(2)->addData(x, values_.attitude_deg);
  for (int g = 0; g < plot_->graphCount(); ++g)
    if (plot_->graph(g)->dataCount() > kMaxPoses)
      plot_->graph(g)->data()->removeBefore(x - kMaxPoses + 1);
  plot_->rescaleAxes();
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace vms::ui
