/* tests/fuzz/fuzz_judge.c - libFuzzer harness for the judge CLI's readers
 * (firmware/tools/judge.c), driven from memory. Each input is read by both readers, and
 * the outcome is compared with a second, deliberately plain model of the accepted
 * language (judge.h): words split on C whitespace, numbers of digits only, Algospot
 * cells x o . with / , | ignored, a word never running on into the next board. Checks,
 * beyond the sanitizers:
 *   - the status, stdout and the number of error lines are what the model predicts;
 *     answers are the reference solver's (solver_score, not the table play-out);
 *   - every stderr line starts "ttt: ", is printable ASCII and at most 160 characters.
 */
#define _POSIX_C_SOURCE 200809L
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "judge.h"
#include "position.h"
#include "solver.h"

#define MODEL_WORD_MAX JUDGE_WORD_MAX

typedef struct {
    const uint8_t *data;
    size_t size, pos;
} model_in_t;

static int model_space(uint8_t c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

/* The next word (start and len point into data); 0 at the end. */
static int model_word(model_in_t *in, const uint8_t **start, size_t *len)
{
    while (in->pos < in->size && model_space(in->data[in->pos]))
        in->pos++;
    if (in->pos == in->size)
        return 0;
    *start = in->data + in->pos;
    while (in->pos < in->size && !model_space(in->data[in->pos]))
        in->pos++;
    *len = (size_t)(in->data + in->pos - *start);
    return 1;
}

/* A word the reader refuses before looking at its meaning: too long or with a NUL. */
static int model_word_unreadable(const uint8_t *w, size_t len)
{
    return len > MODEL_WORD_MAX || memchr(w, 0, len) != NULL;
}

/* Digits only; value capped at max + 1. */
static int model_number(const uint8_t *w, size_t len, unsigned long max, unsigned long *value)
{
    if (len == 0)
        return 0;
    *value = 0;
    for (size_t i = 0; i < len; i++) {
        if (w[i] < '0' || w[i] > '9')
            return 0;
        *value = *value * 10 + (w[i] - '0');
        if (*value > max)
            *value = max + 1;
    }
    return 1;
}

typedef struct {
    int status;
    char out[1 << 16];
    size_t out_len;
    int error_lines; /* lines on stderr that are not warnings */
    int warnings;
} model_result_t;

static void model_put(model_result_t *r, const char *s)
{
    size_t n = strlen(s);
    if (r->out_len + n < sizeof r->out) {
        memcpy(r->out + r->out_len, s, n);
        r->out_len += n;
    }
}

/* solver_score, remembered per board: long inputs repeat boards, and the search with
 * the sanitizers on would otherwise dominate the run. */
static int8_t model_score(pos_t p)
{
    static int8_t memo[POS_CODES];
    static uint8_t known[POS_CODES];
    uint16_t code = pos_code(p);
    if (!known[code]) {
        memo[code] = solver_score(p);
        known[code] = 1;
    }
    return memo[code];
}

/* Is the status/result of a board read: 0 legal and answered, 1 illegal. */
static int model_answer_boj(pos_t p, model_result_t *r)
{
    if (!pos_is_legal(p) || pos_is_over(p))
        return 1;
    int8_t s = model_score(p);
    model_put(r, s > 0 ? "W\n" : s < 0 ? "L\n" : "D\n");
    return 0;
}

static void model_boj(const uint8_t *data, size_t size, model_result_t *r)
{
    model_in_t in = {data, size, 0};
    pos_t p = {0, 0};
    for (uint8_t cell = 0; cell < POS_CELLS; cell++) {
        const uint8_t *w;
        size_t len;
        unsigned long v;
        if (!model_word(&in, &w, &len) || model_word_unreadable(w, len) ||
            !model_number(w, len, 2, &v) || v > 2) {
            r->status = JUDGE_EXIT_BAD_INPUT;
            r->error_lines = 1;
            return;
        }
        if (v == 1)
            p.x |= (uint16_t)(1u << cell);
        else if (v == 2)
            p.o |= (uint16_t)(1u << cell);
    }
    if (model_answer_boj(p, r)) {
        r->status = JUDGE_EXIT_BAD_INPUT;
        r->error_lines = 1;
        return;
    }
    const uint8_t *w;
    size_t len;
    r->warnings = model_word(&in, &w, &len);
}

static int model_letter(uint8_t c, uint8_t *mark)
{
    if (c == '/' || c == ',' || c == '|')
        return 2; /* a separator */
    if (c == '.' || c == 'x' || c == 'X' || c == 'o' || c == 'O') {
        *mark = c == '.' ? PLAYER_NONE : (c | 0x20) == 'x' ? PLAYER_X : PLAYER_O;
        return 1;
    }
    return 0;
}

static void model_algospot(const uint8_t *data, size_t size, model_result_t *r)
{
    model_in_t in = {data, size, 0};
    const uint8_t *w;
    size_t len;
    unsigned long cases;
    if (!model_word(&in, &w, &len) || model_word_unreadable(w, len) ||
        !model_number(w, len, JUDGE_ALGOSPOT_MAX_CASES, &cases) || cases > JUDGE_ALGOSPOT_MAX_CASES) {
        r->status = JUDGE_EXIT_BAD_INPUT;
        r->error_lines = 1;
        return;
    }
    for (unsigned long c = 0; c < cases; c++) {
        pos_t p = {0, 0};
        uint8_t cells = 0;
        while (cells < POS_CELLS) {
            if (!model_word(&in, &w, &len) || model_word_unreadable(w, len)) {
                r->status = JUDGE_EXIT_BAD_INPUT;
                r->error_lines++;
                return;
            }
            for (size_t i = 0; i < len; i++) {
                uint8_t mark = 0;
                int kind = model_letter(w[i], &mark);
                if (kind == 0 || (kind == 1 && cells == POS_CELLS)) {
                    r->status = JUDGE_EXIT_BAD_INPUT;
                    r->error_lines++;
                    return;
                }
                if (kind == 1) {
                    if (mark == PLAYER_X)
                        p.x |= (uint16_t)(1u << cells);
                    else if (mark == PLAYER_O)
                        p.o |= (uint16_t)(1u << cells);
                    cells++;
                }
            }
        }
        if (!pos_is_legal(p)) {
            r->status = JUDGE_EXIT_BAD_INPUT;
            r->error_lines++;
            continue;
        }
        uint8_t winner = pos_winner(p);
        if (winner == PLAYER_NONE && !pos_is_over(p)) {
            int8_t s = model_score(p);
            uint8_t mover = pos_to_move(p);
            if (s > 0)
                winner = mover;
            else if (s < 0)
                winner = mover == PLAYER_X ? PLAYER_O : PLAYER_X;
        }
        model_put(r, winner == PLAYER_X ? "x\n" : winner == PLAYER_O ? "o\n" : "TIE\n");
    }
    r->warnings = model_word(&in, &w, &len);
}

/* Run a reader on the input, capture its stdout and stderr, compare with the model. */
static void check(int algospot, const uint8_t *data, size_t size)
{
    static model_result_t want;
    memset(&want, 0, sizeof want);
    if (algospot)
        model_algospot(data, size, &want);
    else
        model_boj(data, size, &want);

    char *out_buf = NULL, *err_buf = NULL;
    size_t out_len = 0, err_len = 0;
    FILE *out = open_memstream(&out_buf, &out_len);
    FILE *err = open_memstream(&err_buf, &err_len);
    if (!out || !err)
        abort();
    judge_in_t in;
    judge_in_buffer(&in, data, size);
    int status = algospot ? judge_algospot(&in, out, err) : judge_boj16571(&in, out, err);
    fclose(out);
    fclose(err);

    if (status != want.status) {
        fprintf(stderr, "fuzz_judge: %s status %d, model %d; stderr: %s\n",
                algospot ? "algospot" : "boj16571", status, want.status, err_buf);
        abort();
    }
    if (out_len != want.out_len || memcmp(out_buf, want.out, out_len) != 0) {
        fprintf(stderr, "fuzz_judge: %s stdout differs from the model:\n%.*s---\n%.*s\n",
                algospot ? "algospot" : "boj16571", (int)out_len, out_buf, (int)want.out_len, want.out);
        abort();
    }
    int errors = 0, warnings = 0;
    for (char *line = err_buf; line < err_buf + err_len;) {
        char *end = memchr(line, '\n', (size_t)(err_buf + err_len - line));
        if (!end || strncmp(line, "ttt: ", 5) != 0 || end - line > 160) {
            fprintf(stderr, "fuzz_judge: bad stderr line: %s\n", line);
            abort();
        }
        for (char *c = line; c < end; c++)
            if (*c < 0x20 || *c > 0x7E) {
                fprintf(stderr, "fuzz_judge: unprintable byte 0x%02X on stderr\n", (unsigned char)*c);
                abort();
            }
        if (strstr(line, ": warning: ") && strstr(line, ": warning: ") < end)
            warnings++;
        else
            errors++;
        line = end + 1;
    }
    if (errors != want.error_lines || warnings != want.warnings) {
        fprintf(stderr, "fuzz_judge: %d error and %d warning lines, model %d and %d: %s\n", errors,
                warnings, want.error_lines, want.warnings, err_buf);
        abort();
    }
    free(out_buf);
    free(err_buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int ready;
    if (!ready) {
        if (!engine_init())
            abort();
        ready = 1;
    }
    check(0, data, size);
    check(1, data, size);
    return 0;
}
