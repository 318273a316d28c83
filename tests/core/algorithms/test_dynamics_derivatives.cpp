// Analytic derivatives of inverse and forward dynamics on the vehicle's group against central
// differences of rnea() and aba() on the group (g <- g exp(T delta), q <- q + dq, nu <- nu + dnu),
// with a step study showing the differences converge to them at second order; the mass matrix
// against crba(); the joint-force and wrench derivatives against M^-1; no heap allocation.
#include <functional>

#include "allocation_counter.hpp"
#include "core/algorithms/aba_derivatives.hpp"
#include "core/algorithms/crba.hpp"
#include "core/algorithms/rnea.hpp"
#include "core/model/base_type.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

const BaseType kAllBases[] = {BaseType::Free,        BaseType::Planar,      BaseType::Ball,
                              BaseType::Translation, BaseType::Schoenflies, BaseType::Fixed,
                              BaseType::Gantry,      BaseType::Rail,        BaseType::Cylindrical,
                              BaseType::Turntable,   BaseType::Nonholonomic};

// A random tree with gravity, prismatic joints and a nontrivial state.
ModelDescription treeWithGravity(BaseType base, std::uint64_t seed, int bodies, bool chain) {
  RandomTreeOptions o;
  o.bodies = bodies;
  o.base = base;
  o.seed = seed;
  o.chain = chain;
  o.prismatic_fraction = 0.3;
  ModelDescription d = randomTree(o);
  d.gravity = Vec3(0.3, -0.8, -9.81);
  return d;
}

// The state moved along column `col` of [delta; q] by h.
State moveConfiguration(const Model& m, const Mat6X& T, const State& s, int col, double h) {
  State out = s;
  const int t = static_cast<int>(T.cols());
  if (col < t) {
    const Pose g = s.basePose();
    const Pose step = se3Exp(T.col(col) * h);
    const Pose moved{g.R * step.R, g.R * step.p + g.p};
    out.base_orientation = Quat(moved.R).normalized();
    out.base_position = moved.p;
  } else {
    out.q[col - t] += h;
  }
  (void)m;
  return out;
}

State moveVelocity(const Model& m, const State& s, int col, double h) {
  State out = s;
  VecX nu = s.generalizedVelocity(m);
  nu[col] += h;
  out.setGeneralizedVelocity(m, nu);
  return out;
}

VecX forwardAcceleration(const Model& m, Data& data, const State& s, const VecX& tau,
                         const ExternalForces& ext) {
  aba(m, data, s, tau, ext);
  VecX nudot(m.nv);
  nudot.head(m.base_dof) = m.base_basis.transpose() * data.base_twist_dot;
  nudot.tail(m.njoints) = data.qdd;
  return nudot;
}

VecX generalizedForce(const Model& m, Data& data, const State& s, const Vec6& twist_dot,
                      const VecX& qdd, const ExternalForces& ext) {
  rnea(m, data, s, twist_dot, qdd, ext);
  VecX f(m.nv);
  f.head(m.base_dof) = data.base_force;
  f.tail(m.njoints) = data.tau;
  return f;
}

// Central differences of f along `cols` columns, each column built by move(col, h).
MatX centralDifferences(int rows, int cols, double h,
                        const std::function<VecX(int col, double h)>& value) {
  MatX J(rows, cols);
  for (int c = 0; c < cols; ++c) J.col(c) = (value(c, h) - value(c, -h)) / (2.0 * h);
  return J;
}

double relativeMatrixError(const MatX& a, const MatX& b) {
  return (a - b).cwiseAbs().maxCoeff() / std::max(1.0, b.cwiseAbs().maxCoeff());
}

struct Point {
  Model model;
  State state;
  VecX tau;
  std::vector<Vec6> body_forces;
  ExternalForces external;
};

Point makePoint(const ModelDescription& d, std::uint64_t seed, bool with_external) {
  Point p{compileModel(d), {}, {}, {}, {}};
  p.state = randomState(p.model, seed);
  srand(static_cast<unsigned>(seed));
  p.tau = VecX::Random(p.model.njoints) * 3.0;
  if (with_external) {
    p.body_forces.resize(static_cast<std::size_t>(p.model.nbodies));
    for (Vec6& f : p.body_forces) f = Vec6::Random();
    p.external.body_forces_world = &p.body_forces;
    p.external.base_wrench_body = Vec6::Random() * 2.0;
  }
  return p;
}

