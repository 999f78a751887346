/* tests/sim/proof_flow.c - when XOFF and XON go out (part of `sim_proofs console`), on
 * the real image, with a host that keeps sending a set number of bytes after it reads
 * XOFF, as the Uno's USB bridge delivers what it already holds (board_set_flow_lag).
 * hal/README.md promises: XOFF once 32 bytes wait in the 128-byte RX ring, XON once read
 * down to 8, so a host with up to 95 bytes in flight never loses one. The waiting bytes
 * are read from the ring's indices in the chip's RAM (the uart_rx ring of hal/avr/uart.c,
 * found in the ELF) each time a flow byte reaches the host.
 *
 * The input is a stream of `help` lines: each answer fills the TX ring, and the main loop
 * takes no input while it drains, so the RX ring fills as it would behind a large paste.
 *   lag 0    every XOFF finds 32 or 33 bytes waiting (33: one more arrived while it
 *            waited for the line), every XON at most 8; nothing lost
 *   lag 90   the same marks; the ring peaks below its 127 bytes; nothing lost
 * and after every XOFF, the ring grows by exactly the bytes the host still had to send
 * (the lag, or fewer at the stream's end), or one more already on the wire: the main
 * loop reads nothing while its answer drains, so the host's lag shows in full. */
#define _GNU_SOURCE
#include "proof.h"

#include <sim_avr.h>
#include <stdlib.h>
#include <string.h>

#define RX_XOFF_AT 32
#define RX_XON_AT 8
#define RX_MASK 127
#define STREAM_HELPS 60

static uint32_t ring_addr; /* data address of uart_rx: head, then tail */

/* The uart_rx ring's SRAM address from the symbol table (-flto may suffix the name). */
static int find_ring(void)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "avr-nm '%s'", proof_elf);
    FILE *p = popen(cmd, "r");
    if (!p)
        return -1;
    char line[256], name[200], type;
    unsigned long addr;
    ring_addr = 0;
    while (fgets(line, sizeof line, p))
        if (sscanf(line, "%lx %c %199s", &addr, &type, name) == 3 &&
            (!strcmp(name, "uart_rx") || !strncmp(name, "uart_rx.", 8)) && addr >= 0x800100)
            ring_addr = (uint32_t)(addr - 0x800000);
    pclose(p);
    return ring_addr ? 0 : -1;
}

static int unread(void)
{
    const uint8_t *d = board_avr()->data;
    return (d[ring_addr] - d[ring_addr + 1]) & RX_MASK;
}

typedef struct {
    long xoffs, xons, xoff_min, xoff_max, xon_max, peak, lost, answers;
    long lag_short, lag_over; /* the most bytes fewer / more than due arrived after an XOFF */
} flow_t;

static long help_answers;
static void count_help(const char *line, void *ctx)
{
    on_line(line, ctx);
    help_answers += help_first_line(line);
}

static void flow_case(unsigned lag, flow_t *r)
{
    char buf[STREAM_HELPS * 5 + 1];
    size_t len = 0;
    for (int i = 0; i < STREAM_HELPS; i++)
        len += (size_t)sprintf(buf + len, "help\n");
    memset(r, 0, sizeof *r);
    r->xoff_min = 1000;
    board_set_flow_lag(lag);
    board_on_line(count_help, NULL);
    help_answers = 0;
    uint32_t xoff0, xon0;
    board_flow_counts(&xoff0, &xon0);
    long due = -1, at_xoff = 0, rise = 0; /* due: bytes the host owes after this XOFF */
    r->lag_short = r->lag_over = -1000;
    board_serial_send(buf, len);
    uint64_t end = board_now() + BOARD_MS(3000);
    while (board_now() < end && (board_serial_pending() || help_answers < STREAM_HELPS)) {
        board_run_until(board_now() + 64); /* well under a byte time (1,560 cycles) */
        uint32_t xoffs, xons;
        board_flow_counts(&xoffs, &xons);
        int u = unread();
        if (u > r->peak)
            r->peak = u;
        if ((long)(xoffs - xoff0) > r->xoffs) { /* an XOFF just reached the host */
            r->xoffs = xoffs - xoff0;
            if (u < r->xoff_min)
                r->xoff_min = u;
            if (u > r->xoff_max)
                r->xoff_max = u;
            size_t left = board_serial_pending();
            due = left < lag ? (long)left : (long)lag;
            at_xoff = u;
            rise = 0;
        }
        if (due >= 0 && u - at_xoff > rise)
            rise = u - at_xoff;
        if ((long)(xons - xon0) > r->xons) {
            r->xons = xons - xon0;
            if (u > r->xon_max)
                r->xon_max = u;
            if (due >= 0) {
                if (due - rise > r->lag_short)
                    r->lag_short = due - rise;
                if (rise - due > r->lag_over)
                    r->lag_over = rise - due;
                due = -1;
            }
        }
    }
    board_run_ms(200);
    board_on_line(on_line, NULL);
    board_set_flow_lag(0);
    r->answers = help_answers;
    cap_clear();
    board_serial_line("diag");
    cap_wait(3, 1000);
    int i = cap_find("diag: lost rx ");
    r->lost = i < 0 ? -1 : atol(proof_cap[i] + strlen("diag: lost rx "));
}

int flow_check(void)
{
    if (find_ring() != 0) {
        proof_fail("flow: no uart_rx ring in the symbols of %s", proof_elf);
        return -1;
    }
    static const unsigned lags[] = {0, 90};
    for (unsigned k = 0; k < sizeof lags / sizeof lags[0]; k++) {
        int fd;
        pid_t pid = fork_sim(&fd);
        if (pid < 0)
            return -1;
        if (pid == 0) {
            flow_t r;
            flow_case(lags[k], &r);
            finish_sim(fd, &r, sizeof r);
        }
        flow_t r;
        if (collect_sim(pid, fd, &r, sizeof r, "flow") != 0)
            return -1;
        printf("sim_console: %d help lines, host sends %u more bytes after XOFF: XOFF %ld "
               "times at %ld..%ld bytes waiting, XON %ld times at most %ld waiting, peak %ld "
               "of 127, %ld answers, lost rx %ld; after an XOFF at most %ld fewer and %ld more bytes "
               "than due\n", STREAM_HELPS, lags[k], r.xoffs, r.xoff_min, r.xoff_max, r.xons,
               r.xon_max, r.peak, r.answers, r.lost, r.lag_short, r.lag_over);
        if (!r.xoffs || r.xoff_min < RX_XOFF_AT || r.xoff_max > RX_XOFF_AT + 1)
            proof_fail("flow (lag %u): XOFF at %ld..%ld bytes waiting (%ld times), want %d (or one "
                 "more)", lags[k], r.xoff_min, r.xoff_max, r.xoffs, RX_XOFF_AT);
        if (r.xons != r.xoffs || r.xon_max > RX_XON_AT)
            proof_fail("flow (lag %u): %ld XON for %ld XOFF, one at %ld bytes waiting (want <= %d)",
                 lags[k], r.xons, r.xoffs, r.xon_max, RX_XON_AT);
        if (r.lag_short > 0 || r.lag_over > 1)
            proof_fail("flow (lag %u): after an XOFF up to %ld bytes fewer and %ld more than the "
                 "host had in flight came (want exactly those, or one more already on the wire)",
                 lags[k], r.lag_short, r.lag_over);
        if (r.lost != 0 || r.answers != STREAM_HELPS)
            proof_fail("flow (lag %u): %ld of %d answered, lost rx %ld, peak %ld", lags[k], r.answers,
                 STREAM_HELPS, r.lost, r.peak);
    }
    return 0;
}
