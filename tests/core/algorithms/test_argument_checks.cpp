// Argument checks at the entry of the algorithms, the solvers and the analysis functions
// (core/algorithms/check_arguments.hpp): a wrong-sized vector, a Data or workspace made for
// another model, or an out-of-range body/frame index throws std::invalid_argument with a
// one-line message naming the function, the argument and both sizes, instead of reading out of
// bounds (Release builds have Eigen's asserts off). The right sizes do not throw.
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/algorithms/aba.hpp"
#include "core/algorithms/crba.hpp"
#include "core/algorithms/jacobian.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/momentum.hpp"
#include "core/algorithms/rnea.hpp"
#include "core/analysis/end_effector_analysis.hpp"
#include "core/analysis/free_floating_reposition.hpp"
#include "core/analysis/generalized_jacobian.hpp"
#include "core/analysis/momentum_partition.hpp"
#include "core/analysis/operational_space_inertia.hpp"
#include "core/analysis/operational_space_inertia_recursive.hpp"
#include "core/analysis/power_balance.hpp"
#include "core/analysis/reduced_inertia.hpp"
#include "core/analysis/vehicle_reaction.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

Model makeModel(int bodies, BaseType base) {
  RandomTreeOptions o;
  o.bodies = bodies;
  o.base = base;
  o.seed = 17;
  return compileModel(randomTree(o));
}

// The model under test (7 bodies, 6 joints, free vehicle: nv = 12), another one (4 bodies,
// planar vehicle: 3 joints, nv = 6) whose Data and workspaces are the wrong ones, and
// wrong-sized inputs.
struct Fixture {
  Model model = makeModel(7, BaseType::Free);
  Model other = makeModel(4, BaseType::Planar);
  Data data{model};
  Data other_data{other};
  State state = randomState(model, 3);
  State short_q = state;  // q has 5 entries
  State long_qd = state;  // qd has 8 entries
  VecX tau = VecX::Constant(model.njoints, 0.1);
  VecX short_vector = VecX::Zero(3);
  std::vector<Vec6> forces = std::vector<Vec6>(model.nbodies, Vec6::Zero());
  std::vector<Vec6> short_forces = std::vector<Vec6>(2, Vec6::Zero());
  ExternalForces external, short_external;
  MatX small_M = MatX::Identity(6, 6);

  Fixture() {
    short_q.q = VecX::Zero(5);
    long_qd.qd = VecX::Zero(8);
    external.body_forces_world = &forces;
    short_external.body_forces_world = &short_forces;
    crba(model, data, state);  // the mass matrix the analysis functions read
    computeKinematics(model, data, state);
  }
  int frames() const { return static_cast<int>(model.frames.size()); }
};

Fixture& fixture() {
  static Fixture f;
  return f;
}

// One wrong argument: the call, and what its message must say.
struct Case {
  std::string label;
  std::string function, argument;
  long long actual, expected;  // sizes; for an index error: the index and the count
  bool index_error;
  std::function<void()> call;
};

Case sizeCase(std::string label, std::string function, std::string argument, long long actual,
              long long expected, std::function<void()> call) {
  return {std::move(label), std::move(function), std::move(argument), actual, expected, false,
          std::move(call)};
}

Case indexCase(std::string label, std::string function, std::string argument, long long index,
               long long count, std::function<void()> call) {
  return {std::move(label), std::move(function), std::move(argument), index, count, true,
          std::move(call)};
}

