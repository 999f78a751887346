/* sim/parts/led_picture.h - the multiplexed LED matrix seen as a picture: each die's
 * on-time integrated from every write of its pins, classified per window
 * (board_leds_window). */
#ifndef SIM_PARTS_LED_PICTURE_H
#define SIM_PARTS_LED_PICTURE_H
#include <stdint.h>

#include "ports.h"

enum {
    LED_PICTURE_IRQ_PORTS = 0, /* in: PARTS_PORT_IRQS port writes */
    LED_PICTURE_IRQ_DIES = PARTS_PORT_IRQS, /* out: the dies lit, on every change */
    LED_PICTURE_IRQ_COUNT
};

typedef struct led_picture_t {
    avr_irq_t *irq; /* LED_PICTURE_IRQ_COUNT */
    struct avr_t *avr;
    board_leds_t model;
} led_picture_t;

void led_picture_init(struct avr_t *avr, led_picture_t *l);
void led_picture_connect(led_picture_t *l); /* to the chip's ports */
void led_picture_reset(led_picture_t *l);   /* after the chip's reset: the pins anew */
/* The window due at model.next_window, once now has reached it. */
void led_picture_run(led_picture_t *l, uint64_t now);

#endif
