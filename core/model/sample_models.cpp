#include "core/model/sample_models.hpp"

#include <algorithm>
#include <random>
#include <string>

#include "core/model/joint_coupling.hpp"

namespace vms {

namespace {
// Every draw is its own statement: the order in which a function's arguments (or an
// operator's operands) are evaluated is unspecified, and GCC and clang differ (right to left
// against left to right), so draws inside one expression gave the two compilers different
// models and states for the same seed. The order below is the one GCC used, so the seeds
// keep the models the tests were written against.
struct Rng {
  std::mt19937_64 gen;
  explicit Rng(std::uint64_t seed) : gen(seed) {}
  double uniform(double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(gen);
  }
  int integer(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(gen); }
  Vec3 vec(double lo, double hi) {
    const double z = uniform(lo, hi);
    const double y = uniform(lo, hi);
    const double x = uniform(lo, hi);
    return Vec3(x, y, z);
  }
  Vec3 unit() {
    Vec3 v;
    do v = vec(-1, 1);
    while (v.norm() < 0.1 || v.norm() > 1.0);
    return v.normalized();
  }
  Mat3 rotation() {
    const double angle = uniform(0.0, 3.1);
    const Vec3 axis = unit();
    return so3Exp(axis * angle);
  }
  Inertial inertial(double scale) {
    Inertial in;
    in.mass = scale * uniform(0.5, 3.0);
    in.com = vec(-0.2, 0.2);
    // Principal moments satisfying the triangle inequality, rotated at random.
    const Vec3 half = vec(0.05, 0.4);  // half-sizes of an equivalent box
    const double m = in.mass;
    const Vec3 d(m * (half.y() * half.y() + half.z() * half.z()) / 3.0,
                 m * (half.x() * half.x() + half.z() * half.z()) / 3.0,
                 m * (half.x() * half.x() + half.y() * half.y()) / 3.0);
    const Mat3 R = rotation();
    in.inertia = R * d.asDiagonal() * R.transpose();
    in.inertia = 0.5 * (in.inertia + in.inertia.transpose()).eval();
    return in;
  }
};
// The joint of link i is about z of its frame 𝒥_i; link i places joint i + 1 at
// [Rx(alpha_i), (a_i + b_i, 0, d_i)] and its centre of mass at (a_i, 0, d_i).
ModelDescription randomDhArm(const RandomTreeOptions& o) {
  Rng rng(o.seed);
  ModelDescription d;
  d.name = "random_dh_arm_" + std::to_string(o.bodies);
  d.base_type = o.base;
  d.links.push_back(LinkDescription{"vehicle", rng.inertial(10.0), {}});
  const Mat3 mount_rotation = rng.rotation();
  Pose placement{mount_rotation, rng.vec(-0.6, 0.6)};
  for (int i = 1; i < o.bodies; ++i) {
    LinkDescription l{"link_" + std::to_string(i), rng.inertial(1.0), {}};
    const double offset = rng.uniform(-0.4, 0.4);
    const double alpha = rng.uniform(-3.1, 3.1);
    const double a = rng.uniform(-0.2, 0.5);
    const double b = rng.uniform(-0.2, 0.5);
    l.inertial.com = Vec3(a, 0.0, offset);
    JointDescription j;
    j.name = "joint_" + std::to_string(i);
    j.kind = JointKind::Revolute;
    j.parent = d.links.back().name;
    j.child = l.name;
    j.origin = placement;
    j.axis = Vec3::UnitZ();
    j.damping = 0.0;
    d.links.push_back(l);
    d.joints.push_back(j);
    placement =
        Pose{Eigen::AngleAxisd(alpha, Vec3::UnitX()).toRotationMatrix(), Vec3(a + b, 0.0, offset)};
  }
  return d;
}

}  // namespace

ModelDescription randomTree(const RandomTreeOptions& o) {
  if (o.dh_arm) return randomDhArm(o);
  Rng rng(o.seed);
  ModelDescription d;
  d.name = (o.chain ? "random_chain_" : "random_tree_") + std::to_string(o.bodies);
  d.base_type = o.base;
  LinkDescription base{"vehicle", rng.inertial(10.0), {}};
  d.links.push_back(base);
  for (int i = 1; i < o.bodies; ++i) {
    LinkDescription l{"link_" + std::to_string(i), rng.inertial(1.0), {}};
    d.links.push_back(l);
    JointDescription j;
    j.name = "joint_" + std::to_string(i);
    j.kind = rng.uniform(0, 1) < o.prismatic_fraction ? JointKind::Prismatic : JointKind::Revolute;
    const int parent = o.chain ? i - 1 : rng.integer(std::max(0, i - 4), i - 1);
    j.parent = d.links[parent].name;
    j.child = l.name;
    j.origin = Pose{rng.rotation(), rng.vec(-0.6, 0.6)};
    j.axis = rng.unit();
    j.damping = 0.0;
    d.joints.push_back(j);
  }
  for (int k = 0; k < o.fixed_links; ++k) {
    const int parent = rng.integer(0, static_cast<int>(d.links.size()) - 1);
    LinkDescription l{"tool_" + std::to_string(k), rng.inertial(0.3), {}};
    if (k % 2 == 0) l.inertial = Inertial{};  // massless frame
    JointDescription j;
    j.name = "fixed_" + std::to_string(k);
    j.kind = JointKind::Fixed;
    j.parent = d.links[parent].name;
    j.child = l.name;
    j.origin = Pose{rng.rotation(), rng.vec(-0.3, 0.3)};
    d.links.push_back(l);
    d.joints.push_back(j);
  }
  // Shuffle the joint order while keeping it a valid description (order is free in URDF).
  if (!o.chain) std::shuffle(d.joints.begin(), d.joints.end(), rng.gen);
  return d;
}

ModelDescription benchmarkChain(int links, BaseType base) {
  ModelDescription d;
  d.name = "chain_" + std::to_string(links);
  d.base_type = base;
  LinkDescription b{"vehicle", {}, {}};
  b.inertial.mass = 100.0;
  b.inertial.inertia = Vec3(20.0, 25.0, 30.0).asDiagonal();
  d.links.push_back(b);
  const Vec3 axes[3] = {Vec3::UnitZ(), Vec3::UnitY(), Vec3::UnitX()};
  for (int i = 1; i <= links; ++i) {
    LinkDescription l{"link_" + std::to_string(i), {}, {}};
    l.inertial.mass = 2.0;
    l.inertial.com = Vec3(0.15, 0.0, 0.0);
    l.inertial.inertia = Vec3(0.004, 0.02, 0.021).asDiagonal();
    d.links.push_back(l);
    JointDescription j;
    j.name = "joint_" + std::to_string(i);
    j.kind = JointKind::Revolute;
    j.parent = d.links[i - 1].name;
    j.child = l.name;
    j.origin.p = i == 1 ? Vec3(0.6, 0.0, 0.4) : Vec3(0.3, 0.0, 0.0);
    j.axis = axes[(i - 1) % 3];
    d.joints.push_back(j);
  }
  return d;
}

State randomState(const Model& model, std::uint64_t seed) {
  Rng rng(seed);
  State s = State::neutral(model);
  if (model.base_type != BaseType::Fixed) {
    const Vec3 angular = rng.vec(-0.8, 0.8);
    const Vec3 linear = rng.vec(-0.5, 0.5);
    const Vec6 twist = makeVec6(linear, angular);
    s.base_twist = model.base_basis * (model.base_basis.transpose() * twist);
  }
  // Pose: any SE(3) pose is a valid starting pose of every subgroup (g = g_bar iota(h)).
  s.base_orientation = Quat(rng.rotation());
  s.base_position = rng.vec(-1.0, 1.0);
  for (int k = 0; k < model.njoints; ++k) {
    s.q[k] = rng.uniform(-1.5, 1.5);
    s.qd[k] = rng.uniform(-1.0, 1.0);
  }
  enforceJointCouplings(model, s);  // mimic joints follow their leaders
  return s;
}

}  // namespace vms
