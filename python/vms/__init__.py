"""VMS Workbench from Python: vehicle-manipulator dynamics on the workbench's C++ core.

The functions here are the command line's (``vms inspect``, ``vms run``, ``vms sweep``) with
numpy arrays in and out instead of files: the same core code computes both, so the results are
equal. A model, state or scenario that cannot be used raises :class:`InputError` whose message
is the line ``vms`` prints for it; what ``vms`` prints as a warning is a :class:`InputWarning`.

``__version__`` is the version ``vms --version`` prints.

Example::

    import vms
    model = vms.load_model("models/seed004_spatial.vms.json")
    state = vms.load_state("models/state_seed004_spatial_moving.json", model)
    vms.inspect(model, state)["qdd"]
"""

import json as _json
import os as _os

from vms import _core
from vms._core import (
    InputError,
    InputWarning,
    Integrator,
    Method,
    Model,
    PrintedVariant,
    Solver,
    State,
    __version__,
)

__all__ = [
    "InputError",
    "InputWarning",
    "Integrator",
    "Method",
    "Model",
    "PrintedVariant",
    "Solver",
    "State",
    "Simulator",
    "__version__",
    "attitude_disturbance",
    "compile_model",
    "convert",
    "curvature",
    "derivatives",
    "disturbance_map",
    "forward_dynamics",
    "has_mujoco",
    "generalized_jacobian",
    "inspect",
    "integrator",
    "integrators",
    "linearize",
    "load_description",
    "load_model",
    "load_state",
    "manipulability",
    "mechanical_connection",
    "momentum_partition",
    "mount",
    "mujoco_forward_dynamics",
    "operational_space_inertia",
    "random_state",
    "random_tree",
    "reachable_workspace",
    "run",
    "solver",
    "solvers",
    "sweep",
    "vehicle_types",
]

InputError.__doc__ = """A model, state or scenario (file or dict) that cannot be used.

``str(error)`` is the line ``vms`` prints on stderr for the same input, e.g.
``vms: arm.urdf: joint 'j3': unknown child link 'l4'``. A subclass of ValueError."""

InputWarning.__doc__ = """Something in a model or state file that was accepted with a change
or an assumption (a quaternion normalised, a revolute joint without limits, an inertia
repaired); the message is what ``vms`` prints after ``vms: warning:``."""

Model.__doc__ = """A compiled model, read-only; made by :func:`load_model` or
:func:`compile_model` (also ``Model.from_description(description)``).

Attributes: ``name``, ``base_type`` (vehicle type: ``free``, ``planar``, ...), ``njoints``
(moving joints, n), ``dof`` (vehicle degrees of freedom + n), ``nbodies``, ``joint_names`` (the
joint order of every array), ``body_names``, ``frame_names`` (every link and named frame, for
the analysis functions' ``frame``), ``total_mass`` (kg), ``gravity`` (world, m/s^2).
``description()`` is the description it was compiled from, a dict to edit and compile again."""

State.__doc__ = """A state of one model, with its joint forces; made by :func:`load_state`.

Attributes (numpy arrays): ``position`` and ``quaternion_wxyz`` (pose of the vehicle frame in
the world), ``linear_velocity_world`` (velocity of the vehicle frame's origin) and
``angular_velocity_world``, ``q``, ``qd`` and ``tau`` (joint order). ``row()`` is the state
as one row of the trajectory CSV's state columns (13 + 2n numbers), the layout
:func:`forward_dynamics` takes; ``State.from_row(row, model)`` makes a state from such a row."""


def _state_from_row(row, model):
    """The state of ``model`` whose trajectory-CSV row (13 + 2n numbers: ``base_px`` ...
    ``base_qz``, ``base_vx`` ... ``base_wz`` in the world frame, ``q``, ``qd``) is ``row``, as
    :func:`forward_dynamics` reads rows: the quaternion normalised, mimic joints set from their
    leaders; ``tau`` zeros. ``State.from_row(s.row(), model)`` is ``s``. ValueError for a row of
    the wrong size, not finite, or with vehicle velocities the vehicle type cannot have."""
    return _core.state_from_row(row, model)


