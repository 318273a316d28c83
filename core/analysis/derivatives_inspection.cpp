#include "core/analysis/derivatives_inspection.hpp"

#include <stdexcept>

#include "core/algorithms/aba_derivatives.hpp"
#include "core/model/require_finite.hpp"

namespace vms {

const char* derivativesConvention() {
  return "nu = [vehicle body-twist components (vehicle_components); qd], nudot its time "
         "derivative; ddq_dq = d nudot / d[delta; q] with the vehicle moved by "
         "g <- g exp(sum_k delta_k e_k), e_k the body twists named by configuration_tangent, "
         "and q <- q + dq; ddq_dv = d nudot / d nu; ddq_dtau = d nudot / d tau (the joint "
         "columns of M^-1); under tau and the model's gravity, no damping";
}

std::vector<std::string> twistComponentNames(const Mat6X& basis) {
  static const char* const kNames[6] = {"vx", "vy", "vz", "wx", "wy", "wz"};
  std::vector<std::string> names;
  for (Eigen::Index c = 0; c < basis.cols(); ++c) {
    Eigen::Index k = 0;
    const double largest = basis.col(c).cwiseAbs().maxCoeff(&k);
    const bool unit =
        largest == 1.0 && basis.col(c).cwiseAbs().sum() == 1.0;  // exactly +-e_k, nothing else
    if (unit)
      names.push_back(std::string(basis(k, c) < 0 ? "-" : "") + kNames[k]);
    else
      names.push_back("t" + std::to_string(c + 1));
  }
  return names;
}

DerivativesInspection inspectDerivatives(const Model& model, const State& state, const VecX& tau,
                                         const std::string& source) {
  if (model.hasCouplings()) {
    const JointCoupling& c = model.couplings.front();
    throw std::invalid_argument("the derivatives need independent joints, and joint '" +
                                model.joint_names[static_cast<std::size_t>(c.joint)] +
                                "' mimics '" +
                                model.joint_names[static_cast<std::size_t>(c.leader)] + "'");
  }
  if (tau.size() != model.njoints)
    throw std::invalid_argument("tau has " + std::to_string(tau.size()) + " entries, expected " +
                                std::to_string(model.njoints) + " (one per moving joint)");
  DerivativesInspection out;
  out.vehicle_components = twistComponentNames(model.base_basis);
  out.configuration_tangent = twistComponentNames(configurationTangentBasis(model));
  Data data(model);
  ForwardDynamicsDerivatives derivatives(model);
  derivatives.compute(model, data, state, tau);
  out.nudot = derivatives.acceleration();
  out.ddq_dq = derivatives.ddqDq();
  out.ddq_dv = derivatives.ddqDv();
  out.ddq_dtau = derivatives.ddqDtau();
  requireFinite(out.nudot, "the acceleration", source);
  requireFinite(out.ddq_dq, "the acceleration's configuration derivative", source);
  requireFinite(out.ddq_dv, "the acceleration's velocity derivative", source);
  requireFinite(out.ddq_dtau, "the acceleration's joint-force derivative", source);
  return out;
}

}  // namespace vms
