"""MuJoCo as the reference engine of comparisons (vms._mujoco, built when CMake found it)."""

import json as _json

try:
    from vms import _mujoco
except ImportError:  # built without MuJoCo (libmujoco-dev not found at configure time)
    _mujoco = None


def has_mujoco():
    """True when this build has MuJoCo (libmujoco-dev was found when it was configured), so
    that :func:`mujoco_forward_dynamics` works."""
    return _mujoco is not None


def mujoco_forward_dynamics(model, X, TAU):
    """MuJoCo's forward dynamics of the batch :func:`forward_dynamics` takes, in its layout:
    ``X`` (N, 13 + 2n) trajectory-CSV state rows, ``TAU`` (N, n) joint forces, returns
    (N, 6 + n): the vehicle's linear and angular acceleration (world frame), then ``qdd``.

    ``model`` is written as MJCF by the writer of the C++ cross-check (principal moments and
    axes of every inertia, contacts and constraints off, the model's gravity, no damping) and
    states and results move between the two conventions as there (docs/mujoco-crosscheck.md);
    a fixed vehicle is welded where each row puts it. Free and fixed vehicles only
    (ValueError otherwise); RuntimeError when this build has no MuJoCo (:func:`has_mujoco`)."""
    import numpy as _np

    if _mujoco is None:
        raise RuntimeError("mujoco_forward_dynamics: this build of vms has no MuJoCo "
                           "(libmujoco-dev was not found when it was configured)")
    text = _json.dumps(model.description())
    return _mujoco.forward_dynamics(text, _np.asarray(X, dtype=float), _np.asarray(TAU, dtype=float))
