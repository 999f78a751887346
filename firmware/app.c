/* firmware/app.c - main-loop glue between the HAL and the pure game/console modules.
 * Calls only the hal headers (host-testable with the fakes). Invariants: one game and one
 * console instance; records are written only when the game raised a save flag; the
 * LEDs are switched off before power-down and the game is told about the wake-up. */
#include "app.h"
#include "console.h"
#include "console_out.h"
#include "eeprom_store.h"
#include "engine.h"
#include "game.h"
#include "keys.h"
#include "leds.h"
#include "power.h"
#include "tick.h"
#include "uart.h"

CONSOLE_STR(s_sleep, "ttt: sleeping (press a key)");

static game_t app_game;
static console_t app_console;
static uint32_t app_last_ms;    /* tick_ms() at the previous game step */
static uint32_t app_poll_ms;    /* tick_ms() at the previous input poll */
static uint32_t app_input_ms;   /* tick_ms() of the last key event or serial byte */

/* Console output: wait for room while the UART is draining (a long answer such as
 * `help` is larger than the TX ring; its 64 bytes leave in 5.6 ms at 115200 baud); drop
 * only if nothing is draining. The watchdog is not kicked here: a UART that never
 * drains must end in a watchdog reset, not a silent hang. */
void console_out_byte(uint8_t c)
{
    while (!uart_putc(c)) {
        if (!uart_tx_busy()) {
            break;
        }
    }
}

static void app_save(void)
{
    uint8_t flags = game_take_save(&app_game);
    if (flags & GAME_SAVE_SETTINGS) {
        (void)eeprom_store_save(STATS_REC_SETTINGS, &app_game.settings,
                                sizeof app_game.settings);
    }
    if (flags & GAME_SAVE_STATS) {
        (void)eeprom_store_save(STATS_REC_COUNTS, &app_game.stats, sizeof app_game.stats);
    }
}

void app_init(void)
{
    settings_t settings;
    stats_t stats;
    uint8_t table_ok;

    power_init();
    tick_init();
    leds_init();
    keys_init();
    uart_init();
    table_ok = engine_init();
    /* A missing record, a CRC failure (the store rejects it) or an out-of-range field
     * all give the defaults. */
    if (!eeprom_store_load(STATS_REC_SETTINGS, &settings, sizeof settings) ||
        !stats_settings_valid(&settings)) {
        stats_settings_default(&settings);
    }
    if (!eeprom_store_load(STATS_REC_COUNTS, &stats, sizeof stats) || !stats_valid(&stats)) {
        stats_clear(&stats);
    }
    console_init(&app_console);
    /* Seed: the counters differ between boards and boots only a little; the key-press
     * times stirred in during play make the games vary. */
    game_init(&app_game, &settings, &stats, table_ok, power_reset_cause(),
              (uint16_t)(stats.n[GAME_MODE_AI_X][STATS_DRAW] * 31u +
                         stats.n[GAME_MODE_AI_O][STATS_DRAW] + 0x5A5Au));
    app_poll_ms = app_last_ms = app_input_ms = tick_ms();
}

static void app_power_down(void)
{
    console_line_P(s_sleep);
    while (uart_tx_busy()) { /* let the line leave before the clock stops (< 11 ms) */
    }
    leds_off();
    power_down_until_key();
    game_wake(&app_game); /* the frame is shown again by the next step */
    app_poll_ms = app_last_ms = app_input_ms = tick_ms();
}

void app_step(void)
{
    key_event_t ev;
    int16_t byte;
    uint32_t now;
    uint32_t elapsed;
    uint8_t frame[LEDS_CELLS];

    power_wdt_kick();
    /* The timer wakes the chip 2000 times a second; most wake-ups only go back to
     * sleep. Input is polled every APP_POLL_MS (one full key-matrix scan; the UART ring
     * holds far more than that many milliseconds of bytes); timers, frame and saves run
     * at once after input, else every APP_FRAME_MS (the shortest display time is
     * 100 ms). */
    if (!tick_take_ms_flag() || (now = tick_ms()) - app_poll_ms < APP_POLL_MS) {
        power_idle();
        return;
    }
    app_poll_ms = now;
    keys_update(now);
    while (keys_next_event(&ev)) {
        game_key(&app_game, &ev);
        app_input_ms = now;
    }
    game_keys_sync(&app_game, keys_state());
    while ((byte = uart_getc()) >= 0) {
        console_feed(&app_console, &app_game, (uint8_t)byte);
        app_input_ms = now;
    }
    elapsed = now - app_last_ms;
    if (app_input_ms != now && elapsed < APP_FRAME_MS) {
        power_idle();
        return;
    }
    app_last_ms = now;
    game_tick(&app_game, elapsed > 0xFFFFu ? 0xFFFFu : (uint16_t)elapsed);
    game_frame(&app_game, frame);
    leds_show(frame);
    app_save();
    if (now - app_input_ms >= APP_IDLE_POWER_DOWN_MS) {
        app_power_down();
        return;
    }
    power_idle();
}
