#include "core/io/number_format.hpp"

#include <charconv>

namespace vms::io {

std::string formatDouble(double x) {
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof(buf), x);
  return std::string(buf, r.ptr);
}

}  // namespace vms::io
