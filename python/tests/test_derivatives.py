"""vms.derivatives against `vms derivatives` (the same keys in the same order, the same numbers,
to 1e-12) on free, planar and nonholonomic vehicles, and its velocity derivative ddq_dv against
central differences of the package's own forward dynamics (vms.forward_dynamics on trajectory
rows, converted to nu's coordinates here in numpy), relative 1e-6."""

import json
import os

import numpy as np
import pytest

import vms
from conftest import MODELS_DIR, run_cli, write_json

SPATIAL = os.path.join(MODELS_DIR, "seed004_spatial.vms.json")
PLANAR = os.path.join(MODELS_DIR, "seed004_planar.vms.json")
COMPONENTS = ["vx", "vy", "vz", "wx", "wy", "wz"]


def cli_derivatives(*args):
    status, out, err = run_cli("derivatives", *args)
    assert status == 0, err
    return json.loads(out)


def assert_same(py, cli):
    assert list(py) == list(cli)
    for key, expected in cli.items():
        value = py[key]
        if isinstance(expected, (str, int)) or key in ("joint_names", "vehicle_components",
                                                       "configuration_tangent"):
            assert value == expected, key
        else:
            expected = np.asarray(expected, dtype=float)
            assert isinstance(value, np.ndarray), key
            assert value.shape == expected.shape, key
            scale = max(1.0, np.abs(expected).max(initial=0.0))
            assert np.abs(value - expected).max(initial=0.0) <= 1e-12 * scale, key


def moving_nonholonomic_state(tmp_path):
    """The planar model on the nonholonomic vehicle, turned and moving forward while turning
    (body velocity along its x axis and about z only), joints displaced and moving."""
    a = 0.4
    speed, turn = 0.3, -0.2
    state = {
        "base": {"position": [0.2, -0.1, 0.0],
                 "quaternion_wxyz": [np.cos(a / 2), 0.0, 0.0, np.sin(a / 2)],
                 "linear_velocity_world": [speed * np.cos(a), speed * np.sin(a), 0.0],
                 "angular_velocity_world": [0.0, 0.0, turn]},
        "q": [0.3, -0.4, 0.2, 0.5], "qd": [0.2, -0.1, 0.3, 0.05], "tau": [0.4, -0.2, 0.1, 0.0]}
    return write_json(tmp_path / "nonholonomic_state.json", state)


def cases(tmp_path):
    """(model, state file) pairs: free, planar and nonholonomic vehicles, moving."""
    return [
        (vms.load_model(SPATIAL), os.path.join(MODELS_DIR, "state_seed004_spatial_moving.json")),
        (vms.load_model(PLANAR), os.path.join(MODELS_DIR, "state_seed004_planar_moving.json")),
        (vms.load_model(PLANAR, base="nonholonomic"), moving_nonholonomic_state(tmp_path)),
    ]


def test_equals_the_command_line(tmp_path):
    for model, state_file in cases(tmp_path):
        state = vms.load_state(state_file, model)
        base = ["--base", model.base_type]
        assert_same(vms.derivatives(model, state),
                    cli_derivatives(model_path(model), "--state", state_file, *base))
        tau = np.linspace(-0.5, 0.7, model.njoints)
        assert_same(vms.derivatives(model, state, tau=tau),
                    cli_derivatives(model_path(model), "--state", state_file, *base, "--tau",
                                    ",".join(repr(float(x)) for x in tau)))
        # No state: the neutral state, at rest, no joint forces.
        assert_same(vms.derivatives(model), cli_derivatives(model_path(model), *base))


def model_path(model):
    return SPATIAL if model.base_type == "free" else PLANAR


def test_names_and_shapes(tmp_path):
    expected = {"free": (COMPONENTS, COMPONENTS), "planar": (["vx", "vy", "wz"],) * 2,
                "nonholonomic": (["vx", "wz"], ["vx", "vy", "wz"])}
    for model, state_file in cases(tmp_path):
        d = vms.derivatives(model, vms.load_state(state_file, model))
        components, tangent = expected[model.base_type]
        assert d["vehicle_components"] == components
        assert d["configuration_tangent"] == tangent
        assert d["joint_names"] == model.joint_names
        nv, n, t = model.dof, model.njoints, len(tangent)
        assert d["nv"] == nv == len(components) + n
        assert d["nudot"].shape == (nv,)
        assert d["ddq_dq"].shape == (nv, t + n)
        assert d["ddq_dv"].shape == (nv, nv)
        assert d["ddq_dtau"].shape == (nv, n)


def rotation(quaternion_wxyz):
    w, x, y, z = np.asarray(quaternion_wxyz) / np.linalg.norm(quaternion_wxyz)
    return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
                     [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
                     [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]])


