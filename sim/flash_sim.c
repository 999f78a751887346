/* sim/flash_sim.c - ttt-flash-sim: the real avrdude (-c arduino -p m328p) talks over a
 * pseudo-terminal to a simulated Uno running a real STK500 bootloader (ATmegaBOOT at
 * 57600 baud, or optiboot at 115200 with -b 115200), then the flashed image is run until
 * its banner `ttt: ready`. The chip starts in the boot section with EXTRF set (simavr
 * ignores fuses, so every reset goes to the bootloader as BOOTRST does on a Uno);
 * avrdude's DTR pulse is modelled by resetting into the bootloader when avrdude talks
 * while the application runs.
 * Then the reset cause through the bootloader (which clears MCUSR): a power cycle must
 * not report a watchdog reset; a main loop hung with interrupts on must report
 * `ttt: watchdog reset` exactly once; a hang with interrupts off must still reset (it is
 * then counted as "other" in `diag`: the watchdog interrupt could not run).
 * Exit 0 = flashed, booted, and every reset-cause check passed. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "board.h"
#include <sim_avr.h>
#include <sim_hex.h>

#define FLASH_SIZE 32768u
#define EXTRF 0x02u

static int master_fd = -1;
static int banner_seen;
static long bytes_to_host, bytes_to_chip;
#define LOG_LINES 64
static char log_lines[LOG_LINES][128];
static int log_n;

static void to_host(uint8_t b, void *ctx)
{
    (void)ctx;
    bytes_to_host++;
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

int main(int argc, char **argv)
{
    const char *baud = "57600";
    int hangs = 1;
    for (;;) {
        if (argc > 2 && !strcmp(argv[1], "-b")) {
            baud = argv[2];
            argc -= 2;
            argv += 2;
        } else if (argc > 1 && !strcmp(argv[1], "-n")) {
            hangs = 0;
            argc--;
            argv++;
        } else {
            break;
        }
    }
    if (argc != 3 && argc != 4) {
        fprintf(stderr, "usage: ttt-flash-sim [-b BAUD] [-n] BOOTLOADER.hex FIRMWARE.hex "
                        "[AVRDUDE.log]\n  -n  no hang checks (a bootloader that loops on a "
                        "watchdog reset)\n");
        return 2;
    }
    const char *log_path = argc == 4 ? argv[3] : NULL;
    setvbuf(stdout, NULL, _IOLBF, 0);
    static uint8_t flash[FLASH_SIZE], want[FLASH_SIZE];
    memset(flash, 0xff, sizeof flash);
    memset(want, 0xff, sizeof want);
    uint32_t boot_bytes, app_bytes;
    long boot = load_hex(argv[1], flash, &boot_bytes);
    if (boot < 0x4000) {
        fprintf(stderr, "flash-sim: %s is not a boot-section image\n", argv[1]);
        return 1;
    }
    if (load_hex(argv[2], want, &app_bytes) != 0) {
        fprintf(stderr, "flash-sim: cannot read %s (an image starting at 0)\n", argv[2]);
        return 1;
    }
    if (app_bytes > (uint32_t)boot) {
        fprintf(stderr, "flash-sim: the image (%u bytes) overlaps the bootloader at 0x%lx\n",
                app_bytes, boot);
        return 1;
    }
    if (board_open_flash(flash, (uint32_t)boot, EXTRF) != 0)
        return 1;
    board_on_byte(to_host, NULL);
    board_on_line(on_line, NULL);
    board_set_flow(0); /* the STK500 protocol is binary: 0x11/0x13 are data */

    master_fd = posix_openpt(O_RDWR | O_NOCTTY);
    if (master_fd < 0 || grantpt(master_fd) || unlockpt(master_fd)) {
        perror("flash-sim: posix_openpt");
        return 1;
    }
    const char *slave = ptsname(master_fd);
    /* keep a slave open (so the master never reads EOF between avrdude's opens), raw */
    int slave_fd = open(slave, O_RDWR | O_NOCTTY);
    struct termios tio;
    if (slave_fd < 0 || tcgetattr(slave_fd, &tio)) {
        perror("flash-sim: slave");
        return 1;
    }
    cfmakeraw(&tio);
    tcsetattr(slave_fd, TCSANOW, &tio);
    fcntl(master_fd, F_SETFL, O_NONBLOCK);
    printf("flash-sim: simulated Uno on %s, bootloader %s at 0x%lx (%u bytes)\n", slave, argv[1],
           boot, boot_bytes);

    char uflag[1100];
    snprintf(uflag, sizeof uflag, "flash:w:%s:i", argv[2]);
    printf("flash-sim: avrdude -c arduino -p m328p -b %s -P %s -U %s\n", baud, slave, uflag);
    double t0 = mono();
    pid_t pid = fork();
    if (pid == 0) {
        close(master_fd);
        close(slave_fd);
        int log_fd = log_path ? open(log_path, O_WRONLY | O_CREAT | O_TRUNC, 0644) : -1;
        if (log_fd >= 0) {
            dup2(log_fd, 2);
            close(log_fd);
        }
        dup2(2, 1);
        execlp("avrdude", "avrdude", "-c", "arduino", "-p", "m328p", "-b", baud, "-P", slave,
               "-U", uflag, (char *)NULL);
        perror("flash-sim: exec avrdude");
        _exit(127);
    }
    if (pid < 0)
        return 1;
    /* The chip sits in reset until avrdude first talks (the Uno's DTR reset), then runs in
     * real time so the bootloader's ~1 s timeout means what it means on the bench. */
    int started = 0, status = 0, resets = 0;
    double run_t0 = 0;
    uint64_t run_c0 = 0;
    for (;;) {
        pid_t w = waitpid(pid, &status, WNOHANG);
        if (w == pid)
            break;
        uint8_t buf[256];
        ssize_t n = read(master_fd, buf, sizeof buf);
        if (n > 0) {
            int in_app = board_avr()->pc < (uint32_t)boot;
            if (!started || in_app || board_status()->crashed) {
                board_reset(EXTRF);
                resets++;
                started = 1;
                run_t0 = mono();
                run_c0 = board_now();
            }
            bytes_to_chip += n;
            board_serial_send((const char *)buf, (size_t)n);
        }
        if (!started) {
            struct pollfd pfd = {master_fd, POLLIN, 0};
            poll(&pfd, 1, 5);
            continue;
        }
        uint64_t target = run_c0 + (uint64_t)((mono() - run_t0) * 16e6);
        if (board_now() < target && !board_status()->crashed) {
            uint64_t step = board_now() + BOARD_MS(1);
            board_run_until(step < target ? step : target);
        } else {
            struct pollfd pfd = {master_fd, POLLIN, 0};
            poll(&pfd, 1, 1);
        }
        if (mono() - t0 > 120) {
            kill(pid, SIGTERM);
            fprintf(stderr, "flash-sim: avrdude still running after 120 s, stopped\n");
        }
    }
    int avrdude_ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    double secs = mono() - t0;
    printf("flash-sim: avrdude exit %d after %.1f s; bytes to chip %ld, from chip %ld, "
           "resets into the bootloader %d\n", WIFEXITED(status) ? WEXITSTATUS(status) : -1, secs,
           bytes_to_chip, bytes_to_host, resets);
    /* the programmed flash must hold the image, and the bootloader must be intact */
    long diff = 0;
    for (uint32_t a = 0; a < (uint32_t)boot; a++)
        if (board_flash()[a] != want[a])
            diff++;
    for (uint32_t a = (uint32_t)boot; a < FLASH_SIZE; a++)
        if (board_flash()[a] != flash[a])
            diff++;
    printf("flash-sim: simulated flash vs %s: %ld bytes differ (image %u bytes)\n", argv[2], diff,
           app_bytes);
    /* the bootloader times out and starts the application: run fast now */
    master_fd = -1;
    uint64_t end = board_now() + BOARD_MS(5000);
    while (!banner_seen && board_now() < end && !board_status()->crashed)
        board_run_until(board_now() + BOARD_MS(1));
    if (!banner_seen)
        printf("flash-sim: no banner: pc 0x%x, crashed %d, resets %u\n", board_avr()->pc,
               board_status()->crashed, board_status()->resets);
    int ok = avrdude_ok && diff == 0 && banner_seen;
    int causes_ok = ok && reset_cause_checks((uint32_t)boot, hangs);
    printf("flash-sim: %s (avrdude %s, flash %s, banner %s, reset causes %s)\n",
           ok && causes_ok ? "ok" : "FAILED", avrdude_ok ? "ok" : "failed",
           diff ? "differs" : "matches", banner_seen ? "seen" : "missing",
           causes_ok ? "ok" : "failed");
    ok = ok && causes_ok;
    close(slave_fd);
    if (!ok && log_path) {
        printf("flash-sim: avrdude's output (%s):\n", log_path);
        fflush(stdout);
        FILE *f = fopen(log_path, "r");
        char line[512];
        while (f && fgets(line, sizeof line, f))
            fputs(line, stdout);
        if (f)
            fclose(f);
    }
    return ok ? 0 : 1;
}
