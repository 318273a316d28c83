#!/usr/bin/env python3
"""Writes the teaching notebooks of docs/notebooks/ (Jupyter .ipynb, without outputs) from the
cells below: edit the cells here, then run

    python3 docs/notebooks/build_notebooks.py

and render them with docs/notebooks/run_notebook.py --render docs/notebooks/rendered.
Each notebook imports `vms` (PYTHONPATH=build/python), numpy and matplotlib (Agg backend,
figures shown as PNG images), and asserts its key figures in its last cells."""

import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))

SETUP = r'''import os
import io

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
from IPython.display import Image, display

import vms

# The repository root (the examples' paths are relative to it).
ROOT = os.environ.get("VMS_SOURCE_DIR") or os.path.abspath(os.path.join(os.getcwd(), "..", ".."))
os.chdir(ROOT)


def show(fig):
    """Shows a matplotlib figure as a PNG (Agg backend) and closes it."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=90, bbox_inches="tight")
    plt.close(fig)
    display(Image(buffer.getvalue()))


def yaw(columns):
    """The vehicle's rotation about z (rad) from the trajectory's quaternion columns, unwrapped."""
    return np.unwrap(2.0 * np.arctan2(columns["base_qz"], columns["base_qw"]))


print("vms", vms.__version__)'''

