/* firmware/game/game.h - the game as a state machine (pure C): key events and time in;
 * an LED frame, reports and a save flag out (firmware/README.md). */
#ifndef GAME_H
#define GAME_H
#include <stdbool.h>
#include <stdint.h>

#include "bars.h"
#include "keys.h"
#include "leds.h"
#include "position.h"
#include "stats.h"

/* ms */
#define GAME_BOOT_MS 720u     /* greeting: 9 steps of 80 ms */
#define GAME_AI_DELAY_MS 200u /* the AI answers this long after the person's move */
#define GAME_AI_BLINK_MS 500u /* the AI's last move blinks this long */
#define GAME_CONFIRM_MS 400u  /* a menu choice flashes its cell yellow */
#define GAME_MENU_MS 10000u   /* the menu closes unchanged this long after its last press */
#define GAME_ERROR_MS 500u    /* press on an occupied cell: that cell blinks */
#define GAME_HINT_MS 1500u
#define GAME_ANALYSIS_MS 3000u
/* the statistics display (bars.h), both pictures; the second, played out vs abandoned */
#define GAME_STATS_MS 5000u
#define GAME_STATS_ABANDONED_MS 2000u
#define GAME_LONG_MS 800u       /* held this long alone, a key is armed for its long press */
#define GAME_MENU_HOLD_MS 2000u /* the menu's cell held alone this long opens the menu */
#define GAME_STUCK_MS 10000u    /* held this long, a key is stuck: ignored until released */
#define GAME_LAMP_STEP_MS 512u  /* lamp test: red, green, yellow (a power of 2) */
#define GAME_FLASH_MS 400u      /* an ignored press: its cell flickers lit, dark, lit, ... */
#define GAME_FLASH_STEP_MS 50u
#define GAME_PULSE_MS 128u            /* colour-blind cue of yellow cells: full, dim, full, ... */
#define GAME_WAKE_GUARD_MS 300u       /* a gesture starting this soon after wake-up is ignored */
#define GAME_2P_BEAT_MS 2048u         /* two players (no AI): the empty cells pulse once a period */
#define GAME_2P_BEAT_ON_MS 128u       /* lit dim yellow this long (a power of 2, as the period) */
#define GAME_MENU_HINT_MS 20000u      /* idle this long before the first move: the menu's cell */
#define GAME_MENU_HINT_OVER_MS 3000u  /* ... at game over, this long */
#define GAME_MENU_HINT_EVERY_MS 4096u /* pulses dim yellow at the start of every period */
#define GAME_MENU_HINT_ON_MS 256u

typedef enum { GAME_OK = 0, GAME_ERR_OVER, GAME_ERR_NOT_YOUR_TURN, GAME_ERR_TAKEN } game_err_t;
/* game_t.ms[]: count-downs to 0. */
enum {
    GAME_T_BLINK,   /* the cells of `blink` blink */
    GAME_T_OVERLAY, /* the overlay shows */
    GAME_T_AI,      /* until the AI moves (on its turn) */
    GAME_T_GUARD,   /* presses are ignored (greeting, wake-up) */
    GAME_T_HELD,    /* since the set of held keys last changed, from GAME_STUCK_MS */
    GAME_T_FLASH,   /* the cells of `flash` flicker (ignored presses) */
    GAME_TIMERS
};
/* game_t.show: yellow cells over the board; or all nine cells hiding it; the menu; the
 * statistics (ov_pic). */
enum { GAME_SHOW_CELLS, GAME_SHOW_FULL, GAME_SHOW_LAMP, GAME_SHOW_SWEEP, GAME_SHOW_MENU };
#define GAME_SHOW_STATS (GAME_SHOW_MENU + 1)

/* A report of what the game did: its kind and the fields it uses. */
typedef enum {
    GAME_REP_NEW,           /* a new game: mode, level */
    GAME_REP_LEVEL,         /* the AI's level for the next game was set: level; value 1:
                               the game under way's too */
    GAME_REP_MOVE,          /* the person played: cell, player */
    GAME_REP_AI_MOVE,       /* the AI played: cell, player */
    GAME_REP_RESULT,        /* the game is over: player won (PLAYER_NONE: a draw) */
    GAME_REP_HINT,          /* the best move now: cell */
    GAME_REP_ANALYSIS,      /* for the side to move, per empty cell: wins, losses, else draws */
    GAME_REP_STATS_CLEARED, /* the statistics were cleared */
    GAME_REP_STUCK,         /* these keys are ignored until released: cells */
    GAME_REP_MENU,          /* value 1: opened; 0: closed, unchanged; 2: cell chosen */
    GAME_REP_COLOR_BLIND,   /* colour-blind display set: value 0/1 */
    GAME_REP_BRIGHTNESS,    /* brightness set: value LEDS_BRIGHT_* */
    GAME_REP_SOUND          /* the sound setting set: value SOUNDS_ON, _QUIET_ONLY, _OFF */
} game_report_kind_t;
typedef struct {
    game_report_kind_t kind;
    uint8_t cell;
    uint8_t player;
    uint8_t mode;
    uint8_t level;
    uint8_t value;   /* MENU, COLOR_BLIND, BRIGHTNESS, SOUND */
    uint16_t cells;  /* ANALYSIS: the empty cells; STUCK: the keys */
    uint16_t wins;   /* ANALYSIS: the cells that win */
    uint16_t losses; /* ANALYSIS: the cells that lose */
} game_report_t;
/* The most reports one call makes (the AI's move, the result, stuck keys), rounded up. */
#define GAME_REPORTS_MAX 4u

