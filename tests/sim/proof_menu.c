/* tests/sim/proof_menu.c - a long press alone never changes a saved byte (issue 16). On
 * every screen (the empty board, the AI's opening as X, mid-game, game over, the menu
 * open, the analysis, a hint, the statistics), every cell is held alone for the long
 * press (GAME_LONG_MS), 3 s and just short of a stuck key (GAME_STUCK_MS) and released,
 * each from the same start (a forked simulation per hold); 1 s later every EEPROM byte
 * must be as it was. The check's self-test: from the open menu a pick (the colour-blind
 * cell tapped, then tapped again, a second apart) must change the saved record. */
#define _GNU_SOURCE
#include "proof.h"

#include <string.h>
#include <sys/types.h>

#define EE_BYTES 1024

static const uint32_t holds_ms[] = {GAME_LONG_MS, 3000, GAME_STUCK_MS - 100u};
#define HOLDS (sizeof holds_ms / sizeof holds_ms[0])

/* A console line; then until a line starting with `expect` (0) or 2 s (-1). */
static int say(const char *line, const char *expect)
{
    int from = proof_cap_n;
    board_serial_line(line);
    if (wait_line_from(expect, from, 2000) < 0) {
        proof_fail("menu: `%s` did not answer `%s`", line, expect);
        return -1;
    }
    return 0;
}

/* A key held alone for ms; then until a line starting with `expect` (0) or 1 s (-1). */
static int hold(int cell, uint32_t ms, const char *expect)
{
    int from = proof_cap_n;
    if (board_press(cell, ms) < 0)
        return -1;
    if (wait_line_from(expect, from, 1000) < 0) {
        proof_fail("menu: holding cell %d for %u ms did not say `%s`", cell + 1, ms, expect);
        return -1;
    }
    return 0;
}

/* Until the LEDs show the greeting's end or a blink's end and the store is idle. */
static int settle(void)
{
    if (board_run_ms(700) < 0)
        return -1;
    for (int i = 0; i < 100 && board_eeprom_busy(NULL); i++)
        if (board_run_ms(10) < 0)
            return -1;
    return 0;
}

static int empty_board(void) { return say("new x", "new: vs ai, you x"); }
static int ai_opened(void) { return say("new o", "ai: "); }
static int mid_game(void) { return say("new x", "new: ") || say("move 1", "ai: "); }

static int at_game_over(void)
{
    static const char *const moves[] = {"move 1", "move 4", "move 2", "move 5"};
    if (say("new 2p", "new: two players"))
        return -1;
    for (int i = 0; i < 4; i++)
        if (say(moves[i], "move: "))
            return -1;
    /* the result shows 2 s, then the board at game over waits for a press */
    return say("move 3", "result: x wins") || board_run_ms(2000) < 0;
}

static int menu_open(void)
{
    return empty_board() || settle() || hold(PROOF_MENU_OPEN - 1, PROOF_MENU_HOLD_MS, "menu: 1 ");
}
static int analysis(void) { return mid_game() || settle() || hold(0, 1000, "analysis:"); }

static int hint(void)
{
    if (mid_game() || settle())
        return -1;
    const char *p = board_picture();
    int empty = (int)(strchr(p, '.') ? strchr(p, '.') - p : 8);
    return hold(empty, 1000, "hint: ");
}

/* The statistics at game over (a long press): one x win of two players, the wins column a
 * full green bar and the rest the yellow frame. */
static int statistics(void)
{
    if (at_game_over() || settle() || board_press(0, GAME_LONG_MS + 200u) < 0)
        return -1;
    if (!wait_picture("gyygyygyy", 500)) {
        proof_fail("menu: the statistics display did not show (%s)", board_picture());
        return -1;
    }
    return 0;
}

typedef struct {
    const char *name;
    int (*set_up)(void);
} screen_t;

static const screen_t screens[] = {
    {"empty board", empty_board}, {"the AI's opening as x", ai_opened},
    {"mid-game", mid_game},       {"game over", at_game_over},
    {"menu open", menu_open},     {"analysis", analysis},
    {"hint", hint},               {"statistics", statistics},
};
#define SCREENS (sizeof screens / sizeof screens[0])

typedef struct {
    int changed;   /* EEPROM bytes that differ */
    int first;     /* the first of them */
    char said[96]; /* the console's lines, the last of them */
} trial_t;

