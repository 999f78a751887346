/* tests/sim/proof_fading.c - fading marks on the real firmware (issue 36): games through
 * the console after `game fading`, the person as X and as O by turns, its moves half the
 * engine's perfect move (it presses the AI hardest, and as X wins: the AI must then lose
 * as late as it can) and half a random empty cell (it reaches states perfect play never
 * does), each game forked from one booted board; every AI reply must be the host
 * engine's perfect move (fade_best_cells(): its table's one move, which test-variants
 * proves one of the Python reference's perfect moves on every state), up to the draw
 * rule's last mark. A sample of the reachable states, not all of them: the person's
 * strategies branch past counting. */
#define _GNU_SOURCE
#include "proof.h"

#include <string.h>
#include <unistd.h>

#include "play.h"

/* The person's move in s: the engine's, or a random empty cell. */
static int fading_person(const state_t *s)
{
    uint16_t empty = pos_empty(s->pos);
    int k = (int)rnd_range(0, (uint32_t)popc(empty) - 1u);
    if (rnd_range(0, 1))
        return play_move(RULE_FADING, s);
    for (int c = 0; c < 9; c++)
        if (empty >> c & 1 && k-- == 0)
            return c;
    return -1;
}

/* The AI's reply after the line at capture index `from`, checked against the engine's
 * move in s (its best set: that one move) and played on it: 0, or -1 after proof_fail(). */
static int fading_ai(state_t *s, int from)
{
    int idx = wait_line_from("ai: ", from, 2000), a = idx < 0 ? -1 : line_cell(proof_cap[idx]);
    uint16_t best = play_best_cells(RULE_FADING, s);
    if (a < 0 || !(best >> a & 1)) {
        proof_fail("fading: the AI answered %d at ply %u (x=%03x o=%03x, %c to move), not the "
                   "perfect move %03x",
                   a + 1, s->plies, s->pos.x, s->pos.o, s->to_move == PLAYER_X ? 'x' : 'o', best);
        return -1;
    }
    __atomic_fetch_add(&proof_sh->ai_checked, 1, __ATOMIC_SEQ_CST);
    state_play(RULE_FADING, s, (uint8_t)a);
    return 0;
}

/* Game i: the person X on even i, O on odd. */
static void fading_game(long i, void *ctx)
{
    bool person_x = (i & 1) == 0;
    state_t s = state_start();
    (void)ctx;
    proof_rng_state = 0x27d4eb2fu + (uint32_t)i * 2654435761u;
    board_run_ms(rnd_range(10, 500)); /* the AI's draws follow the time */
    cap_clear();
    board_serial_line(person_x ? "new x" : "new o");
    if (wait_line_from("new: ", 0, 1000) < 0 || (!person_x && fading_ai(&s, 0) < 0)) {
        proof_fail("fading: no new game (game %ld)", i);
        return;
    }
    while (!state_is_over(RULE_FADING, &s)) {
        char cmd[] = "move N";
        board_run_ms(rnd_range(10, 200));
        if (proof_cap_n > CAP_LINES - 8)
            cap_clear();
        int c = fading_person(&s), from = proof_cap_n;
        cmd[5] = (char)('1' + c);
        board_serial_line(cmd);
        state_play(RULE_FADING, &s, (uint8_t)c);
        if (!state_is_over(RULE_FADING, &s) && fading_ai(&s, from) < 0)
            return;
    }
    uint8_t w = state_winner(RULE_FADING, &s);
    __atomic_fetch_add(&proof_sh->games, 1, __ATOMIC_SEQ_CST);
    __atomic_fetch_add(w == PLAYER_NONE                            ? &proof_sh->draws
                       : (w == PLAYER_X) == person_x ? &proof_sh->board_losses
                                                     : &proof_sh->board_wins,
                       1, __ATOMIC_SEQ_CST);
    __atomic_fetch_add(&proof_sh->nodes, (long)s.plies, __ATOMIC_SEQ_CST);
    check_chip("fading");
}

int cmd_fading(long games)
{
    double t0 = wall();
    if (boot() != 0)
        return 1;
    cap_clear();
    board_serial_line("game fading");
    if (wait_line_from("game: fading", 0, 1000) < 0) {
        fprintf(stderr, "sim: no 'game: fading' answer\n");
        return 1;
    }
    run_trials(games, 1, fading_game, NULL, "fading game");
    printf("sim_fading: games %ld (the person X and O by turns), board wins %ld, draws %ld, "
           "board losses %ld (the person X playing perfectly wins), plies %ld, AI replies "
           "checked perfect %ld, failures %ld, %.1f s\n",
           proof_sh->games, proof_sh->board_wins, proof_sh->draws, proof_sh->board_losses,
           proof_sh->nodes, proof_sh->ai_checked, proof_sh->bad, wall() - t0);
    if (proof_sh->bad || proof_sh->games < games) {
        printf("sim_fading: FAILED: %s\n", proof_sh->first_error);
        return 1;
    }
    printf("sim_fading: ok (every AI reply on the console is the engine's perfect move for "
           "fading)\n");
    return 0;
}
