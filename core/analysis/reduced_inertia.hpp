#pragma once
// The generalized (reduced) joint inertia of a floating system, H* = Hmm - Hbm^T Hbb^-1 Hbm
// (seed 004 eq. 45; seed 001's M-hat_m, eq. 75): the inertia the joints feel when the vehicle
// is free to react. For a fixed vehicle it is Hmm.
#include "core/model/model.hpp"

namespace vms {

/// From the full mass matrix M (nv x nv, [base b; joints n]) as filled by crba().
MatX reducedJointInertia(const Model& model, const MatX& M);

}  // namespace vms
