#!/usr/bin/env python3
"""Time per state of vms.forward_dynamics on a batch against `vms benchmark`'s
forward_dynamics_us, on the same model and in alternating rounds (the VM's speed drifts).

usage: forward_dynamics_batch.py VMS_EXECUTABLE MODEL [--states N] [--rounds R] [--limit X]

Each round runs `vms benchmark MODEL` once (its median over 15 batches of 10000 calls at one
state) and times vms.forward_dynamics on N random states (the median of 15 calls, as robust
to another process taking the CPU for a while). Prints one
JSON object with both medians over the rounds and their ratio; with --limit, exits 1 when the
ratio exceeds it.
"""

import argparse
import json
import statistics
import subprocess
import sys
import time

import numpy as np

import vms


def random_states(model, count, seed=4):
    """`count` rows of the trajectory CSV's state columns, and joint forces."""
    rng = np.random.default_rng(seed)
    n = model.njoints
    X = np.empty((count, 13 + 2 * n))
    X[:, 0:3] = rng.uniform(-1, 1, (count, 3))
    quat = rng.normal(size=(count, 4))
    X[:, 3:7] = quat / np.linalg.norm(quat, axis=1, keepdims=True)
    X[:, 7:13] = rng.uniform(-0.3, 0.3, (count, 6))
    X[:, 13 : 13 + n] = rng.uniform(-np.pi, np.pi, (count, n))
    X[:, 13 + n :] = rng.uniform(-1, 1, (count, n))
    return X, rng.uniform(-1, 1, (count, n))


def batch_us_per_state(model, X, TAU, calls=15):
    times = []
    for _ in range(calls):
        start = time.perf_counter()
        vms.forward_dynamics(model, X, TAU)
        times.append(time.perf_counter() - start)
    return statistics.median(times) / len(X) * 1e6


def cli_us(vms_exe, model_path):
    out = subprocess.run([vms_exe, "benchmark", model_path], check=True, capture_output=True,
                         text=True).stdout
    return json.loads(out)["forward_dynamics_us"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("vms")
    parser.add_argument("model")
    parser.add_argument("--states", type=int, default=20000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--limit", type=float)
    args = parser.parse_args()

    model = vms.load_model(args.model)
    if model.base_type != "free":
        sys.exit("the random states need a free vehicle")
    X, TAU = random_states(model, args.states)
    vms.forward_dynamics(model, X, TAU)  # warm up
    batch, cli = [], []
    for _ in range(args.rounds):
        cli.append(cli_us(args.vms, args.model))
        batch.append(batch_us_per_state(model, X, TAU))
    result = {
        "model": args.model,
        "states": args.states,
        "rounds": args.rounds,
        "batch_us_per_state": statistics.median(batch),
        "cli_forward_dynamics_us": statistics.median(cli),
        "batch_us_per_state_all": batch,
        "cli_forward_dynamics_us_all": cli,
    }
    result["ratio"] = result["batch_us_per_state"] / result["cli_forward_dynamics_us"]
    print(json.dumps(result, indent=2))
    if args.limit is not None and result["ratio"] > args.limit:
        print(f"FAIL: ratio {result['ratio']:.3f} > {args.limit}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
