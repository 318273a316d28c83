#include "core/scenario/output_table.hpp"

#include <stdexcept>

namespace vms {

OutputTable::OutputTable(const OutputQuantities& quantities, unsigned use) {
  for (const OutputQuantity& q : quantities.all()) {
    if ((q.use & use) == 0) continue;
    quantities_.push_back(&q);
    columns_.push_back(q.name);
  }
  if (columns_.empty()) throw std::invalid_argument("OutputTable: no quantity has that use");
}

void OutputTable::reserve(long rows) {
  if (rows > 0) values_.reserve(static_cast<size_t>(rows) * columns_.size());
}

void OutputTable::write(const OutputSample& at, const Snapshot& first) {
  for (const OutputQuantity* q : quantities_) values_.push_back(q->value(at, first));
}

}  // namespace vms
