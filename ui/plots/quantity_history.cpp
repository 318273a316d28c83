#include "ui/plots/quantity_history.hpp"

#include <algorithm>
#include <cmath>

#include "ui/sim/frame_output.hpp"

namespace vms::ui {

QuantityHistory::QuantityHistory(int capacity) : capacity_(std::max(capacity, 16)) {
  setRegistry(QuantityRegistry());
}

void QuantityHistory::setRegistry(const QuantityRegistry& registry) {
  registry_ = registry;
  clear();
}

void QuantityHistory::clear() {
  stride_ = 1;
  received_ = 0;
  has_first_ = false;
  first_ = SimFrame();
  time_.clear();
  values_.assign(registry_.size(), {});
}

bool QuantityHistory::append(const SimFrame& frame) {
  const double t = frame.snapshot.time;
  if (!std::isfinite(t)) return false;
  // A frame at or before the last one: the run went back (resumed from a scrubbed instant)
  // or the state changed without time passing (teach mode): the points from its time on are
  // replaced.
  const bool rewound = !time_.empty() && t <= time_.back();
  if (rewound) truncateFrom(t);
  if (!has_first_ || time_.empty()) {  // the drift reference: the first frame kept
    first_ = frame;
    has_first_ = true;
  }
  const long index = received_++;
  if (!rewound && index % stride_ != 0) return false;
  time_.push_back(t);
  const auto& quantities = registry_.all();
  const FrameOutput output(frame);  // the analysis converted once for every quantity
  for (size_t i = 0; i < quantities.size(); ++i)
    values_[i].push_back(quantities[i].value(output.sample(), first_.snapshot));
  if (size() < capacity_) return rewound;
  halve();
  return true;
}

void QuantityHistory::truncateFrom(double t) {
  const size_t keep = std::lower_bound(time_.begin(), time_.end(), t) - time_.begin();
  time_.resize(keep);
  for (auto& v : values_) v.resize(keep);
}

void QuantityHistory::halve() {
  auto keepEven = [](std::vector<double>& v) {
    size_t j = 0;
    for (size_t i = 0; i < v.size(); i += 2) v[j++] = v[i];
    v.resize(j);
  };
  keepEven(time_);
  for (auto& v : values_) keepEven(v);
  stride_ *= 2;
}

}  // namespace vms::ui
