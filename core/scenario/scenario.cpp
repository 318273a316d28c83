#include "core/scenario/scenario.hpp"

#include "core/io/scenario_json.hpp"

namespace vms {

const char* controllerTypeName(ControllerSpec::Type type) {
  switch (type) {
    case ControllerSpec::Type::ComputedTorque:
      return "computed_torque";
    case ControllerSpec::Type::JointPD:
      return "joint_pd";
    case ControllerSpec::Type::ResolvedRate:
      return "resolved_rate";
    case ControllerSpec::Type::WheelAttitude:
      return "wheel_attitude";
    case ControllerSpec::Type::ThrusterHold:
      return "thruster_hold";
  }
  return "?";
}

Scenario parseScenarioJson(const std::string& text, const std::string& source,
                           const std::string& base_dir, std::vector<std::string>* warnings) {
  return assembleScenario(parseScenarioDescription(text, source, base_dir, warnings), warnings);
}

Scenario loadScenario(const std::string& path, std::vector<std::string>* warnings) {
  return assembleScenario(readScenarioDescription(path, warnings), warnings);
}

}  // namespace vms