WHY_IT_TURNS = [
    ("md", r'''# Why the spacecraft turns

A spacecraft carrying an arm floats freely: nothing outside pushes it, so its momentum stays what
it was — here zero. Moving a joint must then move the vehicle the other way, so that the total
momentum stays zero. This notebook shows the surprising consequence: **the joints can go out and
come back, and the vehicle does not come back**.

We use seed 004's planar four-link spacecraft-manipulator (`models/seed004_planar.vms.json`) and
two example scenarios run by the workbench's core (`vms.run`, the same run as `vms run`):

* `seed004_planar_one_joint`: each joint in turn sweeps out and back (one joint at a time);
* `seed004_planar_closed_loop`: joints 1 and 2 go around a square of side 1.5 rad together.'''),
    ("code", SETUP),
    ("code", r'''one_joint, one_joint_summary = vms.run("models/seed004_planar_one_joint.scenario.json")
loop, loop_summary = vms.run("models/seed004_planar_closed_loop.scenario.json")
for name, s in (("one joint at a time", one_joint_summary), ("closed loop", loop_summary)):
    print(f"{name:20s}: largest turn {s['max_vehicle_attitude_deviation']:.4f} rad, "
          f"final turn {s['final_vehicle_attitude_deviation']:.5f} rad, "
          f"angular momentum drift {s['angular_momentum_drift']:.1e}")'''),
    ("code", r'''fig, axes = plt.subplots(2, 2, figsize=(11, 6), sharex="col")
for col, (title, c) in enumerate((("one joint at a time", one_joint), ("closed loop of joints 1-2", loop))):
    for joint in ("joint1", "joint2", "joint3", "joint4"):
        axes[0, col].plot(c["t"], c["q:" + joint], label=joint)
    axes[1, col].plot(c["t"], yaw(c), color="k")
    axes[0, col].set_title(title)
    axes[1, col].set_xlabel("t (s)")
axes[0, 0].set_ylabel("joint angle (rad)")
axes[1, 0].set_ylabel("vehicle yaw (rad)")
axes[0, 0].legend(fontsize=8)
show(fig)'''),
    ("md", r'''Left: while a joint moves, the vehicle turns the other way; when the joint comes back, so
does the vehicle (up to the small tracking errors of the controller). Right: after the square
in the (q1, q2) plane the joints are back at zero, but the vehicle has turned for good.

**Why.** With zero momentum the vehicle's rate is a linear function of the joint rates,
`w = D(q) qd` (`vms.attitude_disturbance`: D is minus the rotational rows of the mechanical
connection). One joint moving back and forth retraces its path, so the integral of `D_k dq_k`
cancels. Two joints moving around a loop do not cancel: by Stokes' theorem the net turn is the
integral over the enclosed area of the **curvature** of the connection,
`F_12 = dD_2/dq_1 - dD_1/dq_2` (planar vehicles have no cross term) — `vms.curvature`.'''),
    ("code", r'''model = vms.load_model("models/seed004_planar.vms.json")
rest = vms.load_state("models/state_seed004_planar_rest.json", model)
print("D at rest (yaw row), rad of vehicle per rad of each joint:",
      np.round(vms.attitude_disturbance(model, rest)[2], 4))
print("F_12 at rest:", vms.curvature(model, rest, "joint1", "joint2")[2], "(the arm stretched out: zero)")

dmap = vms.disturbance_map(model, rest, "joint1", "joint2", grid=41)   # vms dmap's columns
g = 41
q1 = dmap["q_joint1"].reshape(g, g)
q2 = dmap["q_joint2"].reshape(g, g)
F = dmap["curvature_z"].reshape(g, g)
fig, ax = plt.subplots(figsize=(6.5, 5.2))
levels = np.linspace(-np.abs(F).max(), np.abs(F).max(), 25)
im = ax.contourf(q1, q2, F, levels=levels, cmap="RdBu_r")
fig.colorbar(im, label="curvature $F_{12}$ (rad of vehicle turn per rad$^2$)")
ax.plot(loop["q:joint1"], loop["q:joint2"], "k-", lw=2, label="the closed loop's path")
ax.set_xlabel("q1 (rad)")
ax.set_ylabel("q2 (rad)")
ax.set_title("Curvature of the connection, joints 1 and 2 (others at 0)")
ax.legend(loc="lower left")
show(fig)'''),
    ("md", r'''**Stokes, checked.** Integrate the curvature over the square the joints went around and compare
with the turn the simulation ended with. (The loop is counter-clockwise in the (q1, q2) plane:
joint 1 moves first.)'''),
    ("code", r'''def curvature_at(a, b):
    row = np.concatenate([[0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0], [a, b, 0, 0], [0, 0, 0, 0]])
    return vms.curvature(model, vms.State.from_row(row, model), 0, 1)[2]

side = np.linspace(0.0, 1.5, 61)
F_square = np.array([[curvature_at(a, b) for b in side] for a in side])
# Simpson's rule in both directions (61 points: 60 intervals).
weights = np.ones(61)
weights[1:-1:2], weights[2:-1:2] = 4, 2
weights *= (side[1] - side[0]) / 3
predicted = weights @ F_square @ weights
final_yaw = yaw(loop)[-1]
print(f"area integral of F over the square: {predicted:.6f} rad")
print(f"vehicle yaw at the end of the run:  {final_yaw:.6f} rad")'''),
    ("code", r'''# Key figures (the notebook fails if they change).
assert abs(final_yaw - (-0.0426004)) < 1e-6
assert abs(predicted - final_yaw) < 1e-6
assert abs(loop_summary["final_vehicle_attitude_deviation"] - abs(final_yaw)) < 1e-9
assert one_joint_summary["max_vehicle_attitude_deviation"] > 0.9
assert one_joint_summary["final_vehicle_attitude_deviation"] < 0.01
assert loop_summary["angular_momentum_drift"] < 1e-10'''),
    ("md", r'''The vehicle turned by the area integral of the curvature, to the controller's tracking
error. This is why a free-floating robot can reorient itself with its arm alone (small loops
repeated: `vms plan attitude`), and why a one-joint-at-a-time motion never can.'''),
]

