#pragma once
// The one-line summary of a model's mass the property inspector shows: total mass and system
// centre of mass (world frame) at the scenario's initial state, from the compiled model.
#include <QString>

#include "core/scenario/scenario.hpp"

namespace vms::ui {

/// "Total mass 12.5 kg · CoM (0.1, 0, 0.35) m at the initial state"; the reaction wheels a
/// scenario adds are included (they are bodies of its model).
QString systemMassText(const Scenario& scenario);

}  // namespace vms::ui
