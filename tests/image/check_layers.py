"""tests/image/check_layers.py - proves the firmware's rooms depend only downwards:

    app -> console -> game -> engine -> hal -> board

in two ways, so that neither a header nor the linker can hide a way back up:

1. Includes. Every `#include "..."` in a room's .c and .h files must name a header of
   the room itself or of a room it may use (the table ALLOWED below). A header that no
   room owns, or that two rooms own, fails too (a name would resolve by accident of -I
   order).
2. Symbols. From the objects of the AVR build without -flto (one .o per source file),
   every symbol a room's object leaves undefined must be defined by the room itself or
   by a room it may use, or by the C runtime (avr-libc, libgcc). A function defined in
   app and called from console (the link-time cycle this check was written for) fails
   here even when no header declares it.

The HAL's chip side (hal/avr/) and its host fakes (hal/host/) are the same room as the
contract headers in hal/; the host fakes are not part of the firmware image and are
checked by includes only. The HAL names nothing of firmware/: no include of a firmware
header, nor any include path through firmware/. The engine and the judge CLI
(firmware/tools) use only the HAL's CRC-16 and PROGMEM access.

usage: python3 -m tests.image.check_layers OBJ_DIR      (OBJ_DIR: build/avr-su/obj)
(tests/image/test_check_layers.py: a small tree with an upward include, an upward call, a
HAL include of firmware/, the game including uart.h must each fail, a clean one pass)
"""
import os
import re
import subprocess
import sys

# Which rooms each room may use (itself included implicitly).
ALLOWED = {
    "board": set(),
    "hal": {"board"},
    "hal_avr": {"hal", "board"},
    "hal_host": {"hal", "board"},
    "engine": {"hal"},
    "game": {"engine", "hal"},
    "console": {"game", "engine", "hal", "board"},
    "app": {"console", "game", "engine", "hal", "board"},
    "tools": {"engine", "hal"},
}
ROOM_DIRS = {
    "engine": ["firmware/engine"],
    "game": ["firmware/game"],
    "console": ["firmware/console"],
    "app": ["firmware/app"],
    "tools": ["firmware/tools"],
    "hal_avr": ["hal/avr"],
    "hal_host": ["hal/host"],
    "hal": ["hal"],
    "board": ["board"],
}
# Where a room may use only some of another room's headers. The pure rooms use the HAL's
# CRC-16 and PROGMEM access (crc16.h, pgm.h); the game state machine also takes key
# events and gives LED frames (keys.h, leds.h), and keeps its own records in the EEPROM
# store (eeprom_store.h, records.c: the store's ids and byte layouts are the game's
# data), and nothing else of the HAL: no power or timing (the app hands it what it
# needs), and no UART: the game prints nothing, it reports what happened and the
# console says it.
HAL_SHARED = {"crc16.h", "pgm.h"}
ONLY_HEADERS = {
    ("engine", "hal"): HAL_SHARED,
    ("tools", "hal"): HAL_SHARED,
    ("game", "hal"): HAL_SHARED | {"keys.h", "leds.h", "eeprom_store.h"},
}
# Rooms that may not name firmware/ in any include, whatever the header.
NO_FIRMWARE_PATHS = {"hal", "hal_avr", "hal_host", "board"}
# The chip side and the host fakes implement the contract: a symbol they define counts
# as the contract's.
IMPLEMENTS = {"hal_avr": "hal", "hal_host": "hal"}
# Generated at build time, owned by the engine (firmware/engine/gen_table.c, gen_fade.c).
GENERATED = {name: "engine" for name in ("table_gen.h", "table_data.c", "misere_gen.h",
                                         "misere_table_data.c", "fade_gen.h",
                                         "fade_table_data.c")}
OWN_DIRS = {d for dirs in ROOM_DIRS.values() for d in dirs}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def room_files():
    """(room, path) for every .c/.h file of every room."""
    for room, dirs in ROOM_DIRS.items():
        for top in dirs:
            if not os.path.isdir(top):
                continue
            for name in sorted(os.listdir(top)):
                path = os.path.join(top, name)
                if os.path.isfile(path) and name.endswith((".c", ".h")):
                    yield room, path
                elif os.path.isdir(path) and path not in OWN_DIRS:
                    for dirpath, _, names in os.walk(path):
                        for sub in sorted(names):
                            if sub.endswith((".c", ".h")):
                                yield room, os.path.join(dirpath, sub)


