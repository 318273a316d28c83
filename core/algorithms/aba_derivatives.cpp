#include "core/algorithms/aba_derivatives.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#ifdef __AVX512F__
#include <immintrin.h>
#endif

#include "core/algorithms/check_model_arguments.hpp"
#include "core/spatial/lanes8.hpp"

namespace vms {

#define VMS_INLINE inline __attribute__((always_inline))

namespace {
// A block row of the solve: 8 columns as a GCC/clang vector extension (one AVX-512 register
// with -march=native; narrower registers or scalars elsewhere), or 16 as two of them.
using lanes8::Lanes8;
struct Lanes16 {
  Lanes8 lo, hi;
};
VMS_INLINE Lanes16 operator+(const Lanes16& x, const Lanes16& y) {
  return {x.lo + y.lo, x.hi + y.hi};
}
VMS_INLINE Lanes16 operator-(const Lanes16& x, const Lanes16& y) {
  return {x.lo - y.lo, x.hi - y.hi};
}
VMS_INLINE Lanes16 operator*(double s, const Lanes16& x) { return {s * x.lo, s * x.hi}; }
VMS_INLINE Lanes16 operator*(const Lanes16& x, double s) { return {x.lo * s, x.hi * s}; }
VMS_INLINE Lanes16& operator+=(Lanes16& x, const Lanes16& y) { return x = x + y; }

template <typename Row>
constexpr int kLanes = static_cast<int>(sizeof(Row) / sizeof(double));

// The first `width` (<= 8) entries of p, the other lanes zero; and their store.
VMS_INLINE Lanes8 loadPartial(const double* p, int width) { return lanes8::loadFirst(p, width); }
VMS_INLINE void storePartial(double* p, const Lanes8& x, int width) {
  lanes8::storeFirst(p, x, width);
}

// The first `width` entries of a row at p (the other lanes zero), and their store.
VMS_INLINE void loadRow(const double* p, int width, Lanes8& r) {
  if (width == 8)
    std::memcpy(&r, p, sizeof r);
  else
    r = loadPartial(p, width);
}
VMS_INLINE void loadRow(const double* p, int width, Lanes16& r) {
  if (width == 16) {
    std::memcpy(&r.lo, p, sizeof r.lo);
    std::memcpy(&r.hi, p + 8, sizeof r.hi);
  } else {
    loadRow(p, std::min(width, 8), r.lo);
    r.hi = width > 8 ? loadPartial(p + 8, width - 8) : Lanes8{};
  }
}
VMS_INLINE void storeRow(double* p, const Lanes8& r, int width) {
  if (width == 8)
    std::memcpy(p, &r, sizeof r);
  else
    storePartial(p, r, width);
}
VMS_INLINE void storeRow(double* p, const Lanes16& r, int width) {
  if (width == 16) {
    std::memcpy(p, &r.lo, sizeof r.lo);
    std::memcpy(p + 8, &r.hi, sizeof r.hi);
  } else {
    storeRow(p, r.lo, std::min(width, 8));
    if (width > 8) storePartial(p + 8, r.hi, width - 8);
  }
}
template <typename Row>
VMS_INLINE Row loadRow(const double* p, int width) {
  Row r;
  loadRow(p, width, r);
  return r;
}

// Lanes equal to 1 where first + lane == c, 0 elsewhere.
VMS_INLINE Lanes8 unitLanes(int c, int first) {
  const Lanes8 lane = {0, 1, 2, 3, 4, 5, 6, 7};
  const Lanes8 one = {1, 1, 1, 1, 1, 1, 1, 1};
  return lane + static_cast<double>(first) == static_cast<double>(c) ? one : Lanes8{};
}
VMS_INLINE void unitRow(int c, Lanes8& r) { r = unitLanes(c, 0); }
VMS_INLINE void unitRow(int c, Lanes16& r) { r = {unitLanes(c, 0), unitLanes(c, 8)}; }

// s^T f for a spatial vector s and six block rows f.
template <typename Row>
VMS_INLINE Row dotRows(const Vec6& s, const Row* f) {
  return (s[0] * f[0] + s[1] * f[1]) + (s[2] * f[2] + s[3] * f[3]) + (s[4] * f[4] + s[5] * f[5]);
}

// The first pass at a body: u = x - S^T f, f += V u; returns u / D.
template <typename Row>
VMS_INLINE Row forceStep(const Vec6& S, const Vec6& V, double Dinv, const Row& x, Row* f) {
  const Row u = x - dotRows(S, f);
#pragma GCC unroll 6
  for (int k = 0; k < 6; ++k) f[k] += V[k] * u;
  return u * Dinv;
}

// The second pass at a body: qdd = y - V^T a (a the parent's acceleration on entry);
// a += S qdd if `update`. Returns qdd.
template <typename Row>
VMS_INLINE Row accelerationStep(const Vec6& S, const Vec6& V, const Row& y, Row* a, bool update) {
  const Row qdd = y - dotRows(V, a);
  if (update)
#pragma GCC unroll 6
    for (int k = 0; k < 6; ++k) a[k] += S[k] * qdd;
  return qdd;
}

// The inverse K of a symmetric positive definite b x b matrix A (b <= 6, lower triangle read)
// by its Cholesky factor L: K = L^-T L^-1.
inline void invertSpd(const double A[6][6], int b, double K[6][6]) {
  double L[6][6] = {}, Li[6][6] = {};
  for (int j = 0; j < b; ++j) {
    double d = A[j][j];
    for (int k = 0; k < j; ++k) d -= L[j][k] * L[j][k];
    L[j][j] = std::sqrt(d);
    for (int i = j + 1; i < b; ++i) {
      double x = A[i][j];
      for (int k = 0; k < j; ++k) x -= L[i][k] * L[j][k];
      L[i][j] = x / L[j][j];
    }
  }
  for (int j = 0; j < b; ++j) {
    Li[j][j] = 1.0 / L[j][j];
    for (int i = j + 1; i < b; ++i) {
      double x = 0.0;
      for (int k = j; k < i; ++k) x -= L[i][k] * Li[k][j];
      Li[i][j] = x / L[i][i];
    }
  }
  for (int r = 0; r < b; ++r)
    for (int c = 0; c <= r; ++c) {
      double x = 0.0;
      for (int k = r; k < b; ++k) x += Li[k][r] * Li[k][c];
      K[r][c] = K[c][r] = x;
    }
}

// The inverse of a symmetric 3x3 matrix (lower triangle of a) by its adjugate.
inline void invertSym3(const double a[3][3], double out[3][3]) {
  const double c00 = a[1][1] * a[2][2] - a[2][1] * a[2][1];
  const double c10 = a[2][1] * a[2][0] - a[1][0] * a[2][2];
  const double c20 = a[1][0] * a[2][1] - a[1][1] * a[2][0];
  const double r = 1.0 / (a[0][0] * c00 + a[1][0] * c10 + a[2][0] * c20);
  out[0][0] = c00 * r, out[1][0] = out[0][1] = c10 * r, out[2][0] = out[0][2] = c20 * r;
  out[1][1] = (a[0][0] * a[2][2] - a[2][0] * a[2][0]) * r;
  out[2][1] = out[1][2] = (a[2][0] * a[1][0] - a[0][0] * a[2][1]) * r;
  out[2][2] = (a[0][0] * a[1][1] - a[1][0] * a[1][0]) * r;
}

// The inverse of a symmetric positive definite 6x6 matrix A = [P Q; Q^T T] (lower triangle
// read) by 3x3 blocks: with Y = P^-1 Q and C = T - Q^T Y,
//   A^-1 = [P^-1 + Y C^-1 Y^T, -Y C^-1; -C^-1 Y^T, C^-1],
// two short dependency chains where a 6x6 factorisation has one long one.
inline void invertSpd6(const double A[6][6], double K[6][6]) {
  double P[3][3], Pi[3][3], Q[3][3], Y[3][3], C[3][3], Ci[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j <= i; ++j) P[i][j] = A[i][j], C[i][j] = A[3 + i][3 + j];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) Q[i][j] = A[3 + j][i];
  invertSym3(P, Pi);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      Y[i][j] = Pi[i][0] * Q[0][j] + Pi[i][1] * Q[1][j] + Pi[i][2] * Q[2][j];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j <= i; ++j)
      C[i][j] -= Q[0][i] * Y[0][j] + Q[1][i] * Y[1][j] + Q[2][i] * Y[2][j];
  invertSym3(C, Ci);
  double YC[3][3];  // Y C^-1
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      YC[i][j] = Y[i][0] * Ci[0][j] + Y[i][1] * Ci[1][j] + Y[i][2] * Ci[2][j];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      K[i][j] = Pi[i][j] + YC[i][0] * Y[j][0] + YC[i][1] * Y[j][1] + YC[i][2] * Y[j][2];
      K[i][3 + j] = K[3 + j][i] = -YC[i][j];
      K[3 + i][3 + j] = Ci[i][j];
    }
}

