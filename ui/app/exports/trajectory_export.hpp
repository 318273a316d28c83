#pragma once
// Export of the run's history as a trajectory CSV with the columns of `vms run` for the same
// scenario (core/scenario/output_csv.hpp, the same writer and table of output quantities): the
// interfaces-doc columns, then tau:<joint>, thrust:<name>, the vehicle, momentum and energy
// columns, tracking_error with controllers, manipulability_* with "analysis".
#include <QString>

#include "core/scenario/scenario.hpp"

namespace vms::ui {

class HistoryBuffer;

/// Writes every frame of `history` (oldest first) of a run of `scenario`. Returns the number
/// of rows written, or -1 with `error` set (file not writable, empty history).
long exportTrajectoryCsv(const HistoryBuffer& history, const Scenario& scenario,
                         const QString& path, QString* error);

}  // namespace vms::ui
