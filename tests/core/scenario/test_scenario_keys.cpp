// The scenario file's key table (core/scenario/scenario_keys.hpp): every top-level key is one
// row, and the reader, the writer, assembly and the documentation follow the rows:
//  - docs/scenario-format.md's key table is the table's (generated text, compared line by line;
//    VMS_UPDATE_DOCS=1 writes it);
//  - a file with every key writes exactly the rows' keys, in the rows' order; the unknown-key
//    message lists exactly the rows;
//  - each simple row's value, changed, changes its own key only and reads back the same;
//  - each check has one message, the same from the reader and from assembly (output_every:
//    "must be a whole number from 1 to 1e9" everywhere);
//  - a row added to the table (test-only here) is read with its default, checked, written,
//    listed among the keys and documented, with no other code: "a new key is one row".
#include <QFile>
#include <QStringList>
#include <cmath>
#include <functional>
#include <nlohmann/json.hpp>

#include "core/io/model_io.hpp"
#include "core/scenario/default_scenario.hpp"
#include "core/scenario/detail/scenario_key_json.hpp"
#include "core/scenario/scenario.hpp"
#include "core/scenario/scenario_json.hpp"
#include "core/scenario/scenario_keys.hpp"
#include "test_support.hpp"

using namespace vms;
using vms::test::errorOf;
using Json = nlohmann::ordered_json;

namespace {

const std::string kSourceDir = VMS_SOURCE_DIR;

// A scenario that gives every key (read, not assembled: the names need not fit together).
const char* kEveryKey = R"({
  "name": "every_key",
  "model": "seed004_spatial.vms.json",
  "base": "free",
  "initial_state": {"base": {"position": [0, 0, 0]}},
  "environment": {"gravity": [0, 0, -1]},
  "actuators": {"reaction_wheels": [{"name": "w", "axis": [1, 0, 0], "spin_inertia": 0.1}]},
  "mode": "rotation-floating",
  "controllers": [{"type": "wheel_attitude", "target_quaternion_wxyz": [1, 0, 0, 0]}],
  "duration": 1.5,
  "dt": 0.005,
  "control_period": 0.01,
  "integrator": "rk45",
  "solver": "base-invariant",
  "root": "link1",
  "output_every": 3,
  "analysis": {"end_effector": "link2"}
})";

ScenarioDescription readEveryKey() {
  return parseScenarioDescription(kEveryKey, "every.scenario.json", kSourceDir + "/models");
}

QString err(const std::function<void()>& f) { return QString::fromStdString(errorOf(f)); }
QString q(const std::string& s) { return QString::fromStdString(s); }

std::vector<std::string> rowNames(const ScenarioKeyTable& keys) {
  std::vector<std::string> names;
  for (const ScenarioKey& k : keys) names.push_back(k.name);
  return names;
}

std::vector<std::string> writtenKeys(const std::string& text) {
  std::vector<std::string> keys;
  const Json j = Json::parse(text);
  for (auto it = j.begin(); it != j.end(); ++it) keys.push_back(it.key());
  return keys;
}

/// A minimal file around `extra` (top-level keys, JSON text without braces).
std::string minimalFile(const std::string& extra) {
  return "{\"model\": \"" + kSourceDir + "/models/seed004_planar.vms.json\", \"duration\": 1" +
         (extra.empty() ? "" : ", " + extra) + "}";
}

// The test-only row's value lives here (a real row binds a ScenarioDescription member).
double g_test_gain = 2.5;

ScenarioKey testOnlyRow() {
  ScenarioKey k;
  k.name = "test_gain";
  k.type = ScenarioKey::Type::Number;
  k.type_text = "number";
  k.default_text = "2.5";
  k.meaning = "a key that only this test knows";
  k.get = [](const ScenarioDescription&) -> std::optional<ScenarioValue> { return g_test_gain; };
  k.set = [](ScenarioDescription&, const std::optional<ScenarioValue>& v) {
    g_test_gain = v ? std::get<double>(*v) : 2.5;
  };
  k.problem = [](const ScenarioValue& v) -> std::string {
    return std::get<double>(v) > 0.0 ? "" : "must be > 0 (test)";
  };
  return k;
}

}  // namespace

