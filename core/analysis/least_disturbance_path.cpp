#include "core/analysis/least_disturbance_path.hpp"

#include <Eigen/LU>
#include <cmath>
#include <stdexcept>

#include "core/analysis/attitude_disturbance.hpp"
#include "core/analysis/turn_sensitivity.hpp"
#include "core/spatial/so3.hpp"

namespace vms {

VecX LeastDisturbancePath::at(double s) const {
  VecX q = start + s * (end - start);
  for (int k = 0; k < coefficients.rows(); ++k) {
    const double w = std::sin((k + 1) * M_PI * s);
    for (std::size_t m = 0; m < joints.size(); ++m)
      q[joints[m]] += w * coefficients(k, static_cast<Eigen::Index>(m));
  }
  return q;
}

VecX LeastDisturbancePath::derivative(double s) const {
  VecX dq = end - start;
  for (int k = 0; k < coefficients.rows(); ++k) {
    const double w = (k + 1) * M_PI * std::cos((k + 1) * M_PI * s);
    for (std::size_t m = 0; m < joints.size(); ++m)
      dq[joints[m]] += w * coefficients(k, static_cast<Eigen::Index>(m));
  }
  return dq;
}

namespace {

// The vehicle's body angular velocity per unit s at s: D(q(s)) q'(s).
class TurnRate {
 public:
  TurnRate(const Model& model, const State& state)
      : model_(model), data_(model), disturbance_(model), state_(state) {}
  Vec3 operator()(const LeastDisturbancePath& path, double s) {
    state_.q = path.at(s);
    disturbance_.compute(model_, data_, state_);
    return disturbance_.matrix() * path.derivative(s);
  }

 private:
  const Model& model_;
  Data data_;
  AttitudeDisturbance disturbance_;
  State state_;
};

Vec3 integrateTurn(TurnRate& rate, const LeastDisturbancePath& path, int steps) {
  Mat3 R = Mat3::Identity();
  const double h = 1.0 / steps;
  for (int i = 0; i < steps; ++i) {
    const double s = i * h;
    turnStep(h, rate(path, s), rate(path, s + h / 2), rate(path, s + h), R);
  }
  return so3Log(R);
}

using Mat3Xd = Eigen::Matrix<double, 3, Eigen::Dynamic>;

// At s along the path: the vehicle's rate w = D q', D, and W = d(D q')/dq at fixed q'.
class PathTurnSensitivity {
 public:
  PathTurnSensitivity(const Model& model, const State& state) : sensitivity_(model, state) {}

  void evaluate(const LeastDisturbancePath& path, double s, Vec3& w, Mat3Xd& D) {
    sensitivity_.evaluate(path.at(s), path.derivative(s));
    w = sensitivity_.rate();
    D = sensitivity_.disturbance();
  }
  const Mat3Xd& W() const { return sensitivity_.W(); }

