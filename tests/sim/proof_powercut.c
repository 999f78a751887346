/* tests/sim/proof_powercut.c - power cut at random instants while the end-of-game
 * statistics are being written to EEPROM: after the reboot the statistics are the old
 * ones or the new ones, never garbage; and while an older firmware's record migrates at
 * the first start: after the reboot they read exactly as migrated. Some cuts land inside
 * a byte write, or the proof would not be testing what it says. */
#define _GNU_SOURCE
#include "proof.h"

#include <string.h>
#include <unistd.h>

/* ---- 4. power cut during EEPROM updates ---------------------------------------- */

static uint64_t ee_first, ee_last;
static long ee_writes;
static void on_eecr(uint8_t v, void *ctx)
{
    (void)ctx;
    if (v & 0x02) { /* EEPE: a byte write starts (3.4 ms on the real chip) */
        uint64_t now = board_now();
        if (!ee_first)
            ee_first = now;
        ee_last = now;
        ee_writes++;
    }
}

static int read_stats(char *out, size_t len)
{
    cap_clear();
    board_serial_line("stats");
    cap_wait(7, 1000); /* a line per table */
    out[0] = 0;
    for (int i = 0; i < proof_cap_n; i++) {
        strncat(out, proof_cap[i], len - strlen(out) - 2);
        strcat(out, "|");
    }
    return proof_cap_n > 0 && cap_find("error") < 0 ? 0 : -1;
}

/* ---- 5. power cut while an older record migrates ------------------------------ */

/* Record 0 as firmware before levels (format 0x71) left it, both slots (the bytes of
 * tests/app/test_app.c's old_image): vs the AI you x 3/5/1, you o 0/2/4, two players
 * 7/1/300; mode you o, level easy. */
static const uint8_t old_image[2][28] = {
    {0xA5, 0x07, 0x17, 0x71, 0x00, 0x03, 0x00, 0x05, 0x00, 0x01, 0x00, 0x00, 0x00, 0x02,
     0x00, 0x04, 0x00, 0x07, 0x00, 0x01, 0x00, 0x2C, 0x01, 0x71, 0x01, 0x02, 0xFA, 0x82},
    {0xA5, 0x06, 0x17, 0x71, 0x00, 0x03, 0x00, 0x05, 0x00, 0x01, 0x00, 0x00, 0x00, 0x02,
     0x00, 0x03, 0x00, 0x07, 0x00, 0x01, 0x00, 0x2C, 0x01, 0x71, 0x01, 0x02, 0x96, 0x8B}};

/* The chip with only the older record, powered on at the returned instant. */
static uint64_t power_on_old_record(void)
{
    uint8_t ee[1024];
    memset(ee, 0xFF, sizeof ee);
    memcpy(ee, old_image[0], sizeof old_image[0]);
    memcpy(ee + 64, old_image[1], sizeof old_image[1]);
    board_eeprom_set(ee, sizeof ee);
    ee_first = ee_last = 0;
    ee_writes = 0;
    uint64_t t0 = board_now();
    board_power_cycle();
    return t0;
}

/* The byte the EEPROM is programming at a power cut holds anything afterwards. */
static void tear_byte_being_written(void)
{
    uint16_t ee_addr;
    if (!board_eeprom_busy(&ee_addr) || ee_addr >= 1024)
        return;
    uint8_t ee[1024];
    board_eeprom_get(ee, sizeof ee);
    ee[ee_addr] = (uint8_t)rnd();
    board_eeprom_set(ee, sizeof ee);
    __atomic_fetch_add(&proof_sh->torn, 1, __ATOMIC_SEQ_CST);
}

/* A power-cut proof's shared facts: the window of cuts (cycles after the start of the
 * writes' cause) and the statistics expected after one. */
typedef struct {
    uint64_t lo, hi;
    char move_cmd[16];                    /* the game's last move (cmd_powercut) */
    char want[1024], old_stats[1024], new_stats[1024];
} cuts_t;

static uint64_t cut_instant(const cuts_t *c)
{
    return c->lo + (uint64_t)rnd() * (uint64_t)rnd() % (c->hi - c->lo + 1);
}

/* One cut while an older record migrates at the first start. */
static void migration_trial(long t, void *ctx)
{
    const cuts_t *c = ctx;
    proof_rng_state = 0x5eed1u + (uint32_t)t * 7919u;
    uint64_t cut = cut_instant(c);
    uint64_t t0 = power_on_old_record();
    board_run_until(t0 + cut);
    tear_byte_being_written();
    uint32_t w0 = board_eeprom_writes();
    cap_clear();
    board_power_cycle();
    if (!board_run_until_line("ttt: ready", 3000))
        proof_fail("migration cut %ld: no banner after the cut", t);
    board_run_ms(1000);
    int reset = cap_find("ttt: statistics unreadable") >= 0;
    /* writes at this start: the migration ran again (or finished a record) */
    int again = board_eeprom_writes() != w0;
    char got[1024];
    read_stats(got, sizeof got);
    if (reset || strcmp(got, c->want) != 0)
        proof_fail("migration cut %ld at +%.3f ms: %s'%s', not '%s'", t, (double)cut / 16000.0,
                   reset ? "reset said, " : "", got, c->want);
    __atomic_fetch_add(again ? &proof_sh->old_seen : &proof_sh->new_seen, 1, __ATOMIC_SEQ_CST);
    __atomic_fetch_add(&proof_sh->trials, 1, __ATOMIC_SEQ_CST);
    check_chip("migration powercut");
}

