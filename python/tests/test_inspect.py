"""vms.inspect against `vms inspect` on every example model: the same keys in the same order,
the same numbers. Both call the core's inspectState on states read by the same reader, so the
numbers must be bitwise equal (the CLI prints %.17g, which reads back exactly)."""

import json
import os
import re

import numpy as np
import pytest

import vms
from conftest import MODELS_DIR, example_models, random_state_dict, run_cli, write_json


def cli_inspect(model_path, state_path, *options):
    status, out, err = run_cli("inspect", model_path, "--state", state_path, *options)
    assert status == 0, err
    return json.loads(out)


def assert_same(py, cli):
    assert list(py) == list(cli)
    for key, expected in cli.items():
        value = py[key]
        if isinstance(expected, str) or key == "dof":
            assert value == expected, key
            assert type(value) is type(expected), key
        elif key == "joint_names":
            assert value == expected
        else:
            assert isinstance(value, (np.ndarray, float)), key
            np.testing.assert_array_equal(np.asarray(value), np.asarray(expected, dtype=float),
                                          err_msg=key)


def state_files(model_path, model, tmp_path):
    """The example STATE files of this model, and three random states written as files."""
    stem = os.path.basename(model_path).split(".")[0]
    files = sorted(
        os.path.join(MODELS_DIR, f) for f in os.listdir(MODELS_DIR)
        if f.startswith("state_" + stem) and f.endswith(".json"))
    rng = np.random.default_rng(abs(hash(stem)) % 2**32)
    for k in range(3):
        files.append(write_json(tmp_path / f"random{k}.json",
                                random_state_dict(model, rng, moving_base=k > 0)))
    return files


@pytest.mark.parametrize("model_path", example_models(), ids=os.path.basename)
def test_inspect_equals_cli_on_every_example(model_path, tmp_path):
    model = vms.load_model(model_path)
    for state_path in state_files(model_path, model, tmp_path):
        state = vms.load_state(state_path, model)
        assert_same(vms.inspect(model, state), cli_inspect(model_path, state_path))


def available_solvers():
    status, _, err = run_cli("inspect", os.path.join(MODELS_DIR, "seed004_spatial.vms.json"),
                             "--state", os.path.join(MODELS_DIR, "state_seed004_spatial_moving.json"),
                             "--solver", "no-such-solver")
    assert status == 2, err
    names = re.search(r"\(available: ([^)]*)\)", err).group(1).split(", ")
    assert "aba" in names and len(names) >= 5, names
    return names


@pytest.mark.parametrize("model_file,state_file", [
    ("seed004_spatial.vms.json", "state_seed004_spatial_moving.json"),
    ("seed004_planar.vms.json", "state_seed004_planar_moving.json"),
])
def test_every_solver_equals_cli(model_file, state_file):
    model_path = os.path.join(MODELS_DIR, model_file)
    state_path = os.path.join(MODELS_DIR, state_file)
    model = vms.load_model(model_path)
    state = vms.load_state(state_path, model)
    for solver in available_solvers():
        status, out, err = run_cli("inspect", model_path, "--state", state_path, "--solver", solver)
        if status == 0:
            assert_same(vms.inspect(model, state, solver=solver), json.loads(out))
        else:  # a solver that does not handle this vehicle: the same reason
            assert status == 2, err
            problem = err.strip().split("--solver: ", 1)[1]
            with pytest.raises(ValueError) as e:
                vms.inspect(model, state, solver=solver)
            assert str(e.value) == "solver: " + problem


def test_root_equals_cli():
    model_path = os.path.join(MODELS_DIR, "seed004_spatial.vms.json")
    state_path = os.path.join(MODELS_DIR, "state_seed004_spatial_moving.json")
    model = vms.load_model(model_path)
    state = vms.load_state(state_path, model)
    for link in model.body_names[1:]:
        cli = cli_inspect(model_path, state_path, "--root", link)
        assert cli["root"] == link
        assert_same(vms.inspect(model, state, root=link), cli)
    with pytest.raises(ValueError, match="unknown link 'nowhere'"):
        vms.inspect(model, state, root="nowhere")
    with pytest.raises(ValueError, match="cannot be combined with solver 'crba'"):
        vms.inspect(model, state, solver="crba", root=model.body_names[1])


def test_state_of_another_model_is_refused():
    spatial = vms.load_model(os.path.join(MODELS_DIR, "seed004_spatial.vms.json"))
    other = vms.load_model(os.path.join(MODELS_DIR, "seed004_spatial.vms.json"))
    state = vms.load_state(os.path.join(MODELS_DIR, "state_seed004_spatial_rest.json"), spatial)
    with pytest.raises(ValueError, match="another model"):
        vms.inspect(other, state)


def test_model_and_state_attributes():
    model = vms.load_model(os.path.join(MODELS_DIR, "seed004_spatial.vms.json"))
    path = os.path.join(MODELS_DIR, "state_seed004_spatial_moving.json")
    state = vms.load_state(path, model)
    with open(path) as f:
        content = json.load(f)
    assert model.joint_names == content["joint_names"]
    assert model.dof == 6 + model.njoints and model.base_type == "free"
    np.testing.assert_allclose(state.q, content["q"], rtol=0, atol=0)
    np.testing.assert_allclose(state.qd, content["qd"], rtol=0, atol=0)
    np.testing.assert_allclose(state.position, content["base"]["position"], rtol=0, atol=0)
    q = np.asarray(content["base"]["quaternion_wxyz"])
    np.testing.assert_allclose(state.quaternion_wxyz, q / np.linalg.norm(q), rtol=0, atol=1e-15)
    np.testing.assert_allclose(state.linear_velocity_world,
                               content["base"]["linear_velocity_world"], rtol=0, atol=1e-15)
    np.testing.assert_allclose(state.angular_velocity_world,
                               content["base"]["angular_velocity_world"], rtol=0, atol=1e-15)
    row = state.row()
    assert row.shape == (13 + 2 * model.njoints,)
    np.testing.assert_array_equal(row[13:13 + model.njoints], state.q)
