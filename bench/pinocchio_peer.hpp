#pragma once
// Pinocchio as a benchmark peer (optional: VMS_HAVE_PINOCCHIO, see bench/CMakeLists.txt): our
// model written as URDF and loaded by Pinocchio's parser with a free-flyer root joint, and
// our state in Pinocchio's conventions.
//
// Pinocchio's free flyer: q = [base origin (world); quaternion x, y, z, w], v = [linear;
// angular] body velocity of the root frame, its acceleration = d/dt v. Ours: State::base_twist
// = [v_b; w_b] in base coordinates, the same quantity, so v = base_twist and a = base_twist_dot
// with no conversion. Joints are matched by name (Pinocchio orders them depth first).
#ifdef VMS_HAVE_PINOCCHIO
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/io/urdf.hpp"
#include "core/model/model.hpp"
#include "core/model/state.hpp"
#include "pinocchio/pinocchio_aba.hpp"

namespace vms::bench {

/// Pinocchio's model of a free-floating description and our state mapped into its vectors.
struct PinocchioPeer {
  std::unique_ptr<PinocchioAba> aba;
  VecX q, v, tau, a;
  std::vector<int> joint_v;  // per joint of ours (user order): its index in Pinocchio's v
  std::vector<PinocchioAba::Joint> joints;  // Pinocchio's moving joints, its order

  /// Pinocchio's model of `d` (written as URDF, or `urdf_text` when given: the file `d` was
  /// read from) at state `s` with joint forces `joint_tau` (user order).
  PinocchioPeer(const ModelDescription& d, const Model& model, const State& s,
                const VecX& joint_tau, const std::string& urdf_text = {})
      : aba(std::make_unique<PinocchioAba>()) {
    if (model.base_type != BaseType::Free)
      throw std::runtime_error("pinocchio peer: only free vehicles");
    aba->load(urdf_text.empty() ? writeUrdf(d) : urdf_text);
    aba->setGravity(model.gravity.x(), model.gravity.y(), model.gravity.z());
    if (aba->nv() != model.nv)
      throw std::runtime_error("pinocchio peer: nv " + std::to_string(aba->nv()) + ", ours " +
                               std::to_string(model.nv));
    q = VecX::Zero(aba->nq());
    v = VecX::Zero(aba->nv());
    tau = VecX::Zero(aba->nv());
    a = VecX::Zero(aba->nv());
    joint_v.assign(model.njoints, -1);
    for (const PinocchioAba::Joint& j : aba->joints()) {
      const int k = model.jointIndex(j.name);
      if (k < 0) throw std::runtime_error("pinocchio peer: unknown joint " + j.name);
      joint_v[k] = j.idx_v;
      joints.push_back(j);
    }
    for (int k = 0; k < model.njoints; ++k)
      if (joint_v[k] < 0)
        throw std::runtime_error("pinocchio peer: joint " + model.joint_names[k] + " missing");
    setState(model, s, joint_tau);
  }

  /// Our state and joint forces (user order) into q, v, tau.
  void setState(const Model& model, const State& s, const VecX& joint_tau) {
    const Quat r = s.base_orientation.normalized();
    q.head<3>() = s.base_position;
    q.segment<4>(3) << r.x(), r.y(), r.z(), r.w();
    v.head<6>() = s.base_twist;
    tau.head<6>().setZero();
    for (const PinocchioAba::Joint& j : joints) {
      const int k = model.jointIndex(j.name);
      if (j.nq == 1) {
        q[j.idx_q] = s.q[k];
      } else {  // unbounded revolute: cos, sin
        q[j.idx_q] = std::cos(s.q[k]);
        q[j.idx_q + 1] = std::sin(s.q[k]);
      }
      v[j.idx_v] = s.qd[k];
      tau[j.idx_v] = joint_tau[k];
    }
  }

  /// Index in Pinocchio's v of each entry of our nu = [base_twist; qd (user order)].
  std::vector<int> velocityIndexInPinocchio() const {
    std::vector<int> out = {0, 1, 2, 3, 4, 5};
    out.insert(out.end(), joint_v.begin(), joint_v.end());
    return out;
  }

  /// An nv x nv matrix of Pinocchio's (column-major, rows and columns in its v order) in ours.
  MatX toOurOrder(const MatX& pin) const {
    const std::vector<int> at = velocityIndexInPinocchio();
    const int n = static_cast<int>(at.size());
    MatX out(n, n);
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) out(i, j) = pin(at[i], at[j]);
    return out;
  }

  /// Pinocchio's accelerations in our order: [base_twist_dot; qdd (user order)].
  VecX forwardInOurOrder(bool world) {
    aba->forward(q.data(), v.data(), tau.data(), a.data(), world);
    VecX out(a.size());
    out.head<6>() = a.head<6>();
    for (size_t k = 0; k < joint_v.size(); ++k) out[6 + k] = a[joint_v[k]];
    return out;
  }
};

}  // namespace vms::bench
#endif
