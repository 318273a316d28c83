#pragma once
// Fixed-size Eigen types and the one declared layout of spatial vectors.
//
// Spatial motion (twist) vectors are [linear; angular] = [v; w] and spatial force (wrench)
// vectors are [force; moment] = [f; n], as in seeds 000 and 001 (Murray-Li-Sastry ordering).
// Names carry frames: aRb rotates b-coordinates into a; oMi is the pose of body i in the world.
#include <Eigen/Core>
#include <Eigen/Geometry>

namespace vms {

using Vec3 = Eigen::Vector3d;
using Vec6 = Eigen::Matrix<double, 6, 1>;
using Mat3 = Eigen::Matrix3d;
using Mat6 = Eigen::Matrix<double, 6, 6>;
using Quat = Eigen::Quaterniond;
using VecX = Eigen::VectorXd;
using MatX = Eigen::MatrixXd;
using Mat6X = Eigen::Matrix<double, 6, Eigen::Dynamic>;

constexpr int kLinear = 0;   // first index of the linear part of a spatial vector
constexpr int kAngular = 3;  // first index of the angular part

inline auto linear(Vec6& x) { return x.segment<3>(kLinear); }
inline auto angular(Vec6& x) { return x.segment<3>(kAngular); }
inline auto linear(const Vec6& x) { return x.segment<3>(kLinear); }
inline auto angular(const Vec6& x) { return x.segment<3>(kAngular); }

inline Vec6 makeVec6(const Vec3& lin, const Vec3& ang) {
  Vec6 x;
  x << lin, ang;
  return x;
}

}  // namespace vms
