#pragma once
// Pinocchio's analytic derivatives of forward dynamics (pinocchio::computeABADerivatives) as a
// benchmark peer, behind an interface that names no Pinocchio type, like PinocchioAba:
// pinocchio_aba_derivatives.cpp is compiled on its own from the Pinocchio source tree (see
// bench/CMakeLists.txt) and linked into vms_bench_derivatives only. Not part of the product.
#include <memory>

#include "pinocchio_aba.hpp"

namespace vms::bench {

class PinocchioAbaDerivatives {
 public:
  /// A copy of `aba`'s model as it is now (load() and setGravity() done), with its own data.
  explicit PinocchioAbaDerivatives(const PinocchioAba& aba);
  ~PinocchioAbaDerivatives();
  PinocchioAbaDerivatives(const PinocchioAbaDerivatives&) = delete;
  PinocchioAbaDerivatives& operator=(const PinocchioAbaDerivatives&) = delete;

  int nv() const;

  /// pinocchio::computeABADerivatives(model, data, q, v, tau), q, v, tau as in
  /// PinocchioAba::forward. The results stay in Pinocchio's data (read them with results()):
  /// ddq, ddq_dq and ddq_dv in its local free-flyer tangent (a perturbation dv of the
  /// configuration is integrate(q, dv): the root pose times exp6 of dv's first six entries),
  /// and Minv with both triangles filled. No allocation.
  void compute(const double* q, const double* v, const double* tau);

  /// Copies the last compute()'s results, nv x nv matrices column-major; null skips one.
  void results(double* ddq, double* ddq_dq, double* ddq_dv, double* minv) const;

  /// The same derivatives at the same point computed in long double (x87 extended precision,
  /// a 64-bit mantissa: 2048 times finer than double), rounded to double: a reference that
  /// tells which of two double results that differ is nearer the exact one. Allocates.
  /// Returns false, writing nothing, when the peer was built without it (the default; CMake
  /// option VMS_BENCH_LONG_DOUBLE=ON builds it, doubling the object's compile time).
  bool computeExtended(const double* q, const double* v, const double* tau, double* ddq,
                       double* ddq_dq, double* ddq_dv, double* minv) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace vms::bench
