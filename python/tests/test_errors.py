"""Bad input: vms.InputError's message is the line `vms` prints on stderr for the same file,
warnings are vms.InputWarning with the text `vms` prints after "vms: warning: "."""

import json
import os
import warnings

import pytest

import vms
from conftest import MODELS_DIR, cli_error_line, run_cli, write_json

SPATIAL_URDF = os.path.join(MODELS_DIR, "seed004_spatial.urdf")
SPATIAL = os.path.join(MODELS_DIR, "seed004_spatial.vms.json")
SPATIAL_STATE = os.path.join(MODELS_DIR, "state_seed004_spatial_moving.json")
PLANAR = os.path.join(MODELS_DIR, "seed004_planar.vms.json")
PLANAR_STATE = os.path.join(MODELS_DIR, "state_seed004_planar_moving.json")


def read(path):
    with open(path) as f:
        return f.read()


def bad_models(tmp_path):
    """(name, path) of model files that vms refuses, each for a different reason."""
    urdf = read(SPATIAL_URDF)
    cases = {"missing.urdf": None}
    cases["unknown_child.urdf"] = urdf.replace('<child link="link3"/>', '<child link="nowhere"/>', 1)
    cases["not_xml.urdf"] = "<robot name='x'><link name='a'>"
    cases["negative_mass.urdf"] = urdf.replace('<mass value="50"/>', '<mass value="-50"/>', 1)
    cases["triangle.urdf"] = urdf.replace(
        'ixx="1434" ixy="0" ixz="0" iyy="1434" iyz="0" izz="1735"',
        'ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="5"', 1)
    model = json.loads(read(SPATIAL))
    model["unknown_key"] = 1
    cases["unknown_key.vms.json"] = json.dumps(model)
    cases["truncated.vms.json"] = read(SPATIAL)[:200]
    cases["wrong_extension.txt"] = "x"
    paths = []
    for name, text in cases.items():
        path = tmp_path / name
        if text is not None:
            assert text != urdf or name == "missing.urdf", name
            path.write_text(text)
        paths.append((name, str(path)))
    return paths


def test_model_errors_are_the_cli_lines(tmp_path):
    for name, path in bad_models(tmp_path):
        line = cli_error_line("inspect", path, "--state", SPATIAL_STATE)
        with pytest.raises(vms.InputError) as e:
            vms.load_model(path)
        assert str(e.value) == line, name
        assert isinstance(e.value, ValueError)


def test_repair_hint_and_repair(tmp_path):
    path = dict(bad_models(tmp_path))["triangle.urdf"]
    with pytest.raises(vms.InputError, match="--repair-inertia replaces"):
        vms.load_model(path)
    status, _, err = run_cli("inspect", path, "--state", SPATIAL_STATE, "--repair-inertia")
    assert status == 0, err
    cli_warnings = [l[len("vms: warning: "):] for l in err.splitlines()]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        vms.load_model(path, repair_inertia=True)
    assert [str(w.message) for w in caught] == cli_warnings
    assert all(issubclass(w.category, vms.InputWarning) for w in caught)
    assert issubclass(vms.InputWarning, UserWarning)


def bad_states(tmp_path):
    good = json.loads(read(PLANAR_STATE))
    cases = {}
    cases["missing.json"] = None
    cases["short_q.json"] = dict(good, q=good["q"][:-1])
    cases["unknown_key.json"] = dict(good, speed=1)
    base = dict(good["base"], angular_velocity_world=[0.1, 0, 0.05])
    cases["planar_roll.json"] = dict(good, base=base)
    cases["zero_quaternion.json"] = dict(good, base=dict(good["base"], quaternion_wxyz=[0, 0, 0, 0]))
    cases["names.json"] = dict(good, joint_names=["a", "b", "c", "d"])
    paths = []
    for name, content in cases.items():
        path = tmp_path / name
        if content is not None:
            write_json(path, content)
        paths.append((name, str(path)))
    return paths


def test_state_errors_are_the_cli_lines(tmp_path):
    model = vms.load_model(PLANAR)
    for name, path in bad_states(tmp_path):
        line = cli_error_line("inspect", PLANAR, "--state", path)
        with pytest.raises(vms.InputError) as e:
            vms.load_state(path, model)
        assert str(e.value) == line, name


def test_state_warning_is_the_cli_warning(tmp_path):
    good = json.loads(read(SPATIAL_STATE))
    path = write_json(tmp_path / "long_quaternion.json",
                      dict(good, base=dict(good["base"], quaternion_wxyz=[2, 0, 0, 0])))
    status, _, err = run_cli("inspect", SPATIAL, "--state", path)
    assert status == 0
    assert err.startswith("vms: warning: ")
    model = vms.load_model(SPATIAL)
    with pytest.warns(vms.InputWarning) as caught:
        state = vms.load_state(path, model)
    assert [str(w.message) for w in caught] == [err.strip()[len("vms: warning: "):]]
    assert list(state.quaternion_wxyz) == [1, 0, 0, 0]


def test_warnings_as_errors(tmp_path):
    good = json.loads(read(SPATIAL_STATE))
    path = write_json(tmp_path / "q.json", dict(good, base=dict(good["base"], quaternion_wxyz=[2, 0, 0, 0])))
    model = vms.load_model(SPATIAL)
    with warnings.catch_warnings():
        warnings.simplefilter("error", vms.InputWarning)
        with pytest.raises(vms.InputWarning):
            vms.load_state(path, model)


def test_bad_arguments_are_value_errors():
    status, _, err = run_cli("inspect", SPATIAL, "--state", SPATIAL_STATE, "--base", "boat")
    assert status == 2
    with pytest.raises(ValueError) as e:
        vms.load_model(SPATIAL, base="boat")
    assert not isinstance(e.value, vms.InputError)
    assert str(e.value) == "base: " + err.strip().split("--base: ", 1)[1]
    model = vms.load_model(SPATIAL)
    state = vms.load_state(SPATIAL_STATE, model)
    with pytest.raises(ValueError, match=r"unknown solver 'x' \(available: aba"):
        vms.inspect(model, state, solver="x")


def test_base_override_as_cli():
    # --base planar on the spatial URDF: the same model the CLI makes.
    planar = vms.load_model(os.path.join(MODELS_DIR, "seed004_planar.urdf"), base="planar")
    assert planar.base_type == "planar"
    assert planar.dof == 3 + planar.njoints
