#include "ui/view3d/merged_links.hpp"

#include <vtkPointData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>

#include <cmath>
#include <map>

namespace vms::ui {
namespace {

vtkPolyData* dataOf(const LinkPart& part) {
  auto* mapper = vtkPolyDataMapper::SafeDownCast(part.actor->GetMapper());
  return mapper ? mapper->GetInput() : nullptr;
}

/// The largest stretch of the part's local linear map (its mesh scale).
double scaleOf(const LinkPart& part) { return part.local_linear.colwise().norm().maxCoeff(); }

/// Back faces of a closed, outward-wound opaque part are never seen (unless mirrored).
bool cullable(const LinkPart& part) {
  return part.closed && part.local_linear.determinant() > 0.0 &&
         part.actor->GetProperty()->GetOpacity() >= 1.0;
}

/// What must be equal for two parts to share an actor: material, kind of data, levels of
/// detail, and size within a factor of sqrt(2) (the group's largest piece picks its level).
std::vector<double> groupKey(const LinkPart& part) {
  vtkProperty* p = part.actor->GetProperty();
  vtkPolyData* data = dataOf(part);
  auto* mapper = part.actor->GetMapper();
  const bool normals = data && data->GetPointData()->GetNormals();
  const bool colors = data && mapper->GetScalarVisibility() && data->GetPointData()->GetScalars();
  double c[3];
  p->GetColor(c);
  std::vector<double> key = {c[0],
                             c[1],
                             c[2],
                             p->GetOpacity(),
                             p->GetAmbient(),
                             p->GetDiffuse(),
                             p->GetSpecular(),
                             p->GetSpecularPower(),
                             double(p->GetLighting()),
                             double(p->GetRepresentation()),
                             double(p->GetInterpolation()),
                             double(normals),
                             double(colors),
                             double(part.actor->GetForceOpaque()),
                             double(cullable(part)),
                             double(part.lods.size())};
  key.insert(key.end(), part.lod_below_px.begin(), part.lod_below_px.end());
  const double size = part.lod_size * scaleOf(part);
  key.push_back(size > 0.0 && std::isfinite(size) ? std::round(2.0 * std::log2(size)) : 0.0);
  return key;
}

}  // namespace

void MergedLinks::clear() {
  if (renderer_)
    for (Group& g : groups_) g.mesh->removeFrom(renderer_);
  groups_.clear();
  renderer_ = nullptr;
}

void MergedLinks::build(const std::vector<LinkPart>& parts, vtkRenderer* renderer,
                        int excluded_body) {
  clear();
  renderer_ = renderer;
  std::map<std::vector<double>, size_t> index;
  for (size_t i = 0; i < parts.size(); ++i) {
    const LinkPart& part = parts[i];
    if (part.body == excluded_body || !part.actor) continue;
    vtkPolyData* data = dataOf(part);
    if (!data || data->GetNumberOfPoints() == 0) continue;
    auto [it, fresh] = index.emplace(groupKey(part), groups_.size());
    if (fresh) {
      Group g;
      g.mesh =
          std::make_unique<LodMesh>(part.lods.empty() ? std::vector<double>{} : part.lod_below_px);
      g.mesh->property()->DeepCopy(part.actor->GetProperty());
      g.mesh->property()->SetBackfaceCulling(cullable(part));
      g.mesh->setForceOpaque(part.actor->GetForceOpaque());
      groups_.push_back(std::move(g));
    }
    Group& g = groups_[it->second];
    std::vector<vtkPolyData*> levels = {data};
    for (const auto& lod : part.lods) levels.push_back(lod);
    g.mesh->add(levels, part.lod_size * scaleOf(part));
    g.parts.push_back(int(i));
  }
  for (Group& g : groups_) {
    g.mesh->build();
    g.mesh->addTo(renderer_);  // not pickable: picking uses the parts' own actors
  }
}

void MergedLinks::place(const std::vector<LinkPart>& parts, const std::vector<Pose>& body_poses) {
  for (Group& g : groups_) {
    for (size_t k = 0; k < g.parts.size(); ++k) {
      const LinkPart& part = parts[size_t(g.parts[k])];
      if (part.body < 0 || size_t(part.body) >= body_poses.size()) continue;
      const Pose& X = body_poses[size_t(part.body)];
      g.mesh->place(int(k), X.R * part.local_linear, X.R * part.local_offset + X.p);
    }
    g.mesh->commit();
  }
}

void MergedLinks::chooseLevels(const LodView& view) {
  for (Group& g : groups_) g.mesh->choose(view);
}

void MergedLinks::setVisible(bool visible) {
  for (Group& g : groups_) g.mesh->setVisible(visible);
}

int MergedLinks::visibleActorCount() const {
  int n = 0;
  for (const Group& g : groups_) n += g.mesh->actor()->GetVisibility() ? 1 : 0;
  return n;
}

bool MergedLinks::owns(const vtkActor* actor) const {
  for (const Group& g : groups_)
    if (g.mesh->owns(actor)) return true;
  return false;
}

long MergedLinks::drawnPolygons() const {
  long n = 0;
  for (const Group& g : groups_)
    if (g.mesh->visible())
      if (auto* data = vtkPolyData::SafeDownCast(g.mesh->actor()->GetMapper()->GetInput()))
        n += long(data->GetNumberOfPolys());
  return n;
}

}  // namespace vms::ui
