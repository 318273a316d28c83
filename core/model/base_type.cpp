#include "core/model/base_type.hpp"

#include <array>
#include <vector>

#include "core/spatial/se3.hpp"

namespace vms {

namespace {
struct BaseTypeInfo {
  BaseType type;
  const char* name;
  std::vector<int> components;  // body-twist components spanned, in [v; w] layout
};

const std::array<BaseTypeInfo, 11>& table() {
  static const std::array<BaseTypeInfo, 11> t{{
      {BaseType::Free, "free", {0, 1, 2, 3, 4, 5}},
      {BaseType::Planar, "planar", {0, 1, 5}},
      {BaseType::Ball, "ball", {3, 4, 5}},
      {BaseType::Translation, "translation", {0, 1, 2}},
      {BaseType::Schoenflies, "schoenflies", {0, 1, 2, 5}},
      {BaseType::Fixed, "fixed", {}},
      {BaseType::Gantry, "gantry", {0, 1}},
      {BaseType::Rail, "rail", {0}},
      {BaseType::Cylindrical, "cylindrical", {2, 5}},
      {BaseType::Turntable, "turntable", {5}},
      {BaseType::Nonholonomic, "nonholonomic", {0, 5}},
  }};
  return t;
}

const BaseTypeInfo& info(BaseType type) {
  for (const auto& i : table())
    if (i.type == type) return i;
  return table()[0];
}
}  // namespace

std::string toString(BaseType type) { return info(type).name; }

std::optional<BaseType> baseTypeFromString(const std::string& name) {
  for (const auto& i : table())
    if (name == i.name) return i.type;
  return std::nullopt;
}

std::string baseTypeNames() {
  std::string names;
  for (const auto& i : table()) names += (names.empty() ? "" : ", ") + std::string(i.name);
  return names;
}

int baseDof(BaseType type) { return static_cast<int>(info(type).components.size()); }

Mat6X baseBasis(BaseType type) {
  const auto& c = info(type).components;
  Mat6X B = Mat6X::Zero(6, static_cast<Eigen::Index>(c.size()));
  for (size_t k = 0; k < c.size(); ++k) B(c[k], static_cast<Eigen::Index>(k)) = 1.0;
  return B;
}

Vec6 twistMask(BaseType type) {
  Vec6 mask = Vec6::Zero();
  for (const int c : info(type).components) mask[c] = 1.0;
  return mask;
}

Vec6 poseMask(BaseType type) {
  // Close span(iota0) under the bracket [x, y] = ad_x y of unit twists until nothing new
  // appears (at most 6 rounds).
  Vec6 mask = twistMask(type);
  for (bool grew = true; grew;) {
    grew = false;
    for (int i = 0; i < 6; ++i)
      for (int j = 0; j < 6; ++j) {
        if (mask[i] == 0.0 || mask[j] == 0.0) continue;
        const Vec6 bracket = adMatrix(Vec6::Unit(i)) * Vec6::Unit(j);
        for (int k = 0; k < 6; ++k)
          if (bracket[k] != 0.0 && mask[k] == 0.0) mask[k] = 1.0, grew = true;
      }
  }
  return mask;
}

bool isHolonomic(BaseType type) { return poseMask(type) == twistMask(type); }

}  // namespace vms
