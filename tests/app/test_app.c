/* tests/app/test_app.c - the main-loop glue (firmware/app/app.c) over the HAL fakes:
 * boot banner and reset causes, keys to LEDs, console bytes to answers, EEPROM
 * records surviving a reboot, corrupted or out-of-range records reset to defaults,
 * power-down after 5 minutes without input and the waking press not being a move. */
#include <stdarg.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "app.h"
#include "crc16.h"
#include "console.h"
#include "eeprom_store.h"
#include "hal_fake.h"
#include "leds.h"
#include "power.h"
#include "sounds.h"
#include "stats.h"
#include "tones.h"
#include "uart.h"
#include <stdio.h>

static char out[1 << 16];

/* A whole save, as the main loop runs it (start, then one poll per pass). */
static uint8_t eeprom_store_save(uint8_t id, const void *buf, uint8_t len)
{
    if (!eeprom_store_start(id, buf, len))
        return 0;
    for (unsigned i = 0; i < 200 && eeprom_store_busy(); i++)
        eeprom_store_poll();
    return !eeprom_store_busy();
}

static void run(uint32_t ms)
{
    while (ms--) {
        fake_tick_advance(1);
        app_step();
    }
}

static const char *output(void)
{
    fake_uart_output(out, sizeof out);
    return out;
}

/* How often `needle` occurs in `hay`. */
static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = hay; (p = strstr(p, needle)) != NULL; p++) {
        n++;
    }
    return n;
}

/* `text` begins with `prefix`. */
static void assert_starts(const char *text, const char *prefix)
{
    if (strncmp(text, prefix, strlen(prefix)) != 0) {
        fail_msg("'%s' does not begin with '%s'", text, prefix);
    }
}

static void boot(void)
{
    fake_hal_reset();
    app_init();
    run(1000); /* greeting */
}

static void tap(uint8_t cell, uint32_t hold_ms)
{
    fake_keys_set_raw((uint16_t)(1u << cell));
    run(hold_ms);
    fake_keys_set_raw(0);
    run(30);
}

static void say(const char *line)
{
    fake_uart_feed(line, strlen(line));
    run(2 * APP_POLL_MS); /* input is polled every APP_POLL_MS */
}

static int blank_chip(void **state)
{
    (void)state;
    fake_eeprom_erase();
    fake_eeprom_cut_after(-1);
    fake_power_set_reset_cause(RESET_POWER_ON);
    return 0;
}

static void test_boot_defaults(void **state)
{
    (void)state;
    fake_hal_reset();
    app_init();
    assert_string_equal(output(), "ttt: ready (type help)\nnew: vs ai, you x, level perfect\n");
    assert_int_equal(fake_leds_cell(0), LED_OFF); /* nothing shown before a step */
    run(100);
    assert_int_not_equal(fake_leds_cell(1), LED_OFF); /* greeting is running */
    run(900);
    for (int c = 0; c < 9; c++) {
        assert_int_equal(fake_leds_cell(c), LED_OFF);
    }
    assert_true(fake_power_wdt_kicks() >= 1000);
    assert_true(fake_power_idle_count() >= 1000);
}

static void test_watchdog_banner(void **state)
{
    (void)state;
    fake_power_set_reset_cause(RESET_WATCHDOG);
    fake_hal_reset();
    app_init();
    assert_non_null(strstr(output(), "ttt: watchdog reset\n"));
    fake_hal_reset();
    app_init();
    assert_null(strstr(output(), "watchdog"));
}

static void test_keys_leds_console(void **state)
{
    (void)state;
    boot();
    output();
    tap(4, 60);
    assert_int_equal(fake_leds_cell(4), LED_RED);
    run(250);
    /* the AI draws one of the corners (all four draw: firmware/README.md, Levels) */
    const char *said = output();
    assert_true(strncmp(said, "move: 5 (x)\nai: ", 16) == 0 && strchr("1379", said[16]) &&
                strcmp(said + 17, " (o)\n") == 0);
    uint8_t ai = (uint8_t)(said[16] - '1');
    /* a blank chip has the colour-blind cues on: O dimmed */
    assert_int_equal(fake_leds_cell(ai), LED_GREEN | LED_BLINK | LED_DIM);
    run(600);
    assert_int_equal(fake_leds_cell(ai), LED_GREEN | LED_DIM);
    /* Long press on an empty cell: hint in yellow. */
    tap(1, 900); /* an edge: the AI took a corner */
    {
        const char *h = strstr(output(), "hint: ");
        assert_non_null(h);
        assert_true(h[6] >= '1' && h[6] <= '9' && h[6] != '5' && h[6] - '1' != ai);
        /* yellow, pulsing full/dimmed (the default cues) */
        assert_int_equal(fake_leds_cell((uint8_t)(h[6] - '1')) & ~LED_DIM, LED_YELLOW);
    }
    say("board\r\n");
    {
        char want[] = "...\n.x.\n...\nturn: x (you)\n";
        want[ai + ai / 3] = 'o'; /* each row of 3 ends in a newline */
        assert_string_equal(output(), want);
    }
    /* Help, longer than the TX ring: said in two parts, every byte arrives. */
    say("help\n");
    {
        const char *h = output();
        size_t n = strlen(h);
        int lines = 0;
        for (size_t i = 0; i < n; i++) {
            lines += h[i] == '\n';
        }
        assert_int_equal(lines, 8); /* the commands in 5 lines of 72 columns, 3 more */
        assert_true(n > CONSOLE_ANSWER_MAX);
        assert_string_equal(h + n - 8, "x/o/TIE\n");
    }
}

