"""vms.forward_dynamics on batches against `vms inspect` state by state, on every example
model; layouts, shapes and bad rows."""

import json
import os

import numpy as np
import pytest

import vms
from conftest import MODELS_DIR, example_models, random_state_dict, run_cli, write_json


def random_batch(model_path, tmp_path, count):
    """`count` random STATE files of the model, loaded, and their rows and forces."""
    model = vms.load_model(model_path)
    rng = np.random.default_rng(len(model_path) * 7919 + count)
    paths, states = [], []
    for k in range(count):
        path = write_json(tmp_path / f"s{k}.json", random_state_dict(model, rng))
        paths.append(path)
        states.append(vms.load_state(path, model))
    X = np.array([s.row() for s in states])
    TAU = np.array([s.tau for s in states]).reshape(count, model.njoints)
    return model, paths, states, X, TAU


def expected_row(inspected):
    return np.concatenate([inspected["base_linear_acc_world"], inspected["base_angular_acc_world"],
                           inspected["qdd"]])


def assert_rows_close(actual, expected):
    # A row holds world-frame velocities (converted from the state's body twist) and a unit
    # quaternion that the batch normalises again: the states differ by rounding, the
    # accelerations by a few ulps of their scale.
    scale = max(1.0, np.abs(expected).max())
    np.testing.assert_allclose(actual, expected, rtol=0, atol=1e-12 * scale)


@pytest.mark.parametrize("model_path", example_models(), ids=os.path.basename)
def test_batch_equals_cli_inspect_per_state(model_path, tmp_path):
    model, paths, states, X, TAU = random_batch(model_path, tmp_path, 12)
    out = vms.forward_dynamics(model, X, TAU)
    assert out.shape == (12, 6 + model.njoints) and out.dtype == np.float64
    for i, path in enumerate(paths):
        status, text, err = run_cli("inspect", model_path, "--state", path)
        assert status == 0, err
        assert_rows_close(out[i], expected_row(json.loads(text)))
        assert_rows_close(out[i], expected_row(vms.inspect(model, states[i])))


def test_solver_choice_and_errors(tmp_path):
    model_path = os.path.join(MODELS_DIR, "seed004_spatial.vms.json")
    model, _, states, X, TAU = random_batch(model_path, tmp_path, 5)
    out = vms.forward_dynamics(model, X, TAU, solver="crba")
    for i, s in enumerate(states):
        inspected = vms.inspect(model, s, solver="crba")
        assert_rows_close(out[i], expected_row(inspected))
    with pytest.raises(ValueError, match="unknown solver"):
        vms.forward_dynamics(model, X, TAU, solver="nope")


def test_layouts_give_the_same_result(tmp_path):
    model_path = os.path.join(MODELS_DIR, "seed004_spatial.vms.json")
    model, _, _, X, TAU = random_batch(model_path, tmp_path, 8)
    reference = vms.forward_dynamics(model, X, TAU)
    np.testing.assert_array_equal(vms.forward_dynamics(model, np.asfortranarray(X), TAU), reference)
    wide = np.zeros((8, X.shape[1] + 3))
    wide[:, 1:1 + X.shape[1]] = X
    np.testing.assert_array_equal(
        vms.forward_dynamics(model, wide[:, 1:1 + X.shape[1]], TAU), reference)
    np.testing.assert_array_equal(vms.forward_dynamics(model, X.tolist(), TAU.tolist()), reference)
    np.testing.assert_array_equal(vms.forward_dynamics(model, X[::2], TAU[::2]), reference[::2])
    empty = vms.forward_dynamics(model, X[:0], TAU[:0])
    assert empty.shape == (0, 6 + model.njoints)


def test_shape_errors():
    model = vms.load_model(os.path.join(MODELS_DIR, "seed004_spatial.vms.json"))
    n = model.njoints
    X = np.zeros((3, 13 + 2 * n))
    X[:, 3] = 1.0
    with pytest.raises(ValueError, match=r"X has shape \(3, 24\), expected \(N, 25\)"):
        vms.forward_dynamics(model, X[:, :-1], np.zeros((3, n)))
    with pytest.raises(ValueError, match=r"TAU has shape \(2, 6\), expected \(3, 6\)"):
        vms.forward_dynamics(model, X, np.zeros((2, n)))
    with pytest.raises(ValueError, match="2-D array"):
        vms.forward_dynamics(model, X[0], np.zeros((1, n)))


def test_rows_a_vehicle_cannot_have_and_not_finite_rows():
    model = vms.load_model(os.path.join(MODELS_DIR, "seed004_planar.vms.json"))
    n = model.njoints
    X = np.zeros((4, 13 + 2 * n))
    X[:, 3] = 1.0
    X[:, 7] = 0.1   # v_x: allowed
    X[:, 12] = 0.2  # w_z: allowed
    out = vms.forward_dynamics(model, X, np.zeros((4, n)))
    assert np.isfinite(out).all()
    X[2, 10] = 0.3  # w_x: a planar vehicle cannot roll
    with pytest.raises(ValueError, match=r"X\[2\]: the vehicle velocity has w_x = 0.3 .*planar "
                                         r"vehicle can only move with v_x, v_y, w_z"):
        vms.forward_dynamics(model, X, np.zeros((4, n)))
    X[2, 10] = 0.0
    X[1, 13] = np.nan
    out = vms.forward_dynamics(model, X, np.zeros((4, n)))
    assert np.isnan(out[1]).all()
    assert np.isfinite(out[[0, 2, 3]]).all()
