/* firmware/app/app.c - main-loop glue between the HAL and the pure game/console modules.
 * Calls only the hal headers (host-testable with the fakes). Invariants: no pass waits
 * for anything. Output is produced only when the UART's TX ring can take it whole (the
 * game needs APP_TX_GAME bytes of room, a console line CONSOLE_ANSWER_MAX), so nothing
 * is cut and input keeps flowing meanwhile (the RX interrupt buffers it, XON/XOFF holds
 * the sender); EEPROM records are written in the background, one byte per pass at most;
 * a record the game asks to save is saved, possibly later (low supply, another save
 * under way), never dropped. The LEDs are off before power-down and the game is told
 * about the wake-up. */
#include "app.h"
#include "console.h"
#include "eeprom_store.h"
#include "engine.h"
#include "game.h"
#include "keys.h"
#include "leds.h"
#include "out.h"
#include "power.h"
#include "tick.h"
#include "uart.h"

/* Room one game step needs: its longest output is the analysis line (66 bytes). Output
 * goes straight into the UART (out.h); every caller here checks the room first. */
#define APP_TX_GAME 96u

OUT_STR(s_sleep, "ttt: sleeping (press a key)");
OUT_STR(s_low_vcc, "ttt: supply low (");
OUT_STR(s_low_vcc_end, " V), saving waits");

static game_t app_game;
static console_t app_console;
static uint32_t app_last_ms;    /* tick_ms() at the previous game step */
static uint32_t app_poll_ms;    /* tick_ms() at the previous input poll */
static uint32_t app_input_ms;   /* tick_ms() of the last key event or serial byte */
static uint8_t app_dirty;       /* GAME_SAVE_* records not yet handed to the store */
static uint8_t app_vcc_warned;  /* the low-supply line was printed for this wait */
static uint8_t app_sleep_due;   /* the sleeping line is queued: power down once sent */

/* Hand pending records to the background store, one save at a time. */
static void app_save(void)
{
    app_dirty |= game_take_save(&app_game);
    if (eeprom_store_busy()) {
        if (eeprom_store_waiting_vcc() && !app_vcc_warned) {
            app_vcc_warned = 1;
            out_P(s_low_vcc);
            out_num(power_vcc_decivolts(), 1);
            out_line_P(s_low_vcc_end);
        }
        return;
    }
    app_vcc_warned = 0;
    if (app_dirty & GAME_SAVE_SETTINGS) {
        if (eeprom_store_start(STATS_REC_SETTINGS, &app_game.settings,
                               sizeof app_game.settings)) {
            app_dirty &= (uint8_t)~GAME_SAVE_SETTINGS;
        }
    } else if (app_dirty & GAME_SAVE_STATS) {
        if (eeprom_store_start(STATS_REC_COUNTS, &app_game.stats, sizeof app_game.stats)) {
            app_dirty &= (uint8_t)~GAME_SAVE_STATS;
        }
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
    eeprom_store_init();
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
    app_dirty = 0;
    app_vcc_warned = 0;
    app_sleep_due = 0;
}

/* After APP_IDLE_POWER_DOWN_MS without input: say so, then (once the line has left and
 * no record is being written) power down. If every key that could wake the board is
 * blocked by a stuck key, stay up and say nothing. */
static void app_idle_check(uint32_t now)
{
    if (app_sleep_due) {
        if (uart_tx_busy() || eeprom_store_busy()) {
            return;
        }
        app_sleep_due = 0;
        leds_off();
        power_down_until_key(app_game.stuck);
        game_wake(&app_game); /* the frame is shown again by the next step */
        app_poll_ms = app_last_ms = app_input_ms = tick_ms();
        return;
    }
    if (now - app_input_ms < APP_IDLE_POWER_DOWN_MS || app_dirty) {
        return;
    }
    if (!power_wake_keys(app_game.stuck)) {
        app_input_ms = now; /* look again after another idle period */
        return;
    }
    out_line_P(s_sleep);
    app_sleep_due = 1;
}

void app_step(void)
{
    key_event_t ev;
    int16_t byte;
    uint32_t now;
    uint32_t elapsed;
    leds_frame_t frame;
    uint8_t drained = 1;

    power_wdt_kick();
    eeprom_store_poll(); /* every wake-up: the next byte starts as soon as one is done */
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
    keys_update();
    for (;;) {
        if (uart_tx_free() < APP_TX_GAME) {
            drained = 0; /* the rest waits in the key queue for room */
            break;
        }
        if (!keys_next_event(&ev)) {
            break;
        }
        game_key(&app_game, &ev);
        app_input_ms = now;
    }
    if (drained) {
        game_keys_sync(&app_game, keys_state());
    }
    /* A byte may end a line, and a line may answer with up to CONSOLE_ANSWER_MAX bytes:
     * take the next byte only when that much room is free. */
    while (uart_tx_free() >= CONSOLE_ANSWER_MAX && (byte = uart_getc()) >= 0) {
        console_feed(&app_console, &app_game, byte);
        app_input_ms = now;
    }
    elapsed = now - app_last_ms;
    if (app_input_ms != now && elapsed < APP_FRAME_MS) {
        power_idle();
        return;
    }
    if (uart_tx_free() >= APP_TX_GAME) {
        app_last_ms = now;
        game_tick(&app_game, elapsed > 0xFFFFu ? 0xFFFFu : (uint16_t)elapsed);
    }
    game_frame(&app_game, &frame);
    leds_show(&frame);
    app_save();
    app_idle_check(now);
    power_idle();
}