def check_includes(errors):
    owners = {}
    files = list(room_files())
    for room, path in files:
        if path.endswith(".h"):
            # a header of the chip side or the fakes (pgm.h: one per side, found by the
            # include path) is the contract's
            owners.setdefault(os.path.basename(path), set()).add(IMPLEMENTS.get(room, room))
    for name, room in GENERATED.items():
        owners.setdefault(name, set()).add(room)
    for name, rooms in sorted(owners.items()):
        if len(rooms) > 1:
            errors.append("header %s is owned by several rooms: %s"
                          % (name, ", ".join(sorted(rooms))))
    count = 0
    for room, path in files:
        with open(path) as f:
            text = f.read()
        for line_no, name in ((text.count("\n", 0, m.start()) + 1, m.group(1))
                              for m in INCLUDE.finditer(text)):
            count += 1
            if room in NO_FIRMWARE_PATHS and "firmware/" in name:
                errors.append("%s:%d: %s includes %s: the HAL names nothing of firmware/" % (
                    path, line_no, room, name))
                continue
            base = os.path.basename(name)
            owner = owners.get(base)
            if not owner:
                errors.append("%s:%d: includes %s, which no room owns" % (path, line_no, name))
                continue
            (target,) = tuple(owner)[:1]
            only = ONLY_HEADERS.get((room, target))
            if target != room and target in ALLOWED[room] and only is not None and base not in only:
                errors.append("%s:%d: %s includes %s; of %s it may use only %s" % (
                    path, line_no, room, name, target, ", ".join(sorted(only))))
            elif target != room and target not in ALLOWED[room]:
                errors.append("%s:%d: %s includes %s from %s (%s may use: %s)" % (
                    path, line_no, room, name, target, room,
                    ", ".join(sorted(ALLOWED[room])) or "nothing"))
    return count


def room_of_object(path, obj_dir):
    """The room whose directory is the longest prefix of the object's source path."""
    rel = os.path.relpath(path, obj_dir)
    if rel.startswith("build/gen/"):
        return "engine"
    best, best_len = None, -1
    for room, dirs in ROOM_DIRS.items():
        for top in dirs:
            if rel.startswith(top + "/") and len(top) > best_len:
                best, best_len = room, len(top)
    return best


def nm(path):
    out = subprocess.run(["avr-nm", path], check=True, capture_output=True, text=True).stdout
    defined, undefined = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == "U":
            undefined.add(parts[1])
        elif len(parts) == 3 and parts[1] in "TDBRCW":
            defined.add(parts[2])
    return defined, undefined


def check_symbols(obj_dir, errors):
    objects = []
    for dirpath, _, names in os.walk(obj_dir):
        for name in sorted(names):
            if name.endswith(".o"):
                path = os.path.join(dirpath, name)
                room = room_of_object(path, obj_dir)
                source = os.path.relpath(path, obj_dir)[:-2] + ".c"
                if room is None or not os.path.exists(source):
                    continue  # tests and bench firmware; objects left from deleted sources
                objects.append((room, path) + nm(path))
    definer = {}
    for room, path, defined, _ in objects:
        for sym in defined:
            definer.setdefault(sym, set()).add(IMPLEMENTS.get(room, room))
    count = 0
    for room, path, _, undefined in objects:
        for sym in sorted(undefined):
            rooms = definer.get(sym)
            if not rooms:
                continue  # avr-libc / libgcc
            count += 1
            if room not in rooms and not rooms & ALLOWED[room]:
                errors.append("%s (%s) uses %s, defined in %s" % (
                    os.path.relpath(path, obj_dir), room, sym, ", ".join(sorted(rooms))))
    return len(objects), count


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    errors = []
    includes = check_includes(errors)
    objects, links = check_symbols(sys.argv[1], errors)
    if objects == 0:
        errors.append("no objects under %s: build the firmware first" % sys.argv[1])
    for e in errors:
        print("check_layers: " + e)
    if errors:
        sys.exit(1)
    print("check_layers: %d includes and %d cross-object symbols in %d objects all point down"
          % (includes, links, objects))


if __name__ == "__main__":
    main()
