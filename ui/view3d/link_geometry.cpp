#include "ui/view3d/link_geometry.hpp"

#include <vtkCapsuleSource.h>
#include <vtkCubeSource.h>
#include <vtkCylinderSource.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkSphereSource.h>

#include <QFileInfo>
#include <algorithm>
#include <map>
#include <set>

#include "core/model/link_shapes.hpp"
#include "ui/view3d/mesh_loader.hpp"
#include "ui/view3d/tessellation.hpp"
#include "ui/view3d/vtk_pose.hpp"

namespace vms::ui {
namespace {

const Vec3 kVehicleGrey(0.72, 0.73, 0.78);
const Vec3 kJointGrey(0.6, 0.6, 0.66);
const Vec3 kPlaceholder(0.95, 0.2, 0.6);
const Vec3 kArmPalette[] = {Vec3(0.3, 0.5, 0.9), Vec3(0.95, 0.55, 0.15), Vec3(0.35, 0.75, 0.45),
                            Vec3(0.85, 0.3, 0.3)};

vtkSmartPointer<vtkPolyData> boxData(const Vec3& size) {
  auto src = vtkSmartPointer<vtkCubeSource>::New();
  src->SetXLength(std::max(size.x(), 1e-4));
  src->SetYLength(std::max(size.y(), 1e-4));
  src->SetZLength(std::max(size.z(), 1e-4));
  src->Update();
  return src->GetOutput();
}

/// Along the y axis, centred (vtkCylinderSource's convention).
vtkSmartPointer<vtkPolyData> cylinderData(double radius, double length, int resolution = 24) {
  auto src = vtkSmartPointer<vtkCylinderSource>::New();
  src->SetRadius(std::max(radius, 1e-4));
  src->SetHeight(std::max(length, 1e-4));
  src->SetResolution(resolution);
  src->CappingOn();
  src->Update();
  return src->GetOutput();
}

vtkSmartPointer<vtkPolyData> sphereData(double radius, int theta = 20, int phi = 14) {
  auto src = vtkSmartPointer<vtkSphereSource>::New();
  src->SetRadius(std::max(radius, 1e-4));
  src->SetThetaResolution(theta);
  src->SetPhiResolution(phi);
  src->Update();
  return src->GetOutput();
}

/// Along the y axis, centred (as vtkCylinderSource): `length` is the cylindrical part.
vtkSmartPointer<vtkPolyData> capsuleData(double radius, double length, int theta = 24,
                                         int phi = 12) {
  auto src = vtkSmartPointer<vtkCapsuleSource>::New();
  src->SetRadius(std::max(radius, 1e-4));
  src->SetCylinderLength(std::max(length, 0.0));
  src->SetThetaResolution(theta);
  src->SetPhiResolution(phi);
  src->Update();
  return src->GetOutput();
}

/// Rotation about x by +90 degrees: takes VTK's cylinder axis (y) to URDF's (z).
Mat3 yToZ() {
  Mat3 R;
  R << 1, 0, 0, 0, 0, -1, 0, 1, 0;
  return R;
}

// Levels of detail. A circle of n segments and diameter d pixels strays from the true outline
// by d/2 (1 - cos(pi/n)): half a pixel at 116 px for 24 segments, 81 px for 20, 29 px for 12,
// 13 px for 8. Each coarser level is drawn below the diameter where it stays within half a
// pixel.
struct Lod {
  std::vector<vtkSmartPointer<vtkPolyData>> coarser;
  std::vector<double> below_px;
  double size = 0.0;
  bool closed = false;
};

Lod boxLod(vtkPolyData* full) {
  Lod lod;
  lod.closed = isClosedOutward(full);
  return lod;
}

Lod sphereLod(double radius, vtkPolyData* full) {
  Lod lod;
  lod.coarser = {sphereData(radius, 12, 8), sphereData(radius, 8, 6)};
  lod.below_px = {29.0, 13.0};
  lod.size = 2.0 * radius;
  lod.closed = isClosedOutward(full);
  for (auto& level : lod.coarser) lod.closed = lod.closed && isClosedOutward(level);
  return lod;
}

Lod cylinderLod(double radius, double length, vtkPolyData* full) {
  Lod lod;
  lod.coarser = {cylinderData(radius, length, 12), cylinderData(radius, length, 8)};
  lod.below_px = {29.0, 13.0};
  lod.size = 2.0 * radius;
  lod.closed = isClosedOutward(full);
  for (auto& level : lod.coarser) lod.closed = lod.closed && isClosedOutward(level);
  return lod;
}

Lod capsuleLod(double radius, double length, vtkPolyData* full) {
  Lod lod;
  lod.coarser = {capsuleData(radius, length, 12, 8), capsuleData(radius, length, 8, 8)};
  lod.below_px = {29.0, 13.0};
  lod.size = 2.0 * radius;
  lod.closed = isClosedOutward(full);
  for (auto& level : lod.coarser) lod.closed = lod.closed && isClosedOutward(level);
  return lod;
}

/// Meshes of more than 400 triangles: a quarter, a tenth and a twenty-fifth of them, each
/// level drawn while its measured deviation from the full mesh stays under half a pixel (the
/// size being the mesh's bounding diagonal; a level that strays more than a tenth of the size
/// is dropped).
Lod meshLod(vtkPolyData* full) {
  Lod lod;
  double b[6];
  full->GetBounds(b);
  lod.size = Vec3(b[1] - b[0], b[3] - b[2], b[5] - b[4]).norm();
  lod.closed = isClosedOutward(full);
  if (full->GetNumberOfPolys() <= 400) return lod;
  for (double keep : {0.25, 0.1, 0.04}) {
    auto level = decimated(full, keep);
    const double deviation = relativeDeviation(full, level);
    if (!(deviation < 0.1)) break;
    const double below = 0.5 / std::max(deviation, 1e-6);
    if (!lod.below_px.empty() && below >= lod.below_px.back()) continue;  // no coarser
    lod.coarser.push_back(level);
    lod.below_px.push_back(below);
    lod.closed = lod.closed && isClosedOutward(level);
  }
  return lod;
}

void setLod(LinkPart& part, const Lod& lod) {
  part.lods = lod.coarser;
  part.lod_below_px = lod.below_px;
  part.lod_size = lod.size;
  part.closed = lod.closed;
}

LinkPart makePart(vtkPolyData* data, int body, const Mat3& linear, const Vec3& offset,
                  const Vec3& color, double opacity) {
  LinkPart part;
  auto mapper = vtkSmartPointer<vtkPolyDataMapper>::New();
  mapper->SetInputData(data);
  part.actor = vtkSmartPointer<vtkActor>::New();
  part.actor->SetMapper(mapper);
  part.matrix = vtkSmartPointer<vtkMatrix4x4>::New();
  part.actor->SetUserMatrix(part.matrix);
  part.actor->GetProperty()->SetColor(color.x(), color.y(), color.z());
  part.actor->GetProperty()->SetOpacity(std::clamp(opacity, 0.05, 1.0));
  part.actor->GetProperty()->SetSpecular(0.25);
  part.actor->GetProperty()->SetAmbient(0.12);
  part.actor->GetProperty()->SetSpecularPower(20.0);
  part.body = body;
  part.local_linear = linear;
  part.local_offset = offset;
  part.color = color;
  setVtkMatrix(part.matrix, linear, offset);
  return part;
}

/// Box sides of a uniform solid box with this mass and principal inertia (0 if not one).
Vec3 boxFromInertia(double mass, const Mat3& inertia) {
  if (!(mass > 0.0)) return Vec3::Zero();
  const Vec3 I = inertia.diagonal();
  Vec3 sides;
  sides.x() = 6.0 / mass * (I.y() + I.z() - I.x());
  sides.y() = 6.0 / mass * (I.x() + I.z() - I.y());
  sides.z() = 6.0 / mass * (I.x() + I.y() - I.z());
  for (int k = 0; k < 3; ++k) sides(k) = sides(k) > 0.0 ? std::sqrt(sides(k)) : 0.0;
  if (!sides.allFinite() || sides.maxCoeff() <= 0.0) return Vec3::Zero();
  return sides.cwiseMax(0.25 * sides.maxCoeff());
}

/// End points (body frame) of the automatic segments of body b: its children's joints, or
/// for a leaf its named frames / doubled centre of mass.
std::vector<Vec3> segmentEnds(const Model& model, int b) {
  std::vector<Vec3> ends;
  for (int c : model.children[size_t(b)]) ends.push_back(model.joint_placement[size_t(c)].p);
  if (ends.empty()) {
    for (const Frame& f : model.frames)
      if (f.body == b && f.placement.p.norm() > 1e-6) ends.push_back(f.placement.p);
    if (ends.empty() && model.com[size_t(b)].norm() > 1e-6)
      ends.push_back(2.0 * model.com[size_t(b)]);
  }
  return ends;
}

/// `stand_in[b]`: body b's mesh could not be loaded; its automatic geometry stands in for it,
/// drawn in the placeholder colour and marked as a placeholder.
void addAutomaticGeometry(const Model& model, const std::vector<bool>& needs,
                          const std::vector<bool>& stand_in, std::vector<LinkPart>* parts) {
  auto mark = [&](int b) {
    parts->back().automatic = true;
    if (stand_in[size_t(b)]) {
      parts->back().placeholder = true;
      parts->back().color = kPlaceholder;
      parts->back().actor->GetProperty()->SetColor(kPlaceholder.x(), kPlaceholder.y(),
                                                   kPlaceholder.z());
    }
  };
  // One radius for the whole arm: a tenth of the median segment length, at least 1.5 % of
  // the arm's total length (thin links of long arms stay visible).
  std::vector<double> lengths;
  for (int b = 1; b < model.nbodies; ++b)
    for (const Vec3& e : segmentEnds(model, b))
      if (e.norm() > 1e-6) lengths.push_back(e.norm());
  for (int c : model.children.empty() ? std::vector<int>{} : model.children[0])
    if (model.joint_placement[size_t(c)].p.norm() > 1e-6)
      lengths.push_back(model.joint_placement[size_t(c)].p.norm());
  double median = 0.5, reach = 0.0;
  for (double l : lengths) reach += l;
  if (!lengths.empty()) {
    std::nth_element(lengths.begin(), lengths.begin() + long(lengths.size() / 2), lengths.end());
    median = lengths[lengths.size() / 2];
  }
  const double radius = std::max({median / 10.0, 0.015 * reach, 1e-3});

  if (needs[0]) {
    Vec3 sides = boxFromInertia(model.mass[0], model.inertia_com[0]);
    if (sides.isZero()) {
      double reach = 0.0;
      for (int c : model.children[0])
        reach = std::max(reach, model.joint_placement[size_t(c)].p.norm());
      sides = Vec3::Constant(std::max(1.2 * reach, 6.0 * radius));
    }
    auto box = boxData(sides);
    parts->push_back(makePart(box, 0, Mat3::Identity(), model.com[0], kVehicleGrey, 1.0));
    mark(0);
    setLod(parts->back(), boxLod(box));
  }
  auto joint_ball = sphereData(1.7 * radius);
  const Lod ball_lod = sphereLod(1.7 * radius, joint_ball);
  for (int b = 1; b < model.nbodies; ++b) {
    if (!needs[size_t(b)]) continue;
    const Vec3 color = kArmPalette[size_t(b - 1) % 4];
    for (const Vec3& end : segmentEnds(model, b)) {
      const double length = end.norm();
      if (length < 1e-6) continue;
      // Cylinder axis (y) along the segment: rotation whose y axis is end/length.
      Mat3 R = rotationWithXAxis(end);  // x along the segment
      Mat3 Ry;
      Ry << R.col(1), R.col(0), -R.col(2);  // y along the segment, right-handed
      auto cylinder = cylinderData(radius, length);
      parts->push_back(makePart(cylinder, b, Ry, 0.5 * end, color, 1.0));
      mark(b);
      setLod(parts->back(), cylinderLod(radius, length, cylinder));
    }
    parts->push_back(makePart(joint_ball, b, Mat3::Identity(), Vec3::Zero(), kJointGrey, 1.0));
    mark(b);
    setLod(parts->back(), ball_lod);
  }
}

}  // namespace

LinkGeometry buildLinkGeometry(const Model& model, const QString& model_dir) {
  LinkGeometry out;
  if (model.nbodies <= 0) return out;
  std::vector<bool> needs_automatic(size_t(model.nbodies), true);
  std::vector<bool> missing_mesh(size_t(model.nbodies), false);
  struct CachedMesh {
    vtkSmartPointer<vtkPolyData> data;
    std::optional<Vec3> color;
    QString error;
    Lod lod;
  };
  std::map<QString, CachedMesh> mesh_cache;
  std::set<QString> reported;

  // Visuals that follow the joints are resolved into their segments for the current joints.
  const std::vector<std::vector<Visual>> resolved = resolveLinkShapes(model.description);
  for (size_t li = 0; li < model.description.links.size(); ++li) {
    const LinkDescription& link = model.description.links[li];
    const int frame = model.frameIndex(link.name);
    if (frame < 0) continue;
    const Frame& f = model.frames[size_t(frame)];
    if (f.body < 0 || f.body >= model.nbodies) continue;
    for (const Visual& visual : resolved[li]) {
      const Pose local = f.placement * visual.origin;
      Vec3 color = visual.rgba.head<3>().cwiseMax(0.0).cwiseMin(1.0);
      const double opacity = visual.rgba(3);
      vtkSmartPointer<vtkPolyData> data;
      Mat3 linear = local.R;
      Lod lod;
      switch (visual.shape) {
        case Visual::Shape::Box:
          data = boxData(visual.size);
          lod = boxLod(data);
          break;
        case Visual::Shape::Cylinder:
          data = cylinderData(visual.size.x(), visual.size.y());
          lod = cylinderLod(visual.size.x(), visual.size.y(), data);
          linear = local.R * yToZ();
          break;
        case Visual::Shape::Capsule:
          data = capsuleData(visual.size.x(), visual.size.y());
          lod = capsuleLod(visual.size.x(), visual.size.y(), data);
          linear = local.R * yToZ();
          break;
        case Visual::Shape::Sphere:
          data = sphereData(visual.size.x());
          lod = sphereLod(visual.size.x(), data);
          break;
        case Visual::Shape::Mesh: {
          const QString uri = QString::fromStdString(visual.mesh);
          const QString path = resolveMeshPath(uri, model_dir);
          QString error;
          if (path.isEmpty()) {
            error = "not found";
          } else {
            auto it = mesh_cache.find(path);
            if (it == mesh_cache.end()) {
              CachedMesh loaded;
              loaded.data = loadMesh(path, &loaded.error, &loaded.color);
              if (loaded.data) loaded.lod = meshLod(loaded.data);
              it = mesh_cache.emplace(path, loaded).first;
            }
            data = it->second.data;
            lod = it->second.lod;
            error = it->second.error;
            // The file's own colour when the model gives none.
            if (data && it->second.color && visual.material.empty() &&
                visual.rgba.isApprox(Visual().rgba))
              color = *it->second.color;
          }
          if (data) {
            linear = local.R * visual.mesh_scale.asDiagonal();
          } else {
            if (reported.insert(uri).second)
              out.messages << QString(
                                  "Mesh '%1' of link '%2': %3; its automatic geometry stands in "
                                  "for it (magenta).")
                                  .arg(uri, QString::fromStdString(link.name), error);
            missing_mesh[size_t(f.body)] = true;
          }
          break;
        }
      }
      if (!data) continue;  // the link's stand-in is added with the automatic geometry
      out.parts.push_back(makePart(data, f.body, linear, local.p, color, opacity));
      setLod(out.parts.back(), lod);
      needs_automatic[size_t(f.body)] = false;
    }
  }
  addAutomaticGeometry(model, needs_automatic, missing_mesh, &out.parts);
  return out;
}

void placeLinkParts(std::vector<LinkPart>& parts, const std::vector<Pose>& body_poses) {
  for (LinkPart& part : parts) {
    if (part.body < 0 || size_t(part.body) >= body_poses.size()) continue;
    const Pose& X = body_poses[size_t(part.body)];
    setVtkMatrix(part.matrix, X.R * part.local_linear, X.R * part.local_offset + X.p);
  }
}

}  // namespace vms::ui
