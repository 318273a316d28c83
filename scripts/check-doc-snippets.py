#!/usr/bin/env python3
"""Compiles the C++ examples of the documentation, so that they cannot rot.

Every fenced ```cpp block of README.md and docs/*.md is one of two kinds:

  - a whole translation unit (its own #includes): compiled with -fsyntax-only, with the flags
    and include paths the build uses for a source of the folder of its first project include
    (e.g. "ui/app/contract/workbench_panel.hpp": the command of a ui/app/contract source in
    compile_commands.json, precompiled header included);
  - an excerpt, marked by the line `<!-- excerpt: PATH -->` right above the fence: every line
    of code in it (comments and blank lines aside) must occur in the file PATH, in order.

Usage: check-doc-snippets.py BUILD_DIR [--docs DIR] [--self-test]. Prints one line per
snippet and, for a failure, the compiler's message with the snippet's document and line; exits
1 if any fails. --docs: where README.md and docs/ are (default: this repository).
--self-test: checks instead that a stale example (the API names of an old version) and an
excerpt that is not in its file both fail; exits 0 if they do.
"""
import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

FENCE = re.compile(r"^(\s*)```(\S*)\s*$")
EXCERPT = re.compile(r"^\s*<!--\s*excerpt:\s*(\S+)\s*-->\s*$")
PROJECT_INCLUDE = re.compile(r'^\s*#\s*include\s*"((?:core|ui|app)/[^"]+)/[^/"]+"')


def snippets(path):
    """(first line number, code, excerpt path or None) of each ```cpp block of a Markdown file."""
    lines = open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        match = FENCE.match(lines[i])
        if not match or match.group(2) not in ("cpp", "c++"):
            i += 1
            continue
        indent = len(match.group(1))
        excerpt = EXCERPT.match(lines[i - 1]) if i > 0 else None
        start = i + 1
        j = start
        while j < len(lines) and not FENCE.match(lines[j]):
            j += 1
        code = "\n".join(l[indent:] if l[:indent].strip() == "" else l for l in lines[start:j])
        yield start + 1, code, excerpt.group(1) if excerpt else None
        i = j + 1


def code_lines(text):
    """Lines of code without comments, white space collapsed."""
    out = []
    for line in text.split("\n"):
        line = re.sub(r"//.*$", "", line)
        line = " ".join(line.split())
        if line:
            out.append(line)
    return out


def check_excerpt(code, source_path):
    if not os.path.isfile(source_path):
        return f"the file {source_path} does not exist"
    source = " ".join(code_lines(open(source_path, encoding="utf-8").read()))
    position = 0
    for line in code_lines(code):
        found = source.find(line, position)
        if found < 0:
            return f"not in {source_path} (in this order): {line}"
        position = found + len(line)
    return None


def unity_folders(path):
    """The source folders of the files a CMake unity-build source includes."""
    try:
        text = open(path).read()
    except OSError:
        return set()
    return {os.path.dirname(os.path.relpath(p, SOURCE_DIR))
            for p in re.findall(r'#include "([^"]+\.cpp)"', text)}


def compile_command(commands, folder):
    """The compiler and flags of a source of `folder` (e.g. ui/app/contract), for -fsyntax-only."""
    for entry in commands:
        rel = os.path.relpath(entry["file"], SOURCE_DIR)
        if os.path.dirname(rel) == folder and rel.endswith(".cpp") or (
                rel.endswith(".cxx") and folder in unity_folders(entry["file"])):
            args = entry.get("arguments") or shlex.split(entry["command"])
            kept, skip = [], False
            for arg in args:
                if skip:
                    skip = False
                    continue
                if arg in ("-o", "-c", "-MF", "-MT", "-MQ"):
                    skip = arg != "-c"
                    continue
                if arg in ("-MD", "-MMD") or arg == entry["file"] or arg.endswith(rel):
                    continue
                kept.append(arg)
            return kept, entry["directory"]
    return None, None


