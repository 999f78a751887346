"""tests/game/test_legend.py - make play's legend is one text, sim/legend.txt, read by both
terminal boards: its facts filled in (build/gen/legend.txt, tests/docs/facts.py),
print_menu writes it into build/gen/legend.h (ttt-sim, C) and into build/gen/legend.json
(ttt-sim-js, through esbuild), with the statistics' lines made from firmware/game/bars.h.
The two must hold the same lines, each within 70 columns, the bars' labels among them,
and neither sim/ttt_sim.c nor sim/web/src/play.js a copy of its own.
Planted: a differing legend.h, a line too long, a missing menu row."""
import json
import os
import re
import subprocess

import pytest

GEN = os.environ.get("GEN_DIR", "build/gen")
PRINT_MENU = os.environ.get("PRINT_MENU", "build/host/firmware/game/print_menu")
WIDTH = 70
C_LINE = re.compile(r'^\s*\{(-?\d+), "((?:[^"\\]|\\.)*)"\},$')


def c_legend(text):
    """legend.h's lines as legend.json writes them: a string, or the menu row and its note."""
    lines = []
    for m in filter(None, (C_LINE.match(line) for line in text.splitlines())):
        row, body = int(m.group(1)), m.group(2)
        lines.append(body if row < 0 else {"menu_row": row, "note": body})
    count = re.search(r"#define LEGEND_LINES (\d+)", text)
    if not count or int(count.group(1)) != len(lines):
        raise ValueError("legend.h: LEGEND_LINES is not its number of lines")
    return lines


def differences(c_lines, js_lines):
    return [(i, a, b) for i, (a, b) in enumerate(zip(c_lines, js_lines)) if a != b] + (
        [("count", len(c_lines), len(js_lines))] if len(c_lines) != len(js_lines) else [])


def menu():
    with open(os.path.join(GEN, "menu.json")) as f:
        return json.load(f)


def legend():
    with open(os.path.join(GEN, "legend.json")) as f:
        return json.load(f)["legend"]


def legend_h():
    with open(os.path.join(GEN, "legend.h")) as f:
        return f.read()


def rendered(table):
    """Every legend line as the terminals draw it (a menu row: key, label in 14, note)."""
    labels = [c["long"] for c in table["cells"]]
    out = []
    for line in legend():
        if isinstance(line, str):
            out.append(line)
        else:
            r = line["menu_row"]
            out.append("".join("%d %-14s" % (3 * r + c + 1, labels[3 * r + c])
                               for c in range(3)) + line["note"])
    return out


def test_c_and_js_legends_are_the_same_lines():
    assert differences(c_legend(legend_h()), legend()) == []
    assert [line.get("menu_row") for line in legend() if not isinstance(line, str)] \
        == [0, 1, 2]


def test_a_differing_legend_h_is_caught():
    planted = legend_h().replace("READING THE BOARD", "READING THE BORD", 1)
    assert differences(c_legend(planted), legend())
    shorter = re.sub(r'\n\s*\{-1, "A press[^\n]*', "", legend_h())
    with pytest.raises(ValueError):
        c_legend(shorter)


def test_lines_fit_and_carry_the_bars():
    table = menu()
    lines = rendered(table)
    assert max(len(line) for line in lines) <= WIDTH, [line for line in lines if len(line) > WIDTH]
    text = " ".join(lines)
    for picture in table["stats"]["pictures"]:
        for column in filter(None, picture["columns"]):
            assert column["label"] in text and column["label"] in table["stats"]["text"]
            assert column["words"] in table["stats"]["text"]
    assert "abandoned" in text and "dark" in text


def test_no_hand_kept_copy_in_the_terminals():
    lines = [line for line in legend() if isinstance(line, str) and len(line) > 30]
    for source in ("sim/ttt_sim.c", "sim/web/src/play.js"):
        with open(source) as f:
            body = f.read()
        assert not [line for line in lines if line in body], source


@pytest.mark.parametrize("bad", ["x" * (WIDTH + 1), None])
def test_a_bad_legend_is_refused(tmp_path, bad):
    with open(os.path.join(GEN, "legend.txt")) as f:
        lines = f.read().splitlines()
    if bad is None:
        lines.remove(next(line for line in lines if line.startswith("@MENU@")))
    else:
        lines.append(bad)
    path = tmp_path / "legend.txt"
    path.write_text("\n".join(lines) + "\n")
    for args in (["--legend-json", str(path)], ["--legend-c", str(path)]):
        run = subprocess.run([PRINT_MENU] + args, capture_output=True, text=True)
        assert run.returncode != 0 and "legend.txt" in run.stderr