// The vehicle's step of a block with K = (S0^T IA_0 S0)^-1 (b x b) and S0 (6 x b), both
// column-major: nudot_b = K (x_b - S0^T f), written to out's first b rows, and a = S0 nudot_b.
// B is b when known at compile time (0 otherwise).
template <int B, typename Row, typename Rows>
VMS_INLINE void vehicleStep(int b_runtime, const double* K, const double* S0, const Rows& rhs,
                            const Row* f, double* out, Eigen::Index stride, int width, Row* a) {
  const int b = B > 0 ? B : b_runtime;
  Row x[6], nudot[6];
  for (int r = 0; r < b; ++r) {
    const double* s = S0 + 6 * r;
    x[r] = rhs(r) - ((s[0] * f[0] + s[1] * f[1]) + (s[2] * f[2] + s[3] * f[3]) +
                     (s[4] * f[4] + s[5] * f[5]));
  }
  for (int r = 0; r < b; ++r) {
    nudot[r] = K[r] * x[0];
    for (int c = 1; c < b; ++c) nudot[r] += K[r + b * c] * x[c];
    storeRow(out + r * stride, nudot[r], width);
  }
#pragma GCC unroll 6
  for (int k = 0; k < 6; ++k) {
    a[k] = S0[k] * nudot[0];
    for (int c = 1; c < b; ++c) a[k] += S0[k + 6 * c] * nudot[c];
  }
}

