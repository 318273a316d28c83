#!/usr/bin/env python3
"""Writes the small test meshes used by tests/ui/view3d/test_view3d_meshes.cpp: the same 1 m cube
(centred on the origin) as ASCII STL, OBJ, COLLADA, glTF (embedded buffer) and GLB, plus a
corrupt STL. Run from this folder; the outputs are committed."""
import base64, json, struct

V = [(x, y, z) for x in (-0.5, 0.5) for y in (-0.5, 0.5) for z in (-0.5, 0.5)]
# Vertex index = 4*ix + 2*iy + iz. Faces as outward triangles.
QUADS = [(0, 1, 3, 2), (4, 6, 7, 5), (0, 4, 5, 1), (2, 3, 7, 6), (0, 2, 6, 4), (1, 5, 7, 3)]
TRIS = [t for a, b, c, d in QUADS for t in ((a, b, c), (a, c, d))]


def normal(t):
    p, q, r = (V[i] for i in t)
    u = [q[k] - p[k] for k in range(3)]
    v = [r[k] - p[k] for k in range(3)]
    return (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])


def stl(path, solid):
    with open(path, "w") as f:
        f.write(f"solid {solid}\n")
        for t in TRIS:
            n = normal(t)
            f.write(f"  facet normal {n[0]} {n[1]} {n[2]}\n    outer loop\n")
            for i in t:
                f.write("      vertex %g %g %g\n" % V[i])
            f.write("    endloop\n  endfacet\n")
        f.write(f"endsolid {solid}\n")


def obj(path):
    with open(path, "w") as f:
        f.write("# 1 m cube\no cube\n")
        for v in V:
            f.write("v %g %g %g\n" % v)
        for t in TRIS:
            f.write("f %d %d %d\n" % tuple(i + 1 for i in t))


def dae(path):
    positions = " ".join("%g %g %g" % v for v in V)
    indices = " ".join(str(i) for t in TRIS for i in t)
    with open(path, "w") as f:
        f.write(f"""<?xml version="1.0" encoding="utf-8"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
  <asset><unit name="meter" meter="1"/><up_axis>Z_UP</up_axis></asset>
  <library_geometries>
    <geometry id="cube-mesh" name="cube">
      <mesh>
        <source id="cube-positions">
          <float_array id="cube-positions-array" count="{3 * len(V)}">{positions}</float_array>
          <technique_common>
            <accessor source="#cube-positions-array" count="{len(V)}" stride="3">
              <param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/>
            </accessor>
          </technique_common>
        </source>
        <vertices id="cube-vertices"><input semantic="POSITION" source="#cube-positions"/></vertices>
        <triangles count="{len(TRIS)}">
          <input semantic="VERTEX" source="#cube-vertices" offset="0"/>
          <p>{indices}</p>
        </triangles>
      </mesh>
    </geometry>
  </library_geometries>
  <library_visual_scenes>
    <visual_scene id="scene" name="scene">
      <node id="cube" name="cube"><instance_geometry url="#cube-mesh"/></node>
    </visual_scene>
  </library_visual_scenes>
  <scene><instance_visual_scene url="#scene"/></scene>
</COLLADA>
""")


def gltf_parts():
    pos = b"".join(struct.pack("<3f", *v) for v in V)
    idx = b"".join(struct.pack("<H", i) for t in TRIS for i in t)
    blob = pos + idx
    doc = {
        "asset": {"version": "2.0", "generator": "vms make_meshes.py"},
        "scene": 0,
        "scenes": [{"nodes": [0]}],
        "nodes": [{"mesh": 0, "name": "cube"}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "indices": 1}]}],
        "buffers": [{"byteLength": len(blob)}],
        "bufferViews": [
            {"buffer": 0, "byteOffset": 0, "byteLength": len(pos), "target": 34962},
            {"buffer": 0, "byteOffset": len(pos), "byteLength": len(idx), "target": 34963},
        ],
        "accessors": [
            {"bufferView": 0, "componentType": 5126, "count": len(V), "type": "VEC3",
             "min": [-0.5] * 3, "max": [0.5] * 3},
            {"bufferView": 1, "componentType": 5123, "count": 3 * len(TRIS), "type": "SCALAR"},
        ],
    }
    return doc, blob


def gltf(path):
    doc, blob = gltf_parts()
    doc["buffers"][0]["uri"] = "data:application/octet-stream;base64," + base64.b64encode(blob).decode()
    with open(path, "w") as f:
        json.dump(doc, f, indent=1)


def glb(path):
    doc, blob = gltf_parts()
    js = json.dumps(doc).encode()
    js += b" " * (-len(js) % 4)
    blob += b"\0" * (-len(blob) % 4)
    total = 12 + 8 + len(js) + 8 + len(blob)
    with open(path, "wb") as f:
        f.write(struct.pack("<4sII", b"glTF", 2, total))
        f.write(struct.pack("<I4s", len(js), b"JSON") + js)
        f.write(struct.pack("<I4s", len(blob), b"BIN\0") + blob)


stl("box.stl", "box")
stl("mesh_pkg/meshes/box_in_package.stl", "box_in_package")
obj("box.obj")
dae("box.dae")
gltf("box.gltf")
glb("box.glb")
with open("corrupt.stl", "w") as f:
    f.write("solid broken\n  facet normal 0 0 1\n    outer loop\n      vertex 0 0\n")
