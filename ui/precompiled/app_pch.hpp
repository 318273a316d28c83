#pragma once
// Precompiled header of vms_ui_app (ui/CMakeLists.txt): the Qt widget, Eigen and core headers
// most of its files include, parsed once per build instead of once per file. Declarations
// only; X11 headers (macros such as None and Bool) must stay out.
#include <Eigen/Dense>
#include <QAction>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QObject>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QString>
#include <QStringList>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>
#include <QWidget>
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/model/model_description.hpp"
#include "core/scenario/scenario.hpp"
#include "ui/sim/sim_frame.hpp"
#include "ui/sim/simulation_controller.hpp"
