/* sim/flash_sim.c - ttt-flash-sim: the real avrdude (-c arduino -p m328p) talks over a
 * pseudo-terminal to a simulated Uno running a real STK500 bootloader (ATmegaBOOT at
 * 57600 baud, or optiboot at hal/uart.h's UART_BOOT_BAUD with -b), then the flashed image is run until
 * its banner `ttt: ready`. The chip starts in the boot section with EXTRF set (simavr
 * ignores fuses, so every reset goes to the bootloader as BOOTRST does on a Uno);
 * avrdude's DTR pulse is modelled by resetting into the bootloader when avrdude talks
 * while the application runs.
 * Then the reset cause through the bootloader (which clears MCUSR): a power cycle must
 * not report a watchdog reset; a main loop hung with interrupts on must report
 * `ttt: watchdog reset` exactly once; a hang with interrupts off must still reset (it is
 * then counted as "other" in `diag`: the watchdog interrupt could not run).
 * Exit 0 = flashed, booted, and every reset-cause check passed.
 * Other programmers and faults (sim/README.md, "Flashing in simulation"): -c PROGRAM runs
 * `PROGRAM PTY IMAGE.hex` in avrdude's place; -s, -m, -k, -f inject a fault (another
 * signature, a port that never answers, the link cut mid-write, a bit flipped in a page)
 * and -x expects the programmer to fail; -o saves the flash; -t stops the clock while the
 * bootloader waits for the host's next command. A -c PROGRAM may think in simulated time:
 * it writes `think MS` to the descriptor TTT_FLASH_SIM_CLOCK names, the chip runs MS ms
 * on the simulated clock (with -t, not while the bootloader waits for it), and `ok`
 * comes back; so a slow host is tested by the clock, whatever the machine's load. The
 * flash time is measured
 * on the simulated clock with the host's think time taken out (flash_seconds_sim). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "board.h"
#include <avr_uart.h>
#include <sim_avr.h>
#include <sim_hex.h>

#define FLASH_SIZE 32768u
#define EXTRF 0x02u

static int master_fd = -1;
static int banner_seen;
static long bytes_to_host, bytes_to_chip;
static uint32_t boot_addr = FLASH_SIZE;

/* The flash time on the simulated clock, without the host's think time: from the first
 * host byte to the end of the bootloader's last answer, less every stretch in which the
 * line was quiet and the chip waited for the host (a zero-latency host). */
static struct {
    int on;
    uint64_t first, busy_end, tx_end, last_boot_end, last_rx;
    int64_t think;
    uint8_t last_byte;
} tm;

static uint64_t byte_cycles(void) /* 8N1 at the chip's UBRR0 and U2X0 */
{
    const uint8_t *d = board_avr()->data;
    unsigned ubrr = d[0xc4] | ((d[0xc5] & 0x0f) << 8);
    return 10ull * ((d[0xc0] & 0x02) ? 8u : 16u) * (ubrr + 1u);
}

static void chip_received(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    (void)value;
    (void)param;
    if (tm.on && board_now() > tm.busy_end)
        tm.busy_end = board_now();
    tm.last_rx = board_now();
}

static void host_sends(size_t queued_before)
{
    uint64_t now = board_now();
    if (!tm.on) {
        memset(&tm, 0, sizeof tm);
        tm.on = 1;
        tm.first = tm.busy_end = tm.tx_end = now;
    } else if (queued_before == 0) {
        /* the host's answer shifts all that follows: later than the end of the chip's
         * answer by its think time, or earlier when it answered on the chip's last byte
         * (the pty hands a byte over as its transmission starts) */
        tm.think += (int64_t)(now - tm.busy_end);
    }
}
#define LOG_LINES 64
static char log_lines[LOG_LINES][128];
static int log_n;

