"""The analysis functions: disturbance_map equal to `vms dmap`'s CSV, the connection (and so D
and J*) against the momentum a state computed from it has (zero: vms.inspect's momenta, another
code path), the curvature against finite differences of D, manipulability against numpy."""

import csv
import os

import numpy as np
import pytest

import vms
from conftest import MODELS_DIR, run_cli

SPATIAL = os.path.join(MODELS_DIR, "seed004_spatial.vms.json")
SPATIAL_MOVING = os.path.join(MODELS_DIR, "state_seed004_spatial_moving.json")
PLANAR = os.path.join(MODELS_DIR, "seed004_planar.vms.json")
PLANAR_MOVING = os.path.join(MODELS_DIR, "state_seed004_planar_moving.json")


def row_with(model, q, qd, v_world=(0, 0, 0), w_world=(0, 0, 0)):
    """A trajectory-CSV state row: the vehicle at the origin, unrotated, with these velocities."""
    return np.concatenate([[0, 0, 0, 1, 0, 0, 0], v_world, w_world, q, qd])


@pytest.mark.parametrize("model_path, state_path, joints", [
    (SPATIAL, SPATIAL_MOVING, ("joint2", "joint3")),
    (PLANAR, PLANAR_MOVING, ("joint1", "joint2")),
    (PLANAR, None, ("joint4", "joint1")),
])
def test_disturbance_map_equals_vms_dmap(tmp_path, model_path, state_path, joints):
    model = vms.load_model(model_path)
    if state_path:
        state = vms.load_state(state_path, model)
        options = ["--state", state_path]
    else:
        state = vms.State.from_row(row_with(model, np.zeros(model.njoints),
                                            np.zeros(model.njoints)), model)
        options = []
    out = tmp_path / "map.csv"
    status, _, err = run_cli("dmap", model_path, "--joints", ",".join(joints), "--grid", 7,
                             "--out", out, *options)
    assert status == 0, err
    with open(out) as f:
        reader = csv.reader(f)
        header = next(reader)
        rows = np.array([[float(x) for x in r] for r in reader])
    result = vms.disturbance_map(model, state, *joints, grid=7)
    assert list(result) == header
    for k, name in enumerate(header):
        assert result[name].shape == (49,)
        np.testing.assert_array_equal(result[name], rows[:, k], err_msg=name)
    # By index as by name.
    a, b = (model.joint_names.index(j) for j in joints)
    again = vms.disturbance_map(model, state, a, b, grid=7)
    np.testing.assert_array_equal(again["curvature_z"], result["curvature_z"])


@pytest.mark.parametrize("model_path", [SPATIAL, PLANAR])
def test_connection_gives_zero_momentum(model_path):
    """A state whose vehicle moves with nu_b = -A qd has zero vehicle momentum h_b (for these
    vehicles: zero world momentum), and its vehicle turns at D qd."""
    model = vms.load_model(model_path)
    rng = np.random.default_rng(4)
    n = model.njoints
    for _ in range(5):
        q, qd = rng.uniform(-1.5, 1.5, n), rng.uniform(-0.5, 0.5, n)
        at_q = vms.State.from_row(row_with(model, q, np.zeros(n)), model)
        A = vms.mechanical_connection(model, at_q)
        D = vms.attitude_disturbance(model, at_q)
        assert D.shape == (3, n)
        nu = -A @ qd
        if model.base_type == "free":
            assert A.shape == (6, n)
            v, w = nu[:3], nu[3:]
        else:  # planar: nu_b = (v_x, v_y, w_z) in the vehicle frame
            assert A.shape == (3, n)
            v, w = np.array([nu[0], nu[1], 0.0]), np.array([0.0, 0.0, nu[2]])
        floating = vms.State.from_row(row_with(model, q, qd, v, w), model)
        figures = vms.inspect(model, floating)
        scale = model.total_mass * (1.0 + np.abs(qd).max())
        assert np.abs(figures["linear_momentum"]).max() < 1e-13 * scale
        assert np.abs(figures["angular_momentum_origin"]).max() < 1e-13 * scale
        # D qd is the vehicle's angular velocity (body frame = world frame here).
        np.testing.assert_allclose(D @ qd, floating.angular_velocity_world, rtol=0, atol=1e-14)
        # J* = Jm - Jb A, of the end effector.
        gj = vms.generalized_jacobian(model, at_q, model.frame_names[-1])
        np.testing.assert_array_equal(gj["connection"], A)
        np.testing.assert_allclose(gj["Jstar"], gj["Jm"] - gj["Jb"] @ A, rtol=0, atol=1e-14)
        np.testing.assert_array_equal(gj["J"][:, -n:], gj["Jm"])
        assert gj["Jb"].shape == (6, A.shape[0])


