/* firmware/engine/position.c - the position model: 9-bit masks for X and O, lines, threats and
 * legality (pure C, host and AVR; no tables in RAM: the 8 lines live in flash).
 * Invariant: masks never have bits above POS_ALL; x and o never overlap in a valid
 * position (pos_is_legal checks it for untrusted input). */
#include "position.h"
#include "pgm.h"

/* Rows, columns, diagonals as cell masks. */
static const uint16_t pos_line_masks[8] PROGMEM = {
    0x007, 0x038, 0x1C0, /* rows */
    0x049, 0x092, 0x124, /* columns */
    0x111, 0x054         /* diagonals */
};

uint8_t pos_count(uint16_t mask)
{
    /* Parallel bit count of the low byte (3 steps), plus cell 8. */
    uint8_t v = (uint8_t)mask;
    v = (uint8_t)(v - ((v >> 1) & 0x55u));
    v = (uint8_t)((v & 0x33u) + ((v >> 2) & 0x33u));
    v = (uint8_t)((v + (v >> 4)) & 0x0Fu);
    return (uint8_t)(v + ((mask >> 8) & 1u));
}

uint16_t pos_empty(pos_t p)
{
    return (uint16_t)(POS_ALL & ~(p.x | p.o));
}

uint8_t pos_to_move(pos_t p)
{
    return pos_count(p.x) == pos_count(p.o) ? PLAYER_X : PLAYER_O;
}

uint16_t pos_lines(uint16_t mask)
{
    uint16_t cells = 0;
    for (uint8_t i = 0; i < 8; i++) {
        uint16_t line = pgm_read_word(&pos_line_masks[i]);
        if ((mask & line) == line)
            cells |= line;
    }
    return cells;
}

uint8_t pos_winner(pos_t p)
{
    if (pos_lines(p.x))
        return PLAYER_X;
    if (pos_lines(p.o))
        return PLAYER_O;
    return PLAYER_NONE;
}

/* The outer ring: cells 0 1 2 5 8 7 6 3 (clockwise from the top-left corner) as bits
 * 0..7 of a byte; corners at even bits, edges at odd bits, opposite cells 4 bits apart.
 * Lines are then byte rotations: 8-bit work for an 8-bit CPU. */
uint8_t pos_to_ring(uint16_t m)
{
    return (uint8_t)((m & 0x007u) | ((m >> 2) & 0x028u) | ((m >> 4) & 0x010u) | (m & 0x040u) |
                     ((m << 4) & 0x080u));
}

uint16_t pos_from_ring(uint8_t r)
{
    return (uint16_t)((r & 0x07u) | (((uint16_t)r & 0x28u) << 2) | (((uint16_t)r & 0x10u) << 4) |
                      (r & 0x40u) | ((r & 0x80u) >> 4));
}

#define POS_RING_CORNERS 0x55u
#define POS_RING_EDGES 0xAAu
#define POS_CENTRE 0x010u
#define POS_ROTL(r, n) ((uint8_t)((uint8_t)((r) << (n)) | (uint8_t)((r) >> (8 - (n)))))

/* A cell is a threat when the other two cells of one of its lines are mine: the sides
 * of the ring (corner-edge-corner) and the four lines through the centre. */
uint16_t pos_threats(uint16_t mine, uint16_t theirs)
{
    uint8_t m = pos_to_ring(mine);
    uint8_t next = POS_ROTL(m, 7), prev = POS_ROTL(m, 1); /* cell i+1, cell i-1 at bit i */
    uint8_t cells = (uint8_t)((next & prev & POS_RING_EDGES) |
                              (((next & POS_ROTL(m, 6)) | (prev & POS_ROTL(m, 2))) & POS_RING_CORNERS));
    uint8_t opposite = POS_ROTL(m, 4);
    uint16_t centre = 0;
    if (mine & POS_CENTRE)
        cells |= opposite;
    else if (m & opposite)
        centre = POS_CENTRE;
    return (uint16_t)((pos_from_ring(cells) | centre) & ~(mine | theirs));
}

/* A board is reachable iff the counts alternate (X first), at most one side has lines,
 * and if a side has lines it moved last and some single mark of it lies on all of its
 * lines and leaves a board without lines when taken back (then the earlier board is
 * line-free with alternating counts, which is always reachable). */
uint8_t pos_legality(pos_t p)
{
    if ((p.x | p.o) & (uint16_t)~POS_ALL || (p.x & p.o))
        return POS_BAD_CELLS;
    uint8_t nx = pos_count(p.x), no = pos_count(p.o);
    if (nx != no && nx != (uint8_t)(no + 1))
        return POS_BAD_COUNTS;
    uint16_t x_lines = pos_lines(p.x), o_lines = pos_lines(p.o);
    if (x_lines && o_lines)
        return POS_BOTH_LINES;
    if (!x_lines && !o_lines)
        return POS_LEGAL;
    uint16_t winner = x_lines ? p.x : p.o;
    if (x_lines ? nx == no : nx != no)
        return POS_LINE_NOT_LAST;
    for (uint16_t candidates = x_lines | o_lines; candidates; candidates &= (uint16_t)(candidates - 1)) {
        uint16_t last = candidates & (uint16_t)-candidates;
        if (!pos_lines((uint16_t)(winner & ~last)))
            return POS_LEGAL;
    }
    return POS_LINES_NOT_ONE_MOVE;
}

uint8_t pos_is_legal(pos_t p)
{
    return pos_legality(p) == POS_LEGAL;
}

uint8_t pos_is_over(pos_t p)
{
    return pos_winner(p) != PLAYER_NONE || (p.x | p.o) == POS_ALL;
}

pos_t pos_play(pos_t p, uint8_t cell)
{
    uint16_t bit = (uint16_t)(1u << cell);
    if (pos_to_move(p) == PLAYER_X)
        p.x |= bit;
    else
        p.o |= bit;
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

uint8_t pos_forced_move(pos_t p)
{
    uint16_t mine, theirs;
    pos_sides(p, &mine, &theirs);
    uint16_t empty = pos_empty(p);
    uint16_t cells = pos_threats(mine, theirs); /* threat cells are always empty */
    if (!cells)
        cells = pos_threats(theirs, mine);
    if (!cells && !(empty & (uint16_t)(empty - 1)))
        cells = empty;
    return cells ? pos_first_cell(cells) : POS_NO_MOVE;
}

/* A nibble's 4 bits read as base-3 digits of 0/1: bit b weighs 3^b. */
static const uint8_t pos_nibble_trits[16] PROGMEM = {0,  1,  3,  4,  9,  10, 12, 13,
                                                     27, 28, 30, 31, 36, 37, 39, 40};

uint8_t pos_nibble_code(uint8_t x_nibble, uint8_t o_nibble)
{
    return (uint8_t)(pgm_read_byte(&pos_nibble_trits[x_nibble & 15u]) +
                     2u * pgm_read_byte(&pos_nibble_trits[o_nibble & 15u]));
}

uint16_t pos_code(pos_t p)
{
    uint16_t code = 0;
    for (int8_t shift = 8; shift >= 0; shift -= 4) /* cell 8, cells 4..7, cells 0..3 */
        code = (uint16_t)(code * 81u + pos_nibble_code((uint8_t)(p.x >> shift), (uint8_t)(p.o >> shift)));
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
