// Analytic derivatives of forward dynamics: ours (vms::ForwardDynamicsDerivatives::compute: aba,
// the inverse-dynamics derivatives at its accelerations and the columns of M^-1) against
// Pinocchio 3.7's computeABADerivatives (built from its source tree with clang when available,
// see bench/CMakeLists.txt; optional) on vms_bench's systems (benchmark_systems.hpp) with gravity
// on, and on the URDF robots the tests load. Each system's benchmark times the two taking turns
// in ~200 us batches (interleaved_timing.hpp): its time is ours per call, its counters
// Pinocchio's per call (pin_us) and the ratio ours/pin. The summary table adds the exponents of
// time against chain length.
//
// Setup, before any timing, at kStates random states per system (random pose, nonzero
// velocities, joint forces, gravity 9.81 m/s^2): Pinocchio's ddq_dq, ddq_dv, Minv and ddq,
// permuted to our order, equal ours (ddqDq, ddqDv, [ddqDbaseWrench ddqDtau], acceleration) to
// 1e-9, max |ours - pin| / max(1, max |pin|); and both derivatives agree with central
// differences of our aba() on the group (the vehicle at g exp(h e_k), the joints at q + h e_k,
// the velocities at nu + h e_k; h = 1e-4 in the configuration, 1e-3 in the velocity) to 1e-6 in
// the same measure, which checks the mapping (order, local tangent) independently of either
// implementation. Pinocchio reads each robot from its file; a file its parser (urdfdom) refuses,
// such as one whose revolute joints have no <limit>, reaches it through writeUrdf instead. Any
// disagreement is printed (system, matrix, entry, both values) and the program exits with status 2.
//
// Pinocchio's free flyer: v = [linear; angular] body velocity of the root frame, and a
// configuration perturbation dv acts as integrate(q, dv) = the root pose times exp6(dv): our
// nu = [iota0^T twist_b; qd] and [delta; dq] with g <- g exp(delta) for a free vehicle (iota0 =
// I), so the matrices compare entry by entry once Pinocchio's depth-first joint order is
// permuted to our user order (pinocchio_peer.hpp).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "benchmark_systems.hpp"
#include "core/algorithms/aba.hpp"
#include "core/algorithms/aba_derivatives.hpp"
#include "core/io/model_io.hpp"
#include "core/model/compile_model.hpp"
#include "core/spatial/se3.hpp"
#include "interleaved_timing.hpp"
#include "pinocchio_peer.hpp"
#ifdef VMS_HAVE_PINOCCHIO
#include "pinocchio/pinocchio_aba_derivatives.hpp"
#endif

#ifndef VMS_BENCH_CXX
#define VMS_BENCH_CXX "unknown compiler"
#endif

