#!/usr/bin/env python3
"""Checks the include rule of the source tree: dependencies point down, internals stay inside.

Each layer is a folder (or a few) of core/, ui/, app/; LAYERS below lists them bottom first
with the layers each may include directly (and, through them, everything below those).
Three rules, checked on every #include "..." of a layer's .cpp/.hpp files:

  1. upward:   a layer includes only itself and the layers below it (core never includes
               ui/ or app/; ui/plots and ui/view3d do not include each other; ...);
  2. internal: a header in a layer's detail/ subfolder is included only by that layer
               (other layers use its public headers);
  3. no Qt or VTK in core/: core includes no <Q...> or <vtk...> header.

tests/ is outside the rule: a test may include the internals of what it tests.
A folder of core/, ui/ or app/ that LAYERS does not name is reported too, so that a new
folder is placed in the order (docs/extending.md, "Public and internal headers").

Usage: check-includes.py [--root DIR]   (DIR: the source tree, by default this script's
repository). Prints one line per violation, "file:line: rule: explanation", and exits 1 if
there is any, 0 otherwise.
"""
import argparse
import os
import re
import sys

# Bottom first: layer, its folders, the layers it may include directly. The core's order is
# the libraries' link order (core/CMakeLists.txt); ui's the modules' (ui/CMakeLists.txt), with
# ui/document (the open document) below ui/panels below ui/app inside vms_ui_app.
LAYERS = [
    ("core/spatial", ["core/spatial"], []),
    ("core/model", ["core/model"], ["core/spatial"]),
    ("core/algorithms", ["core/algorithms"], ["core/model"]),
    ("core/io", ["core/io"], ["core/algorithms"]),
    ("core/solvers", ["core/solvers"], ["core/io"]),
    ("core/integrators", ["core/integrators"], ["core/solvers"]),
    ("core/analysis", ["core/analysis"], ["core/integrators"]),
    ("core/actuation", ["core/actuators", "core/modes", "core/environment"], ["core/analysis"]),
    ("core/control", ["core/control"], ["core/actuation"]),
    ("core/scenario", ["core/scenario"], ["core/control"]),
    ("ui/sim", ["ui/sim"], ["core/scenario"]),
    ("ui/view3d", ["ui/view3d"], ["ui/sim"]),
    ("ui/plots", ["ui/plots"], ["ui/sim"]),
    ("ui/document", ["ui/document"], ["ui/sim"]),
    ("ui/panels", ["ui/panels"], ["ui/document", "ui/view3d", "ui/plots"]),
    ("ui/app", ["ui/app"], ["ui/panels"]),
    # Programs on top. `vms` is Qt-free but for `vms plot`, which draws with ui/plots.
    ("app/vms", ["app/vms"], ["ui/plots"]),
    ("app/vms-workbench", ["app/vms-workbench"], ["ui/app"]),
    ("python", ["python"], ["core/scenario"]),
    ("bench", ["bench"], ["core/scenario"]),
    ("fuzz", ["fuzz"], ["core/scenario"]),
]
# Each module's precompiled header (ui/precompiled/<module>_pch.hpp) belongs to its module.
PRECOMPILED = re.compile(r"^ui/precompiled/(\w+)_pch\.hpp$")
# The roots whose folders are layers (a folder here that LAYERS misses is an error).
LAYER_ROOTS = ["core", "ui", "app"]
NOT_LAYERS = {"ui/precompiled", "core/precompiled"}
SOURCE_SUFFIXES = (".cpp", ".hpp", ".h", ".cc")
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^">]+)[">]')
QT_OR_VTK = re.compile(r"^(Q[A-Za-z]*|Qt[A-Za-z]*/.*|vtk.*)$")


def layer_of_folder():
    return {folder: name for name, folders, _ in LAYERS for folder in folders}


def allowed_layers():
    """Every layer a layer may include: itself, the ones it names, and theirs, transitively."""
    below = {name: set(deps) for name, _, deps in LAYERS}
    allowed = {}
    for name, _, _ in LAYERS:  # bottom first: the layers below are already closed
        closure = {name}
        for dep in below[name]:
            closure |= allowed[dep]
        allowed[name] = closure
    return allowed


def layer_of(path, folders):
    """The layer of a repository-relative path, or None."""
    match = PRECOMPILED.match(path)
    if match:
        return folders.get("ui/" + match.group(1))
    best = None
    for folder, name in folders.items():
        if path == folder or path.startswith(folder + "/"):
            if best is None or len(folder) > len(best[0]):
                best = (folder, name)
    return best[1] if best else None


def is_internal(path):
    return "/detail/" in path


def source_files(root, top):
    base = os.path.join(root, top)
    for directory, subdirs, files in os.walk(base):
        subdirs.sort()
        for f in sorted(files):
            if f.endswith(SOURCE_SUFFIXES):
                yield os.path.relpath(os.path.join(directory, f), root).replace(os.sep, "/")


def check(root):
    folders = layer_of_folder()
    allowed = allowed_layers()
    names = [name for name, _, _ in LAYERS]
    problems = []

    for top in LAYER_ROOTS:
        base = os.path.join(root, top)
        if not os.path.isdir(base):
            continue
        for entry in sorted(os.listdir(base)):
            folder = top + "/" + entry
            if os.path.isdir(os.path.join(base, entry)) and folder not in folders and \
                    folder not in NOT_LAYERS:
                problems.append(
                    f"{folder}/: unknown layer: a folder of {top}/ must be placed in the layer "
                    "order (LAYERS in scripts/check-includes.py)")

    tops = sorted({folder.split("/")[0] for folder in folders})
    for top in tops:
        for path in source_files(root, top):
            layer = layer_of(path, folders)
            if layer is None:
                continue
            with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
                lines = f.read().split("\n")
            for number, line in enumerate(lines, 1):
                match = INCLUDE.match(line)
                if not match:
                    continue
                bracket, included = match.groups()
                where = f"{path}:{number}"
                if bracket == "<":
                    if layer.startswith("core/") and QT_OR_VTK.match(included):
                        problems.append(
                            f"{where}: no Qt or VTK in core: <{included}> (core/ is Eigen, "
                            "urdfdom and nlohmann-json only; Qt code goes in ui/)")
                    continue
                if "../" in included or included.startswith("./"):
                    included = os.path.normpath(
                        os.path.join(os.path.dirname(path), included)).replace(os.sep, "/")
                target = layer_of(included, folders)
                if target is None or target == layer:
                    continue
                if is_internal(included):
                    problems.append(
                        f'{where}: internal include: "{included}" is internal to {target} '
                        f"(its detail/ folder); {layer} may use only {target}'s public headers")
                elif target not in allowed[layer]:
                    below = sorted(allowed[layer] - {layer}, key=names.index)
                    direction = "upward" if names.index(target) > names.index(layer) else \
                        "sideways"
                    problems.append(
                        f'{where}: {direction} include: {layer} may not include "{included}" '
                        f"({target}); it may include only "
                        f"{', '.join(below) if below else 'nothing outside itself'}")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", default=os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))), help="the source tree (default: this repository)")
    args = parser.parse_args()
    problems = check(args.root)
    for problem in problems:
        print(problem)
    if problems:
        print(f"check-includes: {len(problems)} violation(s) of the include rule "
              "(docs/extending.md, \"Public and internal headers\")")
        return 1
    print("check-includes: every include of core/, ui/, app/ follows the layer order; no "
          "internal header is included from another layer")
    return 0


if __name__ == "__main__":
    sys.exit(main())
