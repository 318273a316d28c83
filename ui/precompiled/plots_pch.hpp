#pragma once
// Precompiled header of vms_ui_plots (ui/CMakeLists.txt): QCustomPlot's header (all of
// QtWidgets and QtPrintSupport) and the ones most plot files include.
#include <qcustomplot.h>

#include <QString>
#include <QStringList>
#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include "ui/sim/sim_frame.hpp"