static void test_records_survive_reboot(void **state)
{
    (void)state;
    boot();
    assert_int_equal(fake_leds_brightness(), LEDS_BRIGHT_FULL);
    say("brightness night\n");
    assert_int_equal(fake_leds_brightness(), LEDS_BRIGHT_NIGHT);
    say("colorblind on\n");
    say("new 2p\n");
    say("level easy\n");
    for (const char *m = "1425"; *m; m++) {
        tap((uint8_t)(*m - '1'), 60);
    }
    tap(2, 60);
    assert_non_null(strstr(output(), "result: x wins\n"));
    run(200); /* the record is written in the background: 27 bytes, 3.4 ms each */
    boot();
    assert_non_null(strstr(output(), "new: two players, level easy\n"));
    say("stats\n");
    assert_non_null(strstr(output(), "stats two players: x wins 1, draws 0, o wins 0, abandoned 0\n"));
    /* the display settings too: night, and O dimmed */
    assert_int_equal(fake_leds_brightness(), LEDS_BRIGHT_NIGHT);
    tap(0, 60);
    tap(1, 60);
    assert_int_equal(fake_leds_cell(0), LED_RED);
    assert_int_equal(fake_leds_cell(1), LED_GREEN | LED_DIM);
}

/* The settings as they would be saved: defaults with these mode and level. */
static settings_t settings_of(uint8_t mode, uint8_t level)
{
    settings_t s;
    stats_settings_default(&s);
    s.mode = mode;
    s.level = level;
    return s;
}

static void test_corrupt_records_reset(void **state)
{
    settings_t s;
    stats_t st;
    (void)state;
    boot();
    say("new o\n");
    say("level medium\n");
    run(200);
    boot();
    assert_non_null(strstr(output(), "you o, level medium"));
    /* Flip every byte of the settings record's two slots but the markers: the CRC
     * rejects both. */
    for (int i = 128; i < 256; i++) {
        fake_eeprom_cells()[i] ^= (i & 63) ? 0x5A : 0;
    }
    boot();
    assert_string_equal(output(), "ttt: ready (type help)\nnew: vs ai, you x, level perfect\n");
    /* Out-of-range settings with a good CRC: defaults; the statistics are kept. */
    s = settings_of(3, LEVEL_MEDIUM);
    stats_clear(&st);
    st.games[RULE_NORMAL][stats_table(GAME_MODE_AI_X, LEVEL_PERFECT)][STATS_DRAW] = 7;
    assert_true(eeprom_store_save(STATS_REC_SETTINGS, &s, sizeof s));
    assert_true(eeprom_store_save(STATS_REC_STATS, &st, STATS_SAVED_SIZE));
    boot();
    assert_non_null(strstr(output(), "new: vs ai, you x, level perfect\n"));
    say("stats\n");
    assert_non_null(strstr(output(), "stats you x, perfect: wins 0, draws 7, losses 0, abandoned 0\n"));
    s = settings_of(GAME_MODE_AI_X, LEVEL_PERFECT);
    s.brightness = LEDS_BRIGHT_LEVELS;
    assert_true(eeprom_store_save(STATS_REC_SETTINGS, &s, sizeof s));
    s = settings_of(GAME_MODE_2P, LEVEL_EASY);
    s.color_blind = 2;
    assert_true(eeprom_store_save(STATS_REC_SETTINGS, &s, sizeof s));
    boot();
    assert_non_null(strstr(output(), "new: vs ai, you x, level perfect\n"));
    /* Out-of-range statistics: cleared, said once (the cleared record is saved), the
     * settings kept. */
    s = settings_of(GAME_MODE_2P, LEVEL_MEDIUM);
    assert_true(eeprom_store_save(STATS_REC_SETTINGS, &s, sizeof s));
    st.games[RULE_NORMAL][STATS_TABLE_2P][STATS_ABANDONED] = 60001;
    assert_true(eeprom_store_save(STATS_REC_STATS, &st, STATS_SAVED_SIZE));
    boot();
    assert_string_equal(output(), "ttt: ready (type help)\n"
                                  "ttt: statistics unreadable, reset to zero\n"
                                  "new: two players, level medium\n");
    say("stats\n");
    assert_non_null(strstr(output(), "stats you x, perfect: wins 0, draws 0, losses 0, abandoned 0\n"));
    boot();
    assert_null(strstr(output(), "unreadable"));
    /* A statistics record of another size is not taken either. */
    assert_true(eeprom_store_save(STATS_REC_STATS, &st, 2));
    boot();
    assert_non_null(strstr(output(), "ttt: statistics unreadable, reset to zero\n"));
    boot();
    assert_null(strstr(output(), "unreadable"));
}

/* Record 0 as the older firmware (STATS_FORMAT_OLD 0x71) left it, byte for byte: both
 * slots (the newer one, sequence 7, first), each marker, sequence, length 23, the
 * payload (stats: format, reserved, per mode win/draw/loss, little-endian; settings:
 * format, mode, level) and the CRC-16. Vs the AI you x 3/5/1, you o 0/2/4 (the older
 * slot: 0/2/3), two players 7/1/300; mode you o, level easy. */
