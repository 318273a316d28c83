#include "core/io/urdf_export.hpp"

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <system_error>

#include "core/io/mesh_files.hpp"
#include "core/io/text_files.hpp"
#include "core/io/urdf.hpp"

namespace vms {
namespace {

namespace fs = std::filesystem;

/// "name.ext", "name_2.ext", "name_3.ext", ... : the first not in `taken` (case-insensitive,
/// so the package also works on case-insensitive file systems).
std::string uniqueName(const std::string& file_name, std::set<std::string>* taken) {
  auto lower = [](std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
  };
  const fs::path p(file_name);
  const std::string stem = p.stem().string(), ext = p.extension().string();
  std::string name = file_name;
  for (int k = 2; taken->count(lower(name)); ++k) name = stem + "_" + std::to_string(k) + ext;
  taken->insert(lower(name));
  return name;
}

/// The `mtllib` files an OBJ names (relative, inside its folder; others are skipped).
std::vector<std::string> objMaterialLibraries(const fs::path& obj) {
  std::vector<std::string> out;
  std::ifstream in(obj);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string keyword;
    if (!(words >> keyword) || keyword != "mtllib") continue;
    std::string rest;
    std::getline(words, rest);
    const auto first = rest.find_first_not_of(" \t");
    const auto last = rest.find_last_not_of(" \t\r");
    if (first == std::string::npos) continue;
    const fs::path lib = fs::path(rest.substr(first, last - first + 1)).lexically_normal();
    if (lib.is_absolute() || lib.empty() || *lib.begin() == "..") continue;
    out.push_back(lib.generic_string());
  }
  return out;
}

void copyFile(const fs::path& from, const fs::path& to, const std::string& urdf_path) {
  std::error_code ec;
  if (fs::exists(to, ec) && fs::equivalent(from, to, ec)) return;  // exporting onto itself
  fs::create_directories(to.parent_path(), ec);
  ec.clear();
  fs::copy_file(from, to, fs::copy_options::overwrite_existing, ec);
  if (ec)
    throw ModelError(urdf_path + ": cannot copy mesh '" + from.string() + "' to '" + to.string() +
                     "': " + ec.message());
}

}  // namespace

UrdfExportResult exportUrdfWithMeshes(const ModelDescription& d, const std::string& model_dir,
                                      const std::string& urdf_path,
                                      const UrdfExportOptions& options) {
  const fs::path target(urdf_path);
  if (!io::endsWith(target.filename().string(), ".urdf") &&
      !io::endsWith(target.filename().string(), ".URDF"))
    throw ModelError(urdf_path + ": the export is a URDF file: name it *.urdf");
  if (const auto missing = missingMeshes(d, model_dir, options.mesh_search_dirs);
      !missing.empty()) {
    std::string list;
    for (size_t k = 0; k < missing.size() && k < 3; ++k)
      list += (k ? ", '" : "'") + missing[k].uri + "' (link '" + missing[k].link + "')";
    if (missing.size() > 3) list += " and " + std::to_string(missing.size() - 3) + " more";
    throw ModelError(urdf_path + ": " + std::to_string(missing.size()) + " mesh file" +
                     (missing.size() > 1 ? "s" : "") + " not found: " + list +
                     "; locate the mesh folder first");
  }

  UrdfExportResult result;
  result.urdf_path = urdf_path;
  std::error_code ec;
  const fs::path folder_name = target.stem().string() + "_meshes";
  const fs::path folder = fs::absolute(target, ec).parent_path() / folder_name;

  ModelDescription out = d;
  out.dh.reset();                             // the expanded links are what URDF carries
  std::map<std::string, std::string> copied;  // absolute source -> name in the folder
  std::set<std::string> taken;
  for (LinkDescription& link : out.links)
    for (Visual& v : link.visuals) {
      if (v.shape != Visual::Shape::Mesh) continue;
      const std::string source = resolveMeshFile(v.mesh, model_dir, options.mesh_search_dirs);
      auto it = copied.find(source);
      if (it == copied.end()) {
        const std::string name = uniqueName(fs::path(source).filename().string(), &taken);
        copyFile(source, folder / name, urdf_path);
        result.copies.push_back({source, name});
        it = copied.emplace(source, name).first;
        if (io::endsWith(name, ".obj") || io::endsWith(name, ".OBJ"))
          for (const std::string& lib : objMaterialLibraries(source)) {
            const fs::path from = fs::path(source).parent_path() / lib;
            if (taken.count(lib) || !fs::is_regular_file(from, ec)) continue;
            taken.insert(lib);
            copyFile(from, folder / lib, urdf_path);
            result.copies.push_back({from.lexically_normal().string(), lib});
          }
      }
      v.mesh = (folder_name / it->second).generic_string();
    }
  if (!result.copies.empty()) result.mesh_folder = folder.lexically_normal().string();

  // The URDF last, renamed into place: never a URDF naming meshes that are not there.
  const std::string temporary = urdf_path + ".vms-export-tmp";
  UrdfWriteOptions write_options;
  write_options.inertia_in_principal_axes = options.inertia_in_principal_axes;
  io::writeTextFile(temporary, writeUrdf(out, write_options));
  fs::rename(temporary, target, ec);
  if (ec) {
    fs::remove(temporary, ec);
    throw ModelError(urdf_path + ": cannot write file: " + ec.message());
  }
  return result;
}

}  // namespace vms
