#pragma once
// What `vms derivatives` (and the Python package's vms.derivatives) reports about one state:
// the forward-dynamics accelerations and their analytic partial derivatives
// (core/algorithms/aba_derivatives.hpp), with the names of the vehicle's velocity components
// and configuration tangent directions that label their rows and columns.
#include <string>
#include <vector>

#include "core/model/model.hpp"
#include "core/model/state.hpp"

namespace vms {

struct DerivativesInspection {
  std::vector<std::string> vehicle_components;     // nu's vehicle entries ("vx", ..., "wz")
  std::vector<std::string> configuration_tangent;  // the vehicle's tangent directions (t)
  VecX nudot;                                      // [iota0^T d(twist_b)/dt; qdd], nv
  MatX ddq_dq;                                     // d nudot / d[delta; q], nv x (t + n)
  MatX ddq_dv;                                     // d nudot / d nu, nv x nv
  MatX ddq_dtau;                                   // d nudot / d tau, nv x n
};

/// The coordinates of DerivativesInspection in one sentence (the `convention` of the output).
const char* derivativesConvention();

/// The name of each column of a basis of unit body twists [v; w]: "vx", "vy", "vz", "wx",
/// "wy", "wz", with a leading "-" for a negative unit column; "t<k>" (k from 1) for a column
/// that is not a unit twist.
std::vector<std::string> twistComponentNames(const Mat6X& basis);

/// The derivatives at `state` under the joint forces `tau` and the model's gravity (no
/// damping, no external wrench, as inspectState). Throws std::invalid_argument for a model
/// with mimic joints or a `tau` of the wrong size, ModelError "<source>: <quantity> is not
/// finite ..." for a result that overflowed.
DerivativesInspection inspectDerivatives(const Model& model, const State& state, const VecX& tau,
                                         const std::string& source);

}  // namespace vms
