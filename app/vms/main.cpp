// vms: the headless command line of VMS Workbench. See the README for every command.
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>

#include "commands.hpp"
#include "core/model/base_type.hpp"
#include "core/model/model_error.hpp"
#include "core/model/names.hpp"

namespace {

const char* kHelp =
    "vms - vehicle-manipulator dynamics from the command line\n"
    "\n"
    "  vms inspect MODEL --state STATE [--base TYPE] [--solver NAME | --root LINK] [--detail]\n"
    "  vms simulate MODEL --state STATE --duration T --dt H [--integrator NAME] [--base TYPE]\n"
    "               [--solver NAME | --root LINK] [--every K] [--out FILE.csv]\n"
    "  vms benchmark MODEL [--base TYPE] [--solver NAME | --root LINK] [--iterations N]\n"
    "                [--integrator NAME]\n"
    "  vms crosscheck MODEL --state STATE [--base TYPE] [--root LINK]   (every solver vs aba)\n"
    "  vms derivatives MODEL [--state STATE] [--base TYPE] [--tau T1,...,Tn]\n"
    "                  (accelerations and their derivatives in q, nu and tau, as JSON)\n"
    "  vms convert MODEL OUTPUT.{urdf,vms.json} [--base TYPE] [--copy-meshes [--mesh-dir DIR]]\n"
    "            (--copy-meshes: OUTPUT.urdf and OUTPUT_meshes/ with a copy of every mesh)\n"
    "  vms mount VEHICLE ARM OUTPUT.{urdf,vms.json} [--at LINK] [--xyz X,Y,Z] [--rpy R,P,Y]\n"
    "            [--prefix P] [--joint NAME] [--base TYPE]   (the arm's root on a vehicle link)\n"
    "  vms run SCENARIO.scenario.json [--out DIR]   (writes DIR/trajectory.csv, DIR/summary.json)\n"
    "  vms linearize SCENARIO.scenario.json --at T [--closed-loop]\n"
    "                (A, B of the motion at the run's step instant nearest T, eigenvalues;\n"
    "                --closed-loop: K of the controllers and A + B K, as JSON)\n"
    "  vms sweep SCENARIO.scenario.json --param PATH=FROM:TO:COUNT [--param ...]\n"
    "            [--metric NAME[,NAME...]|all] [--jobs J] [--shard K/N] [--out FILE.csv]\n"
    "            (one CSV row of summary.json figures per grid point; PATH: /model/links/2/mass,\n"
    "            link:NAME.mass, joint:NAME.origin.x, /duration, ...)\n"
    "  vms sweep merge SHARD.csv... [--out FILE.csv]   (joins the CSVs of --shard K/N runs)\n"
    "  vms dmap MODEL --joints A,B [--state STATE] [--grid N] [--out MAP.csv]\n"
    "           [--png MAP.png [--width W] [--height H]] [--base TYPE]\n"
    "           (disturbance map: vehicle rotation per unit motion of two joints, curvature;\n"
    "           --png: the desktop panel's figure)\n"
    "  vms plan attitude MODEL --state STATE --turn X,Y,Z --joints J1,J2[,...]\n"
    "           --out PLAN.scenario.json [--max-amplitude A] [--base TYPE]\n"
    "           (joint loops that turn the vehicle by X,Y,Z rad, written as a scenario)\n"
    "  vms plan path MODEL --state STATE --to Q1,...,Qn --out PLAN.scenario.json\n"
    "           [--joints J1,...] [--max-speed V] [--base TYPE]   (reach the joint angles\n"
    "           leaving the vehicle attitude as it was: least-disturbance path)\n"
    "  vms solvers [NAME] [--markdown]   (the solvers, integrators and printed errata: a list,\n"
    "              one in full, or docs/solvers.md's tables)\n"
#ifdef VMS_HAVE_PLOT
    "  vms plot CSV --y COL[,COL...] [--x COL] --out FILE.{png,svg,pdf} [--title T] [--logy]\n"
    "           [--width W] [--height H] [--scale S]\n"
#endif
    "\n"
    "  vms --version\n"
    "  vms COMMAND --help   (that command's usage)\n";

const char* kFooter =
    "\n"
    "MODEL is a URDF file (*.urdf, root link = vehicle) or a native *.vms.json file.\n"
    "--root LINK: the base-invariant solver with LINK as the root of the tree (free vehicles;\n"
    "      input and output stay in the model's own coordinates).\n"
    "--repair-inertia (inspect, simulate, benchmark, crosscheck, derivatives, convert, mount, "
    "run,\n"
    "      linearize, sweep):\n"
    "      a link whose inertia breaks A + B >= C or has a negative principal moment gets the mean "
    "of\n"
    "      its principal moments (MuJoCo's balanceinertia), with a warning naming the link.\n"
    "Exit status: 0 ok, 1 bad model/state file (crosscheck: a solver disagrees), 2 bad\n"
    "arguments, 3 simulation diverged.\n";

bool isHelpOption(const char* arg) {
  return !std::strcmp(arg, "--help") || !std::strcmp(arg, "-h") || !std::strcmp(arg, "help");
}

// The vehicle types, from the core's table (never a stale copy).
std::string typeLine() { return "TYPE: " + vms::baseTypeNames() + ".\n"; }

void printHelp(FILE* out) { std::fprintf(out, "%s%s%s", kHelp, kFooter, typeLine().c_str()); }

// The usage lines of one command (its line of kHelp and the indented continuation lines),
// then the shared notes; false when kHelp has no such command.
bool printCommandHelp(const std::string& command) {
  const std::string help = kHelp, head = "  vms " + command + " ";
  std::string lines;
  bool in_command = false;
  for (std::size_t start = 0; start < help.size();) {
    const std::size_t end = std::min(help.find('\n', start), help.size());
    const std::string line = help.substr(start, end - start);
    if (line.rfind(head, 0) == 0) {
      in_command = true;
    } else if (in_command && line.rfind("        ", 0) != 0) {
      in_command = false;
    }
    if (in_command) lines += line + "\n";
    start = end + 1;
  }
  if (lines.empty()) return false;
  std::printf("%s%s%s", lines.c_str(), kFooter, typeLine().c_str());
  return true;
}

// A message is one line whatever text from a file it quotes (a name with a newline, bytes
// that are not UTF-8).
std::string oneLine(const char* message) { return vms::printableText(message, 2000); }

}  // namespace

