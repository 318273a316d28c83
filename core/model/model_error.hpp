#pragma once
#include <stdexcept>
#include <string>

namespace vms {

/// A model, state or scenario that cannot be used. what() is one line naming the element and
/// the problem, e.g. "link 'arm_2': inertia is not positive semi-definite". Readers prefix the
/// file name.
class ModelError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace vms
