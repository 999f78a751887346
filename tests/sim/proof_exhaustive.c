/* tests/sim/proof_exhaustive.c - every strategy of the person, as X and as O, played
 * through the buttons against the real firmware; the LEDs must show one of the engine's
 * perfect moves after every press (whichever the AI drew: that it can draw each of them
 * is proved on the host, tests/game test_every_perfect_move_can_be_drawn) and the board
 * never loses. The same in misère (`exhaustive-misere`: the console's `game misere`
 * first; the best set is misère's, which never gives up the value, wins soonest and
 * loses latest; a line loses). */
#define _GNU_SOURCE
#include "proof.h"

#include <stdlib.h>
#include <unistd.h>

/* Every person move from (x, o), each in its own simulation; the counters come back
 * through proof_sh, so the children's pipes carry nothing. Below the top level one
 * child runs at a time (each forks its own). */
static void explore(uint16_t x, uint16_t o, int depth)
{
    int running = 0;
    for (int cell = 0; cell < 9; cell++) {
        if ((x | o) >> cell & 1)
            continue;
        if (proof_sh->bad > 20)
            break;
        int fd;
        pid_t pid = fork_sim(&fd);
        if (pid < 0)
            break;
        if (pid == 0) {
            uint16_t nx = x, no = o;
            long games = proof_sh->games;
            __atomic_fetch_add(&proof_sh->nodes, 1, __ATOMIC_SEQ_CST);
            int r = human_move(cell, &nx, &no);
            check_chip("exhaustive");
            if (r == 1)
                explore(nx, no, depth + 1);
            /* every person move ends in at least one counted game below it */
            if (r >= 0 && proof_sh->games == games)
                proof_fail("person %c: no game ended after cell %d on x=%03x o=%03x",
                           proof_human_x ? 'X' : 'O', cell + 1, x, o);
            finish_sim(fd, NULL, 0);
        }
        close(fd);
        running++;
        if (depth > 0 || running >= NPROC) {
            reap_any_sim("exhaustive");
            running--;
        }
    }
    while (running-- > 0)
        reap_any_sim("exhaustive");
}

/* As O: the centre's hold opens the menu on the empty board, a tap on its you-O cell
 * chooses it and a tap on it again picks it, each after a look at the board (the person
 * plays O, the AI starts); the AI's first X, or -1 after proof_fail(). */
static int ai_first_move(uint16_t *x)
{
    board_press(PROOF_MENU_OPEN - 1, PROOF_MENU_HOLD_MS); /* past the menu's hold */
    board_run_ms(1000);
    board_press(PROOF_MENU_MODEAI_O - 1, 60);
    board_run_ms(1000);
    board_press(PROOF_MENU_MODEAI_O - 1, 60);
    uint64_t end = board_now() + BOARD_MS(3000);
    while (board_now() < end) {
        board_run_until(board_now() + BOARD_WINDOW_CYCLES);
        pic_t p = pic_parse(board_picture());
        if (stable() && !p.y && !p.blink && popc(p.x) == 1 && !p.o) {
            *x = p.x;
            return check_ai_move(0, 0, p.x);
        }
    }
    proof_fail("person O: no AI first move after the menu's you-O pick (picture %s)",
               board_picture());
    return -1;
}

/* Boot; for misère, `game misere` and its answer. */
static int boot_in_rule(void)
{
    if (boot() != 0)
        return -1;
    if (proof_rule == RULE_MISERE) {
        cap_clear();
        board_serial_line("game misere");
        if (wait_line_from("game: misere", 0, 1000) < 0) {
            fprintf(stderr, "sim: no 'game: misere' answer\n");
            return -1;
        }
        board_run_ms(500);
    }
    return 0;
}

static int exhaustive(const char *name)
{
    double t0 = wall();
    if (boot_in_rule() != 0)
        return 1;
    int ok = 1;
    for (int side = 0; side < 2; side++) {
        long g0 = proof_sh->games, w0 = proof_sh->board_wins, d0 = proof_sh->draws;
        long l0 = proof_sh->board_losses;
        long n0 = proof_sh->nodes, b0 = proof_sh->bad, c0 = proof_sh->ai_checked;
        int fd;
        pid_t pid = fork_sim(&fd);
        if (pid == 0) {
            proof_human_x = side == 0;
            uint16_t x = 0;
            if (proof_human_x || ai_first_move(&x) == 0)
                explore(x, 0, 0);
            finish_sim(fd, NULL, 0);
        }
        reap_sim(pid, fd, side == 0 ? "person X" : "person O");
        printf("%s: person %c: games %ld, board wins %ld, draws %ld, board "
               "losses %ld, moves simulated %ld, AI replies checked perfect %ld, failures %ld\n",
               name, side == 0 ? 'X' : 'O', proof_sh->games - g0, proof_sh->board_wins - w0,
               proof_sh->draws - d0, proof_sh->board_losses - l0, proof_sh->nodes - n0,
               proof_sh->ai_checked - c0, proof_sh->bad - b0);
        if (proof_sh->bad != b0 || proof_sh->games == g0)
            ok = 0;
    }
    double secs = wall() - t0;
    if (proof_rule == RULE_NORMAL) {
        printf("exhaustive_seconds %.1f\n", secs);
        FILE *f = fopen("build/sim/exhaustive_seconds.txt", "w");
        if (f) {
            fprintf(f, "%.1f\n", secs);
            fclose(f);
        }
    } else {
        printf("exhaustive_misere_seconds %.1f\n", secs);
    }
    if (!ok)
        printf("%s: FAILED: %s\n", name, proof_sh->first_error);
    else
        printf("%s: ok (every strategy of the person, as X and as O, never beats "
               "the board; every AI reply on the LEDs is one of the engine's perfect moves)\n",
               name);
    return ok ? 0 : 1;
}

int cmd_exhaustive(void)
{
    return exhaustive("sim_exhaustive");
}

int cmd_exhaustive_misere(void)
{
    proof_rule = RULE_MISERE;
    return exhaustive("sim_exhaustive_misere");
}
