#pragma once
// Editing a model through its DH table (the app's DH-table editor): the links, joints and
// end-effector frame expanded from the old table are replaced by the expansion of the new one,
// in place, and the model keeps its DH form (keepsDhForm: Save writes the table).
#include "core/io/dh_table.hpp"
#include "core/model/model_description.hpp"
#include "core/model/model_error.hpp"

namespace vms {

/// `d` with its DH table replaced by `table` (which may have more or fewer links). What is not
/// part of the expansion stays: extra links and joints, other frames, added mass; an item
/// attached to a DH link that was renamed (same row) follows the new name. Throws ModelError
/// when `d` is not in DH form (no table, or its expanded links were edited one by one), or the
/// new table's names clash with the rest of the model. Physics is checked by compileModel.
ModelDescription withDhTable(const ModelDescription& d, const DhTable& table);

}  // namespace vms