// Right-hand sides of a block, by generalized coordinate r: columns [c0, c0 + width) of a
// row-major matrix times a sign.
template <typename Row>
struct MatrixRows {
  const double* data;
  Eigen::Index stride;
  int width;
  double sign;
  Row operator()(int r) const { return sign * loadRow<Row>(data + r * stride, width); }
};

// Columns [c0, c0 + width) of [T^T 0; 0 1] (nv x (6 + n), T the vehicle's basis): the
// generalized forces of a unit vehicle wrench (6 columns) and of each joint's unit force. Blocks
// start at column 0 or past the vehicle's columns (c0 >= 6).
template <typename Row>
struct InverseRows {
  const Mat6X* basis;
  int b;
  int c0;
  Row operator()(int r) const {
    if (r < b) return c0 == 0 ? loadRow<Row>(basis->col(r).data(), 6) : Row{};
    Row x;
    unitRow(r - b + 6 - c0, x);
    return x;
  }
};

// out = -(A1 B1 + A2 B2), all row-major: A1 rows x k1, B1 k1 x cols, A2 rows x k2, B2 k2 x
// cols (M^-1 dtau/dx with M^-1's columns in two parts, the vehicle's and the joints').
struct ProductTerms {
  const double* A1;
  Eigen::Index a1_stride;
  int k1;
  const double* B1;
  Eigen::Index b1_stride;
  const double* A2;
  Eigen::Index a2_stride;
  int k2;
  const double* B2;
  Eigen::Index b2_stride;
};