FORMULATIONS = [
    ("md", r'''# The formulations side by side

The workbench implements the forward dynamics of a vehicle-manipulator system by every
formulation of its seed papers — the articulated-body algorithm, the mass matrix, quasi-Lagrange
equations, Lagrange–Poincaré reduction, the generalized Jacobian (Yoshida & Umetani's H*), the
decoupled natural orthogonal complement, barycentric vectors and base-invariant recursions.
Correctly implemented, they must all give the same accelerations. The papers, as printed, do
not always: the **errata registry** keeps each printed equation as a runnable variant
(`solver="<solver>/<variant>"`).'''),
    ("code", SETUP),
    ("code", r'''model = vms.load_model("models/seed004_spatial.vms.json")
state = vms.load_state("models/state_seed004_spatial_moving.json", model)
reference = vms.inspect(model, state)          # aba, the default
print(f"{'solver':22s} {'max |qdd - qdd_aba|':>20s}  summary")
differences = {}
for s in vms.solvers():
    if not s.supports(model.base_type):
        print(f"{s.name:22s} {'(not for ' + model.base_type + ')':>20s}")
        continue
    r = vms.inspect(model, state, solver=s.name)
    differences[s.name] = np.abs(r["qdd"] - reference["qdd"]).max()
    print(f"{s.name:22s} {differences[s.name]:20.2e}  {s.summary}")'''),
    ("md", r'''They agree to rounding (1e-11 or better). The generalized-Jacobian formulation also gives the
generalized inertia H* (the arm's inertia as felt with the vehicle floating) — `inspect`'s
`Hstar`, next to the fixed-base `Hmm`:'''),
    ("code", r'''np.set_printoptions(precision=4, suppress=True)
print("Hmm (vehicle held):\n", reference["Hmm"][:3, :3])
print("H* (vehicle floating):\n", reference["Hstar"][:3, :3])
print("H* is smaller: the vehicle gives way. Eigenvalues:",
      np.linalg.eigvalsh(reference["Hstar"]).round(4), "vs", np.linalg.eigvalsh(reference["Hmm"]).round(4))'''),
    ("md", r'''## The printed equations

Each printed variant evaluates one equation exactly as the paper prints it.'''),
    ("code", r'''printed = {}
for s in vms.solvers():
    for p in s.printed_variants:
        name = f"{s.name}/{p.name}"
        try:
            r = vms.inspect(model, state, solver=name)
        except ValueError as e:        # some printed forms are defined for other vehicles only
            print(f"{name:45s} not defined here: {str(e).split(': ')[-1][:60]}")
            continue
        printed[name] = np.abs(r["qdd"] - reference["qdd"]).max() / max(1.0, np.abs(reference["qdd"]).max())
        print(f"{name:45s} {printed[name]:9.2e}   ({p.equation})")

names = sorted(printed, key=printed.get)
fig, ax = plt.subplots(figsize=(8, 5))
ax.barh(names, [max(printed[n], 1e-16) for n in names], color="tab:red")
ax.set_xscale("log")
ax.axvline(1e-12, color="k", ls="--", lw=1)
ax.set_xlabel("relative acceleration error against aba (this state)")
ax.set_title("Printed equations of the seed papers, evaluated as printed")
show(fig)'''),
    ("md", r'''Some printed forms are harmless at this state (their error shows only in the matrices, or
for other vehicles). Others are not. Take seed 004's equation for the arm's reduced dynamics:'''),
    ("code", r'''variant = vms.solver("generalized-jacobian").printed_variants[0]
print(variant.name, "-", variant.equation)
print(variant.explanation)'''),
    ("md", r'''Momentum checks cannot see it. The accelerations along a whole run can: take every state of the
spatial closed-loop example and compare the printed form's accelerations with aba's
(`vms.forward_dynamics`, one call for the whole batch).'''),
    ("code", r'''columns, summary = vms.run("models/seed004_spatial_closed_loop.scenario.json")
state_columns = ["base_px", "base_py", "base_pz", "base_qw", "base_qx", "base_qy", "base_qz",
                 "base_vx", "base_vy", "base_vz", "base_wx", "base_wy", "base_wz"]
state_columns += [f"q:{j}" for j in model.joint_names] + [f"qd:{j}" for j in model.joint_names]
X = np.column_stack([columns[c] for c in state_columns])
TAU = np.column_stack([columns[f"tau:{j}"] for j in model.joint_names])
good = vms.forward_dynamics(model, X, TAU)
bad = vms.forward_dynamics(model, X, TAU, solver="generalized-jacobian/" + variant.name)
corrected = vms.forward_dynamics(model, X, TAU, solver="generalized-jacobian")
err_bad = np.abs(bad[:, 6:] - good[:, 6:]).max(axis=1)
err_corrected = np.abs(corrected[:, 6:] - good[:, 6:]).max(axis=1)
fig, ax = plt.subplots(figsize=(9, 4))
ax.semilogy(columns["t"], np.maximum(err_bad, 1e-17), label="printed " + variant.equation)
ax.semilogy(columns["t"], np.maximum(err_corrected, 1e-17), label="corrected (generalized-jacobian)")
ax.set_xlabel("t (s)")
ax.set_ylabel("max |qdd - qdd_aba| (rad/s$^2$)")
ax.legend()
show(fig)
print(f"{len(X)} states: printed form off by up to {err_bad.max():.3g} rad/s^2, "
      f"corrected form by up to {err_corrected.max():.1e}")'''),
    ("code", r'''# Key figures (the notebook fails if they change).
assert all(d < 1e-10 for d in differences.values()), differences
assert len(differences) == 9
assert printed["generalized-jacobian/printed-hstar-dot"] > 1e-3
assert printed["base-invariant/printed-dual-innovation"] > 1.0
assert err_corrected.max() < 1e-10
assert err_bad.max() > 1e-2'''),
]

