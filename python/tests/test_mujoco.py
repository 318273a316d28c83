"""vms.forward_dynamics against MuJoCo (vms.mujoco_forward_dynamics: MuJoCo 2.2.2, Debian's
libmujoco-dev, with the MJCF writer and state bridge of the C++ cross-check) on the core's
random trees and chains (vms.random_tree), free and fixed vehicles, with joint forces and
gravity, and on seed 004's spacecraft: the accelerations agree to 1e-9 relative (largest
difference over max(1, largest |MuJoCo value|), the cross-check's measure)."""

import os

import numpy as np
import pytest

import vms
from conftest import MODELS_DIR

pytestmark = pytest.mark.skipif(
    not vms.has_mujoco(), reason="this build of vms has no MuJoCo (libmujoco-dev was not found "
                                 "when it was configured)")

TOLERANCE = 1e-9


def relative_difference(ours, reference):
    return np.max(np.abs(ours - reference)) / max(1.0, np.max(np.abs(reference)))


def compare(model, seed, states=4, torques=True):
    X = np.array([vms.random_state(model, seed * 101 + k).row() for k in range(states)])
    rng = np.random.default_rng(seed)
    TAU = rng.uniform(-2, 2, (states, model.njoints)) if torques else np.zeros((states, model.njoints))
    ours = vms.forward_dynamics(model, X, TAU)
    theirs = vms.mujoco_forward_dynamics(model, X, TAU)
    assert ours.shape == theirs.shape == (states, 6 + model.njoints)
    return relative_difference(ours, theirs), ours, theirs


@pytest.mark.parametrize("bodies", [2, 3, 5, 8, 13, 20, 30])
@pytest.mark.parametrize("fixed_links,gravity", [(0, False), (3, True)])
def test_random_trees_agree_with_mujoco(bodies, fixed_links, gravity):
    worst = 0.0
    for seed in range(1, 5):
        d = vms.random_tree(1000 * seed + 17 * bodies + fixed_links, bodies=bodies,
                            fixed_links=fixed_links, prismatic_fraction=0.4)
        if gravity:
            d["gravity"] = [0.4, -1.2, -9.81]
        diff, ours, _ = compare(vms.compile_model(d), seed)
        assert np.all(np.isfinite(ours))
        worst = max(worst, diff)
    print(f"{bodies} bodies, {fixed_links} fixed links: largest relative difference {worst:.1e}")
    assert worst < TOLERANCE


@pytest.mark.parametrize("links", [2, 6, 12, 25])
def test_random_chains_agree_with_mujoco(links):
    for seed in range(1, 4):
        d = vms.random_tree(77 * seed + links, bodies=links + 1, chain=True, fixed_links=2)
        d["gravity"] = [0.0, 0.0, -9.81]
        diff, _, _ = compare(vms.compile_model(d), seed)
        assert diff < TOLERANCE


def test_fixed_vehicles_agree_with_mujoco():
    for seed in range(1, 5):
        d = vms.random_tree(seed, bodies=10, fixed_links=2, base="fixed")
        d["gravity"] = [0.0, 0.0, -9.81]
        diff, ours, _ = compare(vms.compile_model(d), seed)
        assert np.all(ours[:, :6] == 0.0)
        assert diff < TOLERANCE


def test_seed004_spacecraft_agrees_with_mujoco():
    model = vms.load_model(os.path.join(MODELS_DIR, "seed004_spatial.vms.json"))
    diff, ours, theirs = compare(model, 4, states=8)
    assert diff < TOLERANCE
    # The comparison can fail: a joint force changed in one row shows.
    X = np.array([vms.random_state(model, 404).row()])
    TAU = np.zeros((1, model.njoints))
    other = TAU.copy()
    other[0, 2] = 1e-3
    assert relative_difference(vms.forward_dynamics(model, X, other),
                               vms.mujoco_forward_dynamics(model, X, TAU)) > 1e-7


def test_vehicle_types_mujoco_has_no_joint_for():
    model = vms.load_model(os.path.join(MODELS_DIR, "seed004_spatial.vms.json"), base="planar")
    row = vms.random_state(model, 1).row()[None, :]
    with pytest.raises(ValueError, match="only free and fixed vehicles"):
        vms.mujoco_forward_dynamics(model, row, np.zeros((1, model.njoints)))
