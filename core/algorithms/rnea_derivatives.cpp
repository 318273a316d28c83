#include "core/algorithms/rnea_derivatives.hpp"

#include <algorithm>
#include <cstring>
#ifdef __AVX512F__
#include <immintrin.h>
#endif
#include <stdexcept>

#include "core/algorithms/check_model_arguments.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/rnea.hpp"
#include "core/model/base_type.hpp"
#include "core/spatial/lanes.hpp"
#include "core/spatial/lanes8.hpp"

namespace vms {

namespace {
using lanes::Lanes2;
using lanes::Lanes4;
using lanes::load2;
using lanes::load4;
using lanes::store2;
using lanes::store4;
typedef double Lanes8 __attribute__((vector_size(64)));

#define VMS_INLINE inline __attribute__((always_inline))

// A x for a 6x6 A, column by column (rows 0-3 and 4-5 as 4- and 2-lane vectors).
VMS_INLINE Vec6 times(const Mat6& A, const Vec6& x) {
  const double* a = A.data();
  Lanes4 lo = load4(a) * x[0];
  Lanes2 hi = load2(a + 4) * x[0];
  for (int k = 1; k < 6; ++k) {
    lo += load4(a + 6 * k) * x[k];
    hi += load2(a + 6 * k + 4) * x[k];
  }
  Vec6 r;
  store4(r.data(), lo);
  store2(r.data() + 4, hi);
  return r;
}

// A [g; 0]: the first three columns of A times g.
VMS_INLINE Vec6 timesLinear(const Mat6& A, const Vec3& g) {
  const double* a = A.data();
  const Lanes4 lo = load4(a) * g[0] + load4(a + 6) * g[1] + load4(a + 12) * g[2];
  const Lanes2 hi = load2(a + 4) * g[0] + load2(a + 10) * g[1] + load2(a + 16) * g[2];
  Vec6 r;
  store4(r.data(), lo);
  store2(r.data() + 4, hi);
  return r;
}

VMS_INLINE void copyTo(Mat6& dst, const Mat6& src) {
  for (int k = 0; k < 36; k += 4) store4(dst.data() + k, load4(src.data() + k));
}

// dst += src, 36 coefficients.
VMS_INLINE void addTo(Mat6& dst, const Mat6& src) {
  double* d = dst.data();
  const double* s = src.data();
  for (int k = 0; k < 36; k += 4) store4(d + k, load4(d + k) + load4(s + k));
}

VMS_INLINE void addTo(Vec6& dst, const Vec6& src) {
  double* d = dst.data();
  const double* s = src.data();
  store4(d, load4(d) + load4(s));
  store2(d + 4, load2(d + 4) + load2(s + 4));
}

// x cross y for 3-vectors given by pointers, written to out.
VMS_INLINE void cross3(const double* x, const double* y, double* out) {
  out[0] = x[1] * y[2] - x[2] * y[1];
  out[1] = x[2] * y[0] - x[0] * y[2];
  out[2] = x[0] * y[1] - x[1] * y[0];
}

// The motion cross product x (x) y = [xw x yv + xv x yw; xw x yw] ([linear; angular]).
VMS_INLINE Vec6 crossM(const Vec6& x, const Vec6& y) {
  Vec6 r;
  double t[3];
  cross3(x.data() + 3, y.data(), r.data());
  cross3(x.data(), y.data() + 3, t);
  r[0] += t[0], r[1] += t[1], r[2] += t[2];
  cross3(x.data() + 3, y.data() + 3, r.data() + 3);
  return r;
}

// The force cross product x (x)* f = [xw x f; xw x n + xv x f].
VMS_INLINE Vec6 crossF(const Vec6& x, const Vec6& f) {
  Vec6 r;
  double t[3];
  cross3(x.data() + 3, f.data(), r.data());
  cross3(x.data() + 3, f.data() + 3, r.data() + 3);
  cross3(x.data(), f.data(), t);
  r[3] += t[0], r[4] += t[1], r[5] += t[2];
  return r;
}

// B = v x* I - I v x = Y + Y^T with Y = v x* I (I symmetric), Y column by column.
VMS_INLINE void velocityInertiaRate(const Vec6& v, const Mat6& I, Mat6& B) {
  double Y[36];
  for (int k = 0; k < 6; ++k) {
    const double* col = I.data() + 6 * k;
    double* y = Y + 6 * k;
    double t[3];
    cross3(v.data() + 3, col, y);
    cross3(v.data() + 3, col + 3, y + 3);
    cross3(v.data(), col, t);
    y[3] += t[0], y[4] += t[1], y[5] += t[2];
  }
  for (int c = 0; c < 6; ++c)
    for (int r = 0; r < 6; ++r) B(r, c) = Y[r + 6 * c] + Y[c + 6 * r];
}

// The same for a rigid-body inertia I = [m 1, -skew(h); skew(h), Ibar] (h = m c, see
// spatialInertiaWorld), from its blocks: with p = m vl + w x h and Z = skew(w) Ibar,
//   B = [0, -skew(p); skew(p), Z + Z^T - (h vl^T + vl h^T) + 2 (vl . h) 1]
// (skew(vl) skew(h) + skew(h) skew(vl) = h vl^T + vl h^T - 2 (vl . h) 1).
VMS_INLINE void rigidInertiaRate(const Vec6& v, const Mat6& I, Mat6& B) {
  const double m = I(0, 0);
  const double h[3] = {I(5, 1), I(3, 2), I(4, 0)};  // lower-left block is skew(h)
  const double* vl = v.data();
  const double* w = v.data() + 3;
  double p[3];
  cross3(w, h, p);
  for (int k = 0; k < 3; ++k) p[k] += m * vl[k];
  double Z[3][3];  // Z column c = w x Ibar column c
  for (int c = 0; c < 3; ++c) {
    const double col[3] = {I(3, 3 + c), I(4, 3 + c), I(5, 3 + c)};
    double z[3];
    cross3(w, col, z);
    for (int r = 0; r < 3; ++r) Z[r][c] = z[r];
  }
  const double vh = 2.0 * (vl[0] * h[0] + vl[1] * h[1] + vl[2] * h[2]);
  for (int c = 0; c < 3; ++c)
    for (int r = 0; r < 3; ++r) {
      B(r, c) = 0.0;
      B(3 + r, 3 + c) = Z[r][c] + Z[c][r] - (h[r] * vl[c] + vl[r] * h[c]) + (r == c ? vh : 0.0);
    }
  // skew(p) in the lower-left block, its transpose -skew(p) in the upper-right.
  B(3, 0) = 0.0, B(4, 0) = p[2], B(5, 0) = -p[1];
  B(3, 1) = -p[2], B(4, 1) = 0.0, B(5, 1) = p[0];
  B(3, 2) = p[1], B(4, 2) = -p[0], B(5, 2) = 0.0;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) B(r, 3 + c) = B(3 + c, r);
}

// The world spatial inertia of the rigid body alone (without added mass).
inline Mat6 rigidInertiaWorld(const Model& model, const Data& data, int i) {
  const Pose& oMi = data.oMi[i];
  const Mat3 R = oMi.R;
  return spatialInertiaWorld(model.mass[i], oMi.act(model.com[i]),
                             R * model.inertia_com[i] * R.transpose());
}

// Writes x into column k of rows [row, row + 6) of a row-major matrix.
VMS_INLINE void setColumn(RowMatX& m, int row, int k, const Vec6& x) {
  double* p = m.data() + row * m.outerStride() + k;
  for (int r = 0; r < 6; ++r) p[r * m.outerStride()] = x[r];
}

VMS_INLINE Lanes8 load8(const double* p) {
  Lanes8 r;
  std::memcpy(&r, p, sizeof r);
  return r;
}

// out[c] = sum_{m < K} coefficients[m] rows[m stride + c] for c < length, in one pass over out;
// the rows are read up to seven entries past length (their padding).
template <int K>
VMS_INLINE void combineRows(const double* coefficients, const double* rows, Eigen::Index stride,
                            Eigen::Index length, double* out) {
  for (Eigen::Index c = 0; c < length; c += 8) {
    Lanes8 even = coefficients[0] * load8(rows + c);
    Lanes8 odd = coefficients[1] * load8(rows + stride + c);
    for (int m = 2; m < K; m += 2) {
      even += coefficients[m] * load8(rows + m * stride + c);
      odd += coefficients[m + 1] * load8(rows + (m + 1) * stride + c);
    }
    const Lanes8 sum = even + odd;
    if (c + 8 <= length) {
      std::memcpy(out + c, &sum, sizeof sum);
    } else {
#ifdef __AVX512F__
      _mm512_mask_storeu_pd(out + c, static_cast<__mmask8>((1u << (length - c)) - 1u), sum);
#else
      for (Eigen::Index k = c; k < length; ++k) out[k] = sum[k - c];
#endif
    }
  }
}

// x^T y for 12- and 6-vectors at x and y.
VMS_INLINE double dot12(const double* x, const double* y) {
  const Lanes4 s = load4(x) * load4(y) + load4(x + 4) * load4(y + 4) + load4(x + 8) * load4(y + 8);
  return (s[0] + s[1]) + (s[2] + s[3]);
}
VMS_INLINE double dot6(const double* x, const double* y) {
  const Lanes4 s = load4(x) * load4(y);
  const Lanes2 r = load2(x + 4) * load2(y + 4);
  return ((s[0] + s[1]) + (s[2] + s[3])) + (r[0] + r[1]);
}

// Rows of InverseDynamicsDerivatives::lanes_: per body v, a, S (6 each), then the composites:
// Ic's m, h, J (1 + 3 + 6), B's p, Z (3 + 6), h and F (6 each).
constexpr int kLaneV = 0, kLaneA = 6, kLaneS = 12, kLaneIm = 18, kLaneIh = 19, kLaneIJ = 22,
              kLaneBp = 28, kLaneBZ = 31, kLaneH = 37, kLaneF = 43, kLaneRows = 49;

// Offsets in a row of the tree's per-joint vectors: Yq, Yextra, Yv = [gamma; S], D, E, F1.
constexpr int kJointYq = 0, kJointYextra = 12, kJointYv = 24, kJointD = 36, kJointE = 42,
              kJointF1 = 48, kJointWidth = 56;
}  // namespace