def test_curvature_against_finite_differences_of_d():
    model = vms.load_model(SPATIAL)
    rng = np.random.default_rng(7)
    n = model.njoints
    q = rng.uniform(-1.2, 1.2, n)

    def D(qq):
        return vms.attitude_disturbance(model, vms.State.from_row(row_with(model, qq, np.zeros(n)),
                                                                  model))

    def dD(k, h=1e-5):
        e = np.zeros(n)
        e[k] = h
        return (D(q + e) - D(q - e)) / (2 * h)

    state = vms.State.from_row(row_with(model, q, np.zeros(n)), model)
    D0 = D(q)
    for i, j in [(0, 1), (1, 2), (2, 4), (3, 5)]:
        expected = dD(i)[:, j] - dD(j)[:, i] + np.cross(D0[:, i], D0[:, j])
        F = vms.curvature(model, state, i, j)
        np.testing.assert_allclose(F, expected, rtol=0, atol=1e-8)
        np.testing.assert_array_equal(vms.curvature(model, state, model.joint_names[i],
                                                    model.joint_names[j]), F)
        np.testing.assert_allclose(vms.curvature(model, state, j, i), -F, rtol=0, atol=1e-15)


def test_manipulability_against_numpy():
    model = vms.load_model(SPATIAL)
    state = vms.load_state(SPATIAL_MOVING, model)
    frame = model.frame_names[-1]
    gj = vms.generalized_jacobian(model, state, frame)
    for jacobian, J in (("generalized", gj["Jstar"]), ("fixed", gj["Jm"])):
        for rows, block in (("translational", J[:3]), ("rotational", J[3:]), ("full", J)):
            w = vms.manipulability(model, state, frame, jacobian=jacobian, rows=rows)
            sigma = np.linalg.svd(block, compute_uv=False)
            np.testing.assert_allclose(w["singular_values"], sigma, rtol=1e-12, atol=1e-14)
            assert w["yoshikawa"] == pytest.approx(np.sqrt(np.linalg.det(block @ block.T)),
                                                   rel=1e-10)
            assert w["condition_number"] == pytest.approx(sigma[0] / sigma[-1], rel=1e-10)
            assert w["status"] == "ok"
    assert (vms.manipulability(model, state, frame)["yoshikawa"] !=
            vms.manipulability(model, state, frame, jacobian="fixed")["yoshikawa"])


def test_analysis_errors():
    model = vms.load_model(PLANAR)
    state = vms.load_state(PLANAR_MOVING, model)
    other = vms.load_model(PLANAR)
    with pytest.raises(ValueError, match="no frame 'hand'"):
        vms.generalized_jacobian(model, state, "hand")
    with pytest.raises(ValueError, match="another model"):
        vms.attitude_disturbance(other, state)
    with pytest.raises(ValueError, match="no moving joint 'j9'"):
        vms.curvature(model, state, "joint1", "j9")
    with pytest.raises(ValueError, match="out of range"):
        vms.curvature(model, state, 0, 4)
    with pytest.raises(ValueError, match="grid"):
        vms.disturbance_map(model, state, 0, 1, grid=1)
    with pytest.raises(ValueError, match="rows"):
        vms.manipulability(model, state, "end_effector", rows="all")


