// Placeholder so the module builds before its implementation lands; replaced by it.
#include "ui/sim/simulation_controller.hpp"