// A quarter block: 4 columns in one 256-bit register, for a panel's last 1-4 columns (the
// multiply-adds cost per lane, so a half-empty 8-lane block would cost twice as much).
typedef double Lanes4 __attribute__((vector_size(32)));
VMS_INLINE Lanes4 loadQuarter(const double* p, int width) {
  if (width == 4) {
    Lanes4 r;
    std::memcpy(&r, p, sizeof r);
    return r;
  }
#if defined(__AVX512F__) && defined(__AVX512VL__)
  return _mm256_maskz_loadu_pd(static_cast<__mmask8>((1u << width) - 1u), p);
#else
  double tmp[4] = {};
  std::memcpy(tmp, p, sizeof(double) * static_cast<std::size_t>(width));
  Lanes4 r;
  std::memcpy(&r, tmp, sizeof r);
  return r;
#endif
}
VMS_INLINE void storeQuarter(double* p, const Lanes4& x, int width) {
  if (width == 4) {
    std::memcpy(p, &x, sizeof x);
    return;
  }
#if defined(__AVX512F__) && defined(__AVX512VL__)
  _mm256_mask_storeu_pd(p, static_cast<__mmask8>((1u << width) - 1u), x);
#else
  double tmp[4];
  std::memcpy(tmp, &x, sizeof x);
  std::memcpy(p, tmp, sizeof(double) * static_cast<std::size_t>(width));
#endif
}

// Rows [i, i + Rows) of out over one panel starting at column c0: Blocks blocks of 8 columns
// (`last` lanes in the last one) and, if Quarter, then a quarter block of `last` lanes (the
// 8-column blocks full). The panel's rows of out stay in registers while k runs, several rows
// at a time for independent accumulations.
template <int Blocks, bool Quarter, int Rows>
VMS_INLINE void negatedProductRows(const ProductTerms& t, int i, int c0, int last, double* out,
                                   Eigen::Index out_stride) {
  constexpr int kB = Blocks > 0 ? Blocks : 1;
  Lanes8 x[Rows][kB] = {};
  Lanes4 y[Rows] = {};
  const auto blockWidth = [last](int j) { return !Quarter && j + 1 == Blocks ? last : 8; };
  const auto accumulate = [&](const double* A, Eigen::Index a_stride, int k_count, const double* B,
                              Eigen::Index b_stride) {
    for (int k = 0; k < k_count; ++k) {
      const double* b = B + k * b_stride + c0;
      Lanes8 v[kB];
#pragma GCC unroll 4
      for (int j = 0; j < Blocks; ++j) loadRow(b + 8 * j, blockWidth(j), v[j]);
      Lanes4 w = {};
      if (Quarter) w = loadQuarter(b + 8 * Blocks, last);
#pragma GCC unroll 4
      for (int p = 0; p < Rows; ++p) {
        const double s = A[(i + p) * a_stride + k];
#pragma GCC unroll 4
        for (int j = 0; j < Blocks; ++j) x[p][j] -= s * v[j];
        if (Quarter) y[p] -= s * w;
      }
    }
  };
  accumulate(t.A1, t.a1_stride, t.k1, t.B1, t.b1_stride);
  accumulate(t.A2, t.a2_stride, t.k2, t.B2, t.b2_stride);
#pragma GCC unroll 4
  for (int p = 0; p < Rows; ++p) {
    double* o = out + (i + p) * out_stride + c0;
#pragma GCC unroll 4
    for (int j = 0; j < Blocks; ++j) storeRow(o + 8 * j, x[p][j], blockWidth(j));
    if (Quarter) storeQuarter(o + 8 * Blocks, y[p], last);
  }
}

