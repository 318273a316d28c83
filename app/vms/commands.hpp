#pragma once
// The `vms` sub-commands (see docs/contracts.md and the README). Each returns the
// process exit status; bad input is reported by throwing (main maps exceptions to statuses).
#include "arguments.hpp"

namespace vms::cli {

int runInspect(int argc, char** argv);
int runSimulate(int argc, char** argv);
int runBenchmark(int argc, char** argv);
int runCrosscheck(int argc, char** argv);   // every solver against aba at a state
int runDerivatives(int argc, char** argv);  // analytic derivatives of forward dynamics
int runConvert(int argc, char** argv);
int runMount(int argc, char** argv);  // an arm on a vehicle, saved as one model (extension)
int runRun(int argc, char** argv);
int runLinearize(int argc, char** argv);  // a scenario's motion linearised at an instant
int runDmap(int argc, char** argv);       // disturbance map of two joints (design tool)
int runPlan(int argc, char** argv);       // vms plan attitude: turning the vehicle by joint loops
int runPlanPath(int argc, char** argv);   // vms plan path (least-disturbance motion)
int runSweep(int argc, char** argv);      // a scenario over a grid of parameters (extension)
int runSolvers(int argc, char** argv);    // the solvers and integrators, from their entries
#ifdef VMS_HAVE_PLOT
int runPlot(int argc, char** argv);  // figures from CSV columns (needs the UI build)
#endif

/// Exit statuses.
constexpr int kExitOk = 0;
constexpr int kExitBadInput = 1;  // unreadable or invalid model/state file
constexpr int kExitUsage = 2;     // wrong command-line arguments
constexpr int kExitDiverged = 3;  // the simulation produced NaN/Inf

}  // namespace vms::cli