Mat6X configurationTangentBasis(const Model& model) {
  const Vec6 mask = poseMask(model.base_type);
  Mat6X T = Mat6X::Zero(6, static_cast<Eigen::Index>(mask.sum()));
  for (int k = 0, c = 0; k < 6; ++k)
    if (mask[k] != 0.0) T(k, c++) = 1.0;
  return T;
}

InverseDynamicsDerivatives::InverseDynamicsDerivatives(const Model& model)
    : tangent_(configurationTangentBasis(model)) {
  const int n = model.nbodies, nv = model.nv, nj = model.njoints;
  const int t = static_cast<int>(tangent_.cols());
  const auto size = static_cast<std::size_t>(n);
  dtau_dq_ = RowMatX::Zero(nv, t + nj);
  dtau_dv_ = RowMatX::Zero(nv, nv);
  M_ = RowMatX::Zero(nv, nv);
  B_.assign(size, Mat6::Zero());
  Icrb_.assign(size, Mat6::Zero());
  for (auto* v : {&h_, &F_, &Fe_}) v->assign(size, Vec6::Zero());
  for (int i = 1; i < n; ++i)
    chain_ = chain_ && model.parent[i] == i - 1 && model.joint_index[i] == i - 1;
  Prow_ = RowMatX::Zero(nj, 24);
  Yq_rows_ = RowMatX::Zero(24, nj + kPad);
  Yv_rows_ = RowMatX::Zero(12, nj + kPad);
  for (auto* m : {&D_rows_, &E_rows_, &F1_rows_}) *m = RowMatX::Zero(6, nj + kPad);
  if (!chain_) joint_vectors_ = RowMatX::Zero(nj, kJointWidth);
  if (chain_) lanes_ = RowMatX::Zero(kLaneRows, (n + 7) / 8 * 8 + 8);
  for (int m = 0; m < 6; ++m)
    for (int c = 0; c < t; ++c) tangent_lanes_[m][c] = tangent_(m, c);
}

