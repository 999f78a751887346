/* sim/flash_sim.c - ttt-flash-sim: the real avrdude (-c arduino -p m328p -b 57600) talks
 * over a pseudo-terminal to a simulated Uno running the real STK500 bootloader, then the
 * flashed image is run until its banner `ttt: ready`. The chip starts in the boot section
 * with EXTRF set (simavr ignores fuses); avrdude's DTR pulse is modelled by resetting into
 * the bootloader when avrdude talks while the application runs. Exit 0 = flashed + booted. */
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

int main(int argc, char **argv)
{
    if (argc != 3 && argc != 4) {
        fprintf(stderr, "usage: ttt-flash-sim BOOTLOADER.hex FIRMWARE.hex [AVRDUDE.log]\n");
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
    printf("flash-sim: avrdude -c arduino -p m328p -b 57600 -P %s -U %s\n", slave, uflag);
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
        execlp("avrdude", "avrdude", "-c", "arduino", "-p", "m328p", "-b", "57600", "-P", slave,
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
    printf("flash-sim: %s (avrdude %s, flash %s, banner %s)\n", ok ? "ok" : "FAILED",
           avrdude_ok ? "ok" : "failed", diff ? "differs" : "matches",
           banner_seen ? "seen" : "missing");
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
