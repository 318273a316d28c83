#pragma once
// Qt's own messages (the runtime-directory notice, font and OpenGL chatter) are not for the
// reader of a measured run: its stderr holds the run's own lines only, one per problem, as the
// `vms` CLI's does. Some come while QApplication is constructed, before the arguments say
// whether the run is measured, so they are held until then.

namespace vms::workbench {

/// Holds Qt's messages from now on (call before constructing QApplication).
void holdQtMessages();

/// Interactive session: prints what was held and lets Qt print as usual from now on.
/// Measured run: drops what was held and every later debug, info and warning message; a
/// critical one is printed as "vms-workbench: warning: <message>".
void releaseQtMessages(bool measuring);

}  // namespace vms::workbench
