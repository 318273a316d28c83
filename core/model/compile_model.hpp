#pragma once
#include <string>
#include <vector>

#include "core/model/model.hpp"
#include "core/model/model_error.hpp"

namespace vms {

/// Validates a description and compiles it into a Model: finds the root link (the vehicle),
/// checks for loops, duplicate names, unknown links, zero axes, NaN/Inf, negative mass,
/// non-physical inertia (not symmetric, negative eigenvalue, triangle inequality), fuses
/// fixed joints, orders bodies so that parent[i] < i, and rejects models whose moving
/// subtrees have singular inertia. Throws ModelError. Non-fatal findings go to `warnings`.
Model compileModel(const ModelDescription& description,
                   std::vector<std::string>* warnings = nullptr);

/// Checks one inertial; returns an empty string if physical, else the problem.
std::string inertialProblem(const Inertial& inertial);

}  // namespace vms
