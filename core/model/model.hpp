#pragma once
// The compiled, immutable model: a tree of rigid bodies with parent[i] < i, body 0 being the
// vehicle. Bodies joined by fixed joints are fused; their links become named frames.
// Algorithms take (const Model&, Data&, ...). Build one with compileModel(); nothing changes a
// Model afterwards (no core function takes a non-const Model&): to change gravity or added
// mass, change the ModelDescription and compile again.
#include <string>
#include <vector>

#include "core/model/base_type.hpp"
#include "core/model/model_description.hpp"
#include "core/spatial/se3.hpp"

namespace vms {

enum class JointType { Revolute, Prismatic };

/// A named frame fixed on a body: pose bodyMframe.
struct Frame {
  std::string name;
  int body = 0;
  Pose placement;
};

/// A mimic joint (URDF <mimic>), in user joint indices: q[joint] = multiplier * q[leader] +
/// offset and qd[joint] = multiplier * qd[leader]. The leader is no mimic itself.
struct JointCoupling {
  int joint = -1;
  int leader = -1;
  double multiplier = 1.0;
  double offset = 0.0;
};

struct Model {
  std::string name;
  BaseType base_type = BaseType::Free;
  int base_dof = 6;             // b
  Mat6X base_basis;             // iota0 (6 x b), body-twist basis of the vehicle subgroup
  int nbodies = 1;              // including the vehicle (body 0)
  int njoints = 0;              // moving joints: nbodies - 1
  int nv = 6;                   // base_dof + njoints: size of the generalized velocity
  Vec3 gravity = Vec3::Zero();  // = description.gravity

  // Per body (index 0..nbodies-1); joint data at index 0 is unused.
  std::vector<int> parent;            // parent body, -1 for the vehicle
  std::vector<JointType> joint_type;  // joint connecting the body to its parent
  std::vector<Pose> joint_placement;  // parentMjoint at q = 0 (joint frame = body frame)
  std::vector<Vec3> joint_axis;       // unit axis in the body frame
  std::vector<int> joint_index;       // position of the body's joint in q (-1 for body 0)
  // Derived from joint_placement and joint_axis (compileModel), for forwardKinematics: the
  // axis in the parent frame, X.R axis, and X.R Rot(axis, q) = fixed + cos q cos_part + sin q
  // sin_part (Rodrigues' formula, split once).
  std::vector<Vec3> joint_axis_parent;
  std::vector<Mat3> joint_rotation_fixed, joint_rotation_cos, joint_rotation_sin;
  // Revolute joints about a coordinate axis of the joint frame (most URDF and DH joints): 1, 2
  // or 3 for x, y or z, negative for -x, -y, -z; 0 for any other axis and for prismatic joints.
  // forwardKinematics turns two columns of oMp.R X.R by q for these (four multiply-adds), the
  // third column being the world axis, instead of forming X.R Rot(axis, q).
  std::vector<int> joint_unit_axis;
  std::vector<double> mass;                // fused mass
  std::vector<Vec3> com;                   // centre of mass in the body frame
  std::vector<Mat3> inertia_com;           // rotational inertia about the CoM, body frame
  std::vector<std::string> body_names;     // the link that defines each body frame
  std::vector<std::vector<int>> children;  // child bodies

  // Per joint, in user order (the order of joints in the description, fixed ones skipped).
  std::vector<int> joint_body;  // body moved by joint k
  std::vector<std::string> joint_names;
  VecX damping, effort_limit, velocity_limit, lower_limit, upper_limit;
  std::vector<bool> has_limits;

  /// Mimic joints (compileModel from JointDescription::mimic); empty when every joint moves
  /// on its own. The state keeps one entry per joint, mimics included, and every solver made
  /// by makeSolver keeps them on their leaders (core/solvers/coupled_joints_solver.hpp).
  std::vector<JointCoupling> couplings;
  bool hasCouplings() const { return !couplings.empty(); }

  std::vector<Frame> frames;  // every link (fused or not) and every named frame
  double total_mass = 0.0;

  // Optional added mass (hydrodynamic, Fossen's M_A) per body: constant symmetric 6x6 in the
  // body frame at the body origin, [linear; angular] ordering. Empty = none; if set, size
  // nbodies. forwardKinematics adds it to data.I (world transform X* M_A X^-1), so it enters
  // the mass matrix and the velocity-product terms (Kirchhoff, fluid at rest). It carries no
  // weight: gravity uses mass/com only. compileModel() fills it from
  // ModelDescription::added_mass (moved from link frames to body frames).
  std::vector<Mat6> added_mass;
  bool hasAddedMass() const { return !added_mass.empty(); }

  ModelDescription description;  // what the model was compiled from (for export and editing)

  int frameIndex(const std::string& name) const;  // -1 if absent
  int jointIndex(const std::string& name) const;  // -1 if absent
  int bodyIndex(const std::string& name) const;   // -1 if absent
};

}  // namespace vms
