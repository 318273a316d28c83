#pragma once
// Loading and saving models by file name: *.urdf (see urdf.hpp) and the native, lossless
// *.vms.json (see vms_json.hpp and docs/model-format.md).
//
// Every error is a vms::ModelError whose message is one line "<path>: <element>: <problem>",
// e.g. "arm.urdf: joint 'j3': unknown child link 'l4'". Non-fatal findings (a revolute joint
// without <limit>, a quaternion that needed normalising, ...) are appended to `warnings`
// (when not null), each one line prefixed with the path.
#include <optional>
#include <string>
#include <vector>

#include "core/model/base_type.hpp"
#include "core/model/model.hpp"
#include "core/model/model_description.hpp"
#include "core/model/model_error.hpp"

namespace vms {

/// Reads *.urdf or *.vms.json (by extension, case-insensitive; anything else -> ModelError
/// naming the file).
/// Only the file's own rules are checked; physics is checked by compileModel / loadModel.
ModelDescription loadModelDescription(const std::string& path,
                                      std::vector<std::string>* warnings = nullptr);

/// What loadModel does with a description read from `source` (a file name, or what names a
/// description that is not a file): the optional base-type override, the inertia repair and
/// compileModel, with `source` prefixed to compile errors and to every warning.
Model compileLoadedModel(ModelDescription d, const std::string& source,
                         std::optional<BaseType> base_override = std::nullopt,
                         std::vector<std::string>* warnings = nullptr, bool repair_inertia = false);

/// loadModelDescription + optional base-type override + compileModel, with the file name
/// prefixed to compile errors ("<path>: link 'x': mass is negative (-1.000000)").
/// `repair_inertia`: links whose inertia is not physical get the mean of their principal
/// moments first (repairInertias, core/model/inertia_repair.hpp), one warning each.
Model loadModel(const std::string& path, std::optional<BaseType> base_override = std::nullopt,
                std::vector<std::string>* warnings = nullptr, bool repair_inertia = false);

/// Writes by extension (.urdf or .vms.json). Throws ModelError on an unknown extension or on
/// an I/O failure.
void saveModelDescription(const ModelDescription& d, const std::string& path);

/// The description `vms convert` writes for a model: what it was compiled from, with the
/// vehicle type it was compiled with (a --base override included) and a DH table written out
/// as its links, joints and end-effector frame (every number editable where it is).
ModelDescription savableDescription(const Model& model);

/// True if the path names a model file this module reads (".urdf" or ".vms.json", any case).
bool isModelFileName(const std::string& path);

}  // namespace vms
