#pragma once
// Starting a DH table (seed 004's convention, core/io/dh_table.hpp) for a model built link by
// link: a vehicle alone (a table without links, to add rows to), or a vehicle carrying one
// serial chain of revolute or continuous joints about z whose placements are DH steps. The
// table reproduces the model (checked by expanding it again); the model then keeps its DH form
// and the DH-table editor edits it. No Qt here.
#include <optional>
#include <string>

#include "core/io/dh_table.hpp"
#include "core/model/model_description.hpp"

namespace vms::ui {

/// The table that describes `d`, or nullopt with the reason (naming the link, joint or frame)
/// in `why`. Every link but the root must be on the chain; in link i's frame the next joint
/// (for the last link: its first frame so placed, else none) must sit at Rx(α), (x, 0, d) and
/// the centre of mass at (a, 0, d): then b = x - a. The first joint's placement is the mount
/// (b₀, Rz(η) Ry(ζ) Rx(ε)). Inertias and shapes are carried into the CoM frames.
std::optional<DhTable> dhTableOfModel(const ModelDescription& d, std::string* why);

/// `d` rewritten as the expansion of `table` (base, links, joints, end-effector frame; the
/// table kept for Save), followed by its frames not on the table and its added mass.
ModelDescription withStartedDhTable(const ModelDescription& d, const DhTable& table);

/// The row "Add link" appends to a table without links: a 0.3 m, 1 kg rod (a = b = 0.15 m)
/// drawn as a capsule that follows the joints, named link<k>/joint<k> with the first free k
/// among `d`'s names.
DhLink firstDhLink(const ModelDescription& d);

}  // namespace vms::ui
