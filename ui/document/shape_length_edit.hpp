#pragma once
// What lengthening a link's shape carries along, so that no gap opens between the shape and
// the next link: an explicit box (its z side), cylinder or capsule (its length) is a segment
// along its own z axis. When its length changes by Δ and a child joint of the link lies on that
// axis (within the shape's cross-section) beyond the shape's centre, the shape keeps its near
// end (its centre moves Δ/2 towards that joint), the child joints and the link's frames on the
// axis beyond the centre move Δ along it (their subtrees with them), and the link's mass
// properties, when they are those of its shapes at one uniform density (no mesh among them),
// are recomputed from the new shapes at that density. The same recomputation follows a moved
// joint that stretches the shapes of its parent link that follow the joints. No Qt here.
#include <string>
#include <vector>

#include "core/model/model_description.hpp"

namespace vms::ui {

struct ShapeLengthFollowUp {
  std::vector<std::string> moved_joints;  // child joints moved by the length change
  std::vector<std::string> moved_frames;
  bool inertia_recomputed = false;
  double density = 0.0;  // kg/m^3 the mass properties were recomputed at
  bool empty() const { return moved_joints.empty() && moved_frames.empty(); }
};

/// The length of a shape that can carry its child joints along (an explicit box, cylinder or
/// capsule); negative for any other shape.
double carriedShapeLength(const Visual& v);

/// Replaces visual `index` of link `link` of `d` by `edited` and carries along what the length
/// change moves (see above). The replacement alone when the length did not change, the shape
/// follows the joints, or no child joint lies on its axis.
ShapeLengthFollowUp replaceShapeCarryingLength(ModelDescription& d, int link, int index,
                                               const Visual& edited);

/// The density at which the link's mass properties are those of its resolved shapes (no mesh),
/// or 0 if they are not.
double densityOfShapeInertia(const ModelDescription& d, int link);

/// After an edit that moved the joints of link `link` (`before` → `after`): when its mass
/// properties in `before` were those of its shapes at one density and its shapes follow the
/// joints, they become those of its shapes in `after` at that density. Returns the density
/// (0: nothing recomputed).
double recomputeShapeInertia(const ModelDescription& before, ModelDescription& after, int link);

/// "child joint 'j2' moved 0.1 m, mass properties from shapes (2700 kg/m³)" (empty if nothing).
std::string describeFollowUp(const ShapeLengthFollowUp& f, double delta);

}  // namespace vms::ui