// The forward-dynamics derivatives of a point against central differences with step h:
// the largest relative error over ddq_dq, ddq_dv and ddq_dtau.
double forwardError(Point& p, double h, ForwardDynamicsDerivatives& fd) {
  const Model& m = p.model;
  Data data(m);
  fd.compute(m, data, p.state, p.tau, p.external);
  const Mat6X T = configurationTangentBasis(m);
  Data work(m);
  const MatX dq = centralDifferences(m.nv, fd.ddqDq().cols(), h, [&](int c, double s) {
    return forwardAcceleration(m, work, moveConfiguration(m, T, p.state, c, s), p.tau, p.external);
  });
  const MatX dv = centralDifferences(m.nv, m.nv, h, [&](int c, double s) {
    return forwardAcceleration(m, work, moveVelocity(m, p.state, c, s), p.tau, p.external);
  });
  const MatX dtau = centralDifferences(m.nv, m.njoints, h, [&](int c, double s) {
    VecX tau = p.tau;
    tau[c] += s;
    return forwardAcceleration(m, work, p.state, tau, p.external);
  });
  return std::max({relativeMatrixError(fd.ddqDq(), dq), relativeMatrixError(fd.ddqDv(), dv),
                   relativeMatrixError(fd.ddqDtau(), dtau)});
}

}  // namespace

class TestDynamicsDerivatives : public QObject {
  Q_OBJECT
 private slots:
  void inverseDynamicsMatchesDifferencesOnEveryVehicle();
  void forwardDynamicsMatchesDifferencesOnEveryVehicle();
  void differencesConvergeAtSecondOrder();
  void rigidChainLanesMatchBodyByBody();
  void externalForcesAndAddedMass();
  void massMatrixAndInverseAgree();
  void wrenchDerivativesAreInverseInertiaTimesJacobian();
  void nonholonomicVehicleHasALateralTangent();
  void mimicJointsAreRefusedByName();
  void computeDoesNotAllocate();
};

void TestDynamicsDerivatives::inverseDynamicsMatchesDifferencesOnEveryVehicle() {
  std::uint64_t seed = 1;
  for (BaseType base : kAllBases) {
    for (bool chain : {false, true}) {
      Point p = makePoint(treeWithGravity(base, seed, 8, chain), seed + 100, false);
      ++seed;
      const Model& m = p.model;
      const Mat6X T = configurationTangentBasis(m);
      const Vec6 twist_dot = m.base_basis * VecX::Random(m.base_dof);
      const VecX qdd = VecX::Random(m.njoints);
      Data data(m);
      InverseDynamicsDerivatives id(m);
      id.compute(m, data, p.state, twist_dot, qdd, p.external);
      Data work(m);
      const double h = 1e-5;
      const MatX dq = centralDifferences(m.nv, id.dtauDq().cols(), h, [&](int c, double s) {
        return generalizedForce(m, work, moveConfiguration(m, T, p.state, c, s), twist_dot, qdd,
                                p.external);
      });
      const MatX dv = centralDifferences(m.nv, m.nv, h, [&](int c, double s) {
        return generalizedForce(m, work, moveVelocity(m, p.state, c, s), twist_dot, qdd,
                                p.external);
      });
      const std::string where = toString(base) + (chain ? " chain" : " tree");
      QVERIFY2(relativeMatrixError(id.dtauDq(), dq) < 1e-7, ("dtau/dq, " + where).c_str());
      QVERIFY2(relativeMatrixError(id.dtauDv(), dv) < 1e-7, ("dtau/dv, " + where).c_str());
      QVERIFY2(dq.cwiseAbs().maxCoeff() > 1e-2, ("dtau/dq is not trivial, " + where).c_str());
    }
  }
}

void TestDynamicsDerivatives::forwardDynamicsMatchesDifferencesOnEveryVehicle() {
  std::uint64_t seed = 40;
  for (BaseType base : kAllBases) {
    for (bool chain : {false, true}) {
      Point p = makePoint(treeWithGravity(base, seed, 9, chain), seed + 7, false);
      ++seed;
      ForwardDynamicsDerivatives fd(p.model);
      const double err = forwardError(p, 1e-5, fd);
      const std::string where = toString(base) + (chain ? " chain" : " tree");
      QVERIFY2(err < 1e-6, (where + ": " + std::to_string(err)).c_str());
      QVERIFY(fd.ddqDq().cwiseAbs().maxCoeff() > 1e-2);
    }
  }
}

