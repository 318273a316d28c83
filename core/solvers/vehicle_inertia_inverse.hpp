#pragma once
// The inverse of a free vehicle's 6 x 6 locked inertia H_0 by Banachiewicz's block formula
// with the Schur complement of its linear block (seed 004, (51)-(61)), and the Schur
// complement's element formulas (54)-(59).
#include <vector>

#include "core/spatial/types.hpp"

namespace vms {

/// S_U = X - W U^-1 V of H_0 = [[U, V], [W, X]] (53), for any 6 x 6 H_0 (added mass too).
Mat3 schurComplement(const Mat6& H0);

/// S_U by the element formulas (54)-(59) from the bodies i = 0..N: masses m_i, the offsets
/// r_0i = r_i - r_0 of their centres of mass from the reference point r_0 and their
/// inertias I_i about their centres of mass, all in the same axes (the paper's: 𝒥), with
/// m_tot r_0C = sum m_i r_0i:
///   s_11 = sum (I_xx,i + m_i (r_0i,y^2 + r_0i,z^2)) - m_tot (r_0C,y^2 + r_0C,z^2),
///   s_12 = sum (I_xy,i - m_i r_0i,x r_0i,y) + m_tot r_0C,x r_0C,y, ...
/// (the vehicle is the i = 0 term, with r_00 = 0 in the paper). `printed`: the summed terms of
/// s_22 and s_33 as printed, m_i (r_0i,y^2 + r_0i,z^2) (the s_11 term), where they are
/// m_i (r_0i,x^2 + r_0i,z^2) and m_i (r_0i,x^2 + r_0i,y^2) (notes §3). For rigid bodies the
/// corrected elements are schurComplement(H_0), the inertia about the system's centre of mass.
Mat3 schurComplementElements(const std::vector<double>& masses, const std::vector<Vec3>& offsets,
                             const std::vector<Mat3>& inertias, bool printed);

/// H_0 = [[U, V], [W, X]] (linear rows first). With the Schur complement S_U,
///   H_0^-1 = [[U^-1 + U^-1 V S_U^-1 W U^-1, -U^-1 V S_U^-1], [s S_U^-1 W U^-1, S_U^-1]],
/// s = -1 (corrected) or +1 (`printed_sign`, (52) as printed). For a rigid system U = m I,
/// V = -m r_0C^x, W = m r_0C^x, and this is (52) with S_U = H_S + m r_0C^x r_0C^x (53). S_U is
/// given (schurComplement or schurComplementElements); the 3 x 3 inverses are the adjugate
/// form (60)-(61). Fixed size, no allocation.
void banachiewiczInverse(const Mat6& H0, const Mat3& S_U, bool printed_sign, Mat6& inverse);

}  // namespace vms
