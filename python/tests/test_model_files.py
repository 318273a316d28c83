"""vms.mount and vms.convert against `vms mount` and `vms convert`: the files written are the
command line's byte for byte (URDF and .vms.json, options, a DH model, a vehicle-type
override), the compiled models equal, and errors are the CLI's lines."""

import os

import numpy as np
import pytest

import vms
from conftest import MODELS_DIR, cli_error_line, run_cli, write_json

SPATIAL = os.path.join(MODELS_DIR, "seed004_spatial.vms.json")
SPATIAL_URDF = os.path.join(MODELS_DIR, "seed004_spatial.urdf")
PLANAR_URDF = os.path.join(MODELS_DIR, "seed004_planar.urdf")
SPART = os.path.join(MODELS_DIR, "spart_tutorial_5dof.vms.json")


def read(path):
    with open(path, "rb") as f:
        return f.read()


def cli_ok(*args):
    status, out, err = run_cli(*args)
    assert status == 0, err
    return out


@pytest.mark.parametrize("source,output,options", [
    (SPATIAL, "spatial.urdf", {}),
    (SPATIAL, "spatial.vms.json", {}),
    (SPATIAL_URDF, "spatial_planar.vms.json", {"base": "planar"}),
    (PLANAR_URDF, "planar.urdf", {}),
    (SPART, "spart.urdf", {}),
], ids=["dh-to-urdf", "dh-to-json", "urdf-base-planar", "urdf-to-urdf", "spart-to-urdf"])
def test_convert_writes_the_cli_file(source, output, options, tmp_path):
    cli_file, py_file = tmp_path / ("cli_" + output), tmp_path / ("py_" + output)
    args = ["convert", source, cli_file] + [a for k, v in options.items() for a in (f"--{k}", v)]
    cli_ok(*args)
    description = vms.convert(source, py_file, **options)
    assert read(py_file) == read(cli_file)
    # The description returned is the one written: compiled, the same model as the file's.
    written = vms.load_model(py_file, base=options.get("base"))
    returned = vms.compile_model(description)
    assert returned.base_type == written.base_type == options.get("base", "free")
    X = np.array([vms.random_state(written, k).row() for k in range(3)])
    TAU = np.ones((3, written.njoints))
    np.testing.assert_allclose(vms.forward_dynamics(returned, X, TAU),
                               vms.forward_dynamics(written, X, TAU), rtol=1e-12, atol=1e-12)


def test_convert_errors(tmp_path):
    line = cli_error_line("convert", SPATIAL, tmp_path / "model.txt")
    with pytest.raises(vms.InputError) as e:
        vms.convert(SPATIAL, tmp_path / "model.txt")
    assert str(e.value) == line
    missing = os.path.join(MODELS_DIR, "no_such_model.urdf")
    line = cli_error_line("convert", missing, tmp_path / "m.vms.json")
    with pytest.raises(vms.InputError) as e:
        vms.convert(missing, tmp_path / "m.vms.json")
    assert str(e.value) == line
    with pytest.raises(ValueError, match="mesh_dir needs copy_meshes"):
        vms.convert(SPATIAL, tmp_path / "m.urdf", mesh_dir=str(tmp_path))
    with pytest.raises(ValueError, match="must end in .urdf"):
        vms.convert(SPATIAL, tmp_path / "m.vms.json", copy_meshes=True)


