#pragma once
// The grid of a design study (`vms sweep`, the Python package's vms.sweep;
// docs/design-studies.md): parameters, each a PATH to a number of the scenario written out
// with its model and initial state inline (a JSON pointer such as /model/links/2/mass, or
// link:NAME.FIELD / joint:NAME.FIELD) and its values (FROM:TO:COUNT, or a list), and the grid
// points in order (the first parameter varies slowest).
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/io/json_util.hpp"

namespace vms {

/// A parameter or grid that cannot be swept. `parameter` is the PATH it concerns (empty for
/// the grid as a whole); what() is the problem alone, for each front end to prefix with its
/// own name for the option ("--param PATH: ...", "params['PATH']: ...").
class SweepParameterError : public std::invalid_argument {
 public:
  SweepParameterError(std::string parameter, const std::string& problem)
      : std::invalid_argument(problem), parameter(std::move(parameter)) {}
  std::string parameter;
};

struct SweepParameter {
  std::string name;     // the PATH as given (the CSV column)
  std::string pointer;  // the JSON pointer it resolves to
  double from = 0.0, to = 0.0;
  long count = 1;
  std::vector<double> values;  // listed values (then from, to are unused); empty: a range
  /// The k-th value: values[k] when listed, else from + k (to - from) / (count - 1) rounded to
  /// 15 significant digits, the first exactly `from`, the last exactly `to`.
  double value(long k) const;
};

/// Parses "PATH=FROM:TO:COUNT"; SweepParameterError for a bad range or count.
SweepParameter parseSweepParameter(const std::string& text);

/// PATH with listed values (at least one, each finite); SweepParameterError otherwise.
SweepParameter listedSweepParameter(const std::string& path, std::vector<double> values);

/// Resolves the parameter's PATH in `scenario` (the scenario's JSON, model inline): sets
/// `pointer`; SweepParameterError naming what is there when it does not address a number.
void resolveSweepParameter(SweepParameter& parameter, const io::Json& scenario);

class SweepGrid {
 public:
  /// SweepParameterError if the grid has more than kMaxPoints points.
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

}  // namespace vms
