/* hal/tick.h - millisecond time base (contract; hal/avr/tick.c and a host fake). */
#ifndef HAL_TICK_H
#define HAL_TICK_H
#include <stdint.h>

/* Start the timer interrupt that counts milliseconds, multiplexes the LEDs and scans the
 * keys (it sets up the pins of both matrices). */
void tick_init(void);
/* Milliseconds since tick_init(). Wraps after 49 days. Exact as long as the main loop
 * takes its ms flags at least every 255 ms (one pass takes at most a few ms). */
uint32_t tick_ms(void);
/* True once per elapsed millisecond since the last call (main-loop pacing flag). */
uint8_t tick_take_ms_flag(void);

#endif
