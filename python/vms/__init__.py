"""VMS Workbench from Python: vehicle-manipulator dynamics on the workbench's C++ core.

The functions here are the command line's (``vms inspect``, ``vms run``, ``vms sweep``) with
numpy arrays in and out instead of files: the same code computes both, so the results are
equal. Errors in a model, state or scenario raise :class:`InputError` with the line the
command line prints.
"""

from vms._core import InputError, __version__

__all__ = ["InputError", "__version__"]

InputError.__doc__ = """A model, state or scenario file (or dict) that cannot be used.

``str(error)`` is the line ``vms`` prints on stderr for the same input, e.g.
``vms: arm.urdf: joint 'j3': unknown child link 'l4'``. A subclass of ValueError."""