@pytest.mark.parametrize("output,options,cli_options", [
    ("mounted.vms.json", {"prefix": "arm_"}, ["--prefix", "arm_"]),
    ("mounted.urdf", {"prefix": "a_", "at": "link6", "xyz": (0.1, -0.2, 0.3),
                      "rpy": (0.3, -0.2, 1.1), "joint": "tool_mount"},
     ["--prefix", "a_", "--at", "link6", "--xyz", "0.1,-0.2,0.3", "--rpy", "0.3,-0.2,1.1",
      "--joint", "tool_mount"]),
    ("sub/mounted.vms.json", {"prefix": "p_", "at": "end_effector", "base": "free"},
     ["--prefix", "p_", "--at", "end_effector", "--base", "free"]),
], ids=["prefix", "placed-urdf", "frame-in-subfolder"])
def test_mount_writes_the_cli_file(output, options, cli_options, tmp_path):
    cli_file, py_file = tmp_path / "cli" / output, tmp_path / "py" / output
    os.makedirs(cli_file.parent, exist_ok=True)
    os.makedirs(py_file.parent, exist_ok=True)
    cli_ok("mount", SPATIAL, PLANAR_URDF, cli_file, *cli_options)
    description = vms.mount(SPATIAL, PLANAR_URDF, py_file, **options)
    assert read(py_file) == read(cli_file)
    mounted = vms.compile_model(description)
    spatial, planar = vms.load_model(SPATIAL), vms.load_model(PLANAR_URDF)
    assert mounted.total_mass == spatial.total_mass + planar.total_mass
    assert mounted.njoints == spatial.njoints + planar.njoints
    assert mounted.joint_names[:6] == spatial.joint_names
    # Without an output the same description (no mesh paths to rebase in these models).
    assert vms.mount(SPATIAL, PLANAR_URDF, **options) == description


def test_mount_errors(tmp_path):
    # The arm's names are the vehicle's: the CLI's line, naming the arm file.
    line = cli_error_line("mount", SPATIAL, PLANAR_URDF, tmp_path / "m.vms.json")
    assert PLANAR_URDF in line
    with pytest.raises(vms.InputError) as e:
        vms.mount(SPATIAL, PLANAR_URDF, tmp_path / "m.vms.json")
    assert str(e.value) == line
    line = cli_error_line("mount", SPATIAL, PLANAR_URDF, tmp_path / "m.vms.json", "--prefix",
                          "a_", "--at", "no_link")
    with pytest.raises(vms.InputError) as e:
        vms.mount(SPATIAL, PLANAR_URDF, tmp_path / "m.vms.json", prefix="a_", at="no_link")
    assert str(e.value) == line
    assert not os.path.exists(tmp_path / "m.vms.json")
    with pytest.raises(ValueError, match="xyz: expected three"):
        vms.mount(SPATIAL, PLANAR_URDF, xyz=(1, 2))


def test_mount_rebases_mesh_paths_as_the_cli(tmp_path, monkeypatch):
    # A vehicle and an arm in two folders, each naming a mesh relative to its file; the output
    # in a third folder: both paths rebased on it, as `vms mount` rebases them.
    vehicle = vms.load_model(SPATIAL).description()
    vehicle["links"][0]["visuals"] = [{"shape": "mesh", "mesh": "meshes/hull.stl"}]
    arm = vms.load_description(PLANAR_URDF)
    arm["links"][1]["visuals"] = [{"shape": "mesh", "mesh": "../parts/link1.obj",
                                   "scale": [0.001, 0.001, 0.001]}]
    os.makedirs(tmp_path / "vehicles")
    os.makedirs(tmp_path / "arms" / "planar")
    os.makedirs(tmp_path / "out" / "cli")
    os.makedirs(tmp_path / "out" / "py")
    vehicle_path = write_json(tmp_path / "vehicles" / "craft.vms.json", vehicle)
    arm_path = write_json(tmp_path / "arms" / "planar" / "arm.vms.json", arm)
    cli_ok("mount", vehicle_path, arm_path, tmp_path / "out" / "cli" / "m.vms.json", "--prefix",
           "arm_")
    d = vms.mount(vehicle_path, arm_path, tmp_path / "out" / "py" / "m.vms.json", prefix="arm_")
    assert read(tmp_path / "out" / "py" / "m.vms.json") == \
        read(tmp_path / "out" / "cli" / "m.vms.json")
    meshes = [v["mesh"] for l in d["links"] for v in l.get("visuals", []) if v["shape"] == "mesh"]
    assert [os.path.normpath(m) for m in meshes] == [
        "../../vehicles/meshes/hull.stl", "../../arms/parts/link1.obj"]
    # Without an output: rebased on the current folder.
    monkeypatch.chdir(tmp_path)
    d = vms.mount(vehicle_path, arm_path, prefix="arm_")
    meshes = [v["mesh"] for l in d["links"] for v in l.get("visuals", []) if v["shape"] == "mesh"]
    assert [os.path.normpath(m) for m in meshes] == [
        "vehicles/meshes/hull.stl", "arms/parts/link1.obj"]