State.from_row = staticmethod(_state_from_row)

from vms._descriptions import compile_model, load_description, random_state, random_tree  # noqa: E402
from vms._model_files import convert, mount  # noqa: E402
from vms._mujoco_reference import has_mujoco, mujoco_forward_dynamics  # noqa: E402
from vms._workspace import reachable_workspace  # noqa: E402


def load_model(path, base=None, repair_inertia=False):
    """Reads a model file (``*.urdf`` or ``*.vms.json``) as ``vms`` reads MODEL arguments.

    ``base``: the vehicle type (``"free"``, ``"planar"``, ``"ball"``, ...; ``vms --base``);
    URDF files default to ``"free"``, ``.vms.json`` files carry their own.
    ``repair_inertia``: links whose inertia is not physical get the mean of their principal
    moments (``vms --repair-inertia``), with an :class:`InputWarning` each.
    Returns a :class:`Model`. Raises :class:`InputError` (the message is ``vms``'s line) for a
    file that cannot be used, ValueError for an unknown ``base``."""
    return _core.load_model(_os.fspath(path), base, bool(repair_inertia))


def load_state(path, model):
    """Reads a STATE file (JSON: ``base``, ``q``, ``qd``, optional ``tau``) for ``model``.

    Returns a :class:`State`; raises :class:`InputError` as ``vms inspect --state`` reports a
    bad file (sizes, unknown keys, velocities a vehicle type cannot have)."""
    return _core.load_state(_os.fspath(path), model)


def inspect(model, state, solver="aba", root=None):
    """``vms inspect``'s figures for ``state`` (from :func:`load_state` with this ``model``).

    Returns a dict with exactly the keys of ``vms inspect``'s JSON, in its order:
    ``joint_names`` (list of str), ``qdd`` (n), ``base_linear_acc_world`` (3),
    ``base_angular_acc_world`` (3), ``linear_momentum`` (3), ``angular_momentum_origin`` (3),
    ``kinetic_energy`` (float), ``center_of_mass`` (3), ``Hmm`` (n x n), ``Hstar`` (n x n),
    ``solver`` (str), ``base_type`` (str), ``dof`` (int), ``angular_momentum_com`` (3),
    ``total_mass`` (float), and ``root`` when given. Vectors and matrices are numpy arrays.
    Accelerations are under the state's ``tau`` alone (no damping, no external force).

    ``solver``: a registered solver name (``vms --solver``), or a printed variant
    ``"<solver>/<variant>"`` (``solver(name).printed_variants``, e.g.
    ``"generalized-jacobian/printed-hstar-dot"``: the paper's equation as printed, wrong on
    purpose, as the desktop's errata ghost runs it); ``root``: a link name whose body
    becomes the root of the base-invariant solver (``vms --root``; ``solver`` is then
    ``"aba"`` or ``"base-invariant"``). Raises ValueError for an unknown solver or root, or one
    that does not handle the vehicle type; :class:`InputError` when a result is not finite."""
    return _core.inspect(model, state, solver, root)


def forward_dynamics(model, X, TAU, solver="aba"):
    """Forward dynamics of a batch of N states.

    ``X``: array (N, 13 + 2n), each row a state in the trajectory CSV's column order:
    ``base_px base_py base_pz base_qw base_qx base_qy base_qz base_vx base_vy base_vz base_wx
    base_wy base_wz`` (velocities in the world frame, as in STATE files), ``q`` (n), ``qd`` (n).
    ``TAU``: array (N, n) of joint forces. ``solver`` as for :func:`inspect` (printed variants
included). Returns an array (N, 6 + n): the vehicle's linear and
    angular acceleration in the world frame (d/dt of ``base_v*`` and ``base_w*``), then ``qdd``;
    equal to :func:`inspect`'s ``base_linear_acc_world``, ``base_angular_acc_world`` and ``qdd``
    for each state. Quaternions are normalised; mimic joints follow their leaders; a row that is
    not finite gives a row of NaN.

    The loop runs in C++ with the GIL released (threads run batches in parallel), without
    allocating per state; C-contiguous float64 arrays are read without a copy. Raises
    ValueError for wrong shapes, an unknown solver, or a row whose vehicle velocity has
    components the vehicle type cannot have."""
    return _core.forward_dynamics(model, X, TAU, solver)


