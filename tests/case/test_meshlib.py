"""tests/case/test_meshlib.py - the mesh measures on synthetic meshes: a sound plate
passes; a thin plate, a floating second part (an overhang and two parts) and a missing
facet are each caught."""
import numpy as np

from case import caselib
from tests.case import meshlib


def judge(tmp_path, name, tris):
    path = tmp_path / (name + ".stl")
    meshlib.write_stl(str(path), tris)
    report = meshlib.admesh(str(path))
    mesh = meshlib.Mesh(np.array(tris, float), name)
    wall = meshlib.wall_thickness(mesh, np.zeros(len(tris), bool))[0]
    return report, round(wall, 3), len(meshlib.overhangs(mesh, [0.0]))


def test_sound_plate_passes(tmp_path):
    report, wall, over = judge(tmp_path, "plate", meshlib.box(0, 0, 0, 20, 20, 2))
    assert (report["disconnected"], report["parts"], wall, over) == (0, 1, 2.0, 0)


def test_thin_plate_is_caught(tmp_path):
    wall = judge(tmp_path, "thin", meshlib.box(0, 0, 0, 20, 20, 1.0))[1]
    assert wall < caselib.REQUIRE["min_wall"]


def test_floating_part_is_caught(tmp_path):
    tris = meshlib.box(0, 0, 0, 20, 20, 2) + meshlib.box(0, 0, 5, 20, 20, 7)
    report, _, over = judge(tmp_path, "floating", tris)
    assert report["parts"] == 2 and over > 0


def test_hole_in_the_surface_is_caught(tmp_path):
    report = judge(tmp_path, "open", meshlib.box(0, 0, 0, 20, 20, 2)[1:])[0]
    assert report["disconnected"] > 0


def test_ray_hits_both_faces():
    mesh = meshlib.Mesh(np.array(meshlib.box(0, 0, 0, 10, 10, 3), float), "box")
    assert list(mesh.hits((5, 5, -1), meshlib.UP)) == [1.0, 4.0]
