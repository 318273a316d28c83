#pragma once
// The link actors of a model: every Visual of every link (box, cylinder, sphere, mesh through
// mesh_loader) placed on its body, and automatic geometry for bodies whose links carry no
// visuals (DH tables, bare JSON): a box for the vehicle sized from its inertia, cylinders from
// each body origin to its children's joints, spheres at the joints.
#include <vtkActor.h>
#include <vtkMatrix4x4.h>
#include <vtkPolyData.h>
#include <vtkSmartPointer.h>

#include <QString>
#include <QStringList>
#include <vector>

#include "core/model/model.hpp"

namespace vms::ui {

/// One actor drawn rigidly on a body: world matrix = body pose * [local_linear, local_offset].
struct LinkPart {
  vtkSmartPointer<vtkActor> actor;
  vtkSmartPointer<vtkMatrix4x4> matrix;  // the actor's user matrix, rewritten per frame
  int body = 0;
  Mat3 local_linear = Mat3::Identity();  // rotation (and mesh scale) in the body frame
  Vec3 local_offset = Vec3::Zero();
  Vec3 color = Vec3::Constant(0.7);
  bool automatic = false;    // generated, not from the model's visuals
  bool placeholder = false;  // automatic geometry standing in for a mesh not loaded
  // Level of detail: coarser versions of the actor's data, each drawn while the part's
  // projected size (`lod_size` m in its own frame, before local_linear) is under
  // `lod_below_px` pixels (merged_links, lod_mesh).
  std::vector<vtkSmartPointer<vtkPolyData>> lods;
  std::vector<double> lod_below_px;
  double lod_size = 0.0;
  bool closed = false;  // closed, wound outwards at every level: back faces can be culled
};

struct LinkGeometry {
  std::vector<LinkPart> parts;
  QStringList messages;  // one per mesh that could not be found or read
};

/// Never throws; a link whose mesh is missing or unreadable is drawn as the automatic geometry
/// of a link without shapes (segments to its child joints, a ball at its joint), in magenta and
/// marked `placeholder`, with one message per mesh file.
LinkGeometry buildLinkGeometry(const Model& model, const QString& model_dir);

/// Writes the world matrices of the parts for the given body poses (size model.nbodies).
void placeLinkParts(std::vector<LinkPart>& parts, const std::vector<Pose>& body_poses);

}  // namespace vms::ui
