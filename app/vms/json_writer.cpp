#include "json_writer.hpp"

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
  if (!std::isfinite(x)) return "null";
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
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
std::string row(const double* x, Eigen::Index n, Eigen::Index stride) {
  std::string s = "[";
  for (Eigen::Index i = 0; i < n; ++i) s += (i ? ", " : "") + jsonNumber(x[i * stride]);
  return s + "]";
}
}  // namespace

JsonObjectWriter& JsonObjectWriter::vector(const std::string& k,
                                           const Eigen::Ref<const Eigen::VectorXd>& v) {
  key(k);
  body_ += row(v.data(), v.size(), v.innerStride());
  return *this;
}

JsonObjectWriter& JsonObjectWriter::matrix(const std::string& k,
                                           const Eigen::Ref<const Eigen::MatrixXd>& m) {
  key(k);
  body_ += "[";
  for (Eigen::Index r = 0; r < m.rows(); ++r) {
    const Eigen::VectorXd rowv = m.row(r).transpose();
    body_ += (r ? ",\n    " : "") + row(rowv.data(), rowv.size(), 1);
  }
  body_ += "]";
  return *this;
}

}  // namespace vms::cli