/* The migration without a cut: the statistics as migrated, the writes' window. */
static int migration_reference(cuts_t *c, uint64_t window[3])
{
    int fd;
    pid_t pid = fork_sim(&fd);
    if (pid < 0)
        return 1;
    if (pid == 0) {
        uint64_t t0 = power_on_old_record();
        board_run_until_line("ttt: ready", 3000);
        board_run_ms(2000);
        window[0] = ee_first ? ee_first - t0 : 0;
        window[1] = ee_last ? ee_last - t0 : 0;
        window[2] = (uint64_t)ee_writes;
        read_stats(c->want, sizeof c->want);
        if (write(fd, c->want, sizeof c->want) < 0 || write(fd, window, 3 * sizeof *window) < 0)
            _exit(1);
        _exit(0);
    }
    int short_read = read_result(fd, c->want, sizeof c->want) != 0 ||
                     read_result(fd, window, 3 * sizeof *window) != 0;
    if (reap_sim(pid, fd, "migration reference") != 0 || short_read)
        return 1;
    if (!strstr(c->want, "stats you x, before levels: wins 3, draws 5, losses 1|") ||
        !strstr(c->want, "stats two players: x wins 7, draws 1, o wins 300, abandoned 0|") ||
        !window[0]) {
        printf("sim_powercut: FAILED: the older record did not migrate ('%s', %s)\n", c->want,
               window[0] ? "written" : "nothing written");
        return 1;
    }
    return 0;
}

/* The first start after an update writes the new records; a power cut at any instant of
 * it (the byte being written torn) leaves statistics that read exactly as migrated at
 * the next start, never garbage and never a reset: record 0 is only read, so an
 * unfinished migration runs again. */
static int migration_powercut(int trials)
{
    static cuts_t c;
    uint64_t window[3];
    if (migration_reference(&c, window) != 0)
        return 1;
    c.lo = window[0] - BOARD_MS(1) / 5;
    c.hi = window[1] + BOARD_MS(20);
    long before = proof_sh->bad;
    proof_sh->trials = proof_sh->old_seen = proof_sh->new_seen = proof_sh->torn = 0;
    run_trials(trials, before + 10, migration_trial, &c, "migration power cut");
    printf("sim_powercut: migration: trials %ld (the first start writes %lu EEPROM bytes; "
           "cut between %.2f and %.2f ms after power-on, the byte being written torn %ld "
           "times): migrated again %ld, already migrated %ld, garbage or reset %ld\n",
           proof_sh->trials, (unsigned long)window[2], (double)c.lo / 16000.0,
           (double)c.hi / 16000.0, proof_sh->torn, proof_sh->old_seen, proof_sh->new_seen,
           proof_sh->bad - before);
    if (!proof_sh->torn)
        proof_fail("no migration power cut landed inside an EEPROM byte write");
    return proof_sh->bad != before || proof_sh->trials < trials;
}

/* One cut after the game's last move, as its statistics are saved. */
static void cut_trial(long t, void *ctx)
{
    const cuts_t *c = ctx;
    proof_rng_state = 0xabcdefu + (uint32_t)t * 7919u;
    uint64_t cut = cut_instant(c);
    uint64_t t_move = board_now();
    ee_first = ee_last = 0;
    board_serial_line(c->move_cmd);
    board_run_until(t_move + cut);
    tear_byte_being_written();
    board_power_cycle();
    char got[1024];
    if (!board_run_until_line("ttt: ready", 3000))
        proof_fail("power cut %ld: no banner after the cut", t);
    board_run_ms(1000);
    read_stats(got, sizeof got);
    if (!strcmp(got, c->old_stats))
        __atomic_fetch_add(&proof_sh->old_seen, 1, __ATOMIC_SEQ_CST);
    else if (!strcmp(got, c->new_stats))
        __atomic_fetch_add(&proof_sh->new_seen, 1, __ATOMIC_SEQ_CST);
    else
        proof_fail("power cut %ld at +%.3f ms: stats '%s' are neither old '%s' nor new '%s'", t,
                   (double)cut / 16000.0, got, c->old_stats, c->new_stats);
    __atomic_fetch_add(&proof_sh->trials, 1, __ATOMIC_SEQ_CST);
    check_chip("powercut");
}

