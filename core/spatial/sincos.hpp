#pragma once
// sin and cos of many angles at once, for the joint rotations of forwardKinematics. The C
// library's sincos is a call of about 18 ns here (a tenth of forward dynamics on a 100-link
// chain), one angle at a time; sinCosBatch computes fdlibm's method on all joints in one loop
// that the compiler vectorises (4 angles per AVX instruction): reduction by pi/2 with
// fdlibm's two-part constant (n P1 exact), fdlibm's degree-13/14 kernels on [-pi/4, pi/4]
// with the reduction's tail, the quadrant by selects. The rare angles whose first reduction
// step cancels (near a multiple of pi/2; fdlibm then takes further steps), and those beyond
// 1e5 or not finite, are redone by sinCosOne (fdlibm's full medium-range reduction, or the C
// library). Within 1 ulp of std::sin / std::cos (tests/core/spatial/test_sincos.cpp).
//
// The reduction constants and the kernels' polynomial coefficients are fdlibm's, whose notice
// is kept here as it asks: "Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
// Developed at SunPro, a Sun Microsystems, Inc. business. Permission to use, copy, modify, and
// distribute this software is freely granted, provided that this notice is preserved."
#include <cmath>
#include <cstdint>
#include <cstring>

namespace vms {

namespace sincos_detail {

constexpr double kTwoOverPi = 6.36619772367581382433e-01;
// pi/2 = P1 + P1t = P1 + P2 + P2t = P1 + P2 + P3 + P3t; P1, P2, P3 have 33 bits, so n Pk is
// exact for |n| < 2^20 (fdlibm's pio2_1, pio2_1t, ...).
constexpr double P1 = 1.57079632673412561417e+00, P1t = 6.07710050650619224932e-11,
                 P2 = 6.07710050630396597660e-11, P2t = 2.02226624879595063154e-21,
                 P3 = 2.02226624871116645580e-21, P3t = 8.47842766036889956997e-32;
constexpr double kMaxFast = 1e5;

// n = the integer nearest v (|v| < 2^51) and n mod 4, by the shifter trick: adding 1.5 2^52
// rounds to an integer in the last mantissa bits (no call, no conversion: it vectorises).
inline double nearestInteger(double v, std::uint64_t& n_mod_4) {
  constexpr double kShifter = 0x1.8p52;
  const double shifted = v + kShifter;
  std::uint64_t bits;
  std::memcpy(&bits, &shifted, sizeof bits);
  n_mod_4 = bits & 3;
  return shifted - kShifter;
}

inline int biasedExponent(double x) {
  std::uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  return static_cast<int>((bits >> 52) & 0x7ff);
}

// sin and cos of y0 + y1 (|y0| <= pi/4, y1 a tail below half an ulp of y0), rotated to the
// quadrant n mod 4: fdlibm's __kernel_sin(y0, y1, 1) and __kernel_cos(y0, y1).
inline void kernels(std::uint64_t quadrant, double y0, double y1, double& s, double& c) {
  constexpr double S1 = -1.66666666666666324348e-01, S2 = 8.33333333332248946124e-03,
                   S3 = -1.98412698298579493134e-04, S4 = 2.75573137070700676789e-06,
                   S5 = -2.50507602534068634195e-08, S6 = 1.58969099521155010221e-10;
  constexpr double C1 = 4.16666666666666019037e-02, C2 = -1.38888888888741095749e-03,
                   C3 = 2.48015872894767294178e-05, C4 = -2.75573143513906633035e-07,
                   C5 = 2.08757232129817482790e-09, C6 = -1.13596475577881948265e-11;
  const double z = y0 * y0;
  const double rs = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
  const double v = z * y0;
  const double sin_r = y0 - ((z * (0.5 * y1 - v * rs) - y1) - v * S1);
  const double zz = z * z;
  const double rc = z * (C1 + z * (C2 + z * C3)) + zz * zz * (C4 + z * (C5 + z * C6));
  const double hz = 0.5 * z;
  const double wc = 1.0 - hz;
  const double cos_r = wc + (((1.0 - wc) - hz) + (z * rc - y0 * y1));
  const bool swap = (quadrant & 1) != 0;
  const double s0 = swap ? cos_r : sin_r;
  const double c0 = swap ? sin_r : cos_r;
  s = quadrant >= 2 ? -s0 : s0;
  c = (quadrant == 1 || quadrant == 2) ? -c0 : c0;
}

// One angle, fdlibm's __ieee754_rem_pio2 for medium arguments (a second and third reduction
// step when the first ones cancel; their subtraction is then exact).
inline void sinCosOne(double x, double& s, double& c) {
  if (!(std::abs(x) <= kMaxFast)) {
    s = std::sin(x);
    c = std::cos(x);
    return;
  }
  std::uint64_t quadrant;
  const double n = nearestInteger(x * kTwoOverPi, quadrant);
  double r = x - n * P1;  // exact
  double w = n * P1t;
  double y0 = r - w;
  const int ex = biasedExponent(x);
  if (ex - biasedExponent(y0) > 16) {
    double t = r;
    w = n * P2;
    r = t - w;
    w = n * P2t - ((t - r) - w);
    y0 = r - w;
    if (ex - biasedExponent(y0) > 49) {
      t = r;
      w = n * P3;
      r = t - w;
      w = n * P3t - ((t - r) - w);
      y0 = r - w;
    }
  }
  kernels(quadrant, y0, (r - y0) - w, s, c);
}

}  // namespace sincos_detail

/// s[k] = sin(x[k]), c[k] = cos(x[k]) for k < count, within 1 ulp of the C library's.
inline void sinCosBatch(const double* x, double* s, double* c, int count) {
  using namespace sincos_detail;
  // The fast path for every angle (branch-free, vectorised), then the exceptions one by one:
  // fdlibm takes a second reduction step when y0 lost more than 16 bits to x, which implies
  // |y0| < 2^-16 |x| (a test on values, so that it vectorises); and large or non-finite x.
  const auto fastIsEnough = [](double xk, double y0) {
    // (bitwise &: no branch in the vectorised loop)
    return static_cast<int>(std::abs(xk) <= kMaxFast) &
           static_cast<int>(!(std::abs(y0) < 0x1p-16 * std::abs(xk)));
  };
  std::uint64_t redo = 0;  // (not a bool: GCC 12 vectorises no bool reduction)
  for (int k = 0; k < count; ++k) {
    const double xk = x[k];
    std::uint64_t quadrant;
    const double n = nearestInteger(xk * kTwoOverPi, quadrant);
    const double r = xk - n * P1;  // exact
    const double w = n * P1t;
    const double y0 = r - w;
    kernels(quadrant, y0, (r - y0) - w, s[k], c[k]);
    redo |= static_cast<std::uint64_t>(!fastIsEnough(xk, y0));
  }
  if (redo == 0) return;
  for (int k = 0; k < count; ++k) {
    std::uint64_t quadrant;
    const double n = nearestInteger(x[k] * kTwoOverPi, quadrant);
    if (!fastIsEnough(x[k], (x[k] - n * P1) - n * P1t)) sinCosOne(x[k], s[k], c[k]);
  }
}

}  // namespace vms