DESIGN_STUDY = [
    ("md", r'''# A design study: link length and payload mass against attitude disturbance

How much does the vehicle turn during a manoeuvre, as a function of the arm's design? `vms.sweep`
runs a scenario over a grid of parameters (the same runs as `vms sweep`, on every core, the GIL
released) and returns the table as numpy arrays.

The manoeuvre is seed 004's planar closed loop (joints 1 and 2 around a square, 45 s). The
parameters: the length of link 1 (`joint:joint2.origin.x`, where joint 2 sits on link 1) and
the mass of the last link, standing for a payload (`link:link4.mass`). The scenario's
`analysis` key adds the end effector's manipulability at every step (fixed base and floating),
so the sweep also reports what each design keeps of the arm's dexterity.'''),
    ("code", SETUP),
    ("code", r'''import json

with open("models/seed004_planar_closed_loop.scenario.json") as f:
    scenario = json.load(f)
# As a dict, relative paths are taken from the current folder (the repository root here).
scenario["model"] = "models/" + scenario["model"]
scenario["initial_state"] = "models/" + scenario["initial_state"]
scenario["analysis"] = {"end_effector": "end_effector"}
lengths = np.linspace(0.2, 0.6, 5)
masses = np.linspace(0.5, 4.0, 8)
table = vms.sweep(scenario, {"joint:joint2.origin.x": lengths, "link:link4.mass": masses},
                  metrics=["max_vehicle_attitude_deviation", "final_vehicle_attitude_deviation",
                           "manipulability_fixed_max", "manipulability_floating_max"])
print(list(table))
print(len(table["index"]), "runs, status:", set(table["status"].tolist()))
shape = (len(lengths), len(masses))
peak = table["max_vehicle_attitude_deviation"].reshape(shape)
final = table["final_vehicle_attitude_deviation"].reshape(shape)
w_fixed = table["manipulability_fixed_max"].reshape(shape)
w_floating = table["manipulability_floating_max"].reshape(shape)'''),
    ("code", r'''fig, axes = plt.subplots(1, 2, figsize=(12, 4.5))
for k, length in enumerate(lengths):
    axes[0].plot(masses, peak[k], "o-", label=f"link 1: {length:.1f} m")
    axes[1].plot(masses, final[k], "o-", label=f"link 1: {length:.1f} m")
axes[0].set_title("largest vehicle turn during the loop")
axes[1].set_title("vehicle turn left after the loop")
for ax in axes:
    ax.set_xlabel("payload (link 4) mass (kg)")
    ax.set_ylabel("rad")
axes[0].legend(fontsize=8)
show(fig)

fig, axes = plt.subplots(1, 2, figsize=(12, 4.5))
for ax, values, label in ((axes[0], peak, "largest vehicle turn (rad)"),
                          (axes[1], w_floating / w_fixed,
                           "floating / fixed-base manipulability (best of the loop)")):
    im = ax.pcolormesh(masses, lengths, values, shading="nearest", cmap="viridis")
    fig.colorbar(im, ax=ax, label=label)
    ax.set_xlabel("payload (link 4) mass (kg)")
    ax.set_ylabel("link 1 length (m)")
show(fig)'''),
    ("md", r'''A heavier payload turns the vehicle more during the manoeuvre; a longer first link turns it
less (the same joint angles then move the payload around a point farther from the vehicle). The
net turn after the loop — the curvature integral of the previous notebook — follows another
pattern. The fixed-base manipulability depends on the link lengths only (and grows with link
1). Floating, the arm keeps only a share of it, because the vehicle gives way: a smaller share
the heavier the payload and the longer the link (right). The floating manipulability itself
still grows with the link length — here the longer link wins on both counts, less disturbance
and more dexterity, at the price of a vehicle that reacts more to what the arm does.

What floating costs in dexterity: the end effector's Jacobian with the vehicle held (Jm) and
floating (the generalized Jacobian J*, `vms.generalized_jacobian`), for its planar motion
(x, y) at the loop's corner; Yoshikawa's manipulability is the product of the singular values
(`vms.manipulability` computes it for the spatial row blocks).'''),
    ("code", r'''model = vms.load_model("models/seed004_planar.vms.json")
corner = vms.State.from_row(np.concatenate([[0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0],
                                            [1.5, 1.5, 0, 0], [0, 0, 0, 0]]), model)
gj = vms.generalized_jacobian(model, corner, "end_effector")
w_planar = {}
for name in ("Jm", "Jstar"):
    sigma = np.linalg.svd(gj[name][:2], compute_uv=False)     # rows v_x, v_y
    w_planar[name] = sigma.prod()
    print(f"{name:6s} singular values {np.round(sigma, 4)}, manipulability w = {w_planar[name]:.4f}")
print(f"floating keeps {w_planar['Jstar'] / w_planar['Jm']:.0%} of the fixed-base manipulability here")'''),
    ("md", "The sweep's runs are `vms run`'s: the scenario's own design point (0.4 m, 2 kg) gives its own summary."),
    ("code", r'''_, own = vms.run(scenario)
default = np.flatnonzero((np.isclose(table["joint:joint2.origin.x"], 0.4)) &
                         (np.isclose(table["link:link4.mass"], 2.0)))
print("design point 0.4 m, 2 kg:", table["final_vehicle_attitude_deviation"][default],
      "vms.run:", own["final_vehicle_attitude_deviation"])'''),
    ("code", r'''# Key figures (the notebook fails if they change).
assert table["status"].tolist() == [0] * 40
assert np.all(np.diff(peak, axis=1) > 0)        # heavier payload: larger turn
assert np.all(np.diff(peak, axis=0) < 0)        # longer link 1: smaller turn
assert abs(peak[0, 0] - 2.47147) < 1e-4 and abs(peak[-1, -1] - 2.33793) < 1e-4
assert len(default) == 1
assert w_planar["Jstar"] < w_planar["Jm"]
assert np.all(np.abs(w_fixed - w_fixed[:, :1]) < 1e-6 * w_fixed[:, :1])   # mass-independent
assert np.all(np.diff(w_floating, axis=1) < 0) and np.all(np.diff(w_floating, axis=0) > 0)
assert np.all(np.diff(w_floating / w_fixed, axis=0) < 0)
assert abs(w_floating[0, 0] - 0.054474) < 1e-5 and abs(w_fixed[-1, 0] - 0.895754) < 1e-5
assert table["final_vehicle_attitude_deviation"][default[0]] == own["final_vehicle_attitude_deviation"]'''),
]

