// The LQR regulator's design (core/control/lqr_regulator.hpp) and its refusals:
// - on models/lqr_attitude_arm: 18 regulated states (attitude, six joints, their rates), nine
//   inputs (three wheels, six joints), the DARE residual below 1e-9 of |P|, the discrete
//   closed loop Ad - Bd K of spectral radius < 1 and the continuous one A - B K stable, the
//   regulated blocks equal to the linearisation's own (linearizeDynamics at the target), and
//   compute() differentiated along the linearisation's coordinates (central differences at the
//   target) equal to -K;
// - a fixed-base arm in gravity: the held input forces equal the gravity torques of inverse
//   dynamics (rnea at rest), an independent formulation;
// - refusals with their reasons: a wheel among the regulated joints (the total angular momentum
//   ties the vehicle's, the arm's and the wheels' rates: not stabilisable), a joint left out
//   that moves a regulated one under gravity, attitude on a fixed base and an orbit's gravity
//   gradient (assembly's messages), weights <= 0 (the reader's message);
// - the scenario file's lqr controller reads and writes back unchanged.
#include "core/algorithms/rnea.hpp"
#include "core/analysis/linearization.hpp"
#include "core/control/lqr_regulator.hpp"
#include "core/control/riccati.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "core/scenario/scenario.hpp"
#include "core/scenario/scenario_json.hpp"
#include "core/spatial/so3.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

const std::string kExample = VMS_SOURCE_DIR "/models/lqr_attitude_arm.scenario.json";

const LqrSetup& lqrSetup(const Scenario& s) { return std::get<LqrSetup>(s.controllers.at(0)); }

// A fixed-base serial arm of three revolute joints in gravity (random axes and placements).
Model armInGravity() {
  RandomTreeOptions o;
  o.bodies = 4;
  o.chain = true;
  o.prismatic_fraction = 0.0;
  o.base = BaseType::Fixed;
  o.seed = 5;
  ModelDescription d = randomTree(o);
  d.gravity = Vec3(0.0, 0.0, -9.81);
  return compileModel(d);
}

LqrRegulatorOptions jointOptions(const std::vector<int>& joints, const std::vector<int>& inputs) {
  LqrRegulatorOptions o;
  o.attitude = false;
  o.joints = joints;
  o.joint_targets = VecX::Constant(static_cast<Eigen::Index>(joints.size()), 0.3);
  o.inputs = inputs;
  o.q_joint = VecX::Ones(static_cast<Eigen::Index>(joints.size()));
  o.q_joint_rate = o.q_joint;
  o.r = VecX::Ones(static_cast<Eigen::Index>(inputs.size()));
  return o;
}

}  // namespace

class TestLqrRegulator : public QObject {
  Q_OBJECT
 private slots:
  void exampleDesign() {
    const Scenario s = loadScenario(kExample);
    LqrRegulator lqr(s.model, lqrSetup(s).options);
    lqr.reset(0.0, s.initial_state);
    QVERIFY(lqr.designed());
    const LqrDesign& d = lqr.design();
    QCOMPARE(int(d.states.size()), 18);
    QCOMPARE(int(d.input_names.size()), 9);
    QCOMPARE(d.state_names.front(), std::string("delta_wx"));
    QCOMPARE(d.state_names.back(), std::string("nu_joint6"));
    QVERIFY(d.held_input.cwiseAbs().maxCoeff() == 0.0);  // free-floating: nothing to hold

    // The regulated blocks are the linearisation's at the target.
    State target = s.initial_state;
    target.base_orientation = Quat::Identity();
    target.base_twist.setZero();
    target.qd.setZero();
    const LqrRegulatorOptions& o = lqr.options();
    for (size_t i = 0; i < o.joints.size(); ++i)
      target.q[o.joints[i]] = o.joint_targets[Eigen::Index(i)];
    const Linearization lin = linearizeDynamics(s.model, target, VecX::Zero(s.model.njoints));
    for (size_t i = 0; i < d.states.size(); ++i) {
      for (size_t k = 0; k < d.states.size(); ++k)
        QCOMPARE(d.A(Eigen::Index(i), Eigen::Index(k)), lin.A(d.states[i], d.states[k]));
      for (size_t k = 0; k < o.inputs.size(); ++k)
        QCOMPARE(d.B(Eigen::Index(i), Eigen::Index(k)), lin.B(d.states[i], o.inputs[k]));
    }

    VecX weights(18);
    weights << o.q_attitude, o.q_joint, o.q_angular_rate, o.q_joint_rate;
    const MatX Q = weights.asDiagonal();
    const double residual =
        discreteRiccatiResidual(d.Ad, d.Bd, Q, MatX(o.r.asDiagonal()), d.P).norm() / d.P.norm();
    QVERIFY2(residual <= 1e-9, qPrintable(QString("DARE residual %1").arg(residual)));
    const double rho = spectralRadius(d.Ad - d.Bd * d.K);
    QVERIFY2(rho < 1.0, qPrintable(QString("spectral radius %1").arg(rho)));
    const Eigen::VectorXcd continuous = Eigen::EigenSolver<MatX>(d.A - d.B * d.K).eigenvalues();
    QVERIFY(continuous.real().maxCoeff() < 0.0);
    qInfo("spectral radius %.9f: slowest rate %.4f 1/s", rho, std::log(rho) / o.period);
  }