// Four rows at a time for panels of up to two registers' worth, two for wider ones: 8 or more
// accumulations in flight, enough to cover the multiply-add latency.
template <int Blocks, bool Quarter>
void negatedProductPanel(const ProductTerms& t, int rows, int c0, int last, double* out,
                         Eigen::Index out_stride) {
  constexpr int kRows = Blocks + (Quarter ? 1 : 0) <= 2 ? 4 : 2;
  int i = 0;
  for (; i + kRows <= rows; i += kRows)
    negatedProductRows<Blocks, Quarter, kRows>(t, i, c0, last, out, out_stride);
  for (; i < rows; ++i) negatedProductRows<Blocks, Quarter, 1>(t, i, c0, last, out, out_stride);
}

void negatedProduct(const ProductTerms& t, int rows, int cols, double* out,
                    Eigen::Index out_stride) {
  for (int c0 = 0; c0 < cols; c0 += 32) {
    const int width = std::min(32, cols - c0);
    const int full = width / 8, rest = width % 8;
    if (rest > 0 && rest <= 4) {
      switch (full) {
        case 0:
          negatedProductPanel<0, true>(t, rows, c0, rest, out, out_stride);
          break;
        case 1:
          negatedProductPanel<1, true>(t, rows, c0, rest, out, out_stride);
          break;
        case 2:
          negatedProductPanel<2, true>(t, rows, c0, rest, out, out_stride);
          break;
        default:
          negatedProductPanel<3, true>(t, rows, c0, rest, out, out_stride);
          break;
      }
      continue;
    }
    const int last = rest > 0 ? rest : 8;
    switch ((width + 7) / 8) {
      case 1:
        negatedProductPanel<1, false>(t, rows, c0, last, out, out_stride);
        break;
      case 2:
        negatedProductPanel<2, false>(t, rows, c0, last, out, out_stride);
        break;
      case 3:
        negatedProductPanel<3, false>(t, rows, c0, last, out, out_stride);
        break;
      default:
        negatedProductPanel<4, false>(t, rows, c0, last, out, out_stride);
        break;
    }
  }
}
}  // namespace

ForwardDynamicsDerivatives::ForwardDynamicsDerivatives(const Model& model) : id_(model) {
  const int n = model.nbodies, nv = model.nv, b = model.base_dof;
  const auto size = static_cast<std::size_t>(n);
  nudot_ = VecX::Zero(nv);
  ddq_dq_ = RowMatX::Zero(nv, id_.tangentDof() + model.njoints);
  ddq_dv_ = RowMatX::Zero(nv, nv);
  inverse_columns_ = RowMatX::Zero(nv, 6 + model.njoints);
  Dinv_.assign(size, 0.0);
  base_inverse_ = Data::BaseMatrix::Zero(b, b);
  force_.assign(size * 6 * kBlock, 0.0);
  accel_.assign(size * 6 * kBlock, 0.0);
  force_epoch_.assign(size, 0);
  keeps_accel_.assign(size, 0);
  for (int i = 0; i < n; ++i)
    for (int c : model.children[i]) keeps_accel_[i] = keeps_accel_[i] || c != i + 1;
  for (int i = 1; i < n; ++i) body_order_ = body_order_ && model.joint_index[i] == i - 1;
  padded_ = RowMatX::Zero(nv, kBlock);
  const Mat6X& T = model.base_basis;
  dense_products_ = nv <= kDenseProductMaxDof && (b == 0 || (T.transpose() * T).isIdentity(0.0));
  base_identity_ = b == 6 && T.isIdentity(0.0);
  vehicle_rows_ = RowMatX::Zero(6, std::max(id_.tangentDof() + model.njoints, nv));
}

