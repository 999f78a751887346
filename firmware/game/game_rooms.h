/* firmware/game/game_rooms.h - what the game's own files share, and no one else: the
 * state machine's doors (game.c), the game under way (play.c), the menu (menu.c), the
 * settings (settings.c) and the frames (frame.c). Not part of the contract (game.h). */
#ifndef GAME_ROOMS_H
#define GAME_ROOMS_H
#include "game.h"

static inline uint16_t game_bit(uint8_t cell)
{
    return (uint16_t)(1u << cell);
}

/* game.c: the machine. */
void game_enter(game_t *g, uint8_t state, uint16_t ms);         /* the state, for ms (0: no end) */
game_report_t *game_report(game_t *g, game_report_kind_t kind); /* a new one, cleared */
void game_sound(game_t *g, uint8_t id);       /* the event's sound, if the setting lets it */
void game_sound_asked(game_t *g, uint8_t id); /* a gesture's: at `quiet` too (sounds.h) */
void game_flash(game_t *g, uint16_t cells);   /* ignored presses: flicker and buzz */
/* The press ending now began within GAME_MENU_GAP_MS of a key's release before it (its
 * own key's down is the last one: a press has one key). */
bool game_hurried(const game_t *g);

/* play.c: the game under way. */
bool game_person_moved(const game_t *g); /* in this game (then: no menu, abandoned) */
/* A new game (game_new()); with count, the one under way counts as abandoned if the
 * person has moved in it. */
void game_start(game_t *g, uint8_t mode, bool count);
void game_board_press(game_t *g, uint8_t cell, uint8_t kind); /* PRESS_TAP, _LONG, _HOLD */
void game_ai_step(game_t *g);          /* the AI moves when its time has come */
void game_stats_show(game_t *g);       /* the statistics display, said */
bool game_lost_to_ai(const game_t *g); /* the game is over and the AI won it */
/* Where it went wrong (REPLAY): false, nothing shown, when the game was not won. The
 * replay's length for the move that lost; the position after the first `plies` moves. */
bool game_replay(game_t *g);
uint16_t game_replay_ms(uint8_t ply);
pos_t game_replayed(const game_t *g, uint8_t plies);
void game_toy_press(game_t *g, uint8_t kind); /* toddler mode: a press released */
void game_read_step(game_t *g); /* READ: the next cell's voice, or the board after the last */

/* settings.c: a setting, saved and reported. */
void game_setting(game_t *g, uint8_t *field, uint8_t value);
void game_level_step(game_t *g);      /* the menu's level: the next, this game's too if unmoved */
uint8_t game_game_next(uint8_t rule); /* the menu's game: the next one allowed */
/* The game `rule` (RULE_*) in force, or the normal game if its table is refused
 * (game_rule_ok), said either way; a new game if the rule under way changes. False:
 * refused. */
bool game_rule_choose(game_t *g, uint8_t rule);

/* menu.c: the menu. */
void game_menu_open_now(game_t *g);
void game_menu_press(game_t *g, uint8_t cell, uint8_t kind);
void game_menu_close(game_t *g); /* unchanged: said and heard */
void game_menu_frame(const game_t *g, leds_frame_t *f);

#endif
