"""The reachable workspace of a frame (core/analysis/reachable_workspace.hpp)."""

from vms import _core


def reachable_workspace(model, state, frame, samples=20000, seed=1, vehicle="locked", voxel=0.0,
                        held_joints=()):
    """The workspace of the origin of ``frame`` (``model.frame_names``) sampled over the joint
    ranges around ``state`` (its vehicle pose; the core's ``sampleReachableWorkspace``, what
    the desktop's 3D view draws as a point cloud).

    Each of ``samples`` configurations draws every joint uniformly in its range (limits, or
    [-pi, pi) for an unlimited revolute joint; mimic joints follow their leaders) from a
    generator seeded with ``seed`` (the same seed, the same cloud). ``vehicle``: ``"locked"``
    (held at the state's pose; the measure uses the fixed-base Jacobian Jm) or ``"free"``
    (a free vehicle floating with zero momentum at the state's attitude: it translates so that
    the system's centre of mass stays where it is, and the measure uses J*). ``held_joints``:
    joints (names or indices) held at the state's values and left out of the measure, e.g.
    reaction wheels. ``voxel``: the voxel edge of the volume (m; 0: 1/40 of the cloud's
    largest extent).

    Returns a dict: ``positions`` (samples x 3, world), ``manipulability`` (the translational
    measure at each sample: the product of the min(3, n) largest singular values of the 3 x n
    block), ``q`` (samples x n, the configurations), ``lo`` and ``hi`` (the bounding box),
    ``voxel``, ``volume`` (occupied voxels x voxel^3, m^3) and ``max_manipulability``. The GIL
    is released while sampling. Raises :class:`InputError` for a prismatic joint without
    limits or ``samples`` < 1, ValueError for an unknown frame, joint or ``vehicle``, and for
    ``"free"`` with a vehicle type other than ``free``."""
    return _core.reachable_workspace(model, state, str(frame), int(samples), int(seed),
                                     str(vehicle), float(voxel), list(held_joints))
