"""tests/shield/test_models.py - the generated B3F-1070 model (schematics/gen/models.py): the
committed file is the generator's, its plunger top stands at parts.json's 9.5 mm (above
the LEDs' 8.6 mm), its housing is Omron's 6 x 6 x 3.5 mm on the pads' centre, and every
key on the PCB uses it; a planted low plunger (the B3F-1000's 4.3 mm) is caught."""
import copy
import os
import re

from schematics.gen import models
from schematics.gen import parts as partdata

WRL = os.path.join("schematics", "3dmodels", "B3F-1070.wrl")
PCB = os.path.join("schematics", "ttt-shield.kicad_pcb")


def points(text):
    """Every vertex of a VRML text, in mm."""
    out = []
    for block in re.findall(r"point \[([^\]]*)\]", text):
        for p in block.split(","):
            out.append(tuple(float(v) * models.UNIT for v in p.split()))
    return out


def extent(pts, axis):
    return min(p[axis] for p in pts), max(p[axis] for p in pts)


def test_committed_model_is_generated():
    line = partdata.by_value(partdata.load())["B3F-1070"]
    with open(WRL, encoding="utf-8") as f:
        assert f.read() == models.vrml(models.b3f_parts(line))


def test_heights_and_footprint():
    with open(WRL, encoding="utf-8") as f:
        pts = points(f.read())
    assert abs(extent(pts, 2)[1] - 9.5) < 0.01           # plunger top
    led = partdata.by_ref(partdata.load())["LED1"]
    assert extent(pts, 2)[1] - led["height_mm"] > 0.8     # above the LED tops
    assert abs(extent(pts, 2)[0] + 3.5) < 0.01           # terminals below the board
    x0, x1 = extent(pts, 0)
    assert abs((x0 + x1) / 2 - 3.25) < 0.01               # centred on the pads
    body = [p for p in pts if 0.6 < p[2] < 3.4]  # the housing's top corners
    assert abs(extent(body, 0)[1] - extent(body, 0)[0] - 6.0) < 0.01


def test_planted_low_plunger_is_caught():
    line = copy.deepcopy(partdata.by_value(partdata.load())["B3F-1070"])
    line["actuator_top_mm"] = 4.3
    pts = points(models.vrml(models.b3f_parts(line)))
    assert abs(extent(pts, 2)[1] - 9.5) > 1.0


def test_every_key_uses_the_model():
    with open(PCB, encoding="utf-8") as f:
        text = f.read()
    assert text.count('(model "${KIPRJMOD}/3dmodels/B3F-1070.wrl"') == 9
