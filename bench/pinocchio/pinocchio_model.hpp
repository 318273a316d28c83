#pragma once
// PinocchioAba's Pinocchio objects, shared by the translation units compiled against Pinocchio's
// headers (pinocchio_aba.cpp, pinocchio_aba_derivatives.cpp). vms_bench's own code never
// includes this header: it sees only pinocchio_aba.hpp and pinocchio_aba_derivatives.hpp.
#include <memory>

#include "pinocchio/multibody/data.hpp"
#include "pinocchio/multibody/model.hpp"
#include "pinocchio_aba.hpp"

namespace vms::bench {

struct PinocchioAba::Impl {
  pinocchio::Model model;
  std::unique_ptr<pinocchio::Data> data;
  Eigen::VectorXd q, v, tau;
};

}  // namespace vms::bench