static void to_host(uint8_t b, void *ctx)
{
    (void)ctx;
    bytes_to_host++;
    if (tm.on && board_avr()->pc >= boot_addr) {
        uint64_t now = board_now();
        tm.tx_end = (tm.tx_end > now ? tm.tx_end : now) + byte_cycles();
        tm.last_boot_end = tm.busy_end = tm.tx_end;
        tm.last_byte = b;
    }
    /* the banner, matched on the byte stream (the bootloader's binary replies precede it) */
    static const char want[] = "ttt: ready";
    static unsigned matched;
    matched = (b == (uint8_t)want[matched]) ? matched + 1 : (b == (uint8_t)'t' ? (matched == 3 ? 3u : 1u) : 0u);
    if (matched == sizeof want - 1) {
        banner_seen = 1;
        matched = 0;
    }
    if (master_fd < 0 && getenv("FLASH_SIM_DEBUG"))
        fprintf(stderr, "[%02x]", b);
    if (master_fd >= 0 && write(master_fd, &b, 1) != 1)
        fprintf(stderr, "flash-sim: pty write: %s\n", strerror(errno));
}

static void on_line(const char *line, void *ctx)
{
    (void)ctx;
    const char *b = strstr(line, "ttt: ready"); /* after the bootloader's binary replies */
    if (b) {
        printf("flash-sim: flashed image says: %s\n", b);
    }
    const char *t = strstr(line, "ttt: ");
    if (!t)
        t = strstr(line, "diag: ");
    if (t && log_n < LOG_LINES)
        snprintf(log_lines[log_n++], sizeof log_lines[0], "%s", t);
}

