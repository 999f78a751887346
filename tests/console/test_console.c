/* tests/console/test_console.c - the serial console: line assembly (CRLF, overlong lines,
 * garbage bytes, NULs, backspace), every command and its errors, and `solve` checked
 * on all 3^9 boards in both judge formats against a reference minimax, and a fuzz of
 * keys, time and lines that must leave the game consistent. */
#include <stdarg.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "commands.h"
#include "console_test_util.h"
#include "engine.h"
#include "fade.h"
#include "play.h"
#include "menu.h"
#include "hal_fake.h"
#include "uart.h"

static game_t g;
static console_t con;

static int setup(void **state)
{
    (void)state;
    play_init();
    return 0;
}

static int fresh(void **state)
{
    (void)state;
    gtu_start(&g, GAME_MODE_AI_X, LEVEL_PERFECT, 1);
    console_init(&con);
    gtu_clear();
    return 0;
}

static void feed(const char *bytes, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        console_feed(&con, &g, (uint8_t)bytes[i]);
    }
}

static void feed_str(const char *s)
{
    feed(s, strlen(s));
}

static void test_line_assembler(void **state)
{
    console_line_t l;
    const char *s = "abc\tD";
    (void)state;
    console_line_init(&l);
    while (*s) {
        assert_int_equal(console_line_feed(&l, (uint8_t)*s++), CONSOLE_LINE_NONE);
    }
    assert_int_equal(console_line_feed(&l, '\r'), CONSOLE_LINE_READY);
    assert_string_equal(l.buf, "abc D");
    assert_int_equal(console_line_feed(&l, '\n'), CONSOLE_LINE_READY);
    assert_string_equal(l.buf, "");
    /* Spaces are kept between words only, one each. */
    s = " \t move \t 5  ";
    while (*s) {
        assert_int_equal(console_line_feed(&l, (uint8_t)*s++), CONSOLE_LINE_NONE);
    }
    assert_int_equal(console_line_feed(&l, '\n'), CONSOLE_LINE_READY);
    assert_string_equal(l.buf, "move 5");
    /* Exactly CONSOLE_LINE_MAX characters fit; one more is an error at the end. */
    for (unsigned i = 0; i < CONSOLE_LINE_MAX; i++) {
        assert_int_equal(console_line_feed(&l, 'a'), CONSOLE_LINE_NONE);
    }
    assert_int_equal(console_line_feed(&l, '\n'), CONSOLE_LINE_READY);
    assert_int_equal(strlen(l.buf), CONSOLE_LINE_MAX);
    for (unsigned i = 0; i < CONSOLE_LINE_MAX + 1; i++) {
        console_line_feed(&l, 'a');
    }
    assert_int_equal(console_line_feed(&l, '\n'), CONSOLE_LINE_TOO_LONG);
    /* A NUL or a byte >= 0x80 poisons the line; the next line is fine. */
    console_line_feed(&l, 'b');
    console_line_feed(&l, '\0');
    console_line_feed(&l, 'c');
    assert_int_equal(console_line_feed(&l, '\n'), CONSOLE_LINE_BAD_CHAR);
    console_line_feed(&l, 0xC3);
    assert_int_equal(console_line_feed(&l, '\n'), CONSOLE_LINE_BAD_CHAR);
    console_line_feed(&l, 'o');
    console_line_feed(&l, 'k');
    assert_int_equal(console_line_feed(&l, '\n'), CONSOLE_LINE_READY);
    assert_string_equal(l.buf, "ok");
    /* No line editing: backspace and DEL are bad characters, even when they would
     * leave an empty line (every garbage line gets its one error). */
    console_line_feed(&l, 'z');
    console_line_feed(&l, 0x7F);
    assert_int_equal(console_line_feed(&l, '\n'), CONSOLE_LINE_BAD_CHAR);
    console_line_feed(&l, 'z');
    console_line_feed(&l, '\b');
    assert_int_equal(console_line_feed(&l, '\n'), CONSOLE_LINE_BAD_CHAR);
}

/* Issue 35's lines: a cell chosen in the menu, with what it holds now; the statistics
 * shown; where a lost game went wrong; the toy. */
static void test_people_reports(void **state)
{
    static const struct {
        game_report_t r;
        const char *line;
    } cases[] = {
        {{.kind = GAME_REP_STATS, .mode = GAME_MODE_AI_X, .level = LEVEL_MEDIUM},
         "stats you x, medium: wins 0, draws 0, losses 0, abandoned 0\n"},
        {{.kind = GAME_REP_REPLAY, .cell = 6, .player = PLAYER_X, .value = 2},
         "replay: x's 7 turned the draw into a loss; 3 would have held\n"},
        {{.kind = GAME_REP_REPLAY, .cell = 0, .player = PLAYER_O, .value = 8, .level = 1},
         "replay: o's 1 turned a win into a loss; 9 would have won\n"},
        {{.kind = GAME_REP_TOY, .value = 1}, "toy: on (a calm tap gives the game back)\n"},
        {{.kind = GAME_REP_TOY, .value = 0}, "toy: off\n"},
    };
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gtu_clear();
        gtu_queue_report(&g, &cases[i].r);
        console_report(&g);
        assert_string_equal(gtu_out(), cases[i].line);
    }
}

/* A cell chosen in the menu: its long label (menu.h) and what it holds now (the fresh
 * game's settings: colour-blind off, sound on, perfect, full); a mode or the
 * statistics, the label alone. */
static void test_menu_chosen_lines(void **state)
{
#define TC_CHOSEN(cell, action, arg, lng, shrt) {cell, GAME_MENU_##action, lng},
    static const struct {
        uint8_t cell, action;
        const char *label;
    } menu[] = {GAME_MENU(TC_CHOSEN)};
    static const char *const values[GAME_MENU_ACTION_COUNT] = {
        [GAME_MENU_COLOUR_BLIND] = ": off", [GAME_MENU_SOUND] = ": on",
        [GAME_MENU_LEVEL] = ": perfect", [GAME_MENU_BRIGHTNESS] = ": full",
        [GAME_MENU_GAME] = ": normal"};
    (void)state;
    for (size_t i = 0; i < sizeof menu / sizeof menu[0]; i++) {
        game_report_t r = {.kind = GAME_REP_MENU, .value = GAME_MENU_REP_CHOSEN};
        char want[96];
        r.cell = (uint8_t)(menu[i].cell - 1u);
        r.mode = menu[i].action;
        snprintf(want, sizeof want, "menu: %u chosen (%s%s), tap it again to set it\n",
                 menu[i].cell, menu[i].label, values[r.mode] ? values[r.mode] : "");
        gtu_clear();
        gtu_queue_report(&g, &r);
        console_report(&g);
        assert_string_equal(gtu_out(), want);
    }
}