void InverseDynamicsDerivatives::compute(const Model& model, Data& data, const State& state,
                                         const Vec6& base_twist_dot,
                                         const Eigen::Ref<const VecX>& qdd,
                                         const ExternalForces& external) {
  VMS_CHECK_ARGUMENT_SIZE(dtau_dv_.rows(), model.nv, "InverseDynamicsDerivatives(model).nv");
  rnea(model, data, state, base_twist_dot, qdd, external);
  computeFromMotion(model, data, external, true);
}

void InverseDynamicsDerivatives::computeFromMotion(const Model& model, Data& data,
                                                   const ExternalForces& external,
                                                   bool with_mass_matrix) {
  if (model.hasCouplings())
    throw std::invalid_argument(
        "InverseDynamicsDerivatives: model has mimic joints (joint '" +
        model.joint_names[static_cast<std::size_t>(model.couplings.front().joint)] + "' follows '" +
        model.joint_names[static_cast<std::size_t>(model.couplings.front().leader)] +
        "'); the derivatives are defined for independent joints only");
  const bool extra = model.hasAddedMass() || external.body_forces_world != nullptr;
  if (rigidChain(model, external)) {
    computeChainCompositesRigid(model, data);
    computeChainJointVectorsRigid(model);
  } else {
    computeComposites(model, data, external);
    computeJointVectors(model, data, external);
  }
  if (chain_)
    assembleChain(model, extra, with_mass_matrix);
  else
    assembleTree(model, extra, with_mass_matrix);
  assembleVehicle(model, data, external, with_mass_matrix);
}

// Body forces f = I a + v x* I v - weight - external and the composites over each subtree
// (tip to base): inertia Ic (data.Ic), rigid-body inertia Icrb (with added mass only), momentum
// h, B = sum (v x* I - I v x), force F, external forces Fe.
void InverseDynamicsDerivatives::computeComposites(const Model& model, Data& data,
                                                   const ExternalForces& external) {
  const int n = model.nbodies;
  const bool added_mass = model.hasAddedMass();
  const bool has_external = external.body_forces_world != nullptr;
  Vec6 a_g = Vec6::Zero();
  a_g.head<3>() = model.gravity;
  for (int i = 0; i < n; ++i) {
    const Mat6& I = data.I[i];
    const Vec6& v = data.v[i];
    copyTo(data.Ic[i], I);
    const Vec6 h = times(I, v);
    h_[i] = h;
    if (added_mass)
      velocityInertiaRate(v, I, B_[i]);
    else
      rigidInertiaRate(v, I, B_[i]);
    Vec6 F = times(I, data.a[i]);
    addTo(F, crossF(v, h));
    if (added_mass) {
      Icrb_[i] = rigidInertiaWorld(model, data, i);
      F -= times(Icrb_[i], a_g);
    } else {
      F -= timesLinear(I, model.gravity);
    }
    if (has_external) {
      Fe_[i] = (*external.body_forces_world)[i];
      F -= Fe_[i];
    }
    F_[i] = F;
  }
  for (int i = n - 1; i > 0; --i) {
    const int p = model.parent[i];
    addTo(data.Ic[p], data.Ic[i]);
    addTo(B_[p], B_[i]);
    addTo(h_[p], h_[i]);
    addTo(F_[p], F_[i]);
    if (added_mass) addTo(Icrb_[p], Icrb_[i]);
    if (has_external) addTo(Fe_[p], Fe_[i]);
  }
}

