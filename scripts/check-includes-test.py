#!/usr/bin/env python3
"""Proves that scripts/check-includes.py fails when it should.

Copies the sources of core/, ui/, app/ (and the other folders the checker reads) into a
temporary tree, checks that the copy passes as the repository does, then breaks one rule at a
time in a copied file and checks that the checker exits 1 with a line naming that file, the
line of the include and the rule:

  - an upward include (core/algorithms including core/scenario);
  - a sideways include (ui/plots including ui/view3d, two modules side by side);
  - an internal include (ui/document including core/io's detail/ header);
  - Qt in core (<QString> in core/model);
  - a folder the layer order does not know (core/newlayer/);
and that a test including an internal header is accepted (tests/ is outside the rule).
Exits 0 when every case behaves, 1 otherwise.
"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
CHECKER = os.path.join(HERE, "check-includes.py")
COPIED = ["core", "ui", "app", "python", "bench", "fuzz"]


def run_checker(root):
    result = subprocess.run([sys.executable, CHECKER, "--root", root], capture_output=True,
                            text=True)
    return result.returncode, result.stdout + result.stderr


def copy_sources(root):
    for top in COPIED:
        source = os.path.join(REPO, top)
        if os.path.isdir(source):
            shutil.copytree(source, os.path.join(root, top),
                            ignore=shutil.ignore_patterns("*.png", "*.json", "*.stl", "*.obj"))


def append_line(root, path, text):
    """Appends `text` to the copied file; returns the line number it got."""
    full = os.path.join(root, path)
    with open(full, encoding="utf-8") as f:
        lines = f.read().rstrip("\n").split("\n")
    with open(full, "a", encoding="utf-8") as f:
        f.write(text + "\n")
    return len(lines) + 1


def main():
    failures = []
    with tempfile.TemporaryDirectory(prefix="check-includes-") as root:
        copy_sources(root)
        code, output = run_checker(root)
        print(f"unchanged copy: exit {code}")
        if code != 0:
            failures.append("the unchanged copy should pass:\n" + output)

        cases = [
            ("upward", "core/algorithms/aba.cpp", '#include "core/scenario/simulator.hpp"',
             "upward include: core/algorithms may not include \"core/scenario/simulator.hpp\""),
            ("sideways", "ui/plots/plot_panel.cpp", '#include "ui/view3d/scene_view.hpp"',
             "sideways include: ui/plots may not include \"ui/view3d/scene_view.hpp\""),
            ("internal", "ui/document/number_text.cpp", '#include "core/io/detail/number_list.hpp"',
             "internal include: \"core/io/detail/number_list.hpp\" is internal to core/io"),
            ("Qt in core", "core/model/model.cpp", "#include <QString>",
             "no Qt or VTK in core: <QString>"),
        ]
        for name, path, include, expected in cases:
            backup = open(os.path.join(root, path), encoding="utf-8").read()
            line = append_line(root, path, include)
            code, output = run_checker(root)
            where = f"{path}:{line}: "
            found = [l for l in output.split("\n") if l.startswith(where) and expected in l]
            print(f"{name}: exit {code}: {found[0] if found else output.strip()}")
            if code != 1 or not found:
                failures.append(f"{name}: expected exit 1 and a line starting '{where}' "
                                f"with '{expected}', got exit {code}:\n{output}")
            with open(os.path.join(root, path), "w", encoding="utf-8") as f:
                f.write(backup)

        os.makedirs(os.path.join(root, "core", "newlayer"))
        code, output = run_checker(root)
        expected = "core/newlayer/: unknown layer"
        print(f"unknown folder: exit {code}: {expected if expected in output else output}")
        if code != 1 or expected not in output:
            failures.append(f"unknown folder: expected exit 1 and '{expected}':\n{output}")
        os.rmdir(os.path.join(root, "core", "newlayer"))

        os.makedirs(os.path.join(root, "tests", "core"))
        with open(os.path.join(root, "tests", "core", "test_x.cpp"), "w") as f:
            f.write('#include "core/io/detail/number_list.hpp"\n')
        code, output = run_checker(root)
        print(f"a test including an internal header: exit {code}")
        if code != 0:
            failures.append("a test may include internals:\n" + output)

    for failure in failures:
        print("FAILED: " + failure)
    print(f"check-includes-test: {'FAILED' if failures else 'every case behaves'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
