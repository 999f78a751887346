/* tests/sim/proof_garbage.c - random bytes and overlong lines on the serial console:
 * exactly one error line per bad line, and the board still works afterwards; a byte
 * with a framing error is dropped. */
#define _GNU_SOURCE
#include "proof.h"

#include <avr_uart.h>
#include <sim_avr.h>
#include <sim_io.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- 5. serial garbage --------------------------------------------------------- */

/* Run until the host's bytes are all in simavr's receiver. */
static void serial_handed_over(void)
{
    for (int ms = 0; ms < 100 && board_serial_pending(); ms++)
        board_run_ms(1);
}

/* A byte received with a framing error (a broken stop bit: noise, a wrong baud rate)
 * inside a command is dropped, not taken as data: "boa" + the broken byte + "rd" is the
 * command `board`. The broken byte goes through simavr's own model of the error
 * (UART_INPUT_FE: FE0 is set while the byte waits in UDR0). True if dropped. */
static int framing_error_dropped(void)
{
    avr_irq_t *rx = avr_io_getirq(board_avr(), AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT);
    cap_clear();
    board_serial_send("boa", 3);
    serial_handed_over();
    board_run_ms(1);
    avr_raise_irq(rx, 'Z' | UART_INPUT_FE);
    board_run_ms(1);
    board_serial_line("rd");
    cap_wait(4, 500);
    return cap_find("turn: ") >= 0 && cap_find("error") < 0;
}

/* The random lines' counts. */
typedef struct {
    long bytes, lines_sent, errors, overlong;
} garbage_count_t;

/* A random line of 1-40 bytes (20%: 41-250, overlong), no newline inside, whose first
 * byte starts no command (help board move new level stats solve hint). Its length. */
static int garbage_line(char *buf)
{
    static const char first[] = "acdefgijkpqrtuvwxyz0123456789!#$%&*+-/<=>?@[]^_{}~";
    int len = rnd() % 100 < 20 ? (int)rnd_range(41, 250) : (int)rnd_range(1, 40);
    buf[0] = first[rnd() % (sizeof first - 1)];
    for (int i = 1; i < len; i++) {
        uint8_t c;
        do
            c = (uint8_t)rnd();
        while (c == '\n' || c == '\r');
        buf[i] = (char)c;
    }
    return len;
}

/* Random lines, each answered by exactly one error line, until bytes_goal is sent. */
static void send_garbage_lines(long bytes_goal, garbage_count_t *g)
{
    while (g->bytes < bytes_goal && !proof_sh->bad) {
        char buf[300];
        int len = garbage_line(buf);
        if (len > 40)
            g->overlong++;
        cap_clear();
        board_serial_send(buf, (size_t)len);
        board_serial_send("\n", 1);
        g->bytes += len + 1;
        g->lines_sent++;
        uint64_t end = board_now() + BOARD_MS(500);
        while (proof_cap_n == 0 && board_now() < end)
            board_run_ms(1);
        board_run_ms(5);
        if (proof_cap_n != 1 || strncmp(proof_cap[0], "error: ", 7)) {
            proof_fail("garbage line %ld (%d bytes): answer '%s' (%d lines)", g->lines_sent,
                 len, proof_cap_n ? proof_cap[0] : "", proof_cap_n);
            break;
        }
        g->errors++;
    }
}

/* A burst without waiting: 2000 random bytes, then a newline; then help must answer. */
static void send_garbage_burst(garbage_count_t *g)
{
    char burst[2000];
    for (size_t i = 0; i < sizeof burst; i++)
        burst[i] = (char)(rnd() % 255 + 1);
    board_serial_send(burst, sizeof burst);
    board_serial_send("\n", 1);
    g->bytes += (long)sizeof burst + 1;
    board_run_ms(1000);
    cap_clear();
    board_serial_line("help");
    cap_wait(1, 500);
    if (proof_cap_n < 1 || cap_find("error") >= 0)
        proof_fail("after the garbage, 'help' answered '%s'",
                   proof_cap_n ? proof_cap[0] : "(nothing)");
}

/* The game still works through the buttons: a press on cell 5 gives X there and the
 * AI's answer. True if so. */
static int game_works(void)
{
    board_run_ms(300);
    board_press(4, BOARD_PRESS_MS);
    uint64_t end = board_now() + BOARD_MS(2000);
    while (board_now() < end) {
        board_run_until(board_now() + BOARD_WINDOW_CYCLES);
        pic_t p = pic_parse(board_picture());
        if (stable() && (p.x >> 4 & 1) && popc(p.o) == 1 && !p.blink)
            return 1;
    }
    proof_fail("after the garbage, pressing cell 5 did not give X on 5 and an AI answer (%s)",
         board_picture());
    return 0;
}

int cmd_garbage(long bytes_goal)
{
    double t0 = wall();
    if (boot() != 0)
        return 1;
    proof_rng_state = 777;
    garbage_count_t g = {0};
    send_garbage_lines(bytes_goal, &g);
    send_garbage_burst(&g);
    int ok_game = game_works();
    board_run_ms(300);
    int fe_dropped = framing_error_dropped();
    if (!fe_dropped)
        proof_fail("a byte with a framing error inside `board` was taken as data: '%s'",
             proof_cap_n ? proof_cap[0] : "(nothing)");
    check_chip("garbage");
    printf("sim_garbage: bytes %ld in %ld lines (%ld overlong) + a 2000-byte burst, error "
           "answers %ld, game works afterwards: %s, a framing-error byte dropped: %s, "
           "failures %ld, %.1f s\n", g.bytes, g.lines_sent, g.overlong, g.errors,
           ok_game ? "yes" : "no", fe_dropped ? "yes" : "no", proof_sh->bad, wall() - t0);
    if (proof_sh->bad) {
        printf("sim_garbage: FAILED: %s\n", proof_sh->first_error);
        return 1;
    }
    printf("sim_garbage: ok\n");
    return 0;
}