  void commandIsMinusKOnTheLinearisationsCoordinates() {
    // compute() differentiated at the target by central differences along the linearisation's
    // coordinates (the vehicle at g_target exp(T delta), q + dq, nu + dnu) is -K: x_r is formed
    // in the coordinates the design used.
    const Scenario s = loadScenario(kExample);
    LqrRegulator lqr(s.model, lqrSetup(s).options);
    lqr.reset(0.0, s.initial_state);
    const LqrDesign& d = lqr.design();
    const LqrRegulatorOptions& o = lqr.options();
    State target = s.initial_state;
    target.base_orientation = o.target_attitude;
    target.base_twist.setZero();
    target.qd.setZero();
    for (size_t i = 0; i < o.joints.size(); ++i)
      target.q[o.joints[i]] = o.joint_targets[Eigen::Index(i)];
    const int a = int(d.attitude_axes.size()), nj = int(o.joints.size());
    const auto perturbed = [&](int k, double eps) {
      State x = target;
      if (k < a)
        x.base_orientation = o.target_attitude * quatExp(eps * Vec3::Unit(d.attitude_axes[k]));
      else if (k < a + nj)
        x.q[o.joints[k - a]] += eps;
      else if (k < 2 * a + nj)
        x.base_twist[3 + d.attitude_axes[k - a - nj]] += eps;
      else
        x.qd[o.joints[k - 2 * a - nj]] += eps;
      return x;
    };
    const auto command = [&](const State& x) {
      ControlOutput out;
      out.joint_torque = VecX::Zero(s.model.njoints);
      lqr.compute(0.0, x, out);
      VecX u(o.inputs.size());
      for (size_t i = 0; i < o.inputs.size(); ++i)
        u[Eigen::Index(i)] = out.joint_torque[o.inputs[i]];
      return u;
    };
    QVERIFY(command(target).cwiseAbs().maxCoeff() == 0.0);
    MatX du(d.K.rows(), d.K.cols());
    const double eps = 1e-6;
    for (int k = 0; k < int(d.K.cols()); ++k)
      du.col(k) = (command(perturbed(k, eps)) - command(perturbed(k, -eps))) / (2.0 * eps);
    VMS_COMPARE_REL(du, MatX(-d.K), 1e-7);
  }

  void heldForcesAreGravityTorques() {
    const Model m = armInGravity();
    LqrRegulator lqr(m, jointOptions({0, 1, 2}, {0, 1, 2}));
    lqr.reset(0.0, State::neutral(m));
    State target = State::neutral(m);
    target.q.setConstant(0.3);
    Data data(m);
    rnea(m, data, target, Vec6::Zero(), VecX::Zero(3));
    QVERIFY(data.tau.norm() > 1.0);
    VMS_COMPARE_REL(lqr.design().held_input, data.tau, 1e-9);
    QVERIFY(spectralRadius(lqr.design().Ad - lqr.design().Bd * lqr.design().K) < 1.0);
  }

