#pragma once
// The runs of a design study (`vms sweep`, the Python package's vms.sweep;
// docs/design-studies.md): the scenario at every point of a grid of parameters, each point run
// by the core run loop exactly as `vms run` runs the patched scenario, in parallel on J
// threads, its summary.json figures picked by name. The front ends parse their options and
// write the table; everything between is here.
#include <cstddef>
#include <string>
#include <vector>

#include "core/io/json_util.hpp"
#include "core/scenario/scenario.hpp"
#include "core/scenario/sweep_grid.hpp"

namespace vms {

/// The figures a sweep picks when none are named (those the scenario has).
std::vector<std::string> defaultSweepMetrics(const std::vector<std::string>& figures);

/// The scenario file `path` as JSON with its model and initial state inline and the model link
/// by link (a DH table would hide /model/links/...): every number has a path. Errors:
/// ModelError naming the file.
io::Json readSweepScenario(const std::string& path, std::vector<std::string>* warnings);
/// The same from scenario JSON text; `source` names it, relative paths resolve against
/// `base_dir`.
io::Json parseSweepScenario(const std::string& text, const std::string& source,
                            const std::string& base_dir, std::vector<std::string>* warnings);

/// The result of one grid point.
struct SweepPointResult {
  bool done = false;      // ran (to the end or to a divergence)
  bool diverged = false;  // `message` says when
  std::string message;    // the error (the point failed) or the divergence
  std::vector<double> metrics;
  std::vector<std::string> warnings;
};

class ScenarioSweep {
 public:
  /// `scenario`: readSweepScenario's JSON of the file `source` (its folder `base_dir`);
  /// `repair_inertia` as `vms run --repair-inertia`.
  ScenarioSweep(std::string source, std::string base_dir, io::Json scenario, SweepGrid grid,
                bool repair_inertia);

  const SweepGrid& grid() const { return grid_; }
  /// The names of every figure of grid point 0 (summary.json's keys). Throws ModelError.
  std::vector<std::string> figureNames() const;
  /// Runs grid point `index` into `r` (never throws: a failure is r.message with !r.done).
  void run(std::size_t index, const std::vector<std::string>& metrics, SweepPointResult& r) const;
  /// Runs `points` on `jobs` threads (each takes the next point not yet taken), one result per
  /// point in the order of `points`; after a failure no new point starts.
  std::vector<SweepPointResult> runPoints(const std::vector<std::size_t>& points,
                                          const std::vector<std::string>& metrics, long jobs) const;
  /// "<file>: grid point I (name = value, ...): <problem>" from a message that may start with
  /// "<file>: ".
  std::string atPoint(std::size_t index, std::string message) const;

 private:
  /// The scenario of grid point `index`, assembled; ModelError naming the file and the point.
  Scenario assemble(std::size_t index, std::vector<std::string>* warnings) const;

  std::string source_, base_dir_;
  io::Json scenario_;
  SweepGrid grid_;
  bool repair_;
};

/// Adds the warnings of `results` (in their order) that `warnings` does not have yet.
void mergeSweepWarnings(const std::vector<SweepPointResult>& results,
                        std::vector<std::string>& warnings);

/// The error of the first failed point of `results` (in their order), or "".
std::string firstSweepFailure(const std::vector<SweepPointResult>& results);

}  // namespace vms
