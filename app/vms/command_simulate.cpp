// vms simulate MODEL --state STATE --duration T --dt H [--integrator NAME] [--base TYPE]
//              [--solver NAME | --root LINK] [--every K] [--out FILE.csv]
#include <cmath>
#include <cstdio>
#include <memory>

#include "cli_common.hpp"
#include "commands.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/momentum.hpp"
#include "core/model/model_error.hpp"
#include "core/scenario/output_csv.hpp"
#include "core/scenario/step_count.hpp"

namespace vms::cli {

namespace {
bool finite(const MomentumSummary& m) {
  return m.linear.allFinite() && m.angular_origin.allFinite() && m.angular_com.allFinite() &&
         m.center_of_mass.allFinite() && std::isfinite(m.kinetic_energy) && std::isfinite(m.mass);
}

struct FileCloser {
  void operator()(std::FILE* f) const {
    if (f && f != stdout) std::fclose(f);
  }
};
}  // namespace

int runSimulate(int argc, char** argv) {
  const char* usage =
      "vms simulate MODEL --state STATE --duration T --dt H [--integrator NAME] [--base TYPE] "
      "[--solver NAME | --root LINK] [--every K] [--out FILE.csv]";
  const Arguments args(
      argc, argv, 2,
      {"state", "duration", "dt", "integrator", "base", "solver", "root", "every", "out"},
      {"repair-inertia"});
  const std::string model_path = modelPath(args, usage);
  const double duration = args.number("duration", NAN);
  const double dt = args.number("dt", NAN);
  const long every = args.integer("every", 1);
  if (!args.has("duration"))
    throw UsageError("missing required option --duration; usage: " + std::string(usage));
  if (!args.has("dt"))
    throw UsageError("missing required option --dt; usage: " + std::string(usage));
  if (duration < 0.0) throw UsageError("--duration must be >= 0");
  if (!(dt > 0.0)) throw UsageError("--dt must be > 0");
  if (const std::string problem = stepCountProblem(duration, dt); !problem.empty())
    throw UsageError("--duration/--dt: " + problem);
  if (every < 1) throw UsageError("--every must be >= 1");

  const Model model = loadModelFromArguments(args, model_path);
  StateFile input = loadStateFromArguments(args, model);
  State state = input.state;
  Data analysis(model);
  computeKinematics(model, analysis, state);
  const MomentumSummary initial = computeMomentum(model, analysis);
  if (!finite(initial))  // an input error, found before any output exists
    throw ModelError(args.required("state") +
                     ": the momentum or energy of this state is not finite (velocities or the "
                     "model's numbers too large for double precision)");
  auto solver = solverFromArguments(args, model);
  auto integrator = integratorFromArguments(args, model);
  SystemDynamics dynamics(model, std::move(solver));
  dynamics.setJointForces(input.tau);

  std::unique_ptr<std::FILE, FileCloser> file(stdout);
  if (const auto out = args.get("out")) {
    file.reset(std::fopen(out->c_str(), "w"));
    if (!file) throw ModelError(*out + ": cannot open for writing");
  }
  // The contract's columns, from the one table of output quantities (`vms run` writes the
  // same ones first). Each row is an instant of the table's snapshot type.
  const OutputQuantities quantities = OutputQuantities::forModel(model);
  OutputCsvWriter csv(file.get(), quantities, kOutputTrajectory);
  csv.writeHeader();
  Snapshot row;
  auto writeRow = [&](double t, const MomentumSummary& momentum) {
    row.time = t;
    row.state = state;
    row.momenta.linear_total = momentum.linear;
    row.momenta.angular_origin_total = momentum.angular_origin;
    row.kinetic_energy = momentum.kinetic_energy;
    csv.writeRow(OutputSample{&row, nullptr}, row);
  };

  // Steps of dt; the last one is shortened to land exactly on the duration.
  const long steps = stepCount(duration, dt);
  writeRow(0.0, initial);
  double t = 0.0, last_row = 0.0;
  for (long k = 1; k <= steps; ++k) {
    const double t_next = k == steps ? duration : static_cast<double>(k) * dt;
    integrator->advance(dynamics, state, t_next - t);
    bool finite_step = state.allFinite();
    const bool write = k % every == 0 || k == steps;
    MomentumSummary momentum;
    if (finite_step && write) {
      computeKinematics(model, analysis, state);
      momentum = computeMomentum(model, analysis);
      finite_step = finite(momentum);  // a row of inf/nan is never written
    }
    if (!finite_step) {
      std::fprintf(stderr,
                   "vms: simulation diverged at t = %.17g s (state, momentum or energy became "
                   "NaN/Inf); the CSV holds the rows up to t = %.17g s\n",
                   t_next, last_row);
      return kExitDiverged;
    }
    t = t_next;
    if (write) {
      writeRow(t, momentum);
      last_row = t;
    }
  }
  return kExitOk;
}

}  // namespace vms::cli