namespace {

using namespace vms;

const int kStates = 3;                 // random states checked per system
const std::uint64_t kSeed = 20240601;  // of the first (timed) state
const Vec3 kGravity(0.0, 0.0, -9.81);  // world frame
const double kAgreement = 1e-9;        // ours against Pinocchio
// Central differences: steps in the configuration (the vehicle's exp coordinates, the joints)
// and in the velocity. The accelerations are quadratic in nu, so a velocity difference is exact
// but for rounding, which a larger step divides; in the configuration, truncation (h^2) and
// rounding (eps |nudot| cond(M) / h, large on the ill-conditioned 100-link URDF models) balance
// near 1e-4.
const double kConfigurationStep = 1e-4;
const double kVelocityStep = 1e-3;
const double kDifferenceAgreement = 1e-6;  // either against central differences
const int kRounds = 200;                   // interleaved rounds per system

/// The URDF robots the tests load (paths from the source directory).
const char* const kRobotFiles[] = {
    "tests/data/urdf-spart/SC_3DoF.urdf",   "tests/data/urdf-spart/Simple_Spacecraft.urdf",
    "tests/data/urdf-spart/kuka_iiwa.urdf", "tests/data/urdf-spart/kuka_lwr.urdf",
    "models/seed004_spatial.urdf",          "models/seed004_planar.urdf",
    "tests/data/scale/chain100.urdf",       "tests/data/scale/humanoid100.urdf",
    "tests/data/diverging_slider.urdf",
};

/// The largest difference of two matrices relative to the reference's size, and where.
struct Difference {
  double relative = 0.0;
  int row = -1, col = -1;
  double value = 0.0, reference = 0.0;
};

Difference compare(const MatX& value, const MatX& reference) {
  Difference d;
  if (value.rows() != reference.rows() || value.cols() != reference.cols()) {
    d.relative = std::numeric_limits<double>::infinity();
    return d;
  }
  const double scale = std::max(1.0, reference.cwiseAbs().maxCoeff());
  for (int j = 0; j < value.cols(); ++j)
    for (int i = 0; i < value.rows(); ++i) {
      const double e = std::abs(value(i, j) - reference(i, j)) / scale;
      if (!(e <= d.relative)) d = {e, i, j, value(i, j), reference(i, j)};
    }
  return d;
}

/// Worst differences over the states checked, per comparison.
struct Agreement {
  Difference dq, dv, minv, ddq;       // ours against Pinocchio
  Difference pin_fd_dq, pin_fd_dv;    // Pinocchio against central differences
  Difference ours_fd_dq, ours_fd_dv;  // ours against central differences
  // Ours and Pinocchio's (double) against Pinocchio in long double, the worst of ddq_dq, ddq_dv
  // and Minv: reported, not checked.
  Difference ours_extended, pin_extended;
};

void keepWorse(Difference& worst, const Difference& d) {
  if (!(d.relative <= worst.relative)) worst = d;
}

/// One system: our model (gravity on) and Pinocchio's, at the timed state.
struct System {
  std::string label;  // "chain_6", or the URDF file's name without .urdf
  Model model;
  State state;
  VecX tau;
#ifdef VMS_HAVE_PINOCCHIO
  std::unique_ptr<bench::PinocchioPeer> pin;
  std::unique_ptr<bench::PinocchioAbaDerivatives> pin_derivatives;
#endif
  Agreement agreement;
  std::vector<std::string> failures;
  double ours_us = std::nan(""), pin_us = std::nan("");
};

[[noreturn]] void die(const std::string& msg) {
  std::fprintf(stderr, "bench setup: %s\n", msg.c_str());
  std::exit(2);
}

/// nudot = [base_twist_dot; qdd] of our aba() (a free vehicle: iota0 = I).
VecX acceleration(const Model& model, Data& data, const State& s, const VecX& tau) {
  aba(model, data, s, tau);
  VecX out(model.nv);
  out << data.base_twist_dot, data.qdd;
  return out;
}

/// Central differences of our aba() on the group: d nudot / d[delta; q] and d nudot / d nu.
void centralDifferences(const Model& model, const State& s, const VecX& tau, MatX& dq, MatX& dv) {
  const int nv = model.nv, h6 = 6;
  Data data(model);
  dq.resize(nv, nv);
  dv.resize(nv, nv);
  for (int k = 0; k < nv; ++k) {
    VecX plus, minus;
    for (const double sign : {1.0, -1.0}) {
      State p = s;
      if (k < h6) {
        Vec6 e = Vec6::Zero();
        e[k] = sign * kConfigurationStep;
        const Pose g = s.basePose() * se3Exp(e);
        p.base_orientation = Quat(g.R).normalized();
        p.base_position = g.p;
      } else {
        p.q[k - h6] += sign * kConfigurationStep;
      }
      (sign > 0 ? plus : minus) = acceleration(model, data, p, tau);
    }
    dq.col(k) = (plus - minus) / (2 * kConfigurationStep);
    for (const double sign : {1.0, -1.0}) {
      State p = s;
      if (k < h6)
        p.base_twist[k] += sign * kVelocityStep;
      else
        p.qd[k - h6] += sign * kVelocityStep;
      (sign > 0 ? plus : minus) = acceleration(model, data, p, tau);
    }
    dv.col(k) = (plus - minus) / (2 * kVelocityStep);
  }
}

/// A seeded random state (randomState: pose, twist, q, qd) and joint forces in [-2, 2].
void randomPoint(const Model& model, std::uint64_t seed, State& s, VecX& tau) {
  s = randomState(model, seed);
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-2.0, 2.0);
  tau.resize(model.njoints);
  for (int k = 0; k < model.njoints; ++k) tau[k] = u(rng);
}