class TestScenarioKeys : public QObject {
  Q_OBJECT
 private slots:
  // The "Top level" table of docs/scenario-format.md is the key table's, line for line
  // (VMS_UPDATE_DOCS=1 writes it there first).
  void documentationTableIsTheKeyTable() {
    QFile doc(QString::fromStdString(kSourceDir + "/docs/scenario-format.md"));
    QVERIFY(doc.open(QIODevice::ReadOnly | QIODevice::Text));
    QStringList lines = QString::fromUtf8(doc.readAll()).split('\n');
    doc.close();
    const int heading = int(lines.indexOf("## Top level"));
    QVERIFY2(heading >= 0, "no '## Top level' section");
    int first = heading + 1;
    while (first < lines.size() && !lines[first].startsWith('|')) ++first;
    int end = first;
    while (end < lines.size() && lines[end].startsWith('|')) ++end;
    const QStringList expected =
        QString::fromStdString(scenarioKeyTableMarkdown()).split('\n', Qt::SkipEmptyParts);
    if (qEnvironmentVariableIsSet("VMS_UPDATE_DOCS")) {
      lines = lines.mid(0, first) + expected + lines.mid(end);
      end = first + int(expected.size());
      QVERIFY(doc.open(QIODevice::WriteOnly | QIODevice::Text | QIODevice::Truncate));
      doc.write(lines.join('\n').toUtf8());
      doc.close();
    }
    QVERIFY2(lines.mid(first, end - first) == expected,
             qPrintable("docs/scenario-format.md's key table differs from scenarioKeys() "
                        "(VMS_UPDATE_DOCS=1 build/tests/test_scenario_keys writes it); the "
                        "table from the code:\n" +
                        expected.join('\n')));
  }

  // Every key written comes from a row, in the rows' order; the reader lists exactly the rows.
  void everyKeyIsOneRow() {
    const ScenarioKeyTable& keys = scenarioKeys();
    const ScenarioDescription d = readEveryKey();
    QVERIFY(writtenKeys(writeScenarioJson(d)) == rowNames(keys));
    // Each row writes its own key and nothing else.
    for (const ScenarioKey& k : keys) {
      const std::vector<std::string> one = writtenKeys(writeScenarioWithKeys({k}, d));
      QVERIFY2(one == std::vector<std::string>{k.name}, k.name);
    }
    std::string list;
    for (const std::string& n : rowNames(keys)) list += (list.empty() ? "" : ", ") + n;
    QCOMPARE(err([] {
               parseScenarioDescription(minimalFile(R"("durration": 2)"), "s.scenario.json", "");
             }),
             q("s.scenario.json: durration: unknown key (expected one of: " + list + ")"));
    // Rows are named once, and a simple row has its value, its setter and a way to be written.
    for (size_t i = 0; i < keys.size(); ++i) {
      for (size_t j = i + 1; j < keys.size(); ++j)
        QVERIFY2(std::string(keys[i].name) != keys[j].name, keys[i].name);
      if (keys[i].type == ScenarioKey::Type::Structured) {
        QVERIFY2(keys[i].read && keys[i].write, keys[i].name);
      } else {
        QVERIFY2(keys[i].get && keys[i].set, keys[i].name);
      }
      QVERIFY2(*keys[i].meaning && *keys[i].type_text, keys[i].name);
    }
  }

