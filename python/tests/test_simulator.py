"""vms.Simulator: the core's run loop stepped from Python. A Python PD controller gives the same
run as the C++ joint_pd controller with the same gains and reference (the controller sits where
the C++ ones do: same control instants, zero-order hold, saturation), a scenario stepped here
ends where `vms.run` ends, step(tau) adds forces for one step only, and State rows round-trip."""

import os

import numpy as np
import pytest

import vms
from conftest import MODELS_DIR

PLANAR_MODEL = os.path.join(MODELS_DIR, "seed004_planar.vms.json")
PLANAR_REST = os.path.join(MODELS_DIR, "state_seed004_planar_rest.json")
PLANAR_MOVING = os.path.join(MODELS_DIR, "state_seed004_planar_moving.json")

KP = np.array([1.0, 1.0, 0.5, 0.5])
KD = np.array([1.0, 0.8, 0.4, 0.2])
TARGET = np.array([0.8, -0.4, 0.3, 0.2])
START, DURATION = 0.5, 2.0


def quintic(t, q0):
    """The C++ quintic reference (core/control/quintic_trajectory.cpp), written out."""
    x = (t - START) / DURATION
    if x <= 0.0:
        s = ds = 0.0
    elif x >= 1.0:
        s, ds = 1.0, 0.0
    else:
        x2 = x * x
        x3 = x2 * x
        s = x3 * (10.0 - 15.0 * x + 6.0 * x2)
        ds = 30.0 * x2 * (1.0 - x) * (1.0 - x)
    dq = TARGET - q0
    return q0 + s * dq, (ds / DURATION) * dq


def pd_scenario(controllers, control_period=0.02):
    return {
        "name": "python_pd",
        "model": PLANAR_MODEL,
        "initial_state": PLANAR_REST,
        "mode": "floating",
        "controllers": controllers,
        "duration": 4.0,
        "dt": 0.01,
        "control_period": control_period,
        "output_every": 1,
    }


def test_python_pd_controller_matches_the_cpp_joint_pd():
    model = vms.load_model(PLANAR_MODEL)
    q0 = vms.load_state(PLANAR_REST, model).q
    cpp = pd_scenario([{"type": "joint_pd", "compensation": "none",
                        "gains": {"kp": KP.tolist(), "kd": KD.tolist()},
                        "trajectory": {"type": "quintic", "target": TARGET.tolist(),
                                       "duration": DURATION, "start": START}}])
    columns, _ = vms.run(cpp)
    calls = []

    def pd(t, state):
        calls.append(t)
        q_d, qd_d = quintic(t, q0)
        return KP * (q_d - state.q) + KD * (qd_d - state.qd)

    sim = vms.Simulator(pd_scenario([]), controller=pd)
    rows = [sim.state.row()]
    while not sim.finished:
        sim.step()
        rows.append(sim.state.row())
    # Called at the control period (0.02 s = 2 steps of 0.01 s), held in between.
    np.testing.assert_allclose(calls, np.arange(200) * 0.02, rtol=0, atol=1e-12)
    names = ["base_px", "base_py", "base_pz", "base_qw", "base_qx", "base_qy", "base_qz",
             "base_vx", "base_vy", "base_vz", "base_wx", "base_wy", "base_wz"]
    names += [f"q:{j}" for j in model.joint_names] + [f"qd:{j}" for j in model.joint_names]
    expected = np.column_stack([columns[n] for n in names])
    np.testing.assert_allclose(columns["t"], np.arange(401) * 0.01, rtol=0, atol=1e-12)
    assert np.array(rows).shape == expected.shape
    # The same sums in another order (Python's PD against Eigen's): rounding only.
    np.testing.assert_allclose(np.array(rows), expected, rtol=0, atol=1e-14)
    tau_cpp = np.column_stack([columns[f"tau:{j}"] for j in model.joint_names])
    np.testing.assert_allclose(sim.joint_torque, tau_cpp[-1], rtol=0, atol=1e-12)
    assert abs(rows[-1][13] - TARGET[0]) < 0.05  # it did move the arm


def test_momentum_is_conserved_under_the_python_controller():
    model = vms.load_model(PLANAR_MODEL)
    state = vms.load_state(PLANAR_REST, model)
    drifts = []
    for dt in (0.01, 0.005):
        sim = vms.Simulator(model, state, lambda t, s: KP * (TARGET - s.q) - KD * s.qd, dt=dt)
        np.testing.assert_array_equal(sim.linear_momentum, np.zeros(3))
        sim.advance(round(6.0 / dt))
        assert sim.time == pytest.approx(6.0, abs=1e-12)
        assert np.linalg.norm(sim.state.q - state.q) > 0.5  # the arm moved
        assert np.linalg.norm(sim.state.position) > 1e-3  # and the vehicle with it
        drifts.append(np.linalg.norm(sim.linear_momentum) + np.linalg.norm(sim.angular_momentum))
    # Internal torques from zero momentum: the world momentum stays zero but for rk4's
    # truncation (fourth order: halving dt divides it by about 16) and rounding.
    print("momentum drift at dt = 0.01, 0.005:", drifts)
    assert drifts[0] < 1e-6
    assert drifts[1] < drifts[0] / 8
    final = vms.inspect(model, sim.state)
    np.testing.assert_allclose(final["linear_momentum"], sim.linear_momentum, rtol=0, atol=1e-14)
    assert sim.actuator_work != 0.0


