#!/usr/bin/env python3
"""Executes teaching notebooks with Debian's nbclient and ipykernel; exits 1 if a cell fails
(the notebooks assert their key figures). The CTest tests python_notebook_* run it.

    PYTHONPATH=build/python python3 docs/notebooks/run_notebook.py docs/notebooks/1_*.ipynb
    ... --render docs/notebooks/rendered    also writes each executed notebook as Markdown
                                            with its figures as PNG files (nbconvert)

The kernel (Debian's python3 kernelspec) inherits this environment, so PYTHONPATH reaches
it (relative entries are made absolute); it runs in the notebook's folder."""

import argparse
import os
import sys
import time


def execute(path, timeout):
    import tempfile

    import nbformat
    from nbclient import NotebookClient
    from traitlets.config import Config

    nb = nbformat.read(path, as_version=4)
    # The kernel talks over Unix sockets in a folder of its own: TCP ports are picked free and
    # only then bound by the kernel, so notebooks run in parallel (ctest -j) could take each
    # other's ("Address already in use").
    with tempfile.TemporaryDirectory(prefix="vms-kernel-") as sockets:
        config = Config()
        config.KernelManager.transport = "ipc"
        config.KernelManager.ip = os.path.join(sockets, "kernel")
        client = NotebookClient(nb, timeout=timeout, kernel_name="python3", config=config,
                                resources={"metadata": {"path": os.path.dirname(os.path.abspath(path))}})
        client.execute()
    return nb


def render(nb, path, out_dir):
    from nbconvert import MarkdownExporter
    from nbconvert.writers import FilesWriter

    name = os.path.splitext(os.path.basename(path))[0]
    body, resources = MarkdownExporter().from_notebook_node(
        nb, resources={"output_files_dir": f"{name}_files", "unique_key": name})
    FilesWriter(build_directory=out_dir).write(body, resources, notebook_name=name)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="+")
    parser.add_argument("--render", metavar="DIR", help="write Markdown copies with figures here")
    parser.add_argument("--timeout", type=int, default=600, help="seconds per cell")
    args = parser.parse_args()
    # The kernel runs in the notebook's folder: relative PYTHONPATH entries must not move.
    if os.environ.get("PYTHONPATH"):
        os.environ["PYTHONPATH"] = os.pathsep.join(
            os.path.abspath(p) for p in os.environ["PYTHONPATH"].split(os.pathsep) if p)
    # Python 3.11's frozen modules make every kernel print a debugger warning; nothing here
    # debugs.
    os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    failed = 0
    for path in args.notebooks:
        start = time.monotonic()
        try:
            nb = execute(path, args.timeout)
        except Exception as error:  # CellExecutionError names the cell and its traceback
            print(f"FAILED {path}:\n{error}", file=sys.stderr)
            failed += 1
            continue
        print(f"ran {path} in {time.monotonic() - start:.1f} s")
        if args.render:
            render(nb, path, args.render)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
