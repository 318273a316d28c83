#include "core/scenario/scenario_keys.hpp"

#include <cmath>
#include <cstdio>
#include <type_traits>

#include "core/integrators/integrator.hpp"
#include "core/io/error_messages.hpp"
#include "core/model/model_error.hpp"
#include "core/scenario/detail/scenario_key_json.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"

namespace vms {

namespace {

// ---- simple keys bound to a member of ScenarioDescription ------------------------------------

template <typename T>
struct IsOptional : std::false_type {};
template <typename T>
struct IsOptional<std::optional<T>> : std::true_type {};

template <typename T>
ScenarioValue toValue(const T& v) {
  if constexpr (std::is_same_v<T, std::string>)
    return v;
  else
    return static_cast<double>(v);
}

template <typename T>
T fromValue(const ScenarioValue& v) {
  if constexpr (std::is_same_v<T, std::string>)
    return std::get<std::string>(v);
  else
    return static_cast<T>(std::get<double>(v));
}

template <auto Member>
std::optional<ScenarioValue> getMember(const ScenarioDescription& d) {
  const auto& m = d.*Member;
  using T = std::decay_t<decltype(m)>;
  if constexpr (IsOptional<T>::value) {
    if (!m) return std::nullopt;
    return toValue(*m);
  } else {
    return toValue(m);
  }
}

template <auto Member>
void setMember(ScenarioDescription& d, const std::optional<ScenarioValue>& v) {
  auto& m = d.*Member;
  using T = std::decay_t<decltype(m)>;
  if constexpr (IsOptional<T>::value) {
    if (v)
      m = fromValue<typename T::value_type>(*v);
    else
      m.reset();
  } else {
    m = v ? fromValue<T>(*v) : ScenarioDescription{}.*Member;  // a required key: its default
  }
}

std::string joinNames(const std::vector<std::string>& names, const char* separator = ", ") {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : separator) + n;
  return s;
}

const std::string& text(const ScenarioValue& v) { return std::get<std::string>(v); }
double number(const ScenarioValue& v) { return std::get<double>(v); }

// ---- the keys' own values and checks ------------------------------------------------------------

std::optional<ScenarioValue> getBase(const ScenarioDescription& d) {
  if (!d.base) return std::nullopt;
  return toString(*d.base);
}
void setBase(ScenarioDescription& d, const std::optional<ScenarioValue>& v) {
  d.base = v ? baseTypeFromString(text(*v)) : std::nullopt;
}
std::string baseProblem(const ScenarioValue& v) {
  if (baseTypeFromString(text(v))) return {};
  return "unknown base type " + io::quote(text(v)) + " (expected one of " + baseTypeNames() + ")";
}

constexpr ManeuveringMode kModes[] = {ManeuveringMode::Floating, ManeuveringMode::RotationFloating,
                                      ManeuveringMode::RotationFlying,
                                      ManeuveringMode::TranslationFlying, ManeuveringMode::Flying};

std::vector<std::string> modeNames() {
  std::vector<std::string> names;
  for (ManeuveringMode m : kModes) names.push_back(maneuveringModeName(m));
  return names;
}
std::optional<ScenarioValue> getMode(const ScenarioDescription& d) {
  return std::string(maneuveringModeName(d.mode));
}
void setMode(ScenarioDescription& d, const std::optional<ScenarioValue>& v) {
  d.mode = v ? maneuveringModeFromName(text(*v)).value_or(ManeuveringMode::Floating)
             : ScenarioDescription{}.mode;
}
std::string modeProblem(const ScenarioValue& v) {
  if (maneuveringModeFromName(text(v))) return {};
  std::vector<std::string> names = modeNames();
  const std::string last = names.back();
  names.pop_back();
  return "unknown maneuvering mode " + io::quote(text(v)) + " (expected " + joinNames(names) +
         " or " + last + ")";
}

std::string durationProblem(const ScenarioValue& v) {
  return number(v) >= 0.0 ? std::string() : "must be >= 0 (s)";
}
std::string positiveProblem(const ScenarioValue& v) {
  return number(v) > 0.0 ? std::string() : "must be > 0";
}
std::string outputEveryProblem(const ScenarioValue& v) {
  const double x = number(v);
  if (x >= 1.0 && x == std::floor(x) && x <= 1e9) return {};
  return "must be a whole number from 1 to 1e9";
}

// A registry name: unknown names are refused with the names there are.
std::string registered(const char* what, const std::string& name,
                       const std::vector<std::string>& names) {
  for (const auto& n : names)
    if (n == name) return {};
  return std::string("unknown ") + what + " " + io::quote(name) +
         " (available: " + joinNames(names) + ")";
}
std::string integratorProblem(const ScenarioValue& v) {
  return registered("integrator", text(v), integratorNames());
}
std::string solverProblem(const ScenarioValue& v) {
  return registered("solver", text(v), solverNames());
}

// ---- row builders -------------------------------------------------------------------------------

ScenarioKey structured(const char* name, bool required, const char* type_text,
                       const char* default_text, const char* meaning,
                       void (*read)(ScenarioKeyReader&, ScenarioDescription&),
                       void (*write)(const ScenarioDescription&, ScenarioKeyWriter&)) {
  ScenarioKey k;
  k.name = name;
  k.type = ScenarioKey::Type::Structured;
  k.required = required;
  k.type_text = type_text;
  k.default_text = default_text;
  k.meaning = meaning;
  k.read = read;
  k.write = write;
  return k;
}

ScenarioKey simple(const char* name, ScenarioKey::Type type, bool required, const char* type_text,
                   const char* default_text, const char* meaning,
                   std::optional<ScenarioValue> (*get)(const ScenarioDescription&),
                   void (*set)(ScenarioDescription&, const std::optional<ScenarioValue>&),
                   std::string (*problem)(const ScenarioValue&) = nullptr) {
  ScenarioKey k;
  k.name = name;
  k.type = type;
  k.required = required;
  k.type_text = type_text;
  k.default_text = default_text;
  k.meaning = meaning;
  k.get = get;
  k.set = set;
  k.problem = problem;
  return k;
}

ScenarioKey withEditor(ScenarioKey k, ScenarioKey::Editor editor, const char* field,
                       const char* label, const char* tip = "") {
  k.editor = editor;
  k.field = field;
  k.label = label;
  k.tip = tip;
  return k;
}

ScenarioKey withChoices(ScenarioKey k, std::vector<std::string> (*choices)()) {
  k.choices = choices;
  return k;
}

ScenarioKey withRead(ScenarioKey k, void (*read)(ScenarioKeyReader&, ScenarioDescription&)) {
  k.read = read;
  return k;
}

using T = ScenarioKey::Type;
using E = ScenarioKey::Editor;
using D = ScenarioDescription;

ScenarioKeyTable makeTable() {
  return {
      withEditor(simple("name", T::Text, false, "string", "file name without `.scenario.json`",
                        "names the output directory", getMember<&D::name>, setMember<&D::name>),
                 E::Line, "name", "Name", "Empty: the file name"),
      structured("model", true, "string or object", nullptr,
                 "a `.urdf`/`.vms.json` path **relative to the scenario file**, or an inline "
                 "`vms-model` object ([model-format.md](model-format.md))",
                 readScenarioModel, writeScenarioModel),
      simple("base", T::Text, false, "string", "the model's",
             "vehicle type override: `free`, `planar`, `ball`, `translation`, `schoenflies`, "
             "`fixed`, `gantry`, `rail`, `cylindrical`, `turntable`, `nonholonomic`",
             getBase, setBase, baseProblem),
      withEditor(
          structured("initial_state", false, "string or object", "neutral, at rest",
                     "a STATE file path (relative to the scenario file) or an inline STATE object "
                     "([contracts.md](contracts.md#state-files)), for the model **without** "
                     "reaction wheels (wheels start at `initial_speed`); its optional `tau` is "
                     "held constant and added to the controllers' torques",
                     readScenarioInitialState, writeScenarioInitialState),
          E::Custom, "", "Initial state"),
      withEditor(structured("environment", false, "object", "none (the model's own gravity)",
                            "one of `gravity`, `underwater`, `gravity_gradient` (below)",
                            readScenarioEnvironment, writeScenarioEnvironment),
                 E::JsonSection, "", "environment (gravity, underwater, orbit)"),
      withEditor(
          structured("actuators", false, "object", "none", "`reaction_wheels`, `thrusters` (below)",
                     readScenarioActuators, writeScenarioActuators),
          E::JsonSection, "", "actuators (reaction wheels, thrusters)"),
      withChoices(
          withEditor(simple("mode", T::Text, false, "string", nullptr,
                            "maneuvering mode: `floating`, `rotation-floating`, `rotation-flying`, "
                            "`translation-flying`, `flying`; checked against the actuators by "
                            "`validateActuatorConfiguration` (e.g. wheels need "
                            "`rotation-floating` or more, thrusters are rejected in `floating`)",
                            getMode, setMode, modeProblem),
                     E::Choice, "mode", "Mode"),
          modeNames),
      withEditor(structured("controllers", false, "array", "none", "summed; see below",
                            readScenarioControllers, writeScenarioControllers),
                 E::JsonSection, "", "controllers and trajectories"),
      withEditor(simple("duration", T::Number, true, "number", nullptr,
                        "s (≥ 0); the last step is shortened to land on it",
                        getMember<&D::duration>, setMember<&D::duration>, durationProblem),
                 E::Line, "duration", "Duration (s)", "Simulated time"),
      withEditor(simple("dt", T::Number, false, "number", nullptr,
                        "integration step, s (the output interval for `rk45`)", getMember<&D::dt>,
                        setMember<&D::dt>, positiveProblem),
                 E::Line, "dt", "dt (s)", "Integrator step (at most 0.5 s)"),
      simple("control_period", T::Number, false, "number", "`dt`",
             "controllers run every `control_period` (a whole multiple of `dt`), output held in "
             "between (zero-order hold)",
             getMember<&D::control_period>, setMember<&D::control_period>, positiveProblem),
      withChoices(
          withEditor(
              simple("integrator", T::Text, false, "string", nullptr,
                     "`rk4`, `rk45`, `euler`, `momentum-rk4` (not for a `nonholonomic` "
                     "vehicle: an error naming the key)",
                     getMember<&D::integrator>, setMember<&D::integrator>, integratorProblem),
              E::Choice, "integrator", "Integrator"),
          integratorNames),
      withRead(
          withChoices(
              withEditor(
                  simple("solver", T::Text, false, "string", "`aba` (`base-invariant` with `root`)",
                         "a registered solver ([solvers.md](solvers.md)): `aba`, `crba`, "
                         "`quasi-lagrange`, …",
                         getMember<&D::solver>, setMember<&D::solver>, solverProblem),
                  E::Choice, "solver", "Solver"),
              solverNames),
          readScenarioSolver),
      simple("root", T::Text, false, "string", "none (the vehicle)",
             "*extension*: the `base-invariant` solver with this link (or fused link, or frame: "
             "its link) as the root of its recursions (seed 002, Appendix A; `vms … --root "
             "LINK` in a file): the same motion, results in the model's own coordinates. Needs "
             "a free vehicle; `solver` absent or `base-invariant`; an unknown link (the message "
             "lists them), another vehicle type or another solver is an error at `root`",
             getMember<&D::root>, setMember<&D::root>),
      withEditor(simple("output_every", T::WholeNumber, false, "integer", nullptr,
                        "a CSV row every K steps (and the final time)", getMember<&D::output_every>,
                        setMember<&D::output_every>, outputEveryProblem),
                 E::Line, "outputEvery", "Output every",
                 "Write every k-th step to the CSV of vms run"),
      structured("analysis", false, "object", "none",
                 "extra per-step analysis in the output of `vms run` (below)", readScenarioAnalysis,
                 writeScenarioAnalysis),
  };
}

std::string formatNumber(double x, ScenarioKey::Type type) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, type == ScenarioKey::Type::WholeNumber ? "%.0f" : "%.15g",
                x);
  return buffer;
}

}  // namespace

