/* tests/sim/proof_fading.c - fading marks on the real firmware (issue 36): a proof over
 * the firmware's own replies to every state the person can reach, as X and as O, through
 * the console after `game fading`. At level perfect the AI plays one move per state (its
 * table's; among several immediate wins one of them, and the game ends), a function of
 * the state alone: both queues oldest first and the side to move, never the ply count or
 * the history. So the walk forks at every person move (every empty cell), as the
 * exhaustive proof does, and keeps a memo of the states in shared memory: each state the
 * person can reach is expanded once, every AI reply checked against the independent
 * Python reference's perfect set (build/variants/reference_fading.txt,
 * tests/variants/reference.py; its result and plies mean the AI never gives up the value,
 * wins soonest, loses latest), and the person may win only where the reference says the
 * person to move wins.
 *
 * The draw rule (FADE_PLY_LIMIT marks) ends a game by the ply count, so the memo ignores
 * the plies: a state is expanded only where the person's next mark is below the limit,
 * and the firmware's reply to a (state, cell) met again is compared with the one first
 * recorded; each memoed state the walk meets at another ply count replays one recorded
 * cell there, so the same state at two ply counts must get the same reply. At the end,
 * the closure of the recorded replies (every person cell, each recorded reply, the plies
 * ignored) must hold only expanded states and recorded replies: the walk covered every
 * state the person can reach, the draw rule's cuts included. */
#define _GNU_SOURCE
#include "proof.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "play.h"
#include "variants_ref.h"

#define FADE_MEMO_CODES VARIANTS_REF_FADING_CODES
#define FADE_REF_DIR "build/variants"
#define FADE_AI_WON (POS_CELLS + 1) /* a recorded reply: the AI's mark ended the game */

/* Shared by the forked walk: for each state code, 1 + the ply count it was expanded at
 * (0: not), and per person cell 1 + the AI's reply (0: none seen; FADE_AI_WON). */
typedef struct {
    uint8_t ply[FADE_MEMO_CODES];
    uint8_t reply[FADE_MEMO_CODES][POS_CELLS];
    long person_wins, ply_checks, cut, expanded_again;
    int8_t opening; /* the AI's first X when the person is O */
} fade_memo_t;
static fade_memo_t *memo;
static bool person_x;

static void count_game(uint8_t winner)
{
    __atomic_fetch_add(&proof_sh->games, 1, __ATOMIC_SEQ_CST);
    __atomic_fetch_add(winner == PLAYER_NONE              ? &proof_sh->draws
                       : (winner == PLAYER_X) == person_x ? &proof_sh->board_losses
                                                          : &proof_sh->board_wins,
                       1, __ATOMIC_SEQ_CST);
}

/* The AI's reply on s (the AI to move) from the console line at index >= from, checked
 * against the reference's perfect set and played: its cell, or -1 after proof_fail(). */
static int ai_reply(state_t *s, int from)
{
    const variants_answer_t *ref = variants_ref_fading(s);
    int idx = wait_line_from("ai: ", from, 2000), a = idx < 0 ? -1 : line_cell(proof_cap[idx]);
    if (!ref || a < 0 || !(ref->best >> a & 1u)) {
        proof_fail("fading, person %c: the AI answered %d at ply %u (x=%03x o=%03x), not one of "
                   "the reference's perfect moves %03x%s",
                   person_x ? 'X' : 'O', a + 1, s->plies, s->pos.x, s->pos.o, ref ? ref->best : 0,
                   ref ? "" : " (a state the reference lacks)");
        return -1;
    }
    __atomic_fetch_add(&proof_sh->ai_checked, 1, __ATOMIC_SEQ_CST);
    state_play(RULE_FADING, s, (uint8_t)a);
    return a;
}

/* The AI's reply a to `cell` on the state `code`: recorded if new, else the same as the
 * one recorded (the reply is a function of the state); 0, or -1 after proof_fail(). */
static int record_reply(uint32_t code, int cell, int a, unsigned plies)
{
    uint8_t want = 0, got = (uint8_t)(a + 1);
    if (__atomic_compare_exchange_n(&memo->reply[code][cell], &want, got, false, __ATOMIC_SEQ_CST,
                                    __ATOMIC_SEQ_CST) ||
        want == got)
        return 0;
    proof_fail("fading: state %07u, cell %d: the AI answered %d at ply %u, %d when first met",
               (unsigned)code, cell + 1, a + 1, plies, want);
    return -1;
}

/* The person's cell on s (person to move) through the console, and the AI's reply:
 * 1 the game goes on (s updated), 0 it ended, -1 after proof_fail(). */
