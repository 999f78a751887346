"""tests/case/test_light.py - each LED's light through its cap (case/light.py, its report
build/case/light.json from `make case`): a lit cap's light reaching a dark one stays under
5 % of its own, and the figures are the model's; planted: the wall between cells 5 and 6
taken out (a neighbour's LED with no wall between) is caught."""
import functools
import json
import os

import numpy as np

from case import caselib, light
from tests.case.common import BUILD, board, lay


@functools.lru_cache(maxsize=None)
def report():
    with open(os.path.join(BUILD, "light.json")) as f:
        return json.load(f)


def test_no_cell_bleeds_into_another():
    r = report()
    assert r["bleed"] <= caselib.REQUIRE["bleed_percent"]
    worst = max(b for c in r["cells"].values() for b in c["bleed"].values())
    assert worst == r["bleed"]


def test_every_cap_is_lit_most_of_its_top():
    r = report()
    assert len(r["cells"]) == 9 and r["share"] == min(c["share"] for c in r["cells"].values())
    assert r["share"] >= 50


def test_the_led_emits_as_its_data_sheet_says():
    """cos^m with half the intensity at half the viewing angle."""
    srcs, m = light._emitters(board(), lay())
    half = np.radians(board()["leds"][1]["part"]["viewing_angle_deg"] / 2)
    assert abs(np.cos(half) ** m - 0.5) < 1e-9
    d = light._emit(200000, m, np.random.default_rng(1))
    # the share of light within the half angle: 1 - cos^(m+1)
    assert abs((d[:, 2] >= np.cos(half)).mean() - (1 - np.cos(half) ** (m + 1))) < 0.01


def test_a_neighbour_with_no_wall_between_is_caught():
    [w] = [i for i, w in enumerate(lay()["tube_walls"]) if w["along"] == "y"
           and w["box"][0] < lay()["caps"][4][0] + 7 < w["box"][2]]
    res = light.model(board(), lay(), caselib.DESIGN, drop_wall=w, cells_lit=[4])
    assert res[5]["bleed"][6] > caselib.REQUIRE["bleed_percent"]
