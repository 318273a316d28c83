#pragma once
// Seed 004's own construction of the inertia blocks and their derivatives for a DH arm
// (Wilde et al. 2018; notes /work/shared/notes/seed-004.md §2, §4), in the inertial frame 𝒥:
//
//   the chain   ^𝒥T_𝒥1 = ^𝒥T_𝒥0 mount (8), ^𝒥T_𝒥i+1 = ^𝒥T_𝒥i A(q_i, d_i, alpha_i, c_i) (9),
//               ^𝒥T_ℒi = ^𝒥T_𝒥i A(q_i, u_i, alpha_i, w_i) (10), k_i = R_𝒥i e_3 (5),
//               I_i = R_ℒi ^ℒI_i R_ℒi^T (30);
//   the sums    H_0 (28)-(29), H_0m = [J_TS; H_Sq] (31)-(35), H_m (36), with
//               J_Ti = [k_1 x (r_i - p_1) ... k_i x (r_i - p_i) 0] (33), J_Ri = [k_1 ... k_i 0];
//   their rates dH_0/dt (74)-(76), dH_0m/dt (77)-(79), dH_m/dt (66), from the rotation rates
//               dR_𝒥i/dt = w_𝒥i^x R_𝒥i (67)-(69), dI_i/dt (70), dJ_Ri/dt (71), dJ_Ti/dt
//               (72)-(73) and the point velocities (15) with the vehicle's rates;
//   their joint-angle derivatives dH_0/dq_k (99)-(102), and dH_0m/dq_k (95)-(98) and
//               dH_m/dq_k (82) contracted with qd, from the chain's derivatives (83)-(91), in
//               which only the k-th DH factor is differentiated, by (84).
//
// Generalized beyond the paper in one point: r_0 is the vehicle frame's origin, so the vehicle
// is link 0 of the sums with its centre of mass at r_00 (the paper puts 𝒥_0 at the base's CM:
// r_00 = 0). The matrices dH/dq_k are never formed: c* (81) and the momentum terms need only
// dH_0/dq_k, dH_0m/dq_k qd and qd^T dH_m/dq_k qd. O(N^3) for H_m and dH_m/dt, O(N^2) for the
// rest; nothing allocated in compute().
#include <vector>

#include "core/model/state.hpp"
#include "core/solvers/dh_arm.hpp"

namespace vms {

class DhInertiaSums {
 public:
  /// Throws std::invalid_argument when `model` is not a DH arm (dhArmProblem).
  explicit DhInertiaSums(const Model& model);

  /// Everything below at `state`; `printed_dh_derivative`: (84) as printed (its (2,4) entry
  /// -c cos q) in the joint-angle derivatives.
  void compute(const State& state, bool printed_dh_derivative);

  const DhArm& arm() const { return arm_; }
  int links() const { return N_; }

  // Inertial-frame blocks; columns and joint rows in q's order.
  const Mat6& H0() const { return H0_; }            // (28)
  const Mat6X& H0m() const { return H0m_; }         // (31)
  const MatX& Hm() const { return Hm_; }            // (36)
  const Mat6& H0Dot() const { return H0_dot_; }     // (74)
  const Mat6X& H0mDot() const { return H0m_dot_; }  // (77)-(79)
  const MatX& HmDot() const { return Hm_dot_; }     // (66)
  /// dH_0/dq_k (99), k in q's order.
  const std::vector<Mat6>& dH0() const { return dH0_; }
  /// Column k: dH_0m/dq_k qd (95)-(98).
  const Mat6X& dH0mQd() const { return dH0m_qd_; }
  /// Entry k: qd^T dH_m/dq_k qd (82).
  const VecX& qdDHmQd() const { return qd_dHm_qd_; }

  // The bodies 0..N (the vehicle first), for the element formulas of S_U (54)-(59).
  const std::vector<double>& masses() const { return m_; }
  const std::vector<Vec3>& offsets() const { return r0i_; }  // r_0i = r_i - r_0 (11)
  const std::vector<Mat3>& inertias() const { return I_; }   // about each CM, 𝒥 axes (30)

  // The chain: ^𝒥T_𝒥i and ^𝒥T_ℒi of links 1..N (index i - 1).
  const std::vector<Mat34>& jointFrames() const { return TJ_; }
  const std::vector<Mat34>& linkFrames() const { return TL_; }

 private:
  void chain(const State& state);
  void sums();
  void timeRates(const State& state);
  void jointAngleDerivatives(const VecX& qd, bool printed);
  // (28)-(29)'s derivative along the rates in dr_, dr0_, dI_: (74)-(76) or (99)-(101).
  void deltaH0(int first_body, Mat6& out) const;

  DhArm arm_;
  int N_;
  std::vector<int> column_;  // q index of link i
  Vec3 r0_;                  // the vehicle frame's origin
  std::vector<Mat34> TJ_, TL_, AJ_, AL_, dTL_;
  std::vector<Vec3> k_, p_;  // joint axes and origins of 𝒥_1..𝒥_N
  std::vector<double> m_;
  std::vector<Vec3> r_, r0i_;  // bodies 0..N: centre of mass r_i, r_i - r_0
  std::vector<Mat3> I_;
  std::vector<Mat3> RL_;         // links: R_ℒi
  std::vector<Mat3> ILRt_;       // links: ^ℒI_i R_ℒi^T
  std::vector<double> cq_, sq_;  // links: cos q_i, sin q_i
  using Mat3X = Eigen::Matrix<double, 3, Eigen::Dynamic>;
  Mat3X K_, dK_, IK_;             // [k_1 ... k_N] = J_RN and its rate; dI_i J_Ri
  Mat3X JT_, dJT_;                // columns i N .. i N + i: J_Ti's k_l x (r_i - p_l) (33), rates
  Mat6X S1_, S2_, H0m_link_;      // workspaces, and H_0m or its rate in link order
  MatX Hm_link_, nn_;             // H_m or its rate in link order; workspace
  std::vector<Vec3> W_, v_, IW_;  // links: J_Ri qd, J_Ti qd and I_i J_Ri qd
  // A direction of differentiation (d/dt or d/dq_k): rates of the joint axes and origins, of
  // the bodies' centres of mass and inertias, and of r_0.
  std::vector<Vec3> dk_, dp_, dr_;
  std::vector<Mat3> dI_;
  Vec3 dr0_;
  double m_tot_ = 0.0;
  Mat6 H0_, H0_dot_;
  Mat6X H0m_, H0m_dot_, dH0m_qd_;
  MatX Hm_, Hm_dot_;
  std::vector<Mat6> dH0_;
  VecX qd_dHm_qd_;
};

}  // namespace vms
