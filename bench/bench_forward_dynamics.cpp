// Forward dynamics, ours (vms::aba, kinematics included) against two peers in the same run:
// Pinocchio 3.7's aba (built from its source tree with clang when available, both of its
// conventions, the faster one counts; optional, see bench/CMakeLists.txt) and MuJoCo 2.2.2's
// mj_forward (contacts and constraints disabled, gravity 0, no energy), on identical
// free-floating chains (benchmarkChain) of 6, 10, 12, 25, 40, 50 and 100 links and a random
// 100-link tree (randomTree: random axes, placements and inertias, a quarter of the joints
// prismatic) and seed 004's spacecraft with its 6-link arm (models/seed004_spatial.vms.json,
// the model of `vms benchmark`), plus every other registered solver (crba and the seed
// formulations, docs/solvers.md). The first table gives the ratios ours/Pinocchio and ours/MuJoCo,
// the scaling exponents, and one rk4 step (4 evaluations and the Lie-group update) with the aba
// solver; the second, every solver's time per call and its fitted scaling exponent
// (least-squares slope of log t against log N over the chains); the third, one step of rk4 and
// of momentum-rk4 (issue 9) in a continuing run, with their ratio.
//
// MuJoCo 2.2.2's XML reader refuses bodies nested deeper than its parser's element depth
// (100): chains up to 96 links load as MJCF, so the 100-link chain goes through MuJoCo's URDF
// loader (a flat file: a massless world link and a `floating` joint to the vehicle, which
// MuJoCo turns into a free joint). Setup checks, for every size, nbody/nv/the free joint and
// that both engines compute the same accelerations to 1e-9 at the benchmark state; it aborts
// otherwise. Pinocchio's accelerations are checked the same way (ours and its free-flyer
// convention are the same quantity: pinocchio_peer.hpp).
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "benchmark_systems.hpp"
#include "core/algorithms/aba.hpp"
#include "core/integrators/integrator.hpp"
#include "core/integrators/system_dynamics.hpp"
#include "core/model/compile_model.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"
#include "interleaved_timing.hpp"
#include "mjcf_writer.hpp"
#include "mujoco_bridge.hpp"
#include "pinocchio_peer.hpp"

#ifndef VMS_BENCH_CXX
#define VMS_BENCH_CXX "unknown compiler"
#endif

