/* tests/sim/proof_console.c - the serial console under load, on the real firmware:
 *   burst   40 commands of every kind sent back to back, once on a finished game and once
 *           right behind the game-ending move, give exactly the transcript the same
 *           commands give one at a time (digits of `diag` lines masked: uptime moves);
 *   stream  1,000 commands sent as fast as the line goes, the sender honouring XON/XOFF:
 *           every one answered, in order, nothing lost (diag counts 0); diag's stack
 *           figure equals the simulator's deepest stack since reset;
 *   overrun the same stream with a sender that ignores XOFF: input is lost, and every
 *           line is either answered whole or refused with `error: input overrun` (never
 *           spliced into another command), and diag counts the loss;
 *   flow    when XOFF and XON go out, with a host that has bytes in flight (proof_flow.c). */
#define _GNU_SOURCE
#include "proof.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define TRANSCRIPT_MAX (1u << 20)

static char *transcript;
static size_t transcript_len;
static int mask_diag = 1;

static void on_line_record(const char *line, void *ctx)
{
    (void)ctx;
    size_t n = strlen(line);
    if (transcript_len + n + 2 >= TRANSCRIPT_MAX)
        return;
    /* uptime and counters in `diag` move between runs: compare their shape only (each
     * run of digits becomes one '#') */
    int diag = mask_diag && !strncmp(line, "diag: ", 6);
    for (size_t i = 0; i < n; i++) {
        int digit = line[i] >= '0' && line[i] <= '9';
        if (line[i] == 0x11 || line[i] == 0x13)
            continue; /* XON/XOFF reach the line when the sender ignores them */
        if (diag && digit && i > 0 && line[i - 1] >= '0' && line[i - 1] <= '9')
            continue;
        transcript[transcript_len++] = diag && digit ? '#' : line[i];
    }
    transcript[transcript_len++] = '\n';
    transcript[transcript_len] = 0;
}

static void record_start(void)
{
    transcript_len = 0;
    transcript[0] = 0;
    board_on_line(on_line_record, NULL);
}

/* Run until the board has been quiet (no line, nothing left to send) for 300 ms (the AI
 * answers 200 ms after a move). */
static void run_quiet(uint32_t max_ms)
{
    uint64_t end = board_now() + BOARD_MS(max_ms);
    size_t last = transcript_len;
    uint64_t quiet = board_now() + BOARD_MS(300);
    while (board_now() < end) {
        board_run_ms(2);
        if (transcript_len != last || board_serial_pending()) {
            last = transcript_len;
            quiet = board_now() + BOARD_MS(300);
        } else if (board_now() >= quiet) {
            return;
        }
    }
}

static const char *const burst_cmds[] = {
    "board", "help", "stats", "diag", "level 1", "board", "solve 120112002",
    "solve xx.oo....", "hint", "level medium", "stats", "board", "solve", "1 2 0", "0 1 0",
    "0 0 0", "help", "level 0", "diag", "board", "bogus", "move 0", "level easy", "stats",
    "solve x.o/.x./..o", "board", "help", "new q", "level 2", "diag", "board", "stats",
    "level perfect", "help", "board", "solve 000000000", "hint", "stats", "board", "diag"};
#define BURST_N ((int)(sizeof burst_cmds / sizeof burst_cmds[0]))

/* One console move; returns the cell of the AI's reply, or -1. */
static int console_move_reply(const char *cmd)
{
    size_t before = transcript_len;
    board_serial_line(cmd);
    run_quiet(1500);
    const char *ai = strstr(transcript + before, "ai: ");
    return ai ? ai[4] - '1' : -1;
}


/* Send `cmds` one at a time (each after the previous answer) or all at once; return a
 * malloc'd transcript of what came back. */
