"""The package itself: its version is vms --version's, every public name is documented."""

import vms
from conftest import run_cli


def test_version_is_the_command_lines():
    status, out, _ = run_cli("--version")
    assert status == 0
    assert out.split()[0] == "vms"
    assert vms.__version__ == out.split()[1]


def test_every_public_name_has_a_docstring():
    assert vms.__doc__ and "__version__" in vms.__doc__
    for name in vms.__all__:
        if name == "__version__":
            continue
        obj = getattr(vms, name)
        assert obj.__doc__ and len(obj.__doc__.strip()) > 40, name
    for cls in (vms.Model, vms.State, vms.Simulator):
        for attr, value in vars(cls).items():
            if attr.startswith("_"):
                continue
            assert value.__doc__ and value.__doc__.strip(), f"{cls.__name__}.{attr}"
