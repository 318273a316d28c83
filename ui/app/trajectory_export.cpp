#include "ui/app/trajectory_export.hpp"

#include <QFile>
#include <cstdio>
#include <limits>
#include <vector>

#include "core/io/trajectory_csv.hpp"
#include "ui/sim/history_buffer.hpp"

namespace vms::ui {

long exportTrajectoryCsv(const HistoryBuffer& history, const Model& model, const QString& path,
                         QString* error) {
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
    TrajectoryCsvWriter writer(file, model);
    writer.writeHeader();
    for (const SimFrame& frame : frames) {
      const Snapshot& s = frame.snapshot;
      if (s.state.q.size() != model.njoints) continue;  // a frame of another model
      MomentumSummary m;
      m.linear = s.momenta.linear_total;
      m.angular_origin = s.momenta.angular_origin_total;
      m.angular_com = s.momenta.angular_com_total;
      m.center_of_mass = s.momenta.center_of_mass;
      m.kinetic_energy = s.kinetic_energy;
      m.mass = s.momenta.mass;
      writer.writeRow(s.time, s.state, m);
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