/* The board's own lines: the banner, and each report of the game said as one line. */
static void test_banner_and_reports(void **state)
{
    static const struct {
        game_report_t r;
        const char *line;
    } cases[] = {
        {{.kind = GAME_REP_NEW, .mode = GAME_MODE_AI_X, .level = LEVEL_PERFECT},
         "new: vs ai, you x, level perfect\n"},
        {{.kind = GAME_REP_NEW, .mode = GAME_MODE_2P, .level = LEVEL_EASY},
         "new: two players, level easy\n"},
        {{.kind = GAME_REP_LEVEL, .level = LEVEL_MEDIUM}, "level: medium (next game)\n"},
        {{.kind = GAME_REP_MOVE, .cell = 4, .player = PLAYER_X}, "move: 5 (x)\n"},
        {{.kind = GAME_REP_AI_MOVE, .cell = 0, .player = PLAYER_O}, "ai: 1 (o)\n"},
        {{.kind = GAME_REP_RESULT, .player = PLAYER_X}, "result: x wins\n"},
        {{.kind = GAME_REP_RESULT, .player = PLAYER_NONE}, "result: draw\n"},
        {{.kind = GAME_REP_HINT, .cell = 8}, "hint: 9\n"},
        {{.kind = GAME_REP_ANALYSIS, .cells = 0x1C1, .wins = 0x040, .losses = 0x100},
         "analysis: 1 draw 7 win 8 draw 9 loss\n"},
        {{.kind = GAME_REP_STATS_CLEARED}, "stats: cleared\n"},
        {{.kind = GAME_REP_STUCK, .cells = 0x050}, "key: stuck 5 7, ignored until released\n"},
        {{.kind = GAME_REP_MENU, .value = 1}, GAME_MENU_LINE "\n"}, /* test_help: its form */
        {{.kind = GAME_REP_MENU, .value = 0}, "menu: closed, nothing changed\n"},
        {{.kind = GAME_REP_COLOR_BLIND, .value = 1}, "colorblind: on\n"},
        {{.kind = GAME_REP_COLOR_BLIND, .value = 0}, "colorblind: off\n"},
        {{.kind = GAME_REP_BRIGHTNESS, .value = LEDS_BRIGHT_FULL}, "brightness: full\n"},
        {{.kind = GAME_REP_BRIGHTNESS, .value = LEDS_BRIGHT_MEDIUM}, "brightness: medium\n"},
        {{.kind = GAME_REP_BRIGHTNESS, .value = LEDS_BRIGHT_NIGHT}, "brightness: night\n"},
    };
    (void)state;
    console_banner(true, false);
    assert_string_equal(gtu_out(), "ttt: ready (type help)\n");
    gtu_clear();
    console_banner(false, true);
    assert_string_equal(gtu_out(), "ttt: watchdog reset\nttt: table CRC bad, using solver\n"
                                   "ttt: ready (type help)\n");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gtu_clear();
        gtu_queue_report(&g, &cases[i].r);
        console_report(&g);
        assert_string_equal(gtu_out(), cases[i].line);
        assert_int_equal(game_reports_waiting(&g), 0);
    }
    gtu_clear();
    console_say_sleeping();
    console_say_supply_low(42);
    assert_string_equal(gtu_out(), "ttt: sleeping (press a key)\n"
                                   "ttt: supply low (4.2 V), saving waits\n");
}

static void test_errors_one_line_each(void **state)
{
    char big[300];
    (void)state;
    memset(big, 'm', sizeof big);
    feed(big, sizeof big);
    feed_str("\r\n");
    assert_string_equal(gtu_out(), "error: line too long\n");
    gtu_clear();
    feed("mo\0ve 5\n", 8);
    assert_string_equal(gtu_out(), "error: bad character\n");
    gtu_clear();
    feed("\x01\x02\xff\xfe garbage \x1b[A\n", 17);
    assert_string_equal(gtu_out(), "error: bad character\n");
    gtu_clear();
    feed_str("frobnicate\r\n");
    assert_string_equal(gtu_out(), "error: unknown command (try help)\n");
    gtu_clear();
    /* The board keeps working: a move after all that. */
    feed_str("move 5\r\n");
    assert_string_equal(gtu_out(), "move: 5 (x)\n");
    gtu_clear();
    /* Empty lines and lone CRs answer nothing. */
    feed_str("\r\n\n\r   \n");
    assert_string_equal(gtu_out(), "");
}

/* The commands as `help` lists them (commands.h): "move 1-9", ... */
#define TC_FORM(id, name, grammar, help) name grammar,
static const char *const tc_forms[] = {CONSOLE_COMMANDS(TC_FORM)};
#define TC_FORMS (sizeof tc_forms / sizeof tc_forms[0])
#define TC_NAME(id, name, grammar, help) name,
static const char *const tc_names[] = {CONSOLE_COMMANDS(TC_NAME)};

/* `help`'s commands: every form once, in the table's order, " | " between two on a line,
 * each line within 72 columns and none that the next form would still have fitted. */
static const char *check_help_commands(const char *p)
{
    size_t k = 0;
    while (k < TC_FORMS) {
        const char *nl = strchr(p, '\n');
        assert_non_null(nl);
        size_t col = 0;
        do {
            size_t n = strlen(tc_forms[k]);
            if (col) {
                assert_memory_equal(p + col, " | ", 3);
                col += 3;
            }
            if (strncmp(p + col, tc_forms[k], n) != 0) {
                fail_msg("help: '%s' not next in '%.*s'", tc_forms[k], (int)(nl - p), p);
            }
            col += n;
            k++;
        } while (p + col < nl);
        assert_true(p + col == nl && col <= 72);
        if (k < TC_FORMS) { /* wrapped only where the next would not fit */
            assert_true(col + 3 + strlen(tc_forms[k]) > 72);
        }
        p = nl + 1;
    }
    return p;
}