static const uint8_t old_image[2][28] = {
    {0xA5, 0x07, 0x17, 0x71, 0x00, 0x03, 0x00, 0x05, 0x00, 0x01, 0x00, 0x00, 0x00, 0x02,
     0x00, 0x04, 0x00, 0x07, 0x00, 0x01, 0x00, 0x2C, 0x01, 0x71, 0x01, 0x02, 0xFA, 0x82},
    {0xA5, 0x06, 0x17, 0x71, 0x00, 0x03, 0x00, 0x05, 0x00, 0x01, 0x00, 0x00, 0x00, 0x02,
     0x00, 0x03, 0x00, 0x07, 0x00, 0x01, 0x00, 0x2C, 0x01, 0x71, 0x01, 0x02, 0x96, 0x8B}};

static const char migrated_stats[] =
    "stats you x, perfect: wins 0, draws 0, losses 0, abandoned 0\n"
    "stats you x, medium: wins 0, draws 0, losses 0, abandoned 0\n"
    "stats you x, easy: wins 0, draws 0, losses 0, abandoned 0\n"
    "stats you o, perfect: wins 0, draws 0, losses 0, abandoned 0\n"
    "stats you o, medium: wins 0, draws 0, losses 0, abandoned 0\n"
    "stats you o, easy: wins 0, draws 0, losses 0, abandoned 0\n"
    "stats two players: x wins 7, draws 1, o wins 300, abandoned 0\n"
    "stats you x, before levels: wins 3, draws 5, losses 1\n"
    "stats you o, before levels: wins 0, draws 2, losses 4\n";

static void put_old_image(void)
{
    fake_eeprom_erase();
    memcpy(fake_eeprom_cells(), old_image[0], sizeof old_image[0]);
    memcpy(fake_eeprom_cells() + 64, old_image[1], sizeof old_image[1]);
}

/* An older firmware's record migrates with nothing lost: mode and level, two players'
 * counts as they are, the vs-AI counts kept apart as the games before levels (record 0
 * is never written again); the new records are saved once. */
static void test_old_record_migrates(void **state)
{
    uint8_t rec0[128];
    (void)state;
    put_old_image();
    memcpy(rec0, fake_eeprom_cells(), sizeof rec0);
    boot();
    assert_starts(output(), "ttt: ready (type help)\nnew: vs ai, you o, level easy\n");
    say("stats\n");
    assert_string_equal(output(), migrated_stats);
    run(500);
    assert_true(fake_eeprom_writes() > 0); /* the new records were saved */
    boot(); /* (the fake's write count starts again) */
    run(500);
    assert_int_equal(fake_eeprom_writes(), 0); /* and never again */
    assert_starts(output(), "ttt: ready (type help)\nnew: vs ai, you o, level easy\n");
    say("stats\n");
    assert_string_equal(output(), migrated_stats);
    assert_memory_equal(fake_eeprom_cells(), rec0, sizeof rec0);
    /* A game now counts at its level; the games before levels stay. */
    say("new 2p\n");
    say("move 1\n");
    say("new x\n"); /* abandoned after a move */
    run(500);
    boot();
    say("stats\n");
    assert_non_null(strstr(output(), "two players: x wins 7, draws 1, o wins 300, abandoned 1\n"
                                     "stats you x, before levels: wins 3, draws 5, losses 1\n"));
    /* Record 0 lost after the migration: its games are gone, and the board says so
     * once. */
    {
        uint8_t *cells = fake_eeprom_cells();
        uint8_t saved[128];
        memcpy(saved, cells, sizeof saved);
        cells[10] ^= 0xFF; /* both slots */
        cells[64 + 10] ^= 0xFF;
        boot();
        assert_non_null(strstr(output(), "ttt: statistics unreadable, reset to zero\n"));
        say("stats\n");
        assert_null(strstr(output(), "before levels"));
        run(500);
        memcpy(cells, saved, sizeof saved); /* it comes back: it stays forgotten */
        boot();
        assert_null(strstr(output(), "unreadable"));
        say("stats\n");
        {
            const char *o = output();
            assert_null(strstr(o, "before levels"));
            assert_non_null(strstr(o, "two players: x wins 7, draws 1, o wins 300, abandoned 1\n"));
        }
    }
    /* `stats clear` clears them too, for good. */
    say("stats clear\n");
    run(500);
    boot();
    say("stats\n");
    assert_null(strstr(output(), "before levels"));
    assert_memory_equal(fake_eeprom_cells(), rec0, sizeof rec0);
}

/* `stats` is longer than the chip's TX ring: through a ring of its size the main loop
 * prints it a line per pass, whole and in order, and the next command's answer after
 * it; nothing is dropped. */
static void test_stats_through_the_ring(void **state)
{
    static char all[1 << 12];
    size_t len = 0;
    (void)state;
    put_old_image();
    boot();
    output();
    fake_uart_set_tx_room(255);
    fake_uart_feed("stats\nboard\n", 12);
    for (int k = 0; k < 100; k++) {
        run(5);
        len += fake_uart_output(all + len, sizeof all - len);
        fake_uart_set_tx_room(255); /* the line drains 255 bytes every 22 ms */
    }
    assert_int_equal(strncmp(all, migrated_stats, strlen(migrated_stats)), 0);
    {
        const char *rest = all + strlen(migrated_stats); /* the board: 3 rows and the turn */
        assert_int_equal(strlen(rest), 3 * 4 + strlen("turn: o (you)\n"));
        assert_string_equal(rest + 12, "turn: o (you)\n");
    }
    assert_int_equal(uart_tx_dropped(), 0);
}

