// The self-describing registries (core/model/registry.hpp, core/solvers/solver_entry.hpp,
// core/integrators/integrator_entry.hpp):
// - a throwaway solver written in this file the way every solver is (a class, its entry
//   function next to it) works through a Registry: found by name, refused by vehicle type with
//   the entry's reason, its name() read from the entry, its arguments checked once by
//   ForwardDynamicsSolver::compute before its implementation runs;
// - every real entry is complete (summary, one-paragraph description, printed variants with
//   two-sentence explanations) and its factory makes a solver that answers to its name;
// - docs/extending.md's recipe holds: no file of the program (core/, ui/, app/) outside a
//   solver's or integrator's own files and the registry list names it (its registry name in
//   code, its class, its entry function or its header).
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QtTest>

#include "core/integrators/integrator_entry.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "core/solvers/solver_entry.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

// The throwaway solver: aba, counting how often its implementation runs.
class ThrowawaySolver final : public ForwardDynamicsSolver {
 public:
  ThrowawaySolver();
  int calls = 0;

 private:
  void computeWithCheckedArguments(const Model& model, Data& data, const State& state,
                                   const Eigen::Ref<const VecX>& tau,
                                   const ExternalForces& external) override {
    ++calls;
    aba(model, data, state, tau, external);
  }
};

const SolverEntry& throwawaySolverEntry() {
  static const SolverEntry entry = [] {
    SolverEntry e;
    e.name = "throwaway";
    e.summary = "A solver written in a test";
    e.description = "The articulated-body algorithm under another name.";
    e.refusals = refuseAllBut({BaseType::Free, BaseType::Planar}, "it is only a test");
    e.make = [](const Model&) -> std::unique_ptr<ForwardDynamicsSolver> {
      return std::make_unique<ThrowawaySolver>();
    };
    return e;
  }();
  return entry;
}

ThrowawaySolver::ThrowawaySolver() : ForwardDynamicsSolver(throwawaySolverEntry()) {}

QString source(const QString& relative) { return QStringLiteral(VMS_SOURCE_DIR "/") + relative; }

QString readText(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return QString::fromUtf8(f.readAll());
}

// The text without its // comments (which may mention any method by name).
QString code(const QString& text) {
  static const QRegularExpression comment(QStringLiteral("//[^\n]*"));
  QString c = text;
  return c.remove(comment);
}

// "quasiLagrange" -> "quasi_lagrange".
QString snake(const QString& camel) {
  QString s;
  for (QChar c : camel) {
    if (c.isUpper()) s += QLatin1Char('_');
    s += c.toLower();
  }
  return s;
}

// A method as its registry list names it: ENTRY(<stem>SolverEntry) or ENTRY(<stem>IntegratorEntry).
struct Listed {
  QString entry_function;  // quasiLagrangeSolverEntry
  QString class_name;      // QuasiLagrangeSolver
  QString file_stem;       // core/solvers/quasi_lagrange_ (its own files start with it)
  QString header;          // core/solvers/quasi_lagrange_solver.hpp
};

std::vector<Listed> listed(const QString& list_file, const QString& kind, const QString& folder) {
  std::vector<Listed> result;
  const QRegularExpression line(QStringLiteral("ENTRY\\((\\w+)%1Entry\\)").arg(kind));
  auto it = line.globalMatch(code(readText(source(list_file))));
  while (it.hasNext()) {
    const QString stem = it.next().captured(1);
    if (stem == QLatin1String("function")) continue;  // the macro's parameter
    Listed l;
    l.entry_function = stem + kind + "Entry";
    l.class_name = stem.left(1).toUpper() + stem.mid(1) + kind;
    l.file_stem = folder + snake(stem) + "_";
    l.header = folder + snake(stem) + "_" + kind.toLower() + ".hpp";
    result.push_back(l);
  }
  return result;
}

// Every C++ source of the program, relative to the source tree.
QStringList programSources() {
  QStringList files;
  for (const char* top : {"core", "ui", "app"}) {
    QDirIterator it(source(top), {"*.cpp", "*.hpp"}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) files << QDir(source("")).relativeFilePath(it.next());
  }
  return files;
}