def test_a_scenario_stepped_here_ends_where_vms_run_ends():
    path = os.path.join(MODELS_DIR, "seed004_planar_closed_loop.scenario.json")
    columns, summary = vms.run(path)
    sim = vms.Simulator(path)
    assert sim.dt == 0.01 and sim.duration == 45
    sim.advance(1000)
    assert sim.time == pytest.approx(10.0, abs=1e-12)
    sim.run()
    assert sim.finished and sim.time == 45.0
    model = sim.model
    last = np.array([columns[c][-1] for c in list(columns)[1:14]] +
                    [columns[f"q:{j}"][-1] for j in model.joint_names] +
                    [columns[f"qd:{j}"][-1] for j in model.joint_names])
    np.testing.assert_array_equal(sim.state.row(), last)
    assert sim.vehicle_attitude_deviation == summary["final_vehicle_attitude_deviation"]
    assert sim.vehicle_attitude_deviation == columns["vehicle_attitude_deviation"][-1]
    assert sim.angular_momentum[2] == columns["Lz"][-1]
    assert sim.step() == 0  # finished


def test_step_tau_adds_joint_forces_for_one_step():
    model = vms.load_model(PLANAR_MODEL)
    rest = vms.load_state(PLANAR_REST, model)
    tau = np.array([0.3, -0.2, 0.1, 0.05])
    row = rest.row()
    # The same forces held from the STATE's tau (vms run's constant tau) over the first step.
    pushed = vms.Simulator(model, rest)
    pushed.step(tau)
    held = vms.Simulator(model, state_with_tau(model, rest, tau))
    held.step()
    np.testing.assert_array_equal(pushed.state.row(), held.state.row())
    np.testing.assert_array_equal(pushed.joint_torque, tau)
    np.testing.assert_array_equal(pushed.state.tau, tau)
    # Then the push is gone: the joints coast at the rates it gave them.
    pushed.step()
    held.step()
    np.testing.assert_array_equal(pushed.joint_torque, np.zeros(4))
    assert not np.array_equal(pushed.state.row(), held.state.row())
    # One rk4 step from rest under tau: qd ~ qdd dt, qdd from forward_dynamics.
    qdd = vms.forward_dynamics(model, row[None, :], tau[None, :])[0, 6:]
    first = vms.Simulator(model, rest)
    first.step(tau)
    np.testing.assert_allclose(first.state.qd, qdd * 0.01, rtol=1e-3)
    with pytest.raises(ValueError, match="4 entries"):
        first.step([1.0, 2.0])


def state_with_tau(model, state, tau):
    import json
    import tempfile

    content = {"base": {"position": state.position.tolist(),
                        "quaternion_wxyz": state.quaternion_wxyz.tolist(),
                        "linear_velocity_world": state.linear_velocity_world.tolist(),
                        "angular_velocity_world": state.angular_velocity_world.tolist()},
               "q": state.q.tolist(), "qd": state.qd.tolist(), "tau": tau.tolist()}
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(content, f)
    try:
        return vms.load_state(f.name, model)
    finally:
        os.unlink(f.name)


def test_state_rows_round_trip_and_the_controller_sees_the_state():
    model = vms.load_model(os.path.join(MODELS_DIR, "seed004_spatial.vms.json"))
    state = vms.load_state(os.path.join(MODELS_DIR, "state_seed004_spatial_moving.json"), model)
    row = state.row()
    again = vms.State.from_row(row, model)
    # The quaternion is normalised again and the velocities go through the body twist (last
    # bits at most); the position and the joints are copied.
    np.testing.assert_allclose(again.row(), row, rtol=0, atol=1e-15)
    np.testing.assert_array_equal(again.row()[:3], row[:3])
    np.testing.assert_array_equal(again.row()[13:], row[13:])
    np.testing.assert_array_equal(again.q, state.q)
    np.testing.assert_allclose(again.angular_velocity_world, state.angular_velocity_world,
                               rtol=0, atol=1e-15)
    assert again.tau.tolist() == [0.0] * model.njoints
    with pytest.raises(ValueError, match="13 \\+ 2n"):
        vms.State.from_row(row[:-1], model)
    seen = []
    sim = vms.Simulator(model, state,
                        lambda t, s: seen.append((t, s.row())) or np.zeros(model.njoints))
    sim.step()
    assert seen[0][0] == 0.0
    np.testing.assert_array_equal(seen[0][1], row)
    # A state from the simulator belongs to the model it was given.
    vms.inspect(model, sim.state)


def test_controller_errors_propagate():
    model = vms.load_model(PLANAR_MODEL)
    rest = vms.load_state(PLANAR_REST, model)

    def fails(t, state):
        raise KeyError("from the controller")

    sim = vms.Simulator(model, rest, fails)
    with pytest.raises(KeyError, match="from the controller"):
        sim.step()
    with pytest.raises(ValueError, match="must return 4 joint forces"):
        vms.Simulator(model, rest, lambda t, s: [1.0, 2.0]).step()
    with pytest.raises(ValueError, match="not finite"):
        vms.Simulator(model, rest, lambda t, s: np.full(4, np.nan)).step()
    with pytest.raises(TypeError):
        vms.Simulator(model, rest, controller=3)
    with pytest.raises(TypeError):
        vms.Simulator(model)
    with pytest.raises(vms.InputError):
        vms.Simulator({"name": "x"})
    with pytest.raises(ValueError, match="no end"):
        vms.Simulator(model, rest).run()