CONTROLLER = [
    ("md", r'''# Writing a controller in Python

`vms.Simulator` steps a scenario (or a model and a state) on the workbench's core run loop and
calls a Python function as a controller: `f(t, state) -> joint torques`, at the scenario's
control period, its output held in between (zero-order hold) — exactly where the built-in C++
controllers run. `state` has the vehicle pose and velocities and the joints' `q` and `qd`.

## 1. A PD controller, checked against the built-in one'''),
    ("code", SETUP),
    ("code", r'''model = vms.load_model("models/seed004_planar.vms.json")
rest = vms.load_state("models/state_seed004_planar_rest.json", model)
kp = np.array([1.0, 1.0, 0.5, 0.5])
kd = np.array([1.0, 0.8, 0.4, 0.2])
target = np.array([0.8, -0.4, 0.3, 0.2])
start, duration = 0.5, 2.0


def quintic(t, q0):
    """Rest-to-rest reference from q0 to target (the C++ 'quintic' trajectory)."""
    x = min(max((t - start) / duration, 0.0), 1.0)
    s = x**3 * (10 - 15 * x + 6 * x * x)
    ds = 30 * x * x * (1 - x) ** 2
    return q0 + s * (target - q0), ds / duration * (target - q0)


def pd(t, state):
    q_ref, qd_ref = quintic(t, rest.q)
    return kp * (q_ref - state.q) + kd * (qd_ref - state.qd)


scenario = {"name": "pd", "model": "models/seed004_planar.vms.json",
            "initial_state": "models/state_seed004_planar_rest.json", "mode": "floating",
            "controllers": [], "duration": 6.0, "dt": 0.01, "control_period": 0.02, "output_every": 1}
sim = vms.Simulator(scenario, controller=pd)
t, q, turn = [sim.time], [sim.state.q], [0.0]
while not sim.finished:
    sim.step()
    t.append(sim.time); q.append(sim.state.q); turn.append(sim.vehicle_attitude_deviation)
q = np.array(q)

# The same with the built-in joint_pd controller, in C++:
builtin = dict(scenario, controllers=[{
    "type": "joint_pd", "compensation": "none", "gains": {"kp": kp.tolist(), "kd": kd.tolist()},
    "trajectory": {"type": "quintic", "target": target.tolist(), "duration": duration, "start": start}}])
columns, _ = vms.run(builtin)
q_cpp = np.column_stack([columns[f"q:{j}"] for j in model.joint_names])
pd_difference = np.abs(q - q_cpp).max()
print(f"Python PD against C++ joint_pd: largest joint difference {pd_difference:.1e} rad")
print(f"momentum at the end: P = {sim.linear_momentum}, L = {sim.angular_momentum}")'''),
    ("code", r'''fig, axes = plt.subplots(1, 2, figsize=(12, 4))
for k, joint in enumerate(model.joint_names):
    axes[0].plot(t, q[:, k], label=joint)
    axes[0].plot(columns["t"], q_cpp[:, k], "k:", lw=1)
axes[0].set_title("joints: Python PD (lines), C++ joint_pd (dotted)")
axes[0].set_xlabel("t (s)"); axes[0].set_ylabel("rad"); axes[0].legend(fontsize=8)
axes[1].plot(t, turn, color="k")
axes[1].set_title("vehicle turn")
axes[1].set_xlabel("t (s)"); axes[1].set_ylabel("rad")
show(fig)'''),
    ("md", r'''## 2. A controller the workbench does not have: moving without turning the vehicle

With zero momentum the vehicle turns at `w = D(q) qd` (`vms.attitude_disturbance`). Joint rates
in the null space of D leave it alone (Nenchev and Yoshida's reaction null space). The planar arm
has four joints and one vehicle rotation, so three directions of joint motion are reactionless.
The controller below asks for rates toward the target, projects them onto the null space of D,
and makes the joints follow them. It is plain Python, called 100 times a second.'''),
    ("code", r'''def run(controller, seconds=20.0):
    sim = vms.Simulator(model, rest, controller, duration=seconds)
    turns = [0.0]
    while not sim.finished:
        sim.step()
        turns.append(sim.vehicle_attitude_deviation)
    return sim, np.array(turns)


def plain(t, state):
    return 1.0 * (target - state.q) - 1.0 * state.qd


def reactionless(t, state):
    D = vms.attitude_disturbance(model, state)[2:3]        # the yaw row (planar vehicle)
    N = np.eye(model.njoints) - np.linalg.pinv(D) @ D     # projector onto null(D)
    qd_wanted = N @ (0.5 * (target - state.q))
    return 2.0 * (qd_wanted - state.qd)


plain_sim, plain_turn = run(plain)
null_sim, null_turn = run(reactionless)
times = np.arange(len(plain_turn)) * 0.01
fig, ax = plt.subplots(figsize=(8, 4))
ax.plot(times, plain_turn, label="PD to the target")
ax.plot(times, null_turn, label="reaction null space")
ax.set_xlabel("t (s)"); ax.set_ylabel("vehicle turn (rad)"); ax.legend()
show(fig)
for name, s, turns in (("PD", plain_sim, plain_turn), ("null space", null_sim, null_turn)):
    print(f"{name:10s}: joints end at {np.round(s.state.q, 3)}, largest vehicle turn {turns.max():.4f} rad")'''),
    ("md", r'''The price: the reactionless motion cannot reach every joint target (one direction is
forbidden), so its joints settle elsewhere — where a reactionless path toward the target ends.
Reaching a joint target *and* leaving the vehicle unturned takes loops (the first notebook),
or a task with fewer dimensions (the built-in `reaction_null_space` controller tracks an
end-effector position).'''),
    ("code", r'''# Key figures (the notebook fails if they change).
assert pd_difference < 1e-12
assert np.abs(sim.linear_momentum).max() < 1e-9 and np.abs(sim.angular_momentum).max() < 1e-9
assert abs(plain_turn.max() - 0.60137) < 1e-4
assert np.abs(plain_sim.state.q - target).max() < 1e-3
assert null_turn.max() < 0.05 * plain_turn.max()'''),
]

NOTEBOOKS = {
    "why_the_spacecraft_turns": WHY_IT_TURNS,
    "formulations_side_by_side": FORMULATIONS,
    "design_study": DESIGN_STUDY,
    "controller_in_python": CONTROLLER,
}


def cell(kind, text):
    lines = text.split("\n")
    source = [line + "\n" for line in lines[:-1]] + [lines[-1]]
    if kind == "md":
        return {"cell_type": "markdown", "metadata": {}, "source": source}
    return {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
            "source": source}


def notebook(cells):
    return {
        "cells": [cell(kind, text) for kind, text in cells],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def main():
    for number, (name, cells) in enumerate(NOTEBOOKS.items(), start=1):
        path = os.path.join(HERE, f"{number}_{name}.ipynb")
        nb = notebook(cells)
        for k, c in enumerate(nb["cells"]):
            c["id"] = f"{name[:20]}-{k}"
        with open(path, "w") as f:
            json.dump(nb, f, indent=1)
            f.write("\n")
        print("wrote", os.path.relpath(path))


if __name__ == "__main__":
    main()
