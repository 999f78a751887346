"""schematics/gen/circuit.py - the shield's circuit as the designer means it: every part
pin and the net it belongs to. The schematic writer draws exactly this (a label or power
symbol per pin, a wire where two neighbouring pins share a net), and the circuit-intent
check compares KiCad's own netlist of the drawn schematic with it (tests/shield/).

Nets named here are the schematic's labels; the MCU nets carry the names of
board/uno_shield_r3/pins.h (the pin-map test joins both). Pin numbers are the stock
symbols' (and footprints'): Device:R 1/2; Device:D 1 = K, 2 = A; Device:LED_Dual_AKA
1 = A1 (red die), 2 = K, 3 = A2 (green die); Transistor_FET:2N7000 1 = S, 2 = G, 3 = D;
Switch:SW_Push 1/2; Device:Buzzer 1 = +, 2 = -. Standard library only; nothing happens at
import time.
"""

# Uno header pin -> net. Must agree with board/uno_shield_r3/pins.h (check_pinmap.py).
UNO_NET = {
    "D2": "LED_C0_R", "D3": "LED_C0_G", "D4": "LED_C1_R", "D5": "LED_C1_G",
    "D6": "LED_C2_R", "D7": "LED_C2_G",
    "D8": "LED_ROW0", "D9": "LED_ROW1", "D10": "LED_ROW2",
    "A0": "KEY_COL0", "A1": "KEY_COL1", "A2": "KEY_COL2",
    "A3": "KEY_ROW0", "A4": "KEY_ROW1", "A5": "KEY_ROW2",
    "D11": "SOUND",
}
# Uno pins the shield leaves alone (each gets a no-connect flag). SDA/SCL (31/32) are
# A4/A5 again on the Uno board itself: the shield uses them through A4/A5 only.
UNO_UNUSED = ["D0", "D1", "D12", "D13", "RESET", "IOREF", "AREF", "3V3", "VIN",
              "SDA", "SCL"]
UNO_MCU = {**{"D%d" % i: "PD%d" % i for i in range(8)},
           **{"D%d" % (8 + i): "PB%d" % i for i in range(6)},
           **{"A%d" % i: "PC%d" % i for i in range(6)}}
POWER_NETS = ("GND", "+5V")
COLOURS = (("R", "red"), ("G", "green"))


def column_resistor(c, colour):
    """Reference of the resistor feeding colour column c ('R' red, 'G' green)."""
    return "R%d" % (1 + 2 * c + (0 if colour == "R" else 1))


def circuit():
    """{reference: {pin number: net}} of every part except J1 (the Uno, see UNO_NET)."""
    pins = {}
    for c in range(3):
        for colour, _name in COLOURS:
            pins[column_resistor(c, colour)] = {"1": "LED_C%d_%s" % (c, colour),
                                                "2": "LED_A%d_%s" % (c, colour)}
    for r in range(3):
        for c in range(3):
            i = 3 * r + c + 1
            red, green = "LED_A%d_R" % c, "LED_A%d_G" % c
            pins["LED%d" % i] = {"1": red, "2": "LED_K%d" % r, "3": green}
    for r in range(3):
        gate = "ROW%d_GATE" % r
        pins["R%d" % (7 + r)] = {"1": "LED_ROW%d" % r, "2": gate}     # gate series
        pins["Q%d" % (1 + r)] = {"1": "GND", "2": gate, "3": "LED_K%d" % r}
        pins["R%d" % (10 + r)] = {"1": gate, "2": "GND"}              # gate pull-down
    for r in range(3):
        for c in range(3):
            i = 3 * r + c + 1
            pins["SW%d" % i] = {"1": "KEY_COL%d" % c, "2": "KEY%d_D" % i}
            pins["D%d" % i] = {"2": "KEY%d_D" % i, "1": "KEY_ROW%d" % r}
    # The sounder: the piezo from OC2A (D11, also ISP's MOSI) through a series resistor
    # that bounds the pin's current and keeps a programmer's MOSI edges sharp.
    pins["R13"] = {"1": "SOUND_BZ", "2": "SOUND"}
    pins["BZ1"] = {"1": "SOUND_BZ", "2": "GND"}
    return pins


def nets(uno_pin_numbers):
    """{net: sorted [(ref, pin)]} including J1, given {uno name: [J1 pin numbers]}."""
    out = {}
    for ref, pinmap in circuit().items():
        for pin, net in pinmap.items():
            out.setdefault(net, []).append((ref, pin))
    for uno, net in UNO_NET.items():
        out.setdefault(net, []).append(("J1", uno_pin_numbers[uno][0]))
    for net in POWER_NETS:
        for num in uno_pin_numbers.get(net, []):
            out.setdefault(net, []).append(("J1", num))
    return {n: sorted(p) for n, p in out.items()}
