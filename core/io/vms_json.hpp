#pragma once
// The native model file *.vms.json: versioned, strict (unknown keys are errors) and lossless.
// The schema is documented in docs/model-format.md.
#include <string>
#include <vector>

#include "core/model/model_description.hpp"
#include "core/model/model_error.hpp"

namespace vms {

/// Parses a .vms.json text ("format": "vms-model", "version": 1). A "dh" block (seed 004 DH
/// table, see dh_table.hpp) is expanded into links, joints and the end-effector frame, placed
/// before any explicit "links"/"joints"/"frames". Errors: ModelError
/// "<source>: <key path>: <problem>", e.g. "m.vms.json: joints[2].axis: expected 3 numbers".
ModelDescription parseVmsJson(const std::string& text, const std::string& source_name,
                              std::vector<std::string>* warnings = nullptr);

/// Serialises a description. parseVmsJson(writeVmsJson(d)) == d bit for bit (doubles are
/// written in shortest round-trip form, rotations as 3x3 matrices). A model read from a "dh"
/// table is written with that table (angles in degrees where they were) while the links,
/// joints and end-effector frame it expanded into are unchanged; after an edit of one of them
/// it is written link by link.
std::string writeVmsJson(const ModelDescription& d);

/// Whether writeVmsJson(d) writes d's DH table (d.dh is set and still describes d).
bool keepsDhForm(const ModelDescription& d);

}  // namespace vms
