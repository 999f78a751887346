"""schematics/gen/board.py - the board's identity, one place: its name, revision, date and
licence. The silkscreen prints them (placement.py), the schematic's and the PCB's title
blocks carry them (schematic.py, pcb.py), the fab zip and the assembly drawings are
named by them (fab.py, assembly.py). Data only; nothing happens at import time.
"""
NAME = "Tic-tac-toe shield"
REVISION = "r3"
DATE = "2026-11"            # the revision's date, year and month
# The hardware's licence as printed: LICENSE.md, the repository's licences.
LICENCE = "CERN-OHL-S-2.0"
FAB_NAME = "ttt-shield-" + REVISION
