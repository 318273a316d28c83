#pragma once
// The models File > New starts from: one function per template, each a small ModelDescription
// that compiles and simulates in the default scenario (floating, zero gravity, at rest).
#include <string>
#include <vector>

#include "core/model/model_description.hpp"

namespace vms::ui {

struct ModelTemplate {
  std::string id;       // "empty", "spacecraft_arm", ...: also the new model's name
  std::string title;    // shown in the New dialog
  std::string summary;  // one line under it
  ModelDescription (*make)();
};

/// Every template, the empty vehicle first.
const std::vector<ModelTemplate>& modelTemplates();

/// The template of that id; nullptr if none.
const ModelTemplate* findModelTemplate(const std::string& id);

}  // namespace vms::ui