/* The menu's legend (menu.h): "menu:", then each cell 1-9 and its one-word label. */
static void check_menu_line(const char *line)
{
    const char *p = line + 5;
    assert_memory_equal(line, "menu:", 5);
    for (char cell = '1'; cell <= '9'; cell++) {
        assert_true(p[0] == ' ' && p[1] == cell && p[2] == ' ' && p[3] > ' ');
        p = p + 3 + strcspn(p + 3, " \n");
    }
    assert_true(*p == '\n' && p - line <= 80);
}

/* `help`: the commands (wrapped by themselves), the menu's legend, what BOARD is. */
static void test_help(void **state)
{
    (void)state;
    gtu_line(&con, &g, "help");
    const char *rest = check_help_commands(gtu_out());
    check_menu_line(rest);
    assert_string_equal(
        rest + strlen(GAME_MENU_LINE "\n"),
        "(hold 5 for 2 s; tap a cell, then tap it again; other presses quit)\n"
        "BOARD: 9 cells, 0/1/2 -> W/D/L for the side to move, ./x/o -> x/o/TIE\n");
    assert_memory_equal(rest, GAME_MENU_LINE "\n", strlen(GAME_MENU_LINE "\n"));
    /* every line fits 72 columns */
    for (const char *p = gtu_out(), *nl; (nl = strchr(p, '\n')) != NULL; p = nl + 1) {
        assert_true(nl - p <= 72);
    }
}

/* `board`, `move` and `hint` in a game vs the AI, and their errors. */
static void test_board_move_hint(void **state)
{
    (void)state;
    gtu_line(&con, &g, "board");
    assert_string_equal(gtu_out(), "...\n...\n...\nturn: x (you)\n");
    gtu_clear();
    gtu_line(&con, &g, "  MOVE \t 1 ");
    assert_string_equal(gtu_out(), "move: 1 (x)\n");
    gtu_clear();
    gtu_line(&con, &g, "move 2");
    assert_string_equal(gtu_out(), "error: not your turn\n");
    gtu_clear();
    gtu_tick(&g, GAME_AI_DELAY_MS);
    assert_string_equal(gtu_out(), "ai: 5 (o)\n");
    gtu_clear();
    gtu_line(&con, &g, "board");
    assert_string_equal(gtu_out(), "x..\n.o.\n...\nturn: x (you)\n");
    gtu_clear();
    gtu_line(&con, &g, "move 5");
    assert_string_equal(gtu_out(), "error: cell taken\n");
    gtu_clear();
    gtu_line(&con, &g, "move 0");
    gtu_line(&con, &g, "move 10");
    gtu_line(&con, &g, "move");
    gtu_line(&con, &g, "move x");
    assert_int_equal(gtu_count_lines("error: usage: move 1-9"), 4);
    gtu_clear();
    gtu_line(&con, &g, "board now");
    gtu_line(&con, &g, "help me");
    gtu_line(&con, &g, "hint 5");
    assert_string_equal(gtu_out(), "error: usage: board\nerror: unknown command (try help)\n"
                                   "error: usage: hint\n");
    gtu_clear();
    gtu_line(&con, &g, "hint");
    assert_int_equal(gtu_count_lines("hint: "), 1);
}

/* Win as two players and see the board report it; then no move, no hint. */
static void test_two_players_win(void **state)
{
    (void)state;
    gtu_line(&con, &g, "new 2p");
    assert_string_equal(gtu_out(), "new: two players, level perfect\n");
    gtu_line(&con, &g, "move 1");
    gtu_clear();
    gtu_line(&con, &g, "board"); /* the mode says why the AI does not answer */
    assert_string_equal(gtu_out(), "x..\n...\n...\nturn: o (two players, no ai)\n");
    gtu_line(&con, &g, "move 4");
    gtu_line(&con, &g, "move 2");
    gtu_line(&con, &g, "move 5");
    gtu_line(&con, &g, "move 3");
    assert_int_equal(gtu_count_lines("result: x wins"), 1);
    gtu_clear();
    gtu_line(&con, &g, "board");
    assert_string_equal(gtu_out(), "xxx\noo.\n...\nover: x wins (two players, no ai)\n");
    gtu_clear();
    gtu_line(&con, &g, "move 9");
    assert_string_equal(gtu_out(), "error: game over (type new)\n");
    gtu_clear();
    gtu_line(&con, &g, "hint");
    assert_string_equal(gtu_out(), "error: no hint now\n");
}

/* `new` and `level`: their words, any case, and their usage errors. */
static void test_new_and_level(void **state)
{
    (void)state;
    gtu_line(&con, &g, "new o");
    assert_string_equal(gtu_out(), "new: vs ai, you o, level perfect\n");
    assert_int_equal(gtu_take_save(&g), 1);
    gtu_clear();
    gtu_line(&con, &g, "new");
    gtu_line(&con, &g, "new xo");
    gtu_line(&con, &g, "new x o");
    gtu_line(&con, &g, "NEW 2P");
    assert_int_equal(gtu_count_lines("error: usage: new x|o|2p"), 3);
    assert_int_equal(gtu_count_lines("new: two players, level perfect"), 1);
    gtu_clear();
    gtu_line(&con, &g, "level medium");
    gtu_line(&con, &g, "level 2");
    gtu_line(&con, &g, "level Perfect");
    gtu_line(&con, &g, "level 3");
    gtu_line(&con, &g, "level");
    gtu_line(&con, &g, "level easy now");
    assert_string_equal(gtu_out(), "level: medium (next game)\nlevel: easy (next game)\n"
                                   "level: perfect (next game)\n"
                                   "error: usage: level perfect|medium|easy|0-2\n"
                                   "error: usage: level perfect|medium|easy|0-2\n"
                                   "error: usage: level perfect|medium|easy|0-2\n");
}

/* `game`: the game in force, a new game under it when it changes (the one under way
 * abandoned); the same game again changes nothing but says so. */
