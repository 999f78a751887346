/* hal/ring.h - single-producer single-consumer byte ring, ISR <-> main loop, without a
 * lock (hal/README.md, "Serial port"). */
#ifndef HAL_RING_H
#define HAL_RING_H
#include <stdint.h>

typedef struct {
    volatile uint8_t head; /* written by the producer only */
    volatile uint8_t tail; /* written by the consumer only */
} ring_t;

/* Sizes: powers of two in 2..256 (callers _Static_assert it); mask = size - 1. */
#define RING_SIZE_OK(n) ((n) >= 2u && (n) <= 256u && (((n) & ((n)-1u)) == 0u))
#define RING_BARRIER() __asm__ __volatile__("" ::: "memory")

static inline uint8_t ring_used(const ring_t *r, uint8_t mask)
{
    return (uint8_t)((r->head - r->tail) & mask);
}

static inline uint8_t ring_free(const ring_t *r, uint8_t mask)
{
    return (uint8_t)(mask - ring_used(r, mask));
}

static inline uint8_t ring_empty(const ring_t *r)
{
    return r->head == r->tail;
}

/* Producer: 0 when full (not stored), else the bytes now in the ring (1..size-1). */
static inline uint8_t ring_put(ring_t *r, uint8_t *buf, uint8_t mask, uint8_t byte)
{
    uint8_t head = r->head, tail = r->tail;
    uint8_t next = (uint8_t)((head + 1u) & mask);
    if (next == tail)
        return 0;
    buf[head] = byte;
    RING_BARRIER(); /* the byte before the index that publishes it */
    r->head = next;
    return (uint8_t)((next - tail) & mask);
}

/* Consumer: the next byte (0..255), or -1 when empty. */
static inline int16_t ring_get(ring_t *r, const uint8_t *buf, uint8_t mask)
{
    uint8_t tail = r->tail;
    if (tail == r->head)
        return -1;
    RING_BARRIER();
    uint8_t byte = buf[tail];
    RING_BARRIER(); /* the byte before the index that frees it */
    r->tail = (uint8_t)((tail + 1u) & mask);
    return byte;
}

#endif
