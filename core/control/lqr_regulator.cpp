#include "core/control/lqr_regulator.hpp"

#include <Eigen/QR>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include "core/algorithms/aba.hpp"
#include "core/analysis/linearization.hpp"
#include "core/control/riccati.hpp"
#include "core/spatial/so3.hpp"

namespace vms {

namespace {

[[noreturn]] void refuse(const std::string& problem) {
  throw std::invalid_argument("lqr: " + problem);
}

void requireWeights(const VecX& w, size_t n, const char* what) {
  if (static_cast<size_t>(w.size()) != n)
    refuse(std::string(what) + ": expected " + std::to_string(n) + " weights, got " +
           std::to_string(w.size()));
  for (Eigen::Index i = 0; i < w.size(); ++i)
    if (!(w[i] > 0.0) || !std::isfinite(w[i])) refuse(std::string(what) + ": must be > 0");
}

std::string number(double x) {
  std::ostringstream s;
  s.precision(3);
  s << x;
  return s.str();
}

}  // namespace

LqrRegulator::LqrRegulator(const Model& model, LqrRegulatorOptions options)
    : model_(&model), options_(std::move(options)) {
  const auto checkJoint = [&](int j) {
    if (j < 0 || j >= model.njoints) refuse("joint index " + std::to_string(j) + " out of range");
  };
  for (int j : options_.joints) checkJoint(j);
  for (int j : options_.inputs) checkJoint(j);
  if (options_.inputs.empty()) refuse("no input joints");
  if (!options_.attitude && options_.joints.empty()) refuse("nothing to regulate");
  if (static_cast<size_t>(options_.joint_targets.size()) != options_.joints.size())
    refuse("expected one joint target per regulated joint");
  if (!options_.joint_targets.allFinite()) refuse("joint targets must be finite");
  if (!(options_.period > 0.0) || !std::isfinite(options_.period))
    refuse("the control period must be > 0");
  options_.target_attitude.normalize();
  requireWeights(options_.q_joint, options_.joints.size(), "q_joint");
  requireWeights(options_.q_joint_rate, options_.joints.size(), "q_joint_rate");
  requireWeights(options_.r, options_.inputs.size(), "r");
}

void LqrRegulator::reset(double /*t*/, const State& state) {
  if (!designed_) makeDesign(state);
}

void LqrRegulator::makeDesign(const State& state) {
  const Model& model = *model_;
  const int n = model.njoints, b = model.base_dof;
  const Mat6X T = configurationTangentBasis(model);
  const int t = static_cast<int>(T.cols());

  // Attitude directions: the tangent's rotation columns; their rates are the vehicle
  // velocities along the same columns (the velocity basis must be the tangent's).
  LqrDesign d;
  if (options_.attitude) {
    if (b != t || model.base_basis != T)
      refuse("a " + toString(model.base_type) +
             " vehicle's velocities are not its configuration's directions (nonholonomic)");
    for (int c = 0; c < t; ++c)
      for (int k = 3; k < 6; ++k)
        if (T(k, c) == 1.0) d.attitude_axes.push_back(k - 3);
    if (d.attitude_axes.empty())
      refuse("a " + toString(model.base_type) + " vehicle has no attitude to regulate");
  }
  const size_t a = d.attitude_axes.size();
  requireWeights(options_.q_attitude, a, "q_attitude");
  requireWeights(options_.q_angular_rate, a, "q_angular_rate");

  // The target at rest: attitude and regulated joints at their targets, the rest where they
  // are.
  State target = state;
  target.base_twist.setZero();
  target.qd.setZero();
  if (options_.attitude) target.base_orientation = options_.target_attitude;
  for (size_t i = 0; i < options_.joints.size(); ++i)
    target.q[options_.joints[i]] = options_.joint_targets[static_cast<Eigen::Index>(i)];

  // Regulated states, in the linearisation's order [delta; q; nu_vehicle; nu_joints].
  for (int c = 0, i = 0; c < t; ++c)
    if (i < static_cast<int>(a) && T(3 + d.attitude_axes[static_cast<size_t>(i)], c) == 1.0)
      d.states.push_back(c), ++i;
  for (int j : options_.joints) d.states.push_back(t + j);
  for (size_t i = 0; i < a; ++i) d.states.push_back(t + n + d.states[i]);
  for (int j : options_.joints) d.states.push_back(t + n + b + j);
  const int r = static_cast<int>(d.states.size()), m = static_cast<int>(options_.inputs.size());
  const auto nj = static_cast<Eigen::Index>(options_.joints.size());
  const auto na = static_cast<Eigen::Index>(a);
  VecX q_weights(r);
  q_weights.segment(0, na) = options_.q_attitude;
  q_weights.segment(na, nj) = options_.q_joint;
  q_weights.segment(na + nj, na) = options_.q_angular_rate;
  q_weights.segment(2 * na + nj, nj) = options_.q_joint_rate;

  // The held forces: u_0 on the inputs with zero regulated accelerations at the target.
  Linearization lin = linearizeDynamics(model, target, VecX::Zero(n));
  Data data(model);
  aba(model, data, target, VecX::Zero(n));
  VecX nudot(model.nv);
  for (int k = 0; k < b; ++k) nudot[k] = model.base_basis.col(k).dot(data.base_twist_dot);
  nudot.tail(n) = data.qdd;
  const int size = t + n + model.nv;
  std::vector<int> rate_rows;  // the regulated rates' rows of nudot
  for (int s : d.states)
    if (s >= t + n) rate_rows.push_back(s - t - n);
  MatX Bacc(rate_rows.size(), m);
  VecX acc(rate_rows.size());
  for (size_t i = 0; i < rate_rows.size(); ++i) {
    acc[static_cast<Eigen::Index>(i)] = nudot[rate_rows[i]];
    for (int k = 0; k < m; ++k)
      Bacc(static_cast<Eigen::Index>(i), k) = lin.B(t + n + rate_rows[i], options_.inputs[k]);
  }
  d.held_input = VecX::Zero(m);
  if (acc.cwiseAbs().maxCoeff() > 0.0) {
    d.held_input = -Bacc.completeOrthogonalDecomposition().solve(acc);
    const double left = (acc + Bacc * d.held_input).cwiseAbs().maxCoeff();
    if (left > 1e-9 * std::max(1.0, acc.cwiseAbs().maxCoeff()))
      refuse("the target is not a rest point the inputs can hold (a regulated acceleration of " +
             number(left) + " remains)");
    VecX tau = VecX::Zero(n);
    for (int k = 0; k < m; ++k) tau[options_.inputs[static_cast<size_t>(k)]] = d.held_input[k];
    lin = linearizeDynamics(model, target, tau);
  }

  // The states left out must not feed the regulated rows.
  std::vector<char> regulated(static_cast<size_t>(size), 0);
  for (int s : d.states) regulated[static_cast<size_t>(s)] = 1;
  d.A.resize(r, r);
  d.B.resize(r, m);
  for (int i = 0; i < r; ++i) {
    const int row = d.states[static_cast<size_t>(i)];
    for (int k = 0; k < r; ++k) d.A(i, k) = lin.A(row, d.states[static_cast<size_t>(k)]);
    for (int k = 0; k < m; ++k) d.B(i, k) = lin.B(row, options_.inputs[static_cast<size_t>(k)]);
    const double scale = std::max(1.0, d.A.row(i).cwiseAbs().maxCoeff());
    for (int col = 0; col < size; ++col)
      if (!regulated[static_cast<size_t>(col)] && std::abs(lin.A(row, col)) > 1e-9 * scale)
        refuse("the state " + lin.state_names[static_cast<size_t>(col)] +
               " is not regulated but moves the regulated " +
               lin.state_names[static_cast<size_t>(row)] +
               " at the target (A = " + number(lin.A(row, col)) + "): regulate it too");
  }
  for (int s : d.states) d.state_names.push_back(lin.state_names[static_cast<size_t>(s)]);
  for (int k : options_.inputs) d.input_names.push_back(model.joint_names[static_cast<size_t>(k)]);

  if (const auto mode = unstabilizableMode(d.A, d.B, false)) {
    Eigen::Index worst = 0;
    mode->direction.maxCoeff(&worst);
    refuse("the inputs cannot stabilise the regulated states: the mode at eigenvalue " +
           number(mode->eigenvalue.real()) +
           (mode->eigenvalue.imag() != 0.0 ? " + " + number(mode->eigenvalue.imag()) + "i" : "") +
           " (mostly " + d.state_names[static_cast<size_t>(worst)] +
           ") does not respond to them; add an input that moves it or leave the state out");
  }
  const DiscreteLinearSystem z = zeroOrderHold(d.A, d.B, options_.period);
  d.Ad = z.A;
  d.Bd = z.B;
  const MatX Q = q_weights.asDiagonal();
  const MatX R = options_.r.asDiagonal();
  d.P = solveDiscreteRiccati(d.Ad, d.Bd, Q, R);
  d.K = discreteLqrGain(d.Ad, d.Bd, R, d.P);
  design_ = std::move(d);
  x_ = VecX::Zero(r);
  u_ = VecX::Zero(m);
  designed_ = true;
}

void LqrRegulator::regulatedState(const State& state, VecX& x) const {
  const size_t a = design_.attitude_axes.size(), nj = options_.joints.size();
  const Vec3 phi = quatLog(options_.target_attitude.conjugate() * state.base_orientation);
  Eigen::Index i = 0;
  for (size_t k = 0; k < a; ++k) x[i++] = phi[design_.attitude_axes[k]];
  for (size_t k = 0; k < nj; ++k)
    x[i++] = state.q[options_.joints[k]] - options_.joint_targets[static_cast<Eigen::Index>(k)];
  for (size_t k = 0; k < a; ++k) x[i++] = state.base_twist[3 + design_.attitude_axes[k]];
  for (size_t k = 0; k < nj; ++k) x[i++] = state.qd[options_.joints[k]];
}

void LqrRegulator::compute(double /*t*/, const State& state, ControlOutput& out) {
  if (!designed_) throw std::logic_error("lqr: compute() before reset()");
  regulatedState(state, x_);
  // u = K x as plain sums in this file: the same rounding in every program that links the core
  // (a matrix-vector product template could be instantiated with another program's flags).
  const MatX& K = design_.K;
  for (Eigen::Index i = 0; i < K.rows(); ++i) {
    double u = 0.0;
    for (Eigen::Index j = 0; j < K.cols(); ++j) u += K(i, j) * x_[j];
    u_[i] = u;
  }
  for (size_t k = 0; k < options_.inputs.size(); ++k) {
    const auto i = static_cast<Eigen::Index>(k);
    out.joint_torque[options_.inputs[k]] += design_.held_input[i] - u_[i];
  }
}

double LqrRegulator::attitudeError(const State& state) const {
  if (!options_.attitude) return 0.0;
  return quatLog(options_.target_attitude.conjugate() * state.base_orientation).norm();
}

double LqrRegulator::jointError(const State& state) const {
  double e = 0.0;
  for (size_t k = 0; k < options_.joints.size(); ++k) {
    const double d = std::abs(state.q[options_.joints[k]] -
                              options_.joint_targets[static_cast<Eigen::Index>(k)]);
    if (std::isnan(d) || d > e) e = d;
  }
  return e;
}

}  // namespace vms
