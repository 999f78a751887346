/* tests/sim/proof_power.c - supply and sleep on the real firmware:
 *   lowvcc  with the supply at 3.6 V the end-of-game statistics are not written (no
 *           EEPROM write at all, one `ttt: supply low` line, diag counts the wait); a
 *           power cut then finds the old statistics; once the supply is back the save
 *           completes by itself and survives a power cut;
 *   sleep   a key held for good is reported once and never acts; after 5 idle minutes
 *           the board powers down with that key's row undriven, a key of another row
 *           wakes it (and is not a move), a key of the stuck row does not; with a stuck
 *           key in every row it never claims to sleep, and the LEDs stay on; in
 *           power-down the watchdog is off and no LED row gate is on, and the watchdog
 *           is on again after waking; a key pressed, or a console line typed, as it
 *           powers down wakes it (the line answered, or refused as lost while asleep). */
#define _GNU_SOURCE
#include "proof.h"
#include "pins.h"

#include <sim_avr.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define A_TIMSK0 0x6Eu
/* Asleep in power-down: Timer0's interrupt is off (TIMSK0.OCIE0A), as power-down leaves
 * it. */
int powered_down(void)
{
    return !(board_avr()->data[A_TIMSK0] & 0x02u);
}

/* An LED row gate driven high (any of the three): while asleep each one left on would
 * draw 50 uA through its pull-down all night. */
static int led_row_gate_on(void)
{
    static const uint8_t rows[3] = BOARD_LED_ROW_PINS;
    const uint8_t *d = board_avr()->data;
    int on = 0;
    for (unsigned i = 0; i < 3; i++) {
        unsigned port = BOARD_PIN_PORT(rows[i]), bit = BOARD_PIN_BIT(rows[i]);
        on |= ((d[0x25u + 3u * port] & d[0x24u + 3u * port]) >> bit) & 1u; /* PORT & DDR */
    }
    return on;
}

#define A_WDTCSR 0x60u
#define WDTCSR_WDE 0x08u
#define WDTCSR_WDIE 0x40u
/* The watchdog's mode bits (WDE, WDIE) as the chip has them now. */
static unsigned watchdog_mode(void)
{
    return board_avr()->data[A_WDTCSR] & (WDTCSR_WDE | WDTCSR_WDIE);
}

static int stats_line(char *out, size_t len)
{
    cap_clear();
    board_serial_line("stats");
    cap_wait(7, 1000);
    int i = cap_find("stats you x, perfect:");
    if (i < 0)
        return -1;
    snprintf(out, len, "%s", proof_cap[i]);
    return 0;
}

static int lowvcc_run(void)
{
    char before[128], after[128];
    if (stats_line(before, sizeof before) != 0) {
        proof_fail("lowvcc: no stats line");
        return -1;
    }
    board_set_vcc(3600);
    uint32_t w0 = board_eeprom_writes();
    cap_clear();
    proof_rng_state = 7;
    if (console_game_check("lowvcc game", 1) != 0)
        return -1;
    board_run_ms(2000);
    int warned = cap_find("ttt: supply low (3.6 V), saving waits");
    uint32_t writes = board_eeprom_writes() - w0;
    cap_clear();
    board_serial_line("diag");
    cap_wait(3, 1000);
    int waits = cap_find("diag: lost");
    printf("sim_power: supply 3.6 V: game over, EEPROM bytes written %u, warning %s, %s\n",
           writes, warned >= 0 ? "said" : "missing", waits >= 0 ? strstr(proof_cap[waits], "eeprom")
                                                               : "(no diag)");
    if (writes || warned < 0 || waits < 0 || !strstr(proof_cap[waits], "low-vcc waits 1")) {
        proof_fail("lowvcc: at 3.6 V the save was not held back (%u bytes written)", writes);
        return -1;
    }
    pid_t pid = fork();
    if (pid == 0) { /* the power goes while the supply is low: the old statistics */
        board_set_vcc(5000);
        board_power_cycle();
        board_run_until_line("ttt: ready", 3000);
        board_run_ms(1000);
        if (stats_line(after, sizeof after) != 0 || strcmp(after, before) != 0)
            proof_fail(
                "lowvcc: after a power cut at low supply the stats are '%s', not the old '%s'",
                after, before);
        _exit(0);
    }
    reap_sim(pid, -1, "lowvcc: power cut at low supply");
    /* the supply comes back: the save completes by itself */
    board_set_vcc(4800);
    board_run_ms(500);
    writes = board_eeprom_writes() - w0;
    board_power_cycle();
    board_run_until_line("ttt: ready", 3000);
    board_run_ms(1000);
    if (stats_line(after, sizeof after) != 0 || !strcmp(after, before)) {
        proof_fail("lowvcc: after the supply came back the game was not saved ('%s')", after);
        return -1;
    }
    printf("sim_power: supply back at 4.8 V: %u bytes written, after a power cycle '%s' "
           "(was '%s')\n", writes, after, before);
    return 0;
}

static int count_cap(const char *prefix)
{
    int n = 0;
    for (int i = 0; i < proof_cap_n; i++)
        n += !strncmp(proof_cap[i], prefix, strlen(prefix));
    return n;
}

