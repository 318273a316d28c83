#pragma once
// URDF reading (through urdfdom, after a tolerant pre-pass) and writing.
//
// Reading accepts what real files do (docs/contracts.md, "Real-world URDF files"):
//  - revolute/prismatic joints without <limit>: loaded as unlimited (has_limits = false), one
//    warning listing them; a <limit> without lower and upper is also unlimited (no warning);
//    a <limit> without effort/velocity gets 0 (= unlimited);
//  - links without <inertial> (mass 0), massless links, zero-inertia point masses;
//  - meshes by relative path (kept as written, not opened), materials (global or inline),
//    <collision>, <transmission>, <gazebo> (ignored), <dynamics damping friction>.
// Rejected with "<source>: <element>: <problem>": malformed XML, a root that is not <robot>,
// missing names/attributes, non-numeric/NaN/Inf numbers, floating/planar/unknown joint types,
// unknown link references, duplicate names, kinematic loops, zero joint axes.
//
// Conventions: the root link is the vehicle; inertia given in the <inertial> frame is rotated
// into the link frame (I_link = R I R^T, com = xyz); joint order = <joint> element order;
// link order = <link> element order. URDF carries no vehicle joint and no gravity, so the
// description gets BaseType::Free and zero gravity (loadModel's base override sets the type).
#include <string>
#include <vector>

#include "core/model/model_description.hpp"
#include "core/model/model_error.hpp"

namespace vms {

/// Parses URDF text. `source_name` prefixes error and warning messages (usually the path).
ModelDescription parseUrdf(const std::string& xml, const std::string& source_name,
                           std::vector<std::string>* warnings = nullptr);

/// URDF text (numbers in shortest round-trip form). parseUrdf(writeUrdf(d)) reproduces the
/// links, joints, visuals and their order with numbers equal to ~1e-15 relative (rotations go
/// through roll-pitch-yaw). Not carried by URDF: the base type and gravity (written only as a
/// comment), and named frames, which are written as massless links on fixed joints named
/// "<frame>_frame_joint" (they read back as links, which compile to the same named frames).
/// Collision geometry is not kept by the description, so none is written.
struct UrdfWriteOptions {
  /// Each inertia written in its principal axes: a diagonal <inertia> and the axes (a proper
  /// rotation) as the <inertial> origin's rpy. The same tensor to ~1e-16; readers that
  /// diagonalise inertias themselves (MuJoCo: ~1e-8) then lose nothing.
  bool inertia_in_principal_axes = false;
};
std::string writeUrdf(const ModelDescription& d, const UrdfWriteOptions& options = {});

}  // namespace vms
