#include "core/model/model.hpp"

namespace vms {

namespace {
template <typename Container, typename Get>
int findName(const Container& c, const std::string& name, Get get) {
  for (size_t i = 0; i < c.size(); ++i)
    if (get(c[i]) == name) return static_cast<int>(i);
  return -1;
}
}  // namespace

int Model::frameIndex(const std::string& n) const {
  return findName(frames, n, [](const Frame& f) -> const std::string& { return f.name; });
}
int Model::jointIndex(const std::string& n) const {
  return findName(joint_names, n, [](const std::string& s) -> const std::string& { return s; });
}
int Model::bodyIndex(const std::string& n) const {
  return findName(body_names, n, [](const std::string& s) -> const std::string& { return s; });
}

}  // namespace vms
