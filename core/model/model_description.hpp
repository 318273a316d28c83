#pragma once
// The editable description of a vehicle-manipulator system: links, joints (including fixed
// ones), frames and visuals, as read from URDF / .vms.json / DH tables. It keeps everything a
// file holds so that writing it back is lossless. compileModel() turns it into a Model.
#include <memory>
#include <string>
#include <vector>

#include "core/model/base_type.hpp"
#include "core/spatial/se3.hpp"

namespace vms {

/// Mass properties of a link in its own frame: mass, centre of mass, and the 3x3 rotational
/// inertia about the centre of mass, expressed in the link frame.
struct Inertial {
  double mass = 0.0;
  Vec3 com = Vec3::Zero();
  Mat3 inertia = Mat3::Zero();
};

/// Visual geometry, carried for the 3D view and for lossless export.
/// A capsule is a cylinder (axis z, `length` = its cylindrical part) closed by two hemispheres
/// of its radius: total extent length + 2 radius. A visual that follows the joints
/// (`follow_joints`, a box, cylinder or capsule) is not drawn where it is: it stands for one
/// segment from the link origin to each child joint (resolveLinkShapes, link_shapes.hpp).
struct Visual {
  enum class Shape { Box, Cylinder, Sphere, Mesh, Capsule };
  Shape shape = Shape::Box;
  // box: x,y,z; cylinder and capsule: radius, length, -; sphere: radius, -, -
  Vec3 size = Vec3::Zero();
  std::string mesh;  // path as written in the source file
  Vec3 mesh_scale = Vec3::Ones();
  Pose origin;  // in the link frame
  Eigen::Vector4d rgba = Eigen::Vector4d(0.7, 0.7, 0.75, 1.0);
  std::string material;
  bool follow_joints = false;  // added: spans the link origin to its child joints
};

struct LinkDescription {
  std::string name;
  Inertial inertial;
  std::vector<Visual> visuals;
};

enum class JointKind { Revolute, Continuous, Prismatic, Fixed };

/// "revolute", "continuous", "prismatic", "fixed" (the URDF and .vms.json spelling).
inline const char* toString(JointKind kind) {
  switch (kind) {
    case JointKind::Revolute:
      return "revolute";
    case JointKind::Continuous:
      return "continuous";
    case JointKind::Prismatic:
      return "prismatic";
    case JointKind::Fixed:
      return "fixed";
  }
  return "revolute";
}

/// A URDF <mimic>: the joint does not move on its own, its position is
/// multiplier * q(leader) + offset (a gripper's second finger). One generalized coordinate
/// drives the leader and its mimics in every solver.
struct MimicDescription {
  std::string joint;  // the leader's name: a moving joint that is no mimic itself
  double multiplier = 1.0;
  double offset = 0.0;  // rad or m
};

struct JointDescription {
  std::string name;
  JointKind kind = JointKind::Revolute;
  std::string parent;  // link names
  std::string child;
  Pose origin;                // child link frame (= joint frame) in the parent link frame
  Vec3 axis = Vec3::UnitZ();  // in the joint frame; normalised by compileModel
  bool has_limits = false;
  double lower = 0.0, upper = 0.0;  // position limits (rad or m)
  double effort = 0.0;              // max |torque| or |force|; 0 = unlimited
  double velocity = 0.0;            // max |rate|; 0 = unlimited
  double damping = 0.0;             // viscous joint damping (N m s/rad or N s/m)
  double friction = 0.0;
  bool has_mimic = false;  // `mimic` applies
  MimicDescription mimic;
};

/// A named frame (tool point, end-effector) rigidly attached to a link.
struct FrameDescription {
  std::string name;
  std::string link;
  Pose origin;  // in the link frame
};

/// Hydrodynamic added mass (Fossen's M_A) of a link or frame: a constant symmetric positive
/// semi-definite 6x6 at the link's (frame's) origin in its axes, [linear; angular] ordering. It
/// enters the mass matrix and the velocity-product terms, not the weight. Entries for the same
/// link add up.
struct AddedMassDescription {
  std::string link;  // link or frame name
  Mat6 matrix = Mat6::Zero();
};

struct DhTable;  // core/io/dh_table.hpp

/// Everything compileModel() reads: the compiled Model is never changed afterwards, so an
/// environment that changes the physics (gravity, added mass) sets it here before compiling.
struct ModelDescription {
  std::string name = "model";
  BaseType base_type = BaseType::Free;
  Vec3 gravity = Vec3::Zero();  // world frame, m/s^2: the one gravity of the model
  std::vector<LinkDescription> links;
  std::vector<JointDescription> joints;  // order defines the user-facing joint order
  std::vector<FrameDescription> frames;
  std::vector<AddedMassDescription> added_mass;  // usually from an underwater environment
  /// The DH table (a .vms.json "dh") that the first links, the first joints and the first frame
  /// (the end-effector) were expanded from; the writer keeps the DH form while they are
  /// unchanged. Null for models written without one. Not read by compileModel.
  std::shared_ptr<const DhTable> dh;
};

}  // namespace vms