/* A power cut at every write of the migration's saves: after it the board shows the
 * migrated statistics and settings (record 0 still holds them), never garbage and never
 * a reset. */
static void test_migration_power_cut(void **state)
{
    uint32_t total;
    (void)state;
    put_old_image();
    boot();
    run(500);
    total = fake_eeprom_writes();
    for (uint32_t cut = 0; cut <= total; cut++) {
        put_old_image();
        fake_hal_reset(); /* (which would clear a cut set before it) */
        fake_eeprom_cut_after((int32_t)cut);
        app_init();
        run(1500);
        assert_true(cut == total || fake_eeprom_writes() == cut); /* the cut came */
        boot();
        assert_starts(output(), "ttt: ready (type help)\nnew: vs ai, you o, level easy\n");
        say("stats\n");
        assert_string_equal(output(), migrated_stats);
    }
    print_message("migration: %u writes, a power cut after each\n", (unsigned)total);
}

/* An older record that cannot be migrated: its settings are taken, the statistics
 * reset, and the board says so once. */
static void test_old_record_unreadable(void **state)
{
    (void)state;
    put_old_image();
    uint8_t *cells = fake_eeprom_cells();
    uint16_t crc = crc16_update(CRC16_INIT, STATS_REC_OLD);
    cells[64] = 0;    /* only the newer slot is valid, */
    cells[21] = 0x61; /* with two players' o wins 0xEA61 = 60001 (over the maximum) */
    cells[22] = 0xEA;
    for (int i = 1; i < 26; i++) { /* and a good CRC */
        crc = crc16_update(crc, cells[i]);
    }
    cells[26] = (uint8_t)(crc >> 8);
    cells[27] = (uint8_t)crc;
    boot();
    assert_starts(output(), "ttt: ready (type help)\n"
                            "ttt: statistics unreadable, reset to zero\n"
                            "new: vs ai, you o, level easy\n");
    say("stats\n");
    assert_null(strstr(output(), "before levels"));
    run(500);
    boot();
    assert_starts(output(), "ttt: ready (type help)\nnew: vs ai, you o, level easy\n");
    /* A record 0 of another length (an even older layout): the same. */
    fake_eeprom_erase();
    {
        uint8_t two[2] = {1, 2};
        assert_true(eeprom_store_save(STATS_REC_OLD, two, sizeof two));
    }
    boot();
    assert_non_null(strstr(output(), "ttt: statistics unreadable, reset to zero\n"));
    run(500);
    boot();
    assert_null(strstr(output(), "unreadable"));
}

static void test_saves_only_on_change(void **state)
{
    uint32_t w;
    (void)state;
    boot();
    w = fake_eeprom_writes();
    run(5000);
    say("board\n");
    tap(4, 60);
    run(300);
    assert_int_equal(fake_eeprom_writes(), w); /* no game over, no settings change */
    say("level medium\n");
    assert_true(fake_eeprom_writes() > w);
}

static void test_power_down_and_wake(void **state)
{
    uint32_t t;
    (void)state;
    boot();
    tap(0, 60);
    run(300);
    assert_int_equal(fake_leds_cell(0), LED_RED);
    output();
    /* Input keeps it awake. */
    run(APP_IDLE_POWER_DOWN_MS - 10000);
    say("board\n");
    run(APP_IDLE_POWER_DOWN_MS - 1000);
    assert_int_equal(fake_power_down_count(), 0);
    for (t = 0; t < 2000 && fake_power_down_count() == 0; t++) {
        run(1);
    }
    assert_int_equal(fake_power_down_count(), 1);
    assert_non_null(strstr(output(), "ttt: sleeping"));
    for (int c = 0; c < 9; c++) {
        assert_int_equal(fake_leds_cell(c), LED_OFF); /* dark while asleep */
    }
    /* Woken by a key: the board comes back, and that press is not a move. */
    tap(8, 60);
    assert_int_equal(fake_leds_cell(0), LED_RED);
    assert_int_equal(fake_leds_cell(8), LED_OFF);
    run(500);
    assert_null(strstr(output(), "move:"));
    tap(8, 60);
    assert_int_equal(fake_leds_cell(8), LED_RED);
    assert_non_null(strstr(output(), "move: 9 (x)\n"));
}

/* Idle until the board powers down (at most 2 s past the idle time). */
static void sleep_now(void)
{
    uint32_t downs = fake_power_down_count();
    run(APP_IDLE_POWER_DOWN_MS - 1000);
    for (uint32_t t = 0; t < 2000 && fake_power_down_count() == downs; t++) {
        run(1);
    }
    assert_int_equal(fake_power_down_count(), downs + 1);
    assert_non_null(strstr(output(), "ttt: sleeping"));
}

/* Woken by serial input: the line under way lost its first bytes, so it is refused at
 * its end, or after the quiet time when its end was lost too; never run half. The board
 * is awake again (LEDs, idle time from the wake-up); the next line is answered. */
