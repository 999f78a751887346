/* tests/sim/proof_levels.c - `make bench` figures of the AI's variety and levels, played
 * through the real firmware's console with random human timing (the AI's draws come
 * from it): distinct games of a fixed human line at perfect in both seats, distinct AI
 * openings, and the result of a greedy child as X at each level. Figures only;
 * tests/docs/figures.py holds their goals. */
#define _GNU_SOURCE
#include "proof.h"

#include "state.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LV_GAMES 200

/* Cells where `mine` completes a line now. */
static uint16_t open_wins(uint16_t mine, uint16_t theirs)
{
    uint16_t cells = 0;
    for (int c = 0; c < 9; c++)
        if (!((mine | theirs) >> c & 1) && win_cells((uint16_t)(mine | 1u << c)))
            cells |= (uint16_t)(1u << c);
    return cells;
}

static int random_cell(uint16_t cells)
{
    int n = popc(cells), k = (int)rnd_range(0, (uint32_t)n - 1);
    for (int c = 0; c < 9; c++)
        if (cells >> c & 1 && k-- == 0)
            return c;
    return -1;
}

/* The fixed line: the centre, then the lowest free cell. */
static int line_person(uint16_t x, uint16_t o)
{
    if (!((x | o) >> 4 & 1))
        return 4;
    for (int c = 0; c < 9; c++)
        if (!((x | o) >> c & 1))
            return c;
    return -1;
}

/* A greedy child: wins if it can, blocks if it must, else any free cell. */
static int greedy_person(uint16_t x, uint16_t o)
{
    uint16_t win = open_wins(x, o), block = open_wins(o, x);
    return random_cell(win ? win : block ? block : (uint16_t)(0x1ff & ~(x | o)));
}

typedef struct {
    long games, wins, draws, losses; /* the person's */
    long can_win, took_win;          /* the AI's chances of a win in one, taken */
    long distinct, distinct_x, distinct_o, openings;
} lv_result_t;

/* The AI's reply on the console after the command at capture index `from`, put on its
 * marks (ai) unless the cell is taken (the person's marks: person); counts its wins in
 * one in r. The cell, or -1 after proof_fail(). */
static int console_ai_move(int from, uint16_t *ai, uint16_t person, lv_result_t *r)
{
    int idx = wait_line_from("ai: ", from, 2000), a = idx < 0 ? -1 : line_cell(proof_cap[idx]);
    if (a < 0 || (*ai | person) >> a & 1) {
        proof_fail("levels: no AI reply, or a taken cell, on ai=%03x person=%03x", *ai, person);
        return -1;
    }
    uint16_t wins = open_wins(*ai, person);
    if (wins) {
        r->can_win++;
        r->took_win += wins >> a & 1;
    }
    *ai |= (uint16_t)(1u << a);
    return a;
}

/* One game through the console after `new x` (human_x) or `new o`, the person waiting
 * 0.1-1.1 s before each move and before `new o` (the AI opens 200 ms after it); seq
 * gets the cells in order. 'p' (the person won), 'a' or 'd', or -1 after proof_fail(). */
static int console_game(bool human_x, int (*person)(uint16_t, uint16_t), char seq[10],
                        lv_result_t *r)
{
    uint16_t x = 0, o = 0, *mine = human_x ? &x : &o, *ai = human_x ? &o : &x;
    int n = 0;
    if (!human_x)
        board_run_ms(rnd_range(100, 1100));
    cap_clear();
    board_serial_line(human_x ? "new x" : "new o");
    if (wait_line_from("new: ", 0, 1000) < 0) {
        proof_fail("levels: no answer to 'new %c'", human_x ? 'x' : 'o');
        return -1;
    }
    if (!human_x) {
        int a = console_ai_move(0, ai, *mine, r);
        if (a < 0)
            return -1;
        seq[n++] = (char)('1' + a);
    }
    for (;;) {
        board_run_ms(rnd_range(100, 1100));
        int c = person(x, o);
        char cmd[] = "move N";
        cmd[5] = (char)('1' + c);
        int from = proof_cap_n;
        board_serial_line(cmd);
        *mine |= (uint16_t)(1u << c);
        seq[n++] = (char)('1' + c);
        if (win_cells(*mine) || (x | o) == 0x1ff)
            break;
        int a = console_ai_move(from, ai, *mine, r);
        if (a < 0)
            return -1;
        seq[n++] = (char)('1' + a);
        if (win_cells(*ai) || (x | o) == 0x1ff)
            break;
    }
    seq[n] = '\0';
    wait_line_from("result: ", 0, 1000);
    int result = win_cells(*mine) ? 'p' : win_cells(*ai) ? 'a' : 'd';
    r->games++;
    r->wins += result == 'p';
    r->draws += result == 'd';
    r->losses += result == 'a';
    return result;
}