// Per joint body j: w = S x v_p, beta = S x a_p - w x v_p, gamma = v_p x S - S x v_j = -2 w
// (v_j = v_p + S qd), F1 = Ic S, G = B S - S x* h (and F1rb = Icrb S, Xe = S x* Fe), then D and
// E, in the joint's column of the per-joint matrices.
void InverseDynamicsDerivatives::computeJointVectors(const Model& model, const Data& data,
                                                     const ExternalForces& external) {
  const int n = model.nbodies;
  const bool added_mass = model.hasAddedMass();
  const bool has_external = external.body_forces_world != nullptr;
  const bool extra = added_mass || has_external;
  for (int j = 1; j < n; ++j) {
    const int k = model.joint_index[j];
    const Vec6& S = data.S[j];
    const Vec6& vp = data.v[model.parent[j]];
    const Vec6& h = h_[j];
    const Mat6& Ic = data.Ic[j];
    const Mat6& B = B_[j];
    const Vec6 w = crossM(S, vp);
    Vec6 beta = crossM(S, data.a[model.parent[j]]);
    beta -= crossM(w, vp);
    Vec6 Sxag = Vec6::Zero();  // S x [g; 0] = [Sw x g; 0]
    cross3(S.data() + 3, model.gravity.data(), Sxag.data());
    const Vec6 F1 = times(Ic, S);
    const Vec6 BS = times(B, S);
    const Vec6 Sxh = crossF(S, h);
    const Vec6 Iw = times(Ic, w);
    Vec6 D = crossF(S, F_[j]);
    D -= times(B, w);
    D -= crossF(w, h);
    Vec6 Yq_top;
    if (extra) {
      // The weight acts through the rigid-body inertia; world external forces stay put.
      const Vec6 Xe = has_external ? crossF(S, Fe_[j]) : Vec6::Zero();
      const Vec6 F1rb = added_mass ? Vec6(times(Icrb_[j], S)) : F1;
      D -= times(Ic, beta);
      D += times(added_mass ? Icrb_[j] : Ic, Sxag);
      D += Xe;
      Prow_.row(k).segment<6>(12) = F1rb.transpose();
      Prow_.row(k).segment<6>(18) = -Xe.transpose();
      Yq_top = -beta;
    } else {
      Yq_top = Sxag - beta;
      D += times(Ic, Yq_top);
    }
    Prow_.row(k).segment<6>(0) = F1.transpose();
    Prow_.row(k).segment<6>(6) = (BS - Sxh).transpose();
    setColumn(D_rows_, 0, k, D);
    Vec6 E = BS + Sxh;
    E -= 2.0 * Iw;
    setColumn(E_rows_, 0, k, E);
    setColumn(F1_rows_, 0, k, F1);
    if (chain_) {
      setColumn(Yq_rows_, 0, k, Yq_top);
      setColumn(Yq_rows_, 6, k, -w);
      setColumn(Yv_rows_, 0, k, -2.0 * w);
      setColumn(Yv_rows_, 6, k, S);
      if (extra) {
        setColumn(Yq_rows_, 12, k, Sxag);
        setColumn(Yq_rows_, 18, k, S);
      }
    } else {
      double* J = joint_vectors_.data() + k * joint_vectors_.outerStride();
      auto put = [J](int offset, const Vec6& x) { std::memcpy(J + offset, x.data(), sizeof x); };
      put(kJointYq, Yq_top);
      put(kJointYq + 6, -w);
      put(kJointYextra, Sxag);
      put(kJointYextra + 6, S);
      put(kJointYv, -2.0 * w);
      put(kJointYv + 6, S);
      put(kJointD, D);
      put(kJointE, E);
      put(kJointF1, F1);
    }
  }
}

// A chain of rigid bodies (no added mass) with no world external forces and at least four
// joints: the eight-lane paths. With fewer joints the blocks are mostly empty lanes, and the
// body-by-body path is faster.
bool InverseDynamicsDerivatives::rigidChain(const Model& model,
                                            const ExternalForces& external) const {
  constexpr int kMinJoints = 4;
  return chain_ && model.njoints >= kMinJoints && !model.hasAddedMass() &&
         external.body_forces_world == nullptr;
}

