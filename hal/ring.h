/* hal/ring.h - single-producer single-consumer byte ring, ISR <-> main loop (header-only:
 * inlined, each access a fixed address and a constant mask). One slot stays empty, so
 * full and empty differ. The producer writes only head, the consumer only tail, each
 * one byte: atomic on the AVR, no lock. A compiler barrier orders the (non-volatile)
 * data byte against the index that publishes or frees it; the AVR needs no more. */
#ifndef HAL_RING_H
#define HAL_RING_H
#include <stdint.h>

typedef struct {
    volatile uint8_t head; /* next slot to write: written by the producer only */
    volatile uint8_t tail; /* next slot to read: written by the consumer only */
} ring_t;

/* A ring's size: a power of two in 2..256 (callers _Static_assert it); mask = size - 1. */
#define RING_SIZE_OK(n) ((n) >= 2u && (n) <= 256u && (((n) & ((n)-1u)) == 0u))
#define RING_BARRIER() __asm__ __volatile__("" ::: "memory")

static inline uint8_t ring_used(const ring_t *r, uint8_t mask)
{
    return (uint8_t)((r->head - r->tail) & mask);
}

/* Bytes that can still be put. */
static inline uint8_t ring_free(const ring_t *r, uint8_t mask)
{
    return (uint8_t)(mask - ring_used(r, mask));
}

static inline uint8_t ring_empty(const ring_t *r)
{
    return r->head == r->tail;
}

/* Producer side: returns 0 (byte not stored) when the ring is full, else the bytes now
 * in the ring (1..size-1), which the producer may compare with a high-water mark. */
static inline uint8_t ring_put(ring_t *r, uint8_t *buf, uint8_t mask, uint8_t byte)
{
    uint8_t head = r->head, tail = r->tail;
    uint8_t next = (uint8_t)((head + 1u) & mask);
    if (next == tail)
        return 0;
    buf[head] = byte;
    RING_BARRIER(); /* the byte is in place before the slot is published */
    r->head = next;
    return (uint8_t)((next - tail) & mask);
}

/* Consumer side: the next byte (0..255), or -1 when the ring is empty. */
static inline int16_t ring_get(ring_t *r, const uint8_t *buf, uint8_t mask)
{
    uint8_t tail = r->tail;
    if (tail == r->head)
        return -1;
    RING_BARRIER(); /* read the slot only after seeing it published */
    uint8_t byte = buf[tail];
    RING_BARRIER(); /* the byte is read before the slot is handed back */
    r->tail = (uint8_t)((tail + 1u) & mask);
    return byte;
}

#endif
