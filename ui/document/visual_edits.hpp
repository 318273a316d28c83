#pragma once
// Checks and texts for edits of a link's shapes (its visuals): what the document refuses, and
// the undo text. No Qt here beyond the document's types.
#include <string>

#include "core/model/model_description.hpp"

namespace vms::ui {

/// Empty if the visual can be stored, else why not: the sizes its shape uses must be finite and
/// positive (a capsule's length may be 0: a sphere; the length of a shape that follows the
/// joints is not used and not checked), the colour within [0, 1], the origin finite, a mesh
/// needs a file name and a finite non-zero scale, only a box, cylinder or capsule can follow
/// the joints, and sizes, scale and origin are within the file formats' range (1e15).
std::string visualProblem(const Visual& v);

/// Bitwise equality of every field (an edit that changes nothing makes no undo step).
bool sameVisual(const Visual& a, const Visual& b);

/// "shape 2 of link 'arm'".
std::string describeVisual(const ModelDescription& d, int link, int index);

}  // namespace vms::ui