// computeComposites on a rigid chain, eight bodies at a time, one per lane (lanes8.hpp): each
// body's v, a, S and inertia go into a column of lanes_, then its h = I v, B and
// F = I a + v x* h - I [g; 0] are computed in lanes, and the composites are summed tip to base
// in place. The vehicle's composites go to data.Ic[0], B_[0], h_[0] and F_[0] for
// assembleVehicle (data.Ic of the other bodies is not written).
void InverseDynamicsDerivatives::computeChainCompositesRigid(const Model& model, Data& data) {
  namespace l8 = lanes8;
  const int n = model.nbodies;
  const Eigen::Index stride = lanes_.outerStride();
  double* L = lanes_.data();
  const auto row = [L, stride](int r) { return L + r * stride; };
  for (int i = 0; i < n; ++i) {
    for (int m = 0; m < 6; ++m) {
      row(kLaneV + m)[i] = data.v[i][m];
      row(kLaneA + m)[i] = data.a[i][m];
      row(kLaneS + m)[i] = data.S[i][m];
    }
    // The rigid-body inertia [m 1, -skew(h); skew(h), J]: lower-left block skew(h).
    const Mat6& I = data.I[i];
    row(kLaneIm)[i] = I(0, 0);
    row(kLaneIh)[i] = I(5, 1), row(kLaneIh + 1)[i] = I(3, 2), row(kLaneIh + 2)[i] = I(4, 0);
    for (int c = 0, m = 0; c < 3; ++c)
      for (int r = c; r < 3; ++r, ++m) row(kLaneIJ + m)[i] = I(3 + r, 3 + c);
  }
  const l8::Vec3 g = l8::broadcast3(model.gravity.data());
  // Blocks of eight bodies from the last: a block's composite rows are stored as their suffix
  // sums plus the first column of the block after it (done before; zero past the last body),
  // the composites of a chain whose parents are the bodies before.
  for (int i0 = (n - 1) / 8 * 8; i0 >= 0; i0 -= 8) {
    const auto sumUp = [&](int r, const l8::Lanes8& x) {
      l8::store(row(r) + i0, l8::suffixSum(x) + row(r)[i0 + 8]);
    };
    const auto sumUp3 = [&](int r, const l8::Vec3& x) {
      sumUp(r, x.x), sumUp(r + 1, x.y), sumUp(r + 2, x.z);
    };
    const l8::Spatial v = l8::loadSpatial(row(kLaneV) + i0, stride),
                      a = l8::loadSpatial(row(kLaneA) + i0, stride);
    const l8::RigidInertia I = l8::loadRigidInertia(row(kLaneIm) + i0, stride);
    const l8::Spatial h = I * v;
    // B = [0, -skew(p); skew(p), Z + Z^T - (hc vl^T + vl hc^T) + 2 (vl . hc) 1] with
    // p = m vl + w x hc and Z = skew(w) J, column c of Z being w x J_c (rigidInertiaRate).
    const l8::Vec3& vl = v.lin;
    const l8::Vec3& w = v.ang;
    const l8::Vec3& hc = I.h;
    const l8::Vec3 p = I.m * vl + l8::cross(w, hc);
    const l8::Sym3& J = I.J;
    const l8::Vec3 Z0 = l8::cross(w, {J.xx, J.yx, J.zx}), Z1 = l8::cross(w, {J.yx, J.yy, J.zy}),
                   Z2 = l8::cross(w, {J.zx, J.zy, J.zz});
    const l8::Lanes8 vh = vl.x * hc.x + vl.y * hc.y + vl.z * hc.z;
    const l8::Spatial weight = I * l8::Spatial{g, {}};
    const l8::Spatial F = (I * a + l8::crossForce(v, h)) - weight;
    sumUp3(kLaneBp, p);
    sumUp(kLaneBZ, 2.0 * (Z0.x - hc.x * vl.x + vh));
    sumUp(kLaneBZ + 1, (Z0.y + Z1.x) - (hc.y * vl.x + vl.y * hc.x));
    sumUp(kLaneBZ + 2, (Z0.z + Z2.x) - (hc.z * vl.x + vl.z * hc.x));
    sumUp(kLaneBZ + 3, 2.0 * (Z1.y - hc.y * vl.y + vh));
    sumUp(kLaneBZ + 4, (Z1.z + Z2.y) - (hc.z * vl.y + vl.z * hc.y));
    sumUp(kLaneBZ + 5, 2.0 * (Z2.z - hc.z * vl.z + vh));
    sumUp3(kLaneH, h.lin), sumUp3(kLaneH + 3, h.ang);
    sumUp3(kLaneF, F.lin), sumUp3(kLaneF + 3, F.ang);
    sumUp(kLaneIm, I.m);
    sumUp3(kLaneIh, I.h);
    sumUp(kLaneIJ, J.xx), sumUp(kLaneIJ + 1, J.yx), sumUp(kLaneIJ + 2, J.zx);
    sumUp(kLaneIJ + 3, J.yy), sumUp(kLaneIJ + 4, J.zy), sumUp(kLaneIJ + 5, J.zz);
  }
  // The vehicle's composites as 6x6 matrices and spatial vectors.
  const auto lower = [&](int r, Mat6& M) {
    for (int c = 0, m = 0; c < 3; ++c)
      for (int k = c; k < 3; ++k, ++m) M(3 + k, 3 + c) = M(3 + c, 3 + k) = row(r + m)[0];
  };
  const auto skewBlocks = [&](int r, Mat6& M) {
    const Vec3 x(row(r)[0], row(r + 1)[0], row(r + 2)[0]);
    M.bottomLeftCorner<3, 3>() = skew(x);
    M.topRightCorner<3, 3>() = -skew(x);
  };
  Mat6& Ic0 = data.Ic[0];
  Ic0.setZero();
  Ic0.topLeftCorner<3, 3>().diagonal().setConstant(row(kLaneIm)[0]);
  skewBlocks(kLaneIh, Ic0);
  lower(kLaneIJ, Ic0);
  Mat6& B0 = B_[0];
  B0.setZero();
  skewBlocks(kLaneBp, B0);
  lower(kLaneBZ, B0);
  for (int m = 0; m < 6; ++m) h_[0][m] = row(kLaneH + m)[0], F_[0][m] = row(kLaneF + m)[0];
}