static void test_serial_wake(void **state)
{
    (void)state;
    boot();
    tap(0, 60);
    run(300);
    output();
    /* A key wake-up refuses nothing. */
    sleep_now();
    run(CONSOLE_ASLEEP_QUIET_MS + 100);
    say("board\n");
    assert_null(strstr(output(), "error"));
    /* `new o` lost its first bytes: the rest (" o") must not start a game. */
    fake_power_set_wake(POWER_WOKE_SERIAL);
    sleep_now();
    say(" o\n");
    assert_string_equal(output(), "error: line lost while asleep, send it again\n");
    run(100);
    assert_int_equal(fake_leds_cell(0), LED_RED);
    say("board\n");
    assert_non_null(strstr(output(), "x..\n.o.\n...\nturn: x (you)\n")); /* no new game */
    /* The whole line lost: refused once input has been quiet long enough. */
    sleep_now();
    run(CONSOLE_ASLEEP_QUIET_MS - 2u * APP_FRAME_MS);
    assert_string_equal(output(), "");
    run(4u * APP_FRAME_MS);
    assert_string_equal(output(), "error: line lost while asleep, send it again\n");
    /* Slow typing keeps the line open; it is refused at its end, once. */
    sleep_now();
    for (int i = 0; i < 3; i++) {
        say("x");
        run(CONSOLE_ASLEEP_QUIET_MS / 2u);
    }
    assert_string_equal(output(), "");
    say("\n");
    assert_string_equal(output(), "error: line lost while asleep, send it again\n");
    run(CONSOLE_ASLEEP_QUIET_MS * 2u);
    assert_string_equal(output(), "");
    /* A line begun before the sleep may have lost its end: refused after a key wake-up. */
    fake_power_set_wake(POWER_WOKE_KEY);
    say("new");
    sleep_now();
    say(" o\n");
    assert_string_equal(output(), "error: line lost while asleep, send it again\n");
    /* The idle time restarts at the wake-up. */
    uint32_t downs = fake_power_down_count();
    run(APP_IDLE_POWER_DOWN_MS - 3000);
    assert_int_equal(fake_power_down_count(), downs);
    say("board\n");
    assert_null(strstr(output(), "error"));
}

/* A long press acts when the key comes up: held past GAME_LONG_MS the cell only lights
 * yellow (armed); the menu opens with the release, a tap chooses and a long press picks,
 * each after a look at the board (cell 4: level medium, this game's too before the first
 * move). */
static void test_long_press_on_release(void **state)
{
    (void)state;
    boot();
    output();
    fake_keys_set_raw(1u << 4);
    run(1500);
    assert_int_equal(fake_leds_cell(4), LED_YELLOW);
    assert_string_equal(output(), ""); /* nothing happened yet */
    run(1000); /* the menu's hold (2 s) passed: the menu shows, opening on the release */
    fake_keys_set_raw(0);
    run(30);
    assert_non_null(strstr(output(), "menu: 1 x 2 o"));
    assert_int_equal(fake_leds_cell(4), LED_YELLOW | LED_DIM);
    run(GAME_MENU_GAP_MS);
    tap(3, 60);
    assert_string_equal(output(), "menu: 4 chosen (level: perfect), tap it again to set it\n");
    run(GAME_MENU_GAP_MS);
    fake_keys_set_raw(1u << 3); /* the confirming long press */
    run(1000);
    fake_keys_set_raw(0);
    run(30);
    assert_string_equal(output(), "level: medium (this game too)\n");
}

/* A key held for good: it is reported, never acts, and the board sleeps with its row
 * left undriven (the other keys still wake it); with every row blocked it stays up
 * and does not claim to sleep. */
static void test_stuck_key_and_sleep(void **state)
{
    (void)state;
    boot();
    output();
    fake_keys_set_raw(1u << 4); /* cell 5 jams on the empty board */
    run(11000);
    {
        const char *o = output();
        assert_non_null(strstr(o, "key: stuck 5, ignored until released\n"));
        assert_null(strstr(o, "new:")); /* its long press did not pick a menu entry */
        assert_null(strstr(o, "level:"));
    }
    run(APP_IDLE_POWER_DOWN_MS);
    assert_int_equal(fake_power_down_count(), 1);
    assert_int_equal(fake_power_down_ignore(), 1u << 4);
    assert_non_null(strstr(output(), "ttt: sleeping"));
    /* every row blocked: no power-down and no sleeping line, however long */
    fake_keys_set_raw((1u << 4) | (1u << 0) | (1u << 8));
    run(11000);
    output();
    run(2 * APP_IDLE_POWER_DOWN_MS + 1000);
    assert_int_equal(fake_power_down_count(), 1);
    assert_null(strstr(output(), "sleeping"));
}

/* Low supply: the end-of-game record waits (one line says so) and is written once the
 * supply is back; nothing is lost. */
static void test_low_supply_save_waits(void **state)
{
    (void)state;
    boot();
    say("new 2p\n");
    run(200);
    fake_power_set_vcc(36);
    output();
    for (const char *m = "14253"; *m; m++) {
        tap((uint8_t)(*m - '1'), 60);
    }
    run(500);
    {
        const char *o = output();
        assert_non_null(strstr(o, "result: x wins\n"));
        assert_non_null(strstr(o, "ttt: supply low (3.6 V), saving waits\n"));
    }
    run(5000);
    assert_null(strstr(output(), "supply low")); /* said once */
    boot(); /* power lost before the supply came back: the old record */
    say("stats\n");
    assert_non_null(strstr(output(), "stats two players: x wins 0,"));
    for (const char *m = "14253"; *m; m++) {
        tap((uint8_t)(*m - '1'), 60);
    }
    fake_power_set_vcc(36);
    run(500);
    output();
    /* the supply comes back for a few bytes, then sags again: a second wait, a second
     * line (and diag counts both) */
    fake_power_set_vcc(48);
    run(3);
    fake_power_set_vcc(36);
    run(100);
    assert_int_equal(count(output(), "ttt: supply low (3.6 V), saving waits\n"), 1);
    fake_power_set_vcc(48);
    run(300);
    assert_null(strstr(output(), "supply low"));
    say("diag\n");
    assert_non_null(strstr(output(), "low-vcc waits 2\n"));
    boot();
    say("stats\n");
    assert_non_null(strstr(output(), "stats two players: x wins 1,"));
}

