#pragma once
// Export of the run's history as the trajectory CSV of shared/design/interfaces.md (through
// core/io/trajectory_csv.hpp, the same writer as `vms simulate`).
#include <QString>

#include "core/model/model.hpp"

namespace vms::ui {

class HistoryBuffer;

/// Writes every frame of `history` (oldest first). Returns the number of rows written, or -1
/// with `error` set (file not writable, empty history).
long exportTrajectoryCsv(const HistoryBuffer& history, const Model& model, const QString& path,
                         QString* error);

}  // namespace vms::ui
