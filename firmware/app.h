/* firmware/app.h - the firmware's main-loop body over the HAL contract (the hal headers only,
 * no registers), so the host test runs it against the fakes and main.c stays tiny. */
#ifndef APP_H
#define APP_H
#include <stdint.h>

/* Power down after this long without a key event or a console byte. */
/* Keys and serial input are polled this often (ms): one full scan of the 3-row matrix. */
#define APP_POLL_MS 3u
/* Game timers and the LED frame advance at least this often (ms). */
#define APP_FRAME_MS 20u
#define APP_IDLE_POWER_DOWN_MS (5ul * 60ul * 1000ul)

/* Bring up the HAL, check the engine table, load the EEPROM records, print the
 * banner and start the greeting. */
void app_init(void);
/* One main-loop pass: kick the watchdog; when a millisecond has passed, read keys and
 * serial bytes, advance the game, show its frame, save records; then idle-sleep (or
 * power down after APP_IDLE_POWER_DOWN_MS of no input). */
void app_step(void);

#endif