std::vector<Case> algorithmCases(Fixture& f) {
  const Model& m = f.model;
  const int n = m.njoints, N = m.nbodies, nv = m.nv;
  std::vector<Case> c;
  c.push_back(sizeCase("aba tau", "aba", "tau", 3, n,
                       [&f] { aba(f.model, f.data, f.state, f.short_vector); }));
  c.push_back(
      sizeCase("aba q", "aba", "state.q", 5, n, [&f] { aba(f.model, f.data, f.short_q, f.tau); }));
  c.push_back(sizeCase("aba qd", "aba", "state.qd", 8, n,
                       [&f] { aba(f.model, f.data, f.long_qd, f.tau); }));
  c.push_back(sizeCase("aba data", "aba", "data.oMi", 4, N,
                       [&f] { aba(f.model, f.other_data, f.state, f.tau); }));
  c.push_back(sizeCase("aba external", "aba", "external.body_forces_world", 2, N,
                       [&f] { aba(f.model, f.data, f.state, f.tau, f.short_external); }));

  c.push_back(sizeCase("rnea qdd", "rnea", "qdd", 3, n,
                       [&f] { rnea(f.model, f.data, f.state, Vec6::Zero(), f.short_vector); }));
  c.push_back(sizeCase("rnea qd", "rnea", "state.qd", 8, n,
                       [&f] { rnea(f.model, f.data, f.long_qd, Vec6::Zero(), f.tau); }));
  c.push_back(sizeCase("rnea data", "rnea", "data.oMi", 4, N,
                       [&f] { rnea(f.model, f.other_data, f.state, Vec6::Zero(), f.tau); }));
  c.push_back(sizeCase("rnea external", "rnea", "external.body_forces_world", 2, N, [&f] {
    rnea(f.model, f.data, f.state, Vec6::Zero(), f.tau, f.short_external);
  }));
  c.push_back(sizeCase("nonLinearEffects q", "nonLinearEffects", "state.q", 5, n,
                       [&f] { nonLinearEffects(f.model, f.data, f.short_q); }));
  c.push_back(sizeCase("armReactionOnVehicle data", "armReactionOnVehicle", "data.oMi", 4, N,
                       [&f] { armReactionOnVehicle(f.model, f.other_data); }));

  c.push_back(
      sizeCase("crba q", "crba", "state.q", 5, n, [&f] { crba(f.model, f.data, f.short_q); }));
  c.push_back(sizeCase("crba data", "crba", "data.oMi", 4, N,
                       [&f] { crba(f.model, f.other_data, f.state); }));

  c.push_back(sizeCase("forwardKinematics q", "forwardKinematics", "state.q", 5, n,
                       [&f] { forwardKinematics(f.model, f.data, f.short_q); }));
  c.push_back(sizeCase("forwardVelocities qd", "forwardVelocities", "state.qd", 8, n,
                       [&f] { forwardVelocities(f.model, f.data, f.long_qd); }));
  c.push_back(sizeCase("computeKinematics data", "forwardKinematics", "data.oMi", 4, N,
                       [&f] { computeKinematics(f.model, f.other_data, f.state); }));
  c.push_back(indexCase("framePose frame", "framePose", "frame", f.frames(), f.frames(),
                        [&f] { framePose(f.model, f.data, f.frames()); }));

  c.push_back(sizeCase("computeMomentum data", "computeMomentum", "data.oMi", 4, N,
                       [&f] { computeMomentum(f.model, f.other_data); }));
  c.push_back(sizeCase("centerOfMass q", "centerOfMass", "state.q", 5, n,
                       [&f] { centerOfMass(f.model, f.data, f.short_q); }));
  c.push_back(indexCase("bodyFirstMoment body", "bodyFirstMoment", "body", N, N,
                        [&f] { bodyFirstMoment(f.model, f.data, f.model.nbodies); }));
  c.push_back(indexCase("bodiesMomentum last", "bodiesMomentum", "last", N, N,
                        [&f] { bodiesMomentum(f.data, 1, f.model.nbodies); }));

  c.push_back(sizeCase("pointJacobian J", "pointJacobian", "J.cols()", 5, nv, [&f] {
    Mat6X J(6, 5);
    pointJacobian(f.model, f.data, 2, Vec3::Zero(), J);
  }));
  c.push_back(indexCase("pointJacobian body", "pointJacobian", "body", -1, N, [&f] {
    Mat6X J(6, f.model.nv);
    pointJacobian(f.model, f.data, -1, Vec3::Zero(), J);
  }));
  c.push_back(
      sizeCase("pointJacobianDerivative dJ", "pointJacobianDerivative", "dJ.cols()", 5, nv, [&f] {
        Mat6X dJ(6, 5);
        pointJacobianDerivative(f.model, f.data, 2, Vec3::Zero(), dJ);
      }));
  c.push_back(
      indexCase("frameJacobian frame", "frameJacobian", "frame", f.frames(), f.frames(), [&f] {
        Mat6X J(6, f.model.nv);
        frameJacobian(f.model, f.data, f.frames(), J);
      }));
  return c;
}

