#pragma once
// Figure presets: a paper's figure panel as a scenario to run and the trajectory-CSV columns
// to plot, with the caption and what to observe (models/seed004_figures.json). Read by the
// desktop app (Examples → Seed figures), by scripts/seed-figures.sh (with jq) and by the claim
// tests (tests/app/vms/test_seed004_figures.cpp). The file format:
//
//   {"source": "...", "figures": [{"id": "5A", "title": "...",
//     "scenario": "seed004_planar_one_joint.scenario.json", "quantities": ["qd:joint1", ...],
//     "caption": "...", "caption_verbatim": true, "observe": "..."}, ...]}
//
// `scenario` is relative to the preset file's folder; `quantities` are column names of `vms
// run`'s trajectory.csv (core/scenario/output_quantities.cpp), which are also the desktop
// plots' quantity ids. `caption_verbatim` says whether the caption is the paper's own text
// (false: written from the paper's description of the figure).
#include <string>
#include <vector>

namespace vms {

struct FigurePreset {
  std::string id;        // the paper's figure label, e.g. "5A"
  std::string title;     // menu entry and plot title
  std::string scenario;  // absolute path of the scenario file
  std::vector<std::string> quantities;
  std::string caption;
  bool caption_verbatim = false;
  std::string observe;  // what to observe (the claims the tests check)
};

struct FigurePresetFile {
  std::string source;  // the paper the figures come from
  std::vector<FigurePreset> figures;
};

/// Reads a preset file; throws ModelError (a std::runtime_error) "<path>: <key path>: <problem>" on
/// an unreadable file, a missing or unknown key, an empty list or a duplicate id.
FigurePresetFile readFigurePresets(const std::string& path);

/// File name stem for a figure's exported plot: "<prefix>_fig<id lowercased>", e.g.
/// figureSlug("seed004", "5A") == "seed004_fig5a".
std::string figureSlug(const std::string& prefix, const std::string& id);

}  // namespace vms