void record(System& sys, const char* what, Difference& worst, const Difference& d, double tolerance,
            int state_index) {
  keepWorse(worst, d);
  if (d.relative <= tolerance) return;
  char line[320];
  std::snprintf(line, sizeof line,
                "%s, state %d: %s differs by %.3e relative (tolerance %.0e), worst entry (%d, %d): "
                "%.17g against %.17g",
                sys.label.c_str(), state_index, what, d.relative, tolerance, d.row, d.col, d.value,
                d.reference);
  sys.failures.push_back(line);
}

/// Compares ours, Pinocchio's and central differences at kStates random states; leaves the
/// system at its first state (the timed one).
void checkAgreement(System& sys) {
  const Model& m = sys.model;
  const int nv = m.nv;
  Data data(m);
  ForwardDynamicsDerivatives ours(m);
  for (int k = 0; k < kStates; ++k) {
    State s;
    VecX tau;
    randomPoint(m, kSeed + k, s, tau);
    ours.compute(m, data, s, tau);
    if (ours.ddqDq().rows() != nv || ours.ddqDq().cols() != nv || ours.ddqDv().cols() != nv ||
        ours.ddqDtau().cols() != m.njoints || ours.ddqDbaseWrench().cols() != 6)
      die(sys.label + ": unexpected sizes of ForwardDynamicsDerivatives' matrices");
    const MatX ours_dq = ours.ddqDq(), ours_dv = ours.ddqDv();
    MatX ours_minv(nv, nv);
    ours_minv << ours.ddqDbaseWrench(), ours.ddqDtau();
    MatX fd_dq, fd_dv;
    centralDifferences(m, s, tau, fd_dq, fd_dv);
    Agreement& a = sys.agreement;
    record(sys, "ours ddq_dq vs central differences", a.ours_fd_dq, compare(ours_dq, fd_dq),
           kDifferenceAgreement, k);
    record(sys, "ours ddq_dv vs central differences", a.ours_fd_dv, compare(ours_dv, fd_dv),
           kDifferenceAgreement, k);
#ifdef VMS_HAVE_PINOCCHIO
    bench::PinocchioPeer& p = *sys.pin;
    p.setState(m, s, tau);
    sys.pin_derivatives->compute(p.q.data(), p.v.data(), p.tau.data());
    MatX pin_dq(nv, nv), pin_dv(nv, nv), pin_minv(nv, nv);
    MatX pin_ddq(nv, 1);
    sys.pin_derivatives->results(pin_ddq.data(), pin_dq.data(), pin_dv.data(), pin_minv.data());
    pin_dq = p.toOurOrder(pin_dq);
    pin_dv = p.toOurOrder(pin_dv);
    pin_minv = p.toOurOrder(pin_minv);
    MatX pin_ddq_ours(nv, 1);
    const std::vector<int> at = p.velocityIndexInPinocchio();
    for (int i = 0; i < nv; ++i) pin_ddq_ours(i, 0) = pin_ddq(at[i], 0);
    record(sys, "ddq_dq (ours vs Pinocchio)", a.dq, compare(ours_dq, pin_dq), kAgreement, k);
    record(sys, "ddq_dv (ours vs Pinocchio)", a.dv, compare(ours_dv, pin_dv), kAgreement, k);
    record(sys, "Minv (ours vs Pinocchio)", a.minv, compare(ours_minv, pin_minv), kAgreement, k);
    record(sys, "ddq (ours vs Pinocchio)", a.ddq, compare(MatX(ours.acceleration()), pin_ddq_ours),
           kAgreement, k);
    record(sys, "Pinocchio ddq_dq vs central differences", a.pin_fd_dq, compare(pin_dq, fd_dq),
           kDifferenceAgreement, k);
    record(sys, "Pinocchio ddq_dv vs central differences", a.pin_fd_dv, compare(pin_dv, fd_dv),
           kDifferenceAgreement, k);
    MatX ext_dq(nv, nv), ext_dv(nv, nv), ext_minv(nv, nv);
    if (!sys.pin_derivatives->computeExtended(p.q.data(), p.v.data(), p.tau.data(), nullptr,
                                              ext_dq.data(), ext_dv.data(), ext_minv.data())) {
      a.ours_extended.relative = a.pin_extended.relative = std::nan("");
      continue;
    }
    ext_dq = p.toOurOrder(ext_dq);
    ext_dv = p.toOurOrder(ext_dv);
    ext_minv = p.toOurOrder(ext_minv);
    for (const auto& [x, ref] :
         {std::pair(&ours_dq, &ext_dq), {&ours_dv, &ext_dv}, {&ours_minv, &ext_minv}})
      keepWorse(a.ours_extended, compare(*x, *ref));
    for (const auto& [x, ref] :
         {std::pair(&pin_dq, &ext_dq), {&pin_dv, &ext_dv}, {&pin_minv, &ext_minv}})
      keepWorse(a.pin_extended, compare(*x, *ref));
#endif
  }
  randomPoint(m, kSeed, sys.state, sys.tau);
#ifdef VMS_HAVE_PINOCCHIO
  sys.pin->setState(m, sys.state, sys.tau);
#endif
}