/* The instant power-down starts (the sleeping line is out), found in a fork; 0: never. */
uint64_t find_power_down(void)
{
    int fd;
    uint64_t t_down = 0;
    pid_t pid = fork_sim(&fd);
    if (pid < 0)
        return 0;
    if (pid == 0) {
        uint64_t end = board_now() + BOARD_MS(100);
        while (!powered_down() && board_now() < end)
            board_run_until(board_now() + 8);
        uint64_t t = powered_down() ? board_now() : 0;
        finish_sim(fd, &t, sizeof t);
    }
    if (collect_sim(pid, fd, &t_down, sizeof t_down, "sleep: finding power-down") != 0)
        return 0;
    if (!t_down)
        proof_fail("sleep: power-down never started");
    return t_down;
}

/* The serial wake race: a console line typed as the firmware powers down is answered,
 * or refused as lost while asleep, never dropped in silence or run half; the board is
 * awake after it and answers the next line. `board` starts at every 2 us from 700 us before
 * (its last byte complete as the firmware begins to power down) to 100 us after. */
static int serial_wake_race(uint64_t t_down)
{
    int fd, runs = 0, bad = 0, refused = 0;
    for (uint64_t at = t_down - 11200; at <= t_down + 1600; at += 32) {
        pid_t pid = fork_sim(&fd);
        if (pid < 0)
            return -1;
        if (pid == 0) {
            board_run_until(at);
            cap_clear();
            board_serial_line("board");
            board_run_ms(1500);
            int first_err = count_cap("error: line lost while asleep, send it again");
            int first_ans = count_cap("turn:");
            board_serial_line("board");
            board_run_ms(300);
            int r[3] = {first_err, first_ans, count_cap("turn:") - first_ans};
            int other = count_cap("error:") - first_err;
            if (other || powered_down())
                r[2] = -1;
            finish_sim(fd, r, sizeof r);
        }
        int r[3] = {-1, -1, -1};
        if (collect_sim(pid, fd, r, sizeof r, "sleep: serial wake race") != 0)
            return -1;
        runs++;
        refused += r[0] == 1;
        if (r[0] + r[1] != 1 || r[2] != 1) {
            if (!bad)
                fprintf(stderr, "sim_power: `board` at %+d us from power-down: %d refused, %d "
                        "answered, then %d answers\n", (int)((int64_t)(at - t_down) / 16),
                        r[0], r[1], r[2]);
            bad++;
        }
    }
    printf("sim_power: serial wake race: `board` starting at every 2 us from 700 us before to "
           "100 us after power-down starts: %d lines, %d answered, %d refused as lost while "
           "asleep, %d lost, run half or not followed by an answer\n", runs, runs - refused - bad,
           refused, bad);
    if (bad || !refused || refused == runs) {
        proof_fail("sleep: serial wake race: %d lines wrongly handled (%d refused of %d)", bad,
                   refused, runs);
        return -1;
    }
    return 0;
}

/* The wake race: a key pressed while the firmware enters power-down must wake it at
 * once, not only when released. Press cell 1 at every 0.5 us from 20 us before to 60 us
 * after power-down starts, and hold it 100 ms. */
static int wake_race(uint64_t t_down)
{
    int fd;
    pid_t pid;
    uint64_t from = t_down - 320, to = t_down + 960;
    board_run_until(from - 16);
    int runs = 0, late = 0;
    for (uint64_t at = from; at <= to; at += 8) {
        pid = fork_sim(&fd);
        if (pid < 0)
            return -1;
        if (pid == 0) {
            board_keys_at(at, (1u << 4) | (1u << 0));
            board_run_until(at + BOARD_MS(100));
            int r = powered_down(); /* still asleep although the key is held */
            finish_sim(fd, &r, sizeof r);
        }
        int r = 1;
        if (collect_sim(pid, fd, &r, sizeof r, "sleep: wake race") != 0)
            return -1;
        late += r;
        runs++;
    }
    printf("sim_power: wake race: a press at every 0.5 us from 20 us before to 60 us after "
           "power-down starts: %d presses, asleep with the key held %d\n", runs, late);
    if (late) {
        proof_fail("sleep: %d presses around the start of power-down did not wake the board", late);
        return -1;
    }
    return 0;
}

/* Powered down with cell 5 stuck: the watchdog off and every LED row gate off; a key of
 * the stuck row (cell 6) does not wake it, one of another row (cell 1) does, and is no
 * move; the watchdog is on again once awake. 0, or -1 after proof_fail(). */
