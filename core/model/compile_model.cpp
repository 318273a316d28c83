#include "core/model/compile_model.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>

#include "core/model/inertia_check.hpp"
#include "core/model/inertia_repair.hpp"
#include "core/model/names.hpp"

namespace vms {

namespace {

std::string quoted(const std::string& s) { return "'" + printableText(s) + "'"; }

std::string shortNumber(double x) {
  std::ostringstream s;
  s << x;
  return s.str();
}

[[noreturn]] void fail(const std::string& msg) { throw ModelError(msg); }

// "<what> #<index>: has no name" or "<what> '<name>': invalid name: <problem>".
void checkName(const std::string& what, size_t index, const std::string& name) {
  if (name.empty()) fail(what + " #" + std::to_string(index + 1) + ": has no name");
  if (const std::string problem = nameProblem(name); !problem.empty())
    fail(what + " #" + std::to_string(index + 1) + " " + quoted(name) +
         ": invalid name: " + problem);
}

bool finite(const Mat3& m) { return m.allFinite(); }
bool finite(const Vec3& v) { return v.allFinite(); }
bool finite(const Pose& p) { return p.R.allFinite() && p.p.allFinite(); }

void checkRotation(const Pose& p, const std::string& what) {
  if (!finite(p)) fail(what + ": origin has a NaN or infinite value");
  if (orthonormalityError(p.R) > 1e-9 || p.R.determinant() < 0.0)
    fail(what + ": origin rotation is not a proper rotation");
}

struct LinkPlacement {
  int body = -1;
  Pose bodyMlink;
};

/// Adds a link's inertial, placed by bodyMlink, to a body's accumulated mass properties.
struct MassAccumulator {
  double mass = 0.0;
  Vec3 first_moment = Vec3::Zero();    // sum m_i c_i
  Mat3 inertia_origin = Mat3::Zero();  // about the body origin

