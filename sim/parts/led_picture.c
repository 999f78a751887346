/* sim/parts/led_picture.c - the LED picture part (led_picture.h). */
#include "led_picture.h"

#include <sim_avr.h>

#include "pins.h"

static void leds_update(led_picture_t *l, unsigned which, uint8_t value)
{
    board_ports_t p;
    parts_ports_read(l->avr, &p, which, value);
    uint32_t dies = board_leds_dies(&p);
    if (dies != l->model.dies) {
        board_leds_set(&l->model, dies, l->avr->cycle);
        avr_raise_irq(l->irq + LED_PICTURE_IRQ_DIES, dies);
    }
}

static void led_picture_in(struct avr_irq_t *irq, uint32_t value, void *param)
{
    leds_update(param, irq->irq, (uint8_t)value);
}

void led_picture_init(struct avr_t *avr, led_picture_t *l)
{
    static const char *names[LED_PICTURE_IRQ_COUNT] = {
        "8<leds.portb", "8<leds.portc", "8<leds.portd", "8<leds.ddrb", "8<leds.ddrc",
        "8<leds.ddrd", "18>leds.dies"};
    *l = (led_picture_t){.avr = avr};
    l->irq = avr_alloc_irq(&avr->irq_pool, 0, LED_PICTURE_IRQ_COUNT, names);
    for (unsigned i = 0; i < PARTS_PORT_IRQS; i++)
        avr_irq_register_notify(l->irq + LED_PICTURE_IRQ_PORTS + i, led_picture_in, l);
    board_leds_init(&l->model, avr->cycle);
}

void led_picture_connect(led_picture_t *l)
{
    static const uint8_t rows[BOARD_ROWS] = BOARD_LED_ROW_PINS;
    static const uint8_t red[BOARD_COLS] = BOARD_LED_RED_PINS;
    static const uint8_t green[BOARD_COLS] = BOARD_LED_GREEN_PINS;
    uint8_t ports = 0;
    for (unsigned i = 0; i < 3; i++)
        ports |= (uint8_t)(1u << BOARD_PIN_PORT(rows[i]) | 1u << BOARD_PIN_PORT(red[i]) |
                           1u << BOARD_PIN_PORT(green[i]));
    parts_ports_connect(l->avr, l->irq + LED_PICTURE_IRQ_PORTS, ports);
}

void led_picture_reset(led_picture_t *l) { leds_update(l, PARTS_PORTS_NOW, 0); }

void led_picture_run(led_picture_t *l, uint64_t now)
{
    if (now >= l->model.next_window)
        board_leds_window(&l->model, now);
}
