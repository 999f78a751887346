/* firmware/engine/gen_common.h - what the table generators share (host only):
 * gen_table.c and gen_fade.c write their tables as C arrays and time their solving. */
#ifndef GEN_COMMON_H
#define GEN_COMMON_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The bytes as the body of a C array initialiser, twelve a line, then the closing "};". */
void gen_put_bytes(FILE *c, const uint8_t *bytes, size_t n);
/* A monotonic clock in seconds (wall-clock: the --time lines of make bench). */
double gen_now(void);

#endif
