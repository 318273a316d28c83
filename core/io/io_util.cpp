#include "core/io/io_util.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>

namespace vms::io {

std::string formatDouble(double x) {
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof(buf), x);
  return std::string(buf, r.ptr);
}

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

std::string readTextFile(const std::string& path) {
  if (path.empty()) throw ModelError("(empty file name): cannot open file: the path is empty");
  // Opened first, then examined through the descriptor: no race between the check and the read.
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"),
                                                       &std::fclose);
  if (!file) {
    const int e = errno;
    throw ModelError(path + ": cannot open file: " + (e ? std::strerror(e) : "unknown error"));
  }
  struct stat st {};
  if (fstat(fileno(file.get()), &st) != 0)
    throw ModelError(path + ": cannot open file: " + std::strerror(errno));
  if (S_ISDIR(st.st_mode)) throw ModelError(path + ": is a directory, not a file");
  if (!S_ISREG(st.st_mode))
    throw ModelError(path +
                     ": not a regular file (a device, pipe or socket cannot be read as a "
                     "model, state or scenario)");
  const auto too_large = [&] {
    return ModelError(path + ": the file is larger than " +
                      std::to_string(kMaxInputFileBytes / (1024 * 1024)) +
                      " MiB (the input limit)");
  };
  if (st.st_size > kMaxInputFileBytes) throw too_large();
  std::string text;
  text.reserve(static_cast<size_t>(st.st_size));
  char buffer[65536];
  size_t got = 0;
  while ((got = std::fread(buffer, 1, sizeof buffer, file.get())) > 0) {
    if (static_cast<long long>(text.size() + got) > kMaxInputFileBytes) throw too_large();
    text.append(buffer, got);
  }
  if (std::ferror(file.get())) throw ModelError(path + ": cannot read file: read error");
  return text;
}

void writeTextFile(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) {
    const int e = errno;
    throw ModelError(path + ": cannot write file: " + (e ? std::strerror(e) : "unknown error"));
  }
  out << text;
  out.flush();
  if (!out) throw ModelError(path + ": cannot write file: write failed");
}

bool endsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

void fail(const std::string& source, const std::string& element, const std::string& problem) {
  throw ModelError(source + ": " + element + ": " + problem);
}

namespace {
void cosSin(double a, double* c, double* s) {
  *c = std::cos(a);
  *s = std::sin(a);
  // Snap the rounding residue of multiples of pi/2 (|residue| < 1e-15, far below the
  // precision of the angle itself) so that 90-degree rotations have exact 0 and +-1 entries.
  if (std::abs(*c) < 1e-15) {
    *c = 0.0;
    *s = *s > 0.0 ? 1.0 : -1.0;
  } else if (std::abs(*s) < 1e-15) {
    *s = 0.0;
    *c = *c > 0.0 ? 1.0 : -1.0;
  }
}
}  // namespace

Mat3 rotX(double a) {
  double c, s;
  cosSin(a, &c, &s);
  Mat3 R;
  R << 1, 0, 0, 0, c, -s, 0, s, c;
  return R;
}

Mat3 rotY(double a) {
  double c, s;
  cosSin(a, &c, &s);
  Mat3 R;
  R << c, 0, s, 0, 1, 0, -s, 0, c;
  return R;
}

Mat3 rotZ(double a) {
  double c, s;
  cosSin(a, &c, &s);
  Mat3 R;
  R << c, -s, 0, s, c, 0, 0, 0, 1;
  return R;
}

Mat3 rpyToRotation(const Vec3& rpy) { return rotZ(rpy.z()) * rotY(rpy.y()) * rotX(rpy.x()); }

Vec3 rotationToRpy(const Mat3& R) {
  // Pitch and yaw from the first column, then roll from what is left, Rx(roll) =
  // (Rz(yaw) Ry(pitch))^T R. Near gimbal lock yaw is ill-determined, but an error in it is
  // then (almost) an x rotation, which the roll absorbs: Rz(yaw) Ry(pitch) Rx(roll) reproduces
  // R to round-off everywhere.
  const double pitch = std::atan2(-R(2, 0), std::hypot(R(0, 0), R(1, 0)));
  const double yaw = std::atan2(R(1, 0), R(0, 0));
  const Mat3 M = (Eigen::AngleAxisd(yaw, Vec3::UnitZ()) * Eigen::AngleAxisd(pitch, Vec3::UnitY()))
                     .toRotationMatrix()
                     .transpose() *
                 R;
  const double roll = std::atan2(M(2, 1), M(1, 1));
  return Vec3(roll + 0.0, pitch + 0.0, yaw + 0.0);  // + 0.0: no "-0" in files
}

}  // namespace vms::io
