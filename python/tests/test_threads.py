"""The GIL is released while vms.forward_dynamics, vms.run, vms.sweep, vms.reachable_workspace and
vms.mujoco_forward_dynamics compute: another Python thread keeps running during the call (a
call holding the GIL would stall it for the whole call; the check needs no second core and no
timing ratio)."""

import os
import threading
import time

import numpy as np

import vms
from conftest import MODELS_DIR

MODEL = os.path.join(MODELS_DIR, "seed004_spatial.vms.json")


def batch(model, count, seed):
    rng = np.random.default_rng(seed)
    n = model.njoints
    X = np.zeros((count, 13 + 2 * n))
    quat = rng.normal(size=(count, 4))
    X[:, 3:7] = quat / np.linalg.norm(quat, axis=1, keepdims=True)
    X[:, 7:] = rng.uniform(-0.5, 0.5, (count, 6 + 2 * n))
    return X, rng.uniform(-1, 1, (count, n))


def run_while_counting(calls):
    """Runs each zero-argument function of `calls` in its own thread while this thread counts.
    Returns the time from the first call's start to the last call's end, the longest time
    within it during which this thread made no progress, and the results."""
    n = len(calls)
    starts, ends, results = [None] * n, [None] * n, [None] * n
    gaps = []

    def worker(k):
        starts[k] = time.perf_counter()
        results[k] = calls[k]()
        ends[k] = time.perf_counter()

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(n)]
    last = time.perf_counter()
    for t in threads:
        t.start()
    while any(t.is_alive() for t in threads):
        now = time.perf_counter()
        if now - last > 1e-3:
            gaps.append((last, now))
        last = now
    for t in threads:
        t.join()
    start, end = min(starts), max(ends)
    stall = max([min(b, end) - max(a, start) for a, b in gaps] + [0.0])
    return end - start, stall, results


def test_another_thread_runs_during_a_batch():
    model = vms.load_model(MODEL)
    X, TAU = batch(model, 200_000, 1)
    duration, stall, (out,) = run_while_counting([lambda: vms.forward_dynamics(model, X, TAU)])
    assert duration > 0.05, "the batch is too short to tell"
    # Holding the GIL would stall this thread for the whole call.
    assert stall < 0.5 * duration, f"this thread stalled {stall:.3f} s of a {duration:.3f} s call"
    np.testing.assert_array_equal(out, vms.forward_dynamics(model, X, TAU))


def test_two_batches_in_threads_do_not_hold_the_gil():
    # Neither call holds the GIL (this thread keeps running while both compute), so they do not
    # serialize on it; with two free cores they run side by side. Their results are those of
    # sequential calls.
    model = vms.load_model(MODEL)
    inputs = [batch(model, 150_000, seed) for seed in (2, 3)]
    expected = [vms.forward_dynamics(model, X, TAU) for X, TAU in inputs]
    duration, stall, results = run_while_counting(
        [lambda: vms.forward_dynamics(model, *inputs[0]), lambda: vms.forward_dynamics(model, *inputs[1])])
    assert stall < 0.5 * duration, f"this thread stalled {stall:.3f} s of {duration:.3f} s"
    for k in range(2):
        np.testing.assert_array_equal(results[k], expected[k])


def test_another_thread_runs_during_a_run_and_a_sweep():
    scenario = os.path.join(MODELS_DIR, "seed004_spatial_one_joint.scenario.json")
    duration, stall, (run,) = run_while_counting([lambda: vms.run(scenario)])
    assert duration > 0.05, "the run is too short to tell"
    assert stall < 0.5 * duration, f"this thread stalled {stall:.3f} s of a {duration:.3f} s run"
    np.testing.assert_array_equal(run[0]["vehicle_attitude_deviation"],
                                  vms.run(scenario)[0]["vehicle_attitude_deviation"])
    planar = os.path.join(MODELS_DIR, "seed004_planar_one_joint.scenario.json")
    duration, stall, (table,) = run_while_counting(
        [lambda: vms.sweep(planar, {"/duration": [60, 90, 120, 150]}, jobs=1)])
    assert duration > 0.05, "the sweep is too short to tell"
    assert stall < 0.5 * duration, f"this thread stalled {stall:.3f} s of a {duration:.3f} s sweep"
    assert list(table["status"]) == [0, 0, 0, 0]


def test_another_thread_runs_during_a_workspace_and_a_mujoco_batch():
    model = vms.load_model(MODEL)
    state = vms.load_state(os.path.join(MODELS_DIR, "state_seed004_spatial_moving.json"), model)
    duration, stall, (cloud,) = run_while_counting(
        [lambda: vms.reachable_workspace(model, state, "end_effector", samples=30_000,
                                         vehicle="free")])
    assert duration > 0.05, "the workspace is too short to tell"
    assert stall < 0.5 * duration, f"this thread stalled {stall:.3f} s of {duration:.3f} s"
    np.testing.assert_array_equal(
        cloud["positions"],
        vms.reachable_workspace(model, state, "end_effector", samples=30_000,
                                vehicle="free")["positions"])
    if vms.has_mujoco():
        X, TAU = batch(model, 5_000, 4)
        duration, stall, (out,) = run_while_counting(
            [lambda: vms.mujoco_forward_dynamics(model, X, TAU)])
        assert duration > 0.05, "the MuJoCo batch is too short to tell"
        assert stall < 0.5 * duration, f"this thread stalled {stall:.3f} s of {duration:.3f} s"
