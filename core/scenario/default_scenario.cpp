#include "core/scenario/default_scenario.hpp"

#include <limits>

#include "core/io/model_io.hpp"

namespace vms {

namespace {
std::string stem(const std::string& path) {
  std::string name = path.substr(path.find_last_of("/\\") + 1);
  for (const char* ext : {".vms.json", ".urdf", ".VMS.JSON", ".URDF"}) {
    const std::string e(ext);
    if (name.size() > e.size() && name.compare(name.size() - e.size(), e.size(), e) == 0)
      return name.substr(0, name.size() - e.size());
  }
  return name;
}
}  // namespace

Scenario defaultScenario(const Model& model, const std::string& source) {
  const ScenarioDescription file_defaults;  // a scenario file's defaults (scenario_keys.hpp)
  Scenario s;
  s.name = model.name;
  s.source = source;
  s.model = model;
  s.initial_state = State::neutral(model);
  s.environment.type = EnvironmentSpec::Type::None;  // the model's own gravity
  s.mode = file_defaults.mode;
  s.duration = std::numeric_limits<double>::infinity();
  s.dt = kDefaultScenarioTimeStep;
  s.control_period = kDefaultScenarioTimeStep;
  s.integrator = file_defaults.integrator;
  s.solver = file_defaults.solver;
  s.output_every = file_defaults.output_every;
  return s;
}

Scenario defaultScenarioForModelFile(const std::string& path, std::optional<BaseType> base_override,
                                     std::vector<std::string>* warnings) {
  Scenario s = defaultScenario(loadModel(path, base_override, warnings), path);
  s.name = stem(path);
  return s;
}

}  // namespace vms
