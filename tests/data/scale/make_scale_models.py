#!/usr/bin/env python3
"""Writes the two large models of the desktop's scale measurement:
chain100.urdf  - a free-floating serial chain of 100 bodies, no visuals (automatic geometry);
humanoid100.urdf - a humanoid-size tree of about 100 bodies, every link drawn with a mesh
                   (limb.stl, a 24-sided capsule of 1056 triangles, scaled per link).
Run from this folder: python3 make_scale_models.py (the outputs are committed)."""
import math
import struct

AXES = ["0 0 1", "0 1 0", "1 0 0"]


def inertial(mass, length, radius):
    ixx = mass * (3 * radius**2 + length**2) / 12.0
    izz = mass * radius**2 / 2.0
    return (f'    <inertial><origin xyz="0 0 {length / 2:.4f}"/><mass value="{mass:.4f}"/>'
            f'<inertia ixx="{ixx:.6g}" iyy="{ixx:.6g}" izz="{izz:.6g}" ixy="0" ixz="0" iyz="0"/>'
            f'</inertial>\n')


def chain100():
    out = ['<robot name="chain100">\n']
    for i in range(100):
        out.append(f'  <link name="l{i}">\n{inertial(1.0 if i else 50.0, 0.1, 0.02)}  </link>\n')
    for i in range(1, 100):
        out.append(f'  <joint name="j{i}" type="revolute"><parent link="l{i - 1}"/>'
                   f'<child link="l{i}"/><origin xyz="0 0 0.1"/><axis xyz="{AXES[i % 3]}"/>'
                   f'<limit lower="-3" upper="3" effort="100" velocity="5"/></joint>\n')
    out.append('</robot>\n')
    with open("chain100.urdf", "w") as f:
        f.write("".join(out))


def capsule_stl(path, sides=24, rings=22):
    """Unit capsule along z from 0 to 1, radius 0.5 (scaled per link), binary STL."""
    pts = []
    for r in range(rings + 1):
        t = r / rings
        if t < 0.25:  # bottom cap
            a = math.pi / 2 * (1 - t / 0.25)
            z, rad = 0.25 - 0.25 * math.sin(a), 0.5 * math.cos(a)
        elif t > 0.75:  # top cap
            a = math.pi / 2 * (t - 0.75) / 0.25
            z, rad = 0.75 + 0.25 * math.sin(a), 0.5 * math.cos(a)
        else:
            z, rad = t, 0.5
        pts.append([(rad * math.cos(2 * math.pi * s / sides),
                     rad * math.sin(2 * math.pi * s / sides), z) for s in range(sides)])
    tris = []
    for r in range(rings):
        for s in range(sides):
            a, b = pts[r][s], pts[r][(s + 1) % sides]
            c, d = pts[r + 1][s], pts[r + 1][(s + 1) % sides]
            tris += [(a, b, d), (a, d, c)]
    with open(path, "wb") as f:
        f.write(b"vms scale-test capsule".ljust(80, b" "))
        f.write(struct.pack("<I", len(tris)))
        for t in tris:
            f.write(struct.pack("<3f", 0, 0, 0))
            for p in t:
                f.write(struct.pack("<3f", *p))
            f.write(b"\0\0")
    return len(tris)


def humanoid100():
    links, joints = [], []

    def link(name, length, radius, mass):
        links.append(
            f'  <link name="{name}">\n{inertial(mass, length, radius)}'
            f'    <visual><geometry><mesh filename="limb.stl" '
            f'scale="{2 * radius:.4f} {2 * radius:.4f} {length:.4f}"/></geometry></visual>\n'
            f'  </link>\n')

    def joint(name, parent, child, xyz, axis):
        joints.append(f'  <joint name="{name}" type="revolute"><parent link="{parent}"/>'
                      f'<child link="{child}"/><origin xyz="{xyz}"/><axis xyz="{axis}"/>'
                      f'<limit lower="-2" upper="2" effort="50" velocity="5"/></joint>\n')

    def limb(prefix, parent, at, segments, length, radius, mass):
        prev, xyz = parent, at
        for k in range(segments):
            name = f"{prefix}{k}"
            link(name, length, radius, mass)
            joint(f"{name}_joint", prev, name, xyz, AXES[k % 3])
            prev, xyz = name, f"0 0 {length}"
        return prev

    link("pelvis", 0.2, 0.15, 15.0)
    top = limb("spine", "pelvis", "0 0 0.2", 3, 0.15, 0.14, 6.0)
    limb("neck", top, "0 0 0.15", 2, 0.08, 0.05, 1.0)
    for side, y in (("l", 0.2), ("r", -0.2)):
        wrist = limb(f"{side}_arm", top, f"0 {y} 0.1", 7, 0.12, 0.04, 1.5)
        link(f"{side}_palm", 0.08, 0.04, 0.4)
        joint(f"{side}_palm_joint", wrist, f"{side}_palm", "0 0 0.12", "1 0 0")
        for finger in range(5):
            limb(f"{side}_f{finger}_", f"{side}_palm", f"0 {0.015 * (finger - 2):.3f} 0.08", 4,
                 0.025, 0.008, 0.02)
        ankle = limb(f"{side}_leg", "pelvis", f"0 {y / 2} 0", 7, 0.14, 0.06, 3.0)
        link(f"{side}_foot", 0.1, 0.05, 0.8)
        joint(f"{side}_foot_joint", ankle, f"{side}_foot", "0 0 0.14", "0 1 0")
        for toe in range(5):
            limb(f"{side}_t{toe}_", f"{side}_foot", f"0 {0.015 * (toe - 2):.3f} 0.1", 2, 0.02,
                 0.008, 0.01)
    with open("humanoid100.urdf", "w") as f:
        f.write('<robot name="humanoid100">\n' + "".join(links) + "".join(joints) + "</robot>\n")
    return len(links)


if __name__ == "__main__":
    chain100()
    triangles = capsule_stl("limb.stl")
    bodies = humanoid100()
    print(f"chain100.urdf: 100 bodies; humanoid100.urdf: {bodies} bodies, limb.stl: "
          f"{triangles} triangles")
