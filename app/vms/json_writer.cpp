#include "json_writer.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace vms::cli {

std::string jsonQuote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

std::string jsonNumber(double x) {
  std::string s;
  appendJsonNumber(s, x);
  return s;
}

void appendJsonNumber(std::string& out, double x) {
  if (!std::isfinite(x)) {
    out += "null";
    return;
  }
  // Exactly printf's "%.17g" in the C locale (the standard defines it so), several times
  // faster: inspect prints two n x n matrices.
  char buf[40];
  const auto r = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::general, 17);
  out.append(buf, r.ptr);
}

JsonObjectWriter& JsonObjectWriter::object(const std::string& k, const JsonObjectWriter& value) {
  key(k);
  if (value.body_.empty()) {
    body_ += "{}";
    return *this;
  }
  body_ += "{\n  ";  // the nested members, indented by two more spaces
  for (char c : value.body_) {
    body_ += c;
    if (c == '\n') body_ += "  ";
  }
  body_ += "\n  }";
  return *this;
}

void JsonObjectWriter::key(const std::string& k) {
  if (!body_.empty()) body_ += ",\n";
  body_ += "  " + jsonQuote(k) + ": ";
}

JsonObjectWriter& JsonObjectWriter::number(const std::string& k, double x) {
  key(k);
  body_ += jsonNumber(x);
  return *this;
}

JsonObjectWriter& JsonObjectWriter::integer(const std::string& k, long x) {
  key(k);
  body_ += std::to_string(x);
  return *this;
}

JsonObjectWriter& JsonObjectWriter::string(const std::string& k, const std::string& s) {
  key(k);
  body_ += jsonQuote(s);
  return *this;
}

JsonObjectWriter& JsonObjectWriter::strings(const std::string& k,
                                            const std::vector<std::string>& s) {
  key(k);
  body_ += "[";
  for (size_t i = 0; i < s.size(); ++i) body_ += (i ? ", " : "") + jsonQuote(s[i]);
  body_ += "]";
  return *this;
}

namespace {
void appendRow(std::string& out, const double* x, Eigen::Index n, Eigen::Index stride) {
  out += '[';
  for (Eigen::Index i = 0; i < n; ++i) {
    if (i) out += ", ";
    appendJsonNumber(out, x[i * stride]);
  }
  out += ']';
}
}  // namespace

JsonObjectWriter& JsonObjectWriter::vector(const std::string& k,
                                           const Eigen::Ref<const Eigen::VectorXd>& v) {
  key(k);
  appendRow(body_, v.data(), v.size(), v.innerStride());
  return *this;
}

JsonObjectWriter& JsonObjectWriter::matrix(const std::string& k,
                                           const Eigen::Ref<const Eigen::MatrixXd>& m) {
  key(k);
  body_ += "[";
  for (Eigen::Index r = 0; r < m.rows(); ++r) {
    if (r) body_ += ",\n    ";
    appendRow(body_, m.data() + r * m.innerStride(), m.cols(), m.outerStride());
  }
  body_ += "]";
  return *this;
}

}  // namespace vms::cli
