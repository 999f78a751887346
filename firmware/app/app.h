/* firmware/app/app.h - the main loop over the HAL contract, so it runs on the host
 * against the fakes (firmware/README.md, "Inside the firmware"). */
#ifndef APP_H
#define APP_H
#include <stdint.h>

#define APP_POLL_MS 3u   /* keys and serial input polled this often: two key scans */
#define APP_FRAME_MS 20u /* game timers and the LED frame advance at least this often */
/* Power down after this long (and at most 256 ms more) without input. */
#define APP_IDLE_POWER_DOWN_S 300u
#define APP_IDLE_POWER_DOWN_MS (APP_IDLE_POWER_DOWN_S * 1000ul)

void app_init(void); /* Init: the HAL, the table check, the record, the banner */
void app_step(void); /* Runtime: one main-loop pass; never waits */

#endif
