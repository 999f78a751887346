/* firmware/engine/gen_common.c - what the table generators share (gen_common.h). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "gen_common.h"

#include <time.h>

void gen_put_bytes(FILE *c, const uint8_t *bytes, size_t n)
{
    for (size_t i = 0; i < n; i++)
        fprintf(c, "%s0x%02X,", i % 12 ? " " : "\n    ", bytes[i]);
    fprintf(c, "\n};\n");
}

double gen_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}