/// A system from a description (gravity set to kGravity here) and, for a robot, its URDF text
/// (Pinocchio reads the file itself; the benchmark systems reach it through writeUrdf).
std::unique_ptr<System> makeSystem(const std::string& label, ModelDescription d,
                                   const std::string& urdf_text) {
  auto sys = std::make_unique<System>();
  sys->label = label;
  d.gravity = kGravity;
  sys->model = compileModel(d);
  if (sys->model.base_type != BaseType::Free || !sys->model.base_basis.isIdentity(0.0))
    throw std::runtime_error("not a free vehicle");
  if (sys->model.hasCouplings()) throw std::runtime_error("mimic joints");
  randomPoint(sys->model, kSeed, sys->state, sys->tau);
#ifdef VMS_HAVE_PINOCCHIO
  sys->pin = std::make_unique<bench::PinocchioPeer>(d, sys->model, sys->state, sys->tau, urdf_text);
  sys->pin_derivatives = std::make_unique<bench::PinocchioAbaDerivatives>(*sys->pin->aba);
#else
  (void)urdf_text;
#endif
  return sys;
}

std::string readFile(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw std::runtime_error("cannot open " + path);
  std::string text;
  char buf[65536];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) text.append(buf, n);
  std::fclose(f);
  return text;
}

std::vector<std::unique_ptr<System>>& systems() {
  static std::vector<std::unique_ptr<System>> all;
  return all;
}

void BM_Derivatives(benchmark::State& st, System* sys) {
  const Model& m = sys->model;
  Data data(m);
  ForwardDynamicsDerivatives ours(m);
  std::vector<bench::Contender> contenders;
  contenders.push_back({"ours", [&] {
                          ours.compute(m, data, sys->state, sys->tau);
                          benchmark::DoNotOptimize(ours.ddqDq().data());
                          benchmark::ClobberMemory();
                        }});
#ifdef VMS_HAVE_PINOCCHIO
  bench::PinocchioPeer& p = *sys->pin;
  bench::PinocchioAbaDerivatives& pd = *sys->pin_derivatives;
  contenders.push_back({"pinocchio", [&] {
                          pd.compute(p.q.data(), p.v.data(), p.tau.data());
                          benchmark::ClobberMemory();
                        }});
#endif
  std::vector<double> t;
  for (auto _ : st) {
    t = bench::interleavedTimes(contenders, kRounds);
    st.SetIterationTime(t[0]);
  }
  sys->ours_us = 1e6 * t[0];
  st.counters["dof"] = m.nv;
  if (t.size() > 1) {
    sys->pin_us = 1e6 * t[1];
    st.counters["pin_us"] = sys->pin_us;
    st.counters["ours/pin"] = t[0] / t[1];
  }
}

