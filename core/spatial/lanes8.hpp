#pragma once
// Eight problems side by side, one per lane of an 8-double vector (one AVX-512 register with
// -march=native; narrower registers or scalars elsewhere): 3-vectors, symmetric 3x3 matrices,
// spatial vectors [linear; angular] and their cross products, and the two structured 6x6
// matrices of a rigid body's world inertia I = [m 1, -skew(h); skew(h), J] (h = m c) and of its
// rate B = v x* I - I v x = [0, -skew(p); skew(p), Z] (J and Z symmetric). Sums of such
// matrices keep the structure, so a subtree's composites do too. A cross product costs six
// multiplies per lane and no shuffles, where one problem at a time in a register spends most
// of its work moving components.
#include <cstddef>
#include <cstring>
#ifdef __AVX512F__
#include <immintrin.h>
#endif

namespace vms::lanes8 {

#define VMS_LANES8_INLINE inline __attribute__((always_inline))

typedef double Lanes8 __attribute__((vector_size(64)));

VMS_LANES8_INLINE Lanes8 load(const double* p) {
  Lanes8 r;
  std::memcpy(&r, p, sizeof r);
  return r;
}
VMS_LANES8_INLINE void store(double* p, const Lanes8& x) { std::memcpy(p, &x, sizeof x); }

/// Lanes l < count from p[l], zero past count.
VMS_LANES8_INLINE Lanes8 loadFirst(const double* p, int count) {
#ifdef __AVX512F__
  return _mm512_maskz_loadu_pd(static_cast<__mmask8>((1u << count) - 1u), p);
#else
  Lanes8 r = {};
  for (int l = 0; l < count; ++l) r[l] = p[l];
  return r;
#endif
}

/// Stores lanes l < count to p[l].
VMS_LANES8_INLINE void storeFirst(double* p, const Lanes8& x, int count) {
#ifdef __AVX512F__
  _mm512_mask_storeu_pd(p, static_cast<__mmask8>((1u << count) - 1u), x);
#else
  for (int l = 0; l < count; ++l) p[l] = x[l];
#endif
}

/// Lane l < count: p[l * stride]; zero past count.
VMS_LANES8_INLINE Lanes8 gather(const double* p, int stride, int count) {
#ifdef __AVX512F__
  const __m512i index = _mm512_set_epi64(7 * stride, 6 * stride, 5 * stride, 4 * stride, 3 * stride,
                                         2 * stride, stride, 0);
  return _mm512_mask_i64gather_pd(_mm512_setzero_pd(), static_cast<__mmask8>((1u << count) - 1u),
                                  index, p, 8);
#else
  Lanes8 r = {};
  for (int l = 0; l < count; ++l) r[l] = p[l * stride];
  return r;
#endif
}

/// Lane l: x[l] + x[l + 1] + ... + x[7].
VMS_LANES8_INLINE Lanes8 suffixSum(Lanes8 x) {
  const Lanes8 zero = {};
  x += __builtin_shufflevector(x, zero, 1, 2, 3, 4, 5, 6, 7, 8);
  x += __builtin_shufflevector(x, zero, 2, 3, 4, 5, 6, 7, 8, 8);
  x += __builtin_shufflevector(x, zero, 4, 5, 6, 7, 8, 8, 8, 8);
  return x;
}

struct Vec3 {
  Lanes8 x, y, z;
};
VMS_LANES8_INLINE Vec3 operator+(const Vec3& a, const Vec3& b) {
  return {a.x + b.x, a.y + b.y, a.z + b.z};
}
VMS_LANES8_INLINE Vec3 operator-(const Vec3& a, const Vec3& b) {
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}
VMS_LANES8_INLINE Vec3 operator-(const Vec3& a) { return {-a.x, -a.y, -a.z}; }
VMS_LANES8_INLINE Vec3 operator*(const Lanes8& s, const Vec3& a) {
  return {s * a.x, s * a.y, s * a.z};
}
VMS_LANES8_INLINE Vec3 operator*(double s, const Vec3& a) { return {s * a.x, s * a.y, s * a.z}; }
VMS_LANES8_INLINE Vec3 cross(const Vec3& a, const Vec3& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

/// Lower triangle of a symmetric 3x3 matrix.
struct Sym3 {
  Lanes8 xx, yx, zx, yy, zy, zz;
};
VMS_LANES8_INLINE Vec3 operator*(const Sym3& A, const Vec3& v) {
  return {A.xx * v.x + A.yx * v.y + A.zx * v.z, A.yx * v.x + A.yy * v.y + A.zy * v.z,
          A.zx * v.x + A.zy * v.y + A.zz * v.z};
}

/// Every lane x.
VMS_LANES8_INLINE Lanes8 broadcast(double x) { return Lanes8{} + x; }
/// Every lane (x[0], x[1], x[2]).
VMS_LANES8_INLINE Vec3 broadcast3(const double* x) {
  return {broadcast(x[0]), broadcast(x[1]), broadcast(x[2])};
}

/// A spatial vector [linear; angular] (motion or force).
struct Spatial {
  Vec3 lin, ang;
};
/// Every lane the spatial vector at x (six doubles).
VMS_LANES8_INLINE Spatial broadcast6(const double* x) { return {broadcast3(x), broadcast3(x + 3)}; }
/// Component m in the eight doubles at p + m * stride (rows of a row-major matrix).
VMS_LANES8_INLINE Spatial loadSpatial(const double* p, std::ptrdiff_t stride) {
  return {{load(p), load(p + stride), load(p + 2 * stride)},
          {load(p + 3 * stride), load(p + 4 * stride), load(p + 5 * stride)}};
}
VMS_LANES8_INLINE void storeSpatial(double* p, std::ptrdiff_t stride, const Spatial& x) {
  store(p, x.lin.x), store(p + stride, x.lin.y), store(p + 2 * stride, x.lin.z);
  store(p + 3 * stride, x.ang.x), store(p + 4 * stride, x.ang.y), store(p + 5 * stride, x.ang.z);
}
VMS_LANES8_INLINE Spatial operator+(const Spatial& a, const Spatial& b) {
  return {a.lin + b.lin, a.ang + b.ang};
}
VMS_LANES8_INLINE Spatial operator-(const Spatial& a, const Spatial& b) {
  return {a.lin - b.lin, a.ang - b.ang};
}
VMS_LANES8_INLINE Spatial operator-(const Spatial& a) { return {-a.lin, -a.ang}; }
VMS_LANES8_INLINE Spatial operator*(double s, const Spatial& a) { return {s * a.lin, s * a.ang}; }
/// Motion cross product x (x) y = [xw x yv + xv x yw; xw x yw].
VMS_LANES8_INLINE Spatial crossMotion(const Spatial& x, const Spatial& y) {
  return {cross(x.ang, y.lin) + cross(x.lin, y.ang), cross(x.ang, y.ang)};
}
/// Force cross product x (x)* f = [xw x f; xw x n + xv x f].
VMS_LANES8_INLINE Spatial crossForce(const Spatial& x, const Spatial& f) {
  return {cross(x.ang, f.lin), cross(x.ang, f.ang) + cross(x.lin, f.lin)};
}

/// I = [m 1, -skew(h); skew(h), J].
struct RigidInertia {
  Lanes8 m;
  Vec3 h;
  Sym3 J;
};
VMS_LANES8_INLINE Spatial operator*(const RigidInertia& I, const Spatial& x) {
  return {I.m * x.lin - cross(I.h, x.ang), cross(I.h, x.lin) + I.J * x.ang};
}

/// From ten rows `stride` apart: m, h (3), J's lower triangle xx, yx, zx, yy, zy, zz.
VMS_LANES8_INLINE RigidInertia loadRigidInertia(const double* p, std::ptrdiff_t stride) {
  const auto row = [p, stride](int k) { return load(p + k * stride); };
  return {row(0), {row(1), row(2), row(3)}, {row(4), row(5), row(6), row(7), row(8), row(9)}};
}

/// B = [0, -skew(p); skew(p), Z].
struct InertiaRate {
  Vec3 p;
  Sym3 Z;
};
VMS_LANES8_INLINE Spatial operator*(const InertiaRate& B, const Spatial& x) {
  return {cross(x.ang, B.p), cross(B.p, x.lin) + B.Z * x.ang};
}
/// From nine rows `stride` apart: p (3), Z's lower triangle xx, yx, zx, yy, zy, zz.
VMS_LANES8_INLINE InertiaRate loadInertiaRate(const double* p, std::ptrdiff_t stride) {
  const auto row = [p, stride](int k) { return load(p + k * stride); };
  return {{row(0), row(1), row(2)}, {row(3), row(4), row(5), row(6), row(7), row(8)}};
}

#undef VMS_LANES8_INLINE

}  // namespace vms::lanes8
