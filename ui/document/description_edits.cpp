#include "ui/document/description_edits.hpp"

#include <cmath>

#include "core/io/error_messages.hpp"
#include "core/io/rotations.hpp"
#include "ui/document/file_number_range.hpp"

namespace vms::ui {

namespace {

VecX vec(std::initializer_list<double> values) {
  VecX v(static_cast<Eigen::Index>(values.size()));
  Eigen::Index i = 0;
  for (double x : values) v[i++] = x;
  return v;
}

VecX vec3(const Vec3& x) { return vec({x.x(), x.y(), x.z()}); }

// The readers' input limit applies to edits too: a value the file readers would refuse could
// be saved (and autosaved) but never opened again. `any_magnitude`: joint effort and velocity
// limits, which the readers take at any magnitude.
std::string checkValue(const VecX& value, int expected, bool any_magnitude = false) {
  if (value.size() != expected)
    return "expected " + std::to_string(expected) + " value" + (expected == 1 ? "" : "s") +
           ", got " + std::to_string(value.size());
  for (Eigen::Index i = 0; i < value.size(); ++i) {
    if (!std::isfinite(value[i])) return "not a finite number";
    if (!any_magnitude)
      if (std::string problem = fileRangeProblem(value[i]); !problem.empty()) return problem;
  }
  return {};
}

const char* linkPropertyName(LinkProperty p) {
  switch (p) {
    case LinkProperty::Mass:
      return "mass";
    case LinkProperty::CenterOfMass:
      return "centre of mass";
    case LinkProperty::Inertia:
      return "inertia";
  }
  return "property";
}

const char* jointPropertyName(JointProperty p) {
  switch (p) {
    case JointProperty::Axis:
      return "axis";
    case JointProperty::OriginXyz:
      return "origin position";
    case JointProperty::OriginRpy:
      return "origin orientation";
    case JointProperty::Lower:
      return "lower limit";
    case JointProperty::Upper:
      return "upper limit";
    case JointProperty::Effort:
      return "effort limit";
    case JointProperty::Velocity:
      return "velocity limit";
    case JointProperty::Damping:
      return "damping";
    case JointProperty::LimitsEnabled:
      return "limits";
  }
  return "property";
}

}  // namespace

int valueCount(LinkProperty property) {
  switch (property) {
    case LinkProperty::Mass:
      return 1;
    case LinkProperty::CenterOfMass:
      return 3;
    case LinkProperty::Inertia:
      return 6;
  }
  return 1;
}

int valueCount(JointProperty property) {
  switch (property) {
    case JointProperty::Axis:
    case JointProperty::OriginXyz:
    case JointProperty::OriginRpy:
      return 3;
    default:
      return 1;
  }
}

VecX linkPropertyValue(const ModelDescription& d, int link, LinkProperty property) {
  const Inertial& in = d.links.at(static_cast<size_t>(link)).inertial;
  switch (property) {
    case LinkProperty::Mass:
      return vec({in.mass});
    case LinkProperty::CenterOfMass:
      return vec3(in.com);
    case LinkProperty::Inertia: {
      const Mat3& I = in.inertia;
      return vec({I(0, 0), I(1, 1), I(2, 2), I(0, 1), I(0, 2), I(1, 2)});
    }
  }
  return {};
}

VecX jointPropertyValue(const ModelDescription& d, int joint, JointProperty property) {
  const JointDescription& j = d.joints.at(static_cast<size_t>(joint));
  switch (property) {
    case JointProperty::Axis:
      return vec3(j.axis);
    case JointProperty::OriginXyz:
      return vec3(j.origin.p);
    case JointProperty::OriginRpy:
      return vec3(io::rotationToRpy(j.origin.R));
    case JointProperty::Lower:
      return vec({j.lower});
    case JointProperty::Upper:
      return vec({j.upper});
    case JointProperty::Effort:
      return vec({j.effort});
    case JointProperty::Velocity:
      return vec({j.velocity});
    case JointProperty::Damping:
      return vec({j.damping});
    case JointProperty::LimitsEnabled:
      return vec({j.has_limits ? 1.0 : 0.0});
  }
  return {};
}

std::string setLinkPropertyValue(ModelDescription& d, int link, LinkProperty property,
                                 const VecX& value) {
  if (link < 0 || link >= static_cast<int>(d.links.size()))
    return "no link " + std::to_string(link) + " (the model has " + std::to_string(d.links.size()) +
           ")";
  const std::string problem = checkValue(value, valueCount(property));
  if (!problem.empty()) return "link " + io::quote(d.links[link].name) + ": " + problem;
  Inertial& in = d.links[link].inertial;
  switch (property) {
    case LinkProperty::Mass:
      in.mass = value[0];
      break;
    case LinkProperty::CenterOfMass:
      in.com = value.head<3>();
      break;
    case LinkProperty::Inertia:
      in.inertia << value[0], value[3], value[4],  //
          value[3], value[1], value[5],            //
          value[4], value[5], value[2];
      break;
  }
  return {};
}

std::string setJointPropertyValue(ModelDescription& d, int joint, JointProperty property,
                                  const VecX& value) {
  if (joint < 0 || joint >= static_cast<int>(d.joints.size()))
    return "no joint " + std::to_string(joint) + " (the model has " +
           std::to_string(d.joints.size()) + ")";
  JointDescription& j = d.joints[joint];
  const bool any_magnitude =
      property == JointProperty::Effort || property == JointProperty::Velocity;
  const std::string problem = checkValue(value, valueCount(property), any_magnitude);
  if (!problem.empty()) return "joint " + io::quote(j.name) + ": " + problem;
  switch (property) {
    case JointProperty::Axis:
      j.axis = value.head<3>();
      break;
    case JointProperty::OriginXyz:
      j.origin.p = value.head<3>();
      break;
    case JointProperty::OriginRpy:
      j.origin.R = io::rpyToRotation(value.head<3>());
      break;
    case JointProperty::Lower:
    case JointProperty::Upper:
      // Checked even while the limits are off, so that switching them on cannot fail.
      if (property == JointProperty::Lower ? value[0] > j.upper : j.lower > value[0])
        return "joint " + io::quote(j.name) + ": lower limit exceeds upper limit";
      (property == JointProperty::Lower ? j.lower : j.upper) = value[0];
      break;
    case JointProperty::Effort:
      if (value[0] < 0.0) return "joint " + io::quote(j.name) + ": effort limit is negative";
      j.effort = value[0];
      break;
    case JointProperty::Velocity:
      if (value[0] < 0.0) return "joint " + io::quote(j.name) + ": velocity limit is negative";
      j.velocity = value[0];
      break;
    case JointProperty::Damping:
      j.damping = value[0];
      break;
    case JointProperty::LimitsEnabled:
      j.has_limits = value[0] != 0.0;
      break;
  }
  return {};
}

std::string describeEdit(const ModelDescription& d, int link, LinkProperty property) {
  return std::string(linkPropertyName(property)) + " of link " +
         io::quote(d.links.at(static_cast<size_t>(link)).name);
}

std::string describeEdit(const ModelDescription& d, int joint, JointProperty property) {
  return std::string(jointPropertyName(property)) + " of joint " +
         io::quote(d.joints.at(static_cast<size_t>(joint)).name);
}

}  // namespace vms::ui
