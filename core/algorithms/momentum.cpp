#include "core/algorithms/momentum.hpp"

#include "core/algorithms/check_model_arguments.hpp"
#include "core/algorithms/kinematics.hpp"

namespace vms {

namespace {
// bodyFirstMoment() without the entry checks, for the loops over every body below.
Vec3 firstMoment(const Model& model, const Data& data, int i) {
  // data.I's lower-left block is skew(m c) for a rigid body; added mass changes that block.
  if (model.hasAddedMass()) return model.mass[i] * data.oMi[i].act(model.com[i]);
  return unskew(data.I[i].bottomLeftCorner<3, 3>());
}
}  // namespace

Vec3 bodyFirstMoment(const Model& model, const Data& data, int body) {
  checkDataArgument(__func__, model, data);
  checkBodyArgument(__func__, model, body);
  return firstMoment(model, data, body);
}

Vec6 bodiesMomentum(const Data& data, int first, int last) {
  // No Model here: the range is checked against the bodies the Data holds; an empty range
  // reads nothing.
  if (first <= last) {
    VMS_CHECK_ARGUMENT_INDEX(first, data.v.size(), "first");
    VMS_CHECK_ARGUMENT_INDEX(last, data.v.size(), "last");
  }
  Vec6 h = Vec6::Zero();
  for (int i = first; i <= last; ++i) h.noalias() += data.I[i] * data.v[i];
  return h;
}

MomentumSummary computeMomentum(const Model& model, const Data& data) {
  checkDataArgument(__func__, model, data);
  MomentumSummary s;
  Vec3 first_moment = Vec3::Zero();
  for (int i = 0; i < model.nbodies; ++i) {
    const Vec6 h = data.I[i] * data.v[i];
    s.linear += linear(h);
    s.angular_origin += angular(h);
    s.kinetic_energy += 0.5 * data.v[i].dot(h);
    first_moment += firstMoment(model, data, i);
    s.mass += model.mass[i];
  }
  s.center_of_mass = s.mass > 0.0 ? Vec3(first_moment / s.mass) : Vec3::Zero();
  s.angular_com = s.angular_origin - s.center_of_mass.cross(s.linear);
  return s;
}

Vec3 centerOfMass(const Model& model, Data& data, const State& state) {
  checkDataArgument(__func__, model, data);
  checkConfigurationArgument(__func__, model, state);
  forwardKinematics(model, data, state);
  Vec3 first_moment = Vec3::Zero();
  for (int i = 0; i < model.nbodies; ++i) first_moment += firstMoment(model, data, i);
  return model.total_mass > 0.0 ? Vec3(first_moment / model.total_mass) : Vec3::Zero();
}

}  // namespace vms