static double mono(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Load an Intel HEX file into a 32 KB image; returns the lowest address, -1 on error. */
static long load_hex(const char *path, uint8_t *flash, uint32_t *bytes)
{
    ihex_chunk_p chunks = NULL;
    /* simavr warns on stderr about the start-address record (type 03): harmless */
    fflush(stderr);
    int saved = dup(2), devnull = open("/dev/null", O_WRONLY);
    dup2(devnull, 2);
    int n = read_ihex_chunks(path, &chunks);
    dup2(saved, 2);
    close(saved);
    close(devnull);
    if (n <= 0)
        return -1;
    long lowest = -1;
    *bytes = 0;
    for (int i = 0; i < n; i++) {
        if (chunks[i].baseaddr + chunks[i].size > FLASH_SIZE) {
            free_ihex_chunks(chunks);
            return -1;
        }
        memcpy(flash + chunks[i].baseaddr, chunks[i].data, chunks[i].size);
        *bytes += chunks[i].size;
        if (lowest < 0 || chunks[i].baseaddr < (uint32_t)lowest)
            lowest = chunks[i].baseaddr;
    }
    free_ihex_chunks(chunks);
    return lowest;
}

static int log_count(const char *prefix)
{
    int n = 0;
    for (int i = 0; i < log_n; i++)
        n += !strncmp(log_lines[i], prefix, strlen(prefix));
    return n;
}

/* `rjmp .` at the end of the application space, entered with interrupts on or off. */
static void hang(uint32_t boot, int interrupts_on)
{
    avr_t *avr = board_avr();
    uint32_t at = boot - 16u;
    avr->flash[at] = interrupts_on ? 0x78 : 0xf8; /* sei = 0x9478, cli = 0x94f8 */
    avr->flash[at + 1] = 0x94;
    avr->flash[at + 2] = 0xff; /* rjmp .-2 = 0xcfff */
    avr->flash[at + 3] = 0xcf;
    avr->pc = at;
}

static int check(int ok, const char *what)
{
    printf("flash-sim: %s: %s\n", what, ok ? "ok" : "FAILED");
    if (!ok)
        for (int i = 0; i < log_n; i++)
            printf("flash-sim:   console: %s\n", log_lines[i]);
    return ok;
}

/* The reset cause as the application sees it behind the bootloader. */
static int reset_cause_checks(uint32_t boot, int hangs)
{
    int ok = 1;
    master_fd = -1;
    log_n = 0;
    board_power_cycle();
    board_run_ms(3000);
    ok &= check(log_count("ttt: ready") == 1 && log_count("ttt: watchdog") == 0,
                "power cycle: one banner, no watchdog report");
    if (!hangs) {
        printf("flash-sim: hang checks skipped: this bootloader is built without "
               "WATCHDOG_MODS, so after any watchdog reset it waits 1 s for avrdude under a "
               "16 ms watchdog and resets forever (ATmegaBOOT's known defect; the Uno's "
               "optiboot starts the application at once)\n");
        return ok;
    }
    log_n = 0;
    hang(boot, 1);
    board_run_ms(4000);
    ok &= check(log_count("ttt: watchdog reset") == 1 && log_count("ttt: ready") == 1,
                "main loop hung (interrupts on): `ttt: watchdog reset` once");
    board_run_ms(3000);
    ok &= check(log_count("ttt: ready") == 1, "no further reset");
    log_n = 0;
    hang(boot, 0);
    board_run_ms(6000);
    board_serial_line("diag");
    board_run_ms(200);
    ok &= check(log_count("ttt: ready") == 1 && log_count("ttt: watchdog") == 0 &&
                    log_count("diag: up") == 1,
                "hang with interrupts off: reset (by the hardware's second time-out)");
    for (int i = 0; i < log_n; i++)
        if (!strncmp(log_lines[i], "diag: up", 8)) {
            const char *r = strstr(log_lines[i], "resets ");
            ok &= check(r && !strcmp(r, "resets power 1 watchdog 1 brown-out 0 other 1"),
                        "diag counts the resets since power-on: power 1, watchdog 1, other 1");
        }
    return ok;
}

/* ---- faults ---------------------------------------------------------------------------- */

static struct {
    const char *program;    /* -c: in avrdude's place */
    int mute;               /* -m: the port never answers */
    int cut_after;          /* -k N: unplugged in the middle of page write N+1 (0 = never) */
    int cut_armed;          /* the first session only */
    int flip_page;          /* -f N: bit 0 of data byte 5 of page write N flipped (0 = never) */
    int expect_fail;        /* -x */
    int hold_clock;         /* -t: the clock waits for the host between commands */
} opt;

/* Enough of the host's STK500v1 stream to find the page writes (`d` LEN_HI LEN_LO TYPE
 * DATA... EOP); other commands are skipped by their argument count. */
static struct {
    int state; /* 0 command, 1 arguments, 2 `d` header, 3 `d` data */
    unsigned need, pos, len;
    uint8_t cmd;
    int pages;
} trk;

enum { PASS, FLIP, CUT };
static int track(uint8_t b)
{
    switch (trk.state) {
    case 0:
        trk.pos = 0;
        trk.cmd = b;
        if (b == 'd') {
            trk.state = 2;
            trk.need = 3;
            trk.pages++;
        } else {
            static const uint8_t args[][2] = {{'A', 1}, {'U', 2}, {'t', 3}, {'V', 4},
                                               {'B', 20}, {'E', 5}};
            trk.need = 1; /* EOP */
            for (size_t i = 0; i < sizeof args / sizeof args[0]; i++)
                if (b == args[i][0])
                    trk.need += args[i][1];
            trk.state = 1;
        }
        return PASS;
    case 1:
        if (--trk.need == 0)
            trk.state = 0;
        return PASS;
    case 2:
        if (trk.need == 3)
            trk.len = (unsigned)b << 8;
        else if (trk.need == 2)
            trk.len |= b;
        if (--trk.need == 0) {
            trk.state = 3;
            trk.need = trk.len + 1u; /* + EOP */
        }
        return PASS;
    default:
        trk.pos++;
        if (--trk.need == 0)
            trk.state = 0;
        if (opt.cut_armed && trk.pages == opt.cut_after + 1 && trk.pos == 64)
            return CUT;
        if (opt.flip_page && trk.pages == opt.flip_page && trk.pos == 6)
            return FLIP;
        return PASS;
    }
}

/* -s: the bootloader answers STK_READ_SIGN with three constants (`ldi r24, K` before each
 * putch): find the 1E 95 0F triple in the boot section and make it another chip's. */
static int patch_signature(uint8_t *flash, uint32_t boot, const uint8_t sig[3])
{
    static const uint8_t want[3] = {0x1e, 0x95, 0x0f};
    for (uint32_t a = boot; a + 1 < FLASH_SIZE; a += 2) {
        uint32_t at[3], n = 0;
        for (uint32_t b = a; b + 1 < FLASH_SIZE && b < a + 16 && n < 3; b += 2) {
            uint16_t w = (uint16_t)(flash[b] | flash[b + 1] << 8);
            if ((w & 0xf000) == 0xe000 && (((w >> 4) & 0xf0) | (w & 0x0f)) == want[n])
                at[n++] = b;
        }
        if (n == 3) {
            for (int i = 0; i < 3; i++) {
                uint16_t w = (uint16_t)(flash[at[i]] | flash[at[i] + 1] << 8);
                w = (uint16_t)((w & 0xf0f0) | ((sig[i] & 0xf0) << 4) | (sig[i] & 0x0f));
                flash[at[i]] = (uint8_t)w;
                flash[at[i] + 1] = (uint8_t)(w >> 8);
            }
            return 0;
        }
    }
    return -1;
}

/* -t: the bootloader has answered the host's last command (not the last one, `Q`): its
 * answer ended with STK_OK and the line has been quiet for two byte times since (an OK
 * inside page data is followed by more at once). The simulated clock stops until the
 * next command comes, so a host slower than the bootloader's 1 s timeout (a browser on
 * a loaded machine) still gets through. */
static int waiting_for_host(void)
{
    return opt.hold_clock && tm.on && trk.state == 0 && trk.cmd != 'Q' &&
           board_serial_pending() == 0 && tm.last_boot_end > tm.last_rx &&
           tm.last_byte == 0x10 && board_now() >= tm.busy_end + 2 * byte_cycles() &&
           board_avr()->pc >= boot_addr;
}

/* ---- one programmer session ------------------------------------------------------------- */

/* The link between the programmer and the chip during one session. */
static struct {
    int slave_fd;
    int started;   /* the programmer has talked: the chip left reset */
    int unplugged; /* -k: the port is gone */
    int kills;
    double deadline;
    double run_t0; /* the host time and the cycle count the real-time pacing counts from */
    uint64_t run_c0;
    int clock_fd; /* -c PROGRAM's end of its `think MS` channel, -1 when none */
} port;

/* A fresh pty (a port plugged in), raw, with a slave kept open so that the master never
 * reads EOF between the programmer's opens. Returns the slave's name, NULL on error. */
static const char *open_port(void)
{
    master_fd = posix_openpt(O_RDWR | O_NOCTTY);
    if (master_fd < 0 || grantpt(master_fd) || unlockpt(master_fd)) {
        perror("flash-sim: posix_openpt");
        return NULL;
    }
    const char *slave = ptsname(master_fd);
    port.slave_fd = open(slave, O_RDWR | O_NOCTTY);
    struct termios tio;
    if (port.slave_fd < 0 || tcgetattr(port.slave_fd, &tio)) {
        perror("flash-sim: slave");
        return NULL;
    }
    cfmakeraw(&tio);
    tcsetattr(port.slave_fd, TCSANOW, &tio);
    fcntl(master_fd, F_SETFL, O_NONBLOCK);
    return slave;
}

/* The programmer (avrdude, or -c PROGRAM) on the slave, its output to the log. */
static pid_t start_programmer(const char *baud, const char *image, const char *log_path,
                              const char *slave)
{
    char uflag[1100];
    snprintf(uflag, sizeof uflag, "flash:w:%s:i", image);
    if (opt.program)
        printf("flash-sim: %s %s %s\n", opt.program, slave, image);
    else
        printf("flash-sim: avrdude -c arduino -p m328p -b %s -P %s -U %s\n", baud, slave, uflag);
    int clock[2] = {-1, -1};
    if (opt.program && socketpair(AF_UNIX, SOCK_STREAM, 0, clock)) {
        perror("flash-sim: socketpair");
        return -1;
    }
    pid_t pid = fork();
    if (pid != 0) {
        port.clock_fd = clock[0];
        if (clock[1] >= 0) {
            close(clock[1]);
            fcntl(port.clock_fd, F_SETFL, O_NONBLOCK);
        }
        return pid;
    }
    close(master_fd);
    close(port.slave_fd);
    if (clock[0] >= 0) {
        char fd[16];
        snprintf(fd, sizeof fd, "%d", clock[1]);
        setenv("TTT_FLASH_SIM_CLOCK", fd, 1);
        close(clock[0]);
    }
    int log_fd = log_path ? open(log_path, O_WRONLY | O_CREAT | O_APPEND, 0644) : -1;
    if (log_fd >= 0) {
        dup2(log_fd, 2);
        close(log_fd);
    }
    dup2(2, 1);
    if (opt.program)
        execlp(opt.program, opt.program, slave, image, (char *)NULL);
    else
        execlp("avrdude", "avrdude", "-c", "arduino", "-p", "m328p", "-b", baud, "-P", slave,
               "-U", uflag, (char *)NULL);
    perror("flash-sim: exec");
    _exit(127);
}

static void restart_pacing(void)
{
    port.run_t0 = mono();
    port.run_c0 = board_now();
}

/* -k: the port disappears (the master's close hangs the tty up) and the chip loses power
 * mid-page. */
static void unplug(void)
{
    printf("flash-sim: link cut in page write %d after %d complete ones\n", trk.pages,
           opt.cut_after);
    port.unplugged = 1;
    opt.cut_armed = 0;
    close(master_fd);
    master_fd = -1;
}

/* Bytes from the programmer to the chip. Talking resets the chip into the bootloader
 * when it is still in reset, runs the application or has crashed (the DTR auto-reset);
 * -f and -k act on the page writes on the way. */
static void host_bytes(uint8_t *buf, ssize_t n, int *resets)
{
    if (!port.started || board_avr()->pc < boot_addr || board_status()->crashed) {
        board_reset(EXTRF);
        (*resets)++;
        port.started = 1;
        restart_pacing();
    }
    ssize_t keep = n;
    for (ssize_t i = 0; i < n && keep == n; i++) {
        int act = track(buf[i]);
        if (act == FLIP)
            buf[i] ^= 0x01;
        else if (act == CUT)
            keep = i;
    }
    host_sends(board_serial_pending());
    bytes_to_chip += keep;
    board_serial_send((const char *)buf, (size_t)keep);
    if (keep < n)
        unplug();
}

/* `think MS` from the programmer: the chip runs MS ms on the simulated clock (in reset
 * until the programmer first talks; with -t, held while the bootloader waits for it),
 * then `ok` goes back and the real-time pacing starts again from here. */
static void host_thinks(void)
{
    char line[32];
    ssize_t n = port.clock_fd < 0 ? -1 : read(port.clock_fd, line, sizeof line - 1);
    unsigned ms;
    if (n <= 0)
        return;
    line[n] = 0;
    if (sscanf(line, "think %u", &ms) != 1) {
        fprintf(stderr, "flash-sim: the programmer's clock channel says '%s', not think MS\n", line);
        return;
    }
    uint64_t until = board_now() + BOARD_MS(ms);
    while (port.started && !port.unplugged && board_now() < until && !board_status()->crashed &&
           !waiting_for_host()) {
        uint64_t step = board_now() + BOARD_MS(1);
        board_run_until(step < until ? step : until);
    }
    if (write(port.clock_fd, "ok\n", 3) != 3)
        fprintf(stderr, "flash-sim: clock channel: %s\n", strerror(errno));
    restart_pacing();
}

static void poll_port(int ms)
{
    struct pollfd pfd = {master_fd, POLLIN, 0};
    poll(&pfd, master_fd < 0 ? 0 : 1, ms);
}

/* One turn of the session: the programmer's bytes in, then the chip run up to the host's
 * clock (real time, so the bootloader's ~1 s timeout means what it means on the bench);
 * in reset until the programmer first talks, and held while -t says it waits. */
static void session_step(pid_t pid, int *resets)
{
    uint8_t buf[256];
    ssize_t n = port.unplugged ? 0 : read(master_fd, buf, sizeof buf);
    if (n > 0 && !opt.mute)
        host_bytes(buf, n, resets);
    host_thinks();
    if (mono() > port.deadline) {
        kill(pid, port.kills++ ? SIGKILL : SIGTERM);
        fprintf(stderr, "flash-sim: the programmer still runs after 120 s, stopped\n");
        port.deadline = mono() + 5;
    }
    if (!port.started || port.unplugged) {
        poll_port(5);
        return;
    }
    if (waiting_for_host()) {
        poll_port(1);
        restart_pacing();
        return;
    }
    uint64_t target = port.run_c0 + (uint64_t)((mono() - port.run_t0) * 16e6);
    if (board_now() < target && !board_status()->crashed) {
        uint64_t step = board_now() + BOARD_MS(1);
        board_run_until(step < target ? step : target);
    } else {
        poll_port(1);
    }
}

static void session_report(int code, double t0, int resets)
{
    printf("flash-sim: %s exit %d after %.1f s; bytes to chip %ld, from chip %ld, "
           "resets into the bootloader %d, page writes %d\n",
           opt.program ? "programmer" : "avrdude", code, mono() - t0, bytes_to_chip,
           bytes_to_host, resets, trk.pages);
    if (code == 0 && tm.on && tm.last_boot_end > tm.first)
        printf("flash-sim: flash_seconds_sim %.3f (simulated, host think time excluded)\n",
               (double)((int64_t)(tm.last_boot_end - tm.first) - tm.think) / 16e6);
}

/* A fresh port, the programmer run on it, the chip driven until the programmer exits.
 * Returns the programmer's exit status (-1 when it did not exit normally). */
static int session(const char *baud, const char *image, const char *log_path, int *resets)
{
    memset(&port, 0, sizeof port);
    port.clock_fd = -1;
    const char *slave = open_port();
    if (!slave)
        return -1;
    memset(&trk, 0, sizeof trk);
    tm.on = 0;
    bytes_to_chip = bytes_to_host = 0;
    double t0 = mono();
    pid_t pid = start_programmer(baud, image, log_path, slave);
    if (pid < 0)
        return -1;
    port.deadline = t0 + 120;
    int status = 0;
    while (waitpid(pid, &status, WNOHANG) != pid)
        session_step(pid, resets);
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    session_report(code, t0, *resets);
    if (master_fd >= 0)
        close(master_fd);
    master_fd = -1;
    close(port.slave_fd);
    if (port.clock_fd >= 0)
        close(port.clock_fd);
    return code;
}

static void show_log(const char *log_path)
{
    if (!log_path)
        return;
    printf("flash-sim: the programmer's output (%s):\n", log_path);
    fflush(stdout);
    FILE *f = fopen(log_path, "r");
    char line[512];
    while (f && fgets(line, sizeof line, f))
        fputs(line, stdout);
    if (f)
        fclose(f);
}

/* ---- the run ---------------------------------------------------------------------------- */

static struct {
    const char *baud, *dump, *boot_hex, *image_hex, *log_path;
    int hangs, patch;
    uint8_t sig[3];
} arg = {.baud = "57600", .hangs = 1};

static const char usage[] =
    "usage: ttt-flash-sim [-b BAUD] [-n] [-c PROGRAM] [-o FLASH.bin] [-x] [-m] "
    "[-s SIG] [-k N] [-f N] [-t] BOOTLOADER.hex FIRMWARE.hex [PROGRAMMER.log]\n"
    "  -n  no hang checks (a bootloader that loops on a watchdog reset)\n"
    "  -c  run `PROGRAM PTY FIRMWARE.hex` instead of avrdude\n"
    "  -o  save the 32 KB flash after programming\n"
    "  -x  the programmer must fail, leaving the bootloader intact (and, unless -k\n"
    "      or -f, the application flash unwritten)\n"
    "  -m  the port never answers     -s SIG  the bootloader reports SIG (1e9406)\n"
    "  -k N  unplug in page write N+1, then plug in and program again\n"
    "  -f N  flip a bit of page write N on its way to the chip\n"
    "  -t  the clock stops while the bootloader waits for the host's next command\n";

/* An option with a value (-b -c -o -k -f -s); 0 when OPT is not one. */
static int value_option(const char *o, const char *v)
{
    if (!strcmp(o, "-b")) {
        arg.baud = v;
    } else if (!strcmp(o, "-c")) {
        opt.program = v;
    } else if (!strcmp(o, "-o")) {
        arg.dump = v;
    } else if (!strcmp(o, "-k")) {
        opt.cut_after = opt.cut_armed = atoi(v);
    } else if (!strcmp(o, "-f")) {
        opt.flip_page = atoi(v);
    } else if (!strcmp(o, "-s")) {
        unsigned s = (unsigned)strtoul(v, NULL, 16);
        arg.sig[0] = (uint8_t)(s >> 16);
        arg.sig[1] = (uint8_t)(s >> 8);
        arg.sig[2] = (uint8_t)s;
        arg.patch = 1;
    } else {
        return 0;
    }
    return 1;
}

/* A flag (-n -m -x -t); 0 when O is not one. */
static int flag_option(const char *o)
{
    if (strcmp(o, "-n") && strcmp(o, "-m") && strcmp(o, "-x") && strcmp(o, "-t"))
        return 0;
    arg.hangs = arg.hangs && o[1] != 'n';
    opt.hold_clock |= o[1] == 't';
    opt.mute |= o[1] == 'm';
    opt.expect_fail |= o[1] == 'x';
    return 1;
}

/* The options, then BOOTLOADER.hex FIRMWARE.hex [PROGRAMMER.log]; 0 on a usage error. */
static int parse_args(int argc, char **argv)
{
    for (;;) {
        if (argc > 2 && value_option(argv[1], argv[2])) {
            argc -= 2;
            argv += 2;
        } else if (argc > 1 && flag_option(argv[1])) {
            argc--;
            argv++;
        } else {
            break;
        }
    }
    if (argc != 3 && argc != 4)
        return 0;
    arg.boot_hex = argv[1];
    arg.image_hex = argv[2];
    arg.log_path = argc == 4 ? argv[3] : NULL;
    return 1;
}

static uint8_t flash[FLASH_SIZE], want[FLASH_SIZE]; /* the bootloader; the image to flash */
static uint32_t boot_bytes, app_bytes;

/* The bootloader (patched by -s) and the image; 0 when they cannot be used. */
static int load_images(void)
{
    memset(flash, 0xff, sizeof flash);
    memset(want, 0xff, sizeof want);
    long boot = load_hex(arg.boot_hex, flash, &boot_bytes);
    if (boot < 0x4000) {
        fprintf(stderr, "flash-sim: %s is not a boot-section image\n", arg.boot_hex);
        return 0;
    }
    boot_addr = (uint32_t)boot;
    int image_ok = load_hex(arg.image_hex, want, &app_bytes) == 0 && app_bytes <= boot_addr;
    if (!image_ok && !opt.expect_fail) {
        fprintf(stderr, "flash-sim: cannot use %s: not an image starting at 0 that fits below "
                        "the bootloader at 0x%lx\n", arg.image_hex, boot);
        return 0;
    }
    if (arg.patch && patch_signature(flash, boot_addr, arg.sig) != 0) {
        fprintf(stderr, "flash-sim: no signature (ldi 1E, 95, 0F) found in %s\n", arg.boot_hex);
        return 0;
    }
    return 1;
}

/* The simulated Uno with the bootloader, its UART wired to the pty and the timing. */
static int open_board(void)
{
    if (board_open_flash(flash, boot_addr, EXTRF) != 0)
        return 0;
    board_on_byte(to_host, NULL);
    board_on_line(on_line, NULL);
    board_set_flow(0); /* the STK500 protocol is binary: 0x11/0x13 are data */
    avr_irq_register_notify(avr_io_getirq(board_avr(), AVR_IOCTL_UART_GETIRQ('0'),
                                          UART_IRQ_INPUT), chip_received, NULL);
    if (arg.log_path)
        fclose(fopen(arg.log_path, "w"));
    printf("flash-sim: simulated Uno, bootloader %s at 0x%lx (%u bytes)%s\n", arg.boot_hex,
           (long)boot_addr, boot_bytes, arg.patch ? ", signature patched" : "");
    return 1;
}

/* The programmer's verdict: -x and -k expect a failure; after -k's failure the port is
 * plugged in again for a second flash that must succeed. */
static int program(void)
{
    int resets = 0;
    int code = session(arg.baud, arg.image_hex, arg.log_path, &resets);
    int prog_ok = (opt.expect_fail || opt.cut_after) ? code > 0 : code == 0;
    if (opt.cut_after && prog_ok) {
        printf("flash-sim: the programmer failed, as it must; plugged in again: a second flash\n");
        code = session(arg.baud, arg.image_hex, arg.log_path, &resets);
        prog_ok = code == 0;
    }
    return prog_ok;
}

static struct {
    long boot_diff, app_diff, app_written;
} cmp;

/* The bootloader must be intact, and the application flash hold the image (or, for a
 * refused flash, nothing). */
static void compare_flash(void)
{
    for (uint32_t a = boot_addr; a < FLASH_SIZE; a++)
        cmp.boot_diff += board_flash()[a] != flash[a];
    for (uint32_t a = 0; a < boot_addr; a++) {
        cmp.app_diff += board_flash()[a] != want[a];
        cmp.app_written += board_flash()[a] != 0xff;
    }
}

static int save_flash(void)
{
    if (!arg.dump)
        return 1;
    FILE *f = fopen(arg.dump, "wb");
    if (!f || fwrite(board_flash(), 1, FLASH_SIZE, f) != FLASH_SIZE || fclose(f)) {
        fprintf(stderr, "flash-sim: cannot write %s\n", arg.dump);
        return 0;
    }
    return 1;
}

/* -x (without -k): the programmer failed and left the bootloader, and the application
 * flash unless a flipped bit made it write. */
static int refused_flash_verdict(int prog_ok)
{
    int untouched = opt.flip_page || cmp.app_written == 0;
    printf("flash-sim: the programmer %s; bootloader %s; application flash %s\n",
           prog_ok ? "failed, as it must" : "did NOT fail", cmp.boot_diff ? "CHANGED" : "intact",
           opt.flip_page ? "written (a bit flipped)" : cmp.app_written ? "WRITTEN" : "untouched");
    int ok = prog_ok && cmp.boot_diff == 0 && untouched;
    printf("flash-sim: %s\n", ok ? "ok" : "FAILED");
    return ok;
}

/* The bootloader times out and starts the application: run fast now. */
static void run_to_banner(void)
{
    uint64_t end = board_now() + BOARD_MS(5000);
    while (!banner_seen && board_now() < end && !board_status()->crashed)
        board_run_until(board_now() + BOARD_MS(1));
    if (!banner_seen)
        printf("flash-sim: no banner: pc 0x%x, crashed %d, resets %u\n", board_avr()->pc,
               board_status()->crashed, board_status()->resets);
}

/* A flash that must succeed: the image in place, its banner, then the reset causes. */
static int flashed_verdict(int prog_ok)
{
    printf("flash-sim: simulated flash vs %s: %ld bytes differ (image %u bytes), bootloader %s\n",
           arg.image_hex, cmp.app_diff, app_bytes, cmp.boot_diff ? "CHANGED" : "intact");
    run_to_banner();
    int ok = prog_ok && cmp.app_diff == 0 && cmp.boot_diff == 0 && banner_seen;
    int causes_ok = ok && (opt.cut_after || reset_cause_checks(boot_addr, arg.hangs));
    printf("flash-sim: %s (%s %s, flash %s, banner %s, reset causes %s)\n",
           ok && causes_ok ? "ok" : "FAILED", opt.program ? "programmer" : "avrdude",
           prog_ok ? "ok" : "failed", cmp.app_diff || cmp.boot_diff ? "differs" : "matches",
           banner_seen ? "seen" : "missing",
           opt.cut_after ? "not checked" : causes_ok ? "ok" : "failed");
    return ok && causes_ok;
}

int main(int argc, char **argv)
{
    if (!parse_args(argc, argv)) {
        fputs(usage, stderr);
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (!load_images() || !open_board())
        return 1;
    int prog_ok = program();
    compare_flash();
    if (!save_flash())
        return 1;
    if (opt.expect_fail && !opt.cut_after)
        return refused_flash_verdict(prog_ok) ? 0 : 1;
    int ok = flashed_verdict(prog_ok);
    if (!ok)
        show_log(arg.log_path);
    return ok ? 0 : 1;
}
