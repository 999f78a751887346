"""tests/image/test_field_touches.py - planted cases for field_touches.py: a test that
reaches into game_t is counted, an accessor or another struct's field is not."""
from tests.image import field_touches as ft

HEADER = """
typedef struct {
    uint8_t state; /* a comment; with a semicolon */
    pos_t pos;
    uint16_t report[4];
    settings_t settings;
} game_t;
"""


def test_fields_read_from_the_header():
    assert ft.game_fields(HEADER) == ["state", "pos", "report", "settings"]


def test_touches_counted_through_game_t_variables_only():
    fields = ft.game_fields(HEADER)
    text = """
    game_t g, *h;
    other_t o;
    g.pos = p;                 /* 1 */
    x = h->settings.mode;      /* 2 */
    y = g.report[0];           /* 3 */
    z = game_pos(&g).x;        /* an accessor */
    w = o.pos;                 /* not a game_t */
    v = g.unknown;             /* not a member */
    """
    assert ft.touches(text, fields) == 3


def test_the_tree_counts_only_in_the_helpers():
    per_file = ft.count(".")
    assert set(per_file) <= set(ft.HELPERS), per_file