// The files of the program that name `l` (called `name` in the registry) outside its own files,
// the registry list and `also_own`.
QStringList filesNaming(const Listed& l, const std::string& name, const QString& list_file,
                        const QStringList& also_own, const QStringList& default_fields) {
  const QRegularExpression pattern(
      QStringLiteral("\\b(%1|%2)\\b|\"%3\"|%4")
          .arg(l.class_name, l.entry_function,
               QRegularExpression::escape(QString::fromStdString(name)),
               QRegularExpression::escape(l.header)));
  QStringList found;
  for (const QString& f : programSources()) {
    if (f.startsWith(l.file_stem) || f == list_file || also_own.contains(f)) continue;
    const QString text = code(readText(source(f)));
    auto it = pattern.globalMatch(text);
    while (it.hasNext()) {
      const QRegularExpressionMatch m = it.next();
      // A scenario's default method, as a field initializer (`solver = "aba"`).
      const QString before = text.mid(std::max<qsizetype>(0, m.capturedStart() - 12), 12);
      if (m.captured(0).startsWith('"') && default_fields.contains(f) && before.contains('='))
        continue;
      found << f + ": " + m.captured(0);
      break;
    }
  }
  return found;
}

}  // namespace

class TestRegistryEntries : public QObject {
  Q_OBJECT
 private slots:
  void throwawaySolverThroughARegistry();
  void computeChecksTheArgumentsOnce();
  void registryRefusesRepeatedNames();
  void realEntriesAreComplete();
  void supportProblemWording();
  void recipeNoOtherFileNamesASolver();
  void recipeNoOtherFileNamesAnIntegrator();
};

void TestRegistryEntries::throwawaySolverThroughARegistry() {
  std::vector<SolverEntry> entries(solverRegistry().begin(), solverRegistry().end());
  entries.push_back(throwawaySolverEntry());
  const SolverRegistry registry("solver", entries);
  QCOMPARE(registry.size(), solverRegistry().size() + 1);
  QCOMPARE(registry.names().back(), std::string("throwaway"));
  const SolverEntry* e = registry.find("throwaway");
  QVERIFY(e);
  QVERIFY(!registry.find("no-such-solver"));
  QCOMPARE(registry.supportProblem("throwaway", BaseType::Planar), std::string());
  QCOMPARE(registry.supportProblem("throwaway", BaseType::Ball),
           std::string("solver 'throwaway' does not handle a ball vehicle: it is only a test "
                       "(it handles: free, planar)"));
  QCOMPARE(registry.supportProblem("x", BaseType::Free), std::string("unknown solver 'x'"));
  const Model model = compileModel(randomTree({}));
  auto solver = e->make(model);
  QCOMPARE(solver->name(), std::string("throwaway"));
  QCOMPARE(&solver->name(), &throwawaySolverEntry().name);  // read from the entry, not a copy
  QCOMPARE(solver->description(), std::string("A solver written in a test"));
}

void TestRegistryEntries::computeChecksTheArgumentsOnce() {
  const Model model = compileModel(randomTree({}));
  ThrowawaySolver solver;
  Data data(model);
  const State state = randomState(model, 3);
  const VecX tau = VecX::Zero(model.njoints), short_tau = VecX::Zero(model.njoints - 1);
  const std::string message =
      test::errorOf([&] { solver.compute(model, data, state, short_tau, {}); });
  QCOMPARE(message, "throwaway solver: tau has size " + std::to_string(model.njoints - 1) +
                        ", expected " + std::to_string(model.njoints) + " (model.njoints)");
  QCOMPARE(solver.calls, 0);  // refused before the implementation ran
  solver.compute(model, data, state, tau, {});
  QCOMPARE(solver.calls, 1);
  Data reference(model);
  aba(model, reference, state, tau, {});
  QVERIFY(data.qdd == reference.qdd);
}

void TestRegistryEntries::registryRefusesRepeatedNames() {
  const std::string twice = test::errorOf([] {
    SolverRegistry("solver", {throwawaySolverEntry(), throwawaySolverEntry()});
  });
  QCOMPARE(twice, std::string("solver registry: 'throwaway' is registered twice"));
  SolverEntry unnamed;
  const std::string nameless = test::errorOf([&] { SolverRegistry("solver", {unnamed}); });
  QCOMPARE(nameless, std::string("solver registry: an entry has no name"));
}

