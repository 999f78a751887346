/* firmware/app/app.h - the firmware's main-loop body over the HAL contract (the hal headers
 * only, no registers), so the host test runs it against the fakes and main.c stays tiny. */
#ifndef APP_H
#define APP_H
#include <stdint.h>

/* Keys and serial input are polled this often (ms): two full scans of the key matrix
 * (hal/keys.h: one every 1.5 ms). */
#define APP_POLL_MS 3u
/* Game timers and the LED frame advance at least this often (ms). */
#define APP_FRAME_MS 20u
/* Power down after this long (and at most 256 ms more) without a key event or a console
 * byte. */
#define APP_IDLE_POWER_DOWN_S 300u
#define APP_IDLE_POWER_DOWN_MS (APP_IDLE_POWER_DOWN_S * 1000ul)

/* Bring up the HAL, check the engine table, load the EEPROM record, print the
 * banner and start the greeting. */
void app_init(void);
/* One main-loop pass, never waiting: kick the watchdog, advance the EEPROM save under
 * way; every APP_POLL_MS read keys and serial bytes (as far as the UART has room for the
 * answers), advance the game, show its frame, hand the record to the store; then
 * idle-sleep (or power down after APP_IDLE_POWER_DOWN_S of no input). */
void app_step(void);

#endif