static void test_game_command(void **state)
{
    (void)state;
    gtu_line(&con, &g, "move 5");
    gtu_tick(&g, GAME_AI_DELAY_MS);
    gtu_clear();
    gtu_line(&con, &g, "game misere");
    assert_string_equal(gtu_out(), "game: misere\nnew: vs ai, you x, level perfect, misere\n");
    assert_int_equal(game_stats(&g)->games[RULE_NORMAL][0][STATS_ABANDONED], 1);
    assert_int_equal(game_rule(&g), RULE_MISERE);
    gtu_clear();
    gtu_line(&con, &g, "game misere");
    gtu_line(&con, &g, "game fading");
    gtu_line(&con, &g, "game 1");
    gtu_line(&con, &g, "best");
    gtu_line(&con, &g, "game normal");
    assert_string_equal(gtu_out(), "game: misere\ngame: fading\n"
                                   "new: vs ai, you x, level perfect, fading\n"
                                   "error: usage: game normal|misere|fading\n"
                                   "error: no analysis now\n"
                                   "game: normal\nnew: vs ai, you x, level perfect\n");
}

/* `board` in fading: whose turn by the game's own count, not the marks' (three each, o
 * to move after x's fourth mark took its first away). */
static void test_board_fading_turn(void **state)
{
    static const char *const moves[] = {"move 1", "move 2", "move 3", "move 5", "move 7"};
    (void)state;
    gtu_line(&con, &g, "game fading");
    gtu_line(&con, &g, "new 2p");
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        gtu_line(&con, &g, moves[i]);
    }
    gtu_line(&con, &g, "move 9"); /* o's third: x o x / . o . / x . o */
    gtu_line(&con, &g, "move 6"); /* x's fourth: its 1 goes */
    gtu_clear();
    gtu_line(&con, &g, "board");
    assert_string_equal(gtu_out(), ".ox\n.ox\nx.o\nturn: o (two players, no ai)\n");
}

/* A damaged fading table (a byte flipped in a copy, its CRC stale): the banner says so,
 * `game fading` is refused with its line, the normal game stays; misère still plays. */
static void test_game_fading_damaged(void **state)
{
    static uint8_t bad[FADE_TABLE_BYTES];
    (void)state;
    for (size_t i = 0; i < sizeof bad; i++) {
        bad[i] = pgm_read_byte(&fade_table[i]);
    }
    bad[sizeof bad / 2u] ^= 0x10u;
    assert_false(fade_use_table(bad));
    console_banner(true, false);
    assert_string_equal(gtu_out(), "ttt: fading table CRC bad, fading refused\n"
                                   "ttt: ready (type help)\n");
    gtu_clear();
    gtu_line(&con, &g, "game fading");
    assert_string_equal(gtu_out(), "error: fading table damaged, game stays normal\n");
    assert_int_equal(game_settings(&g)->game, RULE_NORMAL);
    assert_int_equal(game_rule(&g), RULE_NORMAL);
    gtu_clear();
    gtu_line(&con, &g, "game misere");
    assert_string_equal(gtu_out(), "game: misere\nnew: vs ai, you x, level perfect, misere\n");
    assert_true(fade_init());
}

/* `stats`: a line per table, then the games kept from before levels (a migrated
 * record). */
static void test_stats_lines(void **state)
{
    (void)state;
    gtu_stats(&g)->games[RULE_NORMAL][stats_table(GAME_MODE_AI_X, LEVEL_PERFECT)][STATS_DRAW] = 12;
    gtu_stats(&g)->games[RULE_NORMAL][stats_table(GAME_MODE_AI_X, LEVEL_EASY)][STATS_ABANDONED] = 3;
    gtu_stats(&g)->games[RULE_NORMAL][stats_table(GAME_MODE_AI_O, LEVEL_MEDIUM)][STATS_LOSS] = 7;
    gtu_stats(&g)->games[RULE_NORMAL][STATS_TABLE_2P][STATS_LOSS] = 60000;
    gtu_stats(&g)->games[RULE_NORMAL][STATS_TABLE_2P][STATS_ABANDONED] = 1;
    gtu_line(&con, &g, "stats");
    assert_string_equal(gtu_out(),
                        "stats you x, perfect: wins 0, draws 12, losses 0, abandoned 0\n"
                        "stats you x, medium: wins 0, draws 0, losses 0, abandoned 0\n"
                        "stats you x, easy: wins 0, draws 0, losses 0, abandoned 3\n"
                        "stats you o, perfect: wins 0, draws 0, losses 0, abandoned 0\n"
                        "stats you o, medium: wins 0, draws 0, losses 7, abandoned 0\n"
                        "stats you o, easy: wins 0, draws 0, losses 0, abandoned 0\n"
                        "stats two players: x wins 0, draws 0, o wins 60000, abandoned 1\n");
    /* The games kept from before levels (a migrated record) follow. */
    gtu_stats(&g)->before = 1;
    gtu_stats(&g)->old[GAME_MODE_AI_X][STATS_WIN] = 4;
    gtu_stats(&g)->old[GAME_MODE_AI_O][STATS_LOSS] = 9;
    gtu_clear();
    gtu_line(&con, &g, "stats");
    assert_int_equal(gtu_count_lines("stats "), 9);
    assert_non_null(strstr(gtu_out(), "abandoned 1\n"
                                      "stats you x, before levels: wins 4, draws 0, losses 0\n"
                                      "stats you o, before levels: wins 0, draws 0, losses 9\n"));
}

/* `stats clear` clears every table and the games before levels; its usage errors. */
static void test_stats_clear(void **state)
{
    (void)state;
    gtu_stats(&g)->games[RULE_NORMAL][STATS_TABLE_2P][STATS_LOSS] = 60000;
    gtu_stats(&g)->before = 1;
    gtu_stats(&g)->old[GAME_MODE_AI_O][STATS_LOSS] = 9;
    gtu_take_save(&g);
    gtu_clear();
    gtu_line(&con, &g, "stats clear");
    assert_string_equal(gtu_out(), "stats: cleared\n");
    assert_int_equal(game_stats(&g)->games[RULE_NORMAL][STATS_TABLE_2P][STATS_LOSS], 0);
    assert_int_equal(game_stats(&g)->before, 0);
    assert_int_equal(gtu_take_save(&g), STATS_SAVE_ALL);
    gtu_clear();
    gtu_line(&con, &g, "stats");
    assert_int_equal(gtu_count_lines("stats "), 7);
    /* a variant's table with games: its lines after the normal game's, named */
    gtu_stats(&g)->games[RULE_FADING][stats_table(GAME_MODE_AI_O, LEVEL_EASY)][STATS_LOSS] = 2;
    gtu_clear();
    gtu_line(&con, &g, "stats");
    assert_int_equal(gtu_count_lines("stats "), 8);
    assert_int_equal(gtu_count_lines("stats fading, you o, easy: wins 0, draws 0, losses 2, "
                                     "abandoned 0"),
                     1);
    gtu_clear();
    gtu_line(&con, &g, "stats now");
    gtu_line(&con, &g, "stats clear x");
    assert_string_equal(gtu_out(),
                        "error: usage: stats [clear]\nerror: usage: stats [clear]\n");
}