// computeJointVectors on a rigid chain, eight joints at a time, one per lane, from lanes_ (the
// same formulas on structured composites). The outputs are the per-joint matrices' columns (rows
// of eight consecutive joints, stored whole: the matrices have kPad columns of padding, zero in
// lanes past the last joint) and P's rows.
void InverseDynamicsDerivatives::computeChainJointVectorsRigid(const Model& model) {
  namespace l8 = lanes8;
  const int nj = model.njoints;
  const Eigen::Index stride = lanes_.outerStride();
  const double* L = lanes_.data();
  alignas(64) double P[12][8];
  const l8::Vec3 g = l8::broadcast3(model.gravity.data());
  const auto storeRows = [](RowMatX& m, int row, int k, const l8::Spatial& x) {
    l8::storeSpatial(m.data() + row * m.outerStride() + k, m.outerStride(), x);
  };
  for (int k0 = 0; k0 < nj; k0 += 8) {
    // Joint k's body is k + 1 and its parent k: lanes from column k0 + 1 (body) or k0 (parent).
    const auto spatial = [&](int r, int column) {
      return l8::loadSpatial(L + r * stride + column, stride);
    };
    const int j0 = k0 + 1;
    const l8::Spatial S = spatial(kLaneS, j0), vp = spatial(kLaneV, k0), ap = spatial(kLaneA, k0),
                      h = spatial(kLaneH, j0), F = spatial(kLaneF, j0);
    const l8::RigidInertia Ic = l8::loadRigidInertia(L + kLaneIm * stride + j0, stride);
    const l8::InertiaRate B = l8::loadInertiaRate(L + kLaneBp * stride + j0, stride);
    const l8::Spatial w = l8::crossMotion(S, vp);
    const l8::Spatial beta = l8::crossMotion(S, ap) - l8::crossMotion(w, vp);
    // Yq_top = S x [g; 0] - beta.
    const l8::Spatial Yq_top{l8::cross(S.ang, g) - beta.lin, -beta.ang};
    const l8::Spatial F1 = Ic * S;
    const l8::Spatial BS = B * S;
    const l8::Spatial Sxh = l8::crossForce(S, h);
    const l8::Spatial D = (l8::crossForce(S, F) - B * w) - (l8::crossForce(w, h) - Ic * Yq_top);
    const l8::Spatial E = (BS + Sxh) - 2.0 * (Ic * w);
    storeRows(D_rows_, 0, k0, D);
    storeRows(E_rows_, 0, k0, E);
    storeRows(F1_rows_, 0, k0, F1);
    storeRows(Yq_rows_, 0, k0, Yq_top);
    storeRows(Yq_rows_, 6, k0, -w);
    storeRows(Yv_rows_, 0, k0, -2.0 * w);
    storeRows(Yv_rows_, 6, k0, S);
    l8::storeSpatial(P[0], 8, F1);
    l8::storeSpatial(P[6], 8, BS - Sxh);
    const int count = std::min(8, nj - k0);
    for (int l = 0; l < count; ++l) {
      double* out = Prow_.data() + (k0 + l) * Prow_.outerStride();
      for (int m = 0; m < 12; ++m) out[m] = P[m][l];
    }
  }
}

// A chain in body order: in joint row k, the columns up to k are its ancestors-or-self
// (P_k Y_j) and the columns after k its descendants (S_k^T D_j, S_k^T E_j): each part of the row
// is a combination of contiguous rows of the per-joint matrices.
void InverseDynamicsDerivatives::assembleChain(const Model& model, bool extra,
                                               bool with_mass_matrix) {
  const int nj = model.njoints, b = model.base_dof;
  const int t = static_cast<int>(tangent_.cols());
  const Eigen::Index stride = Yq_rows_.outerStride();
  for (int k = 0; k < nj; ++k) {
    const int r = b + k;
    const double* P = Prow_.data() + k * Prow_.outerStride();
    double* dq = dtau_dq_.data() + r * dtau_dq_.outerStride();
    double* dv = dtau_dv_.data() + r * dtau_dv_.outerStride();
    double* M = M_.data() + r * M_.outerStride();
    if (extra)
      combineRows<24>(P, Yq_rows_.data(), stride, k + 1, dq + t);
    else
      combineRows<12>(P, Yq_rows_.data(), stride, k + 1, dq + t);
    combineRows<12>(P, Yv_rows_.data(), stride, k + 1, dv + b);
    double S[6];
    for (int m = 0; m < 6; ++m) S[m] = Yv_rows_(6 + m, k);
    const int rest = nj - k - 1;
    if (rest > 0) {
      combineRows<6>(S, D_rows_.data() + k + 1, stride, rest, dq + t + k + 1);
      combineRows<6>(S, E_rows_.data() + k + 1, stride, rest, dv + b + k + 1);
    }
    if (with_mass_matrix) combineRows<6>(S, F1_rows_.data() + k, stride, rest + 1, M + b + k);
  }
  if (!with_mass_matrix) return;
  auto Mj = M_.bottomRightCorner(nj, nj);
  Mj.triangularView<Eigen::StrictlyLower>() = Mj.transpose();
}

