"""tests/shield/test_fab.py - the assembler's files from the committed sources: the BOM one
row per bought part with one MPN, its quantity the count of its designators (planted: a
row with two MPNs, r3's three J1 rows), the placement file at the bodies' centres, the
hand-solder parts apart, the datasheet links; the upload read as an assembly service
reads it (service.py), each check failing on a planted file (r3's J1 on the bottom)."""
import copy
import csv
import io
import os
import re

import pytest

from schematics.gen import assembly, bom, fab, placement
from schematics.gen import parts as partdata
from tests.shield import service
from tests.shield.planted import SERVICE_CHECKS

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
    j1 = [r for r in rows if r["References"].startswith("J1")]
    assert [(r["References"], r["MPN"], r["Qty"]) for r in j1] == [
        ("J1A,J1B", "TSW-108-07-G-S", "2"), ("J1C", "TSW-110-07-G-S", "1"),
        ("J1D", "TSW-106-07-G-S", "1")]


def test_planted_row_with_two_mpns(data):
    """r2's J1 row: four header MPNs in one cell."""
    rows = bom.read(BOM)
    row = next(r for r in rows if r["References"] == "J1C")
    row["MPN"] = "TSW-108-07-G-S (x2), TSW-110-07-G-S, TSW-106-07-G-S"
    found = bom.findings(rows, data)
    assert len(found) == 1 and found[0].startswith("J1C: MPN") and "not one" in found[0]


def test_planted_r3_j1_rows(data):
    """r3's J1: three rows under the one designator J1, quantities 2, 1, 1."""
    rows = [r for r in bom.read(BOM) if not r["References"].startswith("J1")]
    for mpn, qty in (("TSW-108-07-G-S", "2"), ("TSW-110-07-G-S", "1"), ("TSW-106-07-G-S", "1")):
        rows.append(dict(rows[0], References="J1", MPN=mpn, Qty=qty))
    found = bom.findings(rows, data)
    assert any("Qty 2 for 1 designators" in f for f in found)
    assert any("designator J1 also on the row" in f for f in found)
    assert any("not in the BOM" in f and "J1A" in f for f in found)


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


def test_assembly_bom_is_the_machine_parts():
    rows = bom.read(BOM)
    machine = bom.assembly_rows(rows)
    assert all(r["Part Number"] for r in machine)
    assert {r["Part Number"] for r in machine} == {
        r["MPN"] for r in rows if r["Fitting"] == bom.FITTING["machine"]}
    hand = bom.hand_rows(rows, partdata.load())
    assert {r["Designator"] for r in hand} == {"J1A,J1B", "J1C", "J1D", "Q1,Q2,Q3",
                                               "LED1,LED2,LED3,LED4,LED5,LED6,LED7,LED8,LED9",
                                               "SW1,SW2,SW3,SW4,SW5,SW6,SW7,SW8,SW9"}
    assert all(r["Why by hand"] for r in hand)


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


@pytest.fixture(scope="module")
def upload(tmp_path_factory):
    """The assembly files as fab.py writes them (the job file and assembly/), read back as
    service.py reads an upload."""
    out = str(tmp_path_factory.mktemp("upload"))
    fab.assembly_only(PCB, os.path.join("schematics", "ttt-shield.kicad_sch"), out)
    return service.read_upload(os.path.join(out, fab.NAME))


def test_the_upload_passes_every_service_check(upload):
    assert service.checks(upload) == {name: [] for name in SERVICE_CHECKS}