def derivatives(model, state=None, tau=None):
    """``vms derivatives``'s figures: the accelerations at ``state`` (a :class:`State` of
    ``model``; None: the neutral state, identity pose at rest with q = 0) and their analytic
    partial derivatives (core/algorithms/aba_derivatives.hpp).

    ``tau``: joint forces (n numbers, ``model.joint_names`` order); None: the state's ``tau``
    (zeros for the neutral state). The model's gravity acts, joint damping does not (as
    :func:`inspect`). Returns a dict with exactly the keys of ``vms derivatives``' JSON, in its
    order: ``joint_names``, ``nv``, ``base_type``, ``vehicle_components`` (names of the
    vehicle's velocity components, ``"vx"`` ... ``"wz"``, body frame), ``configuration_tangent``
    (names of the vehicle's configuration tangent directions: ``vehicle_components`` but for
    the nonholonomic vehicle, whose pose also moves sideways), ``nudot`` (nv), ``ddq_dq``
    (nv x (t + n), t = len(configuration_tangent)), ``ddq_dv`` (nv x nv), ``ddq_dtau`` (nv x n)
    and ``convention``. Rows and the velocity columns follow nu = [vehicle components; qd];
    a configuration column is a vehicle motion g <- g exp(delta e_k) along a tangent direction
    e_k, then the joints' q. Raises ValueError for a model with mimic joints, a state of
    another model or a ``tau`` of the wrong size; :class:`InputError` when a result is not
    finite."""
    import numpy as _np

    if tau is not None:
        tau = _np.asarray(tau, dtype=float).ravel()
    return _core.derivatives(model, state, tau)


def linearize(scenario, at, closed_loop=False, repair_inertia=False):
    """``vms linearize``'s figures: the scenario's equations of motion linearised at the step
    instant of its run nearest ``at`` (s, within [0, duration]).

    ``scenario``: a ``*.scenario.json`` path or a dict (as for :func:`run`). The scenario runs
    on the core's run loop to that instant; there, with x = [delta; dq; dnu] (the vehicle moved
    by g <- g exp(sum_k delta_k e_k) along its tangent directions, the joints, the generalized
    velocity) and u the joint forces added to those acting over the step from t (the
    controllers' commands and the held tau, saturated), d/dt x = A x + B u with the model's
    gravity and joint damping. ``closed_loop``: also K = d(controllers' joint forces)/dx by
    central differences of fresh controllers reset at the instant, and A + B K.

    Returns a dict with exactly the keys of ``vms linearize``'s JSON, in its order: ``t`` (the
    instant used), ``step``, ``state_names``, ``input_names``, ``tangent_dof``,
    ``joint_forces``, ``A``, ``B``, ``eigenvalues`` (rows [re, im], sorted), with
    ``closed_loop`` ``K``, ``A_closed_loop`` and ``closed_loop_eigenvalues``, and
    ``convention``. Raises :class:`InputError` for a scenario that cannot be read or whose
    forces the linearisation does not differentiate (underwater, gravity gradient, thrusters,
    mimic joints), ValueError for an ``at`` outside the run, RuntimeError when the run
    diverges before the instant."""
    if isinstance(scenario, dict):
        return _core.linearize_text(_json.dumps(scenario), "<scenario dict>", "", float(at),
                                    bool(closed_loop), bool(repair_inertia))
    return _core.linearize_file(_os.fspath(scenario), float(at), bool(closed_loop),
                                bool(repair_inertia))