namespace {

using namespace vms;

using bench::kChainSizes;

/// One benchmark system: our model and MuJoCo's, at the same fixed state.
struct Case {
  int links = 0;
  bool tree = false;
  std::string label;  // "chain_6", "tree_100"
  Model model;
  State state;
  VecX tau;
  std::unique_ptr<test::MujocoInstance> mj;
  std::string mujoco_loader;  // "mjcf" or "urdf"
  double max_rel_error = 0.0;
#ifdef VMS_HAVE_PINOCCHIO
  std::unique_ptr<bench::PinocchioPeer> pin;
  double pin_rel_error = 0.0;
#endif
};

[[noreturn]] void die(const std::string& msg) {
  std::fprintf(stderr, "bench setup: %s\n", msg.c_str());
  std::exit(2);
}

/// A benchmark case from a description (gravity 0): our model, MuJoCo's (MJCF for chains up to
/// its nesting limit, else its URDF loader) and Pinocchio's, all at one fixed random state.
std::unique_ptr<Case> makeCase(const std::string& label, const ModelDescription& d, int links,
                               bool tree) {
  auto c = std::make_unique<Case>();
  c->links = links;
  c->tree = tree;
  c->label = label;
  c->model = compileModel(d);
  // A fixed, non-trivial state: random pose, twist, q, qd (seeded).
  c->state = randomState(c->model, 20240601);
  c->tau = VecX::Zero(c->model.njoints);
  test::MujocoExportOptions o;  // no energy flag; gravity 0; contacts/constraints disabled
  if (!tree && links <= test::kMjcfMaxChainLinks) {
    c->mj = test::loadMujoco(test::writeMjcf(d, o), "chain.xml");
    c->mujoco_loader = "mjcf";
  } else {
    c->mj = test::loadMujoco(test::writeMujocoUrdf(d, o), "chain.urdf");
    c->mujoco_loader = "urdf";
  }
  const mjModel* m = c->mj->m();
  mjData* md = c->mj->d();
  if (m->nbody != c->model.nbodies + 1 || m->nv != c->model.nv || m->njnt != c->model.njoints + 1 ||
      m->jnt_type[0] != mjJNT_FREE)
    die("MuJoCo " + c->label + " has nbody " + std::to_string(m->nbody) + ", nv " +
        std::to_string(m->nv) + ", njnt " + std::to_string(m->njnt));
  if (m->opt.gravity[0] != 0 || m->opt.gravity[1] != 0 || m->opt.gravity[2] != 0 ||
      !(m->opt.disableflags & mjDSBL_CONTACT) || !(m->opt.disableflags & mjDSBL_CONSTRAINT) ||
      (m->opt.enableflags & mjENBL_ENERGY))
    die("MuJoCo options not as intended");

  // Same accelerations? (ours in MuJoCo's free-joint convention)
  const test::MujocoMap map = test::mapMujoco(c->model, m);
  test::setMujocoState(c->model, map, c->state, c->tau, m, md);
  mj_forward(m, md);
  Data data(c->model);
  aba(c->model, data, c->state, c->tau);
  const VecX ours = test::oursInMujocoConvention(c->model, c->state, data.base_twist_dot, data.qdd);
  const VecX theirs = test::mujocoAcceleration(map, md);
  const double scale = std::max(1.0, theirs.cwiseAbs().maxCoeff());
  c->max_rel_error = (ours - theirs).cwiseAbs().maxCoeff() / scale;
  if (!(c->max_rel_error <= 1e-9))
    die(c->label + ": accelerations differ from MuJoCo by " + std::to_string(c->max_rel_error) +
        " (relative)");
  // And every registered solver agrees with aba: the times compare the same computation.
  for (const std::string& name : solverNames()) {
    if (!solverSupports(name, c->model.base_type)) continue;
    auto solver = makeSolver(name, c->model);
    Data data2(c->model);
    solver->compute(c->model, data2, c->state, c->tau, {});
    const VecX other =
        test::oursInMujocoConvention(c->model, c->state, data2.base_twist_dot, data2.qdd);
    if (!((other - ours).cwiseAbs().maxCoeff() / scale <= 1e-9))
      die(c->label + ": solver " + name + " differs from aba");
  }
#ifdef VMS_HAVE_PINOCCHIO
  // Pinocchio's accelerations, both conventions, against ours (same quantities, our order).
  try {
    c->pin = std::make_unique<bench::PinocchioPeer>(d, c->model, c->state, c->tau);
  } catch (const std::exception& e) {
    die(c->label + ": " + e.what());
  }
  VecX ours_pin(c->model.nv);
  ours_pin << data.base_twist_dot, data.qdd;
  const double pin_scale = std::max(1.0, ours_pin.cwiseAbs().maxCoeff());
  for (bool world : {false, true}) {
    const VecX theirs_pin = c->pin->forwardInOurOrder(world);
    const double e = (ours_pin - theirs_pin).cwiseAbs().maxCoeff() / pin_scale;
    c->pin_rel_error = std::max(c->pin_rel_error, e);
    if (!(e <= 1e-9))
      die(c->label + ": accelerations differ from Pinocchio's (" + (world ? "WORLD" : "LOCAL") +
          " convention) by " + std::to_string(e) + " (relative)");
  }
#endif
  return c;
}

std::vector<std::unique_ptr<Case>>& cases() {
  static std::vector<std::unique_ptr<Case>> all;
  return all;
}

void BM_VmsAba(benchmark::State& st, const Case* c) {
  Data data(c->model);
  for (auto _ : st) {
    aba(c->model, data, c->state, c->tau);
    benchmark::DoNotOptimize(data.qdd.data());
    benchmark::ClobberMemory();
  }
  st.counters["dof"] = c->model.nv;
}

#ifdef VMS_HAVE_PINOCCHIO
void BM_PinocchioAba(benchmark::State& st, const Case* c, bool world) {
  bench::PinocchioPeer& p = *c->pin;
  for (auto _ : st) {
    p.aba->forward(p.q.data(), p.v.data(), p.tau.data(), p.a.data(), world);
    benchmark::DoNotOptimize(p.a.data());
    benchmark::ClobberMemory();
  }
  st.counters["dof"] = c->model.nv;
}
#endif

void BM_MujocoForward(benchmark::State& st, const Case* c) {
  const mjModel* m = c->mj->m();
  mjData* d = c->mj->d();
  const test::MujocoMap map = test::mapMujoco(c->model, m);
  test::setMujocoState(c->model, map, c->state, c->tau, m, d);
  for (auto _ : st) {
    mj_forward(m, d);
    benchmark::DoNotOptimize(d->qacc);
    benchmark::ClobberMemory();
  }
  st.counters["dof"] = m->nv;
}

/// A registered solver through the solver interface (`vms --solver NAME`).
void BM_VmsSolver(benchmark::State& st, const Case* c, const std::string& name) {
  Data data(c->model);
  auto solver = makeSolver(name, c->model);
  for (auto _ : st) {
    solver->compute(c->model, data, c->state, c->tau, {});
    benchmark::DoNotOptimize(data.qdd.data());
    benchmark::ClobberMemory();
  }
  st.counters["dof"] = c->model.nv;
}

/// One fixed step (dt = 1 ms) of an integrator with the aba solver, from the benchmark state.
void BM_VmsIntegratorStep(benchmark::State& st, const Case* c, const char* integrator) {
  SystemDynamics dynamics(c->model, "aba");
  dynamics.setJointForces(c->tau);
  auto stepper = makeIntegrator(integrator, c->model);
  State s = c->state;
  stepper->advance(dynamics, s, 1e-3);  // first call may size workspaces
  for (auto _ : st) {
    s = c->state;  // same sizes: no allocation
    stepper->advance(dynamics, s, 1e-3);
    benchmark::DoNotOptimize(s.q.data());
    benchmark::ClobberMemory();
  }
  st.counters["dof"] = c->model.nv;
}

/// Consecutive fixed steps (dt = 1 ms, aba solver) from the benchmark state, as a simulation
/// takes them: momentum-rk4 carries its momentum from one step to the next only when handed
/// back the State it left, so restarting from the same state every iteration would time its
/// restart too. No torques, no gravity: the free chain just tumbles.
void BM_VmsContinuingStep(benchmark::State& st, const Case* c, const char* integrator) {
  SystemDynamics dynamics(c->model, "aba");
  dynamics.setJointForces(c->tau);
  auto stepper = makeIntegrator(integrator, c->model);
  State s = c->state;
  stepper->advance(dynamics, s, 1e-3);  // first call may size workspaces
  for (auto _ : st) {
    stepper->advance(dynamics, s, 1e-3);
    benchmark::DoNotOptimize(s.q.data());
    benchmark::ClobberMemory();
  }
  st.counters["dof"] = c->model.nv;
}

/// Console output as usual, and remembers each benchmark's time (median when repeated).
class TableReporter : public benchmark::ConsoleReporter {
 public:
  TableReporter() : ConsoleReporter(isatty(STDOUT_FILENO) ? OO_Defaults : OO_Tabular) {}
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& r : runs) {
      const std::string name = r.run_name.function_name;
      // CPU time: the build machine is shared, and wall time includes being descheduled.
      const double us = r.GetAdjustedCPUTime() * toMicroseconds(r.time_unit);
      if (r.run_type == Run::RT_Aggregate) {
        if (r.aggregate_name == "median") median_[r.run_name.str()] = us;
      } else {
        single_[r.run_name.str()].push_back(us);
      }
    }
  }
  /// Microseconds per call of `name`, or NaN if it did not run.
  double time(const std::string& name) const {
    if (auto it = median_.find(name); it != median_.end()) return it->second;
    if (auto it = single_.find(name); it != single_.end()) {
      std::vector<double> v = it->second;
      std::sort(v.begin(), v.end());
      return v[v.size() / 2];
    }
    return std::nan("");
  }

 private:
  static double toMicroseconds(benchmark::TimeUnit u) {
    switch (u) {
      case benchmark::kNanosecond:
        return 1e-3;
      case benchmark::kMicrosecond:
        return 1.0;
      case benchmark::kMillisecond:
        return 1e3;
      default:
        return 1e6;
    }
  }
  std::map<std::string, double> median_;
  std::map<std::string, std::vector<double>> single_;
};

