#pragma once
// Loading MuJoCo 2.2.2 models from text and moving states and results between our conventions
// and MuJoCo's (see docs/mujoco-crosscheck.md). Header-only, no Qt: the tests and
// the benchmarks share it. Link with mujoco::mujoco.
//
// Free joint conventions: qpos = [base origin (world); quaternion w, x, y, z];
// qvel = [world velocity of the base origin; base angular velocity in BASE coordinates];
// qacc = d/dt qvel. Ours: State::base_twist = [v_b; w_b] (both base coordinates), so
//   qvel_lin = R v_b,  qvel_ang = w_b,
//   qacc_lin = R (dv_b/dt + w_b x v_b) = baseLinearAccelerationWorld(), qacc_ang = dw_b/dt.
#include <mujoco/mujoco.h>

#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/algorithms/aba.hpp"
#include "core/model/model.hpp"
#include "core/model/state.hpp"

namespace vms::test {

/// Owns an mjModel and an mjData.
class MujocoInstance {
 public:
  MujocoInstance(mjModel* m) : m_(m), d_(mj_makeData(m)) {}
  ~MujocoInstance() {
    if (d_) mj_deleteData(d_);
    if (m_) mj_deleteModel(m_);
  }
  MujocoInstance(const MujocoInstance&) = delete;
  MujocoInstance& operator=(const MujocoInstance&) = delete;
  mjModel* m() const { return m_; }
  mjData* d() const { return d_; }

 private:
  mjModel* m_;
  mjData* d_;
};

/// Loads MJCF or URDF text (chosen by MuJoCo from the root element) through a virtual file
/// system; `filename` only names it in error messages. Throws std::runtime_error on failure.
inline std::unique_ptr<MujocoInstance> loadMujoco(const std::string& text,
                                                  const std::string& filename = "model.xml") {
  auto vfs = std::make_unique<mjVFS>();  // ~2 MB: keep it off the stack
  mj_defaultVFS(vfs.get());
  if (mj_makeEmptyFileVFS(vfs.get(), filename.c_str(), static_cast<int>(text.size())) != 0)
    throw std::runtime_error("mujoco: cannot create the virtual file " + filename);
  std::memcpy(vfs->filedata[vfs->nfile - 1], text.data(), text.size());
  char error[1000] = "";
  mjModel* m = mj_loadXML(filename.c_str(), vfs.get(), error, sizeof error);
  mj_deleteVFS(vfs.get());
  if (!m) throw std::runtime_error("mujoco: cannot load " + filename + ": " + error);
  return std::make_unique<MujocoInstance>(m);
}

/// Where each of our coordinates lives in MuJoCo's qpos / qvel.
struct MujocoMap {
  int free_qpos = -1;           // first qpos of the free joint, -1 for a fixed base
  int free_dof = -1;            // first dof of the free joint
  std::vector<int> joint_qpos;  // per joint of ours (user order)
  std::vector<int> joint_dof;
  /// Our generalized velocity index (base 6 then joints) -> MuJoCo dof.
  std::vector<int> nu_to_dof;
};

inline MujocoMap mapMujoco(const Model& model, const mjModel* m,
                           const std::string& free_joint_name = "vms_base") {
  MujocoMap map;
  if (model.base_type != BaseType::Free && model.base_type != BaseType::Fixed)
    throw std::runtime_error("mujoco map: only free and fixed vehicles");
  if (model.base_type == BaseType::Free) {
    const int id = mj_name2id(m, mjOBJ_JOINT, free_joint_name.c_str());
    if (id < 0 || m->jnt_type[id] != mjJNT_FREE)
      throw std::runtime_error("mujoco map: no free joint " + free_joint_name);
    map.free_qpos = m->jnt_qposadr[id];
    map.free_dof = m->jnt_dofadr[id];
    for (int k = 0; k < 6; ++k) map.nu_to_dof.push_back(map.free_dof + k);
  }
  for (const std::string& name : model.joint_names) {
    const int id = mj_name2id(m, mjOBJ_JOINT, name.c_str());
    if (id < 0) throw std::runtime_error("mujoco map: no joint " + name);
    map.joint_qpos.push_back(m->jnt_qposadr[id]);
    map.joint_dof.push_back(m->jnt_dofadr[id]);
    map.nu_to_dof.push_back(m->jnt_dofadr[id]);
  }
  if (static_cast<int>(map.nu_to_dof.size()) != m->nv || model.nv != m->nv)
    throw std::runtime_error("mujoco map: nv differs (ours " + std::to_string(model.nv) +
                             ", MuJoCo " + std::to_string(m->nv) + ")");
  return map;
}

/// Writes our state (and joint forces tau, user order, into qfrc_applied) into MuJoCo's data.
inline void setMujocoState(const Model& model, const MujocoMap& map, const State& s,
                           const VecX& tau, const mjModel* m, mjData* d) {
  mj_resetData(m, d);
  if (map.free_qpos >= 0) {
    const Quat q = s.base_orientation.normalized();
    mjtNum* qp = d->qpos + map.free_qpos;
    for (int k = 0; k < 3; ++k) qp[k] = s.base_position[k];
    qp[3] = q.w();
    qp[4] = q.x();
    qp[5] = q.y();
    qp[6] = q.z();
    const Vec3 v = s.baseLinearVelocityWorld();
    for (int k = 0; k < 3; ++k) {
      d->qvel[map.free_dof + k] = v[k];
      d->qvel[map.free_dof + 3 + k] = s.base_twist[3 + k];
    }
  }
  for (int k = 0; k < model.njoints; ++k) {
    d->qpos[map.joint_qpos[k]] = s.q[k];
    d->qvel[map.joint_dof[k]] = s.qd[k];
    d->qfrc_applied[map.joint_dof[k]] = tau.size() ? tau[k] : 0.0;
  }
}

/// MuJoCo's qacc in our coordinate order (free joint first, then joints in user order), still
/// in MuJoCo's conventions (see the file comment).
inline VecX mujocoAcceleration(const MujocoMap& map, const mjData* d) {
  VecX a(map.nu_to_dof.size());
  for (size_t i = 0; i < map.nu_to_dof.size(); ++i) a[i] = d->qacc[map.nu_to_dof[i]];
  return a;
}

/// Our aba() result (data.base_twist_dot, data.qdd) in MuJoCo's conventions, our order.
inline VecX oursInMujocoConvention(const Model& model, const State& s, const Vec6& base_twist_dot,
                                   const VecX& qdd) {
  VecX a(model.nv);
  if (model.base_type == BaseType::Free) {
    a.head<3>() = baseLinearAccelerationWorld(s, base_twist_dot);
    a.segment<3>(3) = base_twist_dot.tail<3>();
  }
  a.tail(model.njoints) = qdd;
  return a;
}

/// Free-floating chains larger than MuJoCo's XML nesting limit go through MuJoCo's URDF
/// loader (writeMujocoUrdf); the rest through MJCF (writeMjcf). MuJoCo 2.2.2 parses with
/// tinyxml2, whose element depth limit is 100: writeMjcf chains of up to 96 links load (measured:
/// 95 loads, 97 fails with XML_ELEMENT_DEPTH_EXCEEDED), so 90 leaves a margin.
constexpr int kMjcfMaxChainLinks = 90;

}  // namespace vms::test