/* In a forked simulation: hold `cell` for ms from now, release, 1 s; what changed. */
static void trial_child(int fd, int cell, uint32_t ms, int tap)
{
    static uint8_t before[EE_BYTES], after[EE_BYTES];
    trial_t r = {0, -1, ""};
    board_eeprom_get(before, EE_BYTES);
    cap_clear();
    board_press(cell, ms);
    board_run_ms(1000);
    if (tap) { /* the self-test's pick: a tap chooses, a tap on it again picks */
        board_press(tap - 1, 60);
        board_run_ms(1000);
        board_press(tap - 1, 60);
        board_run_ms(1000);
    }
    board_eeprom_get(after, EE_BYTES);
    for (int i = 0; i < EE_BYTES; i++) {
        if (before[i] != after[i] && r.changed++ == 0)
            r.first = i;
    }
    if (proof_cap_n)
        snprintf(r.said, sizeof r.said, "%s", proof_cap[proof_cap_n - 1]);
    finish_sim(fd, &r, sizeof r);
}

/* Every cell and hold on the screen set up now; two simulations at once. */
static long screen_trials(const screen_t *s, long *changed)
{
    long n = 0;
    for (int t = 0; t < 9 * (int)HOLDS; t += NPROC) {
        pid_t pid[NPROC];
        int fd[NPROC];
        for (int k = 0; k < NPROC; k++) {
            pid[k] = t + k < 9 * (int)HOLDS ? fork_sim(&fd[k]) : -1;
            if (pid[k] == 0)
                trial_child(fd[k], (t + k) % 9, holds_ms[(t + k) / 9], 0);
        }
        for (int k = 0; k < NPROC; k++) {
            trial_t r;
            int cell = (t + k) % 9;
            uint32_t ms = holds_ms[(t + k) / 9];
            if (pid[k] <= 0 || collect_sim(pid[k], fd[k], &r, sizeof r, s->name) != 0)
                continue;
            n++;
            if (r.changed) {
                (*changed)++;
                proof_fail("menu: %s: holding cell %d for %u ms changed %d saved bytes (the "
                           "first at %d; the console said `%s`)",
                           s->name, cell + 1, ms, r.changed, r.first, r.said);
            }
        }
    }
    return n;
}

int cmd_menu(void)
{
    double t0 = wall();
    long holds = 0, changed = 0;
    trial_t self = {0, -1, ""};
    if (boot() != 0)
        return 1;
    for (size_t i = 0; i < SCREENS && !proof_sh->bad; i++) {
        cap_clear();
        if (screens[i].set_up() != 0 || (screens[i].set_up != menu_open && settle() != 0))
            break;
        holds += screen_trials(&screens[i], &changed);
    }
    /* Self-test: a long press opens the menu (nothing saved), a pick of the colour-blind
     * cell saves. */
    cap_clear();
    if (!proof_sh->bad && empty_board() == 0 && settle() == 0) {
        int fd;
        pid_t pid = fork_sim(&fd);
        if (pid == 0)
            trial_child(fd, PROOF_MENU_OPEN - 1, PROOF_MENU_HOLD_MS, PROOF_MENU_COLOUR_BLIND);
        if (pid > 0 && collect_sim(pid, fd, &self, sizeof self, "self-test") == 0 &&
            (!self.changed || strncmp(self.said, "colorblind: ", 12)))
            proof_fail("menu: self-test: the confirmed pick (colour-blind) changed %d saved bytes "
                       "and the console said `%s`",
                       self.changed, self.said);
    }
    printf("sim_menu: %zu screens x 9 cells x holds of %u, %u and %u ms: %ld long presses, "
           "%ld changed a saved byte; self-test: a confirmed pick changed %d bytes; "
           "%.1f s\n",
           SCREENS, (unsigned)holds_ms[0], (unsigned)holds_ms[1], (unsigned)holds_ms[2], holds,
           changed, self.changed, wall() - t0);
    if (proof_sh->bad || holds != (long)(SCREENS * 9 * HOLDS)) {
        printf("sim_menu: FAILED: %s\n", proof_sh->first_error[0] ? proof_sh->first_error
                                                                 : "not every hold ran");
        return 1;
    }
    printf("sim_menu: ok\n");
    return 0;
}
