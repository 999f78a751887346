"""tests/case/test_inputs.py - what the case is generated from: the menu table's export
(and its fixture), the legend card drawn from it, the Uno's drawing against the shield's
footprint, and a part too tall for the lid."""
import copy
import json
import os
import re

import pytest

from case import caselib, fit, legend
from tests.case.common import MENU_FIXTURE, PCB, ROOT, board, uno


def readme_menu_row():
    with open(os.path.join(ROOT, "README.md")) as f:
        for line in f:
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if cells[0] == "menu" and len(cells) == 10:
                return cells[1:]
    raise AssertionError("README.md has no menu row")


def test_menu_fixture_is_the_readme_row():
    # tests/case/menu.json stands in for build/gen/menu.json (the menu table's export);
    # the README's row is generated from the same table.
    assert caselib.menu_labels(MENU_FIXTURE) == readme_menu_row()


def test_menu_with_a_missing_cell_is_refused(tmp_path):
    with open(MENU_FIXTURE) as f:
        data = json.load(f)
    del data["cells"][4]
    path = tmp_path / "menu.json"
    path.write_text(json.dumps(data))
    with pytest.raises(caselib.CaseError, match="cells 1-9"):
        caselib.menu_labels(str(path))


def test_menu_that_is_not_json_is_refused(tmp_path):
    path = tmp_path / "menu.json"
    path.write_text("| menu | you X |")
    with pytest.raises(caselib.CaseError, match="not the menu table"):
        caselib.menu_labels(str(path))


def test_legend_card_is_legible_and_complete():
    labels = caselib.menu_labels(MENU_FIXTURE)
    svg = legend.card_svg(labels)
    assert legend.text_height_mm() >= legend.MIN_TEXT_MM
    sizes = [float(s) for s in re.findall(r'font-size="([\d.]+)"', svg)]
    assert min(sizes) * legend.CAP_RATIO >= legend.MIN_TEXT_MM
    assert re.search(r'width="[\d.]+mm" height="[\d.]+mm" viewBox="0 0 [\d.]+ [\d.]+"', svg)
    for i, label in enumerate(labels):
        assert ">%d</text>" % (i + 1) in svg and ">%s</text>" % label in svg


def test_uno_headers_are_the_shields_header_pads():
    pins = [p for h in uno()["headers"] if "ICSP" not in h["name"]
            for p in caselib.header_pins(h)]
    assert len(pins) == 32 == len(board()["header_pads"])


def test_a_header_off_the_shields_pads_is_refused():
    moved = copy.deepcopy(uno())
    moved["headers"][0]["first_pin_mm"][0] += 1.27
    with pytest.raises(caselib.CaseError, match="header has none there"):
        caselib.layout(board(), moved)


def test_a_jack_off_the_footprint_is_refused():
    moved = copy.deepcopy(uno())
    moved["connectors"][1]["y_centre_mm"] += 1.0
    with pytest.raises(caselib.CaseError, match="fab drawing"):
        caselib.layout(board(), moved)


def test_a_part_too_tall_for_the_lid_is_refused(tmp_path):
    with open(caselib.PARTS_JSON) as f:
        data = json.load(f)
    [r1] = [p for p in data["parts"] if "R1" in p["refs"]]
    r1["height_mm"] += 12
    path = tmp_path / "parts.json"
    path.write_text(json.dumps(data))
    tall = caselib.read_board(PCB, str(path))
    with pytest.raises(caselib.CaseError, match="not 1 mm over R[135] "):
        caselib.layout(tall, uno())


def test_a_moved_led_is_caught(tmp_path):
    """The case built for the real PCB against a PCB with LED5 moved 1.5 mm along y: its
    cap no longer covers it."""
    import pcbnew
    pcb = pcbnew.LoadBoard(PCB)
    led = pcb.FindFootprintByReference("LED5")
    p = led.GetPosition()
    led.SetPosition(pcbnew.VECTOR2I(p.x, p.y - pcbnew.FromMM(1.5)))
    path = str(tmp_path / "moved.kicad_pcb")
    pcb.Save(path)
    moved = caselib.read_board(path)
    bad = [f for f in fit.cap_cover(moved, caselib.layout(board(), uno())) if not f.ok]
    assert [f.msg[:6] for f in bad] == ["cell 5"]
