#pragma once
// Arguments of the bindings that name parts of a model: the state's model, a frame, a joint
// (by name or index), a vehicle type; each problem a ValueError naming the function.
#include <pybind11/pybind11.h>

#include <optional>
#include <string>

#include "bindings.hpp"
#include "core/model/base_type.hpp"

namespace vms::python {

/// The model of `model`, after checking that `state` is one of its states.
const Model& modelOf(const PyModel& model, const PyState& state, const char* function);

/// The index of the named frame (a link or named frame), listing the model's frames if none.
int frameOf(const Model& m, const std::string& frame, const char* function);

/// The user index of a moving joint given by name (str) or index (int).
int jointOf(const Model& m, const pybind11::object& joint, const char* function);

/// The vehicle type named `base` (none: no override), e.g. vms.load_model's base=.
std::optional<BaseType> baseTypeArgument(const std::optional<std::string>& base);

}  // namespace vms::python
