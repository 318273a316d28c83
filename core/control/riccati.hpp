#pragma once
// Discrete-time linear-quadratic regulation: the zero-order-hold discretisation of a
// continuous linear system and the discrete algebraic Riccati equation (DARE)
//   P = A^T P A - A^T P B (R + B^T P B)^-1 B^T P A + Q
// solved by the structured doubling algorithm (Chu, Fan and Lin 2005, "A structure-preserving
// doubling algorithm for continuous-time algebraic Riccati equations", and its discrete form):
// with A_0 = A, G_0 = B R^-1 B^T, H_0 = Q,
//   W_k     = I + G_k H_k
//   A_k+1   = A_k W_k^-1 A_k
//   G_k+1   = G_k + A_k W_k^-1 G_k A_k^T
//   H_k+1   = H_k + A_k^T H_k W_k^-1 A_k
// H_k converges quadratically to the stabilising P when (A, B) is stabilisable and (Q, A)
// detectable (A_k -> 0: each step doubles the horizon). The gain K = (R + B^T P B)^-1 B^T P A
// makes u = -K x optimal and A - B K stable. Everything here allocates: it runs once, when a
// controller is set up, never in a control update.
#include <complex>
#include <optional>

#include "core/spatial/types.hpp"

namespace vms {

/// exp(M) by scaling and squaring with the [6/6] Pade approximant: M / 2^s with
/// |M / 2^s|_1 <= 1/2, where the approximant's truncation error is below 1e-19, then s
/// squarings. Throws std::invalid_argument for a matrix that is not square or not finite.
MatX matrixExponential(const MatX& M);

/// The zero-order-hold discretisation of dx/dt = A x + B u over a period h (u held constant):
/// x_k+1 = Ad x_k + Bd u_k with [Ad Bd; 0 I] = exp([A B; 0 0] h).
struct DiscreteLinearSystem {
  MatX A, B;
};
DiscreteLinearSystem zeroOrderHold(const MatX& A, const MatX& B, double h);

/// A mode of A that the inputs cannot move (the Popov-Belevitch-Hautus test): an eigenvalue
/// lambda with rank [lambda I - A, B] < n, in the unstable region (Re lambda >= 0 for a
/// continuous system, |lambda| >= 1 for a discrete one, up to the tolerance).
struct UncontrollableMode {
  std::complex<double> eigenvalue;
  VecX direction;  // |w_i| of the unit left vector w (w^* [lambda I - A, B] ~ 0): the states
                   // the mode lives in
};
/// The first mode that makes (A, B) not stabilisable, or none. B's columns are normalised and
/// rank decided by the smallest singular value of [lambda I - A, B_normalised] against
/// `tolerance` max(1, |A|).
std::optional<UncontrollableMode> unstabilizableMode(const MatX& A, const MatX& B, bool discrete,
                                                     double tolerance = 1e-7);

/// The stabilising solution P of the DARE (above) for Q symmetric positive semidefinite and R
/// symmetric positive definite. Throws std::invalid_argument for sizes that do not match, an R
/// that is not positive definite, a pair (A, B) that is not stabilisable (naming the mode's
/// eigenvalue and its largest state), or a doubling that does not converge (e.g. an
/// undetectable (Q, A)).
MatX solveDiscreteRiccati(const MatX& A, const MatX& B, const MatX& Q, const MatX& R);

/// K = (R + B^T P B)^-1 B^T P A: u = -K x.
MatX discreteLqrGain(const MatX& A, const MatX& B, const MatX& R, const MatX& P);

/// A^T P A - P - A^T P B (R + B^T P B)^-1 B^T P A + Q: zero at the solution.
MatX discreteRiccatiResidual(const MatX& A, const MatX& B, const MatX& Q, const MatX& R,
                             const MatX& P);

/// The largest |eigenvalue| of a square matrix.
double spectralRadius(const MatX& M);

}  // namespace vms