std::vector<Case> solverCases(Fixture& f) {
  const Model& m = f.model;
  const int n = m.njoints, N = m.nbodies;
  std::vector<Case> c;
  for (const std::string& name : solverNames()) {
    const std::string fn = name + " solver";  // ForwardDynamicsSolver::compute checks once
    auto solver = std::shared_ptr<ForwardDynamicsSolver>(makeSolver(name, m));
    c.push_back(sizeCase(name + " tau", fn, "tau", 3, n, [&f, solver] {
      solver->compute(f.model, f.data, f.state, f.short_vector, {});
    }));
    c.push_back(sizeCase(name + " q", fn, "state.q", 5, n,
                         [&f, solver] { solver->compute(f.model, f.data, f.short_q, f.tau, {}); }));
    c.push_back(sizeCase(name + " qd", fn, "state.qd", 8, n,
                         [&f, solver] { solver->compute(f.model, f.data, f.long_qd, f.tau, {}); }));
    c.push_back(sizeCase(name + " data", fn, "data.oMi", 4, N, [&f, solver] {
      solver->compute(f.model, f.other_data, f.state, f.tau, {});
    }));
    c.push_back(sizeCase(name + " external", fn, "external.body_forces_world", 2, N, [&f, solver] {
      solver->compute(f.model, f.data, f.state, f.tau, f.short_external);
    }));
  }
  // A solver that keeps a workspace must be used with the model it was made for.
  auto crba_for_other = std::shared_ptr<ForwardDynamicsSolver>(makeSolver("crba", f.other));
  c.push_back(sizeCase(
      "crba made for another model", "crba solver", "model.nv", m.nv, f.other.nv,
      [&f, crba_for_other] { crba_for_other->compute(f.model, f.data, f.state, f.tau, {}); }));
  return c;
}