def run(scenario, repair_inertia=False):
    """Runs a scenario as ``vms run`` does and returns ``(columns, summary)``.

    ``scenario``: a ``*.scenario.json`` path, or a dict with a scenario file's content (its
    relative model and state paths are then taken from the current folder). ``repair_inertia``
    as ``vms run --repair-inertia``.

    ``columns``: dict from the trajectory CSV's column names (``t``, ``base_px`` ...,
    ``q:<joint>``, ...) to 1-D numpy arrays, in the CSV's column order, the same numbers as
    ``trajectory.csv``. ``summary``: the ``summary.json`` dict (the same keys and values, except
    the measured ``wall_time_s`` and ``real_time_factor``). The run is the core's run loop, the
    one ``vms run``, ``vms sweep`` and the desktop app step, with the GIL released.

    A run that diverges returns the rows up to the divergence, ``summary["status"] ==
    "diverged"``, and issues a RuntimeWarning with ``vms run``'s message. Raises
    :class:`InputError` (``vms run``'s line) for a scenario that cannot be used; a dict's
    messages name it ``<scenario dict>``."""
    if isinstance(scenario, dict):
        return _core.run_text(_json.dumps(scenario), "<scenario dict>", "", bool(repair_inertia))
    return _core.run_file(_os.fspath(scenario), bool(repair_inertia))


def sweep(scenario, params, metrics=None, jobs=None, repair_inertia=False, shard=None):
    """Runs a design study as ``vms sweep`` does and returns its table as a dict of arrays.

    ``scenario``: a ``*.scenario.json`` path or a dict (as for :func:`run`). ``params``: dict
    from a PATH to its values (any iterable of numbers); PATH is a JSON pointer into the
    scenario with its model inline (``/model/links/2/mass``, ``/duration``) or
    ``link:NAME.FIELD`` / ``joint:NAME.FIELD`` (``link:link2.mass``, ``joint:joint2.origin.x``),
    as ``vms sweep --param``. The grid is every combination, the first parameter varying
    slowest. ``metrics``: summary.json figure names, ``"all"``, or None for ``vms sweep``'s
    default ones the scenario has. ``jobs``: threads (default: one per core).

    Returns the columns of ``vms sweep``'s CSV, in its order: ``index`` (grid point), one
    array per parameter (its values at each point), one per metric, ``status`` (0 ran to the
    end, 3 diverged: its figures cover the run up to then, with a RuntimeWarning) and
    ``grid_points``. Every point is run by the core run loop exactly as ``vms run`` runs the
    patched scenario, with the GIL released.

    ``shard=(k, n)`` (1 <= k <= n, as ``vms sweep --shard K/N``; a Slurm array's task k of n):
    only the grid points whose index modulo n is k - 1, the rows ``vms sweep --shard K/N``
    writes; the n shards' tables concatenated and ordered by ``index`` are the whole sweep's.
    Raises :class:`InputError` (``vms sweep``'s line)
    when the scenario or a grid point cannot be run, ValueError for bad ``params``,
    ``metrics``, ``jobs`` or ``shard``."""
    import numpy as _np

    pairs = [(str(path), [float(v) for v in _np.atleast_1d(_np.asarray(values, dtype=float)).ravel()])
             for path, values in params.items()]
    if isinstance(metrics, str):
        metrics = [metrics]
    elif metrics is not None:
        metrics = [str(m) for m in metrics]
    if shard is not None:
        k, n = shard
        shard = (int(k), int(n))
    if isinstance(scenario, dict):
        return _core.sweep_text(_json.dumps(scenario), "<scenario dict>", "", pairs, metrics, jobs,
                                bool(repair_inertia), shard)
    return _core.sweep_file(_os.fspath(scenario), pairs, metrics, jobs, bool(repair_inertia),
                            shard)


Method.__doc__ = """A solver or integrator as its registry entry describes it (the entry ``vms
solvers``, the desktop app and docs/solvers.md read).

Attributes: ``name`` (for ``solver=``, scenario files), ``summary`` (one line),
``description`` (one paragraph), ``paper`` (paper and equations, '' for textbook methods),
``vehicle_types`` (the types it handles). ``supports(vehicle_type)`` says whether it handles a
vehicle type, ``refusal(vehicle_type)`` why not ('' when it does)."""

