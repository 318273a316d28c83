// The discrete-time LQR machinery (core/control/riccati.hpp):
// - matrixExponential against Eigen's own (unsupported/Eigen/MatrixFunctions, Higham's degree-13
//   Pade) on random matrices of norms 0.01 to 30, and against closed forms (a rotation
//   generator; the zero-order hold of a double integrator, [1 h; 0 1] and [h^2/2; h]);
// - solveDiscreteRiccati: the scalar DARE against its closed form, and on random stabilisable
//   systems (unstable ones among them) and the zero-order hold of a chain of double
//   integrators at h = 0.01 s the residual A^T P A - P - A^T P B (R + B^T P B)^-1 B^T P A + Q
//   below 1e-9 of |P|, P symmetric positive definite and the closed loop A - B K of spectral
//   radius < 1;
// - refusals: an unstable mode the inputs cannot move (named by its eigenvalue), an R that is
//   not positive definite, sizes that do not match; a stable uncontrollable mode is accepted.
#include <unsupported/Eigen/MatrixFunctions>

#include "core/control/riccati.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

MatX randomMatrix(Eigen::Index rows, Eigen::Index cols, unsigned seed) {
  std::srand(seed);
  return MatX::Random(rows, cols);
}

void checkSolution(const MatX& A, const MatX& B, const MatX& Q, const MatX& R) {
  const MatX P = solveDiscreteRiccati(A, B, Q, R);
  const double residual = discreteRiccatiResidual(A, B, Q, R, P).norm() / P.norm();
  QVERIFY2(residual <= 1e-9, qPrintable(QString("relative DARE residual %1").arg(residual)));
  QVERIFY((P - P.transpose()).norm() <= 1e-12 * P.norm());
  QVERIFY(Eigen::LLT<MatX>(P).info() == Eigen::Success);
  const MatX K = discreteLqrGain(A, B, R, P);
  const double rho = spectralRadius(A - B * K);
  QVERIFY2(rho < 1.0, qPrintable(QString("closed-loop spectral radius %1").arg(rho)));
}

}  // namespace

class TestRiccati : public QObject {
  Q_OBJECT
 private slots:
  void exponentialMatchesEigen() {
    for (const double norm : {0.01, 0.4, 1.0, 3.0, 30.0}) {
      const MatX M = randomMatrix(7, 7, 11 + static_cast<unsigned>(norm * 10));
      const MatX X = M * (norm / M.cwiseAbs().colwise().sum().maxCoeff());
      const MatX reference = X.exp();
      const double error = (matrixExponential(X) - reference).norm() / reference.norm();
      QVERIFY2(error <= 1e-12, qPrintable(QString("norm %1: %2").arg(norm).arg(error)));
    }
  }

  void exponentialClosedForms() {
    const double theta = 2.7;
    MatX W(2, 2);
    W << 0.0, -theta, theta, 0.0;
    MatX rotation(2, 2);
    rotation << std::cos(theta), -std::sin(theta), std::sin(theta), std::cos(theta);
    VMS_COMPARE_REL(matrixExponential(W), rotation, 1e-14);

    const double h = 0.01;
    MatX A(2, 2), B(2, 1);
    A << 0.0, 1.0, 0.0, 0.0;
    B << 0.0, 1.0;
    const DiscreteLinearSystem d = zeroOrderHold(A, B, h);
    MatX Ad(2, 2), Bd(2, 1);
    Ad << 1.0, h, 0.0, 1.0;
    Bd << 0.5 * h * h, h;
    VMS_COMPARE_REL(d.A, Ad, 1e-15);
    VMS_COMPARE_REL(d.B, Bd, 1e-15);
  }

