#pragma once
// The precompiled header of the desktop tests that link vms_ui_app (test_app_*, test_model_*;
// tests/CMakeLists.txt, VMS_TEST_PCH): QtTest with its widget helpers, the main window and the
// model document. Declarations only.
#include <Eigen/Dense>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QImage>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest/QtTest>
#include <cmath>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "test_support.hpp"
#include "ui/app/bars/simulation_toolbar.hpp"
#include "ui/app/contract/frame_pump.hpp"
#include "ui/app/window/main_window.hpp"
#include "ui/document/model_document.hpp"
#include "ui/sim/simulation_controller.hpp"
