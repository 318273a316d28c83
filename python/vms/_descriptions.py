"""Model descriptions as dicts: read, edit and compile them as ``vms`` reads model files."""

import json as _json
import os as _os

from vms import _core
from vms._core import Model, State

DESCRIPTION_SOURCE = "<model description>"


def _plain(value):
    """numpy arrays and numbers as JSON's lists and numbers (for edits made with numpy)."""
    if hasattr(value, "tolist"):
        return value.tolist()
    raise TypeError(f"a model description holds numbers, strings, lists and dicts, not "
                    f"{type(value).__name__}")


def _description(text):
    return _json.loads(text)


def load_description(path):
    """The description in a model file (``*.urdf`` or ``*.vms.json``), before compiling, as a
    dict in the ``.vms.json`` schema (docs/model-format.md): ``format``, ``version``,
    ``name``, ``base``, ``gravity``, ``links`` (``name``, ``mass``, ``com``, ``inertia`` as
    ``ixx`` ... ``iyz`` about the centre of mass, shapes), ``joints`` (``name``, ``type``,
    ``parent``, ``child``, ``origin``, ``axis``, ``limits``, ...), ``frames``. A DH table comes out as the links, joints and
    frame it describes. Edit it and compile it with :func:`compile_model`. Raises
    :class:`InputError` (``vms``'s line) for a file that cannot be read; nothing is checked
    beyond the file's own rules (the physics is :func:`compile_model`'s)."""
    return _description(_core.file_description_text(_os.fspath(path)))


def _model_description(self):
    """The description this model was compiled from, as a dict in the ``.vms.json`` schema
    (see :func:`load_description`): what ``vms convert`` writes for it, with the vehicle type it
    was compiled with. A new dict on each call: edit it and :func:`compile_model` it."""
    return _description(_core.model_description_text(self))


def compile_model(description, base=None, repair_inertia=False, source=DESCRIPTION_SOURCE):
    """Compiles a description (a dict in the ``.vms.json`` schema, e.g. from
    :meth:`Model.description` or :func:`load_description`, edited) into a :class:`Model`.

    The dict is read by the same parser and compiler that read a ``.vms.json`` file, so the
    model is the one ``vms`` would load from the dict written to a file, and everything wrong
    raises :class:`InputError` with the line ``vms`` prints for that file, naming ``source``
    instead of the file (``vms: <model description>: link 'link2': mass is negative
    (-1.000000)``). numpy arrays and numbers are accepted in the dict. ``base`` and
    ``repair_inertia`` as for :func:`load_model`. Also ``Model.from_description``."""
    if not isinstance(description, dict):
        raise TypeError("compile_model: description must be a dict in the .vms.json schema "
                        f"(see vms.load_description), got {type(description).__name__}")
    text = _json.dumps(description, default=_plain, allow_nan=True)
    return _core.compile_model_text(text, str(source), base, bool(repair_inertia))


def random_tree(seed, bodies=7, base="free", chain=False, prismatic_fraction=0.25, fixed_links=0):
    """The core's random model (core/model/sample_models.hpp, ``randomTree``: the family the C++
    tests and the MuJoCo cross-check use) as a description dict: ``bodies`` bodies (the
    vehicle included) in a random tree (a serial chain with ``chain=True``), random placements,
    axes, masses and rotated inertias, a ``prismatic_fraction`` of prismatic joints, and
    ``fixed_links`` extra links on fixed joints. The same ``seed`` gives the same model."""
    return _description(_core.random_tree_text(int(seed), int(bodies), str(base), bool(chain),
                                               float(prismatic_fraction), int(fixed_links)))


def random_state(model, seed):
    """The core's random state of ``model`` (``randomState``): pose anywhere, a vehicle twist
    the vehicle type allows, q in [-1.5, 1.5], qd in [-1, 1], mimic joints following their
    leaders; ``tau`` zeros. The same ``seed`` gives the same state. Also ``State.random``."""
    return _core.random_state(model, int(seed))


Model.description = _model_description
Model.from_description = staticmethod(compile_model)
State.random = staticmethod(random_state)
