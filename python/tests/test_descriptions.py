"""Model descriptions edited in Python and compiled (vms.Model.description, load_description,
compile_model): the same models as `vms` loads from the edited dict written to a file (bitwise
equal `vms inspect` figures), mass and kinematics changed as the edit says (closed forms), and
the error of an invalid edit as the CLI's line."""

import copy
import json
import os

import numpy as np
import pytest

import vms
from conftest import MODELS_DIR, cli_error_line, example_models, run_cli, write_json

SPATIAL = os.path.join(MODELS_DIR, "seed004_spatial.vms.json")
MOVING = os.path.join(MODELS_DIR, "state_seed004_spatial_moving.json")


def cli_inspect(model_path, state_path):
    status, out, err = run_cli("inspect", model_path, "--state", state_path)
    assert status == 0, err
    return json.loads(out)


def rows_and_forces(model, count, seed):
    """`count` random states of `model` as forward_dynamics rows, and random joint forces."""
    X = np.array([vms.random_state(model, seed + k).row() for k in range(count)])
    TAU = np.random.default_rng(seed).uniform(-2, 2, (count, model.njoints))
    return X, TAU


@pytest.mark.parametrize("model_path", example_models(), ids=os.path.basename)
def test_description_compiles_to_the_same_model(model_path):
    model = vms.load_model(model_path)
    again = vms.compile_model(model.description())
    assert (again.name, again.base_type, again.joint_names, again.body_names, again.frame_names) == \
        (model.name, model.base_type, model.joint_names, model.body_names, model.frame_names)
    assert again.total_mass == model.total_mass
    X, TAU = rows_and_forces(model, 5, 11)
    np.testing.assert_array_equal(vms.forward_dynamics(again, X, TAU),
                                  vms.forward_dynamics(model, X, TAU))
    # A file's description before compiling compiles to the same model too (a DH table written
    # out as its links and joints).
    from_file = vms.compile_model(vms.load_description(model_path), base=model.base_type)
    np.testing.assert_array_equal(vms.forward_dynamics(from_file, X, TAU),
                                  vms.forward_dynamics(model, X, TAU))


def test_edited_mass_and_length_against_the_cli_and_closed_forms(tmp_path):
    model = vms.load_model(SPATIAL)
    state = vms.load_state(MOVING, model)
    d = model.description()
    assert [l["name"] for l in d["links"]][:3] == ["base", "link1", "link2"]
    assert d["joints"][0]["parent"] == "base"
    edited = copy.deepcopy(d)
    edited["links"][2]["mass"] += 30.0                 # link2: 50 -> 80 kg
    shift = np.array([0.25, -0.1, 0.05])               # joint1 moved on the vehicle (base frame)
    edited["joints"][0]["origin"]["xyz"] = list(np.add(edited["joints"][0]["origin"]["xyz"], shift))
    assert model.description() == d                   # the model is unchanged by edits
    changed = vms.compile_model(edited)
    assert changed.total_mass == model.total_mass + 30.0

    # Against the CLI on the edited dict written as a file: bitwise the same figures.
    path = write_json(tmp_path / "edited.vms.json", edited)
    cli = cli_inspect(path, MOVING)
    ours = vms.inspect(changed, vms.load_state(MOVING, changed))
    for key in ("qdd", "base_linear_acc_world", "base_angular_acc_world", "center_of_mass", "Hmm",
                "Hstar", "total_mass"):
        np.testing.assert_array_equal(np.asarray(ours[key]), np.asarray(cli[key], dtype=float), key)
    assert not np.allclose(ours["qdd"], vms.inspect(model, state)["qdd"], rtol=1e-6)

    # Closed form of the length edit alone: the arm (every link but the vehicle) moves by
    # R_vehicle shift, so the centre of mass moves by m_arm / M of that.
    moved = copy.deepcopy(d)
    moved["joints"][0]["origin"]["xyz"] = edited["joints"][0]["origin"]["xyz"]
    moved_model = vms.compile_model(moved)
    w, x, y, z = state.quaternion_wxyz
    R = np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
                  [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
                  [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]])
    m_arm = model.total_mass - d["links"][0]["mass"]
    before = vms.inspect(model, state)["center_of_mass"]
    after = vms.inspect(moved_model, vms.load_state(MOVING, moved_model))["center_of_mass"]
    np.testing.assert_allclose(after - before, m_arm / model.total_mass * R @ shift, rtol=0,
                               atol=1e-14)


def test_invalid_edit_raises_the_cli_line(tmp_path):
    d = vms.load_model(SPATIAL).description()
    d["links"][2]["mass"] = -1.0
    path = write_json(tmp_path / "negative.vms.json", d)
    line = cli_error_line("inspect", path, "--state", MOVING)
    assert "mass is negative" in line, line
    with pytest.raises(vms.InputError) as e:
        vms.compile_model(d, source=path)
    assert str(e.value) == line
    with pytest.raises(vms.InputError) as e:
        vms.compile_model(d)
    assert str(e.value) == line.replace(path, "<model description>")
    # A key the schema does not have: the parser's line.
    bad = vms.load_model(SPATIAL).description()
    bad["joints"][1]["axes"] = [0, 0, 1]
    path = write_json(tmp_path / "unknown_key.vms.json", bad)
    with pytest.raises(vms.InputError) as e:
        vms.compile_model(bad, source=path)
    assert str(e.value) == cli_error_line("inspect", path, "--state", MOVING)
    with pytest.raises(TypeError):
        vms.compile_model(SPATIAL)  # a path is load_model's


def test_numpy_values_base_override_and_from_description():
    d = vms.load_model(SPATIAL).description()
    d["links"][3]["com"] = np.array(d["links"][3]["com"]) + 0.01
    d["links"][3]["mass"] = np.float64(60.0)
    model = vms.Model.from_description(d, base="planar")
    assert model.base_type == "planar" and model.description()["base"] == "planar"
    assert model.total_mass == 1835.0
    with pytest.raises(ValueError, match="unknown vehicle type 'flying'"):
        vms.compile_model(d, base="flying")


def test_random_tree_and_state_are_the_cores():
    d = vms.random_tree(7, bodies=6, fixed_links=2, prismatic_fraction=0.5)
    assert d == vms.random_tree(7, bodies=6, fixed_links=2, prismatic_fraction=0.5)
    assert d != vms.random_tree(8, bodies=6, fixed_links=2, prismatic_fraction=0.5)
    model = vms.compile_model(d)
    assert model.nbodies == 6 and model.njoints == 5 and len(d["links"]) == 8
    s = vms.State.random(model, 3)
    np.testing.assert_array_equal(s.row(), vms.random_state(model, 3).row())
    assert np.all(np.abs(s.q) <= 1.5) and np.all(np.abs(s.qd) <= 1.0)
    chain = vms.compile_model(vms.random_tree(1, bodies=4, chain=True, base="fixed"))
    assert chain.base_type == "fixed" and chain.njoints == 3