void TestRegistryEntries::realEntriesAreComplete() {
  auto checkText = [](const MethodEntry& e) {
    QVERIFY2(!e.summary.empty() && e.summary.find('\n') == std::string::npos, e.name.c_str());
    QVERIFY2(e.description.size() > 80 && e.description.find('\n') == std::string::npos,
             e.name.c_str());
    for (const VehicleRefusal& r : e.refusals) QVERIFY2(!r.reason.empty(), e.name.c_str());
    QVERIFY2(!e.supportedTypes().empty(), e.name.c_str());
  };
  for (const SolverEntry& e : solverRegistry()) {
    checkText(e);
    const BaseType type = e.supportedTypes().front();
    RandomTreeOptions o;
    o.base = type;
    const Model model = compileModel(randomTree(o));
    auto solver = makeSolver(e.name, model);
    QVERIFY2(solver && solver->name() == e.name, e.name.c_str());
    for (const PrintedVariant& v : e.printed_variants) {
      QVERIFY2(
          !v.equation.empty() && std::count(v.explanation.begin(), v.explanation.end(), '.') >= 2,
          v.name.c_str());
      const Model demo = compileModel(randomTree(v.demo));
      auto printed = v.make(demo);
      QVERIFY2(printed && printed->name() == e.name, v.name.c_str());
      QVERIFY2(printed->description().find(v.name) != std::string::npos ||
                   printed->description().find("PRINTED") != std::string::npos,
               printed->description().c_str());
    }
  }
  for (const IntegratorEntry& e : integratorRegistry()) {
    checkText(e);
    RandomTreeOptions o;
    o.base = e.supportedTypes().front();
    auto integrator = makeIntegrator(e.name, compileModel(randomTree(o)));
    QVERIFY2(integrator && integrator->name() == e.name, e.name.c_str());
  }
  QCOMPARE(defaultSolverName(), std::string("aba"));
  QCOMPARE(defaultIntegratorName(), std::string("rk4"));
}

void TestRegistryEntries::supportProblemWording() {
  QCOMPARE(solverSupportProblem("barycentric", BaseType::Planar),
           std::string("solver 'barycentric' does not handle a planar vehicle: seed 003's "
                       "centre-of-mass split needs an unconstrained vehicle (it handles: free)"));
  QCOMPARE(integratorSupportProblem("momentum-rk4", BaseType::Nonholonomic),
           std::string("integrator 'momentum-rk4' does not handle a nonholonomic vehicle: a "
                       "nonholonomic constraint changes the momentum it carries (it handles: "
                       "free, planar, ball, translation, schoenflies, fixed, gantry, rail, "
                       "cylindrical, turntable)"));
  QVERIFY(solverSupportProblem("aba", BaseType::Nonholonomic).empty());
}

// The scenario's default solver and integrator are field initializers there.
const QStringList kDefaultFields = {"core/scenario/scenario_description.hpp",
                                    "core/scenario/scenario.hpp"};

void TestRegistryEntries::recipeNoOtherFileNamesASolver() {
  const QString list = "core/solvers/solver_registry.cpp";
  const std::vector<Listed> solvers = listed(list, "Solver", "core/solvers/");
  QCOMPARE(solvers.size(), solverRegistry().size());
  for (std::size_t i = 0; i < solvers.size(); ++i) {
    const std::string& name = solverRegistry().entries()[i].name;
    // The entry is written next to the class: its .cpp holds the entry function and the name.
    const QString own_cpp = readText(source(solvers[i].file_stem + "solver.cpp"));
    QVERIFY2(own_cpp.contains("const SolverEntry& " + solvers[i].entry_function + "()") &&
                 own_cpp.contains("e.name = \"" + QString::fromStdString(name) + "\";"),
             qPrintable(solvers[i].file_stem));
    // The Root selector is base-invariant's own feature (seed 002, Appendix A).
    const QStringList also_own =
        name == "base-invariant"
            ? QStringList{"core/solvers/rooted_solver.hpp", "core/solvers/rooted_solver.cpp"}
            : QStringList{};
    const QStringList found = filesNaming(solvers[i], name, list, also_own, kDefaultFields);
    QVERIFY2(found.isEmpty(),
             qPrintable(QString::fromStdString(name) + " is named in " + found.join(", ")));
  }
}

void TestRegistryEntries::recipeNoOtherFileNamesAnIntegrator() {
  const QString list = "core/integrators/integrator_registry.cpp";
  const std::vector<Listed> integrators = listed(list, "Integrator", "core/integrators/");
  QCOMPARE(integrators.size(), integratorRegistry().size());
  for (std::size_t i = 0; i < integrators.size(); ++i) {
    const std::string& name = integratorRegistry().entries()[i].name;
    const QString own_cpp = readText(source(integrators[i].file_stem + "integrator.cpp"));
    QVERIFY2(own_cpp.contains("const IntegratorEntry& " + integrators[i].entry_function + "()") &&
                 own_cpp.contains("e.name = \"" + QString::fromStdString(name) + "\";"),
             qPrintable(integrators[i].file_stem));
    const QStringList found = filesNaming(integrators[i], name, list, {}, kDefaultFields);
    QVERIFY2(found.isEmpty(),
             qPrintable(QString::fromStdString(name) + " is named in " + found.join(", ")));
  }
}

QTEST_GUILESS_MAIN(TestRegistryEntries)
#include "test_registry_entries.moc"
