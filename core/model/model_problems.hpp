#pragma once
// Every problem of a model description that compileModel refuses, not only the first, each
// tied to the item it names, and a stand-in: a copy with each problem neutralised so that it
// compiles (what an editor draws while the user fixes a draft). compileModel stays the one
// judge: diagnoseModel compiles, reads the item from the refusal's message ("link 'x': ..."),
// neutralises that item in the stand-in (a non-physical inertia balanced, a zero axis along z,
// a second parent joint dropped, an unattached subtree left out, ...) and compiles again,
// until the stand-in compiles. So the problems are exactly what compiling would refuse, in
// the order it refuses them.
#include <cstddef>
#include <string>
#include <vector>

#include "core/model/model_description.hpp"

namespace vms {

/// The kind of item a problem names (Model: the model as a whole).
enum class ModelItem { Model, Link, Joint, Frame, AddedMass };

struct ModelProblem {
  ModelItem item = ModelItem::Model;
  int index = -1;       // in the description's links / joints / frames / added_mass (-1: model)
  std::string name;     // the item's name as written (may be empty or invalid)
  std::string message;  // compileModel's refusal, e.g. "link 'x': mass is negative (-1)"
};

struct ModelDiagnosis {
  std::vector<ModelProblem> problems;  // empty: the description compiles as it is
  ModelDescription stand_in;           // the description with every problem neutralised
  bool stand_in_compiles = false;      // false only if a refusal could not be neutralised
};

/// At most this many problems are listed (stand_in_compiles is false when there are more).
constexpr size_t kMaxProblems = 500;

ModelDiagnosis diagnoseModel(const ModelDescription& description);

/// The item of `description` a refusal names ("link 'x': ...", also after a prefix such as
/// "<file>: model: "), as diagnoseModel would tie it; item Model, index -1 if it names none.
ModelProblem problemNamedBy(const std::string& message, const ModelDescription& description);

}  // namespace vms
