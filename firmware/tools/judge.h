/* firmware/tools/judge.h - the judge CLI's readers for Baekjoon 16571 and Algospot
 * TICTACTOE (host only; what they accept: firmware/tools/README.md). */
#ifndef JUDGE_H
#define JUDGE_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define JUDGE_WORD_MAX 64
#define JUDGE_ECHO_MAX 40 /* escapes included */
#define JUDGE_ALGOSPOT_MAX_CASES 100000ul

enum { JUDGE_EXIT_OK = 0, JUDGE_EXIT_IO = 1, JUDGE_EXIT_BAD_INPUT = 2 };

typedef struct {
    FILE *file;          /* read from here if not NULL, else from data */
    const uint8_t *data; /* memory input: data[0..size) */
    size_t size, pos;
    unsigned long line; /* line of the next byte, from 1 */
    uint8_t after_cr;   /* a LF after it ends no line */
} judge_in_t;

void judge_in_file(judge_in_t *in, FILE *file);
void judge_in_buffer(judge_in_t *in, const uint8_t *data, size_t size);

/* Answers on out, problems on err; a JUDGE_EXIT_*. The caller checks out's writes. */
int judge_boj16571(judge_in_t *in, FILE *out, FILE *err);
int judge_algospot(judge_in_t *in, FILE *out, FILE *err);

/* "illegal board: ..." for a pos_legality() result; text quoted (\\, \xHH) and cut. */
const char *judge_illegal_reason(uint8_t why);
void judge_echo(FILE *err, const char *text, size_t len);

#endif
