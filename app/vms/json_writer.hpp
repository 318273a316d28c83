#pragma once
// Writes one JSON object with numbers in full double precision (%.17g), as the interfaces
// contract asks. Non-finite numbers are written as null (JSON has no NaN).
#include <Eigen/Core>
#include <string>
#include <vector>

namespace vms::cli {

class JsonObjectWriter {
 public:
  JsonObjectWriter& number(const std::string& key, double x);
  JsonObjectWriter& integer(const std::string& key, long x);
  JsonObjectWriter& string(const std::string& key, const std::string& s);
  JsonObjectWriter& strings(const std::string& key, const std::vector<std::string>& s);
  JsonObjectWriter& vector(const std::string& key, const Eigen::Ref<const Eigen::VectorXd>& v);
  /// Rows of the matrix as arrays.
  JsonObjectWriter& matrix(const std::string& key, const Eigen::Ref<const Eigen::MatrixXd>& m);
  /// A nested object.
  JsonObjectWriter& object(const std::string& key, const JsonObjectWriter& value);
  std::string str() const { return "{\n" + body_ + "\n}\n"; }

 private:
  void key(const std::string& k);
  std::string body_;
};

std::string jsonQuote(const std::string& s);
std::string jsonNumber(double x);
/// Appends jsonNumber(x) to `out` (no temporary string).
void appendJsonNumber(std::string& out, double x);

}  // namespace vms::cli
