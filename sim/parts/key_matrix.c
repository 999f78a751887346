/* sim/parts/key_matrix.c - the key matrix part (key_matrix.h). */
#include "key_matrix.h"

#include <avr_ioport.h>
#include <sim_avr.h>
#include <sim_io.h>

#include "m328p.h"
#include "pins.h"

static const uint8_t key_rows[BOARD_ROWS] = BOARD_KEY_ROW_PINS;
static const uint8_t key_cols[BOARD_COLS] = BOARD_KEY_COL_PINS;

/* Every sense column's level into the chip's PIN register, from the port registers as
 * they are about to be (which, value: the write under way, ports.h). */
static void keys_apply(key_matrix_t *k, unsigned which, uint8_t value)
{
    board_ports_t p;
    parts_ports_read(k->avr, &p, which, value);
    uint8_t high = board_keys_sense(&p, k->keys);
    uint8_t mask[3] = {0, 0, 0}, level[3] = {0, 0, 0};
    for (unsigned c = 0; c < BOARD_COLS; c++) {
        unsigned port = BOARD_PIN_PORT(key_cols[c]);
        mask[port] |= BOARD_PIN_MASK(key_cols[c]);
        if ((high >> c) & 1u)
            level[port] |= BOARD_PIN_MASK(key_cols[c]);
    }
    for (unsigned port = 0; port < 3; port++) {
        if (!mask[port])
            continue;
        avr_ioport_external_t e = {.name = (unsigned char)PORT_NAME(port), .mask = mask[port],
                                   .value = level[port]};
        avr_ioctl(k->avr, AVR_IOCTL_IOPORT_SET_EXTERNAL(PORT_NAME(port)), &e);
        for (unsigned b = 0; b < 8; b++) {
            if (!((mask[port] >> b) & 1u) || ((p.ddr[port] >> b) & 1u))
                continue;
            avr_irq_t *irq =
                avr_io_getirq(k->avr, AVR_IOCTL_IOPORT_GETIRQ(PORT_NAME(port)), (int)b);
            avr_raise_irq(irq, (level[port] >> b) & 1u);
        }
    }
}

static void key_matrix_in(struct avr_irq_t *irq, uint32_t value, void *param)
{
    key_matrix_t *k = param;
    if (irq->irq == KEY_MATRIX_IRQ_KEYS) {
        k->keys = (uint16_t)(value & 0x1ffu);
        keys_apply(k, PARTS_PORTS_NOW, 0);
    } else {
        keys_apply(k, irq->irq, (uint8_t)value);
    }
}

void key_matrix_init(struct avr_t *avr, key_matrix_t *k)
{
    static const char *names[KEY_MATRIX_IRQ_COUNT] = {
        "8<keys.portb", "8<keys.portc", "8<keys.portd", "8<keys.ddrb", "8<keys.ddrc",
        "8<keys.ddrd", "9<keys.closed"};
    *k = (key_matrix_t){.avr = avr};
    k->irq = avr_alloc_irq(&avr->irq_pool, 0, KEY_MATRIX_IRQ_COUNT, names);
    for (unsigned i = 0; i < KEY_MATRIX_IRQ_COUNT; i++)
        avr_irq_register_notify(k->irq + i, key_matrix_in, k);
}

void key_matrix_connect(key_matrix_t *k)
{
    uint8_t ports = 0;
    for (unsigned i = 0; i < 3; i++)
        ports |= (uint8_t)(1u << BOARD_PIN_PORT(key_rows[i]) | 1u << BOARD_PIN_PORT(key_cols[i]));
    parts_ports_connect(k->avr, k->irq + KEY_MATRIX_IRQ_PORTS, ports);
}

/* simavr's reset clears the PIN registers, but a pin's IRQ keeps its last value and
 * raising the same value again changes nothing: forget the columns' values so that
 * every column's level goes into PIN afresh (else one that read high reads low). */
void key_matrix_reset(key_matrix_t *k)
{
    for (unsigned c = 0; c < BOARD_COLS; c++) {
        avr_irq_t *irq = avr_io_getirq(k->avr, AVR_IOCTL_IOPORT_GETIRQ(PORT_NAME(BOARD_PIN_PORT(key_cols[c]))),
                                       BOARD_PIN_BIT(key_cols[c]));
        if (irq)
            irq->value = 2; /* neither 0 nor 1 */
    }
    keys_apply(k, PARTS_PORTS_NOW, 0);
}

void key_matrix_at(key_matrix_t *k, uint64_t cycle, uint16_t keys)
{
    if (k->tail - k->head >= KEY_MATRIX_QUEUE)
        return;
    k->queue[k->tail % KEY_MATRIX_QUEUE].at = cycle;
    k->queue[k->tail % KEY_MATRIX_QUEUE].keys = keys;
    k->tail++;
}

uint64_t key_matrix_next(const key_matrix_t *k)
{
    return k->head != k->tail ? k->queue[k->head % KEY_MATRIX_QUEUE].at : UINT64_MAX;
}

void key_matrix_run(key_matrix_t *k, uint64_t now)
{
    while (k->head != k->tail && k->queue[k->head % KEY_MATRIX_QUEUE].at <= now) {
        avr_raise_irq(k->irq + KEY_MATRIX_IRQ_KEYS, k->queue[k->head % KEY_MATRIX_QUEUE].keys);
        k->head++;
    }
}
