"""vms.solvers() / vms.integrators(): the registries' names, in the command line's order, and
supports(vehicle_type) as the command line decides it (`vms inspect --base TYPE --solver NAME`
runs or refuses with the entry's reason)."""

import json
import os
import re

import numpy as np
import pytest

import vms
from conftest import MODELS_DIR, random_state_dict, run_cli, write_json

URDF = os.path.join(MODELS_DIR, "seed004_spatial.urdf")


def cli_names(option):
    status, _, err = run_cli("benchmark", URDF, "--iterations", "15", option, "no-such-method")
    assert status == 2, err
    return re.search(r"\(available: ([^)]*)\)", err).group(1).split(", ")


def test_names_and_order_are_the_command_lines():
    assert [s.name for s in vms.solvers()] == cli_names("--solver")
    assert [i.name for i in vms.integrators()] == cli_names("--integrator")
    assert vms.solvers()[0].name == "aba" and vms.integrators()[0].name == "rk4"


def test_entries_are_described():
    status, out, _ = run_cli("solvers")
    assert status == 0
    for method in vms.solvers() + vms.integrators():
        assert method.summary and method.description, method.name
        assert method.summary in out, method.name  # vms solvers prints the same line
        assert isinstance(method, vms.Method)
    assert vms.solver("crba").name == "crba" and isinstance(vms.solver("crba"), vms.Solver)
    assert isinstance(vms.integrator("rk45"), vms.Integrator)
    with pytest.raises(KeyError, match="unknown solver 'nope'"):
        vms.solver("nope")
    variants = [v for s in vms.solvers() for v in s.printed_variants]
    assert variants and all(v.name and v.equation and v.explanation for v in variants)


def test_supports_is_what_the_command_line_accepts(tmp_path):
    types = vms.vehicle_types()
    assert types[0] == "free" and "nonholonomic" in types
    for vehicle in types:
        model = vms.load_model(URDF, base=vehicle)
        state_path = write_json(tmp_path / f"{vehicle}.json",
                                random_state_dict(model, np.random.default_rng(1),
                                                  moving_base=False))
        state = vms.load_state(state_path, model)
        for solver in vms.solvers():
            status, out, err = run_cli("inspect", URDF, "--base", vehicle, "--state", state_path,
                                       "--solver", solver.name)
            assert solver.supports(vehicle) == (status == 0), (solver.name, vehicle, err)
            assert (vehicle in solver.vehicle_types) == solver.supports(vehicle)
            if status == 0:
                assert solver.refusal(vehicle) == ""
                assert json.loads(out)["solver"] == vms.inspect(model, state, solver=solver.name)["solver"]
            else:
                assert solver.refusal(vehicle) in err
                with pytest.raises(ValueError):
                    vms.inspect(model, state, solver=solver.name)
        for integrator in vms.integrators():
            status, _, err = run_cli("benchmark", URDF, "--base", vehicle, "--iterations", "15",
                                     "--integrator", integrator.name)
            assert integrator.supports(vehicle) == (status == 0), (integrator.name, vehicle, err)
            if status != 0:
                assert integrator.refusal(vehicle) in err
    with pytest.raises(ValueError, match="unknown vehicle type 'boat'"):
        vms.solvers()[0].supports("boat")