 private:
  TurnSensitivity sensitivity_;
};

// The net turn r and its Jacobian: R by RKMK4 as integrateTurn, the sensitivity
// S = d eta/dc by classical RK4 on S' = -[w]x S + D Phi'(s) + W Phi(s), Phi the coefficients'
// shapes, then J = J_r(r)^-1 S(1).
Vec3 integrateTurnWithJacobian(PathTurnSensitivity& sensitivity, const LeastDisturbancePath& path,
                               int steps, Mat3Xd& J) {
  const Eigen::Index K = path.coefficients.rows();
  const Eigen::Index p = path.coefficients.size();
  Mat3Xd S = Mat3Xd::Zero(3, p), D(3, path.start.size());
  Mat3 R = Mat3::Identity();
  const double h = 1.0 / steps;
  struct Point {
    Vec3 w;
    Mat3Xd forcing;  // D Phi' + W Phi
  };
  auto evaluate = [&](double s) {
    Point point;
    sensitivity.evaluate(path, s, point.w, D);
    point.forcing.resize(3, p);
    for (Eigen::Index m = 0; m < static_cast<Eigen::Index>(path.joints.size()); ++m) {
      const int joint = path.joints[static_cast<std::size_t>(m)];
      for (Eigen::Index k = 0; k < K; ++k) {
        const double a = (k + 1) * M_PI;
        point.forcing.col(k + K * m) =
            D.col(joint) * (a * std::cos(a * s)) + sensitivity.W().col(joint) * std::sin(a * s);
      }
    }
    return point;
  };
  Point start = evaluate(0.0);
  for (int i = 0; i < steps; ++i) {
    const double s = i * h;
    const Point mid = evaluate(s + h / 2), end = evaluate(s + h);
    turnStep(h, start.w, mid.w, end.w, R);
    sensitivityStep(h, start.w, mid.w, end.w, start.forcing, mid.forcing, end.forcing, S);
    start = end;
  }
  const Vec3 r = so3Log(R);
  J.noalias() = so3LeftJacobianInverse(-r) * S;
  return r;
}

bool withinLimits(const Model& model, const LeastDisturbancePath& path) {
  for (int i = 0; i <= 400; ++i) {
    const VecX q = path.at(i / 400.0);
    for (int k = 0; k < model.njoints; ++k)
      if (model.has_limits[static_cast<std::size_t>(k)] &&
          (q[k] < model.lower_limit[k] - 1e-12 || q[k] > model.upper_limit[k] + 1e-12))
        return false;
  }
  return true;
}

}  // namespace

Vec3 vehicleTurnAlong(const Model& model, const State& state, const LeastDisturbancePath& path,
                      int steps) {
  TurnRate rate(model, state);
  return integrateTurn(rate, path, steps);
}

Eigen::Matrix<double, 3, Eigen::Dynamic> vehicleTurnJacobian(
    const Model& model, const State& state, const LeastDisturbancePath& path, int steps,
    LeastDisturbanceOptions::Jacobian method) {
  const Eigen::Index p = path.coefficients.size();
  Mat3Xd J(3, p);
  if (method == LeastDisturbanceOptions::Jacobian::Sensitivity) {
    PathTurnSensitivity sensitivity(model, state);
    integrateTurnWithJacobian(sensitivity, path, steps, J);
    return J;
  }
  TurnRate rate(model, state);
  const double h = 1e-5;
  for (Eigen::Index i = 0; i < p; ++i) {
    LeastDisturbancePath plus = path, minus = path;
    plus.coefficients.data()[i] += h;
    minus.coefficients.data()[i] -= h;
    J.col(i) = (integrateTurn(rate, plus, steps) - integrateTurn(rate, minus, steps)) / (2 * h);
  }
  return J;
}

LeastDisturbancePath planLeastDisturbancePath(const Model& model, const State& state,
                                              const VecX& target,
                                              const LeastDisturbanceOptions& options) {
  if (!isHolonomic(model.base_type))
    throw std::invalid_argument(
        "least-disturbance path: a " + toString(model.base_type) +
        " vehicle's reaction to the arm depends on the momentum its constraint exchanges");
  if (model.base_dof == 0)
    throw std::invalid_argument(
        "least-disturbance path: the vehicle is fixed, so the arm "
        "cannot turn it");
  if (model.hasCouplings())
    throw std::invalid_argument(
        "least-disturbance path: models with mimic joints are not "
        "supported");
  if (target.size() != model.njoints || !target.allFinite())
    throw std::invalid_argument("least-disturbance path: the target needs " +
                                std::to_string(model.njoints) + " finite joint positions");
  if (options.modes < 1 || options.steps < 1)
    throw std::invalid_argument("least-disturbance path: modes and steps must be at least 1");

  LeastDisturbancePath path;
  path.start = state.q;
  path.end = target;
  path.joints = options.joints;
  if (path.joints.empty())
    for (int k = 0; k < model.njoints; ++k) path.joints.push_back(k);
  for (int j : path.joints)
    if (j < 0 || j >= model.njoints)
      throw std::invalid_argument("least-disturbance path: unknown joint index");
  const Eigen::Index m = static_cast<Eigen::Index>(path.joints.size());
  path.coefficients = MatX::Zero(options.modes, m);

  TurnRate rate(model, state);
  PathTurnSensitivity sensitivity(model, state);
  path.straight_turn = integrateTurn(rate, path, options.steps);
  Vec3 r = path.straight_turn;
  const Eigen::Index p = path.coefficients.size();
  Eigen::Matrix<double, 3, Eigen::Dynamic> J(3, p);
  double lambda = 1e-6;
  for (path.iterations = 0; path.iterations < options.max_iterations; ++path.iterations) {
    if (r.norm() <= options.tolerance) break;
    if (options.jacobian == LeastDisturbanceOptions::Jacobian::Sensitivity) {
      integrateTurnWithJacobian(sensitivity, path, options.steps, J);
    } else {
      const double h = 1e-5;
      for (Eigen::Index i = 0; i < p; ++i) {
        LeastDisturbancePath plus = path, minus = path;
        plus.coefficients.data()[i] += h;
        minus.coefficients.data()[i] -= h;
        J.col(i) =
            (integrateTurn(rate, plus, options.steps) - integrateTurn(rate, minus, options.steps)) /
            (2 * h);
      }
    }
    // Minimum-norm Levenberg-Marquardt step; halved (and damped more) until the turn shrinks.
    const double scale = std::max((J * J.transpose()).trace(), 1e-300);
    bool improved = false;
    for (int tries = 0; tries < 20 && !improved; ++tries) {
      const Mat3 G = J * J.transpose() + lambda * scale * Mat3::Identity();
      const VecX step = -J.transpose() * G.fullPivLu().solve(r);
      LeastDisturbancePath trial = path;
      Eigen::Map<VecX>(trial.coefficients.data(), p) += step;
      const Vec3 r_trial = integrateTurn(rate, trial, options.steps);
      if (r_trial.norm() < r.norm()) {
        path = trial;
        r = r_trial;
        lambda = std::max(lambda / 10, 1e-12);
        improved = true;
      } else {
        lambda *= 10;
      }
    }
    if (!improved) break;
  }
  path.turn = r;
  path.converged = r.norm() <= options.tolerance;
  path.within_limits = withinLimits(model, path);
  return path;
}

}  // namespace vms