static char *send_cmds(const char *const *cmds, int n, int at_once, const char *first)
{
    record_start();
    if (first)
        board_serial_line(first);
    if (first && !at_once)
        run_quiet(3000);
    for (int i = 0; i < n; i++) {
        board_serial_line(cmds[i]);
        if (!at_once)
            run_quiet(3000);
    }
    run_quiet(60000);
    return strdup(transcript);
}

static int count_lines(const char *t, const char *prefix)
{
    int n = 0;
    size_t pl = strlen(prefix);
    for (const char *p = t; *p;) {
        if (!strncmp(p, prefix, pl))
            n++;
        p = strchr(p, '\n');
        if (!p)
            break;
        p++;
    }
    return n;
}

/* Compare the burst with the one-at-a-time reference, from the same snapshot. */
static int burst_case(const char *what, const char *first)
{
    static char ref[TRANSCRIPT_MAX], got[TRANSCRIPT_MAX];
    for (int at_once = 0; at_once < 2; at_once++) {
        int fd;
        pid_t pid = fork_sim(&fd);
        if (pid < 0)
            return -1;
        if (pid == 0) {
            char *t = send_cmds(burst_cmds, BURST_N, at_once, first);
            size_t len = strlen(t);
            if (write(fd, &len, sizeof len) < 0 || write(fd, t, len) < 0)
                _exit(1);
            check_chip(what);
            _exit(0);
        }
        size_t len = 0;
        char *dst = at_once ? got : ref;
        int short_read = read_result(fd, &len, sizeof len) != 0 || len >= TRANSCRIPT_MAX ||
                         read_result(fd, dst, len) != 0;
        if (reap_sim(pid, fd, what) != 0)
            return -1;
        if (short_read) {
            proof_fail("%s: no whole transcript came back", what);
            return -1;
        }
        dst[len] = 0;
    }
    int lines = count_lines(got, "");
    if (strcmp(ref, got) != 0) {
        proof_fail("%s: the burst's transcript differs from one command at a time", what);
        if (proof_debug)
            fprintf(stderr, "--- one at a time\n%s--- burst\n%s", ref, got);
        return -1;
    }
    printf("sim_console: %s: %d commands at once, %d answer lines, identical to one at a "
           "time\n", what, BURST_N + (first != NULL), lines);
    return 0;
}

/* The lines of a `help` answer at lines[0]: the commands (up to 5 lines), the menu's two,
 * BOARD:'s; 0 if it is not one. */
static int help_block(char **lines, int n)
{
    for (int j = 1; j <= 5 && j + 2 < n; j++)
        if (!strncmp(lines[j], "menu: ", 6))
            return strncmp(lines[j + 2], "BOARD: ", 7) ? 0 : j + 3;
    return 0;
}

enum { K_BOARD, K_STATS, K_LEVEL, K_SOLVE_WDL, K_HELP, K_SOLVE_XO, K_OVERRUN, K_UNKNOWN };

static int is_row(const char *l)
{
    return strlen(l) == 3 && strspn(l, "xo.") == 3;
}

/* Split a transcript of answers (on a finished game) into blocks, one kind each. */
/* The lines of a `stats` answer starting at l[0]: a line per table (7), and the two
 * before levels after a migration; 0 if l[0] does not start one. */
static int stats_block(char **l, int n)
{
    int m = 0;
    while (m < n && !strncmp(l[m], "stats ", 6))
        m++;
    return m == 7 || m == 9 ? m : 0;
}