/* The display settings and the lamp test: saved, said; the same as the menu's cells. */
static void test_colorblind_brightness_lamp(void **state)
{
    (void)state;
    gtu_take_save(&g);
    gtu_line(&con, &g, "colorblind on");
    assert_string_equal(gtu_out(), "colorblind: on\n");
    assert_int_equal(game_settings(&g)->color_blind, 1);
    assert_int_equal(gtu_take_save(&g), 1);
    gtu_clear();
    gtu_line(&con, &g, "ColorBlind OFF");
    gtu_line(&con, &g, "colorblind");
    gtu_line(&con, &g, "colorblind 1");
    assert_string_equal(gtu_out(), "colorblind: off\nerror: usage: colorblind on|off\n"
                                   "error: usage: colorblind on|off\n");
    assert_int_equal(game_settings(&g)->color_blind, 0);
    gtu_clear();
    gtu_line(&con, &g, "brightness night");
    assert_int_equal(game_settings(&g)->brightness, LEDS_BRIGHT_NIGHT);
    gtu_line(&con, &g, "brightness medium");
    assert_int_equal(game_settings(&g)->brightness, LEDS_BRIGHT_MEDIUM);
    gtu_line(&con, &g, "brightness full");
    assert_int_equal(game_settings(&g)->brightness, LEDS_BRIGHT_FULL);
    /* digits as listed: 0 full, 1 medium, 2 night */
    gtu_line(&con, &g, "brightness 2");
    assert_int_equal(game_settings(&g)->brightness, LEDS_BRIGHT_NIGHT);
    gtu_line(&con, &g, "brightness 1");
    gtu_line(&con, &g, "brightness 0");
    gtu_line(&con, &g, "brightness 3");
    gtu_line(&con, &g, "brightness dark");
    assert_string_equal(gtu_out(), "brightness: night\nbrightness: medium\nbrightness: full\n"
                                   "brightness: night\nbrightness: medium\nbrightness: full\n"
                                   "error: usage: brightness full|medium|night|0-2\n"
                                   "error: usage: brightness full|medium|night|0-2\n");
    assert_int_equal(game_settings(&g)->brightness, LEDS_BRIGHT_FULL);
    assert_int_equal(gtu_take_save(&g), 1);
    gtu_clear();
    gtu_line(&con, &g, "lamp");
    assert_string_equal(gtu_out(), "lamp: red, green, yellow\n");
    assert_int_equal(gtu_cell(&g, 4), LED_RED);
    assert_int_equal(gtu_take_save(&g), 0);
    gtu_clear();
    gtu_line(&con, &g, "lamp 1");
    assert_string_equal(gtu_out(), "error: usage: lamp\n");
}

/* Every argument is read by the grammar `help` shows: words (any case), a digit range,
 * an optional word. The grammar's own punctuation is not an argument, and a word is
 * matched whole. */
static void test_argument_grammar(void **state)
{
    static const char *const refused[] = {
        "move 1-9", "move 1-", "move -", "move 55", "new x|o|2p", "new x|o", "new |",
        "new 2", "new p", "new 2px", "level 0-2", "level perfect|medium", "level 00",
        "level 3", "level perfec", "level perfectly", "stats [clear]", "stats [",
        "stats clearx", "stats clear clear", "board -", "diag [", "hint 1",
        "colorblind on|off", "colorblind onoff", "brightness 0-2", "brightness full|medium",
        "lamp -"};
    (void)state;
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        gtu_clear();
        gtu_line(&con, &g, refused[i]);
        if (strncmp(gtu_out(), "error: usage: ", 14) || gtu_count_lines("") != 1) {
            fail_msg("'%s' answered '%s'", refused[i], gtu_out());
        }
    }
    for (size_t k = 0; k < TC_FORMS; k++) { /* each grammar typed as it is, or "name -" */
        char line[CONSOLE_LINE_MAX + 1];
        bool bare = strcmp(tc_forms[k], tc_names[k]) == 0;
        snprintf(line, sizeof line, "%s%s", tc_forms[k], bare ? " -" : "");
        gtu_clear();
        gtu_line(&con, &g, line);
        if (strncmp(gtu_out(), bare ? "error: usage: " : "error: ", bare ? 14 : 7) ||
            gtu_count_lines("") != 1) {
            fail_msg("'%s' answered '%s'", line, gtu_out());
        }
    }
    gtu_clear();
    gtu_line(&con, &g, "LEVEL EASY");
    gtu_line(&con, &g, "level 1");
    gtu_line(&con, &g, "Level 0");
    gtu_line(&con, &g, "new O");
    gtu_line(&con, &g, "New X");
    assert_string_equal(gtu_out(), "level: easy (next game)\nlevel: medium (next game)\n"
                                   "level: perfect (next game)\n"
                                   "new: vs ai, you o, level perfect\n"
                                   "new: vs ai, you x, level perfect\n");
    gtu_clear();
    gtu_line(&con, &g, "move 9");
    assert_string_equal(gtu_out(), "move: 9 (x)\n");
    gtu_clear();
    gtu_line(&con, &g, "STATS CLEAR");
    assert_string_equal(gtu_out(), "stats: cleared\n");
    gtu_clear();
    gtu_line(&con, &g, "helpx");
    gtu_line(&con, &g, "hel");
    gtu_line(&con, &g, "move5");
    assert_int_equal(gtu_count_lines("error: unknown command (try help)"), 3);
}

