/* firmware/game/game.h - the game as a state machine (pure C): key events, console
 * actions and time in; an LED frame, reports, sounds and a save flag out. Its states and
 * every transition: firmware/README.md, "The state machine". */
#ifndef GAME_H
#define GAME_H
#include <stdbool.h>
#include <stdint.h>

#include "keys.h"
#include "leds.h"
#include "position.h"
#include "press.h"
#include "state.h"
#include "stats.h"
#include "timing.h"

/* The states, one at a time (X(name, what shows, what ends it)); build/gen/states.json
 * carries the table, and firmware/README.md's table of states is made from it. */
#define GAME_STATES(X)                                                                             \
    X(GREETING, "the sweep at power-on; presses are ignored", "by time: `BOARD`")                  \
    X(WAKING, "the board, just woken; presses are ignored without the buzz", "by time: `BOARD`")   \
    X(BOARD, "the game under way (the person's turn or the AI's) or over",                         \
      "a hint, the analysis, the statistics, the board read aloud (`READ`), the menu, a console "  \
      "action, a game's end (`RESULT`), a palm or a burst (`TODDLER`)")                            \
    X(RESULT, "a game just ended: its result and its tune",                                        \
      "by time: `BOARD`, or after a loss to the AI `REPLAY`; a key down is refused, silently")     \
    X(REPLAY,                                                                                      \
      "where it went wrong: the moves one by one, the one that lost blinking, the one that "       \
      "would have held in yellow",                                                                 \
      "by time, or a key down, which only ends it")                                                \
    X(HINT, "the best move yellow over the board",                                                 \
      "by time, or any key down: `BOARD`, the press then acts on the board")                       \
    X(READ, "the board read aloud: the board, the cell just read yellow",                          \
      "after the ninth cell: `BOARD`; any key down: `BOARD`, the press then acts on the board")    \
    X(ANALYSIS, "every empty cell its outcome; the board hidden",                                  \
      "by time, or a key down, which only ends it")                                                \
    X(STATS_RESULTS, "the statistics' first picture: the results",                                 \
      "by time: `STATS_PLAYED`, or a key down, which only ends it")                                \
    X(STATS_PLAYED, "the statistics' second picture: played out against abandoned",                \
      "by time, or a key down, which only ends it")                                                \
    X(LAMP, "the lamp test: all red, all green, all yellow",                                       \
      "by time, or a key down, which only ends it")                                                \
    X(CONFIRM, "a menu pick's new game: its cell flashes yellow over the board",                   \
      "by time, or any key down: `BOARD`, the press then acts on the board")                       \
    X(MENU, "the menu, no cell chosen",                                                            \
      "an unhurried press chooses (`MENU_CHOSEN`); the centre, a hurried press, a lean, two "      \
      "keys, or time close it")                                                                    \
    X(MENU_CHOSEN, "the menu, one cell blinking green, the other eight its value",                 \
      "an unhurried press on it picks, on another chooses that one; the centre, a hurried "        \
      "press elsewhere, a lean, two keys, or time close it")                                       \
    X(TODDLER,                                                                                     \
      "toddler mode, the toy: cells lit where pressed, the corners dim at rest; nothing "          \
      "counted, saved or set",                                                                     \
      "a calm tap: a new game; a console action")
#define GAME_STATE_ENUM(name, what, ends) GAME_ST_##name,
typedef enum { GAME_STATES(GAME_STATE_ENUM) GAME_STATE_COUNT } game_state_t;

