"""tests/case/common.py - what the case's tests share: the shield, the Uno and the layout
read once, where `make case` left its outputs (CASE_BUILD, default build/case), and the
menu table's export the case is made from (CASE_MENU, default build/gen/menu.json)."""
import functools
import json
import os

from case import caselib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PCB = os.path.join(ROOT, "schematics", "ttt-shield.kicad_pcb")
BUILD = os.environ.get("CASE_BUILD") or os.path.join(ROOT, "build", "case")
MENU = os.environ.get("CASE_MENU") or os.path.join(ROOT, "build", "gen", "menu.json")


@functools.lru_cache(maxsize=None)
def board():
    return caselib.read_board(PCB)


@functools.lru_cache(maxsize=None)
def uno():
    return caselib.load_uno()


@functools.lru_cache(maxsize=None)
def lay():
    return caselib.layout(board(), uno())


def params():
    with open(os.path.join(BUILD, "case-params.json")) as f:
        return json.load(f)


def design(**changes):
    """DESIGN with some values changed (a planted mistake)."""
    d = dict(caselib.DESIGN)
    d.update(changes)
    return d


def failing(findings, check):
    return [f for f in findings if f.check == check and not f.ok]
