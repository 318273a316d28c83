#pragma once
// Pinocchio's articulated-body algorithm as a benchmark peer, behind an interface that names no
// Pinocchio type: pinocchio_aba.cpp is compiled on its own (with clang when available, see
// bench/CMakeLists.txt) from the Pinocchio source tree given by VMS_PINOCCHIO_SRC, and linked
// into vms_bench only. Not part of the product.
#include <memory>
#include <string>
#include <vector>

namespace vms::bench {

class PinocchioAba {
 public:
  PinocchioAba();
  ~PinocchioAba();
  PinocchioAba(const PinocchioAba&) = delete;
  PinocchioAba& operator=(const PinocchioAba&) = delete;

  /// Builds the model from URDF text with a free-flyer root joint (Pinocchio's URDF parser).
  /// Throws std::runtime_error on failure.
  void load(const std::string& urdf_text);
  void setGravity(double gx, double gy, double gz);

  int nq() const;
  int nv() const;
  /// Moving joints after the root joint, in Pinocchio's order: name, first index in q and v,
  /// and nq (1, or 2 for an unbounded revolute joint stored as cos, sin).
  struct Joint {
    std::string name;
    int idx_q = 0, idx_v = 0, nq = 1;
  };
  std::vector<Joint> joints() const;

  /// a = ABA(q, v, tau): q = [position; quaternion x, y, z, w; joints], v = [linear; angular]
  /// body velocity of the root frame (Pinocchio's LOCAL free-flyer convention; joints). `world`
  /// selects Pinocchio 3's Convention::WORLD instead of Convention::LOCAL. No allocation.
  void forward(const double* q, const double* v, const double* tau, double* a, bool world);

  /// "clang 14.0.6" or similar: the compiler of pinocchio_aba.cpp.
  static std::string compiler();

 private:
  friend class PinocchioAbaDerivatives;
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace vms::bench
