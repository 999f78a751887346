"""tests/image/test_room_sizes.py - a planted linker map: each input section of .text and
.data counts for the room of its object (a long name alone on its line too), the
generated table for the engine, the chip side for the HAL, avr-libc for the runtime;
sections of other outputs and the part before the memory map do not count."""
from tests.image import room_sizes

MAP = """Archive member included to satisfy reference by file (symbol)
 .text.not_counted 0x0 0x999 obj/firmware/app/app.o
Linker script and memory map

.text           0x0000000000000000     0x3bf8
 .text          0x00000000000006e8        0x2 /usr/lib/avr/lib/avr5/crtatmega328p.o
 .text.startup.main
                0x00000000000006ea        0x6 obj/firmware/app/main.o
 .text.app_step 0x00000000000007b8      0x220 obj/firmware/app/app.o
 .text.leds_isr 0x0000000000000a00       0x10 obj/hal/avr/leds.o
 .progmem.data  0x0000000000000b00       0x80 obj/build/gen/table_data.o
 .text.udivmod  0x0000000000000c00       0x30 /usr/lib/gcc/avr/5.4.0/avr5/libgcc.a(_udivmodhi4.o)
.data           0x0000000000800100       0x12
 .data          0x0000000000800100       0x12 obj/firmware/console/console.o
.bss            0x0000000000800112       0x40
 .bss           0x0000000000800112       0x40 obj/firmware/game/game.o
"""


def test_a_planted_map_is_counted_per_room():
    sizes = room_sizes.room_sizes(MAP.splitlines(keepends=True), "obj")
    assert sizes == {"engine": 0x80, "game": 0, "console": 0x12, "app": 0x6 + 0x220,
                     "hal": 0x10, "runtime": 0x2 + 0x30}