// A rigid chain of four or more joints with no external forces takes the eight-lane paths
// (full and partial blocks of joints); zero world external forces send the same point through
// the body-by-body path, whose results must agree to rounding.
void TestDynamicsDerivatives::rigidChainLanesMatchBodyByBody() {
  std::uint64_t seed = 70;
  for (BaseType base : kAllBases) {
    for (int joints : {4, 8, 13, 21}) {
      Point p = makePoint(treeWithGravity(base, seed, joints + 1, true), seed + 3, false);
      ++seed;
      const Model& m = p.model;
      Data data(m), other(m);
      ForwardDynamicsDerivatives lanes(m), bodies(m);
      lanes.compute(m, data, p.state, p.tau);
      const std::vector<Vec6> zero(static_cast<std::size_t>(m.nbodies), Vec6::Zero());
      ExternalForces none;
      none.body_forces_world = &zero;
      bodies.compute(m, other, p.state, p.tau, none);
      const std::string where = toString(base) + ", " + std::to_string(joints) + " joints";
      const double err = std::max(
          {relativeMatrixError(lanes.ddqDq(), bodies.ddqDq()),
           relativeMatrixError(lanes.ddqDv(), bodies.ddqDv()),
           relativeMatrixError(lanes.inverseDynamics().dtauDq(), bodies.inverseDynamics().dtauDq()),
           relativeMatrixError(lanes.inverseDynamics().dtauDv(),
                               bodies.inverseDynamics().dtauDv())});
      QVERIFY2(err < 1e-12,
               qPrintable(QString::fromStdString(where) + ": " + QString::number(err, 'g', 3)));
      QVERIFY2(lanes.inverseDynamics().dtauDq().cwiseAbs().maxCoeff() > 1e-2, where.c_str());
    }
  }
}

// The central-difference error falls as h^2 from h = 1e-2 to 1e-4: the analytic derivative is
// the limit the differences converge to, not a nearby matrix.
void TestDynamicsDerivatives::differencesConvergeAtSecondOrder() {
  Point p = makePoint(treeWithGravity(BaseType::Free, 3, 10, false), 11, true);
  ForwardDynamicsDerivatives fd(p.model);
  const double e2 = forwardError(p, 1e-2, fd);
  const double e3 = forwardError(p, 1e-3, fd);
  const double e4 = forwardError(p, 1e-4, fd);
  qInfo("central-difference error: h=1e-2 %.3g, 1e-3 %.3g, 1e-4 %.3g", e2, e3, e4);
  QVERIFY(e2 / e3 > 30.0 && e2 / e3 < 300.0);
  QVERIFY(e3 / e4 > 30.0 && e3 / e4 < 300.0);
  QVERIFY(e4 < 1e-7);
}

void TestDynamicsDerivatives::externalForcesAndAddedMass() {
  for (BaseType base : {BaseType::Free, BaseType::Planar, BaseType::Fixed}) {
    ModelDescription d = treeWithGravity(base, 21, 7, false);
    for (std::size_t k = 0; k < d.links.size(); k += 2) {
      Mat6 A = Mat6::Random() * 0.3;
      A = A * A.transpose() + 0.1 * Mat6::Identity();
      d.added_mass.push_back({d.links[k].name, A});
    }
    Point p = makePoint(d, 5, true);
    QVERIFY(p.model.hasAddedMass());
    ForwardDynamicsDerivatives fd(p.model);
    const double err = forwardError(p, 1e-5, fd);
    QVERIFY2(err < 1e-6, (toString(base) + ": " + std::to_string(err)).c_str());
  }
}

// On a tree and on a chain (whose composites take the eight-lane path).
void TestDynamicsDerivatives::massMatrixAndInverseAgree() {
  for (BaseType base : {BaseType::Free, BaseType::Schoenflies, BaseType::Fixed})
    for (bool chain : {false, true}) {
      Point p = makePoint(treeWithGravity(base, 9, 12, chain), 3, false);
      const Model& m = p.model;
      Data data(m);
      ForwardDynamicsDerivatives fd(m);
      fd.compute(m, data, p.state, p.tau);
      Data reference(m);
      crba(m, reference, p.state);
      // M comes from the inverse-dynamics derivatives; the forward ones factorise M instead.
      InverseDynamicsDerivatives id(m);
      Data id_data(m);
      id.compute(m, id_data, p.state, Vec6::Zero(), fd.acceleration().tail(m.njoints));
      VMS_COMPARE_REL(id.massMatrix(), reference.M, 1e-13);
      QVERIFY(fd.inverseDynamics().massMatrix().isZero(0.0));
      const MatX Minv = reference.M.inverse();
      VMS_COMPARE_REL(fd.ddqDtau(), MatX(Minv.rightCols(m.njoints)), 1e-10);
      // solveInertia applies M^-1 to any block of columns (more than one block of eight).
      MatX X = MatX::Random(m.nv, 19);
      const MatX expected = Minv * X;
      fd.solveInertia(m, data, X);
      VMS_COMPARE_REL(X, expected, 1e-10);
    }
}

