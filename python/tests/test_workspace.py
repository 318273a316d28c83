"""vms.reachable_workspace against closed forms (those of
tests/core/analysis/test_reachable_workspace.cpp), on models built as description dicts: one
revolute link (a circle; free-floating, the virtual manipulator's circle), a planar 2R arm
(measure l1 l2 |sin q2|), a Cartesian arm (volume 1 m^3); held joints, seeds, errors."""

import numpy as np
import pytest

import vms


def link(name, mass, com):
    return {"name": name, "mass": mass, "com": list(com),
            "inertia": {"ixx": 0.1, "iyy": 0.1, "izz": 0.1}}


def joint(name, parent, child, kind, at, axis, limits=None):
    j = {"name": name, "type": kind, "parent": parent, "child": child,
         "origin": {"xyz": list(at)}, "axis": list(axis)}
    if limits:
        j["limits"] = {"lower": limits[0], "upper": limits[1]}
    return j


def description(base, links, joints, frames=()):
    return {"format": "vms-model", "version": 1, "name": "workspace", "base": base,
            "links": links, "joints": joints, "frames": list(frames)}


def neutral(model):
    return vms.State.from_row(np.r_[0, 0, 0, 1, 0, 0, 0, np.zeros(6 + 2 * model.njoints)], model)


def test_one_link_circle_and_virtual_manipulator():
    m0, m1, a, L = 10.0, 2.0, 0.3, 0.8
    d = np.array([0.5, 0.0, 0.0])
    model = vms.compile_model(description(
        "free", [link("base", m0, [0, 0, 0]), link("link", m1, [a, 0, 0])],
        [joint("j", "base", "link", "continuous", d, [0, 0, 1])],
        [{"name": "tip", "link": "link", "origin": {"xyz": [L, 0, 0]}}]))
    state = neutral(model)
    fixed = vms.reachable_workspace(model, state, "tip", samples=500)
    p = fixed["positions"]
    assert p.shape == (500, 3) and fixed["q"].shape == (500, 1)
    assert np.max(np.abs(np.linalg.norm(p - d, axis=1) - L) + np.abs(p[:, 2])) < 1e-12
    # Each sample is the tip at its configuration.
    np.testing.assert_allclose(p[:, 0], d[0] + L * np.cos(fixed["q"][:, 0]), atol=1e-12)
    np.testing.assert_allclose(p[:, 1], L * np.sin(fixed["q"][:, 0]), atol=1e-12)

    floating = vms.reachable_workspace(model, state, "tip", samples=500, vehicle="free")
    M = m0 + m1
    c0 = m1 * (d + [a, 0, 0]) / M
    centre = c0 + (m0 / M) * d
    radius = L - m1 * a / M
    assert np.max(np.abs(np.linalg.norm(floating["positions"] - centre, axis=1) - radius)) < 1e-12
    again = vms.reachable_workspace(model, state, "tip", samples=500, vehicle="free")
    np.testing.assert_array_equal(again["positions"], floating["positions"])
    other = vms.reachable_workspace(model, state, "tip", samples=500, vehicle="free", seed=2)
    assert not np.array_equal(other["positions"], floating["positions"])
    np.testing.assert_array_equal(fixed["lo"], p.min(axis=0))
    np.testing.assert_array_equal(fixed["hi"], p.max(axis=0))


def test_planar_two_link_measure_and_held_joint():
    l1, l2 = 0.7, 0.4
    model = vms.compile_model(description(
        "fixed",
        [link("base", 5, [0, 0, 0]), link("l1", 1, [l1 / 2, 0, 0]), link("l2", 1, [l2 / 2, 0, 0])],
        [joint("j1", "base", "l1", "continuous", [0, 0, 0], [0, 0, 1]),
         joint("j2", "l1", "l2", "continuous", [l1, 0, 0], [0, 0, 1])],
        [{"name": "tip", "link": "l2", "origin": {"xyz": [l2, 0, 0]}}]))
    w = vms.reachable_workspace(model, neutral(model), "tip", samples=300)
    np.testing.assert_allclose(w["manipulability"], l1 * l2 * np.abs(np.sin(w["q"][:, 1])),
                               rtol=0, atol=1e-12)
    r = np.linalg.norm(w["positions"], axis=1)
    assert np.all(r >= l1 - l2 - 1e-12) and np.all(r <= l1 + l2 + 1e-12)
    assert w["max_manipulability"] == w["manipulability"].max() > 0.95 * l1 * l2
    for held in (["j2"], [1]):
        h = vms.reachable_workspace(model, neutral(model), "tip", samples=300, held_joints=held)
        assert np.all(h["q"][:, 1] == 0.0)
        np.testing.assert_allclose(h["manipulability"], l1 + l2, rtol=0, atol=1e-12)


def test_cartesian_volume_and_errors():
    links = [link("base", 5, [0, 0, 0])] + [link(n, 1, [0, 0, 0]) for n in "xyz"]
    joints = [joint("px", "base", "x", "prismatic", [0, 0, 0], [1, 0, 0], (0, 1)),
              joint("py", "x", "y", "prismatic", [0, 0, 0], [0, 1, 0], (0, 1)),
              joint("pz", "y", "z", "prismatic", [0, 0, 0], [0, 0, 1], (0, 1))]
    model = vms.compile_model(description("fixed", links, joints))
    w = vms.reachable_workspace(model, neutral(model), "z", samples=20000, voxel=0.1)
    assert abs(w["volume"] - 1.0) < 1e-12 and w["voxel"] == 0.1
    np.testing.assert_allclose(w["manipulability"], 1.0, rtol=0, atol=1e-12)

    del joints[1]["limits"]
    unlimited = vms.compile_model(description("fixed", links, joints))
    with pytest.raises(vms.InputError, match="joint 'py': a prismatic joint without limits"):
        vms.reachable_workspace(unlimited, neutral(unlimited), "z", samples=10)
    with pytest.raises(vms.InputError, match="samples must be at least 1"):
        vms.reachable_workspace(model, neutral(model), "z", samples=0)
    with pytest.raises(ValueError, match="no frame 'tool'"):
        vms.reachable_workspace(model, neutral(model), "tool")
    with pytest.raises(ValueError, match="vehicle: expected 'locked' or 'free'"):
        vms.reachable_workspace(model, neutral(model), "z", vehicle="floating")
    with pytest.raises(ValueError, match="no moving joint 'wheel'"):
        vms.reachable_workspace(model, neutral(model), "z", held_joints=["wheel"])


