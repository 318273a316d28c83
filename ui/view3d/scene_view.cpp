// Placeholder so the module builds before its implementation lands; replaced by it.
#include "ui/view3d/scene_view.hpp"