typedef enum { GAME_OK = 0, GAME_ERR_OVER, GAME_ERR_NOT_YOUR_TURN, GAME_ERR_TAKEN } game_err_t;

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
    GAME_REP_MENU,          /* value GAME_MENU_REP_*; chosen: cell, mode (its action, menu.h) */
    GAME_REP_COLOR_BLIND,   /* colour-blind display set: value 0/1 */
    GAME_REP_BRIGHTNESS,    /* brightness set: value LEDS_BRIGHT_* */
    GAME_REP_SOUND,         /* the sound setting set: value SOUNDS_ON, _QUIET_ONLY, _OFF */
    GAME_REP_STATS,         /* the statistics shown: mode, level (the table) */
    GAME_REP_REPLAY,        /* where it went wrong: player lost by playing cell; value: the
                               cell that would have held; level 1: it would have won */
    GAME_REP_TOY,           /* toddler mode: value 1 on, 0 off */
    GAME_REP_GAME           /* the game in force: value RULE_*; the one asked for: mode,
                               level 1 if it was refused (its table damaged) */
} game_report_kind_t;
/* GAME_REP_MENU's value. */
enum { GAME_MENU_REP_CLOSED, GAME_MENU_REP_OPENED, GAME_MENU_REP_CHOSEN };
typedef struct {
    game_report_kind_t kind;
    uint8_t cell;
    uint8_t player;
    uint8_t mode;
    uint8_t level;
    uint8_t value;   /* LEVEL, MENU, COLOR_BLIND, BRIGHTNESS, SOUND, REPLAY, TOY */
    uint16_t cells;  /* ANALYSIS: the empty cells; STUCK: the keys */
    uint16_t wins;   /* ANALYSIS: the cells that win */
    uint16_t losses; /* ANALYSIS: the cells that lose */
} game_report_t;
/* The most reports one call makes (the AI's move, the result, stuck keys), rounded up. */
#define GAME_REPORTS_MAX 4u

/* game_t's countdowns in ms, all counted down by game_tick() and stopping at 0. */
#define GAME_COUNTDOWNS 5u

/* Everything the game keeps. Read it through the functions below, never its fields
 * (outside firmware/game). */
typedef struct {
    uint8_t state; /* GAME_ST_* */
    union {
        struct {
            uint16_t state_ms; /* until the state's time is up (0: it has none) */
            uint16_t ai_ms;    /* on the AI's turn: until it moves */
            uint16_t blink_ms; /* until `blink` ends (a game over's blinks for ever) */
            uint16_t flash_ms; /* until `flash` ends */
            uint16_t toy_ms;   /* until `toy` ends */
        };
        uint16_t countdowns[GAME_COUNTDOWNS];
    };
    state_t st;     /* the position under the rule: the marks (st.pos), fading's ages */
    uint8_t rule;   /* RULE_* of the game under way (settings.game unless it was refused) */
    bool over;      /* st is won or drawn under the rule */
    uint8_t winner; /* PLAYER_NONE unless st is won */
    uint8_t level;  /* LEVEL_* of the game under way */
    press_t press;  /* the keys */
    uint16_t blink; /* the AI's move, a taken cell pressed, the end */
    uint16_t flash; /* cells of ignored presses: they flicker */
    uint8_t cell;   /* HINT, CONFIRM: the cell shown; MENU_CHOSEN: the cell chosen;
                       REPLAY: the cell that would have held; READ: the next cell to read */
    uint8_t ply;    /* REPLAY: the move that lost (0: the first of the game) */
    uint8_t moves[POS_CELLS];           /* the game's first moves, in order (st.plies of them) */
    uint16_t cells;                     /* ANALYSIS: the empty cells */
    uint16_t wins;                      /* ANALYSIS: the cells that win for the side to move */
    uint16_t losses;                    /* ANALYSIS: ... that lose */
    uint16_t idle;                      /* ms since the last key event (saturating) */
    uint16_t clock;                     /* ms, wrapping: when keys went down and up */
    uint16_t downs[GAME_BURST_PRESSES]; /* the clock at the last key downs, newest first */
    bool calm;         /* the press under way began GAME_CALM_MS after the last key */
    uint16_t up_clock; /* the clock when a key last came up */
    uint8_t up_cell;   /* the key of the last press that ended */
    uint16_t toy;      /* TODDLER: the cells lit, for toy_ms */
    uint16_t rng;      /* level_rand() state; every ms elapsed is added (entropy) */
    bool bright_up;    /* the menu's brightness steps up (turns round at both ends) */
    uint8_t save;      /* STATS_SAVE_*: records changed, not saved yet */
    uint8_t sound;     /* SOUNDS_* to start, allowed by the setting; SOUNDS_NONE: none */
    uint8_t reports;   /* not taken yet */
    game_report_t report[GAME_REPORTS_MAX];
    /* Kept in EEPROM; last (game_init() clears what comes before). */
    settings_t settings; /* the mode in force, the next game's level */
    stats_t stats;
} game_t;

