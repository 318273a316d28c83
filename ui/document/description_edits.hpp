#pragma once
// Reading and writing one editable property of a link or joint of a ModelDescription, as the
// flat vectors the property inspector shows. No validation of physics here: the document
// compiles the result and refuses what compileModel rejects.
#include <string>

#include "core/model/model_description.hpp"
#include "ui/document/model_document.hpp"

namespace vms::ui {

/// Number of values of a property (Mass 1, CenterOfMass 3, Inertia 6, Axis 3, Origin* 3,
/// scalars 1).
int valueCount(LinkProperty property);
int valueCount(JointProperty property);

/// Current value. Inertia: [ixx iyy izz ixy ixz iyz]; OriginRpy: URDF roll-pitch-yaw;
/// LimitsEnabled: 1 or 0. The index must be valid.
VecX linkPropertyValue(const ModelDescription& d, int link, LinkProperty property);
VecX jointPropertyValue(const ModelDescription& d, int joint, JointProperty property);

/// Writes the property into `d`. Returns an empty string, or why the value cannot be stored
/// (bad index, wrong number of values, not a number).
std::string setLinkPropertyValue(ModelDescription& d, int link, LinkProperty property,
                                 const VecX& value);
std::string setJointPropertyValue(ModelDescription& d, int joint, JointProperty property,
                                  const VecX& value);

/// "mass of link 'arm'" etc., for undo texts.
std::string describeEdit(const ModelDescription& d, int link, LinkProperty property);
std::string describeEdit(const ModelDescription& d, int joint, JointProperty property);

}  // namespace vms::ui