/* `solve BOARD` in both judges' formats, and a bare `solve` reading 3 lines. */
static void test_solve_formats(void **state)
{
    (void)state;
    /* Baekjoon 16571 style: x (1) to move... counts 4 x, 3 o -> o to move. */
    gtu_line(&con, &g, "solve 1 2 0/1 1 2/0 0 2");
    gtu_line(&con, &g, "solve 120112002");
    gtu_line(&con, &g, "solve 000000000");
    gtu_line(&con, &g, "solve xx.oo....");
    gtu_line(&con, &g, "solve xx./oo./...");
    gtu_line(&con, &g, "solve ...,...,...");
    gtu_line(&con, &g, "SOLVE XXX/OO./...");
    {
        /* 120/112/002: x = {0,3,4}, o = {1,5,8}: x to move, x plays 6 (col 0) and wins. */
        pos_t p = {(1u << 0) | (1u << 3) | (1u << 4), (1u << 1) | (1u << 5) | (1u << 8)};
        int v = gtu_minimax(p);
        char want[256];
        snprintf(want, sizeof want, "%c\n%c\nD\nx\nx\nTIE\nx\n",
                 v > 0 ? 'W' : v == 0 ? 'D' : 'L', v > 0 ? 'W' : v == 0 ? 'D' : 'L');
        assert_string_equal(gtu_out(), want);
    }
    gtu_clear();
    /* The board on the next three lines. */
    gtu_line(&con, &g, "solve");
    assert_string_equal(gtu_out(), "solve: enter 3 board lines\n");
    gtu_clear();
    gtu_line(&con, &g, "1 2 0");
    gtu_line(&con, &g, "1 1 2");
    assert_string_equal(gtu_out(), "");
    gtu_line(&con, &g, "0 0 2");
    assert_string_equal(gtu_out(), "W\n");
    gtu_clear();
    gtu_line(&con, &g, "solve");
    gtu_line(&con, &g, "xx.");
    gtu_line(&con, &g, "oo.");
    gtu_line(&con, &g, "...");
    assert_string_equal(gtu_out(), "solve: enter 3 board lines\nx\n");
}

/* Errors: bad characters, mixed formats, wrong counts, illegal boards; a bad
 * continuation line ends the board and commands work again. */
static void test_solve_errors(void **state)
{
    (void)state;
    gtu_line(&con, &g, "solve 12011200");
    gtu_line(&con, &g, "solve 1201120022");
    gtu_line(&con, &g, "solve 12011200x");
    gtu_line(&con, &g, "solve 12a112002");
    gtu_line(&con, &g, "solve");
    gtu_line(&con, &g, "xx");
    gtu_line(&con, &g, "solve");
    gtu_line(&con, &g, "xx.oo.");
    gtu_line(&con, &g, "solve");
    gtu_line(&con, &g, "120112002"); /* the whole board where 3 cells belong */
    gtu_line(&con, &g, "solve");
    gtu_line(&con, &g, "x x .");
    gtu_line(&con, &g, "o o");
    assert_int_equal(gtu_count_lines("error: bad board"), 8);
    gtu_clear();
    gtu_line(&con, &g, "solve");
    gtu_line(&con, &g, "help");
    assert_int_equal(gtu_count_lines("error: bad board"), 1);
    gtu_clear();
    gtu_line(&con, &g, "solve");
    feed_str("\x01\n");
    gtu_line(&con, &g, "board");
    assert_string_equal(gtu_out(),
                        "solve: enter 3 board lines\nerror: bad character\n...\n...\n...\n"
                        "turn: x (you)\n");
    gtu_clear();
    gtu_line(&con, &g, "solve 111000000");
    gtu_line(&con, &g, "solve 222000000");
    gtu_line(&con, &g, "solve xxx/ooo/...");
    gtu_line(&con, &g, "solve xxxooo...");
    assert_int_equal(gtu_count_lines("error: illegal board"), 4);
}

/* Every one of the 19,683 boards in both formats: illegal ones are refused, legal
 * ones answered as the reference minimax says. */
/* Input lost inside a line: that line (and only it) is refused with one error line,
 * never run, never spliced into its neighbour. */
static void test_overrun(void **state)
{
    (void)state;
    /* "boa" [lost] "rd\n": the damaged line is refused. */
    feed_str("boa");
    console_feed(&con, &g, (int16_t)('r' | UART_RX_GAP_AFTER));
    feed_str("d\n");
    assert_int_equal(gtu_count_lines("error: input overrun"), 1);
    assert_int_equal(gtu_count_lines(""), 1);
    assert_int_equal(con.lines_lost, 1);
    /* The loss right after a line end damages the next line, not the finished one. */
    gtu_clear();
    feed_str("board");
    console_feed(&con, &g, (int16_t)('\n' | UART_RX_GAP_AFTER));
    feed_str("ard\nboard\n");
    assert_int_equal(gtu_count_lines("..."), 6); /* the first and the third line ran */
    assert_int_equal(gtu_count_lines("error: input overrun"), 1);
    assert_int_equal(con.lines_lost, 2);
    /* An overrun also ends a board being collected by `solve`. */
    gtu_clear();
    feed_str("solve\n..");
    console_feed(&con, &g, (int16_t)('.' | UART_RX_GAP_AFTER));
    feed_str("\n...\n...\n");
    assert_int_equal(gtu_count_lines("error: input overrun"), 1);
    assert_int_equal(gtu_count_lines("error: unknown command"), 2);
}

/* `diag`: three lines with the HAL's counters (the fakes' values here), and the sound
 * setting with whether the board has a sounder (the fake has one). */
static void test_diag(void **state)
{
    char out[512];
    (void)state;
    fake_hal_reset();
    fake_tick_advance(61234);
    fake_power_set_vcc(47);
    feed_str("diag\n");
    assert_int_equal(gtu_count_lines("diag: "), 4);
    snprintf(out, sizeof out, "%s", gtu_out());
    assert_non_null(strstr(out, "diag: up 61.234 s; resets power "));
    assert_non_null(strstr(out, "diag: table ok; stack "));
    assert_non_null(strstr(out, "; vcc 4.7 V\n"));
    assert_non_null(strstr(out, "diag: lost rx 0 lines 0 keys 0 tx 0; eeprom failed 0"));
    assert_non_null(strstr(out, "\ndiag: sound on, sounder fitted\n"));
    gtu_clear();
    feed_str("diag x\n");
    assert_string_equal(gtu_out(), "error: usage: diag\n");
}

