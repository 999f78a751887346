"""tests/shield/test_fab.py - the assembler's files from the committed sources: the BOM one
row per bought part with one MPN (and a planted row with two MPNs caught), the
placement file at the bodies' centres, the hand-solder flags, the datasheet links."""
import copy
import os
import re

import pytest

from schematics.gen import assembly, bom, fab
from schematics.gen import parts as partdata

BOM = os.path.join("schematics", "bom.csv")
PCB = os.path.join("schematics", "ttt-shield.kicad_pcb")
HAND = {"Q", "LED", "SW", "J"}  # the lead-formed TO-92s, the LEDs, the keys, the headers


@pytest.fixture(scope="module")
def data():
    return partdata.load()


@pytest.fixture(scope="module")
def cpl():
    rows, footprints = fab.placement_rows(PCB)
    return {r[0]: r for r in rows}, footprints


def test_committed_bom_is_one_mpn_per_row(data):
    rows = bom.read(BOM)
    assert bom.findings(rows, data) == []
    j1 = [r for r in rows if r["References"] == "J1"]
    assert [(r["MPN"], r["Qty"]) for r in j1] == [
        ("TSW-108-07-G-S", "2"), ("TSW-110-07-G-S", "1"), ("TSW-106-07-G-S", "1")]


def test_planted_row_with_two_mpns(data):
    """r2's J1 row: four header MPNs in one cell."""
    rows = bom.read(BOM)
    row = next(r for r in rows if r["References"] == "J1")
    row["MPN"] = "TSW-108-07-G-S (x2), TSW-110-07-G-S, TSW-106-07-G-S"
    found = bom.findings(rows, data)
    assert len(found) == 1 and found[0].startswith("J1: MPN") and "not one" in found[0]


def test_planted_parts_line_with_two_mpns(data):
    """The same mistake made in parts.json: expand() keeps it, findings() names it."""
    planted = copy.deepcopy(data)
    j1 = next(line for line in planted["parts"] if "J1" in line["refs"])
    del j1["pieces"]
    j1["mpn"] = "TSW-108-07-G-S, TSW-110-07-G-S"
    kicad = [{"References": ",".join(line["refs"]), "Footprint": line["footprint"]}
             for line in planted["parts"]]
    found = bom.findings(bom.expand(kicad, planted), planted)
    assert any(f.startswith("J1: MPN") for f in found)


def test_planted_missing_reference(data):
    rows = [r for r in bom.read(BOM) if not r["References"].startswith("SW")]
    assert any("not in the BOM" in f and "SW1" in f for f in bom.findings(rows, data))


def test_assembly_bom_part_number_is_the_mpn():
    rows = bom.assembly_rows(bom.read(BOM))
    assert all(r["Part Number"] for r in rows)
    assert {r["Part Number"] for r in rows} == {r["MPN"] for r in bom.read(BOM)}


def test_placement_at_body_centres(cpl):
    rows, footprints = cpl
    assert len(rows) == footprints
    # Q1's TO-92 body lies left of its pads (x 2.14-7.08, y 14.47-19.05 on its fab layer);
    # r2's file had the courtyard's centre, 2.9 mm right of it
    assert abs(float(rows["Q1"][1]) - 4.6) < 0.1 and abs(float(rows["Q1"][2]) - 16.8) < 0.1
    # the piezo's body is a circle round the middle of its two pads
    assert rows["BZ1"][1:3] == ["7.000", "46.600"]
    # the LED's lens centre is its middle pad's x
    assert rows["LED1"][1:3] == ["18.100", "44.300"]


def test_hand_solder_flags(cpl):
    rows, _ = cpl
    for ref, row in rows.items():
        prefix = ref.rstrip("0123456789")
        want = "hand-solder (do not place)" if prefix in HAND else "machine"
        assert row[5] == want, ref


def test_datasheets_of_the_manufacturer(data):
    for line in data["parts"]:
        if line["manufacturer"] == "onsemi":
            assert line["datasheet"].startswith("https://www.onsemi.com/"), line["value"]


@pytest.mark.parametrize("bottom", [False, True])
def test_assembly_drawing_names_each_part_once(data, bottom):
    svg = assembly.page_svg(PCB, bottom)
    texts = re.findall(r"<text [^>]*>([^<]*)</text>", svg)
    texts = texts[:texts.index("Parts on this side")]  # the board, not the table
    for line in data["parts"]:
        if (line.get("fitted_from") == "bottom") != bottom:
            continue
        for ref in line["refs"]:
            labels = [t for t in texts if t.split()[0] == ref]
            assert len(labels) == 1, (ref, labels)
            values = {p["value"] for p in partdata.pieces(line)} | {line["value"]}
            assert bottom or any(v in " ".join(texts) for v in values)


def test_header_strips_are_the_bom_pieces(data):
    """J1's pads fall in runs (the strips the bottom drawing labels); their sizes are the
    BOM's header pieces, each as often as its quantity."""
    import pcbnew
    board = pcbnew.LoadBoard(PCB)
    j1 = next(fp for fp in board.GetFootprints() if fp.GetReference() == "J1")
    runs = sorted(n for _a, _b, n in assembly.strips(j1))
    want = sorted(int(p["value"].split()[0][2:]) for p in
                  partdata.pieces(partdata.by_ref(data)["J1"]) for _ in range(p["qty"]))
    assert runs == want == [6, 8, 8, 10]
