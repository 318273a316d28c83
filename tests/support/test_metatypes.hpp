#pragma once
// Types the tests pass through QSignalSpy or QVariant that Qt does not know: declared once, at
// the global scope Qt requires (a test group compiles several test files together).
#include <QMetaType>

#include "core/spatial/types.hpp"

Q_DECLARE_METATYPE(vms::VecX)