typedef struct {
    pos_t pos;
    bool over;      /* pos is won or full */
    uint8_t winner; /* PLAYER_NONE unless pos is won */
    uint16_t ms[GAME_TIMERS];
    uint8_t save;    /* STATS_SAVE_*: records changed, not saved yet */
    uint8_t show;    /* GAME_SHOW_* */
    uint16_t rng;    /* level_rand() state; every ms elapsed is added (entropy) */
    uint16_t blink;  /* the AI's move, a taken cell pressed, the end */
    uint16_t ov_red; /* the overlay's colors */
    uint16_t ov_green;
    uint16_t held;     /* keys held */
    uint16_t stuck;    /* keys ignored until released */
    uint16_t flash;    /* cells of ignored presses */
    uint8_t gest_cell; /* the key that began the gesture; POS_CELLS: void */
    uint8_t menu_cell; /* the menu's chosen cell, to be confirmed; POS_CELLS: none */
    uint16_t idle;     /* ms since the last key event (saturating) */
    bool bright_up;    /* the menu's brightness steps up (turns round at both ends) */
    uint8_t reports;   /* not taken yet */
    game_report_t report[GAME_REPORTS_MAX];
    uint8_t level; /* LEVEL_* of the game under way */
    uint8_t sound; /* SOUNDS_* to start, allowed by the setting; SOUNDS_NONE: none */
    bool waking;   /* since game_wake(): the guard's presses are not buzzed */
    /* the statistics' pictures (bars.h) */
    leds_frame_t ov_pic[BARS_PICTURES];
    /* Kept in EEPROM; last (game_init() clears what comes before). */
    settings_t settings; /* the mode in force, the next game's level */
    stats_t stats;
} game_t;

/* Init: g->settings and g->stats as loaded (bad ones become defaults), the rest reset. */
void game_init(game_t *g, uint16_t seed);

/* Runtime: inputs. Each may add reports; take them all before the next call. */
void game_key(game_t *g, const key_event_t *ev);
void game_keys_sync(game_t *g, uint16_t keys_state); /* all events fed: the held keys */
void game_tick(game_t *g, uint16_t elapsed_ms);      /* time passes: AI, overlays, held keys */
void game_wake(game_t *g); /* after power-down: the waking press is ignored */

/* Runtime: actions of the keys and the console. */
/* A new game (out of range: AI_X); the one under way counts as abandoned if the person
 * has moved in it. */
void game_new(game_t *g, uint8_t mode);
void game_set_level(game_t *g, uint8_t level); /* the next game's; out of range: ignored */
void game_set_color_blind(game_t *g, bool on);
void game_set_brightness(game_t *g, uint8_t level); /* LEDS_BRIGHT_*; out of range: ignored */
void game_set_sound(game_t *g, uint8_t setting);    /* SOUNDS_ON...; out of range: ignored */
void game_lamp(game_t *g); /* all red, all green, all yellow, GAME_LAMP_STEP_MS each */
game_err_t game_person_move(game_t *g, uint8_t cell);
bool game_hint(game_t *g); /* false (no report) if there is none now */
void game_stats_clear(game_t *g);

/* Runtime: outputs. */
void game_frame(const game_t *g, leds_frame_t *f);
bool game_take_report(game_t *g, game_report_t *r); /* oldest first; false: none left */
uint8_t game_take_sound(game_t *g);    /* the sound to start now (SOUNDS_*), or SOUNDS_NONE */
bool game_ai_to_move(const game_t *g); /* the AI's turn in a game under way */
bool game_menu_open(const game_t *g);
/* What the console and the app read of the game (not its fields). */
static inline pos_t game_pos(const game_t *g)
{
    return g->pos;
}
static inline bool game_over(const game_t *g)
{
    return g->over;
}
static inline uint8_t game_winner(const game_t *g)
{
    return g->winner;
} /* PLAYER_NONE: a draw */
static inline const settings_t *game_settings(const game_t *g)
{
    return &g->settings;
}
static inline const stats_t *game_stats(const game_t *g)
{
    return &g->stats;
}
static inline uint16_t game_stuck_keys(const game_t *g)
{
    return g->stuck;
}

#endif
