// vms: the headless command line of VMS Workbench. See the README for every command.
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>

#include "commands.hpp"
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
    "  vms convert MODEL OUTPUT.{urdf,vms.json} [--base TYPE]\n"
    "  vms run SCENARIO.scenario.json [--out DIR]   (writes DIR/trajectory.csv, DIR/summary.json)\n"
#ifdef VMS_HAVE_PLOT
    "  vms plot CSV --y COL[,COL...] [--x COL] --out FILE.{png,svg,pdf} [--title T] [--logy]\n"
    "           [--width W] [--height H]\n"
#endif
    "\n"
    "MODEL is a URDF file (*.urdf, root link = vehicle) or a native *.vms.json file.\n"
    "TYPE: free | planar | ball | translation | schoenflies | fixed | gantry | rail |\n"
    "      cylindrical | turntable.\n"
    "--root LINK: the base-invariant solver with LINK as the root of the tree (free vehicles;\n"
    "      input and output stay in the model's own coordinates).\n"
    "Exit status: 0 ok, 1 bad model/state file (crosscheck: a solver disagrees), 2 bad\n"
    "arguments, 3 simulation diverged.\n";

// A message is one line whatever text from a file it quotes (a name with a newline, bytes
// that are not UTF-8).
std::string oneLine(const char* message) { return vms::printableText(message, 2000); }

}  // namespace

int main(int argc, char** argv) {
  using namespace vms::cli;
  if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h") ||
      !std::strcmp(argv[1], "help")) {
    std::fputs(kHelp, argc < 2 ? stderr : stdout);
    return argc < 2 ? kExitUsage : kExitOk;
  }
  const std::string command = argv[1];
  try {
    if (command == "inspect") return runInspect(argc, argv);
    if (command == "simulate") return runSimulate(argc, argv);
    if (command == "benchmark") return runBenchmark(argc, argv);
    if (command == "crosscheck") return runCrosscheck(argc, argv);
    if (command == "convert") return runConvert(argc, argv);
    if (command == "run") return runRun(argc, argv);
#ifdef VMS_HAVE_PLOT
    if (command == "plot") return runPlot(argc, argv);
#endif
    std::fprintf(stderr, "vms: unknown command '%s'\n%s", command.c_str(), kHelp);
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