  // A simple row's value, changed alone, changes its own key alone and reads back the same.
  void simpleRowsChangeTheirOwnKey() {
    const ScenarioDescription d = readEveryKey();
    const Json before = Json::parse(writeScenarioJson(d));
    int simple = 0;
    for (const ScenarioKey& k : scenarioKeys()) {
      if (k.type == ScenarioKey::Type::Structured) continue;
      ++simple;
      ScenarioValue other;
      if (k.choices) {
        for (const std::string& c : k.choices())
          if (ScenarioValue(c) != *k.get(d)) other = c;
      } else if (k.type == ScenarioKey::Type::Text) {
        other = std::string(k.name == std::string("base") ? "planar" : "changed");
      } else {
        other = std::get<double>(*k.get(d)) + 2.0;
      }
      QVERIFY2(!k.problem || k.problem(other).empty(), k.name);
      ScenarioDescription changed = d;
      k.set(changed, other);
      const std::string text = writeScenarioJson(changed);
      const Json after = Json::parse(text);
      for (auto it = before.begin(); it != before.end(); ++it)
        QVERIFY2((it.key() == k.name) == (after.at(it.key()) != it.value()),
                 qPrintable(QString("%1 changed %2").arg(k.name, it.key().c_str())));
      const ScenarioDescription again =
          parseScenarioDescription(text, "every.scenario.json", kSourceDir + "/models");
      QVERIFY2(k.get(again) == std::optional<ScenarioValue>(other), k.name);
    }
    QCOMPARE(simple, 10);
  }