std::string benchName(const char* what, const std::string& label) {
  return std::string(what) + "/" + label;
}
std::string benchName(const char* what, int chain_links) {
  return benchName(what, "chain_" + std::to_string(chain_links));
}

/// Pinocchio's time on a case: the faster of its two conventions (NaN without Pinocchio).
double pinocchioTime(const TableReporter& reporter, const std::string& label) {
  const double local = reporter.time(benchName("pinocchio_aba_local", label));
  const double world = reporter.time(benchName("pinocchio_aba_world", label));
  if (std::isnan(local)) return world;
  if (std::isnan(world)) return local;
  return std::min(local, world);
}

/// The chains' scaling exponent over the sizes that ran in the Google Benchmark runs ("pinocchio":
/// the faster of its two conventions).
double scalingExponent(const TableReporter& reporter, const std::string& what) {
  std::map<std::string, double> times;
  for (int links : kChainSizes) {
    const std::string label = "chain_" + std::to_string(links);
    times[label] = what == "pinocchio" ? pinocchioTime(reporter, label)
                                       : reporter.time(benchName(what.c_str(), label));
  }
  return bench::chainScalingExponent(times);
}

/// Every solver's time per call at each size, its ratio to aba and to MuJoCo at the largest
/// size that ran, and its fitted scaling exponent.
void printSolverTable(const TableReporter& reporter) {
  std::vector<std::pair<std::string, std::string>> rows = {
      {"aba", "vms_aba"}, {"pinocchio aba", "pinocchio"}, {"mj_forward", "mujoco_mj_forward"}};
  for (const std::string& name : solverNames())
    if (name != defaultSolverName()) rows.push_back({name, "vms_solver_" + name});
  std::printf("\nEvery solver, free-floating chains (CPU microseconds per call)\n%-22s", "solver");
  for (int links : kChainSizes) std::printf(" %9s", ("N=" + std::to_string(links)).c_str());
  std::printf(" %9s\n", "exponent");
  for (const auto& [label, bench] : rows) {
    std::printf("%-22s", label.c_str());
    for (int links : kChainSizes)
      std::printf(" %9.3f", bench == "pinocchio"
                                ? pinocchioTime(reporter, "chain_" + std::to_string(links))
                                : reporter.time(benchName(bench.c_str(), links)));
    std::printf(" %9.2f\n", scalingExponent(reporter, bench));
  }
}

