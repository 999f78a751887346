"""tests/case/test_inputs.py - what the case is generated from: the menu table's export
(build/gen/menu.json), the legend card drawn from it, the Uno's drawing against the shield's
footprint, and a part too tall for the lid."""
import copy
import json
import os
import re

import pytest

from case import caselib, fit, legend
from tests.case.common import MENU, PCB, ROOT, board, lay, uno


def readme_menu_row():
    with open(os.path.join(ROOT, "README.md")) as f:
        for line in f:
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if cells[0] == "menu" and len(cells) == 10:
                return cells[1:]
    raise AssertionError("README.md has no menu row")


def test_menu_export_is_the_readme_row():
    # the README's row is generated from the same table (make readme-menu)
    assert caselib.menu_labels(MENU) == readme_menu_row()


def test_menu_with_a_missing_cell_is_refused(tmp_path):
    with open(MENU) as f:
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


def card(labels=None, stats=None):
    return legend.card_svg(labels or caselib.menu_labels(MENU),
                           caselib.menu_open(MENU),
                           stats or caselib.menu_stats(MENU))


def overflowing(svg):
    """The texts that run past the card's right margin (DejaVu Sans Bold's own advances,
    from the font file Chromium draws the card with)."""
    from PIL import ImageFont
    font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", 1000)
    return [text for x, size, text in re.findall(
        r'<text x="([\d.]+)" y="[\d.]+" font-size="([\d.]+)">([^<]*)</text>', svg)
        if float(x) + font.getlength(text) * float(size) / 1000 > legend.WIDTH_MM - 2.5]


def test_legend_card_is_legible_and_complete():
    labels = caselib.menu_labels(MENU)
    svg = card()
    assert legend.text_height_mm() >= legend.MIN_TEXT_MM
    sizes = [float(s) for s in re.findall(r'font-size="([\d.]+)"', svg)]
    assert min(sizes) * legend.CAP_RATIO >= legend.MIN_TEXT_MM
    assert re.search(r'width="[\d.]+mm" height="[\d.]+mm" viewBox="0 0 [\d.]+ [\d.]+"', svg)
    for i, label in enumerate(labels):
        assert ">%d</text>" % (i + 1) in svg and ">%s</text>" % label in svg
    assert ">Menu: hold 5 for</text>" in svg and ">2 s, tap a cell,</text>" in svg
    assert overflowing(svg) == []


def test_legend_card_carries_the_statistics_bars():
    stats = caselib.menu_stats(MENU)
    svg = card()
    assert stats["cell"] == 0 and ">Statistics (hold):</text>" in svg
    stats = stats["pictures"]
    assert len(stats) == 2
    fills = re.findall(r'<rect x="[\d.]+" y="[\d.]+" width="[\d.]+" height="[\d.]+" '
                       r'fill="([^"]+)"', svg)
    for i, picture in enumerate(stats):
        first = "first" if i == 0 else "then"
        assert ">%s %g s:</text>" % (first, picture["seconds"]) in svg
        for bar in filter(None, picture["columns"]):
            assert ">%s</text>" % bar["label"] in svg
            assert fills.count(legend.FILL[bar["colour"]]) >= 3
    # the second picture's middle column is dark: its row says so, its column black
    assert stats[1]["columns"][1] is None and ">dark</text>" in svg
    assert fills.count("black") == 3


def test_a_card_text_too_wide_is_caught():
    stats = copy.deepcopy(caselib.menu_stats(MENU))
    stats["pictures"][1]["columns"][2]["label"] = "abandoned games"
    assert overflowing(card(stats=stats)) == ["abandoned games"]


def test_menu_without_statistics_or_opening_is_refused(tmp_path):
    with open(MENU) as f:
        data = json.load(f)
    del data["stats"]
    path = tmp_path / "menu.json"
    path.write_text(json.dumps(data))
    with pytest.raises(caselib.CaseError, match="statistics"):
        caselib.menu_stats(str(path))
    data["open"]["cell"] = 10
    path.write_text(json.dumps(data))
    with pytest.raises(caselib.CaseError, match="opens on cell 10"):
        caselib.menu_open(str(path))


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
    # 0.5 mm into the lid's clearance, whatever the lid's height
    r1["height_mm"] = (lay()["z_lid_under"] - lay()["z_shield_top"]
                       - caselib.REQUIRE["lid_clearance"] + 0.5)
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


def test_the_card_carries_a_1_1_check_bar():
    """A bar legend.CHECK_MM long (user units are mm, the card's size in mm), labelled."""
    svg = card()
    bars = [(float(a), float(b)) for a, y1, b, y2 in re.findall(
        r'<line x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="([\d.]+)"/>', svg) if y1 == y2]
    assert any(abs(b - a - legend.CHECK_MM) < 1e-9 for a, b in bars)
    assert ">%d mm at 1:1</text>" % legend.CHECK_MM in svg
