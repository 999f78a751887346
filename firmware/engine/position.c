/* firmware/engine/position.c - the position model (firmware/engine/README.md, "The
 * position"). Invariant: masks have no bits above POS_ALL; x and o never overlap in a
 * legal position. */
#include "position.h"
#include "pgm.h"

#define POS_LINES 8

static const uint16_t pos_line_masks[POS_LINES] PROGMEM = {
    0x007, 0x038, 0x1C0, /* rows */
    0x049, 0x092, 0x124, /* columns */
    0x111, 0x054         /* diagonals */
};

uint8_t pos_count(uint16_t mask)
{
    uint8_t n = 0;
    for (; mask; mask &= (uint16_t)(mask - 1))
        n++;
    return n;
}

uint16_t pos_empty(pos_t p)
{
    return (uint16_t)(POS_ALL & ~(p.x | p.o));
}

/* The one place the side to move is worked out. */
uint8_t pos_to_move(pos_t p)
{
    return (uint8_t)(PLAYER_X + (pos_count(p.x | p.o) & 1u));
}

pos_sides_t pos_sides(pos_t p)
{
    pos_sides_t s = {p.x, p.o};
    if (pos_to_move(p) == PLAYER_O) {
        s.mine = p.o;
        s.theirs = p.x;
    }
    return s;
}

uint8_t pos_winner(pos_t p)
{
    if (pos_lines(p.x))
        return PLAYER_X;
    if (pos_lines(p.o))
        return PLAYER_O;
    return PLAYER_NONE;
}

/* A cell is a threat when it is the one cell of a line that is not mine, and empty; a
 * line with no cell that is not mine is complete. */
uint16_t pos_threats(uint16_t mine, uint16_t theirs)
{
    uint16_t cells = 0;
    for (uint8_t i = 0; i < POS_LINES; i++) {
        uint16_t line = pgm_read_word(&pos_line_masks[i]), rest = line & (uint16_t)~mine;
        if (!rest)
            cells |= line;
        else if (!(rest & (uint16_t)(rest - 1)) && !(rest & theirs)) /* one cell */
            cells |= rest;
    }
    return cells;
}

uint8_t pos_legality(pos_t p)
{
    if ((p.x | p.o) & (uint16_t)~POS_ALL || (p.x & p.o))
        return POS_BAD_CELLS;
    uint8_t lead = (uint8_t)(pos_count(p.x) - pos_count(p.o));
    if (lead > 1)
        return POS_BAD_COUNTS;
    uint16_t x_lines = pos_lines(p.x), o_lines = pos_lines(p.o);
    if (x_lines && o_lines)
        return POS_BOTH_LINES;
    if (x_lines ? !lead : o_lines && lead) /* X's line needs X last, O's needs O last */
        return POS_LINE_NOT_LAST;
    return POS_LEGAL;
}

/* pos_legality()'s verdict in fewer steps: the counts right (the side to move by parity
 * holds half the marks, rounded down) and no line of the side to move. */
bool pos_is_legal(pos_t p)
{
    if ((p.x | p.o) > POS_ALL || (p.x & p.o))
        return false;
    uint16_t mine = pos_sides(p).mine;
    return !pos_lines(mine) && pos_count(mine) == pos_count(p.x | p.o) >> 1;
}

bool pos_is_over(pos_t p)
{
    return pos_winner(p) != PLAYER_NONE || (p.x | p.o) == POS_ALL;
}

pos_t pos_play(pos_t p, uint8_t cell)
{
    uint16_t bit = (uint16_t)(1u << cell);
    if (pos_to_move(p) == PLAYER_O)
        p.o |= bit;
    else
        p.x |= bit;
    return p;
}

uint8_t pos_first_cell(uint16_t mask)
{
    uint8_t cell = 0;
    mask |= (uint16_t)(1u << POS_CELLS); /* a stop bit: at most POS_CELLS shifts */
    while (!(mask & 1u)) {
        mask >>= 1;
        cell++;
    }
    return cell;
}

uint16_t pos_rule_cells(pos_t p, bool set)
{
    pos_sides_t s = pos_sides(p);
    uint16_t empty = pos_empty(p);
    uint16_t wins = pos_threats(s.mine, s.theirs) & empty;
    uint16_t danger = pos_threats(s.theirs, s.mine) & empty;
    if (wins)
        return wins;
    /* one threat: only its block does not lose at once; two: every cell loses next */
    if (danger)
        return set && danger & (uint16_t)(danger - 1u) ? empty : danger;
    return empty & (uint16_t)(empty - 1u) ? 0u : empty; /* the last cell, or no rule */
}

uint8_t pos_forced_move(pos_t p)
{
    uint16_t cells = pos_rule_cells(p, false);
    return cells ? pos_first_cell(cells) : POS_NO_MOVE;
}

uint16_t pos_code(pos_t p)
{
    uint16_t code = 0;
    for (uint16_t bit = 1u << (POS_CELLS - 1); bit; bit >>= 1) /* cell 8 first: Horner */
        code = (uint16_t)(3u * code + ((p.x & bit) ? 1u : (p.o & bit) ? 2u : 0u));
    return code;
}

pos_t pos_from_code(uint16_t code)
{
    pos_t p = {0, 0};
    for (uint16_t bit = 1; bit <= POS_ALL; bit <<= 1, code /= 3u) {
        uint8_t trit = (uint8_t)(code % 3u);
        if (trit == 1)
            p.x |= bit;
        else if (trit == 2)
            p.o |= bit;
    }
    return p;
}

uint16_t pos_misere_rule_cells(pos_t p)
{
    pos_sides_t s = pos_sides(p);
    uint16_t empty = pos_empty(p);
    uint16_t safe = empty & (uint16_t)~pos_threats(s.mine, s.theirs);
    if (!(empty & (uint16_t)(empty - 1u)) || !safe)
        return empty; /* the last cell, or every cell loses at once */
    return safe & (uint16_t)(safe - 1u) ? 0u : safe;
}