// Any tree, any joint order: each joint body i against its ancestors-or-self j.
void InverseDynamicsDerivatives::assembleTree(const Model& model, bool extra,
                                              bool with_mass_matrix) {
  const int n = model.nbodies, b = model.base_dof;
  const int t = static_cast<int>(tangent_.cols());
  for (int i = 1; i < n; ++i) {
    const int ki = model.joint_index[i];
    const double* P = Prow_.data() + ki * Prow_.outerStride();
    const double* Ji = joint_vectors_.data() + ki * joint_vectors_.outerStride();
    for (int j = i; j > 0; j = model.parent[j]) {
      const int kj = model.joint_index[j];
      const double* Jj = joint_vectors_.data() + kj * joint_vectors_.outerStride();
      double dq = dot12(P, Jj + kJointYq);
      if (extra) dq += dot12(P + 12, Jj + kJointYextra);
      dtau_dq_(b + ki, t + kj) = dq;
      dtau_dv_(b + ki, b + kj) = dot12(P, Jj + kJointYv);
      const double* Sj = Jj + kJointYv + 6;
      if (with_mass_matrix) M_(b + ki, b + kj) = M_(b + kj, b + ki) = dot6(Sj, Ji + kJointF1);
      if (j != i) {
        dtau_dq_(b + kj, t + ki) = dot6(Sj, Ji + kJointD);
        dtau_dv_(b + kj, b + ki) = dot6(Sj, Ji + kJointE);
      }
    }
  }
}

