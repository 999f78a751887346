/* firmware/app/app.c - the main loop between the HAL and the game and console rooms.
 * Calls only the hal headers (host-testable with the fakes). Invariants: no pass waits
 * for anything. Output is produced only when the UART's TX ring can take it whole (the
 * game needs APP_TX_GAME bytes of room, a console line CONSOLE_ANSWER_MAX), so nothing
 * is cut and input keeps flowing meanwhile (the RX interrupt buffers it, XON/XOFF holds
 * the sender); the EEPROM record is written in the background, one byte per pass at
 * most; a change the game makes to it is saved, possibly later (low supply, a save
 * under way), never dropped. Time is counted in ms flags from the timer, so a pass needs
 * no 32-bit arithmetic. The LEDs are off before power-down and the game is told about
 * the wake-up. */
#include "app.h"

#include <string.h>

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

/* Room one game step needs: its longest output is the analysis line (66 bytes). */
#define APP_TX_GAME 96u
_Static_assert(CONSOLE_ANSWER_MAX >= APP_TX_GAME, "a console answer needs the most room");
/* Idle time is counted in steps of 256 ms (an 8-bit ms counter wrapping), from the
 * last input: power-down comes within 256 ms after APP_IDLE_POWER_DOWN_S. */
#define APP_IDLE_STEPS ((uint16_t)((APP_IDLE_POWER_DOWN_MS + 255u) / 256u))

OUT_STR(s_sleep, "ttt: sleeping (press a key)");
OUT_STR(s_low_vcc, "ttt: supply low (" OUT_NUM_1 " V), saving waits\n");

static game_t app_game;
static console_t app_console;
static struct {
    uint8_t poll;       /* ms since the last input poll */
    uint8_t idle_ms;    /* ms of the current 256 ms idle step (wraps) */
    uint16_t idle;      /* 256 ms steps without a key event or a serial byte */
    uint16_t elapsed;   /* ms since the last game step */
    uint8_t vcc_warned; /* the low-supply line was printed for this wait */
    uint8_t sleep_due;  /* the sleeping line is queued: power down once sent */
} app;

void app_init(void)
{
    power_init();
    tick_init();
    leds_init();
    keys_init();
    uart_init();
    eeprom_store_init();
    /* A missing record or a CRC failure (the store leaves the buffer alone) gives the
     * defaults, and so does a field out of range (game_init checks). */
    app_game.stats.format = app_game.settings.format = 0;
    (void)eeprom_store_load(STATS_REC, &app_game.rec, STATS_REC_SIZE);
    console_init(&app_console);
    /* Seed: the counters differ between boards and boots only a little; the key-press
     * times stirred in during play make the games vary. */
    game_init(&app_game, engine_init(), power_reset_cause() == RESET_WATCHDOG,
              (uint16_t)(app_game.stats.n[GAME_MODE_AI_X][STATS_DRAW] +
                         app_game.stats.n[GAME_MODE_AI_O][STATS_DRAW]));
    memset(&app, 0, sizeof app);
}

/* Hand the record to the background store when the game changed it (app_game.save):
 * at most one save under way; the flag is cleared when the store has taken its copy,
 * so a change during a save is saved after it. */
static void app_save(void)
{
    if (eeprom_store_busy()) {
        if (eeprom_store_waiting_vcc() && !app.vcc_warned) {
            uint16_t vcc = power_vcc_decivolts();
            app.vcc_warned = 1;
            out_fmt_P(s_low_vcc, &vcc);
        }
        return;
    }
    app.vcc_warned = 0;
    if (app_game.save && eeprom_store_start(STATS_REC, &app_game.rec, STATS_REC_SIZE)) {
        app_game.save = 0;
    }
}

/* After APP_IDLE_POWER_DOWN_S without input: say so, then (once the line has left and
 * no record waits) power down. If every key that could wake the board is blocked by a
 * stuck key, stay up and say nothing. */
static void app_idle_check(void)
{
    if (app.sleep_due) {
        if (uart_tx_busy() || eeprom_store_busy()) {
            return;
        }
        app.sleep_due = 0;
        leds_off();
        power_down_until_key(app_game.stuck);
        game_wake(&app_game); /* the frame is shown again by the next step */
        app.idle = 0;
    } else if (app.idle >= APP_IDLE_STEPS && !app_game.save) {
        app.idle = 0; /* with no wake-up key: look again after another idle period */
        if (power_wake_rows(app_game.stuck)) {
            out_line_P(s_sleep);
            app.sleep_due = 1;
        }
    }
}

/* Every APP_POLL_MS: keys and serial input; the game's time, frame and records at once
 * after input, else every APP_FRAME_MS. */
static void app_input(void)
{
    key_event_t ev;
    leds_frame_t frame;
    int16_t byte;
    uint8_t input = 0;

    keys_update();
    while (uart_tx_free() >= APP_TX_GAME) { /* else the rest waits in the key queue */
        if (!keys_next_event(&ev)) {
            game_keys_sync(&app_game, keys_state()); /* every event is in */
            break;
        }
        game_key(&app_game, &ev);
        input = 1;
    }
    /* A byte may end a line, and a line may answer with up to CONSOLE_ANSWER_MAX bytes:
     * take the next byte only when that much room is free. */
    while (uart_tx_free() >= CONSOLE_ANSWER_MAX && (byte = uart_getc()) >= 0) {
        console_feed(&app_console, &app_game, byte);
        input = 1;
    }
    if (input) {
        app.idle_ms = 0;
        app.idle = 0;
    } else if (app.elapsed < APP_FRAME_MS) {
        return;
    }
    if (uart_tx_free() >= APP_TX_GAME) {
        game_tick(&app_game, app.elapsed);
        app.elapsed = 0;
    }
    game_frame(&app_game, &frame);
    leds_show(&frame);
    app_save();
    app_idle_check();
}

void app_step(void)
{
    power_wdt_kick();
    eeprom_store_poll(); /* every wake-up: the next byte starts as soon as one is done */
    /* The timer wakes the chip 2000 times a second; most wake-ups only go back to
     * sleep. Each ms counts; input is polled every APP_POLL_MS (two full key-matrix
     * scans; the UART ring holds far more than that many milliseconds of bytes). */
    if (tick_take_ms_flag()) {
        if (app.elapsed != 0xFFFFu) {
            app.elapsed++;
        }
        if (++app.idle_ms == 0) {
            app.idle++;
        }
        if (++app.poll >= APP_POLL_MS) {
            app.poll = 0;
            app_input();
        }
    }
    power_idle();
}
