#include "ui/view3d/lod_mesh.hpp"

#include <algorithm>
#include <cmath>

namespace vms::ui {

LodMesh::LodMesh(std::vector<double> below_px)
    : below_px_(std::move(below_px)), property_(vtkSmartPointer<vtkProperty>::New()) {
  for (size_t k = 0; k <= below_px_.size(); ++k) {
    levels_.push_back(std::make_unique<MergedMesh>());
    levels_.back()->actor()->SetProperty(property_);
    levels_.back()->actor()->PickableOff();
    levels_.back()->actor()->SetVisibility(k == 0);
  }
}

int LodMesh::add(const std::vector<vtkPolyData*>& sources, double size) {
  if (sources.empty()) return -1;
  for (size_t k = 0; k < levels_.size(); ++k)
    levels_[k]->add(sources[std::min(k, sources.size() - 1)]);
  placements_.push_back({Mat3::Identity(), Vec3::Zero(), size});
  return int(placements_.size()) - 1;
}

void LodMesh::build() {
  for (auto& level : levels_) level->build();
}

void LodMesh::addTo(vtkRenderer* renderer) {
  for (auto& level : levels_) renderer->AddActor(level->actor());
}

void LodMesh::removeFrom(vtkRenderer* renderer) {
  for (auto& level : levels_) renderer->RemoveActor(level->actor());
}

void LodMesh::setForceOpaque(bool on) {
  for (auto& level : levels_) level->actor()->SetForceOpaque(on);
}

void LodMesh::setVisible(bool visible) {
  visible_ = visible;
  for (size_t k = 0; k < levels_.size(); ++k)
    levels_[k]->actor()->SetVisibility(visible && int(k) == level_);
}

bool LodMesh::owns(const vtkActor* actor) const {
  for (const auto& level : levels_)
    if (level->actor() == actor) return true;
  return false;
}

void LodMesh::place(int piece, const Mat3& linear, const Vec3& offset) {
  if (piece < 0 || size_t(piece) >= placements_.size()) return;
  placements_[size_t(piece)].linear = linear;
  placements_[size_t(piece)].offset = offset;
  levels_[size_t(level_)]->place(piece, linear, offset);
}

void LodMesh::commit() { levels_[size_t(level_)]->commit(); }

bool LodMesh::choose(const LodView& view) {
  if (levels_.size() < 2) return false;
  // The largest projected size of a piece (its centre's distance, less half its size).
  double largest = 0.0;
  if (view.pixels_per_radian > 0.0) {
    for (const Placement& p : placements_) {
      const double distance = std::max((p.offset - view.eye).norm() - 0.5 * p.size, 1e-9);
      largest = std::max(largest, p.size / distance * view.pixels_per_radian);
    }
  } else {
    largest = INFINITY;
  }
  // Coarser only once well under a threshold, finer as soon as over it.
  auto levelFor = [&](double factor) {
    int level = 0;
    for (size_t k = 0; k < below_px_.size(); ++k)
      if (largest < factor * below_px_[k]) level = int(k) + 1;
    return level;
  };
  int next = level_;
  if (!chosen_) {
    next = levelFor(1.0);  // the first choice: no band to stay in
    chosen_ = true;
  }
  if (const int coarser = levelFor(0.85); coarser > next) next = coarser;
  if (const int finer = levelFor(1.0); finer < next) next = finer;
  if (next == level_) return false;
  level_ = next;
  MergedMesh& mesh = *levels_[size_t(level_)];
  for (size_t i = 0; i < placements_.size(); ++i)
    mesh.place(int(i), placements_[i].linear, placements_[i].offset);
  mesh.commit();
  setVisible(visible_);
  return true;
}

}  // namespace vms::ui