/// Ours, Pinocchio (both conventions) and MuJoCo on each case in alternating batches
/// (interleaved_timing.hpp): ratios that a drifting machine speed does not skew.
void printInterleavedTable(int rounds) {
  std::printf(
      "\nInterleaved: the same forward dynamics, the engines taking turns in ~200 us batches, %d "
      "rounds per system; 10th percentile of the batch means (microseconds per call)\n",
      rounds);
  std::printf("%-11s %5s %9s %10s %10s %10s %10s\n", "system", "dof", "ours", "pinocchio", "mujoco",
              "ours/pin", "ours/mj");
  std::map<std::string, double> ours_times, pin_times;
  for (const auto& c : cases()) {
    Data data(c->model);
    std::vector<bench::Contender> contenders;
    contenders.push_back({"ours", [&] {
                            aba(c->model, data, c->state, c->tau);
                            benchmark::DoNotOptimize(data.qdd.data());
                            benchmark::ClobberMemory();
                          }});
    const mjModel* m = c->mj->m();
    mjData* d = c->mj->d();
    test::setMujocoState(c->model, test::mapMujoco(c->model, m), c->state, c->tau, m, d);
    contenders.push_back({"mujoco", [&] {
                            mj_forward(m, d);
                            benchmark::DoNotOptimize(d->qacc);
                            benchmark::ClobberMemory();
                          }});
#ifdef VMS_HAVE_PINOCCHIO
    bench::PinocchioPeer& pin = *c->pin;
    for (const bool world : {false, true})
      contenders.push_back({world ? "pinocchio world" : "pinocchio local", [&pin, world] {
                              pin.aba->forward(pin.q.data(), pin.v.data(), pin.tau.data(),
                                               pin.a.data(), world);
                              benchmark::DoNotOptimize(pin.a.data());
                              benchmark::ClobberMemory();
                            }});
#endif
    const std::vector<double> t = bench::interleavedTimes(contenders, rounds);
    const double ours = 1e6 * t[0], mj = 1e6 * t[1];
    const double pin_best = t.size() > 3 ? 1e6 * std::min(t[2], t[3]) : std::nan("");
    ours_times[c->label] = ours;
    pin_times[c->label] = pin_best;
    std::printf("%-11s %5d %9.3f %10.3f %10.3f %10.3f %10.3f\n", c->label.c_str(), c->model.nv,
                ours, pin_best, mj, ours / pin_best, ours / mj);
  }
  std::printf("Scaling exponents over the chains (t ~ N^e): ours %.2f, Pinocchio %.2f\n",
              bench::chainScalingExponent(ours_times), bench::chainScalingExponent(pin_times));
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;

  try {
    for (const bench::BenchmarkSystem& b : bench::benchmarkSystems(VMS_BENCH_MODELS_DIR))
      cases().push_back(makeCase(b.label, b.description, b.links, b.tree));
  } catch (const std::exception& e) {
    die(e.what());
  }
  std::printf("Setup: accelerations agree with MuJoCo at the benchmark state (relative):");
  for (const auto& c : cases())
    std::printf(" %s (%s) %.1e;", c->label.c_str(), c->mujoco_loader.c_str(), c->max_rel_error);
  std::printf("\n");
#ifdef VMS_HAVE_PINOCCHIO
  std::printf("Setup: accelerations agree with Pinocchio's (both conventions, relative):");
  for (const auto& c : cases()) std::printf(" %s %.1e;", c->label.c_str(), c->pin_rel_error);
  std::printf("\n");
  const std::string pinocchio_build =
      bench::PinocchioAba::compiler() + " (" + VMS_PINOCCHIO_BUILD + ")";
#else
  const std::string pinocchio_build = "not built (no Pinocchio source tree)";
#endif

  for (const auto& c : cases()) {
    const Case* p = c.get();
    benchmark::RegisterBenchmark(benchName("vms_aba", p->label).c_str(), BM_VmsAba, p);
#ifdef VMS_HAVE_PINOCCHIO
    benchmark::RegisterBenchmark(benchName("pinocchio_aba_local", p->label).c_str(),
                                 BM_PinocchioAba, p, false);
    benchmark::RegisterBenchmark(benchName("pinocchio_aba_world", p->label).c_str(),
                                 BM_PinocchioAba, p, true);
#endif
    benchmark::RegisterBenchmark(benchName("mujoco_mj_forward", p->label).c_str(), BM_MujocoForward,
                                 p);
    for (const std::string& name : solverNames())
      if (name != defaultSolverName() && solverSupports(name, p->model.base_type))
        benchmark::RegisterBenchmark(benchName(("vms_solver_" + name).c_str(), p->label).c_str(),
                                     BM_VmsSolver, p, name);
    benchmark::RegisterBenchmark(benchName("vms_rk4_step", p->label).c_str(), BM_VmsIntegratorStep,
                                 p, "rk4");
    benchmark::RegisterBenchmark(benchName("vms_rk4_run_step", p->label).c_str(),
                                 BM_VmsContinuingStep, p, "rk4");
    benchmark::RegisterBenchmark(benchName("vms_momentum_rk4_run_step", p->label).c_str(),
                                 BM_VmsContinuingStep, p, "momentum-rk4");
  }

  TableReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);

  std::printf(
      "\nForward dynamics, free-floating systems (CPU microseconds per call, median over "
      "repetitions if --benchmark_repetitions is given)\n"
      "  ours:      %s\n  Pinocchio: 3.7.0 aba, %s, the faster of its LOCAL and WORLD "
      "conventions\n  MuJoCo:    %s mj_forward (Debian's libmujoco)\n",
      VMS_BENCH_CXX, pinocchio_build.c_str(), mj_versionString());
  std::printf("%-11s %5s %9s %10s %10s %10s %10s %9s %9s\n", "system", "dof", "ours", "pinocchio",
              "mujoco", "ours/pin", "ours/mj", "crba", "rk4_step");
  for (const auto& c : cases()) {
    const double ours = reporter.time(benchName("vms_aba", c->label));
    const double pin = pinocchioTime(reporter, c->label);
    const double mj = reporter.time(benchName("mujoco_mj_forward", c->label));
    const double crba = reporter.time(benchName("vms_solver_crba", c->label));
    const double rk4 = reporter.time(benchName("vms_rk4_step", c->label));
    std::printf("%-11s %5d %9.3f %10.3f %10.3f %10.3f %10.3f %9.3f %9.3f\n", c->label.c_str(),
                c->model.nv, ours, pin, mj, ours / pin, ours / mj, crba, rk4);
  }
  std::printf(
      "Scaling exponents over the chains (t ~ N^e): ours %.2f, Pinocchio %.2f, MuJoCo %.2f\n",
      scalingExponent(reporter, "vms_aba"), scalingExponent(reporter, "pinocchio"),
      scalingExponent(reporter, "mujoco_mj_forward"));
  std::printf("\nOne step in a continuing run (CPU microseconds), momentum-rk4 vs rk4\n");
  std::printf("%-11s %5s %10s %14s %8s\n", "system", "dof", "rk4", "momentum-rk4", "ratio");
  for (const auto& c : cases()) {
    const double rk4 = reporter.time(benchName("vms_rk4_run_step", c->label));
    const double mrk = reporter.time(benchName("vms_momentum_rk4_run_step", c->label));
    std::printf("%-11s %5d %10.3f %14.3f %8.2f\n", c->label.c_str(), c->model.nv, rk4, mrk,
                mrk / rk4);
  }
  const auto scaling = [&](const char* what) {
    return reporter.time(benchName(what, 100)) / reporter.time(benchName(what, 10));
  };
  std::printf("Scaling t(100)/t(10): vms_aba %.2f, mj_forward %.2f, vms_crba %.2f\n",
              scaling("vms_aba"), scaling("mujoco_mj_forward"), scaling("vms_solver_crba"));
  printSolverTable(reporter);
  printInterleavedTable(200);
  benchmark::Shutdown();
  return 0;
}