Solver.__doc__ = """A forward-dynamics solver's entry (a :class:`Method`); ``printed_variants``
lists its paper's printed errata as :class:`PrintedVariant` objects."""

Integrator.__doc__ = """An integrator's entry (a :class:`Method`)."""

PrintedVariant.__doc__ = """A printed equation of a solver's paper that the notes correct:
``name`` (the variant), ``equation`` (where the paper prints it), ``explanation`` (what is
wrong and why energy or momentum checks miss it), ``documented_error`` (docs/solvers.md's
relative acceleration error against aba; 0 when it shows only in the matrices)."""


def solvers():
    """Every forward-dynamics solver as a :class:`Solver`, the default (``aba``) first."""
    return _core.solvers()


def integrators():
    """Every integrator as an :class:`Integrator`, the default (``rk4``) first."""
    return _core.integrators()


def solver(name):
    """The :class:`Solver` called ``name``; KeyError listing the names for an unknown one."""
    return _core.solver(name)


def integrator(name):
    """The :class:`Integrator` called ``name``; KeyError listing the names for an unknown one."""
    return _core.integrator(name)


def vehicle_types():
    """Every vehicle type name (``free``, ``planar``, ... ``nonholonomic``), for ``base=`` and
    :meth:`Method.supports`."""
    return _core.vehicle_types()


class Simulator:
    """A scenario stepped from Python, on the core's run loop (the one ``vms run`` steps).

    ``Simulator(scenario)``: a ``*.scenario.json`` path or a dict, as :func:`run` takes (its
    controllers, actuators, dt and control period). ``Simulator(model, state)``: a
    :class:`Model` and a :class:`State` of it, floating, no controller but ``controller``,
    ``dt`` (default 0.01 s), ``control_period`` (default ``dt``), ``duration`` (default
    endless), ``solver`` and ``integrator`` by name; the state's ``tau`` acts throughout.

    ``controller``: a Python function ``f(t, state) -> joint forces`` (n numbers, one per
    joint in ``model.joint_names`` order) called at the control period, exactly where the
    scenario's own (C++) controllers run: its forces are added to theirs, saturated to the
    joints' effort limits and held until the next update (zero-order hold). ``state`` is a
    :class:`State` (``tau`` zeros). While stepping, the GIL is released except during the
    call. An exception in ``f`` propagates out of :meth:`step` / :meth:`advance`.

    Attributes: ``state`` (a :class:`State` of ``model``; its ``tau`` the joint forces
    applied over the last step), ``time``, ``step_index``, ``finished``, ``dt``,
    ``control_period``, ``duration``, ``model``, ``joint_torque`` (the forces applied over
    the last step), ``linear_momentum`` and ``angular_momentum`` (system, world frame, about
    the world origin), ``kinetic_energy``, ``actuator_work`` and
    ``vehicle_attitude_deviation`` (rad since t = 0) at the current instant: the numbers of
    ``vms run``'s trajectory columns.
    """

    def __init__(self, scenario, state=None, controller=None, *, dt=0.01, control_period=None,
                 duration=None, solver="aba", integrator="rk4", repair_inertia=False):
        if isinstance(scenario, Model):
            if state is None:
                raise TypeError("Simulator(model, state): a State of the model is required")
            self._sim = _core.Simulator.from_model(
                scenario, state, float(dt), None if control_period is None else float(control_period),
                None if duration is None else float(duration), str(solver), str(integrator),
                controller)
        else:
            if state is not None:
                raise TypeError("Simulator(scenario): the scenario has its own initial state")
            if isinstance(scenario, dict):
                self._sim = _core.Simulator.from_text(_json.dumps(scenario), "<scenario dict>",
                                                      bool(repair_inertia), controller)
            else:
                self._sim = _core.Simulator.from_file(_os.fspath(scenario), bool(repair_inertia),
                                                      controller)

    def step(self, tau=None):
        """Advances one step of ``dt`` (the last one shortened to land on the duration; nothing
        once ``finished``). ``tau`` (n numbers): joint forces added to the held ones over this
        step only (saturated with them). Returns the steps taken (1, or 0 once finished).
        Raises RuntimeError with ``vms run``'s message if the state stops being finite."""
        if tau is not None:
            import numpy as _np

            tau = _np.asarray(tau, dtype=float)
            if tau.shape != (self._sim.model.njoints,):
                raise ValueError(f"step: tau must have {self._sim.model.njoints} entries (one per "
                                 f"joint), got shape {tau.shape}")
        return self._sim.step(tau)

    def advance(self, steps):
        """Advances up to ``steps`` steps (fewer at the end), the GIL released but for the
        controller's calls. Returns the steps taken."""
        return self._sim.advance(int(steps))

    def run(self):
        """Advances to the end of the scenario (ValueError for an endless one)."""
        import math

        if math.isinf(self._sim.duration):
            raise ValueError("run: the simulation has no end (give duration=)")
        taken = 0
        while not self._sim.finished:
            taken += self._sim.advance(1 << 30)
        return taken

    def __repr__(self):
        return (f"<vms.Simulator of '{self._sim.model.name}' at t = {self._sim.time:g} s, "
                f"step {self._sim.step_index}>")


