/* firmware/game/game.h - the game as an event-driven state machine (pure C, host and AVR).
 * Inputs: key press/release events (hal/keys.h), elapsed milliseconds, calls from the
 * console. Outputs: an LED frame (hal/leds.h masks), console lines through out.h, and
 * a "please save" flag. No HAL call but output, no heap, no recursion. */
#ifndef GAME_H
#define GAME_H
#include <stdint.h>

#include "keys.h"
#include "leds.h"
#include "position.h"
#include "stats.h"

/* Timing of the user interface (ms). */
#define GAME_BOOT_MS 720u       /* greeting: 9 steps of 80 ms */
#define GAME_AI_DELAY_MS 200u   /* the AI answers this long after the person's move */
#define GAME_AI_BLINK_MS 500u   /* the AI's last move blinks this long */
#define GAME_CONFIRM_MS 400u    /* a menu choice flashes its cell yellow */
#define GAME_ERROR_MS 500u      /* press on an occupied cell: that cell blinks */
#define GAME_HINT_MS 1500u
#define GAME_ANALYSIS_MS 3000u
#define GAME_STATS_MS 3000u
#define GAME_SETTINGS_MS 2000u
#define GAME_LONG_MS 800u       /* held this long alone, a key is armed for its long press */
#define GAME_STUCK_MS 10000u    /* held this long, a key is stuck: ignored until released */
#define GAME_LAMP_STEP_MS 512u  /* lamp test: red, green, yellow (a power of 2) */
#define GAME_WAKE_GUARD_MS 300u /* a gesture starting this soon after wake-up is ignored */

/* game_person_move() results */
enum { GAME_OK = 0, GAME_ERR_OVER, GAME_ERR_NOT_YOUR_TURN, GAME_ERR_TAKEN };
/* game_t.ms[]: count-downs, each stops at 0. */
enum {
    GAME_T_BLINK,   /* the cells of `blink` blink while this runs */
    GAME_T_OVERLAY, /* the overlay shows while this runs */
    GAME_T_AI,      /* time until the AI moves (when it is the AI's turn) */
    GAME_T_GUARD,   /* presses are ignored while this runs (greeting, wake-up) */
    GAME_T_HELD,    /* from GAME_STUCK_MS when the set of held keys last changed */
    GAME_TIMERS
};
/* What the overlay shows (game_t.show): cells in yellow over the board (a hint, a menu
 * confirmation), or a display of all nine cells that hides the board (the next press
 * only dismisses it): fixed colors (analysis, statistics, settings), the lamp test or the
 * greeting sweep (these two computed from the time left). */
enum { GAME_SHOW_CELLS, GAME_SHOW_FULL, GAME_SHOW_LAMP, GAME_SHOW_SWEEP };

typedef struct {
    /* A new game clears everything from pos to ms[GAME_T_OVERLAY]. */
    pos_t pos;
    uint8_t over;        /* 1 once pos is won or full */
    uint8_t winner;      /* PLAYER_X/O once pos is won, else PLAYER_NONE */
    uint16_t ms[GAME_TIMERS];
    uint8_t save;        /* 1: rec changed and is not saved yet (the main loop clears it
                            when the EEPROM store takes rec) */
    uint8_t show;        /* GAME_SHOW_*: what the overlay is */
    uint16_t rng;        /* level_rand() state; every ms elapsed is added (entropy) */
    /* Blinking cells: the AI's last move or a taken cell pressed (while
     * ms[GAME_T_BLINK] runs, one at a time); once the game is over, the winning line
     * (all nine for a draw). */
    uint16_t blink;
    /* Overlay: while ms[GAME_T_OVERLAY] runs, these colors replace the board on the
     * cells of ov_red (GAME_SHOW_CELLS: yellow cells, red = green) or on all cells. */
    uint16_t ov_red;
    uint16_t ov_green;
    /* Gesture: keys held, keys stuck (ignored until released), the key that began the
     * gesture (POS_CELLS once the gesture is void: it will do nothing). Held alone
     * GAME_LONG_MS or longer (ms[GAME_T_HELD] tells), it is armed: its cell lights
     * yellow and its release is a long press. */
    uint16_t held;
    uint16_t stuck;
    uint8_t gest_cell;
    /* Last, so that game_init() clears everything before it: what is kept in EEPROM,
     * as one record (rec) or by its parts. */
    union {
        stats_record_t rec;
        struct {
            stats_t stats;
            settings_t settings; /* mode and level in force */
        };
    };
} game_t;

/* Start from the record in g->rec (as loaded, or anything: settings and stats out of
 * range are replaced by the defaults; the rest of *g is cleared): greeting, the banner
 * lines, then an empty board in the saved mode. table_ok: engine_init()'s answer;
 * after_watchdog: nonzero if the watchdog reset the chip (the app asks the HAL, the game
 * only says so); seed: the level generator's. */
void game_init(game_t *g, uint8_t table_ok, uint8_t after_watchdog, uint16_t seed);
void game_key(game_t *g, const key_event_t *ev);
/* The debounced key bitmap after all queued events were fed. A stuck key that is up in
 * it is free again (only here: its events are ignored). If the other keys disagree with
 * those the events said are held (an event was lost), adopt them and void the gesture,
 * so a dropped RELEASE cannot block input forever. */
void game_keys_sync(game_t *g, uint16_t keys_state);
/* Time passes: the greeting, the AI's reply, blinks and overlays, and held keys (a key
 * held GAME_LONG_MS alone is armed, see game_t; one held GAME_STUCK_MS is stuck: said
 * once, ignored until released). */
void game_tick(game_t *g, uint16_t elapsed_ms);
void game_frame(const game_t *g, leds_frame_t *f);
/* After power-down: drop overlays and ignore the waking press. */
void game_wake(game_t *g);

/* Actions of the keys and the console; each says what it did in one line. */
/* A new game in `mode` (GAME_MODE_*; out of range: vs ai, you x): `new: ...`. */
void game_new(game_t *g, uint8_t mode);
/* `level: ...`; a level out of range is ignored (nothing printed). */
void game_set_level(game_t *g, uint8_t level);
/* The person's move at cell 0..8: `move: ...` and GAME_OK, or a GAME_ERR_* (nothing
 * printed). */
uint8_t game_person_move(game_t *g, uint8_t cell);
/* The hint (`hint: N` and the cell in yellow); 0 if there is none now (game over, or
 * the AI's turn), nothing printed. */
uint8_t game_hint(game_t *g);
/* `stats: cleared`. */
void game_stats_clear(game_t *g);

/* Queries and text pieces for the console. */
/* 1 while it is the AI's turn in a game under way. */
uint8_t game_ai_to_move(const game_t *g);
/* The player who won, PLAYER_NONE for a draw or a game under way. */
static inline uint8_t game_winner(const game_t *g)
{
    return g->winner;
}
/* Mode and level names, a result (no newline): `vs ai, you x`, `two players`,
 * `perfect`, ..., `x wins`, `draw`. */
void game_put_mode(uint8_t mode);
void game_put_result(uint8_t winner);

#endif
