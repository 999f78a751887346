"""tests/image/room_sizes.py - flash bytes per room, read from a linker map of the firmware
built without -flto (with -flto every function lands in one anonymous ltrans object).

Usage: python3 -m tests.image.room_sizes build/avr-su/ttt.map
Prints one line per room, "room_flash_bytes_<room> N", for .text/.progmem/.data input
sections that survived --gc-sections, attributed by the object's source path:
firmware/<room>/..., hal/... (pure and chip side together), the generated solution
table (build/gen/table_data.c, firmware/engine/gen_table.c's output) to the engine, and
"runtime" for avr-libc and libgcc (vectors, startup, division). The per-room figures add
up to the image's .text + .data of that build (tests/image/test_room_sizes.py).
"""
import os
import re
import sys

from tests.image.check_layers import IMPLEMENTS, room_of_object  # the one room map

ROOMS = ["engine", "game", "console", "app", "hal", "runtime"]
INPUT = re.compile(r"^ (\.\S+)?\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+\.(?:o|a\(.*\)))\s*$")


def room_of(path, obj_dir):
    """The room of an object in the map (as check_layers.py decides it, the chip side
    counted with the HAL); avr-libc and libgcc are "runtime"."""
    room = room_of_object(path, obj_dir)
    room = IMPLEMENTS.get(room, room)
    return room if room in ROOMS else "runtime"


def room_sizes(lines, obj_dir):
    """{room: flash bytes} from the lines of a linker map."""
    sizes = dict.fromkeys(ROOMS, 0)
    in_memory_map = False
    pending = None
    output = None
    for line in lines:
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
        m = INPUT.match(line)
        if m and (m.group(1) or pending):
            sizes[room_of(m.group(4), obj_dir)] += int(m.group(3), 16)
        pending = None
    return sizes


def main(argv):
    if len(argv) != 1:
        sys.exit(__doc__)
    with open(argv[0]) as f:
        sizes = room_sizes(f, os.path.join(os.path.dirname(argv[0]), "obj"))
    for room in ROOMS:
        print("room_flash_bytes_%s %d" % (room, sizes[room]))
    print("room_flash_bytes_total %d" % sum(sizes.values()))


if __name__ == "__main__":
    main(sys.argv[1:])
