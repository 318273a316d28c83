#pragma once
// The precompiled header of the core and CLI tests (tests/CMakeLists.txt, VMS_TEST_PCH): the
// headers most of them include. Parsing Eigen, QtTest and the core's model and algorithm
// headers took about a third of each test's compile time; precompiled once, the suite builds
// that much faster (the sanitizer build most of all). Nothing here may change a test's
// meaning: only headers with no effect beyond their declarations (allocation_counter.hpp,
// which replaces malloc, must stay out).
#include <Eigen/Dense>
#include <Eigen/Geometry>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/algorithms/aba.hpp"
#include "core/algorithms/crba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/momentum.hpp"
#include "core/algorithms/rnea.hpp"
#include "core/integrators/integrator.hpp"
#include "core/io/model_io.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "core/scenario/simulator.hpp"
#include "test_support.hpp"