/* Output waits without stopping input: with a narrow TX ring nothing is run until its
 * answer fits, then every line is answered, in order, and nothing is dropped; a burst
 * of 40 commands right after a game-ending move is answered completely. */
/* An answer, and a key event's line, wait until the TX ring has room for them. */
static void test_answers_wait_for_room(void **state)
{
    (void)state;
    boot();
    output();
    fake_uart_set_tx_room(100);
    say("help\n");
    assert_string_equal(output(), ""); /* help needs more room than that */
    tap(4, 60); /* a key event waits for room too */
    assert_string_equal(output(), "");
    assert_int_equal(fake_leds_cell(4), LED_OFF);
    fake_uart_set_tx_room(255);
    run(10);
    {
        const char *o = output();
        assert_non_null(strstr(o, "x/o/TIE\n"));
        assert_non_null(strstr(o, "move: 5 (x)\n"));
    }
    assert_int_equal(fake_leds_cell(4), LED_RED);
}

/* The output of 40 commands sent behind a game's last move, drained at the line's
 * rate: every answer whole and in order (20 `level:` lines, 20 boards of 4 lines). */
static void check_burst_output(void)
{
    static char all[1 << 15];
    size_t len = 0;
    int lines = 0, boards = 0, levels = 0;
    for (int k = 0; k < 200; k++) {
        run(5);
        len += fake_uart_output(all + len, sizeof all - len);
        fake_uart_set_tx_room(255); /* the line drains 255 bytes every 22 ms */
    }
    for (size_t i = 0; i < len; i++) {
        lines += all[i] == '\n';
    }
    for (const char *p = all; (p = strstr(p, "turn: ")) != NULL; p++) {
        boards++;
    }
    for (const char *p = all; (p = strstr(p, "level: ")) != NULL; p++) {
        levels++;
    }
    assert_true(strncmp(all, "level: perfect (next game)\n", 27) == 0);
    assert_int_equal(boards, 0); /* after the game: `over: x wins` instead */
    for (const char *p = all; (p = strstr(p, "over: x wins")) != NULL; p++) {
        boards++;
    }
    assert_int_equal(boards, 20);
    assert_int_equal(levels, 20);
    assert_int_equal(lines, 20 * 4 + 20);
}

/* A game's winning move, then 40 commands right behind it: nothing dropped or lost. */
static void test_console_burst(void **state)
{
    char want[64];
    (void)state;
    boot();
    output();
    say("new 2p\n");
    for (const char *m = "1425"; *m; m++) {
        tap((uint8_t)(*m - '1'), 60);
    }
    output();
    fake_keys_set_raw(1u << 2); /* the winning move... */
    run(40);
    fake_keys_set_raw(0);
    {
        size_t got = 0;
        for (int k = 0; k < 100 && !strstr(out, "result: "); k++) {
            run(1);
            got += fake_uart_output(out + got, sizeof out - got);
        }
        assert_non_null(strstr(out, "result: x wins\n"));
    }
    for (int i = 0; i < 40; i++) { /* ...and 40 commands right behind it */
        snprintf(want, sizeof want, i % 2 ? "board\n" : "level %d\n", i % 3);
        fake_uart_feed(want, strlen(want));
    }
    check_burst_output();
    assert_int_equal(uart_tx_dropped(), 0);
    assert_int_equal(uart_rx_overruns(), 0);
}

/* Bytes lost in the UART: the damaged line gets `error: input overrun` and is counted
 * in diag; the lines around it run. */
static void test_input_overrun(void **state)
{
    (void)state;
    boot();
    output();
    fake_uart_feed("board\nle", 8);
    fake_uart_lose();
    fake_uart_feed("vel 2\nboard\n", 12);
    run(20);
    {
        const char *o = output();
        assert_non_null(strstr(o, "turn: x (you)\nerror: input overrun\n...\n"));
        assert_null(strstr(o, "level:"));
    }
    say("diag\n");
    {
        const char *o = output();
        if (!strstr(o, "diag: lost rx 1 lines 1 keys 0 tx 0"))
            fail_msg("diag said: %s", o);
    }
}

/* A finished game is saved, and then the board still powers down after 5 idle minutes
 * (a save request left pending would keep it awake for good). */
static void test_sleeps_after_a_save(void **state)
{
    uint32_t w;
    (void)state;
    boot();
    say("new 2p\n");
    w = fake_eeprom_writes();
    for (const char *m = "14253"; *m; m++) {
        tap((uint8_t)(*m - '1'), 60);
    }
    run(2000);
    assert_non_null(strstr(output(), "result: x wins\n"));
    assert_true(fake_eeprom_writes() > w);
    run(APP_IDLE_POWER_DOWN_MS + 2000);
    assert_int_equal(fake_power_down_count(), 1);
    assert_non_null(strstr(output(), "ttt: sleeping"));
}

/* A save waiting for a low supply keeps the board up and silent past the idle time; once
 * in use again it stays up when the supply recovers and the save completes, and it
 * sleeps only after its own idle time (an early sleeping line, left pending, would power
 * it down mid-use). */