/* The statistics if the power went before the move (a power cycle now). */
static int stats_before_move(cuts_t *c)
{
    int fd;
    pid_t pid = fork_sim(&fd);
    if (pid < 0)
        return 1;
    if (pid == 0) {
        board_power_cycle();
        board_run_until_line("ttt: ready", 3000);
        board_run_ms(1000);
        read_stats(c->old_stats, sizeof c->old_stats);
        finish_sim(fd, c->old_stats, sizeof c->old_stats);
    }
    if (collect_sim(pid, fd, c->old_stats, sizeof c->old_stats, "reference before the move")) {
        printf("sim_powercut: FAILED: the reference before the move died\n");
        return 1;
    }
    return 0;
}

/* The statistics after the move and its save, and the window of its EEPROM writes. */
static int stats_after_move(cuts_t *c, uint64_t window[3])
{
    int fd;
    pid_t pid = fork_sim(&fd);
    if (pid < 0)
        return 1;
    if (pid == 0) {
        uint64_t t_move = board_now();
        ee_first = ee_last = 0;
        ee_writes = 0;
        board_serial_line(c->move_cmd);
        board_run_ms(2000);
        window[2] = (uint64_t)ee_writes;
        window[0] = ee_first ? ee_first - t_move : 0;
        window[1] = ee_last ? ee_last - t_move : 0;
        board_power_cycle();
        board_run_until_line("ttt: ready", 3000);
        board_run_ms(1000);
        read_stats(c->new_stats, sizeof c->new_stats);
        if (write(fd, c->new_stats, sizeof c->new_stats) < 0 ||
            write(fd, window, 3 * sizeof *window) < 0)
            _exit(1);
        _exit(0);
    }
    int short_read = read_result(fd, c->new_stats, sizeof c->new_stats) != 0 ||
                     read_result(fd, window, 3 * sizeof *window) != 0;
    if (reap_sim(pid, fd, "reference after the move") != 0 || short_read) {
        printf("sim_powercut: FAILED: the reference after the move died\n");
        return 1;
    }
    return 0;
}

/* One finished game so the stats are not the defaults, then the next game up to its
 * last move (person X by console moves); the statistics before and after that move. */
static int powercut_setup(cuts_t *c, uint64_t window[3])
{
    board_on_eecr(on_eecr, NULL);
    proof_rng_state = 42;
    if (console_game_check("powercut setup", 1) != 0) {
        printf("sim_powercut: FAILED: %s\n", proof_sh->first_error);
        return 1;
    }
    board_run_ms(500);
    int final_cell = console_to_last_move(NULL);
    if (final_cell < 0) {
        printf("sim_powercut: FAILED: could not reach a game's last move\n");
        return 1;
    }
    snprintf(c->move_cmd, sizeof c->move_cmd, "move %d", final_cell + 1);
    if (stats_before_move(c) != 0 || stats_after_move(c, window) != 0)
        return 1;
    if (!strcmp(c->old_stats, c->new_stats) || !window[0]) {
        printf("sim_powercut: FAILED: the last move did not change the stats in EEPROM "
               "(old '%s', new '%s', EEPROM writes %s)\n", c->old_stats, c->new_stats,
               window[0] ? "seen" : "none");
        return 1;
    }
    return 0;
}

int cmd_powercut(int trials)
{
    double t0 = wall();
    static cuts_t c;
    uint64_t window[3];
    if (boot() != 0 || powercut_setup(&c, window) != 0)
        return 1;
    /* trials: cut at a random instant from 0.2 ms before the first EEPROM write to 20 ms
     * after the last one starts; a byte whose 3.4 ms write was under way is torn. */
    c.lo = window[0] - BOARD_MS(1) / 5;
    c.hi = window[1] + BOARD_MS(20);
    run_trials(trials, 10, cut_trial, &c, "power cut");
    printf("sim_powercut: trials %ld (the game's last move writes %lu EEPROM bytes, 3.4 ms "
           "each; cut between %.2f and %.2f ms after the move, EEPROM kept, the byte being "
           "written torn %ld times): old stats %ld, new stats %ld, garbage %ld, %.1f s\n",
           proof_sh->trials, (unsigned long)window[2], (double)c.lo / 16000.0,
           (double)c.hi / 16000.0, proof_sh->torn, proof_sh->old_seen, proof_sh->new_seen,
           proof_sh->bad, wall() - t0);
    if (!proof_sh->torn) /* the cuts must reach inside byte writes, or they prove little */
        proof_fail("no power cut landed inside an EEPROM byte write (its 3.4 ms)");
    if (proof_sh->bad || proof_sh->trials < trials) {
        printf("sim_powercut: FAILED: %s\n", proof_sh->first_error);
        return 1;
    }
    if (migration_powercut(trials / 3) != 0) {
        printf("sim_powercut: FAILED: %s\n", proof_sh->first_error);
        return 1;
    }
    printf("sim_powercut: ok\n");
    return 0;
}
