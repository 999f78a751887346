"""tests/shield/test_readme.py - schematics/README.md's figures as the parts and the PCB have
them: the 2N7000's bend distances (the footprint's pads from the body's edge), the leads
closest to the Uno's jacks, the lid (the case's, as parts.json copies it), and the DRC
rule severities of the project file."""
import json
import os
import re

import pcbnew
import pytest

from case import caselib
from schematics.gen import parts as partdata
from schematics.gen import sexpr

README = os.path.join("schematics", "README.md")
TO92 = os.path.join("schematics", "lib", "footprints", "Package_TO_SOT_THT.pretty",
                    "TO-92_W4.0mm_StaggerEven_Horizontal_FlatSideDown.kicad_mod")
PCB = os.path.join("schematics", "ttt-shield.kicad_pcb")
PRO = os.path.join("schematics", "ttt-shield.kicad_pro")
# The Uno's jacks as the Uno footprint's fab layer draws them, Uno coordinates (mm).
JACKS = {"USB-B": (-6.35, 32.1, 9.65, 44.1), "DC": (-1.88, 3.21, 11.46, 12.10)}


@pytest.fixture(scope="module")
def readme():
    with open(README, encoding="utf-8") as f:
        return " ".join(f.read().split())


def bend_distances():
    """{pad number: mm from the body's edge} of the TO-92 footprint: the body lies on +y
    of the pads (its fab rectangle), the leads run along y to them."""
    root = sexpr.load(TO92)
    ys = [float(p[2]) for ln in sexpr.items(root, "fp_line")
          if sexpr.first(ln, "layer")[1] == "F.Fab"
          for p in (sexpr.first(ln, "start"), sexpr.first(ln, "end"))]
    pads = {p[1]: float(sexpr.first(p, "at")[2]) for p in sexpr.items(root, "pad")}
    edge = min(y for y in ys if y > max(pads.values()) + 1.0)  # the body's near side
    return {n: round(edge - y, 2) for n, y in pads.items()}


def test_bend_distances(readme):
    d = bend_distances()
    assert d["1"] == d["3"]
    assert "outer leads (source, drain) 90 degrees down %.2f mm" % d["1"] in readme
    assert "middle one (gate) %.2f mm from it" % d["2"] in readme


def test_meter_test_shorts_the_leads_first(readme):
    assert "short the three leads first" in readme


def nearest_leads():
    """[(mm, jack, ref, pad)] of every pad's centre to the jacks' outlines, nearest first."""
    board = pcbnew.LoadBoard(PCB)
    box = board.GetBoardEdgesBoundingBox()
    out = []
    for fp in board.GetFootprints():
        for pad in fp.Pads():
            if fp.GetReference() == "J1":
                continue
            x = (pad.GetPosition().x - box.GetLeft()) / 1e6
            y = (box.GetBottom() - pad.GetPosition().y) / 1e6
            for jack, (x0, y0, x1, y1) in JACKS.items():
                dx, dy = max(x0 - x, x - x1, 0), max(y0 - y, y - y1, 0)
                out.append((round((dx * dx + dy * dy) ** 0.5, 1), jack, fp.GetReference(),
                            pad.GetNumber()))
    return sorted(out)


TO92_LEADS = {"1": "source", "2": "gate", "3": "drain"}


def test_trim_note_names_the_leads_by_the_jacks(readme):
    leads = nearest_leads()
    first = leads[0]
    assert first[0] > 0, "a lead over a jack: %s" % (first,)
    assert "closest, %.1f mm from the %s jack's outline, are %s's" % first[:3] in readme
    nxt = next(lead for lead in leads if lead[2] != first[2])
    lead = TO92_LEADS[nxt[3]] if nxt[2].startswith("Q") else "pad " + nxt[3]
    assert "then %s's %s (%.1f mm, beside the %s jack's)" % (nxt[2], lead, nxt[0], nxt[1]) \
        in readme


def test_one_lid_the_cases(readme):
    parts = partdata.load()["parts"]
    key = next(p for p in parts if "actuator_top_mm" in p)
    led = next(p for p in parts if "diameter_mm" in p)
    tallest = max((p for p in parts if "diameter_mm" not in p and "actuator_top_mm" not in p
                   and p.get("fitted_from") != "bottom"), key=lambda p: p["height_mm"])
    z_under = caselib.cap_stack(key["actuator_top_mm"])["z_lid_under"]
    text = " ".join(readme.split())
    assert "a %.1f mm plate" % caselib.DESIGN["lid_plate"] in text
    assert "plunger (%.1f mm above the board), covers its LED (%.1f mm)" % (
        key["actuator_top_mm"], led["height_mm"]) in text
    assert "underside %.2f mm above the board: %.2f mm over the tallest other part" % (
        z_under, z_under - tallest["height_mm"]) in text
    assert "at least %.1f mm over that part" % caselib.REQUIRE["lid_clearance"] in text
    assert "at least %.1f mm over the LEDs' domes" % caselib.REQUIRE["led_gap"] in text


def test_rule_severities(readme):
    with open(PRO, encoding="utf-8") as f:
        severities = json.load(f)["board"]["design_settings"]["rule_severities"]
    assert severities["hole_to_hole"] == "warning"
    assert "as a **warning** 0.5 mm hole-to-hole" in readme
    for rule in ("track_width", "clearance", "drill_out_of_range", "annular_width",
                 "copper_edge_clearance", "text_height", "text_thickness", "silk_over_copper"):
        assert severities[rule] == "error", rule
    assert not re.search(r"hole-to-hole[^.]*\(each an error\)", readme)
