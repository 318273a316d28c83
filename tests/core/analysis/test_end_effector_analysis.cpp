// End-effector analysis (core/analysis/end_effector_analysis.hpp) against independent
// computations on random trees of every vehicle type:
// - Jacobians by central finite differences of the end-effector position (joints: q +- h e_k;
//   vehicle: pose g exp(+-h iota0_k)), the mass matrix from the kinetic energy of unit
//   generalized velocities (computeMomentum, no crba), J* = Jm - Jb Mbb^-1 Mbm from those;
// - manipulabilities = prod of singular values (JacobiSVD), velocity ellipsoids as
//   axes diag(r^2) axes^T = J_v J_v^T, inertia ellipsoid as axes diag(r^2) axes^T =
//   J_v M^-1 J_v^T (vehicle free), effective masses = 1 / eigenvalues, dynamic singularity
//   ratio = w(J*) / w(Jm);
// - the reaction wrench on a free vehicle = rate of change of the vehicle's own momentum
//   (bodiesMomentum) by a central difference of two RK4 steps (+-h), no gravity;
// - defaultEndEffectorFrame on hand-made models (named frames, longest chain, no joints).
#include <Eigen/Eigenvalues>
#include <Eigen/SVD>
#include <cmath>

#include "core/actuators/reaction_wheel.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/momentum.hpp"
#include "core/analysis/dynamic_singularity.hpp"
#include "core/analysis/end_effector_analysis.hpp"
#include "core/integrators/integrator.hpp"
#include "core/integrators/lie_rk.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "test_models.hpp"
#include "test_support.hpp"

using namespace vms;
using test::kAllBases;

namespace {

Vec3 endEffectorPosition(const Model& m, const State& s, int frame) {
  Data d(m);
  forwardKinematics(m, d, s);
  return framePose(m, d, frame).p;
}

/// Translational Jacobian [Jb Jm] (3 x nv) by central differences.
MatX finiteDifferenceJacobian(const Model& m, const State& s, int frame) {
  const double h = 1e-6;
  MatX J(3, m.nv);
  for (int k = 0; k < m.base_dof; ++k) {
    State p = s, n = s;
    composeExp(s, h * Vec6(m.base_basis.col(k)), p);
    composeExp(s, -h * Vec6(m.base_basis.col(k)), n);
    J.col(k) = (endEffectorPosition(m, p, frame) - endEffectorPosition(m, n, frame)) / (2 * h);
  }
  for (int j = 0; j < m.njoints; ++j) {
    State p = s, n = s;
    p.q[j] += h;
    n.q[j] -= h;
    J.col(m.base_dof + j) =
        (endEffectorPosition(m, p, frame) - endEffectorPosition(m, n, frame)) / (2 * h);
  }
  return J;
}

/// Mass matrix from kinetic energies: M_ii = 2 T(e_i), M_ij = T(e_i + e_j) - T(e_i) - T(e_j).
MatX massMatrixFromEnergy(const Model& m, const State& s) {
  Data d(m);
  auto energy = [&](const VecX& nu) {
    State x = s;
    x.setGeneralizedVelocity(m, nu);
    computeKinematics(m, d, x);
    return computeMomentum(m, d).kinetic_energy;
  };
  const int nv = m.nv;
  VecX T1(nv);
  for (int i = 0; i < nv; ++i) T1[i] = energy(VecX::Unit(nv, i));
  MatX M(nv, nv);
  for (int i = 0; i < nv; ++i) {
    M(i, i) = 2 * T1[i];
    for (int j = 0; j < i; ++j)
      M(i, j) = M(j, i) = energy(VecX::Unit(nv, i) + VecX::Unit(nv, j)) - T1[i] - T1[j];
  }
  return M;
}

double yoshikawa(const MatX& J) {
  if (J.cols() < J.rows()) return 0.0;
  return Eigen::JacobiSVD<MatX>(J).singularValues().prod();
}

/// axes diag(r^2) axes^T.
Mat3 ellipsoidMatrix(const EllipsoidGeometry& e) {
  return e.axes * e.radii.cwiseAbs2().asDiagonal() * e.axes.transpose();
}

double relative(const MatX& a, const MatX& b) {
  return (a - b).cwiseAbs().maxCoeff() / std::max(1e-300, b.cwiseAbs().maxCoeff());
}

bool rightHandedOrthonormal(const Mat3& A) {
  return (A.transpose() * A - Mat3::Identity()).cwiseAbs().maxCoeff() < 1e-12 &&
         std::abs(A.determinant() - 1.0) < 1e-12;
}

Model makeModel(BaseType base, std::uint64_t seed, double gravity = 0.0) {
  Model m = compileModel(test::randomDescription(base, seed, seed % 2 == 1, 6, 1));
  m.gravity = Vec3(0, 0, -gravity);
  return m;
}

LinkDescription massive(const std::string& name) {
  return test::link(name, 1.0, Vec3(0.1, 0, 0), Vec3(0.1, 0.1, 0.1));
}

}  // namespace

