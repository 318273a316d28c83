"""``vms mount`` and ``vms convert`` from Python: the same core functions write the same files."""

import json as _json
import os as _os

from vms import _core


def _triple(values, name):
    import numpy as _np

    v = _np.asarray(values, dtype=float).ravel()
    if v.shape != (3,):
        raise ValueError(f"mount: {name}: expected three numbers, got {values!r}")
    return v


def mount(vehicle, arm, output=None, *, at=None, xyz=(0.0, 0.0, 0.0), rpy=(0.0, 0.0, 0.0),
          prefix=None, joint=None, base=None, repair_inertia=False):
    """``vms mount VEHICLE ARM OUTPUT``: the arm model's root link attached to a link or frame
    of the vehicle model through a fixed joint, as one model.

    ``vehicle``, ``arm``: model files (``*.urdf``, ``*.vms.json``), each first loaded as a
    model of its own (``base`` and ``repair_inertia`` apply to both, as ``--base`` and
    ``--repair-inertia``). ``at``: the vehicle's link or frame (``--at``; default its root
    link); ``xyz``, ``rpy``: the arm's root frame in it (m; roll, pitch, yaw in rad, ``--xyz``,
    ``--rpy``); ``prefix``: prepended to every name of the arm (``--prefix``); ``joint``: the
    mount joint's name (``--joint``; default ``<arm root>_mount``).

    Writes ``output`` (``.urdf`` or ``.vms.json``) when given, byte for byte the file ``vms
    mount`` writes, with relative mesh paths rebased on its folder (on the current folder
    without ``output``). Returns the mounted model's description (a dict, see
    :func:`load_description`; :func:`compile_model` compiles it). Raises :class:`InputError`
    with ``vms mount``'s line."""
    out = None if output is None else _os.fspath(output)
    text = _core.mount(_os.fspath(vehicle), _os.fspath(arm), out, at or "",
                         _triple(xyz, "xyz"), _triple(rpy, "rpy"), prefix or "", joint or "",
                         base, bool(repair_inertia))
    return _json.loads(text)


def convert(model, output, *, base=None, repair_inertia=False, copy_meshes=False, mesh_dir=None):
    """``vms convert MODEL OUTPUT``: writes the model file ``model`` as ``output`` in the
    format its extension names (``.urdf`` or ``.vms.json``; a DH table is written out as its
    links and joints), byte for byte the file ``vms convert`` writes. ``base``,
    ``repair_inertia`` as ``--base``, ``--repair-inertia``; ``copy_meshes=True``
    (``--copy-meshes``, output a ``.urdf``) copies the mesh files into ``<output>_meshes/``
    beside it, found also in ``mesh_dir`` (``--mesh-dir``). Returns the description written
    (a dict; mesh paths as in ``model``). Raises :class:`InputError` with ``vms convert``'s
    line, ValueError for option combinations ``vms convert`` refuses."""
    text = _core.convert(_os.fspath(model), _os.fspath(output), base, bool(repair_inertia),
                           bool(copy_meshes), None if mesh_dir is None else _os.fspath(mesh_dir))
    return _json.loads(text)