def _simulator_property(name, doc):
    return property(lambda self: getattr(self._sim, name), doc=doc)


for _name, _doc in (
        ("state", "The current :class:`State` (of ``model``; ``tau``: the joint forces applied over "
                  "the last step)."),
        ("time", "The current time, s."),
        ("step_index", "Steps taken since the start."),
        ("finished", "True once the scenario's duration is reached (never for an endless run)."),
        ("dt", "The time step, s."),
        ("control_period", "The period of the controllers (the Python one included), s."),
        ("duration", "The run's length, s (inf: endless)."),
        ("model", "The :class:`Model` stepped (the one given, or the scenario's)."),
        ("joint_torque", "The joint forces applied over the last step (after saturation)."),
        ("linear_momentum", "The system's linear momentum, world frame (the trajectory's Px Py Pz)."),
        ("angular_momentum", "The system's angular momentum about the world origin (Lx Ly Lz)."),
        ("kinetic_energy", "The kinetic energy T, J."),
        ("actuator_work", "The work of the joint forces since t = 0, J."),
        ("vehicle_attitude_deviation", "The vehicle's rotation since t = 0, rad.")):
    setattr(Simulator, _name, _simulator_property(_name, _doc))
del _name, _doc


def generalized_jacobian(model, state, frame):
    """The generalized Jacobian of the origin of ``frame`` (a link or named frame:
    ``model.frame_names``) at ``state`` (core/analysis/generalized_jacobian.hpp).

    Returns a dict of numpy arrays, twists ``[v; w]`` of the frame's origin in the world
    frame: ``J`` (6 x dof: vehicle columns, then joints), ``Jb`` (6 x b, b the vehicle's
    degrees of freedom), ``Jm`` (6 x n, the fixed-base Jacobian), ``Jstar`` (6 x n,
    J* = Jm - Jb A: the frame's twist per joint rate when the vehicle floats with zero
    momentum), ``momentum_map`` (6 x b, Jb Mbb^-1) and ``connection`` (b x n, A)."""
    return _core.generalized_jacobian(model, state, str(frame))


def mechanical_connection(model, state):
    """The mechanical connection A = Mbb^-1 Mbm (b x n) at ``state``'s configuration: with
    zero vehicle momentum the vehicle's generalized velocity is ``-A @ qd``. Empty (0 x n) for a
    fixed vehicle."""
    return _core.mechanical_connection(model, state)


