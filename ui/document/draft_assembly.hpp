#pragma once
// A document whose model does not compile, or whose scenario does not assemble, is a draft: it
// is kept as written, edited and saved like any other, and drawn from a stand-in (core
// diagnoseModel: each problem neutralised), but never simulated. Assembly that falls back to
// the draft when the strict one refuses.
#include "ui/document/document_content.hpp"

namespace vms::ui {

/// Fills `snapshot.scenario` from `snapshot.description` and `snapshot.source`. When the model
/// compiles and the scenario assembles and can run (buildScenario, checkSimulatable), the
/// problems are cleared. Otherwise `problems` lists the model's refusals (diagnoseModel) and
/// `scenario_problems` the scenario's, and `scenario` is assembled from the stand-in: around
/// the file's scenario, or in the default one when that is refused too (a one-link placeholder
/// if the stand-in itself does not compile). Never throws ModelError.
void assembleAllowingDraft(DocumentSnapshot& snapshot);

}  // namespace vms::ui
