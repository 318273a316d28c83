#pragma once
// The vehicle's Lie-algebra term of the quasi-Lagrange Coriolis matrix (seed 000, the S-term of
// (15)): the part of C_VV that comes from the vehicle's quasi-velocities, for every vehicle
// subgroup, in the corrected form and in the paper's printed (erroneous) forms.
#include <Eigen/Core>
#include <optional>
#include <string>

#include "core/model/base_type.hpp"

namespace vms {

/// Which vehicle Coriolis term the quasi-Lagrange solver uses. Corrected is right for every
/// vehicle subgroup; the others are the paper's printed forms, kept for teaching (seed-000
/// notes, section 1.8). Each printed form is defined only for the vehicles it was printed for.
enum class QuasiLagrangeVariant {
  /// C_S = -H^T [[0, P_v^], [P_v^, P_w^]] H with P = H (Mv)_V: the contraction of (9) for any
  /// subgroup; equals (111) for SE(3) and Table 2's -p^ for SO(3). All vehicle types.
  Corrected,
  /// (22)/(26)/(57)/(110) as printed: C_S = -ad^T_P = [[P_w^, 0], [P_v^, P_w^]]. Free only.
  PrintedSe3CoriolisBlock,
  /// (31) as printed: C_S = +P_w^ (the sign of Table 2 flipped). Ball only.
  PrintedSo3Sign,
  /// Table 2 / (96)-(99) as printed: S_VV = I, so C_S = 0. Planar, Schoenflies (where it
  /// drops real terms), translation and fixed (where it is exact).
  AbelianVehicleS,
};

inline constexpr QuasiLagrangeVariant kAllQuasiLagrangeVariants[] = {
    QuasiLagrangeVariant::Corrected, QuasiLagrangeVariant::PrintedSe3CoriolisBlock,
    QuasiLagrangeVariant::PrintedSo3Sign, QuasiLagrangeVariant::AbelianVehicleS};

/// "corrected", "printed-se3-coriolis-block", "printed-so3-sign", "abelian-vehicle-s".
std::string toString(QuasiLagrangeVariant variant);
/// The variant called `name` (toString), if any.
std::optional<QuasiLagrangeVariant> quasiLagrangeVariantFromString(const std::string& name);

/// One line: the equation the variant evaluates and where the paper prints it.
std::string describe(QuasiLagrangeVariant variant);

/// Whether `variant` is defined for a vehicle of `type` (Corrected: every type).
bool variantApplies(QuasiLagrangeVariant variant, BaseType type);

/// Vehicle-sized matrices (b x b, b <= 6) that never touch the heap.
using VehicleMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 6, 6>;
using VehicleBasis = Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, 6>;

/// The 6x6 matrix Gamma(P) with C_S = H^T Gamma(P) H, for the vehicle momentum P (6-vector,
/// [linear; angular], vehicle frame): see QuasiLagrangeVariant.
Eigen::Matrix<double, 6, 6> vehicleCoriolisGenerator(QuasiLagrangeVariant variant,
                                                     const Eigen::Matrix<double, 6, 1>& P);

/// C_S = H^T Gamma(P) H (b x b) for the vehicle basis H (6 x b, unit columns) and the system's
/// whole momentum P = dL/dV (6-vector, vehicle frame). No heap allocation.
/// When span(H) is a subalgebra only H^T P = (M v)_V enters (ad_V maps span(H) into itself);
/// for the nonholonomic vehicle (101) the components outside span(H) enter too (e.g. C_S(v_x,
/// w_z) = -p_y, the sideways momentum the wheels hold), which seed 000's C_S from (M v)_V alone
/// drops: see QuasiLagrangeSolver.
void vehicleCoriolisTermFromMomentum(QuasiLagrangeVariant variant, const VehicleBasis& H,
                                     const Eigen::Matrix<double, 6, 1>& P, VehicleMatrix& out);

/// The same with P = H p lifted from the vehicle part of the generalized momentum
/// p = (M v)_V (size b): exact for every vehicle subgroup, not for the nonholonomic vehicle.
void vehicleCoriolisTerm(QuasiLagrangeVariant variant, const VehicleBasis& H,
                         const Eigen::Ref<const Eigen::VectorXd>& p, VehicleMatrix& out);

}  // namespace vms
