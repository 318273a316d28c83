#include "core/integrators/rk45_integrator.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "core/integrators/integrator_entry.hpp"

namespace vms {

namespace {
constexpr int kS = 7;
// Dormand-Prince 5(4) tableau (row-major, strictly lower part). Row 7 equals the 5th-order
// weights (first same as last).
constexpr double kA[kS * kS] = {0,
                                0,
                                0,
                                0,
                                0,
                                0,
                                0,  //
                                1.0 / 5.0,
                                0,
                                0,
                                0,
                                0,
                                0,
                                0,  //
                                3.0 / 40.0,
                                9.0 / 40.0,
                                0,
                                0,
                                0,
                                0,
                                0,  //
                                44.0 / 45.0,
                                -56.0 / 15.0,
                                32.0 / 9.0,
                                0,
                                0,
                                0,
                                0,  //
                                19372.0 / 6561.0,
                                -25360.0 / 2187.0,
                                64448.0 / 6561.0,
                                -212.0 / 729.0,
                                0,
                                0,
                                0,  //
                                9017.0 / 3168.0,
                                -355.0 / 33.0,
                                46732.0 / 5247.0,
                                49.0 / 176.0,
                                -5103.0 / 18656.0,
                                0,
                                0,
                                35.0 / 384.0,
                                0,
                                500.0 / 1113.0,
                                125.0 / 192.0,
                                -2187.0 / 6784.0,
                                11.0 / 84.0,
                                0};
// b - bhat: difference of the 5th- and 4th-order weights.
constexpr double kE[kS] = {71.0 / 57600.0,      0.0,          -71.0 / 16695.0, 71.0 / 1920.0,
                           -17253.0 / 339200.0, 22.0 / 525.0, -1.0 / 40.0};
constexpr double kSafety = 0.9;
constexpr double kFacMin = 0.2;
constexpr double kFacMax = 5.0;

inline double sq(double x) { return x * x; }
}  // namespace

// The registry entry (core/integrators/integrator_registry.cpp lists it).
const IntegratorEntry& rk45IntegratorEntry() {
  static const IntegratorEntry entry = [] {
    IntegratorEntry e;
    e.name = "rk45";
    e.summary = "Adaptive Runge-Kutta with error control";
    e.description =
        "Adaptive Dormand-Prince 5(4) in Runge-Kutta-Munthe-Kaas form: local error control on "
        "the whole state (rtol/atol, RMS norm over the pose increment, the twist, q and qd), "
        "first-same-as-last, rejected-step counting. Each output step lands exactly on t + dt; "
        "the step size is kept between steps.";
    e.make = [](const Model& model, double rtol, double atol) -> std::unique_ptr<Integrator> {
      return std::make_unique<Rk45Integrator>(model, rtol, atol);
    };
    return e;
  }();
  return entry;
}

Rk45Integrator::Rk45Integrator(const Model& model, double rtol, double atol)
    : Integrator(rk45IntegratorEntry()),
      rtol_(rtol),
      atol_(atol),
      core_(model, kS),
      next_(State::neutral(model)),
      err_(model.njoints) {
  if (!(rtol > 0.0 || atol > 0.0) || rtol < 0.0 || atol < 0.0)
    throw std::invalid_argument("rk45: tolerances must be non-negative and not both zero");
}

// RMS of e_i / (atol + rtol * max(|y0_i|, |y1_i|)). The pose counts as its rotation (scale 1
// rad) and its position (scale max |p|); the Lie-algebra increment error is measured in the
// same units (body-frame metres and radians).
double Rk45Integrator::errorNorm(const State& y0, const State& y1, const StateTangent& e) const {
  const Vec6& pose_mask = core_.poseMask();
  const Vec6& twist_mask = core_.twistMask();
  double sum = 0.0;
  int count = 0;
  const double pscale =
      std::max(y0.base_position.cwiseAbs().maxCoeff(), y1.base_position.cwiseAbs().maxCoeff());
  for (int i = 0; i < 6; ++i) {
    if (pose_mask[i] != 0.0) {
      const double y = i < 3 ? pscale : 1.0;
      sum += sq(e.du[i] / (atol_ + rtol_ * y));
      ++count;
    }
    if (twist_mask[i] != 0.0) {
      const double yt = std::max(std::abs(y0.base_twist[i]), std::abs(y1.base_twist[i]));
      sum += sq(e.dtwist[i] / (atol_ + rtol_ * yt));
      ++count;
    }
  }
  for (Eigen::Index k = 0; k < e.dq.size(); ++k) {
    const double yq = std::max(std::abs(y0.q[k]), std::abs(y1.q[k]));
    const double yv = std::max(std::abs(y0.qd[k]), std::abs(y1.qd[k]));
    sum += sq(e.dq[k] / (atol_ + rtol_ * yq)) + sq(e.dqd[k] / (atol_ + rtol_ * yv));
    count += 2;
  }
  return count > 0 ? std::sqrt(sum / count) : 0.0;
}

// Hairer-Norsett-Wanner's starting step (Solving ODEs I, II.4), with k(0) = f(y0) known.
double Rk45Integrator::initialStep(SystemDynamics& dynamics, const State& y0) {
  StateTangent& f0 = core_.k(0);
  StateTangent& f1 = core_.k(1);  // scratch; overwritten by the first step's stages
  // d0 = |y0|, d1 = |f0| in the error norm's scales (atol + rtol |y0|).
  err_.dtwist = y0.base_twist;
  err_.dq = y0.q;
  err_.dqd = y0.qd;
  const double pscale = y0.base_position.cwiseAbs().maxCoeff();
  err_.du << Vec3::Constant(pscale), Vec3::Ones();
  const double d0 = errorNorm(y0, y0, err_);
  const double d1 = errorNorm(y0, y0, f0);
  double h0 = (d0 < 1e-5 || d1 < 1e-5) ? 1e-6 : 0.01 * d0 / d1;
  // One explicit Euler step.
  const Vec6 u = h0 * f0.du;
  composeExp(y0, u, next_);  // also copies twist, q, qd
  next_.base_twist += h0 * f0.dtwist;
  next_.q += h0 * f0.dq;
  next_.qd += h0 * f0.dqd;
  core_.evaluate(dynamics, next_, u, f1);
  err_.du = f1.du - f0.du;
  err_.dtwist = f1.dtwist - f0.dtwist;
  err_.dq = f1.dq - f0.dq;
  err_.dqd = f1.dqd - f0.dqd;
  const double d2 = errorNorm(y0, y0, err_) / h0;
  const double dm = std::max(d1, d2);
  const double h1 = dm <= 1e-15 ? std::max(1e-6, h0 * 1e-3) : std::pow(0.01 / dm, 1.0 / 5.0);
  return std::min(100.0 * h0, h1);
}

void Rk45Integrator::advance(SystemDynamics& dynamics, State& state, double dt) {
  if (dt == 0.0) return;
  if (!(dt > 0.0)) throw std::invalid_argument("rk45: dt must be positive");
  // The first stage is evaluated afresh at each call (forces may have changed in between);
  // within a call it comes from the previous step's last stage.
  core_.evaluate(dynamics, state, Vec6::Zero(), core_.k(0));
  if (!(h_ > 0.0)) h_ = initialStep(dynamics, state);
  h_ = std::clamp(h_, min_step_, max_step_);

  double t = 0.0;
  while (t < dt) {
    const double remaining = dt - t;
    double h = h_;
    bool last = false;
    if (t + 1.01 * h >= dt) {  // land exactly on dt, avoiding a sliver of a last step
      h = remaining;
      last = true;
    }
    core_.runStages(dynamics, state, h, kA, kS);
    core_.combineTangent(h, kE, kS, err_);
    const State& y1 = core_.stageState();  // the FSAL stage is the 5th-order solution
    const double err = errorNorm(state, y1, err_);
    const double fac_raw = kSafety * std::pow(std::max(err, 1e-300), -0.2);
    if (err <= 1.0) {
      state.base_orientation = y1.base_orientation;
      state.base_position = y1.base_position;
      state.base_twist = y1.base_twist;
      state.q = y1.q;
      state.qd = y1.qd;
      std::swap(core_.k(0), core_.k(kS - 1));  // first same as last
      // Re-based at the accepted state: the increment restarts from zero.
      core_.k(0).du = state.base_twist.cwiseProduct(core_.twistMask());
      ++steps_;
      t = last ? dt : t + h;
      if (last && h < h_) {
        // A step shortened to land on dt says little about larger steps: keep the old size
        // unless the error asks for a smaller one.
        h_ = std::min(h_, h * std::max(kFacMin, fac_raw));
      } else {
        h_ = h * std::min(kFacMax, std::max(kFacMin, fac_raw));
      }
    } else {
      ++rejected_;
      h_ = h * std::min(1.0, std::max(kFacMin, fac_raw));
      if (!(h_ >= min_step_))
        throw std::runtime_error("rk45: step size fell below the minimum " +
                                 std::to_string(min_step_) + " s (error norm " +
                                 std::to_string(err) + ")");
    }
    h_ = std::min(h_, max_step_);
  }
}

}  // namespace vms
