#!/usr/bin/env python3
"""Checks that the desktop app reaches its panels only through the WorkbenchContext.

A panel is created from the panel table (ui/app/docks/panel_table.cpp) and bound to the shared
WorkbenchContext; other code asks the context (its signals and requests: showPlots,
showFigurePlot, explain, editMenu, ...). So, in ui/ and app/:

  - no MainWindow::panelWidget<...>() (a panel found by its type);
  - no findChild(...) with a literal object name (a panel, dock or menu found by its name).

Tests are outside the rule (they find widgets to drive them). Usage:
check-panel-access.py [--root DIR] [--self-test]. Prints "file:line: ..." per violation and
exits 1 if there is any. --self-test: checks that a temporary tree with one of each is
refused and that the same tree without them passes; exits 0 if so.
"""
import argparse
import os
import re
import sys
import tempfile

FOLDERS = ["ui", "app"]
RULES = [
    (re.compile(r"\bpanelWidget\s*<"),
     "a panel found by its type (panelWidget<>): ask the WorkbenchContext instead"),
    (re.compile(r"\bfindChild\s*(<[^>]*>)?\s*\(\s*(QStringLiteral\s*\(\s*|QLatin1String\s*\(\s*)?\""),
     "a widget found by its object name (findChild(\"...\")): ask the WorkbenchContext "
     "instead"),
]


def check(root):
    problems = []
    for folder in FOLDERS:
        for directory, subdirs, files in os.walk(os.path.join(root, folder)):
            subdirs.sort()
            for name in sorted(files):
                if not name.endswith((".cpp", ".hpp")):
                    continue
                path = os.path.join(directory, name)
                rel = os.path.relpath(path, root).replace(os.sep, "/")
                with open(path, encoding="utf-8", errors="replace") as f:
                    for number, line in enumerate(f, 1):
                        code = line.split("//", 1)[0]
                        for pattern, rule in RULES:
                            if pattern.search(code):
                                problems.append(f"{rel}:{number}: {rule}")
    return problems


def self_test():
    bad = ('  auto* plots = window->panelWidget<PlotPanel>();\n'
           '  if (auto* dock = window->findChild<QDockWidget*>("explanationDock")) dock->raise();\n'
           '  QMenu* edit = bar->findChild<QMenu*>(QStringLiteral("editMenu"));\n')
    good = ('  window->context()->showPlots({});\n'
            '  for (QDockWidget* dock : findChildren<QDockWidget*>()) (void)dock;\n'
            '  // panelWidget<PlotPanel>() in a comment is not code\n')
    with tempfile.TemporaryDirectory(prefix="check-panel-access-") as root:
        os.makedirs(os.path.join(root, "ui", "app"))
        path = os.path.join(root, "ui", "app", "tool.cpp")
        with open(path, "w") as f:
            f.write(good + bad)
        problems = check(root)
        with open(path, "w") as f:
            f.write(good)
        clean = check(root)
    for problem in problems:
        print(problem)
    expected = ["ui/app/tool.cpp:4:", "ui/app/tool.cpp:5:", "ui/app/tool.cpp:6:"]
    ok = [p.split(" ", 1)[0] for p in problems] == expected and not clean
    print(f"check-panel-access --self-test: {len(problems)} found in the bad tree (expected 3 "
          f"on lines 4-6), {len(clean)} in the good one: {'ok' if ok else 'FAILED'}")
    return 0 if ok else 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", default=os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    if args.self_test:
        return self_test()
    problems = check(args.root)
    for problem in problems:
        print(problem)
    print(f"check-panel-access: {len(problems)} panel lookups outside the panel table"
          if problems else "check-panel-access: ui/ and app/ reach panels only through the "
          "WorkbenchContext")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
