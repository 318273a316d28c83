// The system headers most core files include (Eigen's dense modules and the standard library's
// containers and maths), precompiled once per build and given to every core library's files
// (VMS_CORE_PCH, core/CMakeLists.txt). Only system headers: each core file still includes the
// project headers it uses, and builds the same with the option off.
#pragma once

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>
