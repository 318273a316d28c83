#include "model_arguments.hpp"

namespace py = pybind11;

namespace vms::python {

const Model& modelOf(const PyModel& model, const PyState& state, const char* function) {
  if (state.model != model.model)
    throw py::value_error(std::string(function) + ": the state belongs to another model ('" +
                          state.model->name + "'); load it with this model");
  return *model.model;
}

int frameOf(const Model& m, const std::string& frame, const char* function) {
  const int k = m.frameIndex(frame);
  if (k >= 0) return k;
  std::string names;
  for (const Frame& f : m.frames) names += (names.empty() ? "" : ", ") + f.name;
  throw py::value_error(std::string(function) + ": the model has no frame '" + frame +
                        "' (its frames: " + names + ")");
}

int jointOf(const Model& m, const py::object& joint, const char* function) {
  if (py::isinstance<py::str>(joint)) {
    const std::string name = joint.cast<std::string>();
    const int k = m.jointIndex(name);
    if (k >= 0) return k;
    std::string names;
    for (const std::string& n : m.joint_names) names += (names.empty() ? "" : ", ") + n;
    throw py::value_error(std::string(function) + ": the model has no moving joint '" + name +
                          "' (its joints: " + names + ")");
  }
  const long k = joint.cast<long>();
  if (k < 0 || k >= m.njoints)
    throw py::value_error(std::string(function) + ": joint index " + std::to_string(k) +
                          " is out of range (0 .. " + std::to_string(m.njoints - 1) + ")");
  return static_cast<int>(k);
}

std::optional<BaseType> baseTypeArgument(const std::optional<std::string>& base) {
  if (!base) return std::nullopt;
  const std::optional<BaseType> type = baseTypeFromString(*base);
  if (!type)
    throw py::value_error("base: unknown vehicle type '" + *base + "' (" + baseTypeNames() + ")");
  return type;
}

}  // namespace vms::python
