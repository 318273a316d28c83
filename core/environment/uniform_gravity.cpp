#include "core/environment/uniform_gravity.hpp"

#include "core/model/model_error.hpp"

namespace vms {

namespace {
void check(const Vec3& g) {
  if (!g.allFinite()) throw ModelError("uniform gravity: non-finite vector");
}
}  // namespace

void setUniformGravity(ModelDescription& description, const Vec3& gravity) {
  check(gravity);
  description.gravity = gravity;
}

}  // namespace vms
