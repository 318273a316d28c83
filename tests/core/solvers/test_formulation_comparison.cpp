// FormulationComparison (core/solvers/formulation_comparison): registered solvers agree with
// aba on the same state (relative difference <= 1e-9), a printed erratum does not, the
// reference is aba's own accelerations, times are positive, a solver that does not handle the
// model is refused with the registry's reason, and removing one drops its result.
#include <QtTest>
#include <cmath>

#include "core/algorithms/aba.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "core/solvers/formulation_comparison.hpp"

using namespace vms;

class TestFormulationComparison : public QObject {
  Q_OBJECT
 private slots:
  void relativeDifferenceIsScaled() {
    VecX a(2), b(2);
    a << 3.0, 4.0;
    b << 0.0, 0.0;
    QCOMPARE(relativeDifference(a, b), 5.0);  // near rest: absolute
    b << 30.0, 40.0;
    QCOMPARE(relativeDifference(a, b), 45.0 / 50.0);
    QVERIFY(std::isnan(relativeDifference(a, VecX(3))));
  }

  void comparesOnTheSameState() {
    RandomTreeOptions o;
    o.bodies = 6;
    o.seed = 5;
    ModelDescription d = randomTree(o);
    d.gravity = Vec3(0, 0, -9.81);
    const Model model = compileModel(d);
    const State state = randomState(model, 9);
    VecX tau(model.njoints);
    for (int j = 0; j < model.njoints; ++j) tau[j] = std::cos(1.0 + j);
    FormulationComparison c(model);
    for (const std::string& name : solverNames())
      if (name != defaultSolverName()) c.add(name);
    c.add("lagrange-poincare/printed-nhat");
    c.add("crba");  // a no-op: already there
    QCOMPARE(c.ids().size(), solverNames().size());
    c.compare(state, tau, ExternalForces{});
    Data data(model);
    aba(model, data, state, tau, ExternalForces{});
    VecX a(model.nv);
    a << data.base_twist_dot.head(model.base_dof), data.qdd;
    QVERIFY((c.reference() - a).norm() <= 1e-12 * std::max(1.0, a.norm()));
    QVERIFY(c.abaNanosecondsPerCall() > 0.0);
    for (const auto& r : c.results()) {
      qInfo("%-32s %.3g  %.2f us", r.id.c_str(), r.relative_difference,
            r.nanoseconds_per_call / 1000.0);
      QVERIFY(r.nanoseconds_per_call > 0.0);
      if (r.erratum)
        QVERIFY2(r.relative_difference > 1e-3, r.id.c_str());
      else
        QVERIFY2(r.relative_difference <= 1e-9, r.id.c_str());
    }
    QVERIFY(!c.intermediates("crba").empty());
    c.remove("crba");
    QVERIFY(!c.contains("crba"));
    for (const auto& r : c.results()) QVERIFY(r.id != "crba");
  }

  void refusesWhatDoesNotFit() {
    RandomTreeOptions o;
    o.base = BaseType::Planar;
    const Model planar = compileModel(randomTree(o));
    FormulationComparison c(planar);
    try {
      c.add("barycentric");
      QFAIL("barycentric accepted a planar vehicle");
    } catch (const std::invalid_argument& e) {
      QVERIFY(std::string(e.what()).find("barycentric") != std::string::npos);
    }
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, c.add("no-such-solver"));
    QVERIFY(c.ids().empty());
  }
};

QTEST_GUILESS_MAIN(TestFormulationComparison)
#include "test_formulation_comparison.moc"