  void scalarClosedForm() {
    // P = a^2 P - a^2 b^2 P^2 / (r + b^2 P) + q  <=>  b^2 P^2 + (r (1 - a^2) - q b^2) P - q r = 0.
    for (const double a : {1.2, 0.7, -2.0, 1.0}) {
      const double b = 0.5, q = 2.0, r = 0.3;
      const double p_lin = r * (1.0 - a * a) - q * b * b;
      const double expected =
          (-p_lin + std::sqrt(p_lin * p_lin + 4.0 * b * b * q * r)) / (2.0 * b * b);
      const MatX P = solveDiscreteRiccati(MatX::Constant(1, 1, a), MatX::Constant(1, 1, b),
                                          MatX::Constant(1, 1, q), MatX::Constant(1, 1, r));
      QVERIFY2(std::abs(P(0, 0) - expected) <= 1e-12 * expected,
               qPrintable(QString("a = %1: %2 vs %3").arg(a).arg(P(0, 0)).arg(expected)));
      const double k = discreteLqrGain(MatX::Constant(1, 1, a), MatX::Constant(1, 1, b),
                                       MatX::Constant(1, 1, r), P)(0, 0);
      QVERIFY(std::abs(k - a * b * expected / (r + b * b * expected)) <= 1e-12 * std::abs(k));
    }
  }

  void randomSystems() {
    for (unsigned seed = 1; seed <= 6; ++seed) {
      const Eigen::Index n = 4 + seed, m = 1 + seed % 3;
      const MatX A = 1.3 * randomMatrix(n, n, seed);  // unstable modes in general
      const MatX B = randomMatrix(n, m, 100 + seed);
      const MatX L = randomMatrix(n, n, 200 + seed);
      const MatX Q = L * L.transpose() + 0.1 * MatX::Identity(n, n);
      const MatX S = randomMatrix(m, m, 300 + seed);
      const MatX R = S * S.transpose() + 0.5 * MatX::Identity(m, m);
      QVERIFY(spectralRadius(A) > 1.0);
      checkSolution(A, B, Q, R);
    }
  }

  void sampledDoubleIntegrators() {
    // Three coupled double integrators (positions, rates) at the regulator's period: the
    // discretised A has six eigenvalues at 1 (Jordan blocks) and the weights span decades.
    const Eigen::Index k = 3;
    MatX A = MatX::Zero(2 * k, 2 * k), B(2 * k, k);
    A.topRightCorner(k, k).setIdentity();
    B.topRows(k).setZero();
    MatX Minv(k, k);
    Minv << 7e-4, -7e-4, 0.0, -7e-4, 1.0, 0.2, 0.0, 0.2, 150.0;
    B.bottomRows(k) = Minv;
    const DiscreteLinearSystem d = zeroOrderHold(A, B, 0.01);
    VecX q(2 * k);
    q << 1e3, 10.0, 1.0, 1e2, 1.0, 0.1;
    checkSolution(d.A, d.B, q.asDiagonal(), VecX::Constant(k, 0.01).asDiagonal());
  }

  void refusals() {
    MatX A(2, 2), B(2, 1);
    A << 1.5, 0.0, 0.0, 0.5;
    B << 0.0, 1.0;
    const std::string message = test::errorOf(
        [&] { solveDiscreteRiccati(A, B, MatX::Identity(2, 2), MatX::Identity(1, 1)); });
    QVERIFY2(message.find("not stabilisable") != std::string::npos &&
                 message.find("eigenvalue 1.5") != std::string::npos &&
                 message.find("state 0") != std::string::npos,
             message.c_str());
    const auto mode = unstabilizableMode(A, B, true);
    QVERIFY(mode && std::abs(mode->eigenvalue - 1.5) < 1e-12);

    // The uncontrollable mode stable: stabilisable, solved.
    A << 0.5, 0.0, 0.0, 1.5;
    QVERIFY(!unstabilizableMode(A, B, true));
    checkSolution(A, B, MatX::Identity(2, 2), MatX::Identity(1, 1));
    // In continuous time the same pair is unstable in the first state at 0.5 > 0.
    QVERIFY(unstabilizableMode(A, B, false).has_value());

    QVERIFY(test::errorOf([&] {
              solveDiscreteRiccati(A, B, MatX::Identity(2, 2), -MatX::Identity(1, 1));
            }).find("R is not positive definite") != std::string::npos);
    QVERIFY(test::errorOf([&] {
              solveDiscreteRiccati(A, B, MatX::Identity(3, 3), MatX::Identity(1, 1));
            }).find("sizes do not match") != std::string::npos);
  }
};

QTEST_APPLESS_MAIN(TestRiccati)
#include "test_riccati.moc"
