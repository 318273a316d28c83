"""vms.sweep(..., shard=(k, n)) against `vms sweep --shard K/N`: each shard the CLI's rows
(bitwise), the shards together the unsharded sweep, and bad shards refused."""

import csv
import os

import numpy as np
import pytest

import vms
from conftest import MODELS_DIR, run_cli

PLANAR = os.path.join(MODELS_DIR, "seed004_planar_one_joint.scenario.json")
PARAMS = ["link:link2.mass=1:3:3", "/duration=2:3:2"]


def cli_sweep(tmp_path, *options):
    out = str(tmp_path / "sweep.csv")
    args = ["sweep", PLANAR, "--out", out, "--metric", "all", *options]
    for p in PARAMS:
        args += ["--param", p]
    status, _, err = run_cli(*args)
    assert status == 0, err
    with open(out) as f:
        rows = list(csv.reader(f))
    values = np.array(rows[1:], dtype=float).reshape(-1, len(rows[0]))
    return {h: values[:, k] for k, h in enumerate(rows[0])}


def test_shards_are_the_cli_shards_and_make_the_whole_sweep(tmp_path):
    whole_cli = cli_sweep(tmp_path)
    grid = {p.split("=")[0]: np.unique(whole_cli[p.split("=")[0]]) for p in PARAMS}
    whole = vms.sweep(PLANAR, grid, metrics="all", jobs=2)
    assert len(whole["index"]) == 6
    for n in (1, 2, 4, 6, 7):
        shards = []
        for k in range(1, n + 1):
            table = vms.sweep(PLANAR, grid, metrics="all", jobs=1, shard=(k, n))
            np.testing.assert_array_equal(table["index"], np.arange(k - 1, 6, n))
            cli = cli_sweep(tmp_path, "--shard", f"{k}/{n}")
            assert list(table) == list(cli)
            for name, values in cli.items():
                np.testing.assert_array_equal(table[name], values, err_msg=f"{name} {k}/{n}")
            shards.append(table)
        merged = {name: np.concatenate([s[name] for s in shards]) for name in whole}
        order = np.argsort(merged["index"])
        for name in whole:
            np.testing.assert_array_equal(merged[name][order], whole[name], err_msg=name)
    np.testing.assert_array_equal(whole["grid_points"], 6)


def test_bad_shards():
    for shard in [(0, 3), (4, 3), (1, 0)]:
        with pytest.raises(ValueError, match=r"shard: expected \(k, n\) with 1 <= k <= n"):
            vms.sweep(PLANAR, {"/duration": [1]}, shard=shard)