  void refusals() {
    const Scenario s = loadScenario(kExample);
    LqrRegulatorOptions o = lqrSetup(s).options;
    const int wheel = s.model.jointIndex("wheel_x");
    o.joints.push_back(wheel);
    o.joint_targets.conservativeResize(o.joint_targets.size() + 1);
    o.joint_targets[o.joint_targets.size() - 1] = 0.0;
    o.q_joint.conservativeResize(o.joints.size());
    o.q_joint_rate.conservativeResize(o.joints.size());
    o.q_joint.tail(1).setOnes();
    o.q_joint_rate.tail(1).setOnes();
    std::string message =
        test::errorOf([&] { LqrRegulator(s.model, o).reset(0.0, s.initial_state); });
    QVERIFY2(message.find("lqr: the inputs cannot stabilise the regulated states") !=
                     std::string::npos &&
                 message.find("eigenvalue 0") != std::string::npos,
             message.c_str());

    const Model arm = armInGravity();
    message = test::errorOf(
        [&] { LqrRegulator(arm, jointOptions({0}, {0})).reset(0.0, State::neutral(arm)); });
    QVERIFY2(message.find("is not regulated but moves the regulated nu_") != std::string::npos,
             message.c_str());

    // Through the scenario reader and assembly: the file and key path lead the message.
    const std::string fixed = R"({"model": {"format": "vms-model", "version": 1, "name": "a",
      "base": "fixed", "links": [{"name": "b", "mass": 1},
      {"name": "l", "mass": 1, "inertia": {"ixx": 0.1, "iyy": 0.1, "izz": 0.1}}],
      "joints": [{"name": "j", "type": "revolute", "parent": "b", "child": "l"}]},
      "controllers": [{"type": "lqr", "joints": ["j"], "joint_targets": [0.1]}],
      "duration": 1})";
    message = test::errorOf([&] { parseScenarioJson(fixed, "f.scenario.json", "."); });
    QVERIFY2(message.find("f.scenario.json: controllers[0].attitude: a fixed vehicle has no "
                          "attitude to regulate") != std::string::npos,
             message.c_str());
    std::string attitude_off = fixed;
    attitude_off.replace(attitude_off.find("\"joints\": [\"j\"]"), 15,
                         "\"attitude\": false, \"joints\": [\"j\"], \"r\": -1");
    message = test::errorOf([&] { parseScenarioJson(attitude_off, "f.scenario.json", "."); });
    QVERIFY2(message.find("controllers[0].r: weights must be > 0") != std::string::npos,
             message.c_str());
    attitude_off.replace(attitude_off.find("\"r\": -1"), 7, "\"r\": 2");
    std::string orbit = attitude_off;
    orbit.replace(
        orbit.find("\"duration\""), 10,
        "\"environment\": {\"gravity_gradient\": {\"mean_motion\": 0.001}}, \"duration\"");
    message = test::errorOf([&] { parseScenarioJson(orbit, "f.scenario.json", "."); });
    QVERIFY2(message.find("controllers[0].type: lqr is designed on the model's own dynamics") !=
                 std::string::npos,
             message.c_str());
    const Scenario ok = parseScenarioJson(attitude_off, "f.scenario.json", ".");
    QCOMPARE(lqrSetup(ok).options.inputs, std::vector<int>{0});
    QCOMPARE(lqrSetup(ok).options.r[0], 2.0);
  }

  void readsAndWritesBack() {
    const ScenarioDescription d = readScenarioDescription(kExample);
    const auto& c = std::get<LqrDescription>(d.controllers.at(0));
    QCOMPARE(c.joints.size(), size_t(6));
    QCOMPARE(c.q_attitude, (std::vector<double>{1.7e4, 2.2e4, 4.1e3}));
    const ScenarioDescription back =
        parseScenarioDescription(writeScenarioJson(d), d.source, VMS_SOURCE_DIR "/models");
    QCOMPARE(writeScenarioJson(back), writeScenarioJson(d));
    QCOMPARE(controllerTypeName(back.controllers.at(0)), "lqr");
  }
};

QTEST_APPLESS_MAIN(TestLqrRegulator)
#include "test_lqr_regulator.moc"
