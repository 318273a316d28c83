#include "core/model/names.hpp"

#include <cstdio>

namespace vms {

namespace {

/// Length of the valid UTF-8 sequence starting at s[i] (1..4), or 0 if it is not valid
/// (overlong forms, surrogates and code points above U+10FFFF are invalid).
size_t utf8SequenceLength(const std::string& s, size_t i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = byte(i);
  if (c < 0x80) return 1;
  size_t n = 0;
  unsigned cp = 0;
  if ((c & 0xE0) == 0xC0) {
    n = 2;
    cp = c & 0x1Fu;
  } else if ((c & 0xF0) == 0xE0) {
    n = 3;
    cp = c & 0x0Fu;
  } else if ((c & 0xF8) == 0xF0) {
    n = 4;
    cp = c & 0x07u;
  } else {
    return 0;
  }
  if (i + n > s.size()) return 0;
  for (size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (byte(i + k) & 0x3Fu);
  }
  static const unsigned kMinimum[5] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < kMinimum[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return n;
}

bool isControl(const std::string& s, size_t i, size_t n) {
  const auto c = static_cast<unsigned char>(s[i]);
  if (n == 1) return c < 0x20 || c == 0x7F;
  // C1 controls U+0080..U+009F are encoded as C2 80..C2 9F.
  return n == 2 && c == 0xC2 && static_cast<unsigned char>(s[i + 1]) < 0xA0;
}

std::string hexByte(unsigned char c) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "\\x%02X", c);
  return buf;
}

}  // namespace

std::string printableText(const std::string& s, size_t max_bytes) {
  std::string out;
  for (size_t i = 0; i < s.size();) {
    if (out.size() >= max_bytes) {
      out += "...";
      break;
    }
    const size_t n = utf8SequenceLength(s, i);
    if (n == 0) {
      out += hexByte(static_cast<unsigned char>(s[i]));
      ++i;
      continue;
    }
    if (isControl(s, i, n)) {
      const char c = s[i];
      out += c == '\n'   ? std::string("\\n")
             : c == '\t' ? std::string("\\t")
             : c == '\r' ? std::string("\\r")
                         : hexByte(static_cast<unsigned char>(s[i + n - 1]));
      i += n;
      continue;
    }
    out.append(s, i, n);
    i += n;
  }
  return out;
}

std::string nameProblem(const std::string& name) {
  if (name.empty()) return "the name is empty";
  if (name.size() > kMaxNameBytes)
    return "the name is " + std::to_string(name.size()) + " bytes long (at most " +
           std::to_string(kMaxNameBytes) + ")";
  for (size_t i = 0; i < name.size();) {
    const size_t n = utf8SequenceLength(name, i);
    if (n == 0) return "the name is not valid UTF-8 text";
    if (isControl(name, i, n)) return "the name contains a control character";
    i += n;
  }
  return "";
}

}  // namespace vms
