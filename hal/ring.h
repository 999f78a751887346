/* hal/ring.h - single-producer single-consumer byte ring for ISR <-> main hand-over.
 * Pure C, header-only (static inline, so an ISR pays no call overhead). Indices are
 * free-running 8-bit counters: used = head - tail (mod 256), so every slot is usable
 * and full/empty are never confused. Size is a power of two <= 128. The producer only
 * writes head, the consumer only writes tail; each is one byte, so its store is atomic
 * on the AVR and no lock is needed. */
#ifndef HAL_RING_H
#define HAL_RING_H
#include <stdint.h>

typedef struct {
    volatile uint8_t head; /* written by the producer only */
    volatile uint8_t tail; /* written by the consumer only */
    uint8_t mask;          /* size - 1 */
    uint8_t *buf;
} ring_t;

#define RING_SIZE_OK(n) ((n) >= 2u && (n) <= 128u && (((n) & ((n)-1u)) == 0u))

/* buf must hold `size` bytes; size a power of two in 2..128 (checked by callers with
 * _Static_assert(RING_SIZE_OK(size))). */
static inline void ring_init(ring_t *r, uint8_t *buf, uint8_t size)
{
    r->head = 0;
    r->tail = 0;
    r->mask = (uint8_t)(size - 1u);
    r->buf = buf;
}

static inline uint8_t ring_used(const ring_t *r)
{
    return (uint8_t)(r->head - r->tail);
}

static inline uint8_t ring_free(const ring_t *r)
{
    return (uint8_t)(r->mask + 1u - ring_used(r));
}

static inline uint8_t ring_empty(const ring_t *r)
{
    return r->head == r->tail;
}

/* Producer side: returns 0 (byte not stored) when the ring is full. */
static inline uint8_t ring_put(ring_t *r, uint8_t byte)
{
    uint8_t head = r->head;
    if ((uint8_t)(head - r->tail) > r->mask)
        return 0;
    r->buf[head & r->mask] = byte;
    r->head = (uint8_t)(head + 1u); /* publish after the data is in place */
    return 1;
}

/* Consumer side: returns 0 when the ring is empty. */
static inline uint8_t ring_get(ring_t *r, uint8_t *byte)
{
    uint8_t tail = r->tail;
    if (tail == r->head)
        return 0;
    *byte = r->buf[tail & r->mask];
    r->tail = (uint8_t)(tail + 1u); /* free the slot after the data is read */
    return 1;
}

#endif
