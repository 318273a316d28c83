#include "core/environment/underwater.hpp"

#include <cmath>

#include "core/model/model_error.hpp"

namespace vms {

void addAddedMass(ModelDescription& description, const std::vector<HydrodynamicBody>& bodies) {
  for (const HydrodynamicBody& b : bodies)
    if (!b.added_mass.isZero(0.0)) description.added_mass.push_back({b.link, b.added_mass});
}

Underwater::Underwater(const Model& model, std::vector<HydrodynamicBody> bodies,
                       FluidProperties fluid)
    : bodies_(std::move(bodies)), fluid_(fluid) {
  for (const auto& b : bodies_) {
    const int f = model.frameIndex(b.link);
    const std::string who = "underwater: link '" + b.link + "': ";
    if (f < 0) throw ModelError("underwater: unknown link '" + b.link + "'");
    if (!(b.volume >= 0.0) || !std::isfinite(b.volume)) throw ModelError(who + "negative volume");
    if (!(b.linear_damping.minCoeff() >= 0.0) || !(b.quadratic_damping.minCoeff() >= 0.0))
      throw ModelError(who + "negative damping");
    body_.push_back(model.frames[f].body);
    placement_.push_back(model.frames[f].placement);
    added_mass_link_.push_back(b.added_mass);
  }
  if (!(fluid_.density >= 0.0)) throw ModelError("underwater: negative fluid density");
}

Vec6 Underwater::relativeTwist(const Pose& oMl, const Vec6& v_world) const {
  Vec6 nu = actInvMotion(oMl, v_world);
  nu.head<3>().noalias() -= oMl.R.transpose() * fluid_.current_world;
  return nu;
}

void Underwater::apply(const Model& model, const Data& data, const State&,
                       std::vector<Vec6>& body_forces_world, VecX&) {
  const bool current = !fluid_.current_world.isZero(0.0);
  for (std::size_t k = 0; k < bodies_.size(); ++k) {
    const HydrodynamicBody& b = bodies_[k];
    const int i = body_[k];
    const Pose oMl = data.oMi[i] * placement_[k];
    Vec6& out = body_forces_world[i];
    // Buoyancy at the centre of buoyancy.
    if (b.volume > 0.0) {
      const Vec3 fb = (-fluid_.density * b.volume) * model.gravity;
      const Vec3 cb = oMl.act(b.center_of_buoyancy);
      out.head<3>() += fb;
      out.tail<3>() += cb.cross(fb);
    }
    // Damping on the relative twist (link frame, link origin).
    const Vec6 nu_r = relativeTwist(oMl, data.v[i]);
    Vec6 w = -(b.linear_damping.cwiseProduct(nu_r) +
               b.quadratic_damping.cwiseProduct(nu_r.cwiseAbs().cwiseProduct(nu_r)));
    // The added mass in a current: M_A d(nu_c)/dt + C_A(nu) nu - C_A(nu_r) nu_r.
    if (current && !added_mass_link_[k].isZero(0.0)) {
      const Mat6& MA = added_mass_link_[k];
      const Vec6 nu = actInvMotion(oMl, data.v[i]);
      const Vec3 uc = oMl.R.transpose() * fluid_.current_world;
      Vec6 dnuc;
      dnuc << -Vec3(nu.tail<3>()).cross(uc), Vec3::Zero();
      w.noalias() += MA * dnuc;
      w += crossForce(nu, MA * nu) - crossForce(nu_r, MA * nu_r);
    }
    out += actForce(oMl, w);
  }
}

double Underwater::dampingPower(const Data& data) const {
  double p = 0.0;
  for (std::size_t k = 0; k < bodies_.size(); ++k) {
    const HydrodynamicBody& b = bodies_[k];
    const Pose oMl = data.oMi[body_[k]] * placement_[k];
    const Vec6 nu_r = relativeTwist(oMl, data.v[body_[k]]);
    p -= nu_r.dot(b.linear_damping.cwiseProduct(nu_r) +
                  b.quadratic_damping.cwiseProduct(nu_r.cwiseAbs().cwiseProduct(nu_r)));
  }
  return p;
}

}  // namespace vms
