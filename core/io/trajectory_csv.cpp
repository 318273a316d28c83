#include "core/io/trajectory_csv.hpp"

namespace vms {

TrajectoryCsvWriter::TrajectoryCsvWriter(std::FILE* file, const Model& model,
                                         std::vector<std::string> extra)
    : file_(file), extra_count_(extra.size()) {
  columns_ = {"t",       "base_px", "base_py", "base_pz", "base_qw", "base_qx", "base_qy",
              "base_qz", "base_vx", "base_vy", "base_vz", "base_wx", "base_wy", "base_wz"};
  for (const auto& n : model.joint_names) columns_.push_back("q:" + n);
  for (const auto& n : model.joint_names) columns_.push_back("qd:" + n);
  for (const char* n : {"Px", "Py", "Pz", "Lx", "Ly", "Lz", "T"}) columns_.push_back(n);
  for (auto& e : extra) columns_.push_back(std::move(e));
  row_.reserve(columns_.size());
}

void TrajectoryCsvWriter::writeHeader() {
  for (size_t i = 0; i < columns_.size(); ++i)
    std::fprintf(file_, i ? ",%s" : "%s", columns_[i].c_str());
  std::fputc('\n', file_);
  std::fflush(file_);
}

void TrajectoryCsvWriter::writeRow(double t, const State& s, const MomentumSummary& m,
                                   const std::vector<double>& extra) {
  row_.clear();
  row_.push_back(t);
  for (int k = 0; k < 3; ++k) row_.push_back(s.base_position[k]);
  const Quat& q = s.base_orientation;
  for (double x : {q.w(), q.x(), q.y(), q.z()}) row_.push_back(x);
  const Vec3 v = s.baseLinearVelocityWorld(), w = s.baseAngularVelocityWorld();
  for (int k = 0; k < 3; ++k) row_.push_back(v[k]);
  for (int k = 0; k < 3; ++k) row_.push_back(w[k]);
  for (Eigen::Index k = 0; k < s.q.size(); ++k) row_.push_back(s.q[k]);
  for (Eigen::Index k = 0; k < s.qd.size(); ++k) row_.push_back(s.qd[k]);
  for (int k = 0; k < 3; ++k) row_.push_back(m.linear[k]);
  for (int k = 0; k < 3; ++k) row_.push_back(m.angular_origin[k]);
  row_.push_back(m.kinetic_energy);
  for (size_t k = 0; k < extra_count_ && k < extra.size(); ++k) row_.push_back(extra[k]);
  for (size_t i = 0; i < row_.size(); ++i) std::fprintf(file_, i ? ",%.17g" : "%.17g", row_[i]);
  std::fputc('\n', file_);
  std::fflush(file_);
}

}  // namespace vms
