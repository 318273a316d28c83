// Placeholder so the module builds before its implementation lands; replaced by it.
#include "ui/panels/property_inspector.hpp"
