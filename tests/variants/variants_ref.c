/* tests/variants/variants_ref.c - reads the reference's answers (variants_ref.h). A line:
 * misère "BOARD MOVE BEST OUTCOME", fading "MOVER XQUEUE OQUEUE MOVE BEST OUTCOME"
 * (tests/variants/reference.py). Host only: big static tables. */
#include "variants_ref.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REF_FADING_CODES VARIANTS_REF_FADING_CODES

static variants_answer_t ref_misere[POS_CODES];
static uint8_t ref_misere_known[POS_CODES];
static variants_answer_t *ref_fading; /* by fading code; result 0: no such state */

/* The side to move and both queues as digits (9: no mark), below REF_FADING_CODES. */
static uint32_t ref_fading_code(uint8_t to_move, const uint8_t queue[2][FADE_KEEP],
                                const uint8_t count[2])
{
    uint32_t code = to_move == PLAYER_O;
    for (uint8_t side = 0; side < 2; side++)
        for (uint8_t i = 0; i < FADE_KEEP; i++)
            code = code * 10u + (i < count[side] ? queue[side][i] : 9u);
    return code;
}

/* "MOVE BEST OUTCOME" into *a; 0 or -1. */
static int ref_answer(const char *move, const char *best, const char *out, variants_answer_t *a)
{
    char *end;
    a->move = strcmp(move, "-") == 0 ? POS_NO_MOVE : (uint8_t)strtoul(move, &end, 10);
    a->best = (uint16_t)strtoul(best, &end, 16);
    a->result = out[0];
    a->plies = (uint8_t)strtoul(out + 1, &end, 10);
    return strchr("WDL", a->result) && a->result && *end == '\0' ? 0 : -1;
}

static int ref_misere_line(const char *line)
{
    char board[16], move[4], best[8], out[8];
    if (sscanf(line, "%15s %3s %7s %7s", board, move, best, out) != 4 || strlen(board) != 9)
        return -1;
    pos_t p = {0, 0};
    for (uint8_t c = 0; c < POS_CELLS; c++) {
        p.x |= (uint16_t)((board[c] == 'x') << c);
        p.o |= (uint16_t)((board[c] == 'o') << c);
    }
    ref_misere_known[pos_code(p)] = 1;
    return ref_answer(move, best, out, &ref_misere[pos_code(p)]);
}

static int ref_fading_line(const char *line)
{
    char mover[4], q[2][8], move[4], best[8], out[8];
    uint8_t queue[2][FADE_KEEP], count[2] = {0, 0};
    if (sscanf(line, "%3s %7s %7s %3s %7s %7s", mover, q[0], q[1], move, best, out) != 6)
        return -1;
    for (uint8_t side = 0; side < 2; side++)
        for (const char *c = q[side]; *c && *c != '-' && count[side] < FADE_KEEP; c++)
            queue[side][count[side]++] = (uint8_t)(*c - '0');
    uint32_t code = ref_fading_code(mover[0] == 'o' ? PLAYER_O : PLAYER_X, queue, count);
    return ref_answer(move, best, out, &ref_fading[code]);
}

static int ref_read(const char *dir, const char *name, int (*line_of)(const char *))
{
    char path[512], line[128];
    snprintf(path, sizeof path, "%s/reference_%s.txt", dir, name);
    FILE *f = fopen(path, "r");
    int status = f ? 0 : -1, number = 0;
    while (f && status == 0 && fgets(line, sizeof line, f)) {
        number++;
        status = line_of(line);
    }
    if (status)
        fprintf(stderr, "variants_ref: %s%s%d\n", path, f ? ": a bad line, line " : ": cannot read ",
                number);
    if (f)
        fclose(f);
    return status;
}

int variants_ref_load(const char *dir)
{
    if (!ref_fading && !(ref_fading = calloc(REF_FADING_CODES, sizeof *ref_fading)))
        return -1;
    if (ref_read(dir, "misere", ref_misere_line) || ref_read(dir, "fading", ref_fading_line))
        return -1;
    return 0;
}

const variants_answer_t *variants_ref_misere(pos_t p)
{
    return ref_misere_known[pos_code(p)] ? &ref_misere[pos_code(p)] : NULL;
}

uint32_t variants_ref_fading_code(const state_t *s)
{
    uint8_t count[2] = {pos_count(s->pos.x), pos_count(s->pos.o)};
    return ref_fading_code(s->to_move, s->queue, count);
}

const variants_answer_t *variants_ref_fading(const state_t *s)
{
    if (!ref_fading)
        return NULL;
    const variants_answer_t *a = &ref_fading[variants_ref_fading_code(s)];
    return a->result ? a : NULL;
}