def attitude_disturbance(model, state):
    """D (3 x n, core/analysis/attitude_disturbance.hpp): the vehicle's body-frame angular
    velocity per unit joint rate under zero momentum (w_b = D qd); its rows are minus the
    rotational rows of the connection. Zero for vehicles that do not turn; ValueError for the
    nonholonomic vehicle."""
    return _core.attitude_disturbance(model, state)


def curvature(model, state, i, j):
    """The curvature F_ij (3, vehicle body frame) of the connection for joints ``i`` and ``j``
    (names or indices) at ``state``: a small counter-clockwise loop of area a in the
    (q_i, q_j) plane turns the vehicle by about a F_ij (rad)."""
    return _core.curvature(model, state, i, j)


def disturbance_map(model, state, joint_a, joint_b, grid=41):
    """The disturbance map of two joints (names or indices) as ``vms dmap`` computes it: a
    ``grid`` x ``grid`` lattice over their ranges (limits, or [-pi, pi]), the other joints and
    the vehicle as in ``state``. Returns a dict with exactly the columns of ``vms dmap``'s CSV
    (``q_<a>``, ``q_<b>``, ``sigma_least``, ``sigma_most``, ``least_d<a>``, ``least_d<b>``,
    ``most_d<a>``, ``most_d<b>``, ``curvature_x/_y/_z``, ``curvature_norm``), each an array of
    grid^2 points, ``q_<a>`` varying slowest."""
    return _core.disturbance_map(model, state, joint_a, joint_b, int(grid))


def manipulability(model, state, frame, jacobian="generalized", rows="translational"):
    """Yoshikawa's manipulability and the ellipsoid of ``frame``'s Jacobian at ``state``
    (core/analysis/manipulability.hpp). ``jacobian``: ``"generalized"`` (J*, vehicle floating)
    or ``"fixed"`` (Jm, vehicle held); ``rows``: ``"translational"``, ``"rotational"`` or
    ``"full"``. Returns a dict: ``yoshikawa`` (sqrt det(J J^T)), ``singular_values``
    (descending), ``axes`` (the ellipsoid's principal directions as columns),
    ``max_singular_value``, ``min_singular_value``, ``condition_number`` and ``status``
    (``"ok"`` or why w is 0 for every configuration)."""
    return _core.manipulability(model, state, str(frame), str(jacobian), str(rows))


def operational_space_inertia(model, state, frame, vehicle="free"):
    """Khatib's operational-space inertia of the origin of ``frame`` at ``state``
    (core/analysis/operational_space_inertia.hpp): Lambda = (J M^-1 J^T)^-1 for twists
    ``[v; w]`` and wrenches ``[f; n]`` at the point, world frame. ``vehicle``: ``"free"`` (the
    vehicle reacts: full J and M) or ``"locked"`` (held: Jm and the joints' block of M).

    Returns a dict: ``Lambda`` (6 x 6; the pseudo-inverse where the point cannot move in all
    six directions), ``Lambda_inv`` (the mobility J M^-1 J^T, always finite), ``rank`` (the
    directions it can move in), and ``translational`` / ``rotational`` ellipsoids from the
    mobility's 3 x 3 blocks, each a dict of ``axes`` (eigenvectors as columns), ``mobility``
    (eigenvalues, ascending) and ``effective`` (1 / mobility: the effective mass or moment of
    inertia along each axis, inf where it cannot move)."""
    return _core.operational_space_inertia(model, state, str(frame), str(vehicle))


def momentum_partition(model, state):
    """The state's momenta split between the vehicle and the arm
    (core/analysis/momentum_partition.hpp), world frame: ``linear_vehicle``, ``linear_arm``,
    ``linear_total``; angular momentum about the world origin (``angular_origin_*``) and about
    the system's centre of mass (``angular_com_*``); kinetic energies (``kinetic_vehicle``,
    ``kinetic_arm``, ``kinetic_total``); ``mass`` and ``center_of_mass``. The totals are
    :func:`inspect`'s ``linear_momentum``, ``angular_momentum_origin``, ``kinetic_energy``."""
    return _core.momentum_partition(model, state)