/* Every game (move sequence) the fixed line can meet from (x, o), the person X if
 * human_x, over every perfect move the AI can draw (engine_best_cells() of the host
 * engine): seq holds the n moves so far; each finished game goes into games. */
#define LINE_GAMES_MAX 512
typedef struct {
    int n;
    char seq[LINE_GAMES_MAX][10];
} games_t;

static void line_games(uint16_t x, uint16_t o, bool human_x, char seq[10], int n, games_t *g)
{
    if (win_cells(x) || win_cells(o) || (x | o) == 0x1ff) {
        seq[n] = '\0';
        if (g->n < LINE_GAMES_MAX)
            memcpy(g->seq[g->n++], seq, 10);
        else
            proof_fail("levels: more than %d games of the line", LINE_GAMES_MAX);
        return;
    }
    bool x_moves = popc(x) == popc(o);
    uint16_t moves = x_moves == human_x ? (uint16_t)(1u << line_person(x, o))
                                        : engine_best_cells((pos_t){x, o});
    for (int c = 0; c < 9; c++)
        if (moves >> c & 1) {
            seq[n] = (char)('1' + c);
            line_games(x_moves ? (uint16_t)(x | 1u << c) : x, x_moves ? o : (uint16_t)(o | 1u << c),
                       human_x, seq, n + 1, g);
        }
}

static int seq_cmp(const void *a, const void *b) { return strcmp(a, b); }

/* Distinct sequences among games seq[0..n) (sorted in place). */
static long distinct_games(char (*seq)[10], int n)
{
    qsort(seq, (size_t)n, sizeof seq[0], seq_cmp);
    long d = 0;
    for (int g = 0; g < n; g++)
        d += g == 0 || strcmp(seq[g], seq[g - 1]) != 0;
    return d;
}

/* Job 0: the fixed line at perfect, half the games as X and half as O, and the AI's
 * openings as X; jobs 1-3: the greedy child as X at perfect, medium and easy. */
static void run_job(int job, lv_result_t *r)
{
    static const char *const level_line[] = {"level perfect", "level perfect", "level medium",
                                             "level easy"};
    static char seqs[LV_GAMES][10];
    proof_rng_state = 0x9e3779b9u + (uint32_t)job * 7919u;
    board_serial_line(level_line[job]);
    board_run_ms(300);
    for (int g = 0; g < LV_GAMES && !proof_sh->bad; g++)
        if (console_game(job || g < LV_GAMES / 2, job ? greedy_person : line_person, seqs[g], r) < 0)
            return;
    if (job)
        return;
    /* a game is its move sequence; the seat shows in it only through the moves */
    r->distinct_x = distinct_games(seqs, LV_GAMES / 2);
    r->distinct_o = distinct_games(seqs + LV_GAMES / 2, LV_GAMES / 2);
    r->distinct = distinct_games(seqs, LV_GAMES);
    /* `new o` at a random moment: the AI opens 200 ms later */
    uint16_t first = 0;
    for (int g = 0; g < LV_GAMES; g++) {
        board_run_ms(rnd_range(100, 1100));
        cap_clear();
        board_serial_line("new o");
        int idx = wait_line_from("ai: ", 0, 2000), a = idx < 0 ? -1 : line_cell(proof_cap[idx]);
        if (a < 0) {
            proof_fail("levels: no AI opening after 'new o'");
            return;
        }
        first |= (uint16_t)(1u << a);
    }
    r->openings = popc(first);
}