  void add(const Inertial& in, const Pose& bodyMlink) {
    const Vec3 c = bodyMlink.act(in.com);
    const Mat3 Ic = bodyMlink.R * in.inertia * bodyMlink.R.transpose();
    mass += in.mass;
    first_moment += in.mass * c;
    inertia_origin += Ic - in.mass * skew(c) * skew(c);
  }
};

// JointDescription::mimic, checked and numbered: the leader is a moving joint that is no mimic
// itself, multiplier and offset are finite.
void compileCouplings(const ModelDescription& d, Model& m) {
  std::map<std::string, const JointDescription*> by_name;
  for (const JointDescription& jd : d.joints) by_name[jd.name] = &jd;
  for (const JointDescription& jd : d.joints) {
    if (!jd.has_mimic) continue;
    const std::string what = "joint " + quoted(jd.name) + ": mimic";
    if (jd.kind == JointKind::Fixed) fail(what + ": a fixed joint cannot mimic another");
    const auto leader = by_name.find(jd.mimic.joint);
    if (leader == by_name.end()) fail(what + ": unknown joint " + quoted(jd.mimic.joint));
    if (leader->second == &jd) fail(what + ": the joint mimics itself");
    if (leader->second->kind == JointKind::Fixed)
      fail(what + ": leader " + quoted(jd.mimic.joint) + " is a fixed joint");
    if (leader->second->has_mimic)
      fail(what + ": leader " + quoted(jd.mimic.joint) + " is itself a mimic of " +
           quoted(leader->second->mimic.joint) + " (mimic its leader directly)");
    if (!std::isfinite(jd.mimic.multiplier) || !std::isfinite(jd.mimic.offset))
      fail(what + ": multiplier and offset must be finite numbers");
    m.couplings.push_back({m.jointIndex(jd.name), m.jointIndex(jd.mimic.joint), jd.mimic.multiplier,
                           jd.mimic.offset});
  }
}

// ModelDescription::added_mass, each moved from its link (frame) to its body frame:
// Ad^-T M_A Ad^-1 with Ad = Ad_{bodyMlink}.
void compileAddedMass(const ModelDescription& d, Model& m) {
  if (d.added_mass.empty()) return;
  m.added_mass.assign(static_cast<size_t>(m.nbodies), Mat6::Zero());
  for (size_t i = 0; i < d.added_mass.size(); ++i) {
    const AddedMassDescription& a = d.added_mass[i];
    const std::string what =
        "added mass #" + std::to_string(i + 1) + " (link " + quoted(a.link) + ")";
    const int f = m.frameIndex(a.link);
    if (f < 0) fail(what + ": unknown link or frame");
    const Mat6& MA = a.matrix;
    if (!MA.allFinite()) fail(what + ": has a NaN or infinite value");
    if ((MA - MA.transpose()).norm() > 1e-12 * (1.0 + MA.norm())) fail(what + ": not symmetric");
    const Eigen::SelfAdjointEigenSolver<Mat6> eig(MA);
    if (eig.eigenvalues().minCoeff() < -1e-12 * (1.0 + MA.norm()))
      fail(what + ": not positive semi-definite");
    const Mat6 Ainv = adjoint(m.frames[static_cast<size_t>(f)].placement.inverse());
    m.added_mass[static_cast<size_t>(m.frames[static_cast<size_t>(f)].body)] +=
        Ainv.transpose() * MA * Ainv;
  }
}

}  // namespace

std::string inertialProblem(const Inertial& in) {
  if (!std::isfinite(in.mass)) return "mass is NaN or infinite";
  if (!finite(in.com)) return "centre of mass has a NaN or infinite value";
  if (!finite(in.inertia)) return "inertia has a NaN or infinite value";
  if (in.mass < 0.0) return "mass is negative (" + std::to_string(in.mass) + ")";
  const double scale = std::max(in.inertia.cwiseAbs().maxCoeff(), 1e-300);
  if ((in.inertia - in.inertia.transpose()).cwiseAbs().maxCoeff() > 1e-9 * scale)
    return "inertia matrix is not symmetric";
  const Eigen::SelfAdjointEigenSolver<Mat3> eig(in.inertia);
  const Vec3 l = eig.eigenvalues();
  // Relative to the tensor, and never below rounding noise (a point-mass link's moments are
  // all noise; compileModel clips them, see inertia_repair.hpp).
  const double tol = std::max(1e-9 * scale, kInertiaRoundingNoise);
  if (l.minCoeff() < -tol) {
    std::ostringstream s;
    s << "inertia is not positive semi-definite (eigenvalue " << l.minCoeff() << ")";
    return s.str();
  }
  if (l(0) + l(1) < l(2) - tol) {
    std::ostringstream s;
    s << "principal moments " << l(0) << ", " << l(1) << ", " << l(2)
      << " violate the triangle inequality";
    return s.str();
  }
  return {};
}

Model compileModel(const ModelDescription& d, std::vector<std::string>* warnings) {
  if (const std::string problem = nameProblem(d.name); !d.name.empty() && !problem.empty())
    fail("model " + quoted(d.name) + ": invalid name: " + problem);
  if (d.links.empty()) fail("model " + quoted(d.name) + ": has no links");
  if (!finite(d.gravity)) fail("model " + quoted(d.name) + ": gravity has a NaN or infinite value");

  std::map<std::string, int> link_index;
  std::vector<Inertial> inertials(d.links.size());  // as checked, rounding noise clipped
  for (size_t i = 0; i < d.links.size(); ++i) {
    const auto& l = d.links[i];
    checkName("link", i, l.name);
    if (!link_index.emplace(l.name, static_cast<int>(i)).second)
      fail("link " + quoted(l.name) + ": duplicate link name");
    if (auto p = inertialProblem(l.inertial); !p.empty()) fail("link " + quoted(l.name) + ": " + p);
    double clipped = 0.0;
    inertials[i] = clipRoundingNoise(l.inertial, &clipped);
    if (clipped < 0.0 && warnings) {
      std::ostringstream w;
      w << "link " << quoted(l.name) << ": inertia principal moment " << clipped
        << " kg m^2 is rounding noise: clipped to 0";
      warnings->push_back(w.str());
    }
  }

  std::set<std::string> joint_names;
  std::vector<int> parent_joint(d.links.size(), -1);
  for (size_t j = 0; j < d.joints.size(); ++j) {
    const auto& jd = d.joints[j];
    const std::string what = "joint " + quoted(jd.name);
    checkName("joint", j, jd.name);
    if (!joint_names.insert(jd.name).second) fail(what + ": duplicate joint name");
    if (!link_index.count(jd.parent)) fail(what + ": unknown parent link " + quoted(jd.parent));
    if (!link_index.count(jd.child)) fail(what + ": unknown child link " + quoted(jd.child));
    if (jd.parent == jd.child) fail(what + ": parent and child are the same link");
    checkRotation(jd.origin, what);
    if (jd.kind != JointKind::Fixed) {
      if (!finite(jd.axis)) fail(what + ": axis has a NaN or infinite value");
      if (jd.axis.norm() < 1e-9) fail(what + ": axis is zero");
    }
    for (double x : {jd.lower, jd.upper, jd.effort, jd.velocity, jd.damping, jd.friction})
      if (std::isnan(x)) fail(what + ": a limit or damping value is NaN");
    if (jd.damping < 0.0) fail(what + ": damping is negative");
    if (jd.friction < 0.0) fail(what + ": friction is negative");
    if (jd.effort < 0.0)
      fail(what + ": effort limit is negative (" + shortNumber(jd.effort) + "); 0 means unlimited");
    if (jd.velocity < 0.0)
      fail(what + ": velocity limit is negative (" + shortNumber(jd.velocity) +
           "); 0 means unlimited");
    if (jd.has_limits && jd.lower > jd.upper) fail(what + ": lower limit exceeds upper limit");
    const int c = link_index[jd.child];
    if (parent_joint[c] >= 0)
      fail(what + ": link " + quoted(jd.child) + " already has parent joint " +
           quoted(d.joints[parent_joint[c]].name) + " (kinematic loop)");
    parent_joint[c] = static_cast<int>(j);
  }

  std::vector<int> roots;
  for (size_t i = 0; i < d.links.size(); ++i)
    if (parent_joint[i] < 0) roots.push_back(static_cast<int>(i));
  if (roots.empty()) fail("model " + quoted(d.name) + ": every link has a parent (kinematic loop)");
  if (roots.size() > 1)
    fail("link " + quoted(d.links[roots[1]].name) + ": not connected to the root link " +
         quoted(d.links[roots[0]].name) + " (the model must be one tree)");

  // Children of each link, in joint description order.
  std::vector<std::vector<int>> child_joints(d.links.size());
  for (size_t j = 0; j < d.joints.size(); ++j)
    child_joints[link_index[d.joints[j].parent]].push_back(static_cast<int>(j));

  Model m;
  m.name = d.name;
  m.base_type = d.base_type;
  m.base_dof = baseDof(d.base_type);
  m.base_basis = baseBasis(d.base_type);
  m.gravity = d.gravity;
  m.description = d;

  std::vector<LinkPlacement> place(d.links.size());
  std::vector<MassAccumulator> acc;
  std::vector<int> body_joint_desc;  // description joint index that created the body (-1 root)

  auto newBody = [&](int link, int parent_body, int joint_desc) {
    const int b = static_cast<int>(m.parent.size());
    m.parent.push_back(parent_body);
    m.body_names.push_back(d.links[link].name);
    m.children.emplace_back();
    if (parent_body >= 0) m.children[parent_body].push_back(b);
    acc.emplace_back();
    body_joint_desc.push_back(joint_desc);
    place[link] = {b, Pose::identity()};
    acc[b].add(inertials[link], Pose::identity());
    return b;
  };

  // Depth-first preorder from the root: parents always get smaller indices. Iterative: a chain
  // of thousands of links must not exhaust the call stack.
  std::vector<int> visited(d.links.size(), 0);
  newBody(roots[0], -1, -1);
  visited[roots[0]] = 1;
  std::vector<std::pair<int, size_t>> stack = {{roots[0], 0}};  // link, next child joint
  while (!stack.empty()) {
    auto& [link, next] = stack.back();
    if (next == child_joints[link].size()) {
      stack.pop_back();
      continue;
    }
    const int j = child_joints[link][next++];
    const int parent_link = link;
    const auto& jd = d.joints[j];
    const int c = link_index[jd.child];
    const int pb = place[parent_link].body;
    if (jd.kind == JointKind::Fixed) {
      place[c] = {pb, place[parent_link].bodyMlink * jd.origin};
      acc[pb].add(inertials[c], place[c].bodyMlink);
    } else {
      newBody(c, pb, j);
    }
    visited[c] = 1;
    stack.emplace_back(c, 0);  // invalidates link/next: not used after this
  }
  for (size_t i = 0; i < d.links.size(); ++i)
    if (!visited[i])
      fail("link " + quoted(d.links[i].name) + ": not reachable from the root link " +
           quoted(d.links[roots[0]].name) + " (kinematic loop)");

  m.nbodies = static_cast<int>(m.parent.size());
  m.njoints = m.nbodies - 1;
  m.nv = m.base_dof + m.njoints;
  m.joint_type.assign(m.nbodies, JointType::Revolute);
  m.joint_placement.assign(m.nbodies, Pose::identity());
  m.joint_axis.assign(m.nbodies, Vec3::UnitZ());
  m.joint_index.assign(m.nbodies, -1);
  m.mass.resize(m.nbodies);
  m.com.resize(m.nbodies);
  m.inertia_com.resize(m.nbodies);

  for (int b = 0; b < m.nbodies; ++b) {
    const auto& a = acc[b];
    m.mass[b] = a.mass;
    const Vec3 c = a.mass > 0.0 ? Vec3(a.first_moment / a.mass) : Vec3::Zero();
    m.com[b] = c;
    m.inertia_com[b] = a.inertia_origin + a.mass * skew(c) * skew(c);
    m.total_mass += a.mass;
    const int jdx = body_joint_desc[b];
    if (jdx < 0) continue;
    const auto& jd = d.joints[jdx];
    const auto& parent_link = place[link_index[jd.parent]];
    m.joint_placement[b] = parent_link.bodyMlink * jd.origin;
    m.joint_axis[b] = jd.axis.normalized();
    m.joint_type[b] = jd.kind == JointKind::Prismatic ? JointType::Prismatic : JointType::Revolute;
  }
  // The joint's rotation in the parent frame split by Rodrigues' formula (forwardKinematics):
  // X.R Rot(u, q) = (X.R u) u^T + cos q (X.R - (X.R u) u^T) + sin q X.R [u]x.
  m.joint_axis_parent.assign(m.nbodies, Vec3::UnitZ());
  m.joint_rotation_fixed.assign(m.nbodies, Mat3::Zero());
  m.joint_rotation_cos.assign(m.nbodies, Mat3::Identity());
  m.joint_rotation_sin.assign(m.nbodies, Mat3::Zero());
  m.joint_unit_axis.assign(m.nbodies, 0);
  for (int b = 1; b < m.nbodies; ++b) {
    const Mat3& XR = m.joint_placement[b].R;
    const Vec3& u = m.joint_axis[b];
    const Vec3 a = XR * u;
    m.joint_axis_parent[b] = a;
    m.joint_rotation_fixed[b] = a * u.transpose();
    m.joint_rotation_cos[b] = XR - m.joint_rotation_fixed[b];
    m.joint_rotation_sin[b] = XR * skew(u);
    if (m.joint_type[b] == JointType::Revolute)
      for (int k = 0; k < 3; ++k)
        if (std::abs(u[k]) == 1.0 && u[(k + 1) % 3] == 0.0 && u[(k + 2) % 3] == 0.0)
          m.joint_unit_axis[b] = u[k] > 0.0 ? k + 1 : -(k + 1);
  }

  // User joint order: description order of the moving joints.
  std::map<int, int> body_of_joint_desc;
  for (int b = 1; b < m.nbodies; ++b) body_of_joint_desc[body_joint_desc[b]] = b;
  m.damping = VecX::Zero(m.njoints);
  m.effort_limit = VecX::Zero(m.njoints);
  m.velocity_limit = VecX::Zero(m.njoints);
  m.lower_limit = VecX::Zero(m.njoints);
  m.upper_limit = VecX::Zero(m.njoints);
  for (size_t j = 0; j < d.joints.size(); ++j) {
    const auto& jd = d.joints[j];
    if (jd.kind == JointKind::Fixed) continue;
    const int k = static_cast<int>(m.joint_body.size());
    const int b = body_of_joint_desc.at(static_cast<int>(j));
    m.joint_body.push_back(b);
    m.joint_index[b] = k;
    m.joint_names.push_back(jd.name);
    m.damping[k] = jd.damping;
    m.effort_limit[k] = jd.effort;
    m.velocity_limit[k] = jd.velocity;
    m.has_limits.push_back(jd.has_limits && jd.kind != JointKind::Continuous);
    m.lower_limit[k] = jd.lower;
    m.upper_limit[k] = jd.upper;
  }

  compileCouplings(d, m);

  std::set<std::string> frame_names;
  for (size_t i = 0; i < d.links.size(); ++i) {
    m.frames.push_back({d.links[i].name, place[i].body, place[i].bodyMlink});
    frame_names.insert(d.links[i].name);
  }
  for (size_t i = 0; i < d.frames.size(); ++i) {
    const FrameDescription& f = d.frames[i];
    const std::string what = "frame " + quoted(f.name);
    checkName("frame", i, f.name);
    if (!frame_names.insert(f.name).second) fail(what + ": name already used by a link or frame");
    if (!link_index.count(f.link)) fail(what + ": unknown link " + quoted(f.link));
    checkRotation(f.origin, what);
    const auto& lp = place[link_index[f.link]];
    m.frames.push_back({f.name, lp.body, lp.bodyMlink * f.origin});
  }

  compileAddedMass(d, m);
  checkInertiaNonSingular(m);
  if (warnings && m.base_type != BaseType::Fixed && m.total_mass <= 0.0)
    warnings->push_back("model " + quoted(m.name) + ": total mass is zero");
  return m;
}

}  // namespace vms
