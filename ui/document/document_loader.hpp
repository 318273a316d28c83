#pragma once
// Reads a file into a document snapshot: a *.scenario.json (its model, with the "base"
// override, becomes the editable description) or a bare *.vms.json / *.urdf wrapped in the
// default scenario. Every problem is a ModelError whose message names the file.
#include <string>

#include "ui/document/document_content.hpp"

namespace vms::ui {

struct LoadedDocument {
  DocumentSnapshot snapshot;
  std::string model_dir;  // folder mesh paths are relative to
};

/// True for names ending in .scenario.json (any case).
bool isScenarioFileName(const std::string& path);

/// Throws ModelError "<file>: <element>: <problem>". `repair_inertia`: links whose inertia is
/// not physical get the mean of their principal moments first (core repairInertias; one
/// warning per link in the snapshot's warnings).
/// `allow_draft`: a file that reads but whose model does not compile, or whose scenario does not
/// assemble, opens as a draft (ui/document/draft_assembly.hpp) instead of throwing; what cannot be
/// read (not JSON, not URDF, a missing file) still throws.
LoadedDocument loadDocument(const std::string& path, bool repair_inertia = false,
                            bool allow_draft = false);

/// Whether `path` reads (a known file type, parsed; the model is not compiled): what
/// loadDocument with `allow_draft` opens. Never throws.
bool documentReads(const std::string& path);

/// Reads `text` as the file `path` would be read (.scenario.json or .vms.json) and returns the
/// model description it holds; throws ModelError. Saving checks with it that what it is about
/// to write reads back to the same description. `assemble` false (a draft): read only, the
/// model is not compiled nor the scenario assembled.
ModelDescription descriptionFromText(const std::string& text, const std::string& path,
                                     bool assemble = true);

/// Throws ModelError "<file>: <key>: <problem>" unless a Simulator can run `scenario`: its
/// solver and integrator are registered (the names allowed are listed) and the Simulator's
/// constructor accepts it.
void checkSimulatable(const Scenario& scenario);

/// The message of a failed load, guaranteed to name the file.
std::string messageNamingFile(const std::string& path, const std::string& message);

}  // namespace vms::ui