static int person_move(state_t *s, int cell)
{
    uint32_t code = variants_ref_fading_code(s);
    const variants_answer_t *before = variants_ref_fading(s);
    char cmd[] = "move N";
    unsigned plies = s->plies;
    cap_clear();
    cmd[5] = (char)('1' + cell);
    board_serial_line(cmd);
    __atomic_fetch_add(&proof_sh->nodes, 1, __ATOMIC_SEQ_CST);
    state_play(RULE_FADING, s, (uint8_t)cell);
    if (!state_is_over(RULE_FADING, s)) {
        int a = ai_reply(s, 0);
        if (a < 0)
            return -1;
        /* among several immediate wins the AI draws one: recorded as the win alone */
        bool won = state_winner(RULE_FADING, s) != PLAYER_NONE;
        if (record_reply(code, cell, won ? FADE_AI_WON - 1 : a, plies) < 0)
            return -1;
        if (!state_is_over(RULE_FADING, s))
            return 1;
    }
    uint8_t w = state_winner(RULE_FADING, s);
    count_game(w);
    if (w != PLAYER_NONE && (w == PLAYER_X) == person_x) {
        __atomic_fetch_add(&memo->person_wins, 1, __ATOMIC_SEQ_CST);
        if (!before || before->result != 'W')
            proof_fail("fading: the person won from state %07u (cell %d), where the reference "
                       "says the AI's side holds",
                       (unsigned)code, cell + 1);
    }
    return 0;
}

/* A memoed state met again at another ply count: one of its recorded cells replayed here
 * (person_move compares the reply). */
static void replay_met(state_t *s, uint32_t code, unsigned first_plies)
{
    if (s->plies == first_plies)
        return;
    for (int c = 0; c < POS_CELLS; c++)
        if (__atomic_load_n(&memo->reply[code][c], __ATOMIC_SEQ_CST)) {
            __atomic_fetch_add(&memo->ply_checks, 1, __ATOMIC_SEQ_CST);
            person_move(s, c);
            return;
        }
}

static void explore(const state_t *s, int depth);

/* s (the person to move, the game on): expanded if no walk has expanded it at as few
 * plies (a walk that met it deeper may have been cut by the draw rule below it) and the
 * person's next mark is below the limit; else replay_met(). */
static void visit(state_t *s, int depth)
{
    uint32_t code = variants_ref_fading_code(s);
    uint8_t was = __atomic_load_n(&memo->ply[code], __ATOMIC_SEQ_CST), now = s->plies + 1u;
    while (now < FADE_PLY_LIMIT && (was == 0 || now < was))
        if (__atomic_compare_exchange_n(&memo->ply[code], &was, now, false, __ATOMIC_SEQ_CST,
                                        __ATOMIC_SEQ_CST)) {
            __atomic_fetch_add(was ? &memo->expanded_again : &proof_sh->checked, 1,
                               __ATOMIC_SEQ_CST);
            explore(s, depth);
            return;
        }
    if (was)
        replay_met(s, code, was - 1u);
    else
        __atomic_fetch_add(&memo->cut, 1, __ATOMIC_SEQ_CST);
}

/* Every person cell on s, each in its own simulation (below the top level one at a time). */
static void explore(const state_t *s, int depth)
{
    int running = 0;
    for (int cell = 0; cell < POS_CELLS; cell++) {
        if (!(pos_empty(s->pos) >> cell & 1u) || proof_sh->bad > 20)
            continue;
        int fd;
        pid_t pid = fork_sim(&fd);
        if (pid < 0)
            break;
        if (pid == 0) {
            state_t n = *s;
            int r = person_move(&n, cell);
            check_chip("fading");
            if (r == 1)
                visit(&n, depth + 1);
            else if (r == 0 && n.plies >= FADE_PLY_LIMIT)
                __atomic_fetch_add(&memo->cut, 1, __ATOMIC_SEQ_CST);
            finish_sim(fd, NULL, 0);
        }
        close(fd);
        running++;
        if (depth > 0 || running >= NPROC) {
            reap_any_sim("fading");
            running--;
        }
    }
    while (running-- > 0)
        reap_any_sim("fading");
}

/* One side's walk, in a child: `new x` or `new o` (and the AI's opening), then visit(). */
static void walk_side(void)
{
    state_t s = state_start();
    cap_clear();
    board_serial_line(person_x ? "new x" : "new o");
    if (wait_line_from("new: ", 0, 1000) < 0) {
        proof_fail("fading: no new game for person %c", person_x ? 'X' : 'O');
        return;
    }
    if (!person_x) {
        int a = ai_reply(&s, 0);
        if (a < 0)
            return;
        memo->opening = (int8_t)a;
    }
    visit(&s, 0);
}

/* The closure from the side's start of every person cell and each recorded reply (the
 * plies ignored): every state in it expanded, every reply recorded. Counts its states
 * and person moves; the gaps found (each proof_fail()ed, the first few). */
