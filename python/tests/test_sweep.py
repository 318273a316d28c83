"""vms.sweep against `vms sweep`: the same columns and numbers (the grid values taken from the
CLI's CSV), on two scenarios, any jobs, default and named metrics; errors."""

import csv
import json
import os

import numpy as np
import pytest

import vms
from conftest import MODELS_DIR, cli_error_line, run_cli

PLANAR = os.path.join(MODELS_DIR, "seed004_planar_one_joint.scenario.json")
SPATIAL = os.path.join(MODELS_DIR, "seed004_spatial_closed_loop.scenario.json")


def cli_sweep(path, params, tmp_path, *options):
    out = str(tmp_path / "sweep.csv")
    args = ["sweep", path, "--out", out, *options]
    for p in params:
        args += ["--param", p]
    status, _, err = run_cli(*args)
    assert status == 0, err
    with open(out) as f:
        rows = list(csv.reader(f))
    values = np.array(rows[1:], dtype=float)
    return {h: values[:, k] for k, h in enumerate(rows[0])}


def assert_same_table(table, cli):
    assert list(table) == list(cli)
    for name, values in cli.items():
        np.testing.assert_array_equal(table[name], values, err_msg=name)
    assert table["index"].dtype.kind == "i" and table["status"].dtype.kind == "i"


@pytest.mark.parametrize("path,params,options", [
    (PLANAR, ["link:link2.mass=1:3:3", "/duration=2:4:2"], []),
    (PLANAR, ["joint:joint2.origin.x=0.3:0.5:3"], ["--metric", "all", "--jobs", "1"]),
    (SPATIAL, ["/model/links/2/mass=10:90:3"], ["--metric", "angular_momentum_drift,max_vehicle_attitude_deviation"]),
], ids=["planar-two-params", "planar-all-metrics", "spatial-named-metrics"])
def test_sweep_equals_cli(path, params, options, tmp_path):
    cli = cli_sweep(path, params, tmp_path, *options)
    names = [p.split("=")[0] for p in params]
    grid = {name: np.unique(cli[name]) for name in names}  # the CLI's rounded grid values
    metrics = None
    if "--metric" in options:
        text = options[options.index("--metric") + 1]
        metrics = text if text == "all" else text.split(",")
    for jobs in (1, 2):
        table = vms.sweep(path, {n: grid[n] for n in names}, metrics=metrics, jobs=jobs)
        assert_same_table(table, cli)
    assert (table["status"] == 0).all() and (table["grid_points"] == len(table["index"])).all()


def test_sweep_of_a_dict_and_listed_values(tmp_path, monkeypatch):
    with open(PLANAR) as f:
        content = json.load(f)
    content["duration"] = 2.0
    file = tmp_path / "short.scenario.json"
    file.write_text(json.dumps(dict(content, model=os.path.join(MODELS_DIR, content["model"]),
                                    initial_state=os.path.join(MODELS_DIR, content["initial_state"]))))
    masses = [2.0, 0.5, 7.25]  # listed values, in the order given
    monkeypatch.chdir(MODELS_DIR)  # a dict's relative paths are the current folder's
    table = vms.sweep(content, {"link:link3.mass": masses}, metrics="all")
    np.testing.assert_array_equal(table["link:link3.mass"], masses)
    np.testing.assert_array_equal(table["index"], [0, 1, 2])
    for k, mass in enumerate(masses):  # each point: vms sweep of that one value
        cli = cli_sweep(str(file), [f"link:link3.mass={mass}:{mass}:1"], tmp_path, "--metric", "all")
        for name, values in cli.items():
            if name not in ("index", "grid_points"):
                assert table[name][k] == values[0], name


def test_parameter_and_metric_errors(tmp_path):
    for param, py_params in [
        ("link:nolink.mass=1:2:2", {"link:nolink.mass": [1, 2]}),
        ("/model/links/99/mass=1:2:2", {"/model/links/99/mass": [1, 2]}),
        ("/name=1:2:2", {"/name": [1, 2]}),
    ]:
        line = cli_error_line("sweep", PLANAR, "--param", param)
        prefix = "vms sweep: --param " + param.split("=")[0] + ": "
        assert line.startswith(prefix), line
        with pytest.raises(ValueError) as e:
            vms.sweep(PLANAR, py_params)
        assert str(e.value) == "params['" + param.split("=")[0] + "']: " + line[len(prefix):]
    with pytest.raises(ValueError, match="metrics: the scenario has no figure 'speed'"):
        vms.sweep(PLANAR, {"/duration": [1]}, metrics=["speed"])
    with pytest.raises(ValueError, match="params: at least one"):
        vms.sweep(PLANAR, {})
    with pytest.raises(ValueError, match="jobs: expected 1 to 1024"):
        vms.sweep(PLANAR, {"/duration": [1]}, jobs=0)


def test_failing_point_is_the_cli_line():
    line = cli_error_line("sweep", PLANAR, "--param", "link:link2.mass=-1:1:2")
    assert "grid point 0" in line
    with pytest.raises(vms.InputError) as e:
        vms.sweep(PLANAR, {"link:link2.mass": [-1, 1]})
    assert str(e.value) == line
