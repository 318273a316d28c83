#include "core/environment/gravity_gradient.hpp"

#include <cmath>

#include "core/model/model_error.hpp"

namespace vms {

Vec3 gravityGradientTorque(double n, const Vec3& r_hat, const Mat3& inertia_com) {
  return 3.0 * n * n * r_hat.cross(inertia_com * r_hat);
}

double gravityGradientPotential(double n, const Vec3& r_hat, const Mat3& inertia_com) {
  return 1.5 * n * n * r_hat.dot(inertia_com * r_hat);
}

double circularOrbitRate(double radius, double mu) {
  return std::sqrt(mu / (radius * radius * radius));
}

OrbitalGravityGradient::OrbitalGravityGradient(double mean_motion)
    : OrbitalGravityGradient(mean_motion, Options{}) {}

OrbitalGravityGradient::OrbitalGravityGradient(double mean_motion, Options options)
    : n_(mean_motion), options_(options) {
  if (!(n_ >= 0.0) || !std::isfinite(n_))
    throw ModelError("orbital gravity gradient: mean motion must be finite and >= 0");
}

void OrbitalGravityGradient::apply(const Model& model, const Data& data, const State&,
                                   std::vector<Vec6>& body_forces_world, VecX&) {
  const double n2 = n_ * n_;
  const Vec3 r_hat = Vec3::UnitX();
  Vec6 W;
  W << Vec3::Zero(), Vec3(0.0, 0.0, n_);
  for (int i = 0; i < model.nbodies; ++i) {
    Vec6& out = body_forces_world[i];
    const Pose& oMi = data.oMi[i];
    if (options_.tidal_force) {
      const Vec3 c = oMi.act(model.com[i]);
      // G c = n^2 (3 (r.c) r - c)
      const Vec3 f = model.mass[i] * n2 * (3.0 * r_hat.dot(c) * r_hat - c);
      out.head<3>() += f;
      out.tail<3>() += c.cross(f);
    }
    if (options_.tidal_torque) {
      Mat3 RI, Ic;
      RI.noalias() = oMi.R * model.inertia_com[i];
      Ic.noalias() = RI * oMi.R.transpose();
      out.tail<3>() += gravityGradientTorque(n_, r_hat, Ic);
    }
    if (options_.frame_rotation && n_ > 0.0) {
      const Mat6& I = data.I[i];
      const Vec6& v = data.v[i];
      Vec6 IW, Iv, Ivxw;
      IW.noalias() = I * W;
      Iv.noalias() = I * v;
      const Vec6 vxW = crossMotion(v, W);
      Ivxw.noalias() = I * vxW;
      out -= crossForce(v, IW) - Ivxw + crossForce(W, Iv + IW);
    }
  }
}

}  // namespace vms
