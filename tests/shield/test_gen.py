"""tests/shield/test_gen.py - the generators' pure parts (schematics/gen): part data and its
checks, the derived footprint, the S-expression reader, the library tables, the BOM's
expansion of pieces; each check shown failing on planted input."""
import copy
import json
import os

import pytest

from schematics.gen import bom, footprints, libtable, placement, sexpr
from schematics.gen import parts as partdata

UNO = os.path.join("schematics", "lib", "footprints", "Module.pretty",
                   "Arduino_UNO_R3_WithMountingHoles.kicad_mod")


@pytest.fixture
def data():
    return partdata.load()


def write_json(tmp_path, data):
    path = tmp_path / "parts.json"
    path.write_text(json.dumps(data))
    return str(path)


def test_ranges():
    assert partdata.ranges(["D1", "D2", "D3"]) == "D1-D3"
    assert partdata.ranges(["R1", "R3", "R5"]) == "R1, R3, R5"
    assert partdata.ranges(["Q1", "Q2"]) == "Q1, Q2"
    assert partdata.ranges(["R10", "R11", "R12", "J1"]) == "R10-R12, J1"


def test_pieces_and_mpn_field(data):
    j1 = partdata.by_ref(data)["J1"]
    assert sum(p["qty"] for p in partdata.pieces(j1)) == 4
    assert [r for p in partdata.pieces(j1) for r in p["refs"]] == ["J1A", "J1B", "J1C", "J1D"]
    assert partdata.mpn_field(j1) == "TSW-108-07-G-S x2; TSW-110-07-G-S x1; TSW-106-07-G-S x1"
    led = partdata.by_ref(data)["LED1"]
    assert partdata.pieces(led) == [{"mpn": led["mpn"], "refs": led["refs"], "qty": 9,
                                     "value": led["value"], "description": led["description"]}]
    assert partdata.designators(data).count("J1") == 0
    assert len(partdata.designators(data)) == len(set(partdata.designators(data))) == 48


@pytest.mark.parametrize("plant,message", [
    (lambda d: d["parts"][0].pop("height_mm"), "lacks"),
    (lambda d: d["parts"][1]["refs"].append("LED1"), "is in both"),
    (lambda d: d["parts"][0].update(pieces=[]), "either mpn or pieces"),
    (lambda d: d["parts"][0].update(fitting="robot"), "fitting"),
    (lambda d: d["parts"][-1]["pieces"][0].pop("refs"), "lacks"),
    (lambda d: d["parts"][-1]["pieces"][1].update(refs=["J2C"]), "not its reference"),
    (lambda d: d["parts"][-1]["pieces"][0].update(refs=["J1A"]), "one per pad range"),
], ids=["no height", "ref twice", "mpn and pieces", "unknown fitting", "piece without refs",
        "piece of another reference", "a designator short"])
def test_load_refuses_planted_mistakes(tmp_path, data, plant, message):
    planted = copy.deepcopy(data)
    plant(planted)
    with pytest.raises(SystemExit, match=message):
        partdata.load(write_json(tmp_path, planted))


def test_derived_uno_has_no_silk_and_the_same_pads():
    with open(UNO, encoding="utf-8") as f:
        stock = f.read()
    derived = footprints.derive(stock, "X", ("F.SilkS", "B.SilkS"))
    old, new = sexpr.parse(stock), sexpr.parse(derived)
    assert new[1] == "X"
    silk = [g for g in new if isinstance(g, list) and g[0].startswith("fp_")
            and (sexpr.first(g, "layer") or [0, ""])[1].endswith("SilkS")]
    assert silk == []
    assert sexpr.items(new, "pad") == sexpr.items(old, "pad")
    fab = [g for g in old if isinstance(g, list) and sexpr.first(g, "layer") == ["layer", "F.Fab"]]
    assert all(g in new for g in fab)


def test_committed_derived_footprint_is_the_generators(tmp_path):
    written = footprints.write(out_dir=str(tmp_path))
    for path in written:
        rel = os.path.relpath(path, str(tmp_path))
        with open(path) as a, open(os.path.join("schematics", rel)) as b:
            assert a.read() == b.read(), rel


def test_libtable_refuses_a_library_outside_the_project(tmp_path):
    (tmp_path / "fp-lib-table").write_text(
        '(fp_lib_table (version 7) (lib (name "X")(type "KiCad")'
        '(uri "${KICAD9_FOOTPRINT_DIR}/X.pretty")(options "")(descr "")))')
    with pytest.raises(SystemExit, match="not inside the project"):
        libtable.read("footprint", str(tmp_path))
    assert "Shield" in libtable.read("footprint")


def test_sexpr_quotes_and_balance():
    node = sexpr.parse('(a "b c" (d "e\\"f") 1.5)')
    assert node[1] == "b c" and sexpr.first(node, "d")[1] == 'e"f'
    with pytest.raises(ValueError):
        sexpr.parse("(a (b)")


def test_bom_expands_pieces(data):
    rows = bom.expand([{"References": "J1", "Footprint": "Shield:Arduino_UNO_R3_Shield"},
                       {"References": "Q1,Q2,Q3", "Footprint": "x:y"}], data)
    assert [(r["References"], r["MPN"], r["Qty"]) for r in rows] == [
        ("J1A,J1B", "TSW-108-07-G-S", "2"), ("J1C", "TSW-110-07-G-S", "1"),
        ("J1D", "TSW-106-07-G-S", "1"), ("Q1,Q2,Q3", "2N7000", "3")]
    assert rows[-1]["Fitting"] == "hand-solder (do not place)"


def test_polarity_letters_keep_their_pads():
    """S by pad 1's lead (source), G by the gate's, D by pad 3's, inside Q2's body outline
    (x 2.0-7.19 from pad 1 at 11.0); R level with the LED's pad 1, left of it, G level with
    pad 3, right of it; each letter owned by its part."""
    place = placement.placement()
    marks = {(t[0], t[5]): (t[1], t[2]) for t in placement.silk_texts() if t[5]}
    x, y, _ = place["Q2"]
    s, g, d = (marks[(w, "Q2")] for w in "SGD")
    assert all(x - 9.0 < m[0] < x - 3.81 for m in (s, g, d))
    assert abs(s[1] - y) < 0.5 and abs(g[1] - (y - 1.27)) < 0.01 and abs(d[1] - (y - 2.54)) < 0.5
    lx, ly, _ = place["LED7"]
    assert marks[("R", "LED7")] == pytest.approx((lx - 1.9, ly))
    assert marks[("G", "LED7")] == pytest.approx((lx + 6.98, ly))