  // One check, one message: the reader and assembly (a description made in memory) refuse a
  // value with the row's words.
  void oneCheckOneMessage_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("json");
    QTest::addColumn<double>("number");
    QTest::addColumn<QString>("message");
    const QString whole = "must be a whole number from 1 to 1e9";
    QTest::newRow("output_every 0") << "output_every"
                                    << "0" << 0.0 << whole;
    QTest::newRow("output_every 1.5") << "output_every"
                                      << "1.5" << 1.5 << whole;
    QTest::newRow("output_every 2e9") << "output_every"
                                      << "2e9" << 2e9 << whole;
    QTest::newRow("duration") << "duration"
                              << "-1" << -1.0 << "must be >= 0 (s)";
    QTest::newRow("dt") << "dt"
                        << "0" << 0.0 << "must be > 0";
    QTest::newRow("control_period") << "control_period"
                                    << "-0.1" << -0.1 << "must be > 0";
  }

  void oneCheckOneMessage() {
    QFETCH(QString, key);
    QFETCH(QString, json);
    QFETCH(double, number);
    QFETCH(QString, message);
    const ScenarioKey* k = findScenarioKey(key.toStdString());
    QVERIFY(k && k->problem);
    QCOMPARE(QString::fromStdString(k->problem(number)), message);
    const std::string file =
        key == "duration"
            ? "{\"model\": \"" + kSourceDir +
                  "/models/seed004_planar.vms.json\", \"duration\": " + json.toStdString() + "}"
            : minimalFile("\"" + key.toStdString() + "\": " + json.toStdString());
    const QString expected = "s.scenario.json: " + key + ": " + message;
    QCOMPARE(err([&] { parseScenarioDescription(file, "s.scenario.json", ""); }), expected);
    if (number != std::floor(number) && k->type == ScenarioKey::Type::WholeNumber)
      return;  // a description holds a whole number
    ScenarioDescription d = parseScenarioDescription(minimalFile(""), "s.scenario.json", "");
    k->set(d, ScenarioValue(number));
    QCOMPARE(err([&] { assembleScenario(d); }), expected);
  }

  // Names: the reader refuses an unknown integrator, solver, mode or base with the row's words,
  // as assembly does for a description made in memory.
  void namesAreCheckedByTheirRow() {
    for (const char* key : {"integrator", "solver", "mode", "base"}) {
      const ScenarioKey* k = findScenarioKey(key);
      QVERIFY(k && k->problem);
      const std::string problem = k->problem(std::string("nope"));
      QVERIFY2(problem.find("'nope'") != std::string::npos, key);
      const std::string expected = std::string("s.scenario.json: ") + key + ": " + problem;
      QCOMPARE(err([&] {
                 parseScenarioDescription(minimalFile("\"" + std::string(key) + "\": \"nope\""),
                                          "s.scenario.json", "");
               }),
               q(expected));
    }
    ScenarioDescription d = parseScenarioDescription(minimalFile(""), "s.scenario.json", "");
    d.integrator = "nope";
    QCOMPARE(err([&] { assembleScenario(d); }),
             q("s.scenario.json: integrator: " +
               findScenarioKey("integrator")->problem(std::string("nope"))));
  }

  // The documented defaults are the description's and the bare-model scenario's.
  void defaultsAreTheDescriptions() {
    const ScenarioDescription d;
    QCOMPARE(q(scenarioKeyDefaultText(*findScenarioKey("dt"))), QString("0.01"));
    QCOMPARE(q(scenarioKeyDefaultText(*findScenarioKey("output_every"))), QString("1"));
    QCOMPARE(q(scenarioKeyDefaultText(*findScenarioKey("integrator"))), QString("`rk4`"));
    QCOMPARE(q(scenarioKeyDefaultText(*findScenarioKey("mode"))), QString("`floating`"));
    QCOMPARE(q(scenarioKeyDefaultText(*findScenarioKey("duration"))), QString("required"));
    QCOMPARE(d.dt, kDefaultScenarioTimeStep);
    const ScenarioDescription read =
        parseScenarioDescription(minimalFile(""), "s.scenario.json", "");
    for (const ScenarioKey& k : scenarioKeys())
      if (k.get && !k.required) QVERIFY2(k.get(read) == k.get(d), k.name);
    Model model = loadModel(kSourceDir + "/models/seed004_planar.vms.json");
    const Scenario bare = defaultScenario(model);
    QCOMPARE(bare.dt, d.dt);
    QCOMPARE(q(bare.integrator), q(d.integrator));
    QCOMPARE(q(bare.solver), q(d.solver));
    QCOMPARE(bare.output_every, d.output_every);
    QVERIFY(bare.mode == d.mode);
  }

  // A new key: one row. Added to the table (here a copy, with a test-only row), it is read
  // with its default, checked with its message, written, listed and documented.
  void aNewKeyIsOneRow() {
    ScenarioKeyTable keys = scenarioKeys();
    keys.push_back(testOnlyRow());
    const std::string source = "t.scenario.json";
    g_test_gain = 0.0;
    parseScenarioWithKeys(keys, minimalFile(""), source, "");
    QCOMPARE(g_test_gain, 0.0);  // absent: untouched (the description's default stands)
    parseScenarioWithKeys(keys, minimalFile(R"("test_gain": 3.5)"), source, "");
    QCOMPARE(g_test_gain, 3.5);
    QCOMPARE(
        err([&] { parseScenarioWithKeys(keys, minimalFile(R"("test_gain": -1)"), source, ""); }),
        QString("t.scenario.json: test_gain: must be > 0 (test)"));
    QCOMPARE(
        err([&] { parseScenarioWithKeys(keys, minimalFile(R"("test_gain": "x")"), source, ""); }),
        QString("t.scenario.json: test_gain: expected a number, got a string"));
    const std::string unknown =
        errorOf([&] { parseScenarioWithKeys(keys, minimalFile(R"("test_gian": 1)"), source, ""); });
    QVERIFY2(unknown.find("output_every, analysis, test_gain)") != std::string::npos,
             unknown.c_str());
    // Without the row the key is unknown.
    QVERIFY(errorOf([&] {
              parseScenarioDescription(minimalFile(R"("test_gain": 3.5)"), source, "");
            }).find("test_gain: unknown key") != std::string::npos);
    const ScenarioDescription d = parseScenarioWithKeys(keys, minimalFile(""), source, "");
    const Json written = Json::parse(writeScenarioWithKeys(keys, d));
    QCOMPARE(written.at("test_gain").get<double>(), 3.5);
    QVERIFY(scenarioKeyTableMarkdown(keys).find(
                "| `test_gain` | number | 2.5 | a key that only this test knows |\n") !=
            std::string::npos);
    g_test_gain = -2.0;
    QCOMPARE(err([&] { checkScenarioKeyValues(d, keys); }),
             QString("t.scenario.json: test_gain: must be > 0 (test)"));
    g_test_gain = 2.5;
  }
};

QTEST_APPLESS_MAIN(TestScenarioKeys)
#include "test_scenario_keys.moc"