/* The main loop feeds a byte only with CONSOLE_ANSWER_MAX bytes of room: no answer may
 * be longer. Every command (and its longest forms) is measured. */
static void test_answer_sizes(void **state)
{
    static const char *const lines[] = {
        "help", "board", "move 5", "move 0", "new x", "new o", "new 2p", "new q",
        "level perfect", "level medium", "level easy", "level 9", "hint", "stats",
        "stats clear", "stats x", "diag", "solve 120112002", "solve xx.oo....", "solve",
        "...", "...", "...", "zzz", "board x", "lamp", "colorblind on", "colorblind off",
        "brightness night", "brightness x"};
    size_t longest = 0, n = sizeof lines / sizeof lines[0];
    (void)state;
    for (size_t i = 0; i < n + TC_FORMS; i++) { /* and every command of the table, bare */
        gtu_clear();
        feed_str(i < n ? lines[i] : tc_names[i - n]);
        feed_str("\n");
        do { /* an answer and each rest of it (help) fit the TX ring on their own */
            if (strlen(gtu_out()) > longest) {
                longest = strlen(gtu_out());
            }
            assert_true(strlen(gtu_out()) <= CONSOLE_ANSWER_MAX);
            gtu_clear();
        } while (console_more(&con, &g));
    }
    /* stats with every counter at its largest printed width: each line (the main loop
     * prints one per pass) within the room and 80 columns */
    for (uint8_t t = 0; t < STATS_TABLES; t++) {
        for (uint8_t k = 0; k < STATS_KINDS; k++) {
            gtu_stats(&g)->games[RULE_NORMAL][t][k] = STATS_COUNT_MAX;
        }
    }
    gtu_stats(&g)->before = 1;
    for (uint8_t k = 0; k < STATS_RESULTS; k++) {
        gtu_stats(&g)->old[0][k] = gtu_stats(&g)->old[1][k] = STATS_COUNT_MAX;
    }
    gtu_clear();
    feed_str("stats\n");
    for (unsigned line = 0;; line++) {
        size_t len = strlen(gtu_out());
        assert_true(len <= CONSOLE_ANSWER_MAX && len <= 81u && gtu_out()[len - 1] == '\n');
        if (len > longest) {
            longest = len;
        }
        gtu_clear();
        if (!console_more(&con, &g)) {
            assert_int_equal(line, 8); /* 9 lines */
            break;
        }
    }
    print_message("longest answer %zu bytes (bound %u)\n", longest, CONSOLE_ANSWER_MAX);
}

static void test_solve_all_boards(void **state)
{
    unsigned legal = 0;
    (void)state;
    for (unsigned code = 0; code < 19683; code++) {
        char dig[16], let[16], line[32];
        pos_t p = {0, 0};
        unsigned c = code;
        for (int i = 0; i < 9; i++) {
            unsigned v = c % 3;
            c /= 3;
            dig[i] = (char)('0' + v);
            let[i] = v == 0 ? '.' : v == 1 ? 'x' : 'o';
            if (v == 1) {
                p.x |= (uint16_t)(1u << i);
            } else if (v == 2) {
                p.o |= (uint16_t)(1u << i);
            }
        }
        dig[9] = let[9] = '\0';
        gtu_clear();
        snprintf(line, sizeof line, "solve %s", dig);
        gtu_line(&con, &g, line);
        snprintf(line, sizeof line, "solve %.3s/%.3s/%.3s", let, let + 3, let + 6);
        gtu_line(&con, &g, line);
        if (!pos_is_legal(p)) {
            assert_string_equal(gtu_out(), "error: illegal board\nerror: illegal board\n");
            continue;
        }
        legal++;
        {
            int v = gtu_minimax(p);
            int xs = __builtin_popcount(p.x), os = __builtin_popcount(p.o);
            char mover = xs == os ? 'x' : 'o', other = xs == os ? 'o' : 'x';
            char want[32];
            snprintf(want, sizeof want, "%c\n%s\n", v > 0 ? 'W' : v == 0 ? 'D' : 'L',
                     v > 0 ? (char[]){mover, 0} : v == 0 ? "TIE" : (char[]){other, 0});
            assert_string_equal(gtu_out(), want);
        }
    }
    assert_int_equal(legal, 5478);
}

/* One step of the fuzz, drawn from k: a raw key event, a clean short or long press
 * (everything let go first), time, a console line or a garbage byte. */
static void fuzz_step(console_t *c, game_t *fg, uint32_t k)
{
    static const char *const lines[] = {"move 1", "move 5", "move 9", "move 0", "new x",
                                        "new o", "new 2p", "level easy", "level 1",
                                        "hint", "board", "stats", "solve 1 2 0/1 1 2/0 0 2",
                                        "solve", "xo.", "bogus", "move"};
    if (k % 16 < 9) {
        static const uint8_t kinds[4] = {KEY_EV_PRESS, KEY_EV_RELEASE, KEY_EV_PRESS,
                                         KEY_EV_NONE};
        gtu_ev(fg, kinds[k % 4], (uint8_t)((k >> 2) % 11));
    } else if (k % 16 < 11) {
        for (uint8_t cell = 0; cell < 9; cell++) {
            if (game_held_keys(fg) & (1u << cell)) {
                gtu_ev(fg, KEY_EV_RELEASE, cell);
            }
        }
        if (k & 0x100) {
            gtu_long(fg, (uint8_t)((k >> 4) % 9));
        } else {
            gtu_tap(fg, (uint8_t)((k >> 4) % 9));
        }
    } else if (k % 16 < 14) {
        gtu_tick(fg, (k >> 4) % 400);
    } else if (k % 16 == 14) {
        gtu_line(c, fg, lines[(k >> 4) % (sizeof lines / sizeof lines[0])]);
    } else {
        console_feed(c, fg, (uint8_t)(k >> 4)); /* raw garbage byte */
    }
}

/* Keys, time, console lines and garbage at random: the game stays consistent, and its
 * turn right (with no input the AI has moved within 200 ms + greeting). */