static void test_no_sleep_while_save_waits(void **state)
{
    (void)state;
    boot();
    say("new 2p\n");
    run(200);
    fake_power_set_vcc(36);
    for (const char *m = "14253"; *m; m++) {
        tap((uint8_t)(*m - '1'), 60);
    }
    run(500);
    {
        const char *o = output();
        assert_non_null(strstr(o, "result: x wins\n"));
        assert_non_null(strstr(o, "saving waits\n"));
    }
    run(APP_IDLE_POWER_DOWN_MS + 2000);
    assert_int_equal(fake_power_down_count(), 0);
    assert_null(strstr(output(), "sleeping"));
    say("board\n");
    fake_power_set_vcc(48);
    run(1000);
    assert_int_equal(fake_power_down_count(), 0);
    assert_null(strstr(output(), "sleeping"));
    run(APP_IDLE_POWER_DOWN_MS - 5000);
    assert_int_equal(fake_power_down_count(), 0);
    run(7000);
    assert_int_equal(fake_power_down_count(), 1);
    assert_non_null(strstr(output(), "ttt: sleeping"));
    boot();
    say("stats\n");
    assert_non_null(strstr(output(), "stats two players: x wins 1,"));
}

/* Input while the sleeping line is still going out (a slow line here) calls the sleep
 * off: the board stays up, and sleeps after another idle time. */
static void test_input_cancels_sleep(void **state)
{
    (void)state;
    boot();
    run(APP_IDLE_POWER_DOWN_MS - 1000);
    output();
    fake_uart_set_tx_room(254); /* narrowed: its bytes stay "in the ring" until taken */
    run(2000);
    assert_int_equal(fake_power_down_count(), 0); /* the line has not left */
    fake_uart_feed("board\n", 6);
    run(20);
    {
        const char *o = output(); /* the line leaves */
        assert_non_null(strstr(o, "ttt: sleeping"));
        assert_non_null(strstr(o, "turn: x (you)\n"));
    }
    fake_uart_set_tx_room(255); /* the default ring again: sent at once */
    run(1000);
    assert_int_equal(fake_power_down_count(), 0);
    run(APP_IDLE_POWER_DOWN_MS + 1000);
    assert_int_equal(fake_power_down_count(), 1);
}

/* Sounds through the main loop: none at boot; a tap's move sings its cell within 20 ms
 * of its release (the debounce and one poll), the AI's move its cell in O's rhythm, and
 * each voice's notes are the table's (tones_notes: none past the voices); `sound off` silences,
 * `sound quiet` keeps only the results; waking from power-down sounds. */
static void test_sounds(void **state)
{
    (void)state;
    boot();
    assert_int_equal(fake_sound_plays(), 0);
    fake_keys_set_raw(1u << 0);
    run(60);
    fake_keys_set_raw(0);
    unsigned ms = 0;
    while (fake_sound_plays() == 0 && ms < 100) {
        run(1);
        ms++;
    }
    assert_ptr_equal(fake_sound_last(), tones_notes(SOUNDS_VOICE(SOUNDS_MARK_x, 0)));
    assert_true(ms <= 20);
    run(GAME_AI_DELAY_MS + 20);
    assert_ptr_equal(fake_sound_last(), tones_notes(SOUNDS_VOICE(SOUNDS_MARK_o, 4)));
    assert_null(tones_notes(SOUNDS_NONE));
    assert_null(tones_notes(SOUNDS_IDS));
    for (uint8_t id = SOUNDS_N + 1u; id < SOUNDS_IDS; id++) {
        const sound_note_t *n = tones_notes(id);
        uint8_t k = (uint8_t)(id - SOUNDS_N - 1u), mark = k % SOUNDS_MARK_N;
        assert_non_null(n);
        assert_int_equal(n[0].steps, mark == SOUNDS_MARK_x ? SOUNDS_MARK_MS_x
                                     : mark == SOUNDS_MARK_o ? 40u : SOUNDS_MARK_MS_empty);
        assert_true(n[0].cs != 0 && (mark != SOUNDS_MARK_o || n[2].ocr == n[0].ocr));
        if (k >= SOUNDS_MARK_N) { /* each cell above the one before: a smaller half period */
            const sound_note_t *before = tones_notes((uint8_t)(id - SOUNDS_MARK_N));
            assert_true(n[0].cs < before[0].cs ||
                        (n[0].cs == before[0].cs && n[0].ocr < before[0].ocr));
        }
    }
    assert_int_equal(fake_sound_plays(), 2);
    say("sound off\n");
    assert_non_null(strstr(output(), "move: 1 (x)\nai: 5 (o)\nsound: off\n"));
    tap(1, 60);
    run(300);
    assert_int_equal(fake_sound_plays(), 2);
    say("sound quiet\n");
    say("diag\n");
    assert_non_null(strstr(output(), "diag: sound quiet, sounder fitted\n"));
    sleep_now();
    assert_ptr_equal(fake_sound_last(), tones_notes(SOUNDS_VOICE(SOUNDS_MARK_o, 4))); /* quiet: no wake */
    say("sound on\n");
    sleep_now();
    run(10);
    assert_ptr_equal(fake_sound_last(), tones_notes(SOUNDS_wake));
    assert_true(sound_busy());
}

/* Record 1 as the firmware before sound saved it (5 bytes: format, mode, level,
 * colour-blind, brightness): its settings kept, sound on, saved once in today's 6 bytes. */
