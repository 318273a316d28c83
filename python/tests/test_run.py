"""vms.run against `vms run` on every example scenario: the trajectory CSV's columns and
numbers, summary.json's keys and values (all but the measured wall time), divergence and
errors."""

import csv
import json
import os
import shutil
import warnings

import numpy as np
import pytest

import vms
from conftest import MODELS_DIR, SOURCE_DIR, cli_error_line, example_scenarios, run_cli

MEASURED = {"wall_time_s", "real_time_factor"}


def cli_run(path, out_dir, expect_status=0):
    status, _, err = run_cli("run", path, "--out", out_dir)
    assert status == expect_status, err
    with open(os.path.join(out_dir, "summary.json")) as f:
        summary = json.load(f)
    with open(os.path.join(out_dir, "trajectory.csv")) as f:
        rows = list(csv.reader(f))
    header, values = rows[0], np.array(rows[1:], dtype=float).reshape(len(rows) - 1, len(rows[0]))
    return {h: values[:, k] for k, h in enumerate(header)}, summary, err


def assert_same_run(columns, summary, cli_columns, cli_summary):
    assert list(columns) == list(cli_columns)
    for name, values in cli_columns.items():
        assert columns[name].dtype == np.float64 and columns[name].ndim == 1
        np.testing.assert_array_equal(columns[name], values, err_msg=name)
    assert list(summary) == list(cli_summary)
    for key, value in cli_summary.items():
        if key in MEASURED:
            assert summary[key] >= 0
        elif isinstance(value, str) or isinstance(value, list) or key in ("steps",):
            assert summary[key] == value, key
        else:  # summary.json's numbers are %.17g: they read back to the same doubles
            assert summary[key] == float(value), key


@pytest.mark.parametrize("path", example_scenarios(), ids=os.path.basename)
def test_run_equals_cli_on_every_example(path, tmp_path):
    cli_columns, cli_summary, _ = cli_run(path, str(tmp_path / "out"))
    columns, summary = vms.run(path)
    assert_same_run(columns, summary, cli_columns, cli_summary)
    assert summary["columns"] == list(columns)


def test_run_reports_leaving_the_reaction_null_space(tmp_path):
    """The notice `vms run` prints when the end-effector task leaves the reaction null space is
    summary["reaction_null_space"], at the first time the reactionless_outside column is 1."""
    path = os.path.join(MODELS_DIR, "seed004_spatial_reactionless_limit.scenario.json")
    columns, summary = vms.run(path)
    first = summary["reactionless_first_outside_time"]
    notice = summary["reaction_null_space"]
    assert notice.startswith(f"the end-effector task left the reaction null space at t = {first:.6g} s")
    _, _, err = cli_run(path, str(tmp_path / "out"))
    assert f"vms: note: {notice}\n" in err
    outside = columns["reactionless_outside"] > 0
    assert not outside[columns["t"] < first].any()
    assert columns["t"][np.argmax(outside)] == first  # an output instant here


def test_run_of_a_dict(tmp_path, monkeypatch):
    path = os.path.join(MODELS_DIR, "seed004_planar_closed_loop.scenario.json")
    with open(path) as f:
        content = json.load(f)
    content["duration"] = 3.0
    tmp_path = tmp_path / "models"
    shutil.copytree(MODELS_DIR, tmp_path)  # the model and state files it names
    file = tmp_path / "short.scenario.json"
    file.write_text(json.dumps(content))
    cli_columns, cli_summary, _ = cli_run(str(file), str(tmp_path / "out"))
    monkeypatch.chdir(tmp_path)  # a dict's relative paths are the current folder's
    columns, summary = vms.run(content)
    cli_summary["scenario"] = summary["scenario"]  # a dict has no file name to take it from
    assert_same_run(columns, summary, cli_columns, cli_summary)
    assert columns["t"][-1] == 3.0


def test_diverging_run(tmp_path):
    path = os.path.join(SOURCE_DIR, "tests", "data", "diverging_slider.scenario.json")
    cli_columns, cli_summary, err = cli_run(path, str(tmp_path / "out"), expect_status=3)
    with pytest.warns(RuntimeWarning) as caught:
        columns, summary = vms.run(path)
    assert summary["status"] == "diverged"
    assert_same_run(columns, summary, cli_columns, cli_summary)
    message = err.strip().splitlines()[-1]
    assert message.startswith("vms: simulation diverged at t = ")
    assert str(caught[0].message) == message[len("vms: "):].replace(
        "the CSV holds the rows up to then", "the columns hold the rows up to then")


def test_scenario_errors_are_the_cli_lines(tmp_path):
    good = json.loads(open(os.path.join(MODELS_DIR, "seed004_spatial_one_joint.scenario.json")).read())
    shutil.copy(os.path.join(MODELS_DIR, good["model"]), tmp_path)
    cases = {
        "missing.scenario.json": None,
        "unknown_key.scenario.json": dict(good, speed=1),
        "bad_dt.scenario.json": dict(good, dt=-1),
        "no_model.scenario.json": dict(good, model="nowhere.vms.json"),
        "bad_solver.scenario.json": dict(good, solver="nope"),
    }
    for name, content in cases.items():
        path = tmp_path / name
        if content is not None:
            path.write_text(json.dumps(content))
        line = cli_error_line("run", str(path), "--out", str(tmp_path / "out"))
        with pytest.raises(vms.InputError) as e:
            vms.run(str(path))
        assert str(e.value) == line, name
    with pytest.raises(vms.InputError, match=r"^vms: <scenario dict>: "):
        vms.run(dict(good, speed=1))
