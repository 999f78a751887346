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
    if (!pos_is_legal(g->pos))
        fail("illegal position", line);
    if (!g->over && pos_is_over(g->pos))
        fail("a finished board in play", line);
    if (g->settings.mode >= GAME_MODES || g->settings.level >= LEVELS || g->level >= LEVELS)
        fail("mode or level out of range", line);
    if (!stats_valid(&g->stats))
        fail("stats out of range", line);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static game_t g;
    static console_t c;
    settings_t settings;
    stats_t stats;
    if (size < 3)
        return 0;
    stats_settings_default(&settings);
    settings.mode = (uint8_t)(data[0] % GAME_MODES);
    settings.level = (uint8_t)(data[0] / GAME_MODES % LEVELS);
    stats_clear(&stats);
    fake_hal_reset();
    g.settings = settings;
    g.stats = stats;
    game_init(&g, (uint16_t)(data[1] | data[2] << 8));
    game_tick(&g, GAME_BOOT_MS);
    console_report(&g);
    console_init(&c);
    take_output();

    /* The model of the line being typed. */
    char line[CONSOLE_LINE_MAX + 2];
    size_t len = 0;
    int bad = 0, too_long = 0, blank = 1;
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
            if (b != '\t' && (b < 0x20 || b > 0x7E))
                bad = 1;
            else if ((b == ' ' || b == '\t') && (len == 0 || line[len - 1] == ' '))
                ; /* a space is kept only after a word, once */
            else if (len == CONSOLE_LINE_MAX)
                too_long = 1;
            else {
                line[len++] = b == '\t' ? ' ' : (char)b;
                blank = blank && (b == ' ' || b == '\t');
            }
            check_game(&g, "(unfinished)");
            continue;
        }
        line[len] = '\0';
        unsigned errors, n = out_lines(line, &errors);
        if (bad || too_long) {
            if (n != 1 || errors != 1)
                fail("a bad line must get exactly one error line", line);
        } else if (blank) {
            if (n != 0)
                fail("a blank line got an answer", line);
        } else if (n == 0) {
            /* Only a board line that `solve` is still collecting may stay silent. */
            if (!(pending_before && c.solve_lines))
                fail("a line got no answer", line);
        }
        if (errors && n != 1)
            fail("an error answer with more than one line", line);
        check_game(&g, line);
        /* Let the AI answer; its lines must be clean too. */
        game_tick(&g, 1000);
        console_report(&g);
        take_output();
        out_lines(line, &errors);
        check_game(&g, line);
        len = 0;
        bad = too_long = 0;
        blank = 1;
    }
    return 0;
}
