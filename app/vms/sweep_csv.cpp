#include "sweep_csv.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <map>

#include "arguments.hpp"
#include "cli_common.hpp"
#include "commands.hpp"
#include "core/io/text_files.hpp"
#include "core/model/model_error.hpp"
#include "json_writer.hpp"

namespace vms::cli {

SweepCsv::SweepCsv(const SweepGrid& grid, const std::vector<std::string>& metrics) : grid_(grid) {
  text_ = "index";
  for (const SweepParameter& p : grid.parameters()) text_ += "," + p.name;
  for (const std::string& m : metrics) text_ += "," + m;
  text_ += ",status,grid_points\n";
}

void SweepCsv::addRow(std::size_t index, const std::vector<double>& metrics, int status) {
  text_ += std::to_string(index);
  for (double v : grid_.values(index)) {
    text_ += ',';
    appendJsonNumber(text_, v);
  }
  for (double v : metrics) {
    text_ += ',';
    appendJsonNumber(text_, v);
  }
  text_ += "," + std::to_string(status) + "," + std::to_string(grid_.size()) + "\n";
}

namespace {

struct Row {
  std::string text;  // the line as read, without its line break
  std::string file;
};

// A non-negative decimal integer (no sign, no spaces), or false.
bool parseIndex(const std::string& s, unsigned long long* x) {
  if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos) return false;
  errno = 0;
  *x = std::strtoull(s.c_str(), nullptr, 10);
  return errno != ERANGE;
}

std::string cell(const std::string& line, bool last) {
  if (last) return line.substr(line.rfind(',') + 1);
  return line.substr(0, line.find(','));
}

}  // namespace

int runSweepMerge(int argc, char** argv) {
  const Arguments args(argc, argv, 3, {"out"});
  const std::vector<std::string>& files = args.positional();
  if (files.empty())
    throw UsageError(
        "expected the CSV files of the shards; usage: vms sweep merge A.csv B.csv "
        "... [--out FILE.csv]");
  std::string header, header_file;
  std::map<unsigned long long, Row> rows;
  unsigned long long grid_points = 0;
  for (const std::string& file : files) {
    const std::string text = io::readTextFile(file);
    std::size_t line_number = 0;
    bool first = true;
    for (std::size_t start = 0; start < text.size();) {
      std::size_t end = text.find('\n', start);
      if (end == std::string::npos) end = text.size();
      std::string line = text.substr(start, end - start);
      start = end + 1;
      ++line_number;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.empty()) continue;
      const std::string where = file + ": line " + std::to_string(line_number);
      if (first) {
        first = false;
        const std::string tail = ",status,grid_points";
        if (line.rfind("index,", 0) != 0 || line.size() < tail.size() + 6 ||
            line.compare(line.size() - tail.size(), tail.size(), tail) != 0)
          throw ModelError(where +
                           ": not the header of a vms sweep CSV (index,...,status,"
                           "grid_points)");
        if (header.empty()) {
          header = line;
          header_file = file;
        } else if (line != header) {
          throw ModelError(file + ": its columns differ from " + header_file + "'s ('" + line +
                           "' vs '" + header + "'): shards of different sweeps");
        }
        continue;
      }
      unsigned long long index = 0, points = 0;
      if (!parseIndex(cell(line, false), &index) || !parseIndex(cell(line, true), &points))
        throw ModelError(where + ": not a row of a vms sweep CSV (index first, grid_points last)");
      if (grid_points == 0) grid_points = points;
      if (points != grid_points || index >= points)
        throw ModelError(where + ": grid point " + std::to_string(index) + " of a grid of " +
                         std::to_string(points) + " points; other rows have " +
                         std::to_string(grid_points) + ": shards of different sweeps");
      const auto [it, added] = rows.emplace(index, Row{line, file});
      if (!added)
        throw ModelError(where + ": grid point " + std::to_string(index) + " is also in " +
                         it->second.file + " (a shard given twice?)");
    }
    if (first) throw ModelError(file + ": empty, not a vms sweep CSV");
  }
  if (rows.size() != grid_points) {
    std::string missing;
    unsigned long long n = 0;
    for (unsigned long long i = 0; i < grid_points; ++i)
      if (!rows.count(i) && n++ < 10) missing += (missing.empty() ? "" : ", ") + std::to_string(i);
    throw ModelError("the files lack " + std::to_string(n) + " of the " +
                     std::to_string(grid_points) + " grid points (" + missing +
                     (n > 10 ? ", ..." : "") + "): a shard is missing");
  }
  std::string text = header + "\n";
  for (const auto& [index, row] : rows) text += row.text + "\n";
  if (const auto out = args.get("out")) {
    makeParentDirectories(*out);
    io::writeTextFile(*out, text);
  } else {
    std::fputs(text.c_str(), stdout);
  }
  return kExitOk;
}

}  // namespace vms::cli
