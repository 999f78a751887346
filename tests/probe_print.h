/* tests/probe_print.h - text out for the probe images (tests/sim, tests/web): a string and
 * a decimal, through the byte writer the image defines as PROBE_PUTC(c) before it
 * includes this. */
#ifndef PROBE_PRINT_H
#define PROBE_PRINT_H
#include <stdint.h>

static inline void puts_(const char *s)
{
    while (*s)
        PROBE_PUTC(*s++);
}

static inline void put_u16(uint16_t v)
{
    char buf[6];
    uint8_t n = 0;
    do {
        buf[n++] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v);
    while (n)
        PROBE_PUTC(buf[--n]);
}
#endif
