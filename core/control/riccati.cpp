#include "core/control/riccati.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/LU>
#include <Eigen/SVD>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>

namespace vms {

namespace {

using MatXc = Eigen::MatrixXcd;

void requireSquare(const MatX& M, const char* what) {
  if (M.rows() != M.cols())
    throw std::invalid_argument(std::string(what) + " must be square, got " +
                                std::to_string(M.rows()) + " x " + std::to_string(M.cols()));
}

std::string describe(std::complex<double> z) {
  std::ostringstream s;
  s.precision(6);
  s << z.real();
  if (z.imag() != 0.0) s << (z.imag() < 0.0 ? " - " : " + ") << std::abs(z.imag()) << "i";
  return s.str();
}

}  // namespace

MatX matrixExponential(const MatX& M) {
  requireSquare(M, "matrixExponential: the matrix");
  if (!M.allFinite()) throw std::invalid_argument("matrixExponential: the matrix is not finite");
  const Eigen::Index n = M.rows();
  if (n == 0) return M;
  // Scale to |X|_1 <= 1/2.
  const double norm = M.cwiseAbs().colwise().sum().maxCoeff();
  int s = 0;
  if (norm > 0.5) s = static_cast<int>(std::ceil(std::log2(norm / 0.5)));
  const MatX X = M / std::ldexp(1.0, s);
  // [6/6] Pade: N(X) = sum c_k X^k, D(X) = sum (-1)^k c_k X^k,
  // c_0 = 1, c_k = c_k-1 (q - k + 1) / (k (2q - k + 1)), q = 6.
  constexpr int q = 6;
  MatX power = MatX::Identity(n, n);
  MatX N = power, D = power;
  double c = 1.0;
  for (int k = 1; k <= q; ++k) {
    c *= static_cast<double>(q - k + 1) / static_cast<double>(k * (2 * q - k + 1));
    power = power * X;
    N += c * power;
    D += (k % 2 == 0 ? c : -c) * power;
  }
  MatX E = D.partialPivLu().solve(N);
  for (int i = 0; i < s; ++i) E = E * E;
  return E;
}

DiscreteLinearSystem zeroOrderHold(const MatX& A, const MatX& B, double h) {
  requireSquare(A, "zeroOrderHold: A");
  if (B.rows() != A.rows())
    throw std::invalid_argument("zeroOrderHold: B has " + std::to_string(B.rows()) + " rows, A " +
                                std::to_string(A.rows()));
  if (!(h > 0.0) || !std::isfinite(h))
    throw std::invalid_argument("zeroOrderHold: the period must be > 0");
  const Eigen::Index n = A.rows(), m = B.cols();
  MatX augmented = MatX::Zero(n + m, n + m);
  augmented.topLeftCorner(n, n) = A * h;
  augmented.topRightCorner(n, m) = B * h;
  const MatX E = matrixExponential(augmented);
  return {E.topLeftCorner(n, n), E.topRightCorner(n, m)};
}

std::optional<UncontrollableMode> unstabilizableMode(const MatX& A, const MatX& B, bool discrete,
                                                     double tolerance) {
  requireSquare(A, "unstabilizableMode: A");
  const Eigen::Index n = A.rows(), m = B.cols();
  if (B.rows() != n) throw std::invalid_argument("unstabilizableMode: B's rows are not A's");
  if (n == 0) return std::nullopt;
  const double scale = std::max(1.0, A.cwiseAbs().colwise().sum().maxCoeff());
  MatX Bn = B;
  for (Eigen::Index j = 0; j < m; ++j)
    if (const double c = Bn.col(j).norm(); c > 0.0) Bn.col(j) /= c;
  Eigen::EigenSolver<MatX> eigen(A, false);
  if (eigen.info() != Eigen::Success)
    throw std::invalid_argument("unstabilizableMode: the eigenvalues did not converge");
  // The region is widened by a margin that covers the spread of a defective eigenvalue
  // (sqrt(eps)-sized for a Jordan block of two, as the double integrators of mechanics have).
  const double margin = 1e-6 * scale;
  for (Eigen::Index i = 0; i < n; ++i) {
    const std::complex<double> lambda = eigen.eigenvalues()[i];
    const bool unstable = discrete ? std::abs(lambda) >= 1.0 - margin : lambda.real() >= -margin;
    if (!unstable) continue;
    MatXc pencil(n, n + m);
    pencil.leftCols(n) = lambda * MatXc::Identity(n, n) - A.cast<std::complex<double>>();
    pencil.rightCols(m) = Bn.cast<std::complex<double>>();
    Eigen::JacobiSVD<MatXc> svd(pencil, Eigen::ComputeFullU);
    const double smallest = svd.singularValues()[n - 1];
    if (smallest <= tolerance * scale)
      return UncontrollableMode{lambda, svd.matrixU().col(n - 1).cwiseAbs()};
  }
  return std::nullopt;
}

MatX discreteLqrGain(const MatX& A, const MatX& B, const MatX& R, const MatX& P) {
  const MatX BtP = B.transpose() * P;
  const MatX S = R + BtP * B;
  return S.ldlt().solve(BtP * A);
}

MatX discreteRiccatiResidual(const MatX& A, const MatX& B, const MatX& Q, const MatX& R,
                             const MatX& P) {
  const MatX BtPA = B.transpose() * P * A;
  const MatX S = R + B.transpose() * P * B;
  return A.transpose() * P * A - P - BtPA.transpose() * S.ldlt().solve(BtPA) + Q;
}

double spectralRadius(const MatX& M) {
  requireSquare(M, "spectralRadius: the matrix");
  if (M.rows() == 0) return 0.0;
  Eigen::EigenSolver<MatX> eigen(M, false);
  return eigen.eigenvalues().cwiseAbs().maxCoeff();
}

MatX solveDiscreteRiccati(const MatX& A, const MatX& B, const MatX& Q, const MatX& R) {
  requireSquare(A, "solveDiscreteRiccati: A");
  requireSquare(Q, "solveDiscreteRiccati: Q");
  requireSquare(R, "solveDiscreteRiccati: R");
  const Eigen::Index n = A.rows(), m = B.cols();
  if (B.rows() != n || Q.rows() != n || R.rows() != m)
    throw std::invalid_argument("solveDiscreteRiccati: sizes do not match (A " + std::to_string(n) +
                                " x " + std::to_string(n) + ", B " + std::to_string(B.rows()) +
                                " x " + std::to_string(m) + ", Q " + std::to_string(Q.rows()) +
                                ", R " + std::to_string(R.rows()) + ")");
  if (!A.allFinite() || !B.allFinite() || !Q.allFinite() || !R.allFinite())
    throw std::invalid_argument("solveDiscreteRiccati: a matrix is not finite");
  const Eigen::LLT<MatX> r_llt(0.5 * (R + R.transpose()));
  if (r_llt.info() != Eigen::Success)
    throw std::invalid_argument("solveDiscreteRiccati: R is not positive definite");
  if (const auto mode = unstabilizableMode(A, B, true)) {
    Eigen::Index state = 0;
    mode->direction.maxCoeff(&state);
    throw std::invalid_argument(
        "solveDiscreteRiccati: (A, B) is not stabilisable: the mode at eigenvalue " +
        describe(mode->eigenvalue) + " (mostly state " + std::to_string(state) +
        ") cannot be moved by the inputs");
  }

  MatX Ak = A;
  MatX G = B * r_llt.solve(B.transpose());
  MatX H = 0.5 * (Q + Q.transpose());
  G = 0.5 * (G + G.transpose());
  const MatX I = MatX::Identity(n, n);
  // The change of H shrinks quadratically; once it is at 1e-13 of H, one more step takes it to
  // rounding.
  constexpr int kMaxIterations = 80;
  bool settled = false;
  for (int k = 0; k < kMaxIterations; ++k) {
    const Eigen::PartialPivLU<MatX> W(I + G * H);
    const MatX WA = W.solve(Ak), WG = W.solve(G);
    const MatX H_next = H + Ak.transpose() * H * WA;
    G += Ak * WG * Ak.transpose();
    G = 0.5 * (G + G.transpose()).eval();
    Ak = (Ak * WA).eval();
    const double change = (H_next - H).norm();
    H = 0.5 * (H_next + H_next.transpose());
    if (!H.allFinite()) break;
    if (settled) return H;
    settled = change <= 1e-13 * H.norm();
  }
  throw std::invalid_argument(
      "solveDiscreteRiccati: the doubling did not converge (is (Q, A) detectable: does Q "
      "weight every mode of A on or outside the unit circle?)");
}

}  // namespace vms
