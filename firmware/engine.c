/* firmware/engine.c - the perfect player: answers from the PROGMEM table while its CRC
 * holds, from the iterative solver otherwise (the same moves, slower). Outcomes come
 * from playing the perfect moves out (at most 9 table look-ups), or from one solver
 * search. Invariant: engine_table is NULL or points at a table whose CRC matched. */
#include "engine.h"
#include "solver.h"
#include "table.h"

static const uint8_t *engine_table;

uint8_t engine_use_table(const uint8_t *table)
{
    engine_table = table_check(table) ? table : 0;
    return engine_table != 0;
}

uint8_t engine_init(void)
{
    return engine_use_table(table_data);
}

uint8_t engine_table_ok(void)
{
    return engine_table != 0;
}

uint8_t engine_move(pos_t p)
{
    if (engine_table) {
        uint8_t cell = table_move(engine_table, p);
        if (cell != POS_NO_MOVE)
            return cell;
        engine_table = 0; /* a position the table should hold is missing: stop trusting it */
    }
    return solver_move(p);
}

engine_outcome_t engine_outcome(pos_t p)
{
    engine_outcome_t out;
    uint8_t marks = pos_count(p.x | p.o);
    uint8_t mover = pos_to_move(p);
    if (engine_table) {
        pos_t end = p;
        while (!pos_is_over(end))
            end = pos_play(end, engine_move(end));
        uint8_t winner = pos_winner(end);
        out.result = winner == PLAYER_NONE ? ENGINE_DRAW : winner == mover ? ENGINE_WIN : ENGINE_LOSS;
        out.plies = (uint8_t)(pos_count(end.x | end.o) - marks);
        return out;
    }
    int8_t score = solver_score(p);
    if (score > 0) {
        out.result = ENGINE_WIN;
        out.plies = (uint8_t)(SOLVER_SCORE_BASE - score - marks);
    } else if (score < 0) {
        out.result = ENGINE_LOSS;
        out.plies = (uint8_t)(SOLVER_SCORE_BASE + score - marks);
    } else {
        out.result = ENGINE_DRAW;
        out.plies = (uint8_t)(POS_CELLS - marks);
    }
    return out;
}