static void test_fuzz_consistency(void **state)
{
    console_t c;
    unsigned finished = 0, moves = 0;
    (void)state;
    for (uint16_t seed = 1; seed <= 6; seed++) {
        game_t fg;
        uint32_t r = seed;
        gtu_start(&fg, (uint8_t)(seed % 3), (uint8_t)(seed % 3), seed);
        console_init(&c);
        for (int step = 0; step < 40000; step++) {
            uint32_t k;
            uint8_t was_over = game_over(&fg), was_marks = gtu_marks(&fg);
            r = r * 1103515245u + 12345u;
            k = (r >> 16) & 0x7FFF;
            fuzz_step(&c, &fg, k);
            if (step % 64 == 0) {
                gtu_clear();
                game_keys_sync(&fg, (uint16_t)(k & 3 ? game_held_keys(&fg) : (k >> 3)));
            }
            gtu_check_consistent(&fg);
            finished += !was_over && game_over(&fg);
            moves += gtu_marks(&fg) > was_marks;
            if (step % 500 == 0 && game_state(&fg) != GAME_ST_TODDLER) { /* the toy holds it */
                game_t h = fg;
                gtu_tick(&h, GAME_BOOT_MS + GAME_AI_DELAY_MS);
                assert_false(game_ai_to_move(&h));
                gtu_check_consistent(&h);
            }
        }
        gtu_clear();
    }
    /* The fuzz really played: games ended and marks were placed (keys at random are
     * mostly a toddler's bursts: the toy holds them until a calm tap or `new`). */
    print_message("fuzz: %u games finished, %u steps placed a mark\n", finished, moves);
    assert_true(finished > 40 && moves > 1000);
}

/* `help COMMAND`: for every command of the table, its form and its line of help, as
 * commands.h has them; an unknown one is an error. */
static void test_help_command(void **state)
{
#define TC_HELP(id, name, grammar, help) name grammar ": " help "\n",
    static const char *const want[] = {CONSOLE_COMMANDS(TC_HELP)};
    (void)state;
    for (size_t k = 0; k < TC_FORMS; k++) {
        char line[CONSOLE_LINE_MAX + 1];
        snprintf(line, sizeof line, "help %s", tc_names[k]);
        gtu_clear();
        gtu_line(&con, &g, line);
        assert_string_equal(gtu_out(), want[k]);
    }
    gtu_clear();
    gtu_line(&con, &g, "help SOLVE");
    assert_string_equal(gtu_out(), "solve [BOARD]: the result of a position under perfect play\n");
    gtu_clear();
    gtu_line(&con, &g, "help nope");
    assert_string_equal(gtu_out(), "error: unknown command (try help)\n");
}

/* `best`: every perfect move, the result, a perfect line to the end; for the board under
 * way, or any (`solve`'s notation, one line); a finished board says how it ended. */
static void test_best(void **state)
{
    (void)state;
    gtu_clear();
    gtu_line(&con, &g, "best xx.oo....");
    gtu_line(&con, &g, "best 110220000");
    assert_string_equal(gtu_out(), "best: 3 (x wins; to the end: 3)\nbest: 3 (x wins; to the end: 3)\n");
    gtu_clear();
    gtu_line(&con, &g, "best xxxoo....");
    assert_string_equal(gtu_out(), "best: none (over: x wins)\n");
    gtu_clear();
    gtu_line(&con, &g, "best");
    assert_true(strncmp(gtu_out(), "best: 1 2 3 4 5 6 7 8 9 (draw; to the end: ", 43) == 0);
    assert_int_equal(gtu_count_lines("best: "), 1);
    gtu_clear();
    gtu_line(&con, &g, "best xx");
    gtu_line(&con, &g, "best xxxxooooo");
    assert_string_equal(gtu_out(), "error: bad board (try help)\nerror: illegal board\n");
}

/* `analysis`: the long press's display and line, from the console; none at game over. */
static void test_analysis_command(void **state)
{
    (void)state;
    gtu_clear();
    gtu_line(&con, &g, "analysis");
    assert_string_equal(gtu_out(), "analysis: 1 draw 2 draw 3 draw 4 draw 5 draw 6 draw 7 draw "
                                   "8 draw 9 draw\n");
    assert_int_equal(game_state(&g), GAME_ST_ANALYSIS);
    gtu_line(&con, &g, "new 2p");
    gtu_line(&con, &g, "move 1");
    gtu_line(&con, &g, "move 4");
    gtu_line(&con, &g, "move 2");
    gtu_line(&con, &g, "move 5");
    gtu_line(&con, &g, "move 3");
    gtu_clear();
    gtu_line(&con, &g, "analysis");
    assert_string_equal(gtu_out(), "error: no analysis now\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_line_assembler),
        cmocka_unit_test_setup(test_errors_one_line_each, fresh),
        cmocka_unit_test_setup(test_banner_and_reports, fresh),
        cmocka_unit_test_setup(test_people_reports, fresh),
        cmocka_unit_test_setup(test_menu_chosen_lines, fresh),
        cmocka_unit_test_setup(test_help, fresh),
        cmocka_unit_test_setup(test_help_command, fresh),
        cmocka_unit_test_setup(test_best, fresh),
        cmocka_unit_test_setup(test_analysis_command, fresh),
        cmocka_unit_test_setup(test_board_move_hint, fresh),
        cmocka_unit_test_setup(test_two_players_win, fresh),
        cmocka_unit_test_setup(test_new_and_level, fresh),
        cmocka_unit_test_setup(test_game_command, fresh),
        cmocka_unit_test_setup(test_board_fading_turn, fresh),
        cmocka_unit_test_setup(test_game_fading_damaged, fresh),
        cmocka_unit_test_setup(test_stats_lines, fresh),
        cmocka_unit_test_setup(test_stats_clear, fresh),
        cmocka_unit_test_setup(test_colorblind_brightness_lamp, fresh),
        cmocka_unit_test_setup(test_argument_grammar, fresh),
        cmocka_unit_test_setup(test_solve_formats, fresh),
        cmocka_unit_test_setup(test_solve_errors, fresh),
        cmocka_unit_test_setup(test_overrun, fresh),
        cmocka_unit_test_setup(test_diag, fresh),
        cmocka_unit_test_setup(test_answer_sizes, fresh),
        cmocka_unit_test_setup(test_solve_all_boards, fresh),
        cmocka_unit_test(test_fuzz_consistency),
    };
    return cmocka_run_group_tests_name("console", tests, setup, NULL);
}