const ScenarioKeyTable& scenarioKeys() {
  static const ScenarioKeyTable table = makeTable();
  return table;
}

const ScenarioKey* findScenarioKey(const std::string& name, const ScenarioKeyTable& keys) {
  for (const ScenarioKey& k : keys)
    if (name == k.name) return &k;
  return nullptr;
}

const ScenarioKey* findScenarioField(const std::string& field, const ScenarioKeyTable& keys) {
  for (const ScenarioKey& k : keys)
    if (*k.field && field == k.field) return &k;
  return nullptr;
}

void checkScenarioKeyValues(const ScenarioDescription& d, const ScenarioKeyTable& keys) {
  for (const ScenarioKey& k : keys) {
    if (!k.get || !k.problem) continue;
    if (const auto v = k.get(d))
      if (const std::string problem = k.problem(*v); !problem.empty())
        throw ModelError(d.source + ": " + k.name + ": " + problem);
  }
}

std::string scenarioKeyDefaultText(const ScenarioKey& key) {
  if (key.default_text) return key.default_text;
  if (key.required) return "required";
  const auto v = key.get ? key.get(ScenarioDescription{}) : std::nullopt;
  if (!v) return "none";
  if (const auto* s = std::get_if<std::string>(&*v)) return "`" + *s + "`";
  return formatNumber(std::get<double>(*v), key.type);
}

std::string scenarioKeyTableMarkdown(const ScenarioKeyTable& keys) {
  std::string md = "| key | type | default | meaning |\n| --- | --- | --- | --- |\n";
  for (const ScenarioKey& k : keys)
    md += std::string("| `") + k.name + "` | " + k.type_text + " | " + scenarioKeyDefaultText(k) +
          " | " + k.meaning + " |\n";
  return md;
}

}  // namespace vms
