// Every registered solver (VMS_NEEDS_MUJOCO) against `aba` and against MuJoCo: the seed
// formulations are different ways to write the same dynamics, so each must give the same
// accelerations to 1e-9 relative (test::relativeError: largest difference / max(1, largest
// entry)) on
//  - random serial and branched trees, revolute and prismatic joints, fixed links, and random
//    DH arms, for every vehicle type the solver handles, with gravity, joint forces and
//    external wrenches on the vehicle and on the bodies;
//  - every example model in models/ at random states;
//  - MuJoCo's mj_forward on free-floating and fixed-base trees (equivalent MJCF, principal
//    inertias: docs/mujoco-crosscheck.md).
// A solver that does not handle a vehicle type must refuse it by name (never fall back).
// New solvers are picked up from the registry: nothing to add here.
#include <QDir>
#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <string>

#include "core/algorithms/aba.hpp"
#include "core/io/model_io.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"
#include "mjcf_writer.hpp"
#include "mujoco_bridge.hpp"
#include "test_support.hpp"

using namespace vms;
using vms::test::relativeError;

namespace {

constexpr double kTol = 1e-9;

// Largest error per solver over the run, for the summary table.
std::map<std::string, double> g_vs_aba, g_vs_mujoco;
std::map<std::string, int> g_cases;

std::vector<std::string> solversToCheck() {
  std::vector<std::string> names = solverNames();
  names.erase(std::remove(names.begin(), names.end(), defaultSolverName()), names.end());
  return names;
}

/// [vehicle acceleration (b); joint accelerations] of `solver` (aba: the reference).
VecX accelerations(ForwardDynamicsSolver& solver, const Model& model, const State& s,
                   const VecX& tau, const ExternalForces& external) {
  Data data(model);
  solver.compute(model, data, s, tau, external);
  VecX a(model.nv);
  a << data.base_twist_dot.head(model.base_dof), data.qdd;
  return a;
}

VecX abaAccelerations(const Model& model, const State& s, const VecX& tau,
                      const ExternalForces& external) {
  Data data(model);
  aba(model, data, s, tau, external);
  VecX a(model.nv);
  a << data.base_twist_dot.head(model.base_dof), data.qdd;
  return a;
}

/// Random joint forces, vehicle wrench and body forces for state k.
struct Loads {
  VecX tau;
  std::vector<Vec6> body_forces;
  ExternalForces external;
};

Loads randomLoads(const Model& model, int k) {
  Loads l;
  l.tau = VecX::Zero(model.njoints);
  for (int j = 0; j < model.njoints; ++j) l.tau[j] = 3.0 * std::sin(1.3 * j + 0.7 * k + 0.1);
  l.body_forces.assign(static_cast<size_t>(model.nbodies), Vec6::Zero());
  for (int i = 0; i < model.nbodies; ++i)
    for (int c = 0; c < 6; ++c) l.body_forces[i][c] = std::cos(0.9 * i + 1.7 * c + 0.3 * k);
  for (int c = 0; c < 6; ++c) l.external.base_wrench_body[c] = 2.0 * std::sin(0.5 * c + k);
  l.external.body_forces_world = &l.body_forces;
  return l;
}

/// The largest error of `name` against aba over `states` random states of `model`.
double worstAgainstAba(const std::string& name, const Model& model, int states,
                       std::uint64_t seed) {
  const auto solver = makeSolver(name, model);
  double worst = 0.0;
  for (int k = 0; k < states; ++k) {
    const State s = randomState(model, seed * 131 + static_cast<std::uint64_t>(k));
    const Loads l = randomLoads(model, k);
    worst = std::max(worst, relativeError(accelerations(*solver, model, s, l.tau, l.external),
                                          abaAccelerations(model, s, l.tau, l.external)));
  }
  g_vs_aba[name] = std::max(g_vs_aba[name], worst);
  g_cases[name] += states;
  return worst;
}

}  // namespace

