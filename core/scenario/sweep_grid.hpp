#pragma once
// The grid of `vms sweep` (docs/design-studies.md): parameters "PATH=FROM:TO:COUNT", each PATH
// a number of the scenario written out with its model and initial state inline (a JSON
// pointer such as /model/links/2/mass, or link:NAME.FIELD / joint:NAME.FIELD), and the grid
// points in order (the first parameter varies slowest).
#include <cstddef>
#include <string>
#include <vector>

#include "core/io/json_util.hpp"

namespace vms::cli {

struct SweepParameter {
  std::string name;     // as given on the command line (the CSV column)
  std::string pointer;  // the JSON pointer it resolves to
  double from = 0.0, to = 0.0;
  long count = 1;
  /// The k-th value: from + k (to - from) / (count - 1) rounded to 15 significant digits,
  /// the first exactly `from`, the last exactly `to`.
  double value(long k) const;
};

/// Parses "PATH=FROM:TO:COUNT"; UsageError naming the option for a bad range or count.
SweepParameter parseSweepParameter(const std::string& text);

/// Resolves the parameter's PATH in `scenario` (the scenario's JSON, model inline): sets
/// `pointer`; UsageError naming the path and what is there when it does not address a number.
void resolveSweepParameter(SweepParameter& parameter, const io::Json& scenario);

class SweepGrid {
 public:
  /// UsageError if the grid has more than kMaxPoints points.
  explicit SweepGrid(std::vector<SweepParameter> parameters);
  static constexpr std::size_t kMaxPoints = 1000000;
  std::size_t size() const { return size_; }
  const std::vector<SweepParameter>& parameters() const { return parameters_; }
  /// The parameter values of grid point `index`, one per parameter.
  std::vector<double> values(std::size_t index) const;
  /// `scenario` with the values of grid point `index` set.
  io::Json apply(const io::Json& scenario, std::size_t index) const;

 private:
  std::vector<SweepParameter> parameters_;
  std::size_t size_ = 1;
};

}  // namespace vms::cli
