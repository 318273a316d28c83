"""vms.linearize against `vms linearize` (the same keys in the same order, the same numbers, to
1e-12; the eigenvalues as multisets, see assert_same_eigenvalues) for a joint PD scenario given as a file and as a dict, open and closed loop, at a grid
instant and at the last one; its A + B K against the returned A_closed_loop; and its errors: an
instant outside the run (ValueError), a refused environment (InputError naming it)."""

import json
import os

import numpy as np
import pytest

import vms
from conftest import MODELS_DIR, SOURCE_DIR, run_cli

PD_ARM = os.path.join(SOURCE_DIR, "tests", "data", "linearize_pd_arm.scenario.json")
NAME_KEYS = ("state_names", "input_names", "convention")


def cli_linearize(*args):
    status, out, err = run_cli("linearize", *args)
    assert status == 0, err
    return json.loads(out)


def assert_same_eigenvalues(value, expected):
    """As multisets, each matched to the nearest unmatched one, to 1e-6 relative: a free
    vehicle's pose kinematics at a constant twist makes defective clusters (at 0 and +-i|w|)
    whose eigenvalues rounding moves by about eps^(1/k) for a k-fold one."""
    assert value.shape == expected.shape
    unused = list(range(len(expected)))
    for re, im in value:
        distances = [abs(complex(re, im) - complex(*expected[j])) for j in unused]
        k = int(np.argmin(distances))
        assert distances[k] <= 1e-6 * max(1.0, abs(complex(re, im))), (re, im)
        unused.pop(k)


def assert_same(py, cli):
    assert list(py) == list(cli)
    for key, expected in cli.items():
        value = py[key]
        if key in ("eigenvalues", "closed_loop_eigenvalues"):
            assert isinstance(value, np.ndarray), key
            assert_same_eigenvalues(value, np.asarray(expected, dtype=float))
        elif key in NAME_KEYS or isinstance(expected, int):
            assert value == expected, key
        elif isinstance(expected, float):
            assert isinstance(value, float) and value == expected, key
        else:
            expected = np.asarray(expected, dtype=float)
            assert isinstance(value, np.ndarray), key
            assert value.shape == expected.shape, key
            scale = max(1.0, np.abs(expected).max(initial=0.0))
            assert np.abs(value - expected).max(initial=0.0) <= 1e-12 * scale, key


@pytest.mark.parametrize("at, closed_loop", [(0.237, False), (0.31, True), (1.0, True)])
def test_equals_the_command_line(at, closed_loop):
    args = [PD_ARM, "--at", repr(at)] + (["--closed-loop"] if closed_loop else [])
    assert_same(vms.linearize(PD_ARM, at=at, closed_loop=closed_loop), cli_linearize(*args))


def test_a_dict_equals_its_file(monkeypatch):
    with open(PD_ARM) as f:
        scenario = json.load(f)
    monkeypatch.chdir(os.path.dirname(PD_ARM))  # a dict's relative paths: the current folder
    from_dict = vms.linearize(scenario, at=0.5, closed_loop=True)
    assert_same(from_dict, cli_linearize(PD_ARM, "--at", "0.5", "--closed-loop"))
    a, b, k = from_dict["A"], from_dict["B"], from_dict["K"]
    assert np.abs(a + b @ k - from_dict["A_closed_loop"]).max() <= 1e-12 * np.abs(a).max()
    assert from_dict["t"] == 50 * 0.01 and from_dict["step"] == 50


def test_errors():
    with pytest.raises(ValueError, match="outside the run"):
        vms.linearize(PD_ARM, at=2.0)
    with pytest.raises(vms.InputError, match="underwater"):
        vms.linearize(os.path.join(MODELS_DIR, "seed000_uvms.scenario.json"), at=1.0)