static long closure(long *states, long *moves)
{
    static uint8_t seen[FADE_MEMO_CODES];
    static state_t todo[200000];
    long head = 0, tail = 0, gaps = 0;
    memset(seen, 0, sizeof seen);
    todo[tail] = state_start();
    if (!person_x)
        state_play(RULE_FADING, &todo[tail], (uint8_t)memo->opening);
    seen[variants_ref_fading_code(&todo[tail++])] = 1;
    *states = *moves = 0;
    while (head < tail) {
        state_t s = todo[head++];
        uint32_t code = variants_ref_fading_code(&s);
        (*states)++;
        if (!memo->ply[code] && gaps++ < 3)
            proof_fail("fading: state %07u reachable but never expanded", (unsigned)code);
        for (int c = 0; c < POS_CELLS; c++) {
            if (!(pos_empty(s.pos) >> c & 1u))
                continue;
            state_t n = s;
            (*moves)++;
            state_play(RULE_FADING, &n, (uint8_t)c);
            n.plies = 0; /* the memo's states have no ply count */
            if (state_is_over(RULE_FADING, &n))
                continue;
            if (!memo->reply[code][c]) {
                if (memo->ply[code] && gaps++ < 3)
                    proof_fail("fading: state %07u, cell %d: no reply recorded", (unsigned)code,
                               c + 1);
                continue;
            }
            if (memo->reply[code][c] == FADE_AI_WON)
                continue;
            state_play(RULE_FADING, &n, (uint8_t)(memo->reply[code][c] - 1));
            n.plies = 0;
            if (state_is_over(RULE_FADING, &n) || seen[variants_ref_fading_code(&n)])
                continue;
            seen[variants_ref_fading_code(&n)] = 1;
            if (tail == (long)(sizeof todo / sizeof todo[0])) {
                proof_fail("fading: more states than the closure holds");
                return gaps + 1;
            }
            todo[tail++] = n;
        }
    }
    return gaps;
}

/* One side: the walk in a child, then the closure; prints its counts; 0 or -1. */
static int fading_side(int side)
{
    long n0 = proof_sh->nodes, c0 = proof_sh->ai_checked, s0 = proof_sh->checked;
    long g0 = proof_sh->games, w0 = proof_sh->board_wins, d0 = proof_sh->draws;
    long l0 = proof_sh->board_losses, b0 = proof_sh->bad, states, moves;
    int fd;
    person_x = side == 0;
    pid_t pid = fork_sim(&fd);
    if (pid == 0) {
        walk_side();
        finish_sim(fd, NULL, 0);
    }
    reap_sim(pid, fd, person_x ? "person X" : "person O");
    long gaps = proof_sh->bad == b0 ? closure(&states, &moves) : (states = moves = 0, 1);
    char p = person_x ? 'x' : 'o';
    printf("sim_fading_states_person_%c %ld\n", p, proof_sh->checked - s0);
    printf("sim_fading_person_moves_person_%c %ld\n", p, moves);
    printf("sim_fading_moves_simulated_person_%c %ld\n", p, proof_sh->nodes - n0);
    printf("sim_fading_ai_checked_person_%c %ld\n", p, proof_sh->ai_checked - c0);
    printf("sim_fading_games_person_%c %ld\n", p, proof_sh->games - g0);
    printf("sim_fading: person %c: states %ld (closure %ld), board wins %ld, draws %ld, board "
           "losses %ld, failures %ld\n",
           p - 32, proof_sh->checked - s0, states, proof_sh->board_wins - w0, proof_sh->draws - d0,
           proof_sh->board_losses - l0, proof_sh->bad - b0);
    return proof_sh->bad == b0 && gaps == 0 && states == proof_sh->checked - s0 ? 0 : -1;
}

int cmd_fading(void)
{
    double t0 = wall();
    const char *dir = getenv("VARIANTS_DIR");
    memo = mmap(NULL, sizeof *memo, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (memo == MAP_FAILED || variants_ref_load(dir && *dir ? dir : FADE_REF_DIR) != 0)
        return 1;
    if (boot() != 0)
        return 1;
    cap_clear();
    board_serial_line("game fading");
    if (wait_line_from("game: fading", 0, 1000) < 0) {
        fprintf(stderr, "sim: no 'game: fading' answer\n");
        return 1;
    }
    int ok = fading_side(0) == 0;
    ok = fading_side(1) == 0 && ok;
    printf("sim_fading_person_wins %ld\n", memo->person_wins);
    printf("sim_fading_ply_checks %ld\n", memo->ply_checks);
    printf("sim_fading_cut_by_draw_rule %ld\n", memo->cut);
    printf("sim_fading_expanded_again %ld\n", memo->expanded_again);
    printf("sim_fading_seconds %.1f\n", wall() - t0);
    if (!ok) {
        printf("sim_fading: FAILED: %s\n", proof_sh->first_error);
        return 1;
    }
    printf("sim_fading: ok (every state the person can reach, as X and as O: every AI reply "
           "on the console one of the reference's perfect moves, the same at every ply count; "
           "the person wins only where the reference says so)\n");
    return 0;
}
