"""tests/shield/test_pinmap.py - check_pinmap's header mutation (the PD2/PD3 swap make
test-kicad-pinmap plants in a copy of board/) on the layouts pins.h has or may take, and
its refusal of a header without the pair (it must not pass silently unmutated)."""
import pytest

from tests.shield.check_pinmap import mutate_header_text

P = "BOARD_PIN(BOARD_PORT_D, %d)"
CASES = [  # (name, text, what PD2/PD3 must read afterwards)
    ("brace lists", "#define RED { %s, %s }\n#define GREEN { %s, %s }\n"
     % (P % 2, P % 4, P % 3, P % 5), "#define RED { %s, %s }\n#define GREEN { %s, %s }\n"
     % (P % 3, P % 4, P % 2, P % 5)),
    ("named macros", "#define BOARD_LED_C0_R  BOARD_PIN(BOARD_PORT_D,2)\n"
     "#define BOARD_LED_C0_G\tBOARD_PIN( BOARD_PORT_D , 3 )\n",
     "#define BOARD_LED_C0_R  BOARD_PIN(BOARD_PORT_D,3)\n"
     "#define BOARD_LED_C0_G\tBOARD_PIN( BOARD_PORT_D , 2 )\n"),
    ("continuation lines", "#define A \\\n    BOARD_PIN(\\\n  BOARD_PORT_D, 2 \\\n )\n"
     "#define B BOARD_PIN(BOARD_PORT_D,\n 3)\n",
     "#define A \\\n    BOARD_PIN(\\\n  BOARD_PORT_D, 3 \\\n )\n"
     "#define B BOARD_PIN(BOARD_PORT_D,\n 2)\n"),
    ("PD12 is not PD2", "%s %s BOARD_PIN(BOARD_PORT_D, 12) BOARD_PIN(BOARD_PORT_B, 2)"
     % (P % 2, P % 3), "%s %s BOARD_PIN(BOARD_PORT_D, 12) BOARD_PIN(BOARD_PORT_B, 2)"
     % (P % 3, P % 2)),
]


@pytest.mark.parametrize("name,text,want", CASES, ids=[c[0] for c in CASES])
def test_swap(name, text, want):
    got, found = mutate_header_text(text)
    assert got == want
    assert found["2"] >= 1 and found["3"] >= 1


@pytest.mark.parametrize("text", [P % 2 + P % 4,
                                  "BOARD_PIN(BOARD_PORT_C, 2), BOARD_PIN(BOARD_PORT_C, 3)"],
                         ids=["no PD3", "other port"])
def test_refuses_a_header_without_the_pair(text):
    with pytest.raises(SystemExit):
        mutate_header_text(text)