void ForwardDynamicsDerivatives::compute(const Model& model, Data& data, const State& state,
                                         const Eigen::Ref<const VecX>& tau,
                                         const ExternalForces& external) {
  aba(model, data, state, tau, external);
  const int b = model.base_dof, nj = model.njoints, nv = model.nv;
  nudot_.head(b).noalias() = model.base_basis.transpose() * data.base_twist_dot;
  nudot_.tail(nj) = data.qdd;
  id_.computeFromMotion(model, data, external, false);
  factorise(model, data);

  // dnudot/dx = -M^-1 dtau/dx; M^-1's joint columns from the identity's; a vehicle wrench w
  // enters as the generalized force [T^T w; 0].
  const RowMatX& dtau_dq = id_.dtauDq();
  const RowMatX& dtau_dv = id_.dtauDv();
  const int n = model.nbodies;
  // M^-1 [T^T 0; 0 1]: the vehicle wrench's columns and M^-1's joint columns, in one solve. In
  // body order the bodies after a block's last joint column carry no force in the block (the
  // vehicle wrench none in the joints).
  const auto solveInverse = [&] {
    solveColumns(
        model, data,
        [&](int c0, int width, auto row) {
          using Row = decltype(row);
          return std::pair(InverseRows<Row>{&model.base_basis, b, c0},
                           body_order_ ? std::max(c0 + width - 6, 0) : n - 1);
        },
        6 + nj, inverse_columns_);
  };
  if (dense_products_) {
    solveInverse();
    // M^-1 = [W T, joint columns] with W the vehicle-wrench columns (T^T T = I), so
    // -M^-1 X = -(W (T X_b) + M^-1_joints X_j).
    const auto product = [&](const RowMatX& X, RowMatX& out) {
      const int width = static_cast<int>(X.cols());
      const double* top = X.data();
      Eigen::Index top_stride = X.outerStride();
      if (!base_identity_) {
        vehicle_rows_.leftCols(width).noalias() = model.base_basis * X.topRows(b);
        top = vehicle_rows_.data();
        top_stride = vehicle_rows_.outerStride();
      }
      const ProductTerms terms{inverse_columns_.data(),
                               inverse_columns_.outerStride(),
                               6,
                               top,
                               top_stride,
                               inverse_columns_.data() + 6,
                               inverse_columns_.outerStride(),
                               nj,
                               X.data() + b * X.outerStride(),
                               X.outerStride()};
      negatedProduct(terms, nv, width, out.data(), out.outerStride());
    };
    product(dtau_dq, ddq_dq_);
    product(dtau_dv, ddq_dv_);
    return;
  }
  solveColumns(
      model, data,
      [&](int c0, int width, auto row) {
        using Row = decltype(row);
        return std::pair(MatrixRows<Row>{dtau_dq.data() + c0, dtau_dq.outerStride(), width, -1.0},
                         n - 1);
      },
      static_cast<int>(dtau_dq.cols()), ddq_dq_);
  solveColumns(
      model, data,
      [&](int c0, int width, auto row) {
        using Row = decltype(row);
        return std::pair(MatrixRows<Row>{dtau_dv.data() + c0, dtau_dv.outerStride(), width, -1.0},
                         n - 1);
      },
      static_cast<int>(dtau_dv.cols()), ddq_dv_);
  solveInverse();
}

void ForwardDynamicsDerivatives::factorise(const Model& model, const Data& data) {
  const int n = model.nbodies, b = model.base_dof;
  for (int i = 1; i < n; ++i) Dinv_[i] = 1.0 / data.D[i];
  if (b == 0) return;
  double A[6][6];  // S0^T IA_0 S0, lower triangle
  double K[6][6];
  if (b == 6) {
    const Eigen::Map<const Mat6> S0(data.S0.data());
    const Mat6 IS = data.IA[0] * S0;
    const Mat6 SIS = S0.transpose() * IS;
    for (int c = 0; c < 6; ++c)
      for (int r = c; r < 6; ++r) A[r][c] = SIS(r, c);
    invertSpd6(A, K);
  } else {
    for (int c = 0; c < b; ++c) {
      const Vec6 S = data.S0.col(c);
      const Vec6 IS = data.IA[0] * S;
      for (int r = c; r < b; ++r) A[r][c] = data.S0.col(r).dot(IS);
    }
    invertSpd(A, b, K);
  }
  for (int r = 0; r < b; ++r)
    for (int c = 0; c < b; ++c) base_inverse_(r, c) = K[r][c];
}

