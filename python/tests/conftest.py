"""Shared fixtures of the vms package's tests: the `vms` executable built beside the package
(VMS_EXE, set by CTest), the example models, and states written as STATE files."""

import glob
import json
import os
import subprocess

import numpy as np
import pytest

SOURCE_DIR = os.environ.get(
    "VMS_SOURCE_DIR", os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
)
MODELS_DIR = os.path.join(SOURCE_DIR, "models")


def example_models():
    """Every model file in models/ (URDF and .vms.json)."""
    return sorted(glob.glob(os.path.join(MODELS_DIR, "*.urdf")) +
                  glob.glob(os.path.join(MODELS_DIR, "*.vms.json")))


def example_scenarios():
    """Every scenario in models/."""
    return sorted(glob.glob(os.path.join(MODELS_DIR, "*.scenario.json")))


def vms_exe():
    exe = os.environ.get("VMS_EXE")
    if not exe:
        pytest.fail("VMS_EXE is not set (CTest sets it to the vms executable of this build)")
    return exe


def run_cli(*args, cwd=None):
    """Runs `vms ARGS...`: (exit status, stdout, stderr)."""
    r = subprocess.run([vms_exe(), *map(str, args)], capture_output=True, text=True, cwd=cwd)
    return r.returncode, r.stdout, r.stderr


def cli_error_line(*args):
    """The one line `vms ARGS...` prints on stderr when it fails (warnings skipped)."""
    status, _, err = run_cli(*args)
    assert status != 0, f"vms {args} succeeded"
    lines = [l for l in err.splitlines() if not l.startswith("vms: warning:")]
    assert len(lines) == 1, err
    return lines[0]


def random_state_dict(model, rng, moving_base=True):
    """A STATE file's content for `model`: joints displaced and moving, the vehicle turned and
    moving as its type allows (free: any pose and velocity; planar: about z and in x-y; other
    types at rest at the origin), random joint forces."""
    n = model.njoints
    base = {"position": [0.0, 0.0, 0.0], "quaternion_wxyz": [1.0, 0.0, 0.0, 0.0],
            "linear_velocity_world": [0.0, 0.0, 0.0], "angular_velocity_world": [0.0, 0.0, 0.0]}
    if model.base_type == "free":
        q = rng.normal(size=4)
        base["position"] = list(rng.uniform(-1, 1, 3))
        base["quaternion_wxyz"] = list(q / np.linalg.norm(q))
        if moving_base:
            base["linear_velocity_world"] = list(rng.uniform(-0.3, 0.3, 3))
            base["angular_velocity_world"] = list(rng.uniform(-0.3, 0.3, 3))
    elif model.base_type == "planar":
        a = rng.uniform(-np.pi, np.pi)
        base["position"] = [rng.uniform(-1, 1), rng.uniform(-1, 1), 0.0]
        base["quaternion_wxyz"] = [np.cos(a / 2), 0.0, 0.0, np.sin(a / 2)]
        if moving_base:
            base["linear_velocity_world"] = [rng.uniform(-0.3, 0.3), rng.uniform(-0.3, 0.3), 0.0]
            base["angular_velocity_world"] = [0.0, 0.0, rng.uniform(-0.3, 0.3)]
    return {
        "base": {k: [float(x) for x in v] for k, v in base.items()},
        "q": [float(x) for x in rng.uniform(-1.5, 1.5, n)],
        "qd": [float(x) for x in rng.uniform(-0.5, 0.5, n)],
        "tau": [float(x) for x in rng.uniform(-1, 1, n)],
    }


def write_json(path, content):
    with open(path, "w") as f:
        json.dump(content, f)
    return str(path)
