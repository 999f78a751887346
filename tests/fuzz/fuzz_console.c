/* tests/fuzz/fuzz_console.c - libFuzzer harness for the serial console: the input's
 * first 3 bytes pick the mode, level and seed of a game (game_init), the rest is fed
 * byte by byte to console_feed(); after each line the game clock runs 1 s (the AI
 * answers). The output is read back from the UART fake (hal/host/uart.c). Checks, beyond the
 * sanitizers, with a plain model of the line rules in console.h:
 *   - output is printable ASCII and '\n' only, in whole lines of at most 80 characters;
 *   - a byte that does not end a line prints nothing;
 *   - a bad line (a control byte other than TAB, a byte >= 0x80, more than
 *     CONSOLE_LINE_MAX characters with spaces kept only after a word, once) gets
 *     exactly one line, `error: ...`;
 *   - a blank line (spaces and tabs) gets nothing; any other line gets at least one
 *     line, except the board lines that `solve` is still waiting for; an answer with
 *     an `error: ` line is that one line;
 *   - the position stays legal, a game in play is not over, mode, level and stats stay
 *     in range.
 * Only console_init/console_feed/console_report, game_init/game_tick and
 * console_t.solve_lines are used. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "console.h"
#include "game.h"
#include "hal_fake.h"
#include "position.h"
#include "stats.h"

#define FUZZ_OUT_MAX 4096
#define FUZZ_LINE_WIDTH 80

static char fuzz_out[FUZZ_OUT_MAX];
static size_t fuzz_out_len;

/* Take what the console wrote into the UART fake; check every byte is printable or
 * '\n'. */
static void take_output(void)
{
    char buf[FUZZ_OUT_MAX + 1];
    size_t n = fake_uart_output(buf, sizeof buf);
    if (fake_uart_output(buf + n, 2) || n >= FUZZ_OUT_MAX) {
        fprintf(stderr, "fuzz_console: more than %d bytes of output for one input byte\n",
                FUZZ_OUT_MAX);
        abort();
    }
    for (size_t i = 0; i < n; i++) {
        uint8_t c = (uint8_t)buf[i];
        if (c != '\n' && (c < 0x20 || c > 0x7E)) {
            fprintf(stderr, "fuzz_console: output byte 0x%02X\n", c);
            abort();
        }
    }
    memcpy(fuzz_out, buf, n);
    fuzz_out_len = n;
}

static void fail(const char *what, const char *line)
{
    fprintf(stderr, "fuzz_console: %s\n  line: '%s'\n  output: '%.*s'\n", what, line,
            (int)fuzz_out_len, fuzz_out);
    abort();
}

/* Lines in the captured output (which must end in '\n'); each within the width. */
static unsigned out_lines(const char *line, unsigned *errors)
{
    unsigned n = 0;
    size_t start = 0;
    *errors = 0;
    if (fuzz_out_len && fuzz_out[fuzz_out_len - 1] != '\n')
        fail("output ends inside a line", line);
    for (size_t i = 0; i < fuzz_out_len; i++)
        if (fuzz_out[i] == '\n') {
            if (i - start > FUZZ_LINE_WIDTH)
                fail("output line wider than 80 characters", line);
            if (i - start >= 7 && memcmp(fuzz_out + start, "error: ", 7) == 0)
                (*errors)++;
            n++;
            start = i + 1;
        }
    return n;
}

static void check_game(const game_t *g, const char *line)
{
    if (!pos_is_legal(game_pos(g)))
        fail("illegal position", line);
    if (!game_over(g) && pos_is_over(game_pos(g)))
        fail("a finished board in play", line);
    if (game_settings(g)->mode >= GAME_MODES || game_settings(g)->level >= LEVELS || game_level(g) >= LEVELS)
        fail("mode or level out of range", line);
    if (!stats_valid(game_stats(g)))
        fail("stats out of range", line);
}

/* A fresh game from the input's first 3 bytes: mode and level, then the seed. */
static void start_game(game_t *g, console_t *c, const uint8_t *data)
{
    settings_t settings;
    stats_t stats;
    stats_settings_default(&settings);
    settings.mode = (uint8_t)(data[0] % GAME_MODES);
    settings.level = (uint8_t)(data[0] / GAME_MODES % LEVELS);
    stats_clear(&stats);
    fake_hal_reset();
    game_load(g, &settings, &stats);
    game_init(g, (uint16_t)(data[1] | data[2] << 8));
    game_tick(g, GAME_BOOT_MS);
    console_report(g);
    console_init(c);
    take_output();
}

/* The model of the line being typed. */
typedef struct {
    char text[CONSOLE_LINE_MAX + 2];
    size_t len;
    int bad, too_long, blank;
} typed_line_t;

static void typed_line_clear(typed_line_t *t)
{
    t->len = 0;
    t->bad = t->too_long = 0;
    t->blank = 1;
}

/* A byte that does not end the line: the model's rules of console.h. */
static void typed_line_add(typed_line_t *t, uint8_t b)
{
    if (b != '\t' && (b < 0x20 || b > 0x7E))
        t->bad = 1;
    else if ((b == ' ' || b == '\t') && (t->len == 0 || t->text[t->len - 1] == ' '))
        ; /* a space is kept only after a word, once */
    else if (t->len == CONSOLE_LINE_MAX)
        t->too_long = 1;
    else {
        t->text[t->len++] = b == '\t' ? ' ' : (char)b;
        t->blank = t->blank && (b == ' ' || b == '\t');
    }
}

/* The answer to a finished line, against the model. solve_waited: `solve` was
 * collecting board lines before the line and still is after it. */
static void check_answer(const typed_line_t *t, int solve_waited)
{
    unsigned errors, n = out_lines(t->text, &errors);
    if (t->bad || t->too_long) {
        if (n != 1 || errors != 1)
            fail("a bad line must get exactly one error line", t->text);
    } else if (t->blank) {
        if (n != 0)
            fail("a blank line got an answer", t->text);
    } else if (n == 0) {
        /* Only a board line that `solve` is still collecting may stay silent. */
        if (!solve_waited)
            fail("a line got no answer", t->text);
    }
    if (errors && n != 1)
        fail("an error answer with more than one line", t->text);
}

/* Let the AI answer; its lines must be clean too. */
static void let_ai_answer(game_t *g, const char *line)
{
    unsigned errors;
    game_tick(g, 1000);
    console_report(g);
    take_output();
    out_lines(line, &errors);
    check_game(g, line);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static game_t g;
    static console_t c;
    if (size < 3)
        return 0;
    start_game(&g, &c, data);
    typed_line_t t;
    typed_line_clear(&t);
    for (size_t i = 3; i < size; i++) {
        uint8_t b = data[i];
        uint8_t pending_before = c.solve_lines;
        console_feed(&c, &g, b);
        while (console_more(&c, &g)) { /* the rest of a long answer, as the main loop does */
        }
        take_output();
        if (b != '\n' && b != '\r') {
            if (fuzz_out_len)
                fail("output before the end of a line", "(unfinished)");
            typed_line_add(&t, b);
            check_game(&g, "(unfinished)");
            continue;
        }
        t.text[t.len] = '\0';
        check_answer(&t, pending_before && c.solve_lines);
        check_game(&g, t.text);
        let_ai_answer(&g, t.text);
        typed_line_clear(&t);
    }
    return 0;
}
