"""tests/case/test_assembly.py - the print sheet replayed on the meshes (case/assembly.py,
its report build/case/assembly.json from `make case`): every step ends with each part
where the design has it, the lip home, no switch held and every key able to reach its end
stop, also at both ends of the stack-up; every step reports its pairs' gaps. Planted: the
old step 3 (the lid top face down on the bench: the caps rest on it, the base stalls on
the plungers) and a cap turned 180 degrees (it stops on its cell's key)."""
import functools
import json
import os

import pytest

from case import assembly, caselib, dexels
from tests.case.common import BUILD, board, uno


@functools.lru_cache(maxsize=None)
def report():
    with open(os.path.join(BUILD, "assembly.json")) as f:
        return json.load(f)


@functools.lru_cache(maxsize=None)
def params():
    with open(os.path.join(BUILD, "case-params.json")) as f:
        return json.load(f)


def replay(**kw):
    return assembly.replay(board(), uno(), params(), assembly.printed(BUILD, params()), **kw)


def test_the_sheet_goes_together():
    r = report()
    assert r["checks"]["fails"] == [] and r["checks"]["ok"]
    assert r["checks"]["lip"] == pytest.approx(caselib.DESIGN["lip_h"])
    assert [s["step"][0] for s in r["steps"]] == ["1", "2", "3", "4", "5"]


@pytest.mark.parametrize("end", ["high", "low"])
def test_the_stack_up_holds(end):
    """Both boards +-0.16 mm, the headers at their data's tolerance, the plunger +-0.4, the
    shield 0.5 mm high: no key held, every key reaches its end stop."""
    v = report()["variants"][end]
    assert v["fails"] == [], v["fails"]
    assert min(c["shoulder"] for c in v["caps"]) > 0
    assert min(c["room"] for c in v["caps"]) >= 0.45


def test_every_step_reports_its_gaps():
    for s in report()["steps"]:
        assert s["moves"] and s["gaps"], s["step"]
        assert all(g[2] >= -0.01 for g in s["gaps"]), [g for g in s["gaps"] if g[2] < -0.01]
    last = {(g[0], g[1]): g[2] for g in report()["steps"][-1]["gaps"]}
    for c in range(1, 10):    # resting on its plunger, its head 0.3 mm from the opening
        assert last[("SW%d's plunger" % c, "cap %d" % c)] == pytest.approx(0, abs=0.01)
        play = caselib.DESIGN["cap_play"]
        assert last[("cap %d" % c, "the lid")] == pytest.approx(play, abs=0.03)


def test_the_old_step_3_is_caught():
    """The lid top face down on the bench: the caps sit on it, flush with the lid's top,
    and the base stalls on the plungers with its lip out of the rebate."""
    fails = replay(jig=False)[1]["fails"]
    assert any(f.startswith("3: cap 5 stops") for f in fails)
    assert any(f.startswith("4: the base with the boards stops") and "short" in f for f in fails)
    assert any(f.startswith("4: the lip") for f in fails)


def test_a_cap_turned_180_degrees_is_caught():
    turned = os.path.join(BUILD, "planted", "case-cap5-turned.stl")
    parts = [p for p in assembly.printed(BUILD, params()) if p.name != "cap 5"]
    parts.append(assembly.mesh("cap 5", "case", dexels.read_stl(turned)))
    fails = assembly.replay(board(), uno(), params(), parts)[1]["fails"]
    assert any(f.startswith("3: cap 5 stops") and "short" in f for f in fails)
