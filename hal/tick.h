/* hal/tick.h - millisecond time base (contract; hal/avr/tick.c and a host fake). */
#ifndef HAL_TICK_H
#define HAL_TICK_H
#include <stdint.h>

/* Start the timer interrupt that counts milliseconds and refreshes the LEDs. */
void tick_init(void);
/* Milliseconds since tick_init(); read atomically. Wraps after 49 days. */
uint32_t tick_ms(void);
/* True once per elapsed millisecond since the last call (main-loop pacing flag). */
uint8_t tick_take_ms_flag(void);

#endif