static int parse_blocks(char *t, int *kinds, int max)
{
    char *lines[8192];
    int nl = 0, n = 0;
    for (char *p = strtok(t, "\n"); p && nl < 8192; p = strtok(NULL, "\n"))
        lines[nl++] = p;
    for (int i = 0; i < nl && n < max;) {
        const char *l = lines[i];
        int k = K_UNKNOWN, used = 1;
        if (i + 3 < nl && is_row(l) && is_row(lines[i + 1]) && is_row(lines[i + 2]) &&
            !strncmp(lines[i + 3], "over: ", 6)) {
            k = K_BOARD;
            used = 4;
        } else if (stats_block(lines + i, nl - i)) {
            k = K_STATS;
            used = stats_block(lines + i, nl - i);
        } else if (!strncmp(l, "level: ", 7)) {
            k = K_LEVEL;
        } else if (!strcmp(l, "W") || !strcmp(l, "D") || !strcmp(l, "L")) {
            k = K_SOLVE_WDL;
        } else if (!strcmp(l, "x") || !strcmp(l, "o") || !strcmp(l, "TIE")) {
            k = K_SOLVE_XO;
        } else if (help_first_line(l) && help_block(lines + i, nl - i)) {
            k = K_HELP; /* the commands, the menu (two lines), BOARD: */
            used = help_block(lines + i, nl - i);
        } else if (!strcmp(l, "error: input overrun")) {
            k = K_OVERRUN;
        }
        kinds[n++] = k;
        i += used;
    }
    return n;
}

/* A long stream on a finished game; flow = 1 honours XON/XOFF. */
static int stream_case(int n, int flow, long *answered, long *overruns, char *diag,
                       size_t diag_len)
{
    static const char *const mix[] = {"board", "stats", "level 1", "solve 120112002", "help",
                                      "level 0", "board", "solve xx.oo...."};
    static const int mix_kind[] = {K_BOARD, K_STATS, K_LEVEL, K_SOLVE_WDL, K_HELP, K_LEVEL,
                                   K_BOARD, K_SOLVE_XO};
    const int nmix = (int)(sizeof mix / sizeof mix[0]);
    char *buf = malloc((size_t)n * 20 + 1);
    static int kinds[4096];
    size_t len = 0;
    for (int i = 0; i < n; i++)
        len += (size_t)sprintf(buf + len, "%s\n", mix[i % nmix]);

    board_set_flow(flow);
    record_start();
    board_serial_send(buf, len);
    free(buf);
    run_quiet(600000);
    /* a line end once the board has caught up: input lost at the very end may have left
     * half a line behind, which this ends (refused, as damaged) before `diag` comes */
    board_serial_send("\n", 1);
    run_quiet(1000);
    board_set_flow(1);
    int nb = parse_blocks(transcript, kinds, 4096);
    int want = 0, bad = 0;
    *answered = *overruns = 0;
    for (int b = 0; b < nb; b++) {
        if (kinds[b] == K_OVERRUN) {
            (*overruns)++;
            continue;
        }
        /* an answer must be that of the next command still unanswered, or (after lost
         * input) of a later one: in order, never out of thin air */
        while (!flow && want < n && mix_kind[want % nmix] != kinds[b])
            want++;
        if (kinds[b] == K_UNKNOWN || want >= n || mix_kind[want % nmix] != kinds[b]) {
            if (!bad)
                fprintf(stderr, "sim_console: block %d of %d: kind %d, next command %d (%s)\n",
                        b, nb, kinds[b], want, want < n ? mix[want % nmix] : "-");
            bad++;
            continue;
        }
        want++;
        (*answered)++;
    }
    record_start();
    mask_diag = 0;
    board_serial_line("diag");
    run_quiet(1000);
    mask_diag = 1;
    snprintf(diag, diag_len, "%s", transcript);
    if (bad) {
        proof_fail("stream (XON/XOFF %s): %d answers out of order or not an answer (spliced?)",
             flow ? "honoured" : "ignored", bad);
        return -1;
    }
    return 0;
}

/* A stream of 1000 commands in a fork, XON/XOFF honoured (flow 1) or ignored: every one
 * answered (or, ignoring XOFF, refused whole as an overrun and counted), and diag's stack
 * figure equal to the simulator's; failures through proof_fail(). */