int main(int argc, char** argv) {
  using namespace vms::cli;
  if (argc < 2 || isHelpOption(argv[1])) {
    printHelp(argc < 2 ? stderr : stdout);
    return argc < 2 ? kExitUsage : kExitOk;
  }
  if (!std::strcmp(argv[1], "--version") || !std::strcmp(argv[1], "-V")) {
    std::printf("vms %s (VMS Workbench)\n", VMS_VERSION);
    return kExitOk;
  }
  const std::string command = argv[1];
  for (int i = 2; i < argc; ++i)
    if (!std::strcmp(argv[i], "--help") || !std::strcmp(argv[i], "-h")) {
      if (printCommandHelp(command)) return kExitOk;
      break;  // an unknown command: reported below
    }
  try {
    if (command == "inspect") return runInspect(argc, argv);
    if (command == "simulate") return runSimulate(argc, argv);
    if (command == "benchmark") return runBenchmark(argc, argv);
    if (command == "crosscheck") return runCrosscheck(argc, argv);
    if (command == "derivatives") return runDerivatives(argc, argv);
    if (command == "convert") return runConvert(argc, argv);
    if (command == "mount") return runMount(argc, argv);
    if (command == "run") return runRun(argc, argv);
    if (command == "linearize") return runLinearize(argc, argv);
    if (command == "sweep") return runSweep(argc, argv);
    if (command == "dmap") return runDmap(argc, argv);
    if (command == "plan") return runPlan(argc, argv);
    if (command == "solvers") return runSolvers(argc, argv);
#ifdef VMS_HAVE_PLOT
    if (command == "plot") return runPlot(argc, argv);
#endif
    std::fprintf(stderr, "vms: unknown command '%s'\n", command.c_str());
    printHelp(stderr);
    return kExitUsage;
  } catch (const UsageError& e) {
    std::fprintf(stderr, "vms %s: %s\n", command.c_str(), oneLine(e.what()).c_str());
    return kExitUsage;
  } catch (const vms::ModelError& e) {
    std::fprintf(stderr, "vms: %s\n", oneLine(e.what()).c_str());
    return kExitBadInput;
  } catch (const std::bad_alloc&) {
    std::fputs("vms: out of memory\n", stderr);
    return kExitBadInput;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "vms: %s\n", oneLine(e.what()).c_str());
    return kExitBadInput;
  }
}
