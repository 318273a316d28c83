#include "ui/app/exports/trajectory_export.hpp"

#include <QFile>
#include <cstdio>
#include <limits>
#include <vector>

#include "core/scenario/output_csv.hpp"
#include "ui/sim/frame_output.hpp"
#include "ui/sim/history_buffer.hpp"

namespace vms::ui {

long exportTrajectoryCsv(const HistoryBuffer& history, const Scenario& scenario,
                         const QString& path, QString* error) {
  std::vector<SimFrame> frames;
  history.framesAfter(std::numeric_limits<long>::min(), frames);
  if (frames.empty()) {
    if (error) *error = QStringLiteral("nothing to export: the history is empty (run first)");
    return -1;
  }
  std::FILE* file = std::fopen(QFile::encodeName(path).constData(), "w");
  if (!file) {
    if (error) *error = QStringLiteral("%1: cannot write (%2)").arg(path, qt_error_string(errno));
    return -1;
  }
  long rows = 0;
  try {
    const OutputQuantities quantities = OutputQuantities::forScenario(scenario);
    OutputCsvWriter writer(file, quantities);
    writer.writeHeader();
    // No CSV column depends on the first instant (drifts are not columns); the oldest frame
    // kept stands in for it.
    const Snapshot& first = frames.front().snapshot;
    for (const SimFrame& frame : frames) {
      if (frame.snapshot.state.q.size() != scenario.model.njoints) continue;  // another model
      writer.writeRow(FrameOutput(frame).sample(), first);
      ++rows;
    }
  } catch (const std::exception& e) {
    std::fclose(file);
    if (error) *error = QStringLiteral("%1: %2").arg(path, QString::fromUtf8(e.what()));
    return -1;
  }
  if (std::fclose(file) != 0) {
    if (error) *error = QStringLiteral("%1: write failed").arg(path);
    return -1;
  }
  return rows;
}

}  // namespace vms::ui
