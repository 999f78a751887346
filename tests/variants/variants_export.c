/* tests/variants/variants_export.c - the firmware engine's answers on every state of misère
 * and fading marks, one line each, for tests/variants/test_variants.py to compare with
 * the independent reference (tests/variants/reference.py writes the same format).
 *
 *   variants_export misere   every reachable board: BOARD MOVE BEST OUTCOME
 *   variants_export fading   every reachable state: MOVER XQUEUE OQUEUE MOVE BEST OUTCOME
 *
 * BOARD: 9 cells in reading order, . x o. MOVER: x or o. A queue: its cells 0-8 oldest
 * first, - when empty. MOVE: the documented move, - on a finished board. BEST: the
 * perfect moves as 3 hex digits (bit i: cell i), 000 on a finished board (fading: the
 * table's one move, alone; the reference writes every one). OUTCOME: W, D
 * or L for the side to move and the plies to the end (fading: a draw's plies to the draw
 * rule's limit, from the fewest plies the marks need). The states come from a search of
 * the firmware's own rules (pos_play, state_play) from the empty board. */
#include <stdio.h>
#include <string.h>

#include "fade.h"
#include "play.h"
#include "position.h"
#include "state.h"

static void put_outcome(engine_outcome_t o)
{
    printf(" %c%u\n", o.result == ENGINE_WIN ? 'W' : o.result == ENGINE_LOSS ? 'L' : 'D',
           (unsigned)o.plies);
}

static void put_answer(uint8_t rule, const state_t *s)
{
    if (state_is_over(rule, s))
        printf(" - 000");
    else
        printf(" %u %03x", (unsigned)play_move(rule, s), (unsigned)play_best_cells(rule, s));
    put_outcome(play_outcome(rule, s));
}

static void export_misere(void)
{
    static uint8_t seen[POS_CODES];
    static uint16_t queue[POS_CODES];
    unsigned head = 0, tail = 0;
    queue[tail++] = 0;
    seen[0] = 1;
    while (head < tail) {
        pos_t p = pos_from_code(queue[head++]);
        state_t s = state_from_pos(p);
        for (uint8_t c = 0; c < POS_CELLS; c++)
            putchar(p.x >> c & 1u ? 'x' : p.o >> c & 1u ? 'o' : '.');
        put_answer(RULE_MISERE, &s);
        for (uint8_t c = 0; c < POS_CELLS && !state_is_over(RULE_MISERE, &s); c++) {
            uint16_t code = pos_code(pos_play(p, c));
            if (pos_empty(p) >> c & 1u && !seen[code]) {
                seen[code] = 1;
                queue[tail++] = code;
            }
        }
    }
}

static void put_queue(const state_t *s, uint8_t side)
{
    uint8_t n = pos_count(side ? s->pos.o : s->pos.x);
    putchar(' ');
    if (!n)
        putchar('-');
    for (uint8_t i = 0; i < n; i++)
        putchar('0' + s->queue[side][i]);
}

/* Both queues and the side to move as a number below 2,000,000. */
static uint32_t fading_code(const state_t *s)
{
    uint32_t code = s->to_move - PLAYER_X;
    for (uint8_t side = 0; side < 2; side++)
        for (uint8_t i = 0; i < FADE_KEEP; i++)
            code = code * 10u +
                   (i < pos_count(side ? s->pos.o : s->pos.x) ? s->queue[side][i] : 9u);
    return code;
}

static void export_fading(void)
{
    static uint8_t seen[2000000];
    static state_t queue[140000];
    unsigned head = 0, tail = 0;
    queue[tail++] = state_start();
    seen[fading_code(&queue[0])] = 1;
    while (head < tail) {
        state_t s = queue[head++];
        printf("%c", s.to_move == PLAYER_X ? 'x' : 'o');
        put_queue(&s, 0);
        put_queue(&s, 1);
        put_answer(RULE_FADING, &s);
        for (uint8_t c = 0; c < POS_CELLS && !state_is_over(RULE_FADING, &s); c++) {
            state_t t = s;
            if (!(pos_empty(s.pos) >> c & 1u))
                continue;
            state_play(RULE_FADING, &t, c);
            if (!seen[fading_code(&t)] && tail < sizeof queue / sizeof queue[0]) {
                seen[fading_code(&t)] = 1;
                queue[tail++] = t;
            }
        }
    }
}

int main(int argc, char **argv)
{
    play_init();
    for (uint8_t rule = 0; rule < RULE_COUNT; rule++)
        if (!play_table_ok(rule)) {
            fprintf(stderr, "variants_export: table %u refused\n", (unsigned)rule);
            return 1;
        }
    if (argc == 2 && strcmp(argv[1], "misere") == 0)
        export_misere();
    else if (argc == 2 && strcmp(argv[1], "fading") == 0)
        export_fading();
    else {
        fprintf(stderr, "usage: variants_export misere|fading\n");
        return 2;
    }
    return fflush(stdout) ? 1 : 0;
}
