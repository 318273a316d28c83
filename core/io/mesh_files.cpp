#include "core/io/mesh_files.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <system_error>

namespace vms {
namespace {

namespace fs = std::filesystem;

std::string trimmed(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return {};
  const auto last = s.find_last_not_of(" \t\r\n");
  return s.substr(first, last - first + 1);
}

/// file:// URIs escape bytes as %XX ("My%20Robot/arm.stl").
std::string percentDecoded(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
      out += static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

bool startsWithNoCase(const std::string& s, const std::string& prefix) {
  if (s.size() < prefix.size()) return false;
  for (size_t i = 0; i < prefix.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(s[i])) != prefix[i]) return false;
  return true;
}

/// The file itself (absolute, normalised) if it is a regular file; "" otherwise.
std::string existingFile(const fs::path& path) {
  std::error_code ec;
  if (path.empty() || !fs::is_regular_file(path, ec) || ec) return {};
  fs::path absolute = fs::absolute(path, ec);
  if (ec) return {};
  return absolute.lexically_normal().string();
}

fs::path baseFolder(const std::string& model_dir) {
  std::error_code ec;
  if (!model_dir.empty()) return fs::path(model_dir);
  fs::path current = fs::current_path(ec);
  return ec ? fs::path(".") : current;
}

/// Path parts of a relative reference ("a/b/c.stl" -> {a, b, c.stl}), "." and empty dropped.
std::vector<std::string> pathParts(const std::string& text) {
  std::vector<std::string> parts;
  for (const auto& part : fs::path(text).relative_path()) {
    const std::string s = part.string();
    if (!s.empty() && s != ".") parts.push_back(s);
  }
  return parts;
}

std::string packageFile(const std::string& rest, const std::string& model_dir) {
  const auto slash = rest.find('/');
  if (slash == std::string::npos || slash == 0) return {};
  const std::string package = rest.substr(0, slash);
  const std::string inside = rest.substr(slash + 1);
  std::error_code ec;
  fs::path dir = fs::absolute(baseFolder(model_dir), ec).lexically_normal();
  if (ec) return {};
  for (int depth = 0; depth < 32; ++depth) {
    if (dir.filename() == package)
      if (std::string f = existingFile(dir / inside); !f.empty()) return f;
    if (std::string f = existingFile(dir / package / inside); !f.empty()) return f;
    if (!dir.has_parent_path() || dir.parent_path() == dir) break;
    dir = dir.parent_path();
  }
  if (const char* ros = std::getenv("ROS_PACKAGE_PATH")) {
    const std::string roots = ros;
    size_t start = 0;
    while (start <= roots.size()) {
      const size_t end = std::min(roots.find(':', start), roots.size());
      if (end > start)
        if (std::string f =
                existingFile(fs::path(roots.substr(start, end - start)) / package / inside);
            !f.empty())
          return f;
      start = end + 1;
    }
  }
  return {};
}

/// How many trailing parts of `parts` the file's path ends with.
size_t matchingTail(const fs::path& file, const std::vector<std::string>& parts) {
  std::vector<std::string> file_parts;
  for (const auto& p : file) file_parts.push_back(p.string());
  size_t n = 0;
  while (n < parts.size() && n < file_parts.size() &&
         parts[parts.size() - 1 - n] == file_parts[file_parts.size() - 1 - n])
    ++n;
  return n;
}

/// Leading plus trailing characters two folder names share ("meshes_kuka_iiwa" and
/// "meshes_iiwa": 7 + 5; "meshes_kuka_iiwa" and "meshes": 6), at most the shorter's length.
size_t folderSimilarity(const std::string& a, const std::string& b) {
  size_t prefix = 0;
  while (prefix < a.size() && prefix < b.size() && a[prefix] == b[prefix]) ++prefix;
  size_t suffix = 0;
  while (suffix < a.size() - prefix && suffix < b.size() - prefix &&
         a[a.size() - 1 - suffix] == b[b.size() - 1 - suffix])
    ++suffix;
  return prefix + suffix;
}

/// Rule 2 of the header: the file name anywhere below `folder`, at most 4 levels deep.
std::string searchBelow(const fs::path& folder, const std::vector<std::string>& parts) {
  constexpr int kMaxDepth = 4;
  constexpr int kMaxEntries = 20000;  // a mistaken choice of "/" must not hang the app
  std::error_code ec;
  fs::recursive_directory_iterator it(folder, fs::directory_options::skip_permission_denied, ec);
  if (ec) return {};
  std::string best;
  size_t best_tail = 0, best_similarity = 0;
  const std::string wanted_folder = parts.size() >= 2 ? parts[parts.size() - 2] : std::string();
  int entries = 0;
  for (const fs::recursive_directory_iterator end; it != end; it.increment(ec)) {
    if (ec || ++entries > kMaxEntries) break;
    if (it.depth() >= kMaxDepth) it.disable_recursion_pending();
    const fs::path& p = it->path();
    if (p.filename() != parts.back()) continue;
    const std::string file = existingFile(p);
    if (file.empty()) continue;
    const size_t tail = matchingTail(p, parts);
    const size_t similarity = folderSimilarity(p.parent_path().filename().string(), wanted_folder);
    if (best.empty() || tail > best_tail ||
        (tail == best_tail &&
         (similarity > best_similarity || (similarity == best_similarity && file < best)))) {
      best = file;
      best_tail = tail;
      best_similarity = similarity;
    }
  }
  return best;
}

std::string inSearchFolders(const std::string& reference,
                            const std::vector<std::string>& search_dirs) {
  const std::vector<std::string> parts = pathParts(reference);
  if (parts.empty()) return {};
  for (const std::string& dir : search_dirs) {
    if (dir.empty()) continue;
    for (size_t first = 0; first < parts.size(); ++first) {
      fs::path candidate(dir);
      for (size_t k = first; k < parts.size(); ++k) candidate /= parts[k];
      if (std::string f = existingFile(candidate); !f.empty()) return f;
    }
  }
  for (const std::string& dir : search_dirs)
    if (!dir.empty())
      if (std::string f = searchBelow(fs::path(dir), parts); !f.empty()) return f;
  return {};
}

}  // namespace

std::string resolveMeshFile(const std::string& uri, const std::string& model_dir,
                            const std::vector<std::string>& search_dirs) {
  const std::string text = trimmed(uri);
  if (text.empty()) return {};
  std::string reference;  // what the search folders look for
  if (startsWithNoCase(text, "package://")) {
    const std::string rest = text.substr(10);
    if (std::string f = packageFile(rest, model_dir); !f.empty()) return f;
    reference = rest;  // PKG/REST: the package folder may be the one the user picked
  } else if (startsWithNoCase(text, "file://")) {
    std::string local = percentDecoded(text.substr(7));
    if (startsWithNoCase(local, "localhost/")) local = local.substr(9);
    if (std::string f = existingFile(local); !f.empty()) return f;
    reference = local;
  } else if (fs::path(text).is_absolute()) {
    if (std::string f = existingFile(text); !f.empty()) return f;
    reference = text;
  } else {
    if (std::string f = existingFile(baseFolder(model_dir) / text); !f.empty()) return f;
    reference = text;
  }
  return inSearchFolders(reference, search_dirs);
}

std::vector<MeshReference> missingMeshes(const ModelDescription& d, const std::string& model_dir,
                                         const std::vector<std::string>& search_dirs) {
  std::vector<MeshReference> missing;
  std::set<std::string> seen;
  for (const LinkDescription& link : d.links)
    for (const Visual& v : link.visuals) {
      if (v.shape != Visual::Shape::Mesh || !seen.insert(v.mesh).second) continue;
      if (resolveMeshFile(v.mesh, model_dir, search_dirs).empty())
        missing.push_back({v.mesh, link.name});
    }
  return missing;
}

}  // namespace vms