def rows_with_nu(row, n, selection, nus):
    """Trajectory rows equal to `row` but with the generalized velocity nu = [body-twist
    components `selection`; qd] replaced by each of `nus` (the world velocities recomputed)."""
    R = rotation(row[3:7])
    rows = np.repeat(row[None, :], len(nus), axis=0)
    for r, nu in zip(rows, nus):
        twist = np.zeros(6)
        twist[selection] = nu[:len(selection)]
        r[7:10] = R @ twist[:3]
        r[10:13] = R @ twist[3:]
        r[13 + n:13 + 2 * n] = nu[len(selection):]
    return rows


def nudots(model, rows, tau, selection):
    """nudot = [selected components of d(body twist)/dt; qdd] of each row, from
    vms.forward_dynamics' world-frame accelerations: with v_w = R v_b and w_w = R w_b,
    d(v_b)/dt = R^T d(v_w)/dt - w_b x v_b and d(w_b)/dt = R^T d(w_w)/dt."""
    acc = vms.forward_dynamics(model, rows, np.repeat(tau[None, :], len(rows), axis=0))
    out = []
    for row, a in zip(rows, acc):
        R = rotation(row[3:7])
        v_b, w_b = R.T @ row[7:10], R.T @ row[10:13]
        twist_dot = np.concatenate([R.T @ a[:3] - np.cross(w_b, v_b), R.T @ a[3:6]])
        out.append(np.concatenate([twist_dot[selection], a[6:]]))
    return np.array(out)


def test_ddq_dv_against_central_differences(tmp_path):
    for model, state_file in cases(tmp_path):
        state = vms.load_state(state_file, model)
        d = vms.derivatives(model, state)
        selection = [COMPONENTS.index(c) for c in d["vehicle_components"]]
        n, nv = model.njoints, model.dof
        row = np.asarray(state.row(), dtype=float)
        R = rotation(row[3:7])
        nu = np.concatenate([np.concatenate([R.T @ row[7:10], R.T @ row[10:13]])[selection],
                             row[13 + n:]])
        tau = np.asarray(state.tau, dtype=float)
        # The conversion itself: the accelerations at the point are the derivatives' nudot.
        at_point = nudots(model, rows_with_nu(row, n, selection, [nu]), tau, selection)[0]
        scale = np.abs(d["nudot"]).max()
        assert np.abs(at_point - d["nudot"]).max() <= 1e-10 * scale, model.base_type

        # nudot is quadratic in nu (velocity products), so a central difference is exact
        # but for rounding: about 1e-11 relative here at this step.
        h = 1e-4
        steps = np.eye(nv) * h
        plus = nudots(model, rows_with_nu(row, n, selection, nu + steps), tau, selection)
        minus = nudots(model, rows_with_nu(row, n, selection, nu - steps), tau, selection)
        differences = ((plus - minus) / (2 * h)).T  # column k: d nudot / d nu_k
        error = np.abs(differences - d["ddq_dv"]).max() / np.abs(d["ddq_dv"]).max()
        assert np.abs(d["ddq_dv"]).max() > 1e-3, model.base_type  # moving: not trivially zero
        assert error <= 1e-6, (model.base_type, error)


MIMIC_URDF = """<robot name="gripper">
  <link name="palm">{i}</link><link name="left">{i}</link><link name="right">{i}</link>
  <joint name="left_finger" type="prismatic"><parent link="palm"/><child link="left"/>
    <axis xyz="0 1 0"/><limit lower="0" upper="0.04" effort="10" velocity="1"/></joint>
  <joint name="right_finger" type="prismatic"><parent link="palm"/><child link="right"/>
    <axis xyz="0 1 0"/><limit lower="0" upper="0.04" effort="10" velocity="1"/>
    <mimic joint="left_finger" multiplier="-1"/></joint>
</robot>""".format(i='<inertial><mass value="1"/><inertia ixx="0.1" iyy="0.1" izz="0.1" '
                     'ixy="0" ixz="0" iyz="0"/></inertial>')


def test_bad_arguments(tmp_path):
    spatial, planar = vms.load_model(SPATIAL), vms.load_model(PLANAR)
    state = vms.load_state(os.path.join(MODELS_DIR, "state_seed004_planar_moving.json"), planar)
    with pytest.raises(ValueError, match="tau has 2 entries, expected 4"):
        vms.derivatives(planar, state, tau=[1.0, 2.0])
    with pytest.raises(ValueError, match="another model"):
        vms.derivatives(spatial, state)
    path = tmp_path / "gripper.urdf"
    path.write_text(MIMIC_URDF)
    with pytest.raises(ValueError, match="mimics 'left_finger'"):
        vms.derivatives(vms.load_model(path))
    status, out, err = run_cli("derivatives", path)
    assert status == 1 and out == "" and err.count("\n") == 1 and "mimics" in err
