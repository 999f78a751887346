/* firmware/game/play.c - the game under way: a new game, the person's and the AI's
 * moves, the end with its result counted, the hint and the analysis, and what a press
 * does on the board (firmware/README.md, "Gestures"). */
#include "game_rooms.h"

#include "engine.h"
#include "level.h"
#include "menu.h"
#include "play.h"
#include "sounds.h"

static uint8_t game_ai_player(uint8_t mode)
{
    if (mode == GAME_MODE_AI_X) {
        return PLAYER_O;
    }
    return mode == GAME_MODE_AI_O ? PLAYER_X : PLAYER_NONE;
}

/* How a finished game counts: vs the AI, the person's win, draw or loss; two players,
 * x wins (STATS_WIN), a draw or o wins (STATS_LOSS). */
static uint8_t game_stats_kind(uint8_t mode, uint8_t winner)
{
    if (winner == PLAYER_NONE) {
        return STATS_DRAW;
    }
    if (mode == GAME_MODE_AI_O) {
        return winner == PLAYER_O ? STATS_WIN : STATS_LOSS;
    }
    return winner == PLAYER_X ? STATS_WIN : STATS_LOSS;
}

/* The result's sound: the person's win, draw or loss against the AI; two players, a win
 * is the winner's (firmware/README.md, "Sound"). */
static uint8_t game_result_sound(uint8_t mode, uint8_t winner)
{
    if (winner == PLAYER_NONE) {
        return SOUNDS_draw;
    }
    return mode == GAME_MODE_2P || game_stats_kind(mode, winner) == STATS_WIN ? SOUNDS_win
                                                                              : SOUNDS_loss;
}

/* The game under way counted as `kind` (STATS_*) in its game, mode and level, and saved. */
static void game_count(game_t *g, uint8_t kind)
{
    stats_count(&g->stats, g->rule, g->settings.mode, g->level, kind);
    g->save |= stats_save_of(g->rule);
}

static uint16_t game_marked(const game_t *g)
{
    return (uint16_t)(g->st.pos.x | g->st.pos.o);
}

/* The cell's voice: its pitch in its mark's rhythm (sounds.h, SOUNDS_MARKS). */
static uint8_t game_voice(const game_t *g, uint8_t cell)
{
    uint16_t bit = game_bit(cell);
    uint8_t mark = (g->st.pos.x & bit)   ? SOUNDS_MARK_x
                   : (g->st.pos.o & bit) ? SOUNDS_MARK_o
                                         : SOUNDS_MARK_empty;
    return SOUNDS_VOICE(mark, cell);
}

/* The board read aloud (firmware/README.md, "Play by ear"): a click now, then each cell
 * in reading order GAME_READ_STEP_MS apart, its voice or a rest, then the board. */
static void game_read_board(game_t *g)
{
    g->cell = 0;
    game_sound_asked(g, SOUNDS_click);
    game_enter(g, GAME_ST_READ, GAME_READ_STEP_MS);
}

void game_read_step(game_t *g)
{
    uint8_t cell = g->cell;
    if (cell >= POS_CELLS) {
        game_enter(g, GAME_ST_BOARD, 0);
        return;
    }
    if (game_marked(g) & game_bit(cell)) {
        game_sound_asked(g, game_voice(g, cell));
    }
    g->cell = (uint8_t)(cell + 1u);
    game_enter(g, GAME_ST_READ, GAME_READ_STEP_MS);
}

bool game_person_moved(const game_t *g)
{
    uint8_t ai = game_ai_player(g->settings.mode);
    uint16_t theirs = ai == PLAYER_X ? g->st.pos.o : ai == PLAYER_O ? g->st.pos.x : game_marked(g);
    return theirs != 0;
}

static game_err_t game_turn(const game_t *g)
{
    if (g->over) {
        return GAME_ERR_OVER;
    }
    return g->st.to_move == game_ai_player(g->settings.mode) ? GAME_ERR_NOT_YOUR_TURN : GAME_OK;
}

bool game_ai_to_move(const game_t *g)
{
    return game_turn(g) == GAME_ERR_NOT_YOUR_TURN;
}

/* The mover's mark on `cell` under the rule, reported as `kind`; then the AI's reply is
 * due, or the game is over: reported and counted. */
