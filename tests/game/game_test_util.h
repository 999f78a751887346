/* tests/game/game_test_util.h - helpers for the game/console host tests: drive the game
 * with key gestures and time; after each game call, log its reports (for the game's
 * tests) and hand them to gtu_say(): linked, not chosen at run time, from
 * game_say_quiet.c (the game's tests: taken, nothing said; no console linked) or
 * tests/console/console_test_util.c (the console's: said by the console). */
#ifndef GAME_TEST_UTIL_H
#define GAME_TEST_UTIL_H
#include <stddef.h>
#include <stdint.h>
#include "game.h"
#include "hal_fake.h"
#include "menu.h"

/* Each menu action's cell (0-8), from the menu table, so a test names what a cell does,
 * not its number: GTU_MENU_<action><arg> (GTU_MENU_SOUND, GTU_MENU_MODEAI_O). */
#define GTU_MENU_CELL(cell, action, arg, lng, shrt) GTU_MENU_##action##arg = (cell)-1,
enum { GAME_MENU(GTU_MENU_CELL) };

/* Output since the last gtu_clear() (NUL-terminated): what the game and the console
 * wrote into the UART fake. gtu_capture_start() resets the HAL fakes. */
void gtu_capture_start(void);
const char *gtu_out(void);
void gtu_clear(void);
/* Number of lines in the captured output starting with `prefix`. */
unsigned gtu_count_lines(const char *prefix);
/* The game's reports since the last gtu_clear(): how many (of one kind), the last of a
 * kind (NULL: none). gtu_drain() logs and says the ones waiting in *g; every gtu_ call
 * that runs the game drains after it. */
void gtu_drain(game_t *g);
unsigned gtu_reports(void);
unsigned gtu_reports_of(game_report_kind_t kind);
const game_report_t *gtu_last_report(game_report_kind_t kind);
/* game_init() with a seed, drained. */
void gtu_init(game_t *g, uint16_t seed);
/* Start a game: blank stats, the given mode and level, colour-blind cues off, greeting
 * over. */
void gtu_start(game_t *g, uint8_t mode, uint8_t level, uint16_t seed);
void gtu_tick(game_t *g, uint32_t ms);
void gtu_ev(game_t *g, uint8_t kind, uint8_t cell);
/* A tap: PRESS, 60 ms, RELEASE, 1 ms. A long press: PRESS, GAME_LONG_MS + 100 ms,
 * RELEASE, 1 ms. */
void gtu_tap(game_t *g, uint8_t cell);
void gtu_long(game_t *g, uint8_t cell);
/* The menu's hold: its cell (menu.h) held GAME_MENU_HOLD_MS + 100 ms, released. */
void gtu_open(game_t *g);
/* Time to look (GAME_MENU_GAP_MS): the next press is unhurried. */
void gtu_pause(game_t *g);
/* A menu pick: the menu's hold opens it, a tap chooses `cell`, a tap on it again picks it,
 * each after a pause. */
void gtu_menu(game_t *g, uint8_t cell);
/* The statistics display as a long press at game over shows it (game_stats_show), at any
 * moment: the display's tests need not finish a game first. */
void gtu_stats_show(game_t *g);
/* A game just over: time passes until its result (and, after a loss to the AI, where it
 * went wrong) has shown; the board then waits for the next press. */
void gtu_settle(game_t *g);
/* One cell of the game's frame as LED_OFF/RED/GREEN/YELLOW (+ LED_BLINK, LED_DIM). */
uint8_t gtu_cell(const game_t *g, uint8_t cell);
/* The records changed since the last call (STATS_SAVE_*; then cleared), as the main
 * loop takes a record to save. */
uint8_t gtu_take_save(game_t *g);
/* The only setters beside game_load(): counts planted in the statistics, a legal
 * unfinished position to play from (the AI's reply, if due, at the next tick). */
stats_t *gtu_stats(game_t *g);
void gtu_place(game_t *g, pos_t p);
/* A report queued as if the game had made it (the console's tests of each line), and
 * the reports waiting dropped unread. */
void gtu_queue_report(game_t *g, const game_report_t *r);
void gtu_discard_reports(game_t *g);
/* The position is p. */
void gtu_assert_pos(const game_t *g, pos_t p);
/* The cells flickering now (an ignored press: lit yellow, dark 50 ms later). */
uint16_t gtu_flickering(const game_t *g);
/* What a menu cell shows with nothing chosen (in a copy of the game: closed, opened). */
uint8_t gtu_menu_look(const game_t *g, uint8_t cell);
/* A key event that presses nothing: the idle time starts again. */
void gtu_idle_now(game_t *g);
/* Take the reports waiting in *g (said or not); the start-up lines (gtu_start). */
void gtu_say(game_t *g);
void gtu_say_banner(void);
/* Pieces on the board; the invariants every state keeps (legal, `over` right, records
 * in range, a frame of known colours, the AI's timer within bounds). */
uint8_t gtu_marks(const game_t *g);
void gtu_check_consistent(const game_t *g);
/* Pure minimax reference for tests (recursive, host only): result for the side to
 * move of a legal position, +1 win, 0 draw, -1 loss. */
int gtu_minimax(pos_t p);

#endif