/* Init: g->settings and g->stats as loaded (bad ones become defaults), the rest reset.
 * game_load() is that load for a caller without the EEPROM (the host's tests). */
void game_init(game_t *g, uint16_t seed);
static inline void game_load(game_t *g, const settings_t *s, const stats_t *st)
{
    g->settings = *s;
    g->stats = *st;
}

/* Runtime: inputs. Each may add reports; take them all before the next call. */
void game_key(game_t *g, const key_event_t *ev);
void game_keys_sync(game_t *g, uint16_t keys_state); /* all events fed: the held keys */
void game_tick(game_t *g, uint16_t elapsed_ms);      /* time passes: AI, displays, held keys */
void game_wake(game_t *g); /* after power-down: the waking press is ignored */

/* Runtime: actions of the console (each ends a display that hides the board). */
/* A new game (out of range: AI_X); the one under way counts as abandoned if the person
 * has moved in it. */
void game_new(game_t *g, uint8_t mode);
void game_set_level(game_t *g, uint8_t level); /* the next game's; out of range: ignored */
void game_set_color_blind(game_t *g, bool on);
void game_set_brightness(game_t *g, uint8_t level); /* LEDS_BRIGHT_*; out of range: ignored */
void game_set_sound(game_t *g, uint8_t setting);    /* SOUNDS_ON...; out of range: ignored */
/* The games' words, in RULE_* order: the console's `game` grammar and answers. */
#define GAME_RULE_WORDS "normal\0misere\0fading"
/* The game (RULE_*) in force, reported: a change starts a new game (the one under way
 * counts as abandoned if the person has moved in it). False: out of range (ignored), or
 * refused and reported so (fading with its table damaged; firmware/README.md, "Three
 * games"). */
bool game_set_game(game_t *g, uint8_t rule);
bool game_rule_ok(uint8_t rule); /* its table in use, or a perfect fallback */
void game_lamp(game_t *g);       /* all red, all green, all yellow, GAME_LAMP_STEP_MS each */
game_err_t game_person_move(game_t *g, uint8_t cell);
bool game_hint(game_t *g);     /* false (no report) if there is none now */
bool game_analysis(game_t *g); /* every empty cell's outcome; false (no report): game over */
void game_stats_clear(game_t *g);

/* Runtime: outputs. */
void game_frame(const game_t *g, leds_frame_t *f);
bool game_take_report(game_t *g, game_report_t *r); /* oldest first; false: none left */
uint8_t game_take_sound(game_t *g); /* the sound to start now (SOUNDS_*), or SOUNDS_NONE */
uint8_t game_take_save(game_t *g);  /* STATS_SAVE_*: records changed since the last call */

/* What the console, the app and the tests read of the game (not its fields). */
game_state_t game_state(const game_t *g);
bool game_ai_to_move(const game_t *g); /* the AI's turn in a game under way */
bool game_menu_open(const game_t *g);
uint8_t game_reports_waiting(const game_t *g);
const game_report_t *game_report_at(const game_t *g, uint8_t i); /* i < waiting, oldest 0 */
static inline pos_t game_pos(const game_t *g)
{
    return g->st.pos;
}
static inline const state_t *game_position(const game_t *g)
{
    return &g->st;
}
static inline uint8_t game_rule(const game_t *g)
{
    return g->rule;
} /* the game under way's RULE_* */
static inline bool game_over(const game_t *g)
{
    return g->over;
}
static inline uint8_t game_winner(const game_t *g)
{
    return g->winner;
} /* PLAYER_NONE: a draw */
static inline uint8_t game_level(const game_t *g)
{
    return g->level;
} /* the game under way's */
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
    return g->press.stuck;
}
static inline uint16_t game_held_keys(const game_t *g)
{
    return g->press.held;
} /* stuck keys left out */

#endif
