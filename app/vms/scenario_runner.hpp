#pragma once
// One run of a scenario exactly as `vms run` makes it: the Simulator stepped to the end, every
// instant checked for finite figures, the summary.json statistics accumulated and, when asked,
// the trajectory CSV written. Shared by `vms run` (one run, files) and `vms sweep` (many runs
// in parallel, one row of figures each): a sweep's figures are those `vms run` writes.
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/scenario/output_quantities.hpp"
#include "core/scenario/output_statistics.hpp"
#include "core/scenario/scenario.hpp"
#include "core/scenario/simulator.hpp"

namespace vms::cli {

class ScenarioRunner {
 public:
  /// Sets up the Simulator; throws ModelError "<source>: ..." for what the set-up rejects and
  /// for an initial state whose momentum or energy is not finite.
  ScenarioRunner(const Scenario& scenario, const std::string& source);
  ~ScenarioRunner();
  ScenarioRunner(const ScenarioRunner&) = delete;
  ScenarioRunner& operator=(const ScenarioRunner&) = delete;

  /// Steps to the end. With `csv` (open for writing), writes the trajectory CSV's header and
  /// every output_every-th row as `vms run` does. Returns false when the run diverged
  /// (divergenceMessage() says when); the statistics then cover the instants up to then.
  bool run(std::FILE* csv = nullptr);

  const Simulator& simulator() const { return *simulator_; }
  const OutputStatistics& statistics() const { return *statistics_; }
  const std::string& divergenceMessage() const { return divergence_; }
  double wallTime() const { return wall_; }
  /// The trajectory CSV's columns (after run(csv)).
  const std::vector<std::string>& columns() const { return columns_; }
  /// The analysis task dimension (scenario with "analysis"), else 0.
  int analysisTaskDimension() const;

  /// Every summary figure as summary.json names it (key, and key + "_relative" for relative
  /// figures), in summary.json's order.
  std::vector<std::pair<std::string, double>> summaryNumbers() const;

 private:
  class AnalysisProbe;
  const Scenario& scenario_;
  std::unique_ptr<Simulator> simulator_;
  std::unique_ptr<OutputQuantities> quantities_;
  std::unique_ptr<OutputStatistics> statistics_;
  std::unique_ptr<AnalysisProbe> probe_;
  std::string divergence_;
  std::vector<std::string> columns_;
  double wall_ = 0.0;
};

}  // namespace vms::cli
