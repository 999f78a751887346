/* hal/tick.h - the millisecond time base (contract). The 2 kHz step behind it:
 * hal/README.md, "The timer interrupt". */
#ifndef HAL_TICK_H
#define HAL_TICK_H
#include <stdbool.h>
#include <stdint.h>

/* Init: pins of both matrices, the timer interrupt, interrupts on. */
void tick_init(void);

/* Runtime (main loop). Exact while the loop takes its ms flags at least every 255 ms. */
uint32_t tick_ms(void);       /* ms since tick_init(); wraps after 49 days */
bool tick_take_ms_flag(void); /* true once per elapsed ms */

#endif