static void test_settings_before_sound(void **state)
{
    static const uint8_t before[5] = {STATS_FORMAT, GAME_MODE_AI_O, LEVEL_EASY, 0,
                                      LEDS_BRIGHT_NIGHT};
    settings_t s;
    (void)state;
    fake_hal_reset();
    eeprom_store_init();
    assert_true(eeprom_store_save(STATS_REC_SETTINGS, before, sizeof before));
    boot();
    assert_non_null(strstr(output(), "new: vs ai, you o, level easy\n"));
    assert_int_equal(fake_leds_brightness(), LEDS_BRIGHT_NIGHT);
    run(500);
    uint32_t writes = fake_eeprom_writes();
    fake_hal_reset();
    eeprom_store_init();
    assert_true(eeprom_store_load(STATS_REC_SETTINGS, &s, sizeof s));
    assert_int_equal(s.sound, SOUNDS_ON);
    assert_int_equal(s.mode, GAME_MODE_AI_O);
    assert_int_equal(s.color_blind, 0);
    assert_true(writes > 0);
    boot();
    run(500);
    assert_int_equal(fake_eeprom_writes(), 0); /* saved once: nothing left to save */
    say("diag\n");
    assert_non_null(strstr(output(), "diag: sound on, sounder fitted\n"));
}

/* Record 1 as the firmware before the game choice saved it (6 bytes: ... and sound): its
 * settings kept, the normal game, saved once in today's 7 bytes. */
static void test_settings_before_game(void **state)
{
    static const uint8_t before[6] = {STATS_FORMAT, GAME_MODE_2P, LEVEL_MEDIUM, 1,
                                      LEDS_BRIGHT_NIGHT, SOUNDS_QUIET_ONLY};
    settings_t s;
    (void)state;
    fake_hal_reset();
    eeprom_store_init();
    assert_true(eeprom_store_save(STATS_REC_SETTINGS, before, sizeof before));
    boot();
    assert_non_null(strstr(output(), "new: two players, level medium\n"));
    run(500);
    fake_hal_reset();
    eeprom_store_init();
    assert_true(eeprom_store_load(STATS_REC_SETTINGS, &s, sizeof s));
    assert_int_equal(s.game, RULE_NORMAL);
    assert_int_equal(s.sound, SOUNDS_QUIET_ONLY);
    assert_int_equal(s.mode, GAME_MODE_2P);
    say("game fading\n");
    assert_non_null(strstr(output(), "game: fading\nnew: two players, level medium, fading\n"));
    run(500);
    boot(); /* the game in force is saved */
    assert_non_null(strstr(output(), "new: two players, level medium, fading\n"));
}

/* Misère's statistics in their own record (3): a game abandoned in misère counts there,
 * not in the normal game's, and survives a power cycle. */
static void test_variant_stats_survive_reboot(void **state)
{
    (void)state;
    boot();
    say("game misere\n");
    say("move 1\n");
    run(500);
    say("new x\n");
    run(1000);
    boot();
    say("stats\n");
    run(100);
    const char *said = output(); /* taken once: the fake hands each byte out once */
    assert_non_null(strstr(said, "stats you x, perfect: wins 0, draws 0, losses 0, abandoned 0\n"));
    assert_non_null(
        strstr(said, "stats misere, you x, perfect: wins 0, draws 0, losses 0, abandoned 1\n"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_boot_defaults, blank_chip),
        cmocka_unit_test_setup(test_watchdog_banner, blank_chip),
        cmocka_unit_test_setup(test_keys_leds_console, blank_chip),
        cmocka_unit_test_setup(test_records_survive_reboot, blank_chip),
        cmocka_unit_test_setup(test_corrupt_records_reset, blank_chip),
        cmocka_unit_test_setup(test_old_record_migrates, blank_chip),
        cmocka_unit_test_setup(test_stats_through_the_ring, blank_chip),
        cmocka_unit_test_setup(test_migration_power_cut, blank_chip),
        cmocka_unit_test_setup(test_old_record_unreadable, blank_chip),
        cmocka_unit_test_setup(test_saves_only_on_change, blank_chip),
        cmocka_unit_test_setup(test_power_down_and_wake, blank_chip),
        cmocka_unit_test_setup(test_serial_wake, blank_chip),
        cmocka_unit_test_setup(test_long_press_on_release, blank_chip),
        cmocka_unit_test_setup(test_stuck_key_and_sleep, blank_chip),
        cmocka_unit_test_setup(test_low_supply_save_waits, blank_chip),
        cmocka_unit_test_setup(test_answers_wait_for_room, blank_chip),
        cmocka_unit_test_setup(test_console_burst, blank_chip),
        cmocka_unit_test_setup(test_input_overrun, blank_chip),
        cmocka_unit_test_setup(test_sleeps_after_a_save, blank_chip),
        cmocka_unit_test_setup(test_no_sleep_while_save_waits, blank_chip),
        cmocka_unit_test_setup(test_input_cancels_sleep, blank_chip),
        cmocka_unit_test_setup(test_sounds, blank_chip),
        cmocka_unit_test_setup(test_settings_before_sound, blank_chip),
        cmocka_unit_test_setup(test_settings_before_game, blank_chip),
        cmocka_unit_test_setup(test_variant_stats_survive_reboot, blank_chip),
    };
    return cmocka_run_group_tests_name("app", tests, NULL, NULL);
}
