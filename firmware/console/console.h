/* firmware/console/console.h - the serial console: a line assembler with a fixed buffer
 * and the command interpreter (pure C over the HAL contract: `diag` reads its
 * counters). Commands (the table in console.c, which `help` prints): help, board,
 * hint, diag, move 1-9, new x|o|2p, level perfect|medium|easy|0-2, stats [clear],
 * solve BOARD (or `solve` alone, then the board on the next 3 lines). Every finished
 * non-empty line gets at least one answer line, except the three board lines after a
 * bare `solve`, which are answered together by the result. */
#ifndef CONSOLE_H
#define CONSOLE_H
#include <stdbool.h>
#include <stdint.h>

#include "game.h"
#include "notation.h"

/* Longest accepted line (spaces between words counted once), without its
 * terminator. */
#define CONSOLE_LINE_MAX 40u
/* At least the longest answer any one line can produce (diag with every counter at its
 * widest: 222 bytes; help: 185); the main loop feeds a byte only when the UART can take
 * this much output, so answers are never cut. */
#define CONSOLE_ANSWER_MAX 224u

/* console_line_feed() results */
enum {
    CONSOLE_LINE_NONE = 0, /* byte taken, line not finished */
    CONSOLE_LINE_READY,    /* buf holds a complete, NUL-terminated line */
    CONSOLE_LINE_TOO_LONG, /* the finished line was longer than CONSOLE_LINE_MAX */
    CONSOLE_LINE_BAD_CHAR, /* the finished line held a control or non-ASCII byte */
    CONSOLE_LINE_OVERRUN   /* input was lost inside the finished line */
};

typedef struct {
    char buf[CONSOLE_LINE_MAX + 1u];
    uint8_t len;
    uint8_t status; /* CONSOLE_LINE_NONE or the error the line will end with */
} console_line_t;

typedef struct {
    console_line_t line;
    notation_board_t solve; /* a board being collected after a bare `solve` */
    uint8_t solve_lines;    /* board lines still expected (0: none) */
    uint16_t lines_lost;    /* lines refused because input was lost inside them */
} console_t;

void console_line_init(console_line_t *l);
/* Take one received byte. '\n' or '\r' ends a line (so \r\n gives one line and an
 * empty one, which the interpreter ignores); tab counts as a space, and spaces are
 * kept only between words, one each (a space at the start, after another or at the
 * end is dropped); any other control byte (NUL, backspace, DEL, ESC...) or byte >= 0x80
 * makes the line bad. No line editing: an overlong or bad line is reported once, at
 * its end, and its text is discarded. */
uint8_t console_line_feed(console_line_t *l, uint8_t byte);

/* A fresh console: all zero (so a console_t in cleared memory is one already). */
void console_init(console_t *c);
/* The banner lines at start-up: a watchdog reset, a bad table, `ttt: ready`. */
void console_banner(bool table_ok, bool after_watchdog);
/* One line for each report the game made (game_take_report), oldest first. */
void console_report(game_t *g);
/* The app's lines: going to sleep; a save waits for the supply (in 0.1 V). */
void console_say_sleeping(void);
void console_say_supply_low(uint16_t decivolts);
/* Assemble a byte from uart_getc() and run the line when complete (prints the answer).
 * A byte flagged UART_RX_GAP_AFTER makes the line that continues after it an
 * `error: input overrun`: a line missing bytes is never run, nor spliced into the next. */
void console_feed(console_t *c, game_t *g, int16_t byte);

#endif