// M^-1 on the block of right-hand sides rhs(r) (generalized coordinate r), written to the
// block's `width` columns at out (row-major, rows `stride` apart): the second and third passes
// of the articulated-body algorithm with no velocity terms. Bodies after last_body have no
// right-hand side in the block (they are skipped in the first pass).
//   Tip to base: u_i = x_i - S_i^T pA_i, pA_parent += pA_i + V_i u_i, out_i = u_i / D_i.
//   The vehicle: nudot_b = (S0^T IA_0 S0)^-1 (x_b - S0^T pA_0), a_0 = S0 nudot_b.
//   Base to tip: qdd_i = out_i - V_i^T a_parent, a_i = a_parent + S_i qdd_i.
// On a chain in body order the articulated force and the acceleration stay in registers from
// body to body. On a tree they do when the next body visited is the parent (first pass) or a
// child (second), and go through force_ and accel_ otherwise.
template <typename Row, typename Rows>
void ForwardDynamicsDerivatives::solveBlock(const Model& model, const Data& data, const Rows& rhs,
                                            int last_body, double* out, Eigen::Index stride,
                                            int width) {
  const int n = model.nbodies, b = model.base_dof;
  if (id_.chain_) {
    Row f[6], a[6];
#pragma GCC unroll 6
    for (int k = 0; k < 6; ++k) f[k] = Row{};
    for (int i = last_body; i > 0; --i) {
      const int r = b + i - 1;
      storeRow(out + r * stride, forceStep(data.S[i], data.V[i], Dinv_[i], rhs(r), f), width);
    }
    solveVehicle(model, data, rhs, f, out, stride, width, a);
    for (int i = 1; i < n; ++i) {
      double* y = out + (b + i - 1) * stride;
      const Row x = i > last_body ? Row{} : loadRow<Row>(y, width);
      storeRow(y, accelerationStep(data.S[i], data.V[i], x, a, i + 1 < n), width);
    }
    return;
  }

  constexpr int L = kLanes<Row>;
  Row f[6], a[6];
  if (++epoch_ == 0) {  // wrapped: forget every stamp
    std::fill(force_epoch_.begin(), force_epoch_.end(), 0u);
    epoch_ = 1;
  }
  const unsigned epoch = epoch_;
  auto force = [&](int i) { return force_.data() + static_cast<std::size_t>(i) * 6 * kBlock; };
  auto accel = [&](int i) { return accel_.data() + static_cast<std::size_t>(i) * 6 * kBlock; };
  auto load6 = [&](const double* p, Row* x) {
#pragma GCC unroll 6
    for (int k = 0; k < 6; ++k) x[k] = loadRow<Row>(p + k * L, L);
  };
  auto store6 = [&](double* p, const Row* x) {
#pragma GCC unroll 6
    for (int k = 0; k < 6; ++k) storeRow(p + k * L, x[k], L);
  };
  auto forceOf = [&](int i) {
    if (force_epoch_[i] == epoch)
      load6(force(i), f);
    else
#pragma GCC unroll 6
      for (int k = 0; k < 6; ++k) f[k] = Row{};
  };

  bool carried = false;
  for (int i = last_body; i > 0; --i) {
    if (!carried) forceOf(i);
    const int r = b + model.joint_index[i];
    storeRow(out + r * stride, forceStep(data.S[i], data.V[i], Dinv_[i], rhs(r), f), width);
    const int p = model.parent[i];
    if (force_epoch_[p] == epoch) {
      Row g[6];
      load6(force(p), g);
#pragma GCC unroll 6
      for (int k = 0; k < 6; ++k) f[k] += g[k];
    }
    carried = p == i - 1;
    if (!carried) {
      store6(force(p), f);
      force_epoch_[p] = epoch;
    }
  }
  if (!carried) forceOf(0);
  solveVehicle(model, data, rhs, f, out, stride, width, a);
  if (keeps_accel_[0]) store6(accel(0), a);
  for (int i = 1; i < n; ++i) {
    const int p = model.parent[i];
    if (p != i - 1) load6(accel(p), a);
    double* y = out + (b + model.joint_index[i]) * stride;
    const Row x = i > last_body ? Row{} : loadRow<Row>(y, width);
    storeRow(y, accelerationStep(data.S[i], data.V[i], x, a, !model.children[i].empty()), width);
    if (keeps_accel_[i]) store6(accel(i), a);
  }
}

