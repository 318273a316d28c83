#pragma once
// The inverse of a free vehicle's 6 x 6 locked inertia H_0 by Banachiewicz's block formula
// with the Schur complement of its linear block (seed 004, (51)-(61)).
#include "core/spatial/types.hpp"

namespace vms {

/// H_0 = [[U, V], [W, X]] (linear rows first). With S_U = X - W U^-1 V,
///   H_0^-1 = [[U^-1 + U^-1 V S_U^-1 W U^-1, -U^-1 V S_U^-1], [s S_U^-1 W U^-1, S_U^-1]],
/// s = -1 (corrected) or +1 (`printed_sign`, (52) as printed). For a rigid system U = m I,
/// V = -m r_0C^x, W = m r_0C^x, and this is (52) with S_U = H_S + m r_0C^x r_0C^x (53), the
/// rotational inertia about the system's centre of mass. `schur_offset` is added to S_U
/// before it is inverted (zero but for the printed (54)-(59)); the 3 x 3 inverses are the
/// adjugate form (60)-(61). Fixed size, no allocation.
void banachiewiczInverse(const Mat6& H0, bool printed_sign, const Mat3& schur_offset, Mat6& inverse,
                         Mat3& S_U);

}  // namespace vms