/* The most distinct games the line's 200 games can show: every game perfect play allows
 * it as X (it wins fastest, so the line's mistakes end games early) and as O. */
static void print_line_games_possible(void)
{
    static games_t g;
    char seq[10];
    g.n = 0;
    line_games(0, 0, true, seq, 0, &g);
    int n_x = g.n;
    line_games(0, 0, false, seq, 0, &g);
    printf("perfect_line_games_possible_x %ld\n", distinct_games(g.seq, n_x));
    printf("perfect_line_games_possible_o %ld\n", distinct_games(g.seq + n_x, g.n - n_x));
    printf("perfect_line_games_possible %ld\n", distinct_games(g.seq, g.n));
}

static double pct(long part, long whole) { return whole ? 100.0 * (double)part / (double)whole : -1; }

int cmd_levels(void)
{
    if (boot() != 0)
        return 1;
    lv_result_t res[4];
    memset(res, 0, sizeof res);
    pid_t pid[4];
    int fd[4];
    for (int job = 0; job < 4; job++) {
        if (job >= NPROC && collect_sim(pid[job - NPROC], fd[job - NPROC], &res[job - NPROC],
                                        sizeof res[0], "levels") != 0)
            return 1;
        pid[job] = fork_sim(&fd[job]);
        if (pid[job] < 0)
            return 1;
        if (pid[job] == 0) {
            lv_result_t r;
            memset(&r, 0, sizeof r);
            run_job(job, &r);
            if (proof_sh->bad)
                _exit(1);
            finish_sim(fd[job], &r, sizeof r);
        }
    }
    for (int job = 4 - NPROC; job < 4; job++)
        if (collect_sim(pid[job], fd[job], &res[job], sizeof res[0], "levels") != 0)
            return 1;
    if (proof_sh->bad) {
        printf("sim_levels: FAILED: %s\n", proof_sh->first_error);
        return 1;
    }
    printf("perfect_distinct_games %ld\n", res[0].distinct);
    printf("perfect_distinct_games_x %ld\n", res[0].distinct_x);
    printf("perfect_distinct_games_o %ld\n", res[0].distinct_o);
    print_line_games_possible();
    printf("perfect_first_moves %ld\n", res[0].openings);
    static const char *const name[] = {"", "perfect", "medium", "easy"};
    for (int job = 1; job < 4; job++) {
        const lv_result_t *r = &res[job];
        printf("level_%s_greedy_win_percent %.1f\n", name[job], pct(r->wins, r->games));
        printf("level_%s_greedy_draw_percent %.1f\n", name[job], pct(r->draws, r->games));
        printf("level_%s_greedy_loss_percent %.1f\n", name[job], pct(r->losses, r->games));
        printf("level_%s_greedy_games %ld\n", name[job], r->games);
    }
    printf("medium_win_in_one_taken_percent %.1f\n", pct(res[2].took_win, res[2].can_win));
    printf("medium_win_in_one_chances %ld\n", res[2].can_win);
    return 0;
}

/* ---- the levels in misère and fading (issue 36): the same bands, the same child ---- */

#define LV_RULE_GAMES 200

/* The greedy child under a rule: wins at once if it can, else avoids a move that loses at
 * once (its own line in misère, a line left to the opponent), else any free cell. The
 * rules are the host engine's state.h (the positions, not the perfect player). */
static int greedy_rule_person(uint8_t rule, const state_t *s)
{
    uint16_t empty = pos_empty(s->pos), wins = state_wins(rule, s), safe = 0;
    uint8_t them = (uint8_t)(PLAYER_X + PLAYER_O - s->to_move);
    if (wins)
        return random_cell(wins);
    for (int c = 0; c < 9; c++) {
        state_t t = *s;
        if (!(empty >> c & 1))
            continue;
        state_play(rule, &t, (uint8_t)c);
        if (state_winner(rule, &t) != them && (state_is_over(rule, &t) || !state_wins(rule, &t)))
            safe |= (uint16_t)(1u << c);
    }
    return random_cell(safe ? safe : empty);
}

