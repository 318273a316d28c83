#include "core/model/inertia_repair.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/model/compile_model.hpp"

namespace vms {

Inertial clipRoundingNoise(const Inertial& inertial, double* clipped) {
  if (clipped) *clipped = 0.0;
  if (!inertial.inertia.allFinite()) return inertial;
  const Eigen::SelfAdjointEigenSolver<Mat3> eig(inertial.inertia);
  const Vec3 moments = eig.eigenvalues();
  if (moments.minCoeff() >= 0.0 || moments.minCoeff() < -kInertiaRoundingNoise) return inertial;
  Inertial out = inertial;
  out.inertia =
      eig.eigenvectors() * moments.cwiseMax(0.0).asDiagonal() * eig.eigenvectors().transpose();
  if (clipped) *clipped = moments.minCoeff();
  return out;
}

std::vector<std::string> repairInertias(ModelDescription& description) {
  std::vector<std::string> repaired;
  for (LinkDescription& link : description.links) {
    const std::string problem = inertialProblem(link.inertial);
    const bool repairable = problem.find("positive semi-definite") != std::string::npos ||
                            problem.find("triangle inequality") != std::string::npos;
    if (!repairable) continue;
    const Eigen::SelfAdjointEigenSolver<Mat3> eig(link.inertial.inertia);
    const Vec3 moments = eig.eigenvalues();
    const double mean = moments.sum() / 3.0;
    if (!(mean > 0.0)) continue;  // nothing physical to balance to: compileModel says why
    link.inertial.inertia = mean * Mat3::Identity();
    std::ostringstream line;
    line << "link '" << link.name << "': inertia repaired: principal moments " << moments(0) << ", "
         << moments(1) << ", " << moments(2) << " kg m^2 replaced by their mean " << mean
         << " (MuJoCo's balanceinertia)";
    repaired.push_back(line.str());
  }
  return repaired;
}

bool isRepairableInertiaProblem(const std::string& message) {
  return message.find("link '") != std::string::npos &&
         (message.find("violate the triangle inequality") != std::string::npos ||
          message.find("inertia is not positive semi-definite") != std::string::npos);
}

}  // namespace vms
