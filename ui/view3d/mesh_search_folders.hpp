#pragma once
// The folders the user pointed at for a model's meshes (the app's missing-mesh bar), searched
// by resolveMeshPath (mesh_loader.hpp) after the usual rules. Process-wide, one list per model
// folder, thread-safe; the app keeps them per model file in its settings and sets them here
// when it opens the file. No VTK here: the app layer includes this header.
#include <QString>
#include <QStringList>

namespace vms::ui {

/// Replaces the list for `model_dir` (an empty list removes it).
void setMeshSearchFolders(const QString& model_dir, const QStringList& folders);
QStringList meshSearchFolders(const QString& model_dir);

}  // namespace vms::ui