class TestSolverAgreement : public QObject {
  Q_OBJECT
 private slots:
  void randomTrees_data();
  void randomTrees();
  void exampleModels_data();
  void exampleModels();
  void againstMujoco_data();
  void againstMujoco();
  void unsupportedVehicleIsRefused();
  void cleanupTestCase();
};

void TestSolverAgreement::randomTrees_data() {
  QTest::addColumn<QString>("solver");
  QTest::addColumn<int>("base");
  QTest::addColumn<bool>("chain");
  QTest::addColumn<int>("bodies");
  for (const std::string& name : solversToCheck())
    for (BaseType base : kAllBaseTypes) {
      if (!solverSupports(name, base)) continue;
      for (bool chain : {true, false})
        for (int bodies : {1, 2, 6, 15}) {  // 1: a vehicle without arm (empty blocks)
          if (bodies == 1 && !chain) continue;
          const std::string row =
              name + "_" + toString(base) + (chain ? "_chain" : "_tree") + std::to_string(bodies);
          QTest::newRow(row.c_str())
              << QString::fromStdString(name) << static_cast<int>(base) << chain << bodies;
        }
    }
}

void TestSolverAgreement::randomTrees() {
  QFETCH(QString, solver);
  QFETCH(int, base);
  QFETCH(bool, chain);
  QFETCH(int, bodies);
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    // Seed 4 on chains: a random DH arm (revolute joints about z of DH frames), on which some
    // solvers run their paper's own construction (generalized-jacobian's DH sums).
    if (seed == 4 && !chain) continue;
    RandomTreeOptions o;
    o.dh_arm = seed == 4;
    o.bodies = bodies;
    o.chain = chain;
    o.base = static_cast<BaseType>(base);
    o.fixed_links = seed == 2 ? 2 : 0;
    o.prismatic_fraction = seed == 3 ? 0.5 : 0.25;
    o.seed = 7919 * seed + 31 * static_cast<std::uint64_t>(bodies) + (chain ? 3 : 0);
    ModelDescription d = randomTree(o);
    if (seed != 1) d.gravity = Vec3(0.4, -1.2, -9.81);
    const Model model = compileModel(d);
    const double err = worstAgainstAba(solver.toStdString(), model, 4, o.seed);
    if (!(err <= kTol))
      QFAIL(test::describe((solver.toStdString() + " vs aba").c_str(), err, kTol).c_str());
  }
}

void TestSolverAgreement::exampleModels_data() {
  QTest::addColumn<QString>("solver");
  QTest::addColumn<QString>("path");
  const QDir models(VMS_SOURCE_DIR "/models");
  const QStringList files = models.entryList({"*.vms.json", "*.urdf"}, QDir::Files, QDir::Name);
  QVERIFY(files.size() >= 5);
  for (const std::string& name : solversToCheck())
    for (const QString& f : files)
      QTest::newRow((name + "_" + f.toStdString()).c_str())
          << QString::fromStdString(name) << models.filePath(f);
}

void TestSolverAgreement::exampleModels() {
  QFETCH(QString, solver);
  QFETCH(QString, path);
  const Model model = loadModel(path.toStdString());
  if (!solverSupports(solver.toStdString(), model.base_type))
    QSKIP("the solver does not handle this vehicle type (unsupportedVehicleIsRefused checks it)");
  const double err = worstAgainstAba(solver.toStdString(), model, 5, 11);
  if (!(err <= kTol))
    QFAIL(test::describe((solver.toStdString() + " vs aba").c_str(), err, kTol).c_str());
}

void TestSolverAgreement::againstMujoco_data() {
  QTest::addColumn<QString>("solver");
  QTest::addColumn<int>("base");
  QTest::addColumn<int>("bodies");
  QTest::addColumn<bool>("chain");
  for (const std::string& name : solversToCheck())
    for (BaseType base : {BaseType::Free, BaseType::Fixed}) {
      if (!solverSupports(name, base)) continue;
      for (int bodies : {4, 12})
        for (bool chain : {true, false}) {
          const std::string row =
              name + "_" + toString(base) + (chain ? "_chain" : "_tree") + std::to_string(bodies);
          QTest::newRow(row.c_str())
              << QString::fromStdString(name) << static_cast<int>(base) << bodies << chain;
        }
    }
}

