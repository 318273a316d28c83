#include "ui/view3d/trail.hpp"

#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>

namespace vms::ui {

Trail::Trail(int capacity) : ring_(size_t(std::max(capacity, 2))) {}

void Trail::build(vtkRenderer* renderer, double line_width) {
  clearActors();
  renderer_ = renderer;
  points_ = vtkSmartPointer<vtkPoints>::New();
  lines_ = vtkSmartPointer<vtkCellArray>::New();
  data_ = vtkSmartPointer<vtkPolyData>::New();
  data_->SetPoints(points_);
  data_->SetLines(lines_);
  auto mapper = vtkSmartPointer<vtkPolyDataMapper>::New();
  mapper->SetInputData(data_);
  actor_ = vtkSmartPointer<vtkActor>::New();
  actor_->SetMapper(mapper);
  actor_->PickableOff();
  actor_->GetProperty()->SetColor(1.0, 0.85, 0.2);
  actor_->GetProperty()->SetLineWidth(float(line_width));
  actor_->GetProperty()->LightingOff();
  actor_->SetVisibility(visible_);
  renderer_->AddViewProp(actor_);
  rebuild();
}

void Trail::clearActors() {
  if (renderer_ && actor_) renderer_->RemoveViewProp(actor_);
  renderer_ = nullptr;
  actor_ = nullptr;
  data_ = nullptr;
  points_ = nullptr;
  lines_ = nullptr;
}

void Trail::clearPoints() {
  head_ = count_ = 0;
  rebuild();
}

void Trail::add(const Vec3& point, double min_step) {
  if (!point.allFinite()) return;
  if (count_ > 0) {
    const int last = (head_ + int(ring_.size()) - 1) % int(ring_.size());
    if ((ring_[size_t(last)] - point).norm() < min_step) return;
  }
  ring_[size_t(head_)] = point;
  head_ = (head_ + 1) % int(ring_.size());
  count_ = std::min(count_ + 1, int(ring_.size()));
  rebuild();
}

void Trail::setVisible(bool visible) {
  visible_ = visible;
  if (actor_) actor_->SetVisibility(visible);
}

void Trail::rebuild() {
  if (!data_) return;
  const int n = int(ring_.size());
  points_->SetNumberOfPoints(count_);
  const int first = (head_ - count_ + n) % n;
  for (int i = 0; i < count_; ++i) {
    const Vec3& p = ring_[size_t((first + i) % n)];
    points_->SetPoint(i, p.x(), p.y(), p.z());
  }
  points_->Modified();
  lines_->Reset();
  if (count_ >= 2) {
    lines_->InsertNextCell(count_);
    for (int i = 0; i < count_; ++i) lines_->InsertCellPoint(i);
  }
  lines_->Modified();
  data_->Modified();
}

}  // namespace vms::ui