static void game_place(game_t *g, uint8_t cell, game_report_kind_t kind)
{
    uint8_t mover = g->st.to_move;
    game_report_t *r = game_report(g, kind);
    uint16_t line;
    r->cell = cell;
    r->player = mover;
    if (g->st.plies < POS_CELLS) {
        g->moves[g->st.plies] = cell;
    }
    state_play(g->rule, &g->st, cell);
    game_sound(g, game_voice(g, cell)); /* the cell sings the mark (a result stays over it) */
    /* only the mover can have completed a line (misère: and lost by it) */
    line = pos_lines(mover == PLAYER_X ? g->st.pos.x : g->st.pos.o);
    if (!state_is_over(g->rule, &g->st)) {
        g->ai_ms = GAME_AI_DELAY_MS;
        return;
    }
    if (!line) {
        line = POS_ALL; /* a draw: all nine blink */
    }
    mover = state_winner(g->rule, &g->st);
    g->over = true;
    g->winner = mover;
    g->blink = line;
    game_enter(g, GAME_ST_RESULT, GAME_RESULT_MS); /* the result stays, its tune plays whole */
    game_report(g, GAME_REP_RESULT)->player = mover;
    game_count(g, game_stats_kind(g->settings.mode, mover));
    game_sound(g, game_result_sound(g->settings.mode, mover));
}

void game_new(game_t *g, uint8_t mode)
{
    game_start(g, mode, true);
}

void game_start(game_t *g, uint8_t mode, bool count)
{
    if (mode >= GAME_MODES) {
        mode = GAME_MODE_AI_X;
    }
    if (count && !g->over && game_person_moved(g)) {
        game_count(g, STATS_ABANDONED);
    }
    game_setting(g, &g->settings.mode, mode);
    game_enter(g, GAME_ST_BOARD, 0);
    g->level = g->settings.level;
    g->rule = game_rule_ok(g->settings.game) ? g->settings.game : RULE_NORMAL;
    g->st = state_start();
    g->over = false;
    g->winner = PLAYER_NONE;
    g->blink_ms = 0;
    g->ai_ms = GAME_AI_DELAY_MS;
    game_report_t *r = game_report(g, GAME_REP_NEW);
    r->mode = mode;
    r->level = g->level;
    r->value = g->rule;
}

void game_lamp(game_t *g)
{
    game_enter(g, GAME_ST_LAMP, 3u * GAME_LAMP_STEP_MS);
}

game_err_t game_person_move(game_t *g, uint8_t cell)
{
    game_err_t r = game_turn(g);
    if (!r && (game_marked(g) & game_bit(cell))) {
        r = GAME_ERR_TAKEN;
    }
    if (!r) {
        game_enter(g, GAME_ST_BOARD, 0); /* a move ends any display */
        game_place(g, cell, GAME_REP_MOVE);
    }
    return r;
}

/* The game's table refused during play (fading: no perfect fallback): the game ends,
 * said, and a normal one starts. */
static bool game_rule_lost(game_t *g)
{
    if (game_rule_ok(g->rule)) {
        return false;
    }
    (void)game_rule_choose(g, g->rule); /* refused: said, the normal game instead */
    return true;
}

bool game_hint(game_t *g)
{
    if (game_turn(g) != GAME_OK) {
        return false;
    }
    g->cell = play_move(g->rule, &g->st);
    if (game_rule_lost(g)) {
        return false;
    }
    game_enter(g, GAME_ST_HINT, GAME_HINT_MS);
    game_report(g, GAME_REP_HINT)->cell = g->cell;
    return true;
}

/* Each empty cell: what the side to move gets there with perfect play after it. */
bool game_analysis(game_t *g)
{
    game_report_t *r;
    uint16_t cells = pos_empty(g->st.pos), wins = 0, losses = 0;
    if (g->over) {
        return false;
    }
    for (uint8_t c = 0; c < POS_CELLS; c++) {
        uint16_t bit = game_bit(c);
        if (cells & bit) {
            /* the child's result is the opponent's: its loss is the mover's win */
            state_t t = g->st;
            state_play(g->rule, &t, c);
            int8_t child = play_outcome(g->rule, &t).result;
            if (child == ENGINE_LOSS) {
                wins |= bit;
            } else if (child == ENGINE_WIN) {
                losses |= bit;
            }
        }
    }
    if (game_rule_lost(g)) {
        return false;
    }
    r = game_report(g, GAME_REP_ANALYSIS);
    r->cells = g->cells = cells;
    r->wins = g->wins = wins;
    r->losses = g->losses = losses;
    game_enter(g, GAME_ST_ANALYSIS, GAME_ANALYSIS_MS);
    return true;
}

/* The statistics of the mode at this game's level (the menu's statistics cell, a long press at game
 * over): said, and shown as two pictures of bars. */
void game_stats_show(game_t *g)
{
    game_report_t *r = game_report(g, GAME_REP_STATS);
    r->mode = g->settings.mode;
    r->level = g->level;
    r->value = g->rule;
    game_enter(g, GAME_ST_STATS_RESULTS, GAME_STATS_RESULTS_MS);
}

bool game_lost_to_ai(const game_t *g)
{
    return g->over && g->winner != PLAYER_NONE && g->winner == game_ai_player(g->settings.mode);
}

