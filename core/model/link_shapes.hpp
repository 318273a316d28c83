#pragma once
// Link shapes as drawn and exported: a visual that follows the joints (Visual::follow_joints)
// is resolved into one explicit segment per child joint, from the link origin to the joint's
// origin, so that moving a joint stretches the link and the arm stays in one piece. Pure
// functions of the description: call them again after every edit.
#include <vector>

#include "core/model/model_description.hpp"

namespace vms {

/// The explicit visuals of link `link` (a description index): its visuals with every
/// following box, cylinder or capsule replaced by its segments. A segment runs from the link
/// origin to the origin of each joint whose parent is the link; a link without child joints
/// runs to each of its named frames, else to twice its centre of mass, else a stub of four
/// radii along its z axis. A segment's visual has the followed visual's radius (box: x and y
/// sides), colour and material; its length is the segment's (capsule: the cylindrical part,
/// so the hemispheres cover both ends: no gap at a bent joint); its origin is the segment's
/// midpoint with z along the segment. Segments shorter than 1e-9 m are left out (a capsule
/// then is a sphere at the origin). The followed visual's own origin and length are not used.
std::vector<Visual> resolveLinkShapes(const ModelDescription& d, int link);

/// The same for every link, indexed as d.links.
std::vector<std::vector<Visual>> resolveLinkShapes(const ModelDescription& d);

/// The shape a new link gets: a capsule of radius 0.03 m that follows the joints.
Visual defaultFollowingVisual();

/// Whether a shape can follow the joints (box, cylinder, capsule).
bool canFollowJoints(Visual::Shape shape);

/// "box", "cylinder", "sphere", "mesh", "capsule" (the .vms.json spelling).
const char* toString(Visual::Shape shape);

}  // namespace vms
