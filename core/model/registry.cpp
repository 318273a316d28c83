#include "core/model/registry.hpp"

#include <algorithm>

namespace vms {

std::vector<VehicleRefusal> refuseAllBut(std::initializer_list<BaseType> handled,
                                         const std::string& reason) {
  std::vector<VehicleRefusal> refusals;
  for (BaseType type : kAllBaseTypes)
    if (std::find(handled.begin(), handled.end(), type) == handled.end())
      refusals.push_back({type, reason});
  return refusals;
}

std::vector<VehicleRefusal> refuseNonholonomic(const std::string& reason) {
  std::vector<VehicleRefusal> refusals;
  for (BaseType type : kAllBaseTypes)
    if (!isHolonomic(type)) refusals.push_back({type, reason});
  return refusals;
}

std::string MethodEntry::refusal(BaseType type) const {
  for (const VehicleRefusal& r : refusals)
    if (r.type == type) return r.reason.empty() ? std::string("not handled") : r.reason;
  return {};
}

std::vector<BaseType> MethodEntry::supportedTypes() const {
  std::vector<BaseType> types;
  for (BaseType type : kAllBaseTypes)
    if (supports(type)) types.push_back(type);
  return types;
}

std::string methodSupportProblem(const char* kind, const std::string& name,
                                 const MethodEntry* entry, BaseType type) {
  if (!entry) return "unknown " + std::string(kind) + " '" + name + "'";
  const std::string why = entry->refusal(type);
  if (why.empty()) return {};
  std::string supported;
  for (BaseType t : entry->supportedTypes())
    supported += (supported.empty() ? "" : ", ") + toString(t);
  return std::string(kind) + " '" + name + "' does not handle a " + toString(type) +
         " vehicle: " + why + " (it handles: " + (supported.empty() ? "none" : supported) + ")";
}

}  // namespace vms