std::vector<Case> analysisCases(Fixture& f) {
  const Model& m = f.model;
  const int n = m.njoints, N = m.nbodies, nv = m.nv, b = m.base_dof;
  std::vector<Case> c;
  auto analyzer = std::make_shared<EndEffectorAnalyzer>(m);
  c.push_back(sizeCase("EndEffectorAnalyzer tau", "EndEffectorAnalyzer::compute", "tau", 3, n,
                       [&f, analyzer] {
                         EndEffectorAnalysis out;
                         analyzer->compute(f.state, f.short_vector, out);
                       }));
  c.push_back(sizeCase("EndEffectorAnalyzer qd", "EndEffectorAnalyzer::compute", "state.qd", 8, n,
                       [&f, analyzer] {
                         EndEffectorAnalysis out;
                         analyzer->compute(f.long_qd, f.tau, out);
                       }));
  c.push_back(sizeCase("freeFloatingReposition q1", "freeFloatingReposition", "q1", 3, n,
                       [&f] { freeFloatingReposition(f.model, f.state, f.short_vector); }));
  c.push_back(sizeCase("freeFloatingReposition q", "freeFloatingReposition", "state.q", 5, n,
                       [&f] { freeFloatingReposition(f.model, f.short_q, f.tau); }));
  c.push_back(
      sizeCase("freeFloatingRepositionFixedSteps q1", "freeFloatingRepositionFixedSteps", "q1", 3,
               n, [&f] { freeFloatingRepositionFixedSteps(f.model, f.state, f.short_vector, 4); }));
  c.push_back(sizeCase("mechanicalConnection M", "mechanicalConnection", "M.rows()", 6, nv,
                       [&f] { mechanicalConnection(f.model, f.small_M); }));
  c.push_back(sizeCase("vehicleGeneralizedMomentum qd", "vehicleGeneralizedMomentum", "state.qd", 8,
                       n, [&f] { vehicleGeneralizedMomentum(f.model, f.data.M, f.long_qd); }));
  c.push_back(sizeCase(
      "vehicleGeneralizedMomentumFromWorld data", "vehicleGeneralizedMomentumFromWorld", "data.oMi",
      4, N, [&f] { vehicleGeneralizedMomentumFromWorld(f.model, f.other_data, Vec6::Zero()); }));
  c.push_back(sizeCase("computeGeneralizedJacobian out", "computeGeneralizedJacobian",
                       "out.J.cols()", f.other.nv, nv, [&f] {
                         GeneralizedJacobian out(f.other);
                         computeGeneralizedJacobian(f.model, f.data, 2, Vec3::Zero(), out);
                       }));
  c.push_back(indexCase(
      "computeGeneralizedJacobian body", "computeGeneralizedJacobian", "body", N, N, [&f] {
        GeneralizedJacobian out(f.model);
        computeGeneralizedJacobian(f.model, f.data, f.model.nbodies, Vec3::Zero(), out);
      }));
  c.push_back(indexCase("computeFrameGeneralizedJacobian frame", "computeFrameGeneralizedJacobian",
                        "frame", -2, f.frames(), [&f] {
                          GeneralizedJacobian out(f.model);
                          computeFrameGeneralizedJacobian(f.model, f.data, -2, out);
                        }));
  c.push_back(sizeCase("generalizedPointTwist qd", "generalizedPointTwist", "qd", 3, n, [&f] {
    GeneralizedJacobian gj(f.model);
    generalizedPointTwist(gj, f.short_vector, VecX::Zero(f.model.base_dof));
  }));
  c.push_back(sizeCase("generalizedPointTwist h_b", "generalizedPointTwist", "h_b", 3, b, [&f] {
    GeneralizedJacobian gj(f.model);
    generalizedPointTwist(gj, f.tau, f.short_vector);
  }));
  c.push_back(sizeCase("momentumPartition data", "momentumPartition", "data.oMi", 4, N,
                       [&f] { momentumPartition(f.model, f.other_data); }));
  c.push_back(sizeCase("kineticEnergySplit M", "kineticEnergySplit", "M.rows()", 6, nv,
                       [&f] { kineticEnergySplit(f.model, f.small_M, f.state); }));
  c.push_back(sizeCase("kineticEnergySplit qd", "kineticEnergySplit", "state.qd", 8, n,
                       [&f] { kineticEnergySplit(f.model, f.data.M, f.long_qd); }));
  c.push_back(
      indexCase("operationalSpaceInertia body", "operationalSpaceInertia", "body", N, N, [&f] {
        operationalSpaceInertia(f.model, f.data, f.model.nbodies, Vec3::Zero(), VehicleMode::Free);
      }));
  c.push_back(
      sizeCase("operationalSpaceInertia data", "operationalSpaceInertia", "data.oMi", 4, N, [&f] {
        operationalSpaceInertia(f.model, f.other_data, 1, Vec3::Zero(), VehicleMode::Free);
      }));
  c.push_back(indexCase(
      "frameOperationalSpaceInertia frame", "frameOperationalSpaceInertia", "frame", f.frames(),
      f.frames(),
      [&f] { frameOperationalSpaceInertia(f.model, f.data, f.frames(), VehicleMode::Locked); }));
  c.push_back(sizeCase("operationalSpaceInertiaAllBodies out", "operationalSpaceInertiaAllBodies",
                       "out.P0", f.other.nbodies, N, [&f] {
                         OperationalSpaceInertiaSweeps out(f.other);
                         operationalSpaceInertiaAllBodies(f.model, f.data, f.state, out);
                       }));
  c.push_back(sizeCase("operationalSpaceInertiaAllBodies q", "operationalSpaceInertiaAllBodies",
                       "state.q", 5, n, [&f] {
                         OperationalSpaceInertiaSweeps out(f.model);
                         operationalSpaceInertiaAllBodies(f.model, f.data, f.short_q, out);
                       }));
  c.push_back(sizeCase("powerBalance tau", "powerBalance", "tau", 3, n,
                       [&f] { powerBalance(f.model, f.data, f.state, f.short_vector); }));
  c.push_back(sizeCase("powerBalance external", "powerBalance", "external.body_forces_world", 2, N,
                       [&f] { powerBalance(f.model, f.data, f.state, f.tau, f.short_external); }));
  c.push_back(sizeCase("reducedJointInertia M", "reducedJointInertia", "M.rows()", 6, nv,
                       [&f] { reducedJointInertia(f.model, f.small_M); }));
  c.push_back(sizeCase("vehicleReaction tau", "vehicleReaction", "tau", 3, n,
                       [&f] { vehicleReaction(f.model, f.data, f.state, f.short_vector); }));
  return c;
}

std::vector<Case> allCases() {
  Fixture& f = fixture();
  std::vector<Case> all = algorithmCases(f);
  for (auto* more : {&solverCases, &analysisCases})
    for (Case& c : more(f)) all.push_back(std::move(c));
  return all;
}

// What is wrong with the exception `c.call` throws; "" if it is the expected one.
std::string problemWith(const Case& c) {
  const std::string detail = c.index_error ? " is " + std::to_string(c.actual) +
                                                 ", expected 0 <= " + c.argument + " < " +
                                                 std::to_string(c.expected) + " ("
                                           : " has size " + std::to_string(c.actual) +
                                                 ", expected " + std::to_string(c.expected) + " (";
  const std::string wanted = c.function + ": " + c.argument + detail;
  try {
    c.call();
  } catch (const std::invalid_argument& e) {
    const std::string message = e.what();
    if (message.rfind(wanted, 0) != 0)
      return "message \"" + message + "\" does not start with \"" + wanted + "\"";
    if (message.find('\n') != std::string::npos) return "message is not one line: " + message;
    return "";
  } catch (const std::exception& e) {
    return std::string("threw another exception type: ") + e.what();
  }
  return "did not throw (expected \"" + wanted + "...\")";
}

}  // namespace

