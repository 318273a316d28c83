#include "core/scenario/output_csv.hpp"

namespace vms {

OutputCsvWriter::OutputCsvWriter(std::FILE* file, const OutputQuantities& quantities, unsigned use)
    : file_(file) {
  for (const OutputQuantity& q : quantities.all()) {
    if ((q.use & use) == 0) continue;
    csv_.push_back(&q);
    columns_.push_back(q.name);
  }
}

void OutputCsvWriter::writeHeader() {
  for (size_t i = 0; i < columns_.size(); ++i)
    std::fprintf(file_, i ? ",%s" : "%s", columns_[i].c_str());
  std::fputc('\n', file_);
  std::fflush(file_);
}

void OutputCsvWriter::writeRow(const OutputSample& at, const Snapshot& first) {
  for (size_t i = 0; i < csv_.size(); ++i)
    std::fprintf(file_, i ? ",%.17g" : "%.17g", csv_[i]->value(at, first));
  std::fputc('\n', file_);
  std::fflush(file_);
}

}  // namespace vms
