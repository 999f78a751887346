#!/usr/bin/env python3
"""room_sizes.py - flash bytes per room, read from a linker map of the firmware built
without -flto (with -flto every function lands in one anonymous ltrans object).

Usage: room_sizes.py build/avr-su/ttt.map
Prints one line per room, "room_flash_bytes_<room> N", for .text/.progmem/.data input
sections that survived --gc-sections, attributed by the object's source path:
firmware/<room>/..., hal/... (pure and chip side together), the generated solution
table (build/gen/table_data.c, firmware/engine/gen_table.c's output) to the engine, and
"runtime" for avr-libc and libgcc (vectors, startup, division). The per-room figures add up to the image's
.text + .data of that build.
"""
import re
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_layers import IMPLEMENTS, room_of_object  # noqa: E402 (the one room map)

ROOMS = ["engine", "game", "console", "app", "hal", "runtime"]


def room_of(path, obj_dir):
    """The room of an object in the map (as check_layers.py decides it, the chip side
    counted with the HAL); avr-libc and libgcc are "runtime"."""
    room = room_of_object(path, obj_dir)
    room = IMPLEMENTS.get(room, room)
    return room if room in ROOMS else "runtime"


def main():
    sizes = dict.fromkeys(ROOMS, 0)
    in_memory_map = False
    pending = None
    output = None
    obj_dir = os.path.join(os.path.dirname(sys.argv[1]), "obj")
    with open(sys.argv[1]) as f:
        for line in f:
            if line.startswith("Linker script and memory map"):
                in_memory_map = True
                continue
            if not in_memory_map:
                continue
            # An output section starts at column 0; only .text and .data take flash.
            m = re.match(r"^(\.\S+)", line)
            if m:
                output = m.group(1)
                pending = None
                continue
            if output not in (".text", ".data"):
                continue
            # An input section: " .text.name  0xaddr  0xsize  object" (the name may sit
            # alone on its line when long; its address/size/object follow on the next).
            m = re.match(r"^ (\.\S+)\s*$", line)
            if m:
                pending = m.group(1)
                continue
            m = re.match(r"^ (\.\S+)?\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+\.(?:o|a\(.*\)))\s*$", line)
            if m and (m.group(1) or pending):
                size, obj = int(m.group(3), 16), m.group(4)
                sizes[room_of(obj, obj_dir)] += size
            pending = None
    for room in ROOMS:
        print("room_flash_bytes_%s %d" % (room, sizes[room]))
    print("room_flash_bytes_total %d" % sum(sizes.values()))


if __name__ == "__main__":
    main()