class TestEndEffectorAnalysis : public QObject {
  Q_OBJECT
 private slots:
  void againstFiniteDifferencesAndEnergyMassMatrix() {
    double worst = 0.0;
    int cases = 0, regular = 0;
    for (BaseType base : kAllBases) {
      for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        const Model m = makeModel(base, seed);
        const State s = randomState(m, seed + 100);
        EndEffectorAnalyzer analyzer(m);
        QVERIFY(analyzer.frame() >= 0);
        EndEffectorAnalysis a;
        analyzer.compute(s, VecX::Zero(m.njoints), a);
        QCOMPARE(a.frame, analyzer.frame());
        QVERIFY((a.position - endEffectorPosition(m, s, a.frame)).norm() == 0.0);

        const MatX J = finiteDifferenceJacobian(m, s, a.frame);
        const MatX M = massMatrixFromEnergy(m, s);
        const int b = m.base_dof, n = m.njoints;
        const MatX Jb = J.leftCols(b), Jm = J.rightCols(n);
        MatX Jstar = Jm;
        if (b > 0) Jstar -= Jb * M.topLeftCorner(b, b).llt().solve(M.topRightCorner(b, n));
        const double w_fixed = yoshikawa(Jm), w_float = yoshikawa(Jstar);
        const Mat3 Mv = J * M.llt().solve(J.transpose());

        // w relative to sigma_max^3 (w itself vanishes when the chain to the end-effector has
        // fewer than 3 joints).
        const Eigen::JacobiSVD<MatX> svd_fixed(Jm);
        const double scale_fixed = std::pow(svd_fixed.singularValues()[0], 3);
        const double scale_float = std::pow(Eigen::JacobiSVD<MatX>(Jstar).singularValues()[0], 3);
        const double e_wf = std::abs(a.manipulability_fixed - w_fixed) / scale_fixed;
        const double e_ws = std::abs(a.manipulability_floating - w_float) / scale_float;
        const bool jm_regular =
            Jm.cols() >= 3 && svd_fixed.singularValues()[2] > 1e-6 * svd_fixed.singularValues()[0];
        const double e_vf = relative(ellipsoidMatrix(a.velocity_fixed), Jm * Jm.transpose());
        const double e_vs =
            relative(ellipsoidMatrix(a.velocity_floating), Jstar * Jstar.transpose());
        const double e_in = relative(ellipsoidMatrix(a.inertia), Mv);
        Eigen::SelfAdjointEigenSolver<Mat3> es(Mv);
        // Effective masses 1 / mu (ascending mobility); where the point cannot move (mu = 0 up
        // to finite-difference noise) the mass must be huge or infinite.
        const Vec3 mu = es.eigenvalues();
        double e_em = 0.0;
        for (int i = 0; i < 3; ++i) {
          if (mu[i] > 1e-6 * mu[2])
            e_em = std::max(e_em, std::abs(a.effective_masses[i] * mu[i] - 1.0));
          else if (!(a.effective_masses[i] * mu[2] > 1e5))
            e_em = 1.0;
        }
        // The ratio: defined exactly where Jm's translational rows are regular.
        const double e_ds = jm_regular ? std::abs(a.dynamic_singularity - w_float / w_fixed)
                            : std::isnan(a.dynamic_singularity) ? 0.0
                                                                : 1.0;
        const double err = std::max({e_wf, e_ws, e_vf, e_vs, e_in, e_em, e_ds});
        worst = std::max(worst, err);
        ++cases;
        if (!(err <= 1e-7))
          QFAIL(qPrintable(QString("%1 seed %2: w %3 %4, velocity ellipsoids %5 %6, inertia %7 "
                                   "masses %8, ratio %9")
                               .arg(toString(base).c_str())
                               .arg(seed)
                               .arg(e_wf)
                               .arg(e_ws)
                               .arg(e_vf)
                               .arg(e_vs)
                               .arg(e_in)
                               .arg(e_em)
                               .arg(e_ds)));
        for (const EllipsoidGeometry* e : {&a.velocity_fixed, &a.velocity_floating, &a.inertia}) {
          QVERIFY(e->valid);
          QVERIFY(e->center == a.position);
          QVERIFY(rightHandedOrthonormal(e->axes));
        }
        // Radii sorted as the singular values (descending) for the velocity ellipsoids.
        QVERIFY(a.velocity_fixed.radii[0] >= a.velocity_fixed.radii[2]);
        if (jm_regular) ++regular;
        if (base == BaseType::Fixed) {
          QCOMPARE(a.manipulability_floating, a.manipulability_fixed);
          if (jm_regular) QCOMPARE(a.dynamic_singularity, 1.0);
        }
      }
    }
    qInfo("%d cases (%d with a regular Jm), largest relative error %.3g", cases, regular, worst);
    QVERIFY(regular >= cases / 2);
  }

  void reactionWheelsAreNotArmJoints() {
    // Wheels on the vehicle: the measures use the arm's columns of Jm and J* (wheel rates 0);
    // J* still comes from the full mass matrix (the wheels' inertia is the vehicle's).
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      ModelDescription d = test::randomDescription(BaseType::Free, seed, true, 5, 0);
      std::vector<ReactionWheelSpec> wheels(3);
      for (int k = 0; k < 3; ++k) {
        wheels[k].name = "wheel" + std::to_string(k);
        wheels[k].axis = Vec3::Unit(k);
        wheels[k].position = Vec3(0.1 * k, -0.2, 0.05);
        wheels[k].mass = 2.0;
        wheels[k].spin_inertia = 0.05;
        wheels[k].transverse_inertia = 0.03;
      }
      addReactionWheels(d, wheels);
      const Model m = compileModel(d);
      const std::vector<int> wheel_joints = reactionWheelJoints(m, wheels);
      State s = randomState(m, seed + 40);
      EndEffectorAnalyzer analyzer(m, -1, wheel_joints);
      EndEffectorAnalysis a;
      analyzer.compute(s, VecX::Zero(m.njoints), a);
      QCOMPARE(a.task_dimension, 3);
      const MatX J = finiteDifferenceJacobian(m, s, a.frame);
      const MatX M = massMatrixFromEnergy(m, s);
      const int b = m.base_dof, n = m.njoints;
      const MatX Jm = J.rightCols(n);
      const MatX Jstar =
          Jm - J.leftCols(b) * M.topLeftCorner(b, b).llt().solve(M.topRightCorner(b, n));
      std::vector<int> arm;
      for (int j = 0; j < n; ++j)
        if (std::find(wheel_joints.begin(), wheel_joints.end(), j) == wheel_joints.end())
          arm.push_back(j);
      QCOMPARE(static_cast<int>(arm.size()), n - 3);
      MatX Jm_arm(3, arm.size()), Jstar_arm(3, arm.size());
      for (size_t c = 0; c < arm.size(); ++c) {
        Jm_arm.col(c) = Jm.col(arm[c]);
        Jstar_arm.col(c) = Jstar.col(arm[c]);
      }
      const double w_fixed = yoshikawa(Jm_arm), w_float = yoshikawa(Jstar_arm);
      QVERIFY2(
          std::abs(a.manipulability_fixed - w_fixed) <= 1e-7 * w_fixed,
          qPrintable(
              QString("seed %1: %2 vs %3").arg(seed).arg(a.manipulability_fixed).arg(w_fixed)));
      QVERIFY(std::abs(a.manipulability_floating - w_float) <= 1e-7 * w_float);
      QVERIFY(relative(ellipsoidMatrix(a.velocity_floating), Jstar_arm * Jstar_arm.transpose()) <=
              1e-7);
      // With the wheels counted as arm joints the floating measure is a different number.
      EndEffectorAnalyzer with_wheels(m);
      EndEffectorAnalysis b_all;
      with_wheels.compute(s, VecX::Zero(m.njoints), b_all);
      QVERIFY(std::abs(b_all.manipulability_floating - w_float) > 1e-3 * w_float);
    }
  }

  void reactionWrenchIsTheVehicleMomentumRate() {
    double worst = 0.0;
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      const Model m = makeModel(BaseType::Free, seed);
      const State s = randomState(m, seed + 7);
      VecX tau(m.njoints);
      for (int j = 0; j < m.njoints; ++j) tau[j] = std::cos(3.0 * j + seed);
      EndEffectorAnalyzer analyzer(m);
      EndEffectorAnalysis a;
      analyzer.compute(s, tau, a);
      // d/dt of the vehicle body's own world momentum = the wrench the arm exerts on it.
      SystemDynamics dyn(m);
      dyn.setDampingEnabled(false);
      dyn.setJointForces(tau);
      auto vehicleMomentum = [&](double dt) {
        State x = s;
        auto rk4 = makeIntegrator("rk4", m);
        rk4->advance(dyn, x, dt);
        Data d(m);
        computeKinematics(m, d, x);
        return Vec6(bodiesMomentum(d, 0, 0));
      };
      const double h = 1e-4;
      const Vec6 rate = (vehicleMomentum(h) - vehicleMomentum(-h)) / (2 * h);
      const double err = relative(a.vehicle_reaction_world, rate);
      worst = std::max(worst, err);
      QVERIFY2(err <= 1e-6, qPrintable(QString("seed %1: %2").arg(seed).arg(err)));
      QVERIFY(rate.norm() > 1e-3);
    }
    qInfo("reaction wrench vs momentum rate: largest relative error %.3g", worst);
  }

  void defaultFrameChoice() {
    // A named tool frame wins over the longest chain.
    ModelDescription d;
    d.name = "arm";
    d.links = {massive("base"), massive("a"), massive("b"),
               massive("c"),    massive("d"), massive("e")};
    d.joints = {test::revolute("j1", "base", "a", Vec3(1, 0, 0), Vec3::UnitZ()),
                test::revolute("j2", "a", "b", Vec3(1, 0, 0), Vec3::UnitZ()),
                test::revolute("j3", "base", "c", Vec3(0, 1, 0), Vec3::UnitZ()),
                test::revolute("j4", "c", "d", Vec3(0, 1, 0), Vec3::UnitZ()),
                test::revolute("j5", "d", "e", Vec3(0, 1, 0), Vec3::UnitZ())};
    {
      const Model m = compileModel(d);
      const int f = defaultEndEffectorFrame(m);
      QVERIFY(f >= 0);
      QCOMPARE(m.frames[f].name, std::string("e"));  // tip of the longest chain (3 joints)
    }
    for (const char* name : {"tool0", "ee_link", "End_Effector", "gripper-tip", "TCP"}) {
      ModelDescription named = d;
      named.links.push_back(test::link(name, 0.0, Vec3::Zero(), Vec3::Zero()));
      JointDescription fixed;
      fixed.name = "fix";
      fixed.kind = JointKind::Fixed;
      fixed.parent = "b";
      fixed.child = name;
      fixed.origin = Pose{Mat3::Identity(), Vec3(0.2, 0, 0)};
      named.joints.push_back(fixed);
      const Model m = compileModel(named);
      const int f = defaultEndEffectorFrame(m);
      QVERIFY(f >= 0);
      QCOMPARE(m.frames[f].name, std::string(name));
    }
    for (const char* name : {"stipple", "toolbox", "sheet"}) {  // not end-effector names
      ModelDescription other = d;
      other.links[2].name = name;
      other.joints[0].child = "a";
      other.joints[1].child = name;
      const Model m = compileModel(other);
      QCOMPARE(m.frames[defaultEndEffectorFrame(m)].name, std::string("e"));
    }
    // No joints: no end-effector, an empty analysis.
    ModelDescription lone;
    lone.name = "lone";
    lone.links = {massive("base")};
    const Model m = compileModel(lone);
    QCOMPARE(defaultEndEffectorFrame(m), -1);
    EndEffectorAnalyzer analyzer(m);
    EndEffectorAnalysis a;
    analyzer.compute(State::neutral(m), VecX::Zero(0), a);
    QCOMPARE(a.frame, -1);
    QVERIFY(!a.velocity_fixed.valid && !a.inertia.valid);
  }

  void planarSystemUsesItsPlane() {
    // A 2R arm in the xy plane (links 1 m and 0.5 m to the tip) on a planar vehicle: the end-
    // effector moves in the plane only, so the measures use the plane's 2 rows:
    // w(Jm) = l1 l2 |sin q2| in closed form, w(J*) from finite differences as above.
    for (BaseType base : {BaseType::Planar, BaseType::Fixed}) {
      ModelDescription d;
      d.name = "planar";
      d.base_type = base;
      d.links = {test::link("base", 5.0, Vec3(0.1, 0.05, 0), Vec3(0.3, 0.4, 0.5)), massive("a"),
                 massive("b"), test::link("tip", 0.0, Vec3::Zero(), Vec3::Zero())};
      d.joints = {test::revolute("j1", "base", "a", Vec3(1, 0, 0), Vec3::UnitZ()),
                  test::revolute("j2", "a", "b", Vec3(1, 0, 0), Vec3::UnitZ())};
      JointDescription fixed;
      fixed.name = "fix";
      fixed.kind = JointKind::Fixed;
      fixed.parent = "b";
      fixed.child = "tip";
      fixed.origin = Pose{Mat3::Identity(), Vec3(0.5, 0, 0)};
      d.joints.push_back(fixed);
      const Model m = compileModel(d);
      State s = State::neutral(m);
      s.q << 0.3, 0.9;
      s.base_orientation = Quat(Eigen::AngleAxisd(0.8, Vec3::UnitZ()));
      s.base_position = Vec3(0.3, -1.0, 0.0);
      EndEffectorAnalyzer analyzer(m);
      QCOMPARE(m.frames[analyzer.frame()].name, std::string("tip"));
      EndEffectorAnalysis a;
      analyzer.compute(s, VecX::Zero(2), a);
      QCOMPARE(a.task_dimension, 2);
      const double w = 1.0 * 0.5 * std::sin(0.9);
      QVERIFY2(std::abs(a.manipulability_fixed - w) <= 1e-14,
               qPrintable(QString::number(a.manipulability_fixed - w)));
      // J* from finite differences (plane rows x, y) and the energy mass matrix.
      const MatX J = finiteDifferenceJacobian(m, s, a.frame);
      const MatX M = massMatrixFromEnergy(m, s);
      const int b = m.base_dof;
      MatX Jstar = J.rightCols(2);
      if (b > 0) Jstar -= J.leftCols(b) * M.topLeftCorner(b, b).llt().solve(M.topRightCorner(b, 2));
      const double w_star = std::abs(Jstar.topRows(2).determinant());
      QVERIFY2(std::abs(a.manipulability_floating - w_star) <= 1e-8 * w_star,
               qPrintable(QString::number(a.manipulability_floating - w_star)));
      QVERIFY(std::abs(a.dynamic_singularity - w_star / w) <= 1e-8);
      if (base == BaseType::Fixed) QCOMPARE(a.dynamic_singularity, 1.0);
      if (base == BaseType::Planar) QVERIFY(a.dynamic_singularity < 0.99);  // the vehicle reacts
      // The 3-row ellipsoid is flat along z.
      QVERIFY(a.velocity_fixed.valid);
      QVERIFY(std::abs(a.velocity_fixed.radii[2]) < 1e-12);
      QVERIFY(std::abs(a.velocity_fixed.axes.col(2).z()) > 1.0 - 1e-12);
      // sigma_min / sigma_max of the plane rows: sigma_1 sigma_2 = w, sigma_1^2 + sigma_2^2 =
      // |J|_F^2 = 1 + 0.5^2 + 2 * 0.5 cos q2 + 0.5^2 (both columns of the 2R arm).
      const double frobenius2 = 1.0 + 0.25 + 2 * 0.5 * std::cos(0.9) + 0.25;
      const double disc = std::sqrt(frobenius2 * frobenius2 - 4 * w * w);
      const double inverse_condition =
          std::sqrt((frobenius2 - disc) / 2) / std::sqrt((frobenius2 + disc) / 2);
      QVERIFY2(std::abs(a.inverse_condition_fixed - inverse_condition) <= 1e-12,
               qPrintable(QString::number(a.inverse_condition_fixed - inverse_condition)));
      QVERIFY(a.inverse_condition_fixed > kSingularToRounding);
      // Stretched straight: w(Jm) is rounding noise, and the analysis says so.
      s.q << 0.3, 0.0;
      analyzer.compute(s, VecX::Zero(2), a);
      qInfo("straight arm: w(Jm) = %g, sigma_min/sigma_max = %g", a.manipulability_fixed,
            a.inverse_condition_fixed);
      QVERIFY(a.inverse_condition_fixed <= kSingularToRounding);
      QVERIFY(std::isnan(a.dynamic_singularity));
    }
  }
};

QTEST_GUILESS_MAIN(TestEndEffectorAnalysis)
#include "test_end_effector_analysis.moc"
