/* firmware/app/app.c - the main loop between the HAL and the rooms above it
 * (firmware/README.md, "Inside the firmware"). Invariants: no pass waits; input is taken
 * and the game stepped only while the TX ring has room for the longest answer; a change
 * to the record is saved, possibly later (low supply, a save under way), never dropped. */
#include "app.h"

#include <string.h>

#include "console.h"
#include "eeprom_store.h"
#include "engine.h"
#include "game.h"
#include "keys.h"
#include "leds.h"
#include "power.h"
#include "tick.h"
#include "uart.h"

/* The most one key event or game step prints (the analysis line), with margin. */
#define APP_TX_GAME 96u
_Static_assert(CONSOLE_ANSWER_MAX >= APP_TX_GAME, "a console answer needs the most room");
/* Idle time in 256 ms steps of a free-running 8-bit ms count, the one under way when the
 * input came not counted: power-down 0 to 256 ms after APP_IDLE_POWER_DOWN_S. */
#define APP_IDLE_STEPS ((uint16_t)((APP_IDLE_POWER_DOWN_MS + 255u) / 256u + 1u))

/* Everything the main loop keeps, cleared by app_init(). */
static struct app_state {
    uint8_t poll;       /* ms since the last input poll */
    uint8_t ms;         /* free-running ms count: a step of idle time when it wraps */
    uint16_t idle;      /* steps begun without a key event or a serial byte */
    uint8_t elapsed;    /* ms since the last game step (stops at 255) */
    uint8_t vcc_waits;  /* the store's count of supply waits (low byte) when last said */
    bool sleep_due;     /* the sleeping line is queued: power down once sent */
    game_t game;
    console_t console;
} app;

/* The records into the game: stats_load()'s result. */
static uint8_t app_load(game_t *g)
{
    static stats_old_t old; /* static: off boot's stack, the deepest */
    uint8_t found = 0;
    if (eeprom_store_load(STATS_REC_SETTINGS, &g->settings, sizeof g->settings)) {
        found |= STATS_HAVE_SETTINGS;
    }
    if (eeprom_store_load(STATS_REC_STATS, &g->stats, STATS_SAVED_SIZE)) {
        found |= STATS_HAVE_STATS;
    }
    if (eeprom_store_load(STATS_REC_OLD, &old, STATS_OLD_SIZE)) {
        found |= STATS_HAVE_OLD;
    }
    if (eeprom_store_written(STATS_REC_OLD) || eeprom_store_written(STATS_REC_STATS)) {
        found |= STATS_WRITTEN;
    }
    return stats_load(&g->settings, &g->stats, &old, found);
}

void app_init(void)
{
    game_t *g = &app.game;
    power_init();
    tick_init();
    leds_init();
    keys_init();
    uart_init();
    eeprom_store_init();
    memset(&app, 0, sizeof app);
    uint8_t todo = app_load(g);
    console_banner(engine_init(), power_reset_cause() == RESET_WATCHDOG);
    if (todo & STATS_SAY_RESET) {
        console_say_stats_reset();
    }
    /* Seed: the counters vary a little; the key-press times stirred in vary the games. */
    const uint16_t *x = g->stats.games[stats_table(GAME_MODE_AI_X, LEVEL_PERFECT)];
    const uint16_t *o = g->stats.games[stats_table(GAME_MODE_AI_O, LEVEL_PERFECT)];
    game_init(g, (uint16_t)(x[STATS_DRAW] + o[STATS_DRAW]));
    g->save = (uint8_t)(todo & (STATS_SAVE_SETTINGS | STATS_SAVE_STATS));
    console_report(g);
}

/* A record's flag is cleared only when the store took its copy, so a change during a
 * save is saved after it. */
static void app_save(game_t *g)
{
    uint8_t waits = (uint8_t)eeprom_store_vcc_refusals();
    if (waits != app.vcc_waits) {
        app.vcc_waits = waits;
        console_say_supply_low(power_vcc_decivolts());
    }
    if ((g->save & STATS_SAVE_SETTINGS) &&
        eeprom_store_start(STATS_REC_SETTINGS, &g->settings, sizeof g->settings)) {
        g->save &= (uint8_t)~STATS_SAVE_SETTINGS;
    } else if ((g->save & STATS_SAVE_STATS) &&
               eeprom_store_start(STATS_REC_STATS, &g->stats, STATS_SAVED_SIZE)) {
        g->save &= (uint8_t)~STATS_SAVE_STATS;
    }
}

/* A change to the record is not yet in EEPROM: not handed to the store, or the store's
 * save still under way (it may wait long for a low supply). */
static bool app_saving(const game_t *g)
{
    return g->save || eeprom_store_busy();
}

/* After APP_IDLE_POWER_DOWN_S without input and with nothing left to save: say so, power
 * down once the line has left. If stuck keys block every waking key, stay up, silent. */
static void app_idle_check(game_t *g)
{
    if (app.sleep_due) {
        if (uart_tx_busy() || app_saving(g)) {
            return;
        }
        app.sleep_due = false;
        uint8_t woke = power_down_until_input(g->stuck);
        if (woke) {
            console_woke(&app.console, woke & POWER_WOKE_SERIAL);
        }
        game_wake(g);
        app.idle = 0;
    } else if (app.idle >= APP_IDLE_STEPS && !app_saving(g)) {
        app.idle = 0; /* with no wake-up key: look again after another idle period */
        if (power_wake_rows(g->stuck)) {
            console_say_sleeping();
            app.sleep_due = true;
        }
    }
}

/* Every APP_POLL_MS: input while the UART has room for its answer; then the game's
 * time, frame and record, at once after input, else every APP_FRAME_MS. */
static void app_input(void)
{
    game_t *g = &app.game;
    console_t *c = &app.console;
    key_event_t ev;
    leds_frame_t frame;
    int16_t byte;
    bool input = false;

    keys_update();
    for (;;) {
        if (uart_tx_free() < CONSOLE_ANSWER_MAX) {
            return;
        }
        if (console_more(c, g)) {
            continue; /* a long answer ends before the next input */
        }
        if (keys_next_event(&ev)) {
            game_key(g, &ev);
            console_report(g);
        } else if ((byte = uart_getc()) >= 0) {
            console_feed(c, g, byte);
        } else {
            break;
        }
        input = true;
        app.idle = 0;
        app.sleep_due = false; /* in use again: a sleep not yet begun is off */
    }
    game_keys_sync(g, keys_state());
    if (!input && app.elapsed < APP_FRAME_MS) {
        return;
    }
    game_tick(g, app.elapsed);
    console_tick(c, input, app.elapsed);
    console_report(g);
    app.elapsed = 0;
    game_frame(g, &frame);
    leds_set_brightness(g->settings.brightness);
    leds_show(&frame);
    app_save(g);
    app_idle_check(g);
}

void app_step(void)
{
    power_wdt_kick();
    eeprom_store_poll(); /* every wake-up: the next byte as soon as one is done */
    if (tick_take_ms_flag()) {
        if (app.elapsed != 0xFFu) {
            app.elapsed++;
        }
        if (++app.ms == 0) {
            app.idle++;
        }
        if (++app.poll >= APP_POLL_MS) {
            app.poll = 0;
            app_input();
        }
    }
    power_idle();
}
