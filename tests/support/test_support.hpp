#pragma once
// Shared helpers for the QtTest suites: relative comparisons with readable failure messages.
#include <Eigen/Core>
#include <QtTest/QtTest>
#include <exception>
#include <functional>
#include <sstream>
#include <string>

#include "core/model/base_type.hpp"

namespace vms::test {

/// max |a - b| / max(1, max |b|).
template <typename A, typename B>
double relativeError(const A& a, const B& b) {
  if (b.size() == 0) return a.size() == 0 ? 0.0 : 1e300;
  const double scale = std::max(1.0, static_cast<double>(b.cwiseAbs().maxCoeff()));
  return (a - b).cwiseAbs().maxCoeff() / scale;
}

inline std::string describe(const char* what, double err, double tol) {
  std::ostringstream s;
  s << what << ": relative error " << err << " > tolerance " << tol;
  return s.str();
}

/// The message of the exception `f` throws, or "" if it throws none.
inline std::string errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

/// Every vehicle type.
inline constexpr const auto& kAllBases = kAllBaseTypes;

}  // namespace vms::test

/// Fails the test with a message if relativeError(actual, expected) > tol.
#define VMS_COMPARE_REL(actual, expected, tol)                                         \
  do {                                                                                 \
    const double vms_err_ = ::vms::test::relativeError((actual), (expected));          \
    if (!(vms_err_ <= (tol)))                                                          \
      QFAIL(::vms::test::describe(#actual " vs " #expected, vms_err_, (tol)).c_str()); \
  } while (0)
