#include "core/solvers/dh_inertia_sums.hpp"

#include <cmath>

#include "core/spatial/so3.hpp"

namespace vms {

DhInertiaSums::DhInertiaSums(const Model& model)
    : arm_(dhArmOf(model)), N_(static_cast<int>(arm_.links.size())) {
  const std::size_t N = static_cast<std::size_t>(N_);
  for (const DhArmLink& l : arm_.links) column_.push_back(l.joint);
  for (std::vector<Mat34>* v : {&TJ_, &TL_, &AJ_, &AL_, &dTL_}) v->assign(N, Mat34::Zero());
  for (std::vector<Vec3>* v : {&k_, &p_, &W_, &IW_, &v_, &dk_, &dp_}) v->assign(N, Vec3::Zero());
  for (std::vector<Vec3>* v : {&r_, &r0i_, &dr_}) v->assign(N + 1, Vec3::Zero());
  for (std::vector<Mat3>* v : {&I_, &dI_}) v->assign(N + 1, Mat3::Zero());
  RL_.assign(N, Mat3::Identity());
  ILRt_.assign(N, Mat3::Zero());
  m_.assign(N + 1, 0.0);
  cq_.assign(N, 1.0);
  sq_.assign(N, 0.0);
  for (Mat3X* m : {&K_, &dK_, &IK_}) *m = Mat3X::Zero(3, N_);
  for (Mat3X* m : {&JT_, &dJT_}) *m = Mat3X::Zero(3, N_ * N_);
  for (Mat6X* m : {&S1_, &S2_, &H0m_link_}) *m = Mat6X::Zero(6, N_);
  for (MatX* m : {&Hm_link_, &nn_}) *m = MatX::Zero(N_, N_);
  r0_.setZero();
  dr0_.setZero();
  H0_.setZero();
  H0_dot_.setZero();
  for (Mat6X* m : {&H0m_, &H0m_dot_, &dH0m_qd_}) *m = Mat6X::Zero(6, N_);
  for (MatX* m : {&Hm_, &Hm_dot_}) *m = MatX::Zero(N_, N_);
  dH0_.assign(N, Mat6::Zero());
  qd_dHm_qd_ = VecX::Zero(N_);
}

void DhInertiaSums::compute(const State& state, bool printed_dh_derivative) {
  chain(state);
  sums();
  timeRates(state);
  jointAngleDerivatives(state.qd, printed_dh_derivative);
}

// (8)-(10) and (30): the joint and link frames, axes, origins, centres of mass and inertias.
void DhInertiaSums::chain(const State& state) {
  const Mat3 R0 = state.base_orientation.toRotationMatrix();
  r0_ = state.base_position;
  Mat34 T;
  T << R0, r0_;
  m_[0] = arm_.vehicle_mass;
  r0i_[0].noalias() = R0 * arm_.vehicle_com;
  r_[0] = r0_ + r0i_[0];
  I_[0].noalias() = R0 * arm_.vehicle_inertia * R0.transpose();
  T = chainProduct(T, arm_.mount, false);  // (8)
  for (int i = 0; i < N_; ++i) {
    const DhArmLink& L = arm_.links[static_cast<std::size_t>(i)];
    const double q = state.q[column_[i]];
    cq_[i] = std::cos(q);
    sq_[i] = std::sin(q);
    TJ_[i] = T;
    k_[i] = T.col(2);  // (5)
    K_.col(i) = k_[i];
    p_[i] = T.col(3);
    AL_[i] = dhMatrix(cq_[i], sq_[i], L.cos_alpha, L.sin_alpha, L.u, L.w);
    TL_[i] = chainProduct(T, AL_[i], false);  // (10)
    AJ_[i] = dhMatrix(cq_[i], sq_[i], L.cos_alpha, L.sin_alpha, L.d, L.c);
    T = chainProduct(T, AJ_[i], false);  // (9)
    RL_[i] = TL_[i].leftCols<3>();       // = R_𝒥i+1 (4)
    ILRt_[i].noalias() = L.inertia_L * RL_[i].transpose();
    m_[i + 1] = L.mass;
    r_[i + 1] = TL_[i].col(3);
    r0i_[i + 1] = r_[i + 1] - r0_;                                    // (11)
    I_[i + 1].noalias() = RL_[i] * L.inertia_L * RL_[i].transpose();  // (30)
  }
}

// (28)-(36); H_m as sum_i J_Ri^T I_i J_Ri + m_i J_Ti^T J_Ti = [J_Ri; J_Ti]^T [I_i J_Ri; m_i J_Ti],
// in link order, then in q's.
void DhInertiaSums::sums() {
  const int N = N_;
  m_tot_ = 0.0;
  Vec3 mc = Vec3::Zero();
  Mat3 HS = Mat3::Zero();
  for (int b = 0; b <= N; ++b) {
    const Vec3& r = r0i_[b];
    m_tot_ += m_[b];
    mc += m_[b] * r;  // m_tot r_0C (14)
    // (29): I_i - m_i r^x r^x, with r^x r^x = r r^T - |r|^2 1.
    HS += I_[b] - m_[b] * (r * r.transpose() - r.squaredNorm() * Mat3::Identity());
  }
  H0_.topLeftCorner<3, 3>() = m_tot_ * Mat3::Identity();  // (28)
  H0_.topRightCorner<3, 3>() = -skew(mc);
  H0_.bottomLeftCorner<3, 3>() = skew(mc);
  H0_.bottomRightCorner<3, 3>() = HS;
  H0m_link_.setZero();
  Hm_link_.setZero();
  for (int i = 0; i < N; ++i) {
    const int c = i + 1;
    const double m = m_[c];
    const Mat3& I = I_[c];
    auto J = JT_.middleCols(i * N, c);  // J_Ti (33)
    for (int l = 0; l <= i; ++l) J.col(l) = k_[l].cross(r_[c] - p_[l]);
    const auto K = K_.leftCols(c);  // J_Ri (35)
    S1_.topLeftCorner(3, c) = K;
    S1_.bottomLeftCorner(3, c) = J;
    S2_.topLeftCorner(3, c).noalias() = I * K;
    S2_.bottomLeftCorner(3, c) = m * J;
    Hm_link_.topLeftCorner(c, c).noalias() += S1_.leftCols(c).transpose() * S2_.leftCols(c);
    H0m_link_.topLeftCorner(3, c) += m * J;  // J_TS (32)
    H0m_link_.bottomLeftCorner(3, c) += S2_.topLeftCorner(3, c);
    H0m_link_.bottomLeftCorner(3, c).noalias() += (m * skew(r0i_[c])) * J;  // H_Sq (34)
  }
  for (int a = 0; a < N; ++a) {
    H0m_.col(column_[a]) = H0m_link_.col(a);
    for (int b = 0; b < N; ++b) Hm_(column_[a], column_[b]) = Hm_link_(a, b);
  }
}

void DhInertiaSums::deltaH0(int first_body, Mat6& out) const {
  Vec3 dmc = Vec3::Zero();
  Mat3 dHS = Mat3::Zero();
  for (int b = first_body; b <= N_; ++b) {
    const Vec3 dr0i = dr_[b] - dr0_;
    const Vec3& r = r0i_[b];
    dmc += m_[b] * dr0i;  // m_tot dr_0C (75), (100)
    // (76), (101): dI_i - m_i (dr^x r^x + r^x dr^x), with a^x b^x = b a^T - (a . b) 1.
    dHS += dI_[b] - m_[b] * (r * dr0i.transpose() + dr0i * r.transpose() -
                             2.0 * dr0i.dot(r) * Mat3::Identity());
  }
  out.topLeftCorner<3, 3>().setZero();  // (74), (99)
  out.topRightCorner<3, 3>() = -skew(dmc);
  out.bottomLeftCorner<3, 3>() = skew(dmc);
  out.bottomRightCorner<3, 3>() = dHS;
}

// (66)-(79) with the vehicle's rates: v_0, w_0 in 𝒥 from the state's body twist.
void DhInertiaSums::timeRates(const State& state) {
  const int N = N_;
  const Mat3 R0 = state.base_orientation.toRotationMatrix();
  const Vec3 v0 = R0 * linear(state.base_twist), w0 = R0 * angular(state.base_twist);
  const VecX& qd = state.qd;
  dr0_ = v0;
  dr_[0] = v0 + w0.cross(r0i_[0]);
  const Mat3 w0x = skew(w0);
  dI_[0] = w0x * I_[0] - I_[0] * w0x;
  Vec3 w_J = w0;                            // w_𝒥1 = w_0 (68)
  Vec3 W = Vec3::Zero(), Z = Vec3::Zero();  // sum_l qd_l k_l, sum_l qd_l k_l x p_l
  for (int i = 0; i < N; ++i) {
    const double qdi = qd[column_[i]];
    dk_[i] = w_J.cross(k_[i]);                                 // dR_𝒥i/dt e_3 (67), (71)
    dp_[i] = v0 + w0.cross(p_[i] - r0_) + W.cross(p_[i]) - Z;  // (15)
    W += qdi * k_[i];
    Z += qdi * k_[i].cross(p_[i]);
    w_J += qdi * k_[i];  // w_ℒi = w_𝒥i+1 (68)-(69)
    dr_[i + 1] = v0 + w0.cross(r0i_[i + 1]) + W.cross(r_[i + 1]) - Z;  // (15)
    const Mat3 wx = skew(w_J);
    dI_[i + 1] = wx * I_[i + 1] - I_[i + 1] * wx;  // (70)
  }
  deltaH0(0, H0_dot_);
  // (66): sum_i dJ_Ri^T I_i J_Ri + J_Ri^T dI_i J_Ri + J_Ri^T I_i dJ_Ri
  //         + m_i (dJ_Ti^T J_Ti + J_Ti^T dJ_Ti) = Z + Z^T + J_Ri^T dI_i J_Ri,
  // Z = [dJ_Ri; m_i dJ_Ti]^T [I_i J_Ri; J_Ti]; (77)-(79) for dH_0m/dt.
  H0m_link_.setZero();
  Hm_link_.setZero();
  for (int i = 0; i < N; ++i) {
    const int c = i + 1;
    const double m = m_[c];
    const Mat3 &I = I_[c], &dI = dI_[c];
    const Vec3 &r0i = r0i_[c], dr0i = dr_[c] - dr0_;
    dK_.col(i) = dk_[i];
    const auto J = JT_.middleCols(i * N, c);
    auto dJ = dJT_.middleCols(i * N, c);
    for (int l = 0; l <= i; ++l)  // (72)-(73)
      dJ.col(l) = dk_[l].cross(r_[c] - p_[l]) + k_[l].cross(dr_[c] - dp_[l]);
    const auto K = K_.leftCols(c), dK = dK_.leftCols(c);
    S1_.topLeftCorner(3, c) = dK;
    S1_.bottomLeftCorner(3, c) = m * dJ;
    S2_.topLeftCorner(3, c).noalias() = I * K;
    S2_.bottomLeftCorner(3, c) = J;
    IK_.leftCols(c).noalias() = dI * K;
    auto Z = nn_.topLeftCorner(c, c);
    Z.noalias() = S1_.leftCols(c).transpose() * S2_.leftCols(c);
    Hm_link_.topLeftCorner(c, c) += Z;
    Hm_link_.topLeftCorner(c, c) += Z.transpose();
    Hm_link_.topLeftCorner(c, c).noalias() += K.transpose() * IK_.leftCols(c);
    H0m_link_.topLeftCorner(3, c) += m * dJ;              // (77)
    H0m_link_.bottomLeftCorner(3, c) += IK_.leftCols(c);  // (79)
    H0m_link_.bottomLeftCorner(3, c).noalias() += I * dK;
    H0m_link_.bottomLeftCorner(3, c).noalias() += (m * skew(dr0i)) * J;
    H0m_link_.bottomLeftCorner(3, c).noalias() += (m * skew(r0i)) * dJ;
  }
  for (int a = 0; a < N; ++a) {
    H0m_dot_.col(column_[a]) = H0m_link_.col(a);
    for (int b = 0; b < N; ++b) Hm_dot_(column_[a], column_[b]) = Hm_link_(a, b);
  }
}

// (80)-(102): for each joint k, the chain's derivatives (85)-(91), in which only the k-th DH
// factor is differentiated (83)-(84), then dH_0/dq_k (99)-(101) and the products of (95)-(98)
// and (82) with qd.
void DhInertiaSums::jointAngleDerivatives(const VecX& qd, bool printed) {
  const int N = N_;
  Vec3 W = Vec3::Zero();
  for (int i = 0; i < N; ++i) {  // J_Ri qd and J_Ti qd
    W += qd[column_[i]] * k_[i];
    W_[i] = W;
    v_[i].setZero();
    for (int l = 0; l <= i; ++l) v_[i] += qd[column_[l]] * JT_.col(i * N + l);
    IW_[i].noalias() = I_[i + 1] * W;
  }
  dr0_.setZero();
  for (int k = 0; k < N; ++k) {
    const DhArmLink& Lk = arm_.links[static_cast<std::size_t>(k)];
    // Nothing up to link k's own joint frame depends on q_k (85).
    for (int b = 0; b <= k; ++b) {
      dr_[b].setZero();
      dI_[b].setZero();
    }
    dk_[k].setZero();
    dp_[k].setZero();
    Mat34 dT = chainProduct(
        TJ_[k], dhMatrixDerivative(cq_[k], sq_[k], Lk.cos_alpha, Lk.sin_alpha, Lk.c, printed),
        true);  // (86)
    dTL_[k] = chainProduct(
        TJ_[k], dhMatrixDerivative(cq_[k], sq_[k], Lk.cos_alpha, Lk.sin_alpha, Lk.w, printed),
        true);  // (89)
    for (int i = k; i < N; ++i) {
      if (i > k) {
        dk_[i] = dT.col(2);  // (92)
        dp_[i] = dT.col(3);
        dTL_[i] = chainProduct(dT, AL_[i], false);  // (90)-(91)
        dT = chainProduct(dT, AJ_[i], false);       // (87)
      }
      dr_[i + 1] = dTL_[i].col(3);
      const Mat3 X = dTL_[i].leftCols<3>() * ILRt_[i];
      dI_[i + 1] = X + X.transpose();  // (102)
    }
    Mat6& dH0 = dH0_[static_cast<std::size_t>(column_[k])];
    deltaH0(k + 1, dH0);  // the bodies up to k do not move with q_k
    // (93)-(98) and (82), times qd: with dW = dJ_Ri qd and dv = dJ_Ti qd,
    //   dH_0m qd = [sum m_i dv_i; sum dI_i W_i + I_i dW_i + m_i (dr_i x v_i + r_0i x dv_i)],
    //   qd^T dH_m qd = sum 2 dW_i . I_i W_i + W_i . dI_i W_i + 2 m_i dv_i . v_i.
    Vec3 dW = Vec3::Zero(), dkp = Vec3::Zero(), kdp = Vec3::Zero(), top = Vec3::Zero(),
         bottom = Vec3::Zero();
    double s = 0.0;
    for (int i = k; i < N; ++i) {
      const double qdi = qd[column_[i]];
      dW += qdi * dk_[i];
      dkp += qdi * dk_[i].cross(p_[i]);
      kdp += qdi * k_[i].cross(dp_[i]);
      const Vec3& dr = dr_[i + 1];
      const Vec3 dv = dW.cross(r_[i + 1]) - dkp + W_[i].cross(dr) - kdp;
      const double m = m_[i + 1];
      const Mat3 &I = I_[i + 1], &dI = dI_[i + 1];
      top += m * dv;
      const Vec3 dIW = dI * W_[i];
      bottom += dIW + I * dW + m * (dr.cross(v_[i]) + r0i_[i + 1].cross(dv));
      s += 2.0 * dW.dot(IW_[i]) + W_[i].dot(dIW) + 2.0 * m * dv.dot(v_[i]);
    }
    dH0m_qd_.col(column_[k]) << top, bottom;
    qd_dHm_qd_[column_[k]] = s;
  }
}

}  // namespace vms