// The vehicle's step of a block: nudot_b = (S0^T IA_0 S0)^-1 (x_b - S0^T f) from the
// articulated force f on the vehicle, written to out's first b rows; a = S0 nudot_b.
template <typename Row, typename Rows>
VMS_INLINE void ForwardDynamicsDerivatives::solveVehicle(const Model& model, const Data& data,
                                                         const Rows& rhs, const Row* f, double* out,
                                                         Eigen::Index stride, int width,
                                                         Row* a) const {
  const int b = model.base_dof;
  if (b == 0) {
#pragma GCC unroll 6
    for (int k = 0; k < 6; ++k) a[k] = Row{};
    return;
  }
  if (b == 6)
    vehicleStep<6>(6, base_inverse_.data(), data.S0.data(), rhs, f, out, stride, width, a);
  else
    vehicleStep<0>(b, base_inverse_.data(), data.S0.data(), rhs, f, out, stride, width, a);
}

// All columns of `out` (cols of them) in blocks of kBlock, a last narrower block in 8 lanes
// when it fits; make_rows(c0, width, Row{}) gives a block's right-hand sides and last body.
template <typename MakeRows>
void ForwardDynamicsDerivatives::solveColumns(const Model& model, const Data& data,
                                              const MakeRows& make_rows, int cols, RowMatX& out) {
  const Eigen::Index stride = out.outerStride();
  int c0 = 0;
  for (; c0 + kBlock <= cols; c0 += kBlock) {
    const auto [rows, last] = make_rows(c0, kBlock, Lanes16{});
    solveBlock<Lanes16>(model, data, rows, last, out.data() + c0, stride, kBlock);
  }
  const int rest = cols - c0;
  if (rest > kLanes<Lanes8>) {
    const auto [rows, last] = make_rows(c0, rest, Lanes16{});
    solveBlock<Lanes16>(model, data, rows, last, out.data() + c0, stride, rest);
  } else if (rest > 0) {
    const auto [rows, last] = make_rows(c0, rest, Lanes8{});
    solveBlock<Lanes8>(model, data, rows, last, out.data() + c0, stride, rest);
  }
}

void ForwardDynamicsDerivatives::solveInertia(const Model& model, const Data& data,
                                              Eigen::Ref<MatX> rhs) {
  VMS_CHECK_ARGUMENT_SIZE(rhs.rows(), model.nv, "rhs.rows()");
  for (Eigen::Index c0 = 0; c0 < rhs.cols(); c0 += kBlock) {
    const int k = static_cast<int>(std::min<Eigen::Index>(kBlock, rhs.cols() - c0));
    padded_.leftCols(k) = rhs.middleCols(c0, k);
    solveBlock<Lanes16>(model, data,
                        MatrixRows<Lanes16>{padded_.data(), padded_.outerStride(), k, 1.0},
                        model.nbodies - 1, padded_.data(), padded_.outerStride(), k);
    rhs.middleCols(c0, k) = padded_.leftCols(k);
  }
}

void ForwardDynamicsDerivatives::bodyWrenchDerivative(const Model& model, const Data& data,
                                                      int body, Eigen::Ref<MatX> out) {
  checkBodyArgument(__func__, model, body);
  VMS_CHECK_ARGUMENT_SIZE(out.rows(), model.nv, "out.rows()");
  VMS_CHECK_ARGUMENT_SIZE(out.cols(), 6, "out.cols()");
  const int b = model.base_dof;
  out.setZero();
  // J^T f: the joints on the path from the vehicle to the body, and the vehicle.
  for (int i = body; i > 0; i = model.parent[i])
    out.row(b + model.joint_index[i]) = data.S[i].transpose();
  if (b > 0) out.topRows(b) = data.S0.transpose();
  solveInertia(model, data, out);
}

}  // namespace vms