class TestArgumentChecks : public QObject {
  Q_OBJECT
 private slots:
  void wrongArgumentThrowsNamingIt_data();
  void wrongArgumentThrowsNamingIt();
  void rightSizesDoNotThrow();
  void messageExample();
};

void TestArgumentChecks::wrongArgumentThrowsNamingIt_data() {
  QTest::addColumn<int>("index");
  const std::vector<Case> cases = allCases();
  for (size_t i = 0; i < cases.size(); ++i)
    QTest::newRow(cases[i].label.c_str()) << static_cast<int>(i);
}

void TestArgumentChecks::wrongArgumentThrowsNamingIt() {
  QFETCH(int, index);
  static const std::vector<Case> cases = allCases();
  const std::string problem = problemWith(cases[static_cast<size_t>(index)]);
  QVERIFY2(problem.empty(), problem.c_str());
}

void TestArgumentChecks::rightSizesDoNotThrow() {
  Fixture& f = fixture();
  Model& m = f.model;
  Data& d = f.data;
  const int N = m.nbodies, nv = m.nv, last_frame = f.frames() - 1;
  const std::string problem = test::errorOf([&] {
    aba(m, d, f.state, f.tau, f.external);
    rnea(m, d, f.state, d.base_twist_dot, d.qdd, f.external);
    nonLinearEffects(m, d, f.state);
    armReactionOnVehicle(m, d);
    for (const std::string& name : solverNames())
      makeSolver(name, m)->compute(f.model, f.data, f.state, f.tau, f.external);
    forwardKinematics(m, d, f.state);
    forwardVelocities(m, d, f.state);
    framePose(m, d, last_frame);
    computeMomentum(m, d);
    bodyFirstMoment(m, d, N - 1);
    bodiesMomentum(d, 0, N - 1);
    bodiesMomentum(d, 1, 0);  // an empty range
    Mat6X J(6, nv), dJ(6, nv);
    pointJacobian(m, d, N - 1, Vec3::Zero(), J);
    pointJacobianDerivative(m, d, N - 1, Vec3::Zero(), dJ);
    frameJacobian(m, d, last_frame, J);
    centerOfMass(m, d, f.state);
    crba(m, d, f.state);

    EndEffectorAnalyzer analyzer(m);
    EndEffectorAnalysis analysis;
    analyzer.compute(f.state, f.tau, analysis);
    crba(m, d, f.state);
    mechanicalConnection(m, d.M);
    vehicleGeneralizedMomentum(m, d.M, f.state);
    vehicleGeneralizedMomentumFromWorld(m, d, Vec6::Zero());
    GeneralizedJacobian gj(m);
    computeGeneralizedJacobian(m, d, N - 1, Vec3::Zero(), gj);
    computeFrameGeneralizedJacobian(m, d, last_frame, gj);
    generalizedPointTwist(gj, f.state.qd, VecX::Zero(m.base_dof));
    momentumPartition(m, d);
    kineticEnergySplit(m, d.M, f.state);
    operationalSpaceInertia(m, d, N - 1, Vec3::Zero(), VehicleMode::Locked);
    frameOperationalSpaceInertia(m, d, last_frame, VehicleMode::Free);
    reducedJointInertia(m, d.M);
    OperationalSpaceInertiaSweeps sweeps(m);
    operationalSpaceInertiaAllBodies(m, d, f.state, sweeps);
    computeKinematics(m, d, f.state);
    powerBalance(m, d, f.state, f.tau, f.external, true);
    vehicleReaction(m, d, f.state, f.tau, f.external);
    VecX q1 = f.state.q;
    q1[0] += 0.01;
    freeFloatingReposition(m, f.state, q1);
    freeFloatingRepositionFixedSteps(m, f.state, q1, 2);
  });
  QVERIFY2(problem.empty(), problem.c_str());
}

void TestArgumentChecks::messageExample() {
  // The whole message, as a user reads it.
  Fixture& f = fixture();
  QCOMPARE(test::errorOf([&] { aba(f.model, f.data, f.state, f.short_vector); }),
           std::string("aba: tau has size 3, expected 6 (model.njoints)"));
  QCOMPARE(test::errorOf([&] { bodyFirstMoment(f.model, f.data, 9); }),
           std::string("bodyFirstMoment: body is 9, expected 0 <= body < 7 (model.nbodies)"));
}

QTEST_APPLESS_MAIN(TestArgumentChecks)
#include "test_argument_checks.moc"
