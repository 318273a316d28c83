#pragma once
// Operational-space inertia of a point on a link (Khatib): Lambda = (J M^-1 J^T)^-1, with
// twists [v_p; w] and wrenches [f; n] at the point, world coordinates.
//   VehicleMode::Free   - the vehicle reacts: full J (6 x nv) and full M (crba());
//   VehicleMode::Locked - the vehicle is held: Jm (6 x n) and Mmm (the lower-right block of M).
// For a fixed vehicle both are the same. Lambda^-1 = J M^-1 J^T (the mobility) is always
// finite; Lambda is its Moore-Penrose pseudo-inverse when the point cannot move in all six
// directions (e.g. fewer than 6 joints with the vehicle locked, a planar system), and `rank`
// reports how many directions are reachable.
//
// Ellipsoids are drawn from the 3 x 3 blocks of the MOBILITY Lambda^-1 (always defined):
// translational block Mv = (Lambda^-1)_vv, rotational block Mw = (Lambda^-1)_ww. For a unit
// direction u, a pure force f u at the point (no moment) gives the acceleration a = Mv u f
// from rest, so the effective mass along an eigenvector u_i of Mv is 1 / mu_i (Khatib's
// "effective mass" for a pure force); 1/mu_i = +inf along directions in which the point cannot
// move. The same holds for pure moments and the rotational block.
#include "core/model/data.hpp"

namespace vms {

enum class VehicleMode { Free, Locked };

struct InertiaEllipsoid {
  Mat3 axes = Mat3::Identity();   // eigenvectors of the mobility block (columns), orthonormal
  Vec3 mobility = Vec3::Zero();   // eigenvalues mu_i >= 0, ascending
  Vec3 effective = Vec3::Zero();  // 1 / mu_i (mass or moment of inertia; +inf if mu_i = 0)
};

struct OperationalSpaceInertia {
  Mat6 Lambda = Mat6::Zero();      // (J M^-1 J^T)^-1, or its pseudo-inverse if rank < 6
  Mat6 Lambda_inv = Mat6::Zero();  // J M^-1 J^T
  int rank = 0;                    // numerical rank of Lambda_inv
  InertiaEllipsoid translational, rotational;
};

/// Lambda at the world point `point_world` moving with `body`. Needs crba() for the current
/// configuration. `rank_tolerance`: eigenvalues of the (symmetric) mobility below
/// rank_tolerance * largest eigenvalue count as zero.
OperationalSpaceInertia operationalSpaceInertia(const Model& model, const Data& data, int body,
                                                const Vec3& point_world, VehicleMode mode,
                                                double rank_tolerance = 1e-10);

/// Same at the origin of a named frame.
OperationalSpaceInertia frameOperationalSpaceInertia(const Model& model, const Data& data,
                                                     int frame, VehicleMode mode,
                                                     double rank_tolerance = 1e-10);

/// Lambda from a mobility matrix Lambda^-1 (symmetric positive semi-definite), with rank and
/// ellipsoids: the step shared by the functions above (and usable with any J M^-1 J^T).
OperationalSpaceInertia operationalSpaceInertiaFromMobility(const Mat6& Lambda_inv,
                                                            double rank_tolerance = 1e-10);

/// Ellipsoid of a symmetric 3 x 3 mobility block.
InertiaEllipsoid inertiaEllipsoid(const Mat3& mobility_block);

}  // namespace vms