void printAgreement() {
  std::printf(
      "Setup: largest relative differences over %d random states (max |x - ref| / max(1, "
      "max |ref|)); ours against Pinocchio (tolerance %.0e) and each against central "
      "differences of our aba (steps %.0e in q, %.0e in nu; tolerance %.0e); and, not "
      "checked, the error of each (worst of the three matrices) against Pinocchio run in long "
      "double (nan unless configured with -DVMS_BENCH_LONG_DOUBLE=ON)\n",
      kStates, kAgreement, kConfigurationStep, kVelocityStep, kDifferenceAgreement);
  std::printf("%-18s %4s %9s %9s %9s %9s | %9s %9s %9s %9s | %9s %9s\n", "system", "dof", "ddq_dq",
              "ddq_dv", "Minv", "ddq", "pin fd dq", "pin fd dv", "our fd dq", "our fd dv",
              "ours ld", "pin ld");
  for (const auto& s : systems()) {
    const Agreement& a = s->agreement;
    std::printf("%-18s %4d %9.1e %9.1e %9.1e %9.1e | %9.1e %9.1e %9.1e %9.1e | %9.1e %9.1e\n",
                s->label.c_str(), s->model.nv, a.dq.relative, a.dv.relative, a.minv.relative,
                a.ddq.relative, a.pin_fd_dq.relative, a.pin_fd_dv.relative, a.ours_fd_dq.relative,
                a.ours_fd_dv.relative, a.ours_extended.relative, a.pin_extended.relative);
  }
}

void printSummary() {
  std::printf(
      "\nForward-dynamics derivatives (ddq/dq, ddq/dv, M^-1), interleaved ~200 us batches, %d "
      "rounds, 10th percentile of the batch means (microseconds per call)\n"
      "  ours:      %s, ForwardDynamicsDerivatives::compute\n",
      kRounds, VMS_BENCH_CXX);
#ifdef VMS_HAVE_PINOCCHIO
  std::printf("  Pinocchio: 3.7.0 computeABADerivatives(model, data, q, v, tau), %s (%s)\n",
              bench::PinocchioAba::compiler().c_str(), VMS_PINOCCHIO_BUILD);
#endif
  std::printf("%-24s %4s %10s %10s %9s\n", "system", "dof", "ours", "pinocchio", "ours/pin");
  std::map<std::string, double> ours, pin;
  for (const auto& s : systems()) {
    if (std::isnan(s->ours_us)) continue;
    ours[s->label] = s->ours_us;
    pin[s->label] = s->pin_us;
    std::printf("%-24s %4d %10.3f %10.3f %9.3f\n", s->label.c_str(), s->model.nv, s->ours_us,
                s->pin_us, s->ours_us / s->pin_us);
  }
  std::printf("Scaling exponents over the chains (t ~ N^e): ours %.2f, Pinocchio %.2f\n",
              bench::chainScalingExponent(ours), bench::chainScalingExponent(pin));
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;

  try {
    for (bench::BenchmarkSystem& b : bench::benchmarkSystems(VMS_BENCH_MODELS_DIR))
      systems().push_back(makeSystem(b.label, std::move(b.description), ""));
  } catch (const std::exception& e) {
    die(e.what());
  }
  for (const char* file : kRobotFiles) {
    const std::string path = std::string(VMS_BENCH_SOURCE_DIR) + "/" + file;
    std::string name = path.substr(path.find_last_of('/') + 1);
    name = name.substr(0, name.size() - 5);  // without .urdf
    try {
      const ModelDescription d = loadModelDescription(path);
      std::unique_ptr<System> sys;
      try {
        sys = makeSystem(name, d, readFile(path));
      } catch (const std::runtime_error& e) {
        if (std::string(e.what()).rfind("Pinocchio URDF parser", 0) != 0) throw;
        std::printf("Setup: %s: %s; Pinocchio reads it as writeUrdf writes it\n", file, e.what());
        sys = makeSystem(name, d, "");
      }
      systems().push_back(std::move(sys));
    } catch (const std::exception& e) {
      std::printf("Setup: %s skipped: %s\n", file, e.what());
    }
  }
  bool failed = false;
  for (const auto& s : systems()) {
    checkAgreement(*s);
    for (const std::string& f : s->failures) std::fprintf(stderr, "bench setup: %s\n", f.c_str());
    failed = failed || !s->failures.empty();
  }
  printAgreement();
  if (failed) die("derivatives disagree (see above)");

  for (const auto& s : systems())
    benchmark::RegisterBenchmark(("aba_derivatives/" + s->label).c_str(), BM_Derivatives, s.get())
        ->Iterations(1)
        ->UseManualTime()
        ->Unit(benchmark::kMicrosecond);
  benchmark::RunSpecifiedBenchmarks();
  printSummary();
  benchmark::Shutdown();
  return 0;
}
