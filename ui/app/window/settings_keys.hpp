#pragma once
// QSettings keys of the workbench (one place, so that tests and the app agree).
#include <QString>

namespace vms::ui::settings_keys {

inline const QString kGeometry = QStringLiteral("window/geometry");
inline const QString kWindowState = QStringLiteral("window/state");
inline const QString kRecentFiles = QStringLiteral("files/recent");
inline const QString kLastDirectory = QStringLiteral("files/lastDirectory");
inline const QString kLastExportDirectory = QStringLiteral("files/lastExportDirectory");
inline const QString kLastSession = QStringLiteral("files/lastSession");
inline const QString kOverlayPrefix = QStringLiteral("view/overlay/");
inline const QString kCameraFollow = QStringLiteral("view/cameraFollow");
inline const QString kEllipsoidQuantity = QStringLiteral("view/ellipsoidQuantity");
/// {absolute model file path: [folders the user located its meshes in]}
inline const QString kMeshFolders = QStringLiteral("files/meshFolders");
/// Files saved as drafts (their model did not compile): reopening one opens it as a draft again.
inline const QString kDraftFiles = QStringLiteral("files/drafts");
inline const QString kVisiblePlots = QStringLiteral("plots/visible");

}  // namespace vms::ui::settings_keys
