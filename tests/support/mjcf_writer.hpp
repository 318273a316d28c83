#pragma once
// Writes a ModelDescription as an equivalent MuJoCo 2.2.2 model, for cross-checks and
// benchmarks against MuJoCo (see docs/mujoco-crosscheck.md):
//  - writeMjcf(): nested MJCF bodies, a <freejoint/> in the root body (free base) or none
//    (fixed base). Links on fixed joints become joint-less child bodies. Every inertial is
//    written as principal moments and axes (Eigen eigen-decomposition made a proper rotation)
//    so that MuJoCo does not diagonalise it itself. Contact and constraints are disabled.
//    MuJoCo 2.2.2's XML reader cannot nest more than about 45 bodies.
//  - writeMujocoUrdf(): a flat URDF (no nesting limit) for MuJoCo's URDF loader, with a
//    massless world link and a `floating` joint to the root link, which MuJoCo turns into a
//    free joint. Inertias are written as diagonal tensors in a principal frame, again to keep
//    MuJoCo from diagonalising them.
// Header-only and independent of Qt so that the benchmarks can use it too.
#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/model/model_description.hpp"

namespace vms::test {

struct MujocoExportOptions {
  std::string free_joint_name = "vms_base";  // name of the free joint of the root body
  bool energy = false;                       // enable MuJoCo's energy computation
  bool use_description_gravity = true;       // else gravity 0
  /// Placement of the root body in the world. A fixed vehicle sits where the State puts it
  /// (State::basePose()), so write that pose here; ignored for a free vehicle (qpos sets it).
  Pose fixed_base_pose;
  /// MuJoCo's balanceinertia: principal moments breaking A + B >= C become their mean.
  bool balance_inertia = false;
};

/// Principal moments and a proper rotation whose columns are the principal axes:
/// inertia = R * diag(moments) * R^T.
struct PrincipalInertia {
  Vec3 moments = Vec3::Zero();
  Mat3 axes = Mat3::Identity();
};

inline PrincipalInertia principalInertia(const Mat3& inertia) {
  PrincipalInertia p;
  if (inertia.isZero(0.0)) return p;
  const Mat3 sym = 0.5 * (inertia + inertia.transpose());
  // An already diagonal tensor stays as it is (exactly), in the link frame.
  if ((sym - Mat3(sym.diagonal().asDiagonal())).isZero(0.0)) {
    p.moments = sym.diagonal();
    return p;
  }
  Eigen::SelfAdjointEigenSolver<Mat3> eig(sym);
  p.moments = eig.eigenvalues();
  p.axes = eig.eigenvectors();
  if (p.axes.determinant() < 0.0) p.axes.col(2) = -p.axes.col(2);
  return p;
}

namespace detail {

inline std::string num(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

inline std::string vec(const Vec3& v) { return num(v.x()) + " " + num(v.y()) + " " + num(v.z()); }

inline std::string quatWxyz(const Mat3& R) {
  Quat q(R);
  q.normalize();
  return num(q.w()) + " " + num(q.x()) + " " + num(q.y()) + " " + num(q.z());
}

inline std::string rpy(const Mat3& R) {
  // URDF: R = Rz(yaw) Ry(pitch) Rx(roll).
  const double pitch = std::asin(std::clamp(-R(2, 0), -1.0, 1.0));
  double roll, yaw;
  if (std::abs(std::cos(pitch)) > 1e-9) {
    roll = std::atan2(R(2, 1), R(2, 2));
    yaw = std::atan2(R(1, 0), R(0, 0));
  } else {
    roll = 0.0;
    yaw = std::atan2(-R(0, 1), R(1, 1));
  }
  return num(roll) + " " + num(pitch) + " " + num(yaw);
}

struct Tree {
  int root = -1;
  std::map<std::string, int> link_index;
  std::vector<std::vector<int>> child_joints;  // per link, joint indices in description order
};

inline Tree buildTree(const ModelDescription& d) {
  Tree t;
  for (size_t i = 0; i < d.links.size(); ++i) t.link_index[d.links[i].name] = static_cast<int>(i);
  t.child_joints.resize(d.links.size());
  std::vector<bool> has_parent(d.links.size(), false);
  for (size_t j = 0; j < d.joints.size(); ++j) {
    t.child_joints.at(t.link_index.at(d.joints[j].parent)).push_back(static_cast<int>(j));
    has_parent.at(t.link_index.at(d.joints[j].child)) = true;
  }
  for (size_t i = 0; i < d.links.size(); ++i)
    if (!has_parent[i]) t.root = static_cast<int>(i);
  if (t.root < 0) throw std::runtime_error("mjcf writer: no root link");
  return t;
}

inline std::string header(const ModelDescription& d, const MujocoExportOptions& o,
                          const char* extra_compiler = "") {
  const Vec3 g = o.use_description_gravity ? d.gravity : Vec3::Zero();
  std::ostringstream s;
  s << "  <compiler angle=\"radian\" inertiafromgeom=\"false\" boundmass=\"0\" "
       "boundinertia=\"0\" balanceinertia=\""
    << (o.balance_inertia ? "true" : "false") << "\"" << extra_compiler << "/>\n"
    << "  <option timestep=\"0.001\" integrator=\"Euler\" gravity=\"" << vec(g) << "\">\n"
    << "    <flag contact=\"disable\" constraint=\"disable\""
    << (o.energy ? " energy=\"enable\"" : "") << "/>\n"
    << "  </option>\n";
  return s.str();
}

inline void writeBody(const ModelDescription& d, const Tree& t, int link, const Pose& placement,
                      const JointDescription* joint, const MujocoExportOptions& o, int depth,
                      std::ostringstream& s) {
  const std::string ind(2 * depth, ' ');
  const LinkDescription& l = d.links[link];
  s << ind << "<body name=\"" << l.name << "\" pos=\"" << vec(placement.p) << "\" quat=\""
    << quatWxyz(placement.R) << "\">\n";
  if (joint == nullptr) {
    if (d.base_type == BaseType::Free) {
      s << ind << "  <freejoint name=\"" << o.free_joint_name << "\"/>\n";
    } else if (d.base_type != BaseType::Fixed) {
      throw std::runtime_error("mjcf writer: only free and fixed vehicles are supported");
    }
  } else if (joint->kind != JointKind::Fixed) {
    s << ind << "  <joint name=\"" << joint->name << "\" type=\""
      << (joint->kind == JointKind::Prismatic ? "slide" : "hinge") << "\" pos=\"0 0 0\" axis=\""
      << vec(joint->axis.normalized())
      << "\" limited=\"false\" damping=\"0\" armature=\"0\" stiffness=\"0\"/>\n";
  }
  // A massless link may still carry a rotational inertia (SPART's kuka_lwr base link): it
  // counts in our model, so it is written too.
  if (l.inertial.mass > 0.0 || !l.inertial.inertia.isZero(0.0)) {
    const PrincipalInertia p = principalInertia(l.inertial.inertia);
    s << ind << "  <inertial pos=\"" << vec(l.inertial.com) << "\" quat=\"" << quatWxyz(p.axes)
      << "\" mass=\"" << num(l.inertial.mass) << "\" diaginertia=\"" << vec(p.moments) << "\"/>\n";
  }
  for (int j : t.child_joints[link]) {
    const JointDescription& jd = d.joints[j];
    writeBody(d, t, t.link_index.at(jd.child), jd.origin, &jd, o, depth + 1, s);
  }
  s << ind << "</body>\n";
}

}  // namespace detail

/// MJCF text of the description (see the file comment).
inline std::string writeMjcf(const ModelDescription& d, const MujocoExportOptions& o = {}) {
  const detail::Tree t = detail::buildTree(d);
  std::ostringstream s;
  s << "<mujoco model=\"" << d.name << "\">\n" << detail::header(d, o) << "  <worldbody>\n";
  const Pose root = d.base_type == BaseType::Fixed ? o.fixed_base_pose : Pose::identity();
  detail::writeBody(d, t, t.root, root, nullptr, o, 2, s);
  s << "  </worldbody>\n</mujoco>\n";
  return s.str();
}

/// URDF text for MuJoCo's URDF loader (see the file comment). Only free vehicles.
inline std::string writeMujocoUrdf(const ModelDescription& d, const MujocoExportOptions& o = {}) {
  using detail::num;
  using detail::vec;
  const detail::Tree t = detail::buildTree(d);
  std::ostringstream s;
  s << "<robot name=\"" << d.name << "\">\n"
    << "  <mujoco>\n"
    << detail::header(d, o, " discardvisual=\"true\" fusestatic=\"true\"") << "  </mujoco>\n";
  s << "  <link name=\"vms_world\"/>\n";
  for (const LinkDescription& l : d.links) {
    s << "  <link name=\"" << l.name << "\">\n";
    if (l.inertial.mass > 0.0 || !l.inertial.inertia.isZero(0.0)) {  // as in writeBody
      const PrincipalInertia p = principalInertia(l.inertial.inertia);
      s << "    <inertial>\n      <origin xyz=\"" << vec(l.inertial.com) << "\" rpy=\""
        << detail::rpy(p.axes) << "\"/>\n      <mass value=\"" << num(l.inertial.mass)
        << "\"/>\n      <inertia ixx=\"" << num(p.moments.x()) << "\" ixy=\"0\" ixz=\"0\" iyy=\""
        << num(p.moments.y()) << "\" iyz=\"0\" izz=\"" << num(p.moments.z())
        << "\"/>\n    </inertial>\n";
    }
    s << "  </link>\n";
  }
  if (d.base_type != BaseType::Free)
    throw std::runtime_error("mujoco urdf writer: only free vehicles are supported");
  s << "  <joint name=\"" << o.free_joint_name << "\" type=\"floating\">\n"
    << "    <parent link=\"vms_world\"/>\n    <child link=\"" << d.links[t.root].name
    << "\"/>\n  </joint>\n";
  for (const JointDescription& j : d.joints) {
    const char* type = j.kind == JointKind::Prismatic ? "prismatic"
                       : j.kind == JointKind::Fixed   ? "fixed"
                                                      : "continuous";
    s << "  <joint name=\"" << j.name << "\" type=\"" << type << "\">\n"
      << "    <parent link=\"" << j.parent << "\"/>\n    <child link=\"" << j.child << "\"/>\n"
      << "    <origin xyz=\"" << vec(j.origin.p) << "\" rpy=\"" << detail::rpy(j.origin.R)
      << "\"/>\n";
    if (j.kind != JointKind::Fixed) {
      s << "    <axis xyz=\"" << vec(j.axis.normalized()) << "\"/>\n";
      if (j.kind == JointKind::Prismatic)
        s << "    <limit lower=\"-1e3\" upper=\"1e3\" effort=\"0\" velocity=\"0\"/>\n";
    }
    s << "  </joint>\n";
  }
  s << "</robot>\n";
  return s.str();
}

}  // namespace vms::test