/* One game as X through the console under `rule` (set before): 'p', 'a' or 'd', or -1
 * after proof_fail(). The person waits 100-300 ms before each move. */
static int rule_game(uint8_t rule, lv_result_t *r)
{
    state_t s = state_start();
    cap_clear();
    board_serial_line("new x");
    if (wait_line_from("new: ", 0, 1000) < 0) {
        proof_fail("levels: no answer to 'new x' (%s)", rule == RULE_MISERE ? "misere" : "fading");
        return -1;
    }
    while (!state_is_over(rule, &s)) {
        board_run_ms(rnd_range(100, 300));
        char cmd[] = "move N";
        int c = greedy_rule_person(rule, &s), from = proof_cap_n;
        cmd[5] = (char)('1' + c);
        board_serial_line(cmd);
        state_play(rule, &s, (uint8_t)c);
        if (state_is_over(rule, &s))
            break;
        int idx = wait_line_from("ai: ", from, 2000), a = idx < 0 ? -1 : line_cell(proof_cap[idx]);
        if (a < 0 || !(pos_empty(s.pos) >> a & 1)) {
            proof_fail("levels: no AI reply, or a taken cell, in %s",
                       rule == RULE_MISERE ? "misere" : "fading");
            return -1;
        }
        state_play(rule, &s, (uint8_t)a);
        if (proof_cap_n > CAP_LINES - 8)
            cap_clear();
    }
    uint8_t w = state_winner(rule, &s);
    int result = w == PLAYER_X ? 'p' : w == PLAYER_O ? 'a' : 'd';
    r->games++;
    r->wins += result == 'p';
    r->draws += result == 'd';
    r->losses += result == 'a';
    return result;
}

/* Jobs 0-5: misère at perfect, medium, easy, then fading's. */
static void run_rule_job(int job, lv_result_t *r)
{
    static const char *const level_line[] = {"level perfect", "level medium", "level easy"};
    uint8_t rule = job < 3 ? RULE_MISERE : RULE_FADING;
    proof_rng_state = 0x85ebca6bu + (uint32_t)job * 7919u;
    board_serial_line(rule == RULE_MISERE ? "game misere" : "game fading");
    board_run_ms(300);
    board_serial_line(level_line[job % 3]);
    board_run_ms(300);
    for (int g = 0; g < LV_RULE_GAMES && !proof_sh->bad; g++)
        if (rule_game(rule, r) < 0)
            return;
}

int cmd_levels_games(void)
{
    static const char *const game[] = {"misere", "fading"}, *const name[] = {"perfect", "medium",
                                                                            "easy"};
    lv_result_t res[6];
    memset(res, 0, sizeof res);
    if (boot() != 0)
        return 1;
    for (int job = 0; job < 6; job += NPROC) {
        pid_t pid[NPROC];
        int fd[NPROC];
        for (int k = 0; k < NPROC; k++) {
            pid[k] = fork_sim(&fd[k]);
            if (pid[k] < 0)
                return 1;
            if (pid[k] == 0) {
                lv_result_t r;
                memset(&r, 0, sizeof r);
                run_rule_job(job + k, &r);
                if (proof_sh->bad)
                    _exit(1);
                finish_sim(fd[k], &r, sizeof r);
            }
        }
        for (int k = 0; k < NPROC; k++)
            if (collect_sim(pid[k], fd[k], &res[job + k], sizeof res[0], "levels") != 0)
                return 1;
    }
    if (proof_sh->bad) {
        printf("sim_levels_games: FAILED: %s\n", proof_sh->first_error);
        return 1;
    }
    for (int job = 0; job < 6; job++) {
        const lv_result_t *r = &res[job];
        const char *g = game[job / 3], *n = name[job % 3];
        printf("%s_level_%s_greedy_win_percent %.1f\n", g, n, pct(r->wins, r->games));
        printf("%s_level_%s_greedy_draw_percent %.1f\n", g, n, pct(r->draws, r->games));
        printf("%s_level_%s_greedy_loss_percent %.1f\n", g, n, pct(r->losses, r->games));
        printf("%s_level_%s_greedy_games %ld\n", g, n, r->games);
    }
    return 0;
}
