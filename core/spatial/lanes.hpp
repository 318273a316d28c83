#pragma once
// Short vectors of doubles for the hand-vectorised hot loops (aba's passes, forward
// kinematics): GCC/clang vector extensions, which become AVX/SSE registers with -march=native
// and plain SSE2 or scalar code elsewhere. Loads and stores go through memcpy (unaligned moves,
// no aliasing assumptions) from Eigen's column-major storage. Eigen itself works on 3- and
// 6-vectors two lanes at a time (neither is a multiple of 4).
#include <cstring>

namespace vms::lanes {

typedef double Lanes4 __attribute__((vector_size(32)));
typedef double Lanes2 __attribute__((vector_size(16)));

inline Lanes4 load4(const double* p) {
  Lanes4 r;
  std::memcpy(&r, p, sizeof r);
  return r;
}
inline Lanes2 load2(const double* p) {
  Lanes2 r;
  std::memcpy(&r, p, sizeof r);
  return r;
}
/// A 3-vector in lanes 0-2, lane 3 zero (reads exactly three doubles).
inline Lanes4 load3(const double* p) { return Lanes4{p[0], p[1], p[2], 0.0}; }
inline void store4(double* p, const Lanes4& x) { std::memcpy(p, &x, sizeof x); }
inline void store2(double* p, const Lanes2& x) { std::memcpy(p, &x, sizeof x); }
/// Lanes 0-2 only (writes exactly three doubles).
inline void store3(double* p, const Lanes4& x) {
  const Lanes2 lo = {x[0], x[1]};
  store2(p, lo);
  p[2] = x[2];
}

}  // namespace vms::lanes