static int asleep_checks(void)
{
    /* The watchdog runs on in power-down and would reset the sleeping board after 2 s:
     * it must be off while asleep (the chip's own state, not the proof's reading of a
     * reset, since a simulator need not run the watchdog during sleep), on once awake. */
    unsigned wdt_asleep = watchdog_mode();
    int gate_asleep = led_row_gate_on();
    /* a key of the stuck row (cell 6) does not wake it; one of another row (cell 1) does */
    int asleep0 = powered_down();
    board_keys_set((1u << 4) | (1u << 5));
    board_run_ms(300);
    board_keys_set(1u << 4);
    board_run_ms(300);
    int still_asleep = powered_down();
    cap_clear();
    board_keys_set((1u << 4) | (1u << 0));
    board_run_ms(100);
    board_keys_set(1u << 4);
    board_run_ms(1000);
    int woke = !powered_down();
    printf("sim_power: powered down: %s; cell 6 (stuck row) wakes it: %s; cell 1 wakes it: "
           "%s, and is not a move: %s\n", asleep0 ? "yes" : "no", still_asleep ? "no" : "yes",
           woke ? "yes" : "no", count_cap("move:") ? "no" : "yes");
    if (!asleep0 || !still_asleep || !woke || count_cap("move:")) {
        proof_fail("sleep: wrong power-down or wake-up keys");
        return -1;
    }
    unsigned wdt_awake = watchdog_mode();
    printf("sim_power: watchdog in power-down: %s; after waking: %s; LED row gates in "
           "power-down: %s\n", wdt_asleep ? "RUNNING" : "off",
           wdt_awake == (WDTCSR_WDE | WDTCSR_WDIE) ? "on (interrupt and reset)" : "NOT ON",
           gate_asleep ? "ONE ON" : "all off");
    if (gate_asleep) {
        proof_fail("sleep: an LED row gate left on in power-down");
        return -1;
    }
    if (wdt_asleep || wdt_awake != (WDTCSR_WDE | WDTCSR_WDIE)) {
        proof_fail("sleep: watchdog 0x%02x in power-down (want off), 0x%02x after waking (want "
             "WDE and WDIE)", wdt_asleep, wdt_awake);
        return -1;
    }
    return 0;
}

/* Every row blocked (keys 1, 5, 9 stuck): 11 minutes, no sleeping line, the LEDs never
 * blanked. 0, or -1 after proof_fail(). */
static int every_row_blocked(void)
{
    /* every row blocked: 11 minutes, no sleeping line, LEDs not blanked */
    board_keys_set((1u << 4) | (1u << 0) | (1u << 8));
    board_run_ms(11000);
    cap_clear();
    board_serial_line("new x"); /* something on the LEDs: the person's move at cell 2 */
    board_run_ms(500);
    board_serial_line("move 2");
    board_run_ms(1000);
    cap_clear();
    int dark = 0;
    for (int s = 0; s < 11 * 60; s++) {
        board_run_ms(1000);
        dark += strcmp(board_picture(), ".........") == 0;
    }
    printf("sim_power: keys 1, 5, 9 stuck (every row): 11 min, `ttt: sleeping` %d, seconds "
           "with the LEDs dark %d\n", count_cap("ttt: sleeping"), dark);
    if (count_cap("ttt: sleeping") || dark) {
        proof_fail("sleep: with every row blocked the board still said it sleeps (%d) or went dark "
             "(%d s)", count_cap("ttt: sleeping"), dark);
        return -1;
    }
    return 0;
}

static int sleep_run(void)
{
    /* cell 5 jams on the empty board */
    cap_clear();
    board_keys_set(1u << 4);
    board_run_ms(11000);
    if (count_cap("key: stuck 5, ignored until released") != 1 || count_cap("new:") ||
        count_cap("level:") || proof_cap_n != 1) {
        proof_fail("sleep: a jammed key was not reported exactly once, or it acted (%d lines, "
             "first '%s')", proof_cap_n, proof_cap_n ? proof_cap[0] : "");
        return -1;
    }
    cap_clear();
    if (!board_run_until_line("ttt: sleeping (press a key)", 5 * 60 * 1000 + 1000)) {
        proof_fail("sleep: no `ttt: sleeping` line after 5 idle minutes with one stuck key");
        return -1;
    }
    uint64_t t_down = find_power_down();
    if (!t_down || serial_wake_race(t_down) != 0 || wake_race(t_down) != 0)
        return -1;
    board_run_ms(200);
    int slept = count_cap("ttt: sleeping (press a key)");
    const char *pic = board_picture();
    printf("sim_power: key 5 stuck: after 5 min idle `ttt: sleeping` %d, picture %s\n", slept,
           pic);
    if (slept != 1 || strcmp(pic, ".........") != 0) {
        proof_fail("sleep: with one stuck key the board did not power down once (%d)", slept);
        return -1;
    }
    if (asleep_checks() != 0)
        return -1;
    return every_row_blocked();
}

int cmd_power(void)
{
    double t0 = wall();
    if (boot() != 0)
        return 1;
    pid_t pid = fork();
    if (pid == 0) {
        lowvcc_run();
        check_chip("lowvcc");
        _exit(0);
    }
    if (boot() != 0)
        return 1;
    sleep_run();
    check_chip("sleep");
    reap_sim(pid, -1, "lowvcc");
    printf("sim_power: failures %ld, %.1f s\n", proof_sh->bad, wall() - t0);
    if (proof_sh->bad) {
        printf("sim_power: FAILED: %s\n", proof_sh->first_error);
        return 1;
    }
    printf("sim_power: ok\n");
    return 0;
}
