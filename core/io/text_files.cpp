#include "core/io/text_files.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>

#include "core/io/input_checks.hpp"
#include "core/model/model_error.hpp"

namespace vms::io {

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

}  // namespace vms::io