/* Where a won game went wrong: the ply of the loser's last move that turned a position
 * they could hold (a draw, or a win) into a loss. POS_CELLS: none, no winner, another game
 * than the normal one, or moves that do not replay to the position (a test's). */
static uint8_t game_lesson(const game_t *g)
{
    pos_t p = {0, 0};
    uint8_t n = pos_count(game_marked(g)), lost = POS_CELLS;
    if (!g->over || g->winner == PLAYER_NONE || g->rule != RULE_NORMAL) {
        return POS_CELLS;
    }
    for (uint8_t i = 0; i < n; i++) {
        uint8_t cell = g->moves[i];
        if (cell >= POS_CELLS || !(pos_empty(p) & game_bit(cell))) {
            return POS_CELLS;
        }
        if (pos_to_move(p) != g->winner && engine_outcome(p).result != ENGINE_LOSS &&
            engine_outcome(pos_play(p, cell)).result == ENGINE_WIN) {
            lost = i;
        }
        p = pos_play(p, cell);
    }
    return p.x == g->st.pos.x && p.o == g->st.pos.o ? lost : POS_CELLS;
}

uint16_t game_replay_ms(uint8_t ply)
{
    return (uint16_t)((ply + 1u) * GAME_REPLAY_STEP_MS + GAME_REPLAY_MARK_MS + GAME_REPLAY_HOLD_MS);
}

pos_t game_replayed(const game_t *g, uint8_t plies)
{
    pos_t p = {0, 0};
    for (uint8_t i = 0; i < plies; i++) {
        p = pos_play(p, g->moves[i]);
    }
    return p;
}

bool game_replay(game_t *g)
{
    uint8_t ply = game_lesson(g);
    pos_t before;
    game_report_t *r;
    if (ply >= POS_CELLS) {
        return false;
    }
    before = game_replayed(g, ply);
    g->ply = ply;
    g->cell = engine_move(before); /* the perfect move there: it would have held */
    r = game_report(g, GAME_REP_REPLAY);
    r->cell = g->moves[ply];
    r->player = pos_to_move(before);
    r->value = g->cell;
    r->level = engine_outcome(before).result == ENGINE_WIN; /* it would have won */
    game_enter(g, GAME_ST_REPLAY, game_replay_ms(ply));
    return true;
}

void game_ai_step(game_t *g)
{
    uint8_t cell;
    if (!game_ai_to_move(g) || g->ai_ms || g->state == GAME_ST_TODDLER) {
        return; /* the toy holds the game as it was */
    }
    cell = level_pick_rule(g->rule, &g->st, g->level, &g->rng);
    if (game_rule_lost(g)) {
        return;
    }
    g->blink = game_bit(cell);
    g->blink_ms = GAME_AI_BLINK_MS;
    game_place(g, cell, GAME_REP_AI_MOVE);
}

void game_board_press(game_t *g, uint8_t cell, uint8_t kind)
{
    uint16_t bit = game_bit(cell);
    bool taken = (game_marked(g) & bit) != 0;
    if (kind == PRESS_HOLD && cell == GAME_MENU_OPEN_CELL) {
        game_menu_open_now(g);
    } else if (kind == PRESS_HOLD) {
        game_read_board(g); /* any other cell held: the board read aloud */
    } else if (kind == PRESS_LONG) {
        if (g->over) {
            game_stats_show(g); /* nothing to hint or analyse: how the games went */
            return;
        }
        game_sound_asked(g, game_voice(g, cell)); /* the cell heard, not moved to */
        if (!taken) {
            (void)game_hint(g);
        } else {
            (void)game_analysis(g);
        }
    } else if (cell == GAME_MENU_OPEN_CELL && taken && !g->over && g->up_cell == cell &&
               game_hurried(g)) {
        game_menu_open_now(g); /* a double tap on the centre's mark */
    } else if (g->over) {
        game_new(g, g->settings.mode); /* this press is not a move */
    } else if (game_person_move(g, cell) == GAME_ERR_TAKEN) {
        g->blink = bit; /* the taken cell blinks in its color */
        g->blink_ms = GAME_ERROR_MS;
        game_sound(g, SOUNDS_ignored); /* no move: buzzed, as a flickering press */
    }
}

/* A press in toddler mode: a calm tap (begun GAME_CALM_MS after the last key) ends the
 * toy with a new game in the same mode; the game it interrupted, a toddler's, is not
 * counted, not even as abandoned. */
void game_toy_press(game_t *g, uint8_t kind)
{
    if (kind != PRESS_TAP || !g->calm) {
        return;
    }
    game_sound(g, SOUNDS_click);
    game_report(g, GAME_REP_TOY)->value = 0;
    game_start(g, g->settings.mode, false);
}