void TestSolverAgreement::againstMujoco() {
  QFETCH(QString, solver);
  QFETCH(int, base);
  QFETCH(int, bodies);
  QFETCH(bool, chain);
  const std::string name = solver.toStdString();
  RandomTreeOptions o;
  o.bodies = bodies;
  o.chain = chain;
  o.base = static_cast<BaseType>(base);
  o.fixed_links = 2;
  o.prismatic_fraction = 0.3;
  o.seed = 4001 + static_cast<std::uint64_t>(bodies) + (chain ? 1 : 0);
  ModelDescription d = randomTree(o);
  d.gravity = Vec3(0.3, 0.5, -9.81);
  const Model model = compileModel(d);
  const auto ours = makeSolver(name, model);
  for (int k = 0; k < 3; ++k) {
    const State s = randomState(model, o.seed * 17 + static_cast<std::uint64_t>(k));
    test::MujocoExportOptions options;
    if (o.base == BaseType::Fixed) options.fixed_base_pose = s.basePose();
    const auto mj = test::loadMujoco(test::writeMjcf(d, options), "model.xml");
    QCOMPARE(mj->m()->nv, model.nv);
    const test::MujocoMap map = test::mapMujoco(model, mj->m());
    VecX tau = VecX::Zero(model.njoints);
    for (int j = 0; j < model.njoints; ++j) tau[j] = 2.0 * std::sin(1.1 * j + k);
    test::setMujocoState(model, map, s, tau, mj->m(), mj->d());
    mj_forward(mj->m(), mj->d());
    Data data(model);
    ours->compute(model, data, s, tau, {});
    const VecX acc = test::oursInMujocoConvention(model, s, data.base_twist_dot, data.qdd);
    const double err = relativeError(acc, test::mujocoAcceleration(map, mj->d()));
    g_vs_mujoco[name] = std::max(g_vs_mujoco[name], err);
    if (!(err <= kTol))
      QFAIL(test::describe((name + " vs MuJoCo qacc").c_str(), err, kTol).c_str());
  }
}

void TestSolverAgreement::unsupportedVehicleIsRefused() {
  int refused = 0;
  for (const std::string& name : solverNames())
    for (BaseType base : kAllBaseTypes) {
      if (solverSupports(name, base)) {
        QVERIFY(solverSupportProblem(name, base).empty());
        continue;
      }
      RandomTreeOptions o;
      o.bodies = 4;
      o.base = base;
      const Model model = compileModel(randomTree(o));
      const std::string message = test::errorOf([&] { makeSolver(name, model); });
      QCOMPARE(message, solverSupportProblem(name, base));
      QVERIFY2(message.find("'" + name + "'") != std::string::npos, message.c_str());
      QVERIFY2(message.find(toString(base)) != std::string::npos, message.c_str());
      ++refused;
    }
  qInfo("%d solver/vehicle pairs refused by name", refused);
  QCOMPARE(solverSupportProblem("no-such-solver", BaseType::Free),
           std::string("unknown solver 'no-such-solver'"));
  QVERIFY(!solverSupports("no-such-solver", BaseType::Free));
}

void TestSolverAgreement::cleanupTestCase() {
  qInfo("solver                  cases  max rel. error vs aba  vs MuJoCo");
  for (const std::string& name : solversToCheck())
    qInfo("%-22s %6d  %20.3g  %9.3g", name.c_str(), g_cases[name], g_vs_aba[name],
          g_vs_mujoco[name]);
}

QTEST_APPLESS_MAIN(TestSolverAgreement)
#include "test_solver_agreement.moc"
