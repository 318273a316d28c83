#pragma once
// A compiled Model is never changed: tests that need the same model with other gravity or added
// mass compile its description again, as a scenario does.
#include <vector>

#include "core/environment/underwater.hpp"
#include "core/environment/uniform_gravity.hpp"
#include "core/model/compile_model.hpp"

namespace vms::test {

inline Model withGravity(const Model& model, const Vec3& gravity) {
  ModelDescription d = model.description;
  setUniformGravity(d, gravity);
  return compileModel(d);
}

inline Model withAddedMass(const Model& model, const std::vector<HydrodynamicBody>& bodies) {
  ModelDescription d = model.description;
  addAddedMass(d, bodies);
  return compileModel(d);
}

}  // namespace vms::test