def plant(upload, name, edit):
    """upload with the CSV file name edited: edit(rows) on its rows, written back."""
    rows = service.table(upload[name])
    edit(rows)
    out = io.StringIO()
    w = csv.DictWriter(out, list(rows[0]), lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    return dict(upload, **{name: out.getvalue()})


def failing(files):
    return sorted(name for name, found in service.checks(files).items() if found)


CPL, MBOM, HAND_CSV = "assembly/cpl.csv", "assembly/bom-assembly.csv", "assembly/hand-solder.csv"


def test_planted_j1_on_the_bottom(upload):
    """r3's placement file: J1 (the flipped Uno header) placed, on the bottom layer."""
    def add_j1(rows):
        rows.append({"Designator": "J1", "Mid X": "34.290", "Mid Y": "26.670",
                     "Layer": "Bottom", "Rotation": "0"})
    files = plant(upload, CPL, add_j1)
    assert "service-top" in failing(files)


@pytest.mark.parametrize("name,edit,check", [
    (MBOM, lambda rows: rows[1].update(Qty="8"), "service-qty"),
    (MBOM, lambda rows: rows[2].update(Designator=rows[2]["Designator"] + ",D1"),
     "service-designators"),
    (CPL, lambda rows: rows.pop(), "service-designators"),
    (CPL, lambda rows: rows[0].update({"Mid X": "80.0"}), "service-inside"),
    (CPL, lambda rows: rows[0].update(Rotation="360"), "service-inside"),
    (HAND_CSV, lambda rows: rows[0].update(Designator="J1A,J1B,R13"), "service-hand-apart"),
    (HAND_CSV, lambda rows: rows.pop(0), "service-hand-apart"),
    (MBOM, lambda rows: [r.pop("Qty") for r in rows], "service-columns"),
], ids=["qty", "designator twice", "not placed", "off the board", "rotation 360",
        "hand part in the BOM", "hand part lost", "no Qty column"])
def test_planted_upload_mistakes(upload, name, edit, check):
    assert check in failing(plant(upload, name, edit))


@pytest.fixture(scope="module")
def pages():
    return {bottom: assembly.page_of(PCB, bottom) for bottom in (False, True)}


@pytest.mark.parametrize("bottom", [False, True])
def test_drawing_labels_clear(pages, bottom):
    """No label over a pad or hole, no two labels over each other, every Uno jack's label
    inside its box; the four mounting holes on both pages."""
    page = pages[bottom]
    assert assembly.labels_on_pads(page) == []
    assert assembly.labels_crossing(page) == []
    assert assembly.labels_out_of_their_box(page) == []
    assert sum(svg.count("<circle") for svg in page.out) == 4


def test_planted_r3_drawing_labels(pages):
    """r3's drawing: an LED's reference 1.6 mm above its pads' row (over them), the USB-B
    label on one line (out of its box), a resistor's two-space line over its pads."""
    import pcbnew
    board = pcbnew.LoadBoard(PCB)
    top = assembly.Page(board, False)
    led = next(fp for fp in board.GetFootprints() if fp.GetReference() == "LED1")
    assembly.draw_part(top, led, partdata.by_ref(partdata.load())["LED1"], [])
    top.text(led.GetPosition().x + int(2.54e6), led.GetPosition().y - int(1.0e6), "LED1", 2.6,
             0, "bold")
    assert any(s == "LED1" for s, _pad in assembly.labels_on_pads(top))
    r11 = next(fp for fp in board.GetFootprints() if fp.GetReference() == "R11")
    assembly.draw_part(top, r11, partdata.by_ref(partdata.load())["R11"], [])
    x0, y0, x1, y1 = fab.body_box(r11, pcbnew)
    top.text((x0 + x1) / 2, (y0 + y1) / 2, "R11  100k", 2.6, 0, "bold")
    assert any(s == "R11  100k" for s, _pad in assembly.labels_on_pads(top))
    bottom = assembly.Page(board, True)
    name, box = "USB-B jack", placement.KEEPOUTS["USB-B jack"]
    bottom.text(*bottom.uno((box[0] + box[2]) / 2, (box[1] + box[3]) / 2),
                "Uno's %s, under" % name, 2.4)
    bottom.keepouts.append((name, assembly.box_on_paper(bottom, box), bottom.labels[-1:]))
    assert assembly.labels_out_of_their_box(bottom) == [("Uno's USB-B jack, under", name)]
