// Placeholder so the module builds before its implementation lands; replaced by it.
#include "ui/plots/plot_panel.hpp"
