#include "core/algorithms/aba_derivatives.hpp"

#include <algorithm>
#include <cstring>

#include "core/algorithms/check_model_arguments.hpp"

namespace vms {

namespace {
// A block row of the solve: 8 columns as a GCC/clang vector extension (one AVX-512 register
// with -march=native; narrower registers or scalars elsewhere), or 16 as two of them.
typedef double Lanes8 __attribute__((vector_size(64)));
struct Lanes16 {
  Lanes8 lo, hi;
};
inline Lanes16 operator+(const Lanes16& x, const Lanes16& y) { return {x.lo + y.lo, x.hi + y.hi}; }
inline Lanes16 operator-(const Lanes16& x, const Lanes16& y) { return {x.lo - y.lo, x.hi - y.hi}; }
inline Lanes16 operator*(double s, const Lanes16& x) { return {s * x.lo, s * x.hi}; }
inline Lanes16 operator*(const Lanes16& x, double s) { return {x.lo * s, x.hi * s}; }
inline Lanes16& operator+=(Lanes16& x, const Lanes16& y) { return x = x + y; }

template <typename Row>
constexpr int kLanes = static_cast<int>(sizeof(Row) / sizeof(double));

// A whole row at p.
inline void loadFull(const double* p, Lanes8& r) { std::memcpy(&r, p, sizeof r); }
inline void loadFull(const double* p, Lanes16& r) {
  std::memcpy(&r.lo, p, sizeof r.lo);
  std::memcpy(&r.hi, p + 8, sizeof r.hi);
}
inline void storeFull(double* p, const Lanes8& r) { std::memcpy(p, &r, sizeof r); }
inline void storeFull(double* p, const Lanes16& r) {
  std::memcpy(p, &r.lo, sizeof r.lo);
  std::memcpy(p + 8, &r.hi, sizeof r.hi);
}

// The first `width` entries of a row at p (the others zero).
template <typename Row>
inline Row loadRow(const double* p, int width) {
  Row r;
  if (width == kLanes<Row>) {
    loadFull(p, r);
  } else {
    double tmp[kLanes<Row>] = {};
    std::memcpy(tmp, p, sizeof(double) * static_cast<std::size_t>(width));
    loadFull(tmp, r);
  }
  return r;
}

template <typename Row>
inline void storeRow(double* p, const Row& r, int width) {
  if (width == kLanes<Row>) {
    storeFull(p, r);
  } else {
    double tmp[kLanes<Row>];
    storeFull(tmp, r);
    std::memcpy(p, tmp, sizeof(double) * static_cast<std::size_t>(width));
  }
}

// s^T f for a spatial vector s and six block rows f.
template <typename Row>
inline Row dotRows(const Vec6& s, const Row* f) {
  return (s[0] * f[0] + s[1] * f[1]) + (s[2] * f[2] + s[3] * f[3]) + (s[4] * f[4] + s[5] * f[5]);
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

// Columns [c0, c0 + width) of the nv x nv identity's columns [first, nv): row r has its one at
// column r - first - c0.
template <typename Row>
struct IdentityRows {
  int offset;  // first + c0
  int width;
  Row operator()(int r) const {
    double x[kLanes<Row>] = {};
    const int c = r - offset;
    if (c >= 0 && c < width) x[c] = 1.0;
    Row out;
    loadFull(x, out);
    return out;
  }
};

// [T^T; 0] for the vehicle's basis T (6 x b): the generalized force of a vehicle wrench.
template <typename Row>
struct BaseWrenchRows {
  const Mat6X* basis;
  Row operator()(int r) const { return loadRow<Row>(basis->col(r).data(), 6); }
};
}  // namespace

ForwardDynamicsDerivatives::ForwardDynamicsDerivatives(const Model& model) : id_(model) {
  const int n = model.nbodies, nv = model.nv, b = model.base_dof;
  const auto size = static_cast<std::size_t>(n);
  nudot_ = VecX::Zero(nv);
  ddq_dq_ = RowMatX::Zero(nv, id_.tangentDof() + model.njoints);
  ddq_dv_ = RowMatX::Zero(nv, nv);
  ddq_dtau_ = RowMatX::Zero(nv, model.njoints);
  ddq_dbase_wrench_ = RowMatX::Zero(nv, 6);
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
}

void ForwardDynamicsDerivatives::compute(const Model& model, Data& data, const State& state,
                                         const Eigen::Ref<const VecX>& tau,
                                         const ExternalForces& external) {
  aba(model, data, state, tau, external);
  const int b = model.base_dof, nj = model.njoints;
  nudot_.head(b).noalias() = model.base_basis.transpose() * data.base_twist_dot;
  nudot_.tail(nj) = data.qdd;
  id_.computeFromMotion(model, data, external);
  factorise(model, data);

  // dnudot/dx = -M^-1 dtau/dx; M^-1's joint columns from the identity's; a vehicle wrench w
  // enters as the generalized force [T^T w; 0].
  const RowMatX& dtau_dq = id_.dtauDq();
  const RowMatX& dtau_dv = id_.dtauDv();
  const int n = model.nbodies;
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
  // In body order, the bodies after a block's last joint column carry no force in the block.
  solveColumns(
      model, data,
      [&](int c0, int width, auto row) {
        using Row = decltype(row);
        return std::pair(IdentityRows<Row>{b + c0, width}, body_order_ ? c0 + width : n - 1);
      },
      nj, ddq_dtau_);
  // No joint force: the first pass has nothing to carry.
  solveColumns(
      model, data,
      [&](int, int, auto row) {
        using Row = decltype(row);
        return std::pair(BaseWrenchRows<Row>{&model.base_basis}, 0);
      },
      6, ddq_dbase_wrench_);
}

void ForwardDynamicsDerivatives::factorise(const Model& model, const Data& data) {
  const int n = model.nbodies, b = model.base_dof;
  for (int i = 1; i < n; ++i) Dinv_[i] = 1.0 / data.D[i];
  if (b == 6) {
    const Mat6 S0 = data.S0;
    const Mat6 reduced = S0.transpose() * data.IA[0] * S0;
    base_inverse_ = reduced.llt().solve(Mat6::Identity());
  } else if (b > 0) {
    Data::BaseMatrix reduced(b, b);
    reduced.noalias() = data.S0.transpose() * data.IA[0] * data.S0;
    base_inverse_.setIdentity();
    reduced.llt().solveInPlace(base_inverse_);
  }
}

// M^-1 on the block of right-hand sides rhs(r) (generalized coordinate r), written to the
// block's `width` columns at out (row-major, rows `stride` apart): the second and third passes
// of the articulated-body algorithm with no velocity terms. Bodies after last_body have no
// right-hand side in the block (they are skipped in the first pass).
//   Tip to base: u_i = x_i - S_i^T pA_i, pA_parent += pA_i + V_i u_i, out_i = u_i / D_i.
//   The vehicle: nudot_b = (S0^T IA_0 S0)^-1 (x_b - S0^T pA_0), a_0 = S0 nudot_b.
//   Base to tip: qdd_i = out_i - V_i^T a_parent, a_i = a_parent + S_i qdd_i.
// A body's articulated force and acceleration stay in registers when the next body visited is
// its parent (first pass) or child (second); otherwise they go through force_ and accel_.
template <typename Row, typename Rows>
void ForwardDynamicsDerivatives::solveBlock(const Model& model, const Data& data, const Rows& rhs,
                                            int last_body, double* out, Eigen::Index stride,
                                            int width) {
  constexpr int L = kLanes<Row>;
  const int n = model.nbodies, b = model.base_dof;
  if (++epoch_ == 0) {  // wrapped: forget every stamp
    std::fill(force_epoch_.begin(), force_epoch_.end(), 0u);
    epoch_ = 1;
  }
  const unsigned epoch = epoch_;
  auto force = [&](int i) { return force_.data() + static_cast<std::size_t>(i) * 6 * kBlock; };
  auto accel = [&](int i) { return accel_.data() + static_cast<std::size_t>(i) * 6 * kBlock; };
  auto load6 = [&](const double* p, Row* f) {
    for (int k = 0; k < 6; ++k) loadFull(p + k * L, f[k]);
  };
  auto store6 = [&](double* p, const Row* f) {
    for (int k = 0; k < 6; ++k) storeFull(p + k * L, f[k]);
  };

  Row f[6];
  bool carried = false;
  for (int i = last_body; i > 0; --i) {
    if (!carried) {
      if (force_epoch_[i] == epoch)
        load6(force(i), f);
      else
        for (int k = 0; k < 6; ++k) f[k] = Row{};
    }
    const int r = b + model.joint_index[i];
    const Vec6& V = data.V[i];
    const Row u = rhs(r) - dotRows(data.S[i], f);
    storeRow(out + r * stride, u * Dinv_[i], width);
    for (int k = 0; k < 6; ++k) f[k] += V[k] * u;
    const int p = model.parent[i];
    if (force_epoch_[p] == epoch) {
      Row g[6];
      load6(force(p), g);
      for (int k = 0; k < 6; ++k) f[k] += g[k];
    }
    carried = p == i - 1;
    if (!carried) {
      store6(force(p), f);
      force_epoch_[p] = epoch;
    }
  }
  if (!carried) {
    if (force_epoch_[0] == epoch)
      load6(force(0), f);
    else
      for (int k = 0; k < 6; ++k) f[k] = Row{};
  }

  Row a[6];
  if (b > 0) {
    Row x[6], nudot[6];
    for (int r = 0; r < b; ++r) {
      Row s = f[0] * data.S0(0, r);
      for (int k = 1; k < 6; ++k) s += f[k] * data.S0(k, r);
      x[r] = rhs(r) - s;
    }
    for (int r = 0; r < b; ++r) {
      nudot[r] = base_inverse_(r, 0) * x[0];
      for (int c = 1; c < b; ++c) nudot[r] += base_inverse_(r, c) * x[c];
      storeRow(out + r * stride, nudot[r], width);
    }
    for (int k = 0; k < 6; ++k) {
      a[k] = data.S0(k, 0) * nudot[0];
      for (int c = 1; c < b; ++c) a[k] += data.S0(k, c) * nudot[c];
    }
  } else {
    for (int k = 0; k < 6; ++k) a[k] = Row{};
  }
  if (keeps_accel_[0]) store6(accel(0), a);

  for (int i = 1; i < n; ++i) {
    const int p = model.parent[i];
    if (p != i - 1) load6(accel(p), a);
    const int r = b + model.joint_index[i];
    double* x = out + r * stride;
    const Row qdd = (i > last_body ? Row{} : loadRow<Row>(x, width)) - dotRows(data.V[i], a);
    storeRow(x, qdd, width);
    if (model.children[i].empty()) continue;
    const Vec6& S = data.S[i];
    for (int k = 0; k < 6; ++k) a[k] += S[k] * qdd;
    if (keeps_accel_[i]) store6(accel(i), a);
  }
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