def check_docs(build_dir, docs_root):
    """Checks every snippet under docs_root; returns (compiled, excerpts, failures)."""
    commands = json.load(open(os.path.join(build_dir, "compile_commands.json")))
    docs = [os.path.join(docs_root, "README.md")] + sorted(
        os.path.join(docs_root, "docs", f) for f in os.listdir(os.path.join(docs_root, "docs"))
        if f.endswith(".md"))
    failures = compiled = excerpts = 0
    with tempfile.TemporaryDirectory(prefix="doc-snippets-") as tmp:
        for doc in docs:
            if not os.path.isfile(doc):
                continue
            rel_doc = os.path.relpath(doc, docs_root)
            for line, code, excerpt in snippets(doc):
                where = f"{rel_doc}:{line}"
                if excerpt:
                    problem = check_excerpt(code, os.path.join(SOURCE_DIR, excerpt))
                    excerpts += 1
                    print(f"{where}: excerpt of {excerpt}: "
                          f"{'FAILED: ' + problem if problem else 'ok'}")
                    failures += bool(problem)
                    continue
                folder = next((m.group(1) for m in map(PROJECT_INCLUDE.match, code.split("\n"))
                               if m), "core/scenario")
                args, directory = compile_command(commands, folder)
                if args is None:
                    print(f"{where}: FAILED: no compile command for a source of {folder} in "
                          f"{build_dir}/compile_commands.json (is that module built?)")
                    failures += 1
                    continue
                snippet = os.path.join(tmp, f"{os.path.basename(doc)}_{line}.cpp")
                with open(snippet, "w", encoding="utf-8") as f:
                    f.write(f'#line {line} "{rel_doc}"\n{code}\n')
                result = subprocess.run(args + ["-fsyntax-only", snippet], cwd=directory,
                                        capture_output=True, text=True)
                compiled += 1
                if result.returncode != 0:
                    failures += 1
                    print(f"{where}: FAILED to compile (flags of {folder}):\n{result.stderr}")
                else:
                    print(f"{where}: compiles (flags of {folder})")
    return compiled, excerpts, failures


STALE_DOC = """# A stale example

```cpp
#include "ui/app/contract/workbench_context.hpp"
#include "ui/app/contract/workbench_panel.hpp"

namespace vms::ui {
struct Stale : WorkbenchPanel {
  QWidget* widget() const override { return nullptr; }
  void scenarioLoaded(const Scenario& s, const ScenarioSource&) override { (void)s; }
};
}  // namespace vms::ui
```

<!-- excerpt: ui/app/docks/panel_table.cpp -->
```cpp
{"noSuchDock", trMainWindow("No such dock"), Qt::RightDockWidgetArea, noSuchDock},
```
"""


def self_test(build_dir):
    with tempfile.TemporaryDirectory(prefix="doc-snippets-self-test-") as root:
        os.makedirs(os.path.join(root, "docs"))
        with open(os.path.join(root, "docs", "stale.md"), "w", encoding="utf-8") as f:
            f.write(STALE_DOC)
        compiled, excerpts, failures = check_docs(build_dir, root)
    ok = (compiled, excerpts, failures) == (1, 1, 2)
    print(f"check-doc-snippets --self-test: {compiled} compiled, {excerpts} excerpts, "
          f"{failures} failed: {'both caught' if ok else 'FAILED: expected 1, 1 and 2'}")
    return 0 if ok else 1


def main():
    global SOURCE_DIR
    SOURCE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("build_dir")
    parser.add_argument("--docs", default=SOURCE_DIR)
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    build_dir = os.path.abspath(args.build_dir)
    if args.self_test:
        return self_test(build_dir)
    compiled, excerpts, failures = check_docs(build_dir, os.path.abspath(args.docs))
    print(f"check-doc-snippets: {compiled} compiled, {excerpts} excerpts checked, "
          f"{failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
