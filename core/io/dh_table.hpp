#pragma once
// Denavit-Hartenberg tables in the convention of seed 004 (Wilde et al. 2018, Eqs 1-10):
//
//   A(beta, u, gamma, w) = Rz(beta) * Trans(w, 0, u) * Rx(gamma)
//   J_1     = J_0 * [Rz(eta) Ry(zeta) Rx(epsilon), b0]        (J_0 = L_0: base frame at its CoM)
//   J_{i+1} = J_i * A(q_i, d_i, alpha_i, a_i + b_i)            (i = 1..N; J_{N+1} = end-effector)
//   L_i     = J_i * A(q_i, d_i, alpha_i, a_i)                  (CoM frame of link i, || J_{i+1})
//
// Expansion into a ModelDescription: link i's body frame is J_i * Rz(q_i) (the joint frame
// turned by its angle), joint i's axis is z of J_i. Hence, in body i:
//   origin of joint i+1 = [Rx(alpha_i), (a_i + b_i, 0, d_i)],
//   centre of mass      = (a_i, 0, d_i),
//   inertia about CoM   = Rx(alpha_i) * I_i * Rx(alpha_i)^T   (I_i given in L_i),
//   visuals             = given in L_i, placed by [Rx(alpha_i), (a_i, 0, d_i)].
// The base body has its frame at its CoM (com defaults to 0). The end-effector is a named
// frame at J_{N+1} on link N.
//
// Seed 004's tables give row "joint i" = the J_{i-1} -> J_i parameters of link i-1: the row
// labelled "joint 2" is link 1's (d, alpha, a, b), ..., the row "End-effector" is link N's.
#include <limits>
#include <string>
#include <vector>

#include "core/model/model_description.hpp"

namespace vms {

/// An angle not written in degrees (DhLink::alpha_deg, DhTable::epsilon_deg, ...).
inline constexpr double kNotGiven = std::numeric_limits<double>::quiet_NaN();

struct DhLink {
  std::string name;                      // link name; empty -> "link<i>" (i from 1)
  std::string joint_name;                // empty -> "joint<i>"
  JointKind kind = JointKind::Revolute;  // Revolute or Continuous
  double mass = 0.0;
  Mat3 inertia = Mat3::Zero();   // about the CoM, in the CoM frame L_i
  double d = 0.0;                // m
  double alpha = 0.0;            // rad
  double alpha_deg = kNotGiven;  // the value written as "alpha_deg", if any (kept on saving)
  double a = 0.0;                // m, from joint i to CoM_i along x of L_i
  double b = 0.0;                // m, from CoM_i to joint i+1
  bool has_limits = false;
  double lower = 0.0, upper = 0.0, effort = 0.0, velocity = 0.0, damping = 0.0, friction = 0.0;
  std::vector<Visual> visuals;  // origins in L_i
};

struct DhTable {
  std::string base_name = "base";
  double base_mass = 0.0;
  Vec3 base_com = Vec3::Zero();                 // seed 004: 0 (J_0 at the base CoM)
  Mat3 base_inertia = Mat3::Zero();             // about the base CoM, base frame
  std::vector<Visual> base_visuals;             // base frame
  Vec3 b0 = Vec3::Zero();                       // origin of J_1 in the base frame
  double epsilon = 0.0, zeta = 0.0, eta = 0.0;  // mount rotation Rz(eta) Ry(zeta) Rx(epsilon), rad
  // The values written as "epsilon_deg", ... if any (kept on saving while they still give the
  // angle in radians exactly).
  double epsilon_deg = kNotGiven, zeta_deg = kNotGiven, eta_deg = kNotGiven;
  std::vector<DhLink> links;                  // links 1..N
  std::string end_effector = "end_effector";  // frame name at J_{N+1}; empty: no frame
};

/// Seed 004, Eq (2): A(beta, u, gamma, w) as a pose.
Pose dhTransform(double beta, double u, double gamma, double w);

/// Link and joint names with defaults applied ("link<i>", "joint<i>").
std::string dhLinkName(const DhTable& table, size_t i);
std::string dhJointName(const DhTable& table, size_t i);

/// Appends the base link, the N links, N revolute joints and the end-effector frame to `d`
/// (name, base type and gravity are left alone). Does not validate: compileModel does.
void appendDhTable(const DhTable& table, ModelDescription* d);

/// A description holding only the DH chain.
ModelDescription dhToDescription(const DhTable& table, const std::string& name = "dh_model",
                                 BaseType base_type = BaseType::Free);

}  // namespace vms