// The vehicle's rows (every joint is its strict descendant) and columns (every body is in its
// subtree, and its parent, the world, is at rest: w = beta = 0, and gamma = -xi x v_0 for a
// velocity column xi).
void InverseDynamicsDerivatives::assembleVehicle(const Model& model, const Data& data,
                                                 const ExternalForces& external,
                                                 bool with_mass_matrix) {
  const int nj = model.njoints, b = model.base_dof;
  const int t = static_cast<int>(tangent_.cols());
  const bool added_mass = model.hasAddedMass();
  const bool has_external = external.body_forces_world != nullptr;
  const bool extra = added_mass || has_external;
  const Mat6& Ic0 = data.Ic[0];
  const Mat6& Icrb0 = added_mass ? Icrb_[0] : Ic0;
  // Configuration columns (a_g = [g; 0]): only the weight (through the rigid-body inertia) and the
  // world external forces depend on the vehicle's pose in a world-frame composite. Joint k's
  // entries are P_k [xi x a_g; 0] (or Pextra_k [xi x a_g; xi]) and, in velocity columns xi = S0_c
  // with gamma = -xi x v_0, P_k [gamma; xi]: combinations of the rows of Xq and Xv (column c a
  // vehicle column).
  alignas(64) double Xq[12][8] = {}, Xv[12][8] = {};
  // The vehicle's columns side by side, one per lane (lanes8.hpp; lanes past t or b zero).
  namespace l8 = lanes8;
  const auto components = [](const l8::Spatial& x, l8::Lanes8 out[6]) {
    out[0] = x.lin.x, out[1] = x.lin.y, out[2] = x.lin.z;
    out[3] = x.ang.x, out[4] = x.ang.y, out[5] = x.ang.z;
  };
  // A x with A's coefficients broadcast.
  const auto product = [&](const Mat6& A, const l8::Spatial& x) {
    l8::Lanes8 in[6], out[6];
    components(x, in);
    for (int i = 0; i < 6; ++i) {
      out[i] = A(i, 0) * in[0];
      for (int k = 1; k < 6; ++k) out[i] += A(i, k) * in[k];
    }
    return l8::Spatial{{out[0], out[1], out[2]}, {out[3], out[4], out[5]}};
  };
  const auto storeRows = [](double rows[][8], int first, const l8::Spatial& x) {
    l8::storeSpatial(rows[first], 8, x);
  };
  // Writes lane c < width of S0_r^T f - sub_r (sub_r lanes c, or none) to out(r, c), r < b.
  const auto vehicleRows = [&](const l8::Spatial& f, const l8::Lanes8* sub, RowMatX& out,
                               int width) {
    l8::Lanes8 fc[6];
    components(f, fc);
    for (int r = 0; r < b; ++r) {
      l8::Lanes8 y = data.S0(0, r) * fc[0];
      for (int m = 1; m < 6; ++m) y += data.S0(m, r) * fc[m];
      if (sub != nullptr) y -= sub[r];
      l8::storeFirst(&out(r, 0), y, width);
    }
  };
  const Pose& oMi0 = data.oMi[0];
  const l8::Vec3 g = l8::broadcast3(model.gravity.data());
  if (t > 0) {
    // Configuration columns xi_c = Ad(oMi_0) T_c = [R Tv + p x R Tw; R Tw], with
    // xi x a_g = [xi_w x g; 0] (zero for a translation): joint k's entries P_k [xi x a_g; 0] or
    // Pextra_k [xi x a_g; xi] come from Xq's rows, the vehicle's from
    // (Icrb S0_r)^T (xi x a_g) + (S0_r x* Fe)^T xi = S0_r^T (Icrb (xi x a_g) + xi x* Fe).
    const l8::Spatial T = l8::loadSpatial(tangent_lanes_[0], 8);
    const l8::Vec3 &Tv = T.lin, &Tw = T.ang;
    const Mat3& R = oMi0.R;
    const auto rotate = [&](const l8::Vec3& x) {
      return l8::Vec3{R(0, 0) * x.x + R(0, 1) * x.y + R(0, 2) * x.z,
                      R(1, 0) * x.x + R(1, 1) * x.y + R(1, 2) * x.z,
                      R(2, 0) * x.x + R(2, 1) * x.y + R(2, 2) * x.z};
    };
    const l8::Vec3 p = l8::broadcast3(oMi0.p.data());
    const l8::Vec3 xi_w = rotate(Tw);
    const l8::Spatial xi{rotate(Tv) + l8::cross(p, xi_w), xi_w};
    const l8::Vec3 xwg = l8::cross(xi_w, g);
    storeRows(Xq, 0, l8::Spatial{xwg, {}});
    storeRows(Xq, 6, xi);
    l8::Spatial f = product(Icrb0, l8::Spatial{xwg, {}});
    if (has_external) f = f + l8::crossForce(xi, l8::broadcast6(Fe_[0].data()));
    vehicleRows(f, nullptr, dtau_dq_, t);
  }
  if (b > 0) {
    // Velocity columns xi_c = S0_c with gamma = -xi x v_0: joint k's entries P_k [gamma; xi]
    // from Xv's rows, the vehicle's (Ic S0_r)^T gamma + G0_r^T xi with G0 = B S0 - S0 x* h,
    // i.e. S0_r^T (Ic gamma + B xi) - (S0_r x* h)^T xi.
    l8::Lanes8 xi_rows[6];  // row m of S0, column c in lane c
    for (int m = 0; m < 6; ++m) xi_rows[m] = l8::gather(data.S0.data() + m, 6, b);
    const l8::Spatial xi{{xi_rows[0], xi_rows[1], xi_rows[2]},
                         {xi_rows[3], xi_rows[4], xi_rows[5]}};
    const l8::Spatial gamma = l8::crossMotion(l8::broadcast6(data.v[0].data()), xi);
    storeRows(Xv, 0, gamma);
    storeRows(Xv, 6, xi);
    // (S0_r x* h)^T xi_c: S0_r x* h with r in the lanes, then its components broadcast.
    alignas(64) double Sxh[6][8];
    storeRows(Sxh, 0, l8::crossForce(xi, l8::broadcast6(h_[0].data())));
    l8::Lanes8 sub[6];
    for (int r = 0; r < b; ++r) {
      sub[r] = Sxh[0][r] * xi_rows[0];
      for (int m = 1; m < 6; ++m) sub[r] += Sxh[m][r] * xi_rows[m];
    }
    vehicleRows(product(Ic0, gamma) + product(B_[0], xi), sub, dtau_dv_, b);
  }
  // The vehicle's rows against the joints: S0^T D, S0^T E and S0^T F1 (between the writes of
  // Xq and Xv and their reads).
  if (b > 0) {
    const auto S0 = data.S0.leftCols(b);
    // S0^T as a 6x6 (rows past b zero), for the vehicle's block of M.
    Mat6 S0T = Mat6::Zero();
    if (with_mass_matrix)
      for (int r = 0; r < b; ++r) S0T.row(r) = S0.col(r).transpose();
    const Eigen::Index stride = D_rows_.outerStride();
    for (int r = 0; r < b; ++r) {
      const double* s = S0.col(r).data();
      combineRows<6>(s, D_rows_.data(), stride, nj, &dtau_dq_(r, t));
      combineRows<6>(s, E_rows_.data(), stride, nj, &dtau_dv_(r, b));
      if (!with_mass_matrix) continue;
      combineRows<6>(s, F1_rows_.data(), stride, nj, &M_(r, b));
      const Vec6 F1 = times(S0T, times(Ic0, S0.col(r)));
      for (int c = 0; c <= r; ++c) M_(r, c) = M_(c, r) = F1[c];
    }
  }
  for (int k = 0; k < nj; ++k) {
    const double* P = Prow_.data() + k * Prow_.outerStride();
    if (t > 0) {
      if (extra)
        combineRows<12>(P + 12, Xq[0], 8, t, &dtau_dq_(b + k, 0));
      else
        combineRows<6>(P, Xq[0], 8, t, &dtau_dq_(b + k, 0));
    }
    if (b > 0) combineRows<12>(P, Xv[0], 8, b, &dtau_dv_(b + k, 0));
  }
  if (!with_mass_matrix) return;
  for (int k = 0; k < nj; ++k)
    for (int r = 0; r < b; ++r) M_(b + k, r) = M_(r, b + k);
}

}  // namespace vms