void TestDynamicsDerivatives::wrenchDerivativesAreInverseInertiaTimesJacobian() {
  Point p = makePoint(treeWithGravity(BaseType::Free, 13, 8, false), 2, true);
  const Model& m = p.model;
  Data data(m);
  ForwardDynamicsDerivatives fd(m);
  fd.compute(m, data, p.state, p.tau, p.external);
  Data work(m);
  const double h = 1e-5;
  const MatX dbase = centralDifferences(m.nv, 6, h, [&](int c, double s) {
    ExternalForces e = p.external;
    e.base_wrench_body[c] += s;
    return forwardAcceleration(m, work, p.state, p.tau, e);
  });
  QVERIFY(relativeMatrixError(fd.ddqDbaseWrench(), dbase) < 1e-7);
  for (int body : {m.nbodies - 1, 3, 0}) {
    MatX analytic(m.nv, 6);
    fd.bodyWrenchDerivative(m, data, body, analytic);
    const MatX numeric = centralDifferences(m.nv, 6, h, [&](int c, double s) {
      std::vector<Vec6> forces = p.body_forces;
      forces[static_cast<std::size_t>(body)][c] += s;
      ExternalForces e = p.external;
      e.body_forces_world = &forces;
      return forwardAcceleration(m, work, p.state, p.tau, e);
    });
    QVERIFY2(relativeMatrixError(analytic, numeric) < 1e-7, std::to_string(body).c_str());
  }
}

// The nonholonomic vehicle's pose moves sideways (the bracket of its forward and turning
// directions) though its velocity cannot: the configuration derivative has that extra column.
void TestDynamicsDerivatives::nonholonomicVehicleHasALateralTangent() {
  const Model m = compileModel(treeWithGravity(BaseType::Nonholonomic, 4, 6, true));
  QCOMPARE(m.base_dof, 2);
  const Mat6X T = configurationTangentBasis(m);
  QCOMPARE(T.cols(), Eigen::Index(3));
  QVERIFY(T.col(1) == Vec6::Unit(1));
  ForwardDynamicsDerivatives fd(m);
  QCOMPARE(fd.ddqDq().cols(), Eigen::Index(3 + m.njoints));
  for (BaseType base : kAllBases)
    if (base != BaseType::Nonholonomic) {
      RandomTreeOptions o;
      o.base = base;
      const Model mb = compileModel(randomTree(o));
      QVERIFY(configurationTangentBasis(mb) == mb.base_basis);
    }
}

void TestDynamicsDerivatives::mimicJointsAreRefusedByName() {
  ModelDescription d = treeWithGravity(BaseType::Free, 2, 5, true);
  JointDescription* follower = nullptr;
  std::string leader;
  for (JointDescription& j : d.joints)
    if (j.kind != JointKind::Fixed) {
      if (leader.empty())
        leader = j.name;
      else if (!follower)
        follower = &j;
    }
  QVERIFY(follower);
  follower->has_mimic = true;
  follower->mimic.joint = leader;
  const Model m = compileModel(d);
  QVERIFY(m.hasCouplings());
  Data data(m);
  ForwardDynamicsDerivatives fd(m);
  try {
    fd.compute(m, data, State::neutral(m), VecX::Zero(m.njoints));
    QFAIL("mimic joints accepted");
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();
    QVERIFY2(what.find("mimic") != std::string::npos, e.what());
    QVERIFY2(what.find(follower->name) != std::string::npos, e.what());
  }
}

void TestDynamicsDerivatives::computeDoesNotAllocate() {
  if (!test::countingAvailable()) QSKIP("malloc cannot be interposed under AddressSanitizer");
  for (BaseType base : {BaseType::Free, BaseType::Planar, BaseType::Nonholonomic}) {
    Point p = makePoint(treeWithGravity(base, 8, 20, false), 4, true);
    const Model& m = p.model;
    Data data(m);
    ForwardDynamicsDerivatives fd(m);
    MatX wrench(m.nv, 6);
    fd.compute(m, data, p.state, p.tau, p.external);
    const long before = test::heapAllocations();
    fd.compute(m, data, p.state, p.tau, p.external);
    fd.bodyWrenchDerivative(m, data, m.nbodies - 1, wrench);
    QCOMPARE(test::heapAllocations(), before);
  }
}

QTEST_APPLESS_MAIN(TestDynamicsDerivatives)
#include "test_dynamics_derivatives.moc"
