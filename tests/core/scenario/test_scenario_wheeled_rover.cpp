// Example scenario models/seed000_wheeled_rover: seed 001's rover on wheels, seed 000's
// nonholonomic vehicle (101). The rover never slips sideways (its body velocity v_y is exactly
// zero at every step), its horizontal momentum is not conserved (the wheels push sideways;
// the same run on the planar vehicle conserves it), the wheels do no work (energy follows the
// motor work), and the momentum-carrying integrator is refused with the scenario key named.
#include <cmath>

#include "core/scenario/scenario_json.hpp"
#include "core/scenario/simulator.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

const std::string kScenario = VMS_SOURCE_DIR "/models/seed000_wheeled_rover.scenario.json";

struct RunFigures {
  double max_lateral = 0.0;      // largest |v_y| of the vehicle in its own frame
  double max_dPxy = 0.0;         // largest change of the horizontal momentum
  double P_ref = 0.0;            // largest horizontal momentum of the vehicle or the arm
  double max_power = 0.0;        // largest |E - E0 - W|
  double E_ref = 0.0;            // largest kinetic energy or |W|
  double distance = 0.0;         // path length of the vehicle frame's origin
  double final_speed = 0.0;      // v_x at the end
  double final_turn_rate = 0.0;  // w_z at the end
  double max_track = 0.0;
};

// The example's text with its "base" value replaced.
std::string scenarioText(const std::string& base) {
  QFile file(QString::fromStdString(kScenario));
  if (!file.open(QIODevice::ReadOnly)) return {};
  std::string text = file.readAll().toStdString();
  const std::string key = "\"base\": \"nonholonomic\"";
  text.replace(text.find(key), key.size(), "\"base\": " + base);
  return text;
}

RunFigures run(const Scenario& sc) {
  Simulator sim(sc);
  const Snapshot s0 = sim.snapshot();
  const Vec3 P0 = s0.momenta.linear_total;
  RunFigures f;
  Vec3 last = s0.state.base_position;
  Snapshot s;
  while (!sim.finished()) {
    sim.step();
    s = sim.snapshot();
    const MomentumPartition& p = s.momenta;
    f.max_lateral = std::max(f.max_lateral, std::abs(s.state.base_twist[1]));
    f.P_ref = std::max({f.P_ref, p.linear_vehicle.head<2>().norm(), p.linear_arm.head<2>().norm()});
    f.max_dPxy = std::max(f.max_dPxy, (p.linear_total - P0).head<2>().norm());
    f.max_power = std::max(f.max_power, std::abs(s.energy - s0.energy - s.actuator_work));
    f.E_ref = std::max({f.E_ref, s.kinetic_energy, std::abs(s.actuator_work)});
    f.max_track = std::max(f.max_track, s.tracking_error);
    f.distance += (s.state.base_position - last).norm();
    last = s.state.base_position;
  }
  f.final_speed = s.state.base_twist[0];
  f.final_turn_rate = s.state.base_twist[5];
  return f;
}

}  // namespace

class TestScenarioWheeledRover : public QObject {
  Q_OBJECT
 private slots:
  void noSlipNoWorkMomentumNotConserved();
  void momentumIntegratorIsRefusedWithTheKey();
};

void TestScenarioWheeledRover::noSlipNoWorkMomentumNotConserved() {
  const Scenario sc = loadScenario(kScenario);
  QVERIFY(sc.model.base_type == BaseType::Nonholonomic);
  const RunFigures f = run(sc);
  qInfo(
      "wheeled rover: |v_y| max %.1e, |dP_xy| %.3f N s (P_ref %.3f), power balance %.2e (rel "
      "%.2e), path %.3f m, final v_x %.4f m/s, w_z %.4f rad/s, tracking max %.2e rad",
      f.max_lateral, f.max_dPxy, f.P_ref, f.max_power, f.max_power / f.E_ref, f.distance,
      f.final_speed, f.final_turn_rate, f.max_track);
  QCOMPARE(f.max_lateral, 0.0);            // no sideways slip, exactly
  QVERIFY(f.max_dPxy > 0.1 * f.P_ref);     // the wheels push: momentum changes
  QVERIFY(f.max_power <= 1e-8 * f.E_ref);  // and do no work
  QVERIFY(f.distance > 1.0);
  QVERIFY(f.max_track < 1e-3);
  // Arm still after 8 s, kinetic energy constant, yet the wheels steer it from driving into
  // turning (the note's figures): 0.39 m/s and 0.71 rad/s at the end.
  QVERIFY(std::abs(f.final_speed - 0.3901) < 1e-3);
  QVERIFY(std::abs(f.final_turn_rate - 0.7071) < 1e-3);

  // The same run on the planar vehicle (it may slide): the horizontal momentum is conserved.
  const RunFigures p =
      run(parseScenarioJson(scenarioText("\"planar\""), kScenario, VMS_SOURCE_DIR "/models"));
  qInfo("same run, planar vehicle: |dP_xy| %.1e N s (P_ref %.3f), power balance rel %.2e",
        p.max_dPxy, p.P_ref, p.max_power / p.E_ref);
  QVERIFY(p.max_lateral > 1e-3);  // it does slide
  QVERIFY(p.max_dPxy <= 1e-10 * p.P_ref);
}

void TestScenarioWheeledRover::momentumIntegratorIsRefusedWithTheKey() {
  std::string text = scenarioText("\"nonholonomic\"");
  const std::string dt = "\"dt\": 0.0025";
  text.replace(text.find(dt), dt.size(), dt + ", \"integrator\": \"momentum-rk4\"");
  const std::string error =
      test::errorOf([&] { parseScenarioJson(text, kScenario, VMS_SOURCE_DIR "/models"); });
  qInfo("%s", error.c_str());
  QVERIFY2(error.find("integrator") != std::string::npos &&
               error.find("momentum-rk4") != std::string::npos &&
               error.find("nonholonomic") != std::string::npos &&
               error.find("seed000_wheeled_rover") != std::string::npos,
           error.c_str());
}

QTEST_APPLESS_MAIN(TestScenarioWheeledRover)
#include "test_scenario_wheeled_rover.moc"
