// vms convert MODEL OUTPUT [--base TYPE]: URDF <-> .vms.json (and DH tables -> either).
#include <cstdio>

#include "cli_common.hpp"
#include "commands.hpp"
#include "core/io/model_io.hpp"

namespace vms::cli {

int runConvert(int argc, char** argv) {
  const Arguments args(argc, argv, 2, {"base"}, {"repair-inertia"});
  if (args.positional().size() != 2)
    throw UsageError("usage: vms convert MODEL OUTPUT.{urdf,vms.json} [--base TYPE]");
  const Model model = loadModelFromArguments(args, args.positional()[0]);
  ModelDescription d = model.description;
  d.base_type = model.base_type;
  d.dh.reset();  // a DH table is written out as its links and joints (the workbench's Save keeps
                 // it)
  saveModelDescription(d, args.positional()[1]);
  return kExitOk;
}

}  // namespace vms::cli