def test_printed_variants_run_by_name():
    """solver="<solver>/<variant>" evaluates a paper's equation as printed (the errata
    registry): its accelerations leave aba's where the corrected solver matches it."""
    model = vms.load_model(SPATIAL)
    state = vms.load_state(SPATIAL_MOVING, model)
    aba = vms.inspect(model, state)["qdd"]
    corrected = vms.inspect(model, state, solver="generalized-jacobian")["qdd"]
    printed = vms.inspect(model, state, solver="generalized-jacobian/printed-hstar-dot")["qdd"]
    assert np.abs(corrected - aba).max() < 1e-12
    assert np.abs(printed - aba).max() > 1e-3
    batch = vms.forward_dynamics(model, state.row()[None, :], state.tau[None, :],
                                 solver="generalized-jacobian/printed-hstar-dot")
    np.testing.assert_allclose(batch[0, 6:], printed, rtol=0, atol=1e-12)
    with pytest.raises(ValueError, match="unknown printed variant"):
        vms.inspect(model, state, solver="generalized-jacobian/printed-nothing")
    with pytest.raises(ValueError, match="not defined for a free vehicle"):
        vms.inspect(model, state, solver="quasi-lagrange/printed-so3-sign")


@pytest.mark.parametrize("model_path, state_path", [(SPATIAL, SPATIAL_MOVING),
                                                    (PLANAR, PLANAR_MOVING)])
def test_operational_space_inertia_against_the_schur_complement(model_path, state_path):
    """J M^-1 J^T split by the vehicle's block: Jb Mbb^-1 Jb^T + J* H*^-1 J*^T (free vehicle),
    with J* and Jb Mbb^-1 from generalized_jacobian and H* from vms.inspect; Jm Hmm^-1 Jm^T
    with the vehicle locked."""
    model = vms.load_model(model_path)
    state = vms.load_state(state_path, model)
    figures = vms.inspect(model, state)
    gj = vms.generalized_jacobian(model, state, "end_effector")
    free = vms.operational_space_inertia(model, state, "end_effector")
    locked = vms.operational_space_inertia(model, state, "end_effector", vehicle="locked")
    expected_free = (gj["momentum_map"] @ gj["Jb"].T +
                     gj["Jstar"] @ np.linalg.solve(figures["Hstar"], gj["Jstar"].T))
    expected_locked = gj["Jm"] @ np.linalg.solve(figures["Hmm"], gj["Jm"].T)
    scale = np.abs(expected_free).max()
    np.testing.assert_allclose(free["Lambda_inv"], expected_free, rtol=0, atol=1e-10 * scale)
    np.testing.assert_allclose(locked["Lambda_inv"], expected_locked, rtol=0,
                               atol=1e-10 * np.abs(expected_locked).max())
    rank = 6 if model.base_type == "free" else 3
    assert free["rank"] == rank
    if rank == 6:
        np.testing.assert_allclose(free["Lambda"] @ free["Lambda_inv"], np.eye(6), rtol=0,
                                   atol=1e-8)
    e = free["translational"]
    np.testing.assert_allclose(e["axes"] @ np.diag(e["mobility"]) @ e["axes"].T,
                               free["Lambda_inv"][:3, :3], rtol=0, atol=1e-12 * scale)
    with pytest.raises(ValueError, match="'free' or 'locked'"):
        vms.operational_space_inertia(model, state, "end_effector", vehicle="held")


def test_momentum_partition_adds_up_to_inspect():
    model = vms.load_model(SPATIAL)
    state = vms.load_state(SPATIAL_MOVING, model)
    figures = vms.inspect(model, state)
    p = vms.momentum_partition(model, state)
    np.testing.assert_allclose(p["linear_total"], figures["linear_momentum"], rtol=0, atol=1e-13)
    np.testing.assert_allclose(p["angular_origin_total"], figures["angular_momentum_origin"],
                               rtol=0, atol=1e-13)
    np.testing.assert_allclose(p["angular_com_total"], figures["angular_momentum_com"], rtol=0,
                               atol=1e-13)
    np.testing.assert_allclose(p["linear_vehicle"] + p["linear_arm"], p["linear_total"], rtol=0,
                               atol=1e-13)
    assert p["kinetic_total"] == pytest.approx(figures["kinetic_energy"], rel=1e-13)
    assert p["kinetic_vehicle"] + p["kinetic_arm"] == pytest.approx(p["kinetic_total"], rel=1e-13)
    assert p["mass"] == pytest.approx(model.total_mass, rel=1e-15)
    np.testing.assert_allclose(p["center_of_mass"], figures["center_of_mass"], rtol=0, atol=1e-14)
