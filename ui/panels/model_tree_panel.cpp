// Placeholder so the module builds before its implementation lands; replaced by it.
#include "ui/panels/model_tree_panel.hpp"
