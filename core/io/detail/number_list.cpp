#include "core/io/detail/number_list.hpp"

#include <charconv>
#include <cstdlib>

namespace vms::io {

bool parseDoubles(const std::string& text, std::vector<double>* out) {
  out->clear();
  const char* p = text.data();
  const char* end = p + text.size();
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (true) {
    while (p < end && space(*p)) ++p;
    if (p == end) return true;
    if (*p == '+') ++p;
    double v = 0.0;
    const auto r = std::from_chars(p, end, v);
    if (r.ec == std::errc::result_out_of_range) {
      // from_chars leaves v untouched on overflow/underflow: classify it ourselves.
      const std::string token(p, r.ptr);
      v = std::strtod(token.c_str(), nullptr);  // +-HUGE_VAL or a denormal/0: both fine
    } else if (r.ec != std::errc()) {
      return false;
    }
    if (r.ptr < end && !space(*r.ptr)) return false;
    out->push_back(v);
    p = r.ptr;
  }
}

}  // namespace vms::io
