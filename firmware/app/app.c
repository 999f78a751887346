/* firmware/app/app.c - the main loop between the HAL and the rooms above it
 * (firmware/README.md, "Inside the firmware"). Invariants: no pass waits; input is taken
 * and the game stepped only while the TX ring has room for the longest answer; a change
 * to the record is saved, possibly later (low supply, a save under way), never dropped. */
#include "app.h"

#include <string.h>

#include "console.h"
#include "eeprom_store.h"
#include "game.h"
#include "keys.h"
#include "leds.h"
#include "play.h"
#include "power.h"
#include "records.h"
#include "sound.h"
#include "sounds.h"
#include "tones.h"
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
    uint8_t poll;      /* ms since the last input poll */
    uint8_t ms;        /* free-running ms count: a step of idle time when it wraps */
    uint16_t idle;     /* steps begun without a key event or a serial byte */
    uint8_t elapsed;   /* ms since the last game step (stops at 255) */
    uint8_t vcc_waits; /* the store's count of supply waits (low byte) when last said */
    bool sleep_due;    /* the sleeping line is queued: power down once sent */
    game_t game;
    console_t console;
} app;

void app_init(void)
{
    game_t *g = &app.game;
    power_init();
    tick_init();
    sound_init();
    leds_init();
    keys_init();
    uart_init();
    eeprom_store_init();
    memset(&app, 0, sizeof app);
    uint8_t todo = records_load(g);
    play_init(); /* every game's table checked: the banner says which is refused */
    console_banner(play_table_ok(RULE_NORMAL), power_reset_cause() == RESET_WATCHDOG);
    if (todo & STATS_SAY_RESET) {
        console_say_stats_reset();
    }
    /* Seed: the counters vary a little; the key-press times stirred in vary the games. */
    const stats_t *st = game_stats(g);
    const uint16_t *x = st->games[RULE_NORMAL][stats_table(GAME_MODE_AI_X, LEVEL_PERFECT)];
    const uint16_t *o = st->games[RULE_NORMAL][stats_table(GAME_MODE_AI_O, LEVEL_PERFECT)];
    game_init(g, (uint16_t)(x[STATS_DRAW] + o[STATS_DRAW]));
    records_mark(g, todo);
    console_report(g);
}

/* The sound the game asked for, at once: sound_play() never waits. */
static void app_sound(game_t *g)
{
    uint8_t id = game_take_sound(g);
    if (SOUND_FITTED && id != SOUNDS_NONE) { /* else no tone table in the image */
        sound_play(tones_notes(id));
    }
}

/* The supply-low line when the store has waited for the supply again, and the next
 * changed record to the store (records.c). */
static void app_save(game_t *g)
{
    uint8_t waits = (uint8_t)eeprom_store_vcc_refusals();
    if (waits != app.vcc_waits) {
        app.vcc_waits = waits;
        console_say_supply_low(power_vcc_decivolts());
    }
    records_save(g);
}

/* After APP_IDLE_POWER_DOWN_S without input and with nothing left to save: say so, power
 * down once the line has left. If stuck keys block every waking key, stay up, silent. */
static void app_idle_check(game_t *g)
{
    if (app.sleep_due) {
        if (uart_tx_busy() || records_saving(g)) {
            return;
        }
        app.sleep_due = false;
        sound_play(NULL); /* no tone held through the sleep */
        uint8_t woke = power_down_until_input(game_stuck_keys(g));
        if (woke) {
            console_woke(&app.console, woke & POWER_WOKE_SERIAL);
        }
        game_wake(g);
        app.idle = 0;
    } else if (app.idle >= APP_IDLE_STEPS && !records_saving(g)) {
        app.idle = 0; /* with no wake-up key: look again after another idle period */
        if (power_wake_rows(game_stuck_keys(g))) {
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
            app_sound(g);
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
    leds_set_brightness(game_settings(g)->brightness);
    leds_show(&frame);
    app_save(g);
    app_idle_check(g);
    app_sound(g); /* the console's, the game's time's, the wake-up's */
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