static void stream_run(int flow)
{
    long answered, overruns;
    char diag[1024];
    int fd;
    pid_t pid = fork_sim(&fd);
    if (pid < 0)
        return;
    if (pid == 0) {
        uint32_t xoff0, xon0, xoff1, xon1;
        board_flow_counts(&xoff0, &xon0);
        stream_case(1000, flow, &answered, &overruns, diag, sizeof diag);
        board_flow_counts(&xoff1, &xon1);
        /* diag's stack figure (the painted RAM's high-water mark since reset) against
         * the simulator's lowest SP since reset: one quantity, two methods */
        const char *st = strstr(diag, "; stack ");
        long res[6] = {answered, overruns, (long)(xoff1 - xoff0), (long)(xon1 - xon0),
                       st ? atol(st + 8) : -1, 0x8ffL - (long)board_status()->min_sp};
        if (write(fd, res, sizeof res) < 0 || write(fd, diag, sizeof diag) < 0)
            _exit(1);
        check_chip("stream");
        _exit(0);
    }
    long res[6] = {0, 0, 0, 0, -1, -2};
    diag[0] = 0;
    if (read_result(fd, res, sizeof res) != 0 || read_result(fd, diag, sizeof diag) != 0)
        proof_fail("stream: the simulation died");
    reap_sim(pid, fd, "stream");
    printf("sim_console: stack after the stream (XON/XOFF %s): diag %ld B, lowest SP in "
           "simulation %ld B below RAMEND\n", flow ? "honoured" : "ignored", res[4], res[5]);
    if (res[4] != res[5])
        proof_fail("diag's stack figure %ld B is not the simulator's %ld B", res[4], res[5]);
    char *lost = strstr(diag, "diag: lost");
    char *nl = lost ? strchr(lost, '\n') : NULL;
    if (nl)
        *nl = 0;
    if (flow) {
        printf("sim_console: stream of 1000 commands with XON/XOFF: answered %ld, "
               "overruns %ld, XOFF %ld / XON %ld sent by the board; %s\n", res[0], res[1],
               res[2], res[3], lost ? lost : "(no diag)");
        if (res[0] != 1000 || res[1] || !lost || !strstr(lost, "lost rx 0 lines 0"))
            proof_fail("stream with XON/XOFF: %ld of 1000 answered", res[0]);
    } else {
        printf("sim_console: stream of 1000 commands ignoring XOFF: answered %ld, refused "
               "as `error: input overrun` %ld, no other error; %s\n", res[0], res[1],
               lost ? lost : "(no diag)");
        const char *ll = lost ? strstr(lost, " lines ") : NULL;
        if (res[1] == 0 || res[0] + res[1] > 1000 || !lost || strstr(lost, "lost rx 0 ") ||
            !ll || atol(ll + 7) != res[1])
            proof_fail("stream without flow control: %ld answered, %ld overruns (diag: %s)",
                 res[0], res[1], lost ? lost : "none");
    }
}

int cmd_console(void)
{
    double t0 = wall();
    transcript = malloc(TRANSCRIPT_MAX);
    if (!transcript || boot() != 0)
        return 1;
    record_start();
    int last = console_to_last_move(console_move_reply);
    if (last < 0) {
        printf("sim_console: FAILED: could not reach the last move of a game\n");
        return 1;
    }
    char final_move[16];
    snprintf(final_move, sizeof final_move, "move %d", last + 1);
    /* right behind the game-ending move */
    burst_case("right after the game-ending move", final_move);
    /* on the finished game */
    board_serial_line(final_move);
    record_start();
    run_quiet(3000);
    burst_case("on the finished game", NULL);
    if (proof_sh->bad) {
        printf("sim_console: FAILED: %s\n", proof_sh->first_error);
        return 1;
    }
    /* long streams: XON/XOFF honoured, then ignored */
    stream_run(1);
    stream_run(0);
    flow_check(); /* when XOFF and XON go out (proof_flow.c) */
    printf("sim_console: %.1f s\n", wall() - t0);
    if (proof_sh->bad) {
        printf("sim_console: FAILED: %s\n", proof_sh->first_error);
        return 1;
    }
    printf("sim_console: ok\n");
    return 0;
}
