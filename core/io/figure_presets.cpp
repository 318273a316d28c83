#include "core/io/figure_presets.hpp"

#include <cctype>
#include <filesystem>
#include <set>

#include "core/io/error_messages.hpp"
#include "core/io/json_util.hpp"
#include "core/io/text_files.hpp"

namespace vms {

using io::Json;
using io::ObjectReader;

namespace {

std::string nonEmpty(ObjectReader& r, const std::string& key) {
  const std::string value = r.requireString(key);
  if (value.empty()) r.failAt(key, "must not be empty");
  return value;
}

FigurePreset readFigure(const Json& j, const std::string& path, const std::string& source,
                        const std::filesystem::path& folder) {
  ObjectReader r(j, path, source);
  FigurePreset f;
  f.id = nonEmpty(r, "id");
  f.title = nonEmpty(r, "title");
  f.scenario = (folder / nonEmpty(r, "scenario")).lexically_normal().string();
  const Json& quantities = r.require("quantities");
  if (!quantities.is_array() || quantities.empty())
    r.failAt("quantities",
             "expected a non-empty array of column names, got " + io::describeJson(quantities));
  for (size_t k = 0; k < quantities.size(); ++k) {
    if (!quantities[k].is_string() || quantities[k].get<std::string>().empty())
      io::fail(source, io::indexPath(r.keyPath("quantities"), k),
               "expected a column name, got " + io::describeJson(quantities[k]));
    f.quantities.push_back(quantities[k].get<std::string>());
  }
  f.caption = nonEmpty(r, "caption");
  const Json* verbatim = r.get("caption_verbatim");
  if (!verbatim || !verbatim->is_boolean()) r.failAt("caption_verbatim", "expected true or false");
  f.caption_verbatim = verbatim->get<bool>();
  f.observe = nonEmpty(r, "observe");
  r.finish({"id", "title", "scenario", "quantities", "caption", "caption_verbatim", "observe"});
  return f;
}

}  // namespace

FigurePresetFile readFigurePresets(const std::string& path) {
  const Json j = io::parseJsonText(io::readTextFile(path), path);
  if (!j.is_object()) io::fail(path, "(top level)", "expected an object");
  ObjectReader r(j, "", path);
  FigurePresetFile file;
  file.source = nonEmpty(r, "source");
  const Json& figures = r.require("figures");
  if (!figures.is_array() || figures.empty())
    r.failAt("figures", "expected a non-empty array, got " + io::describeJson(figures));
  const auto folder = std::filesystem::absolute(path).parent_path();
  std::set<std::string> ids;
  for (size_t k = 0; k < figures.size(); ++k) {
    const std::string at = io::indexPath("figures", k);
    if (!figures[k].is_object()) io::fail(path, at, "expected an object");
    file.figures.push_back(readFigure(figures[k], at, path, folder));
    if (!ids.insert(file.figures.back().id).second)
      io::fail(path, at + ".id", "'" + file.figures.back().id + "' appears twice");
  }
  r.finish({"source", "figures"});
  return file;
}

std::string figureSlug(const std::string& prefix, const std::string& id) {
  std::string slug = prefix + "_fig";
  for (char c : id) slug += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return slug;
}

}  // namespace vms
