#include "core/solvers/quasi_lagrange_vehicle_coriolis.hpp"

#include "core/spatial/so3.hpp"

namespace vms {

bool variantApplies(QuasiLagrangeVariant variant, BaseType type) {
  switch (variant) {
    case QuasiLagrangeVariant::Corrected:
      return true;
    case QuasiLagrangeVariant::PrintedSe3CoriolisBlock:
      return type == BaseType::Free;
    case QuasiLagrangeVariant::PrintedSo3Sign:
      return type == BaseType::Ball;
    case QuasiLagrangeVariant::AbelianVehicleS:
      return type == BaseType::Planar || type == BaseType::Schoenflies ||
             type == BaseType::Translation || type == BaseType::Fixed;
  }
  return false;
}

Eigen::Matrix<double, 6, 6> vehicleCoriolisGenerator(QuasiLagrangeVariant variant,
                                                     const Eigen::Matrix<double, 6, 1>& P) {
  const Mat3 Pv = skew(P.head<3>()), Pw = skew(P.tail<3>());
  Mat6 G = Mat6::Zero();
  switch (variant) {
    case QuasiLagrangeVariant::Corrected:  // -[[0, Pv^], [Pv^, Pw^]]
      G.topRightCorner<3, 3>() = -Pv;
      G.bottomLeftCorner<3, 3>() = -Pv;
      G.bottomRightCorner<3, 3>() = -Pw;
      break;
    case QuasiLagrangeVariant::PrintedSe3CoriolisBlock:  // -ad_P^T = [[Pw^, 0], [Pv^, Pw^]]
      G.topLeftCorner<3, 3>() = Pw;
      G.bottomLeftCorner<3, 3>() = Pv;
      G.bottomRightCorner<3, 3>() = Pw;
      break;
    case QuasiLagrangeVariant::PrintedSo3Sign:  // +[[0, Pv^], [Pv^, Pw^]] (= +p^ for SO(3))
      G.topRightCorner<3, 3>() = Pv;
      G.bottomLeftCorner<3, 3>() = Pv;
      G.bottomRightCorner<3, 3>() = Pw;
      break;
    case QuasiLagrangeVariant::AbelianVehicleS:  // S = I: no term
      break;
  }
  return G;
}

void vehicleCoriolisTerm(QuasiLagrangeVariant variant, const VehicleBasis& H,
                         const Eigen::Ref<const Eigen::VectorXd>& p, VehicleMatrix& out) {
  Vec6 P = Vec6::Zero();
  for (Eigen::Index r = 0; r < H.cols(); ++r) P += p[r] * H.col(r);
  vehicleCoriolisTermFromMomentum(variant, H, P, out);
}

void vehicleCoriolisTermFromMomentum(QuasiLagrangeVariant variant, const VehicleBasis& H,
                                     const Eigen::Matrix<double, 6, 1>& P, VehicleMatrix& out) {
  const Eigen::Index b = H.cols();
  const Mat6 G = vehicleCoriolisGenerator(variant, P);
  out.resize(b, b);
  for (Eigen::Index c = 0; c < b; ++c) {
    const Vec6 Gh = G * H.col(c);
    for (Eigen::Index r = 0; r < b; ++r) out(r, c) = H.col(r).dot(Gh);
  }
}

}  // namespace vms
