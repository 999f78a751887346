/* firmware/console/console.h - the serial console: a line assembler with a fixed buffer and
 * the command interpreter (pure C over the HAL contract: `diag` reads its counters).
 * Commands (see `help` and the README's console table): help, board, move N,
 * new x|o|2p, level perfect|medium|easy|0..2, hint, stats, stats clear, diag,
 * solve <board> (or `solve` then the board on the next 3 lines). */
#ifndef CONSOLE_H
#define CONSOLE_H
#include <stdint.h>
#include "game.h"

/* Longest accepted line, without its terminator. */
#define CONSOLE_LINE_MAX 40u

/* console_line_feed() results */
enum {
    CONSOLE_LINE_NONE = 0,    /* byte taken, line not finished */
    CONSOLE_LINE_READY,       /* buf holds a complete, NUL-terminated line */
    CONSOLE_LINE_TOO_LONG,    /* the finished line was longer than CONSOLE_LINE_MAX */
    CONSOLE_LINE_BAD_CHAR,    /* the finished line held a control or non-ASCII byte */
    CONSOLE_LINE_OVERRUN      /* input was lost inside the finished line */
};

/* The longest answer any one line can produce (help); the main loop feeds a byte only
 * when the UART can take this much output, so answers are never cut. */
#define CONSOLE_ANSWER_MAX 224u

typedef struct {
    char buf[CONSOLE_LINE_MAX + 1u];
    uint8_t len;
    uint8_t status; /* CONSOLE_LINE_NONE or the error the line will end with */
} console_line_t;

typedef struct {
    console_line_t line;
    /* A board being collected by `solve` over the following lines. */
    uint16_t solve_x;
    uint16_t solve_o;
    uint8_t solve_cells;   /* cells read so far, 0..9 */
    uint8_t solve_format;  /* 0 none, else SOLVE_DIGITS / SOLVE_LETTERS */
    uint8_t solve_pending; /* 1 while waiting for more board lines */
    uint16_t lines_lost;   /* lines refused because input was lost inside them */
} console_t;

void console_line_init(console_line_t *l);
/* Take one received byte. '\n' or '\r' ends a line (so \r\n gives one line and an
 * empty one, which the interpreter ignores); tab counts as a space; any other control
 * byte (NUL, backspace, DEL, ESC...) or byte >= 0x80 makes the line bad. No line editing:
 * an overlong or bad line is reported once, at its end, and its text is discarded. */
uint8_t console_line_feed(console_line_t *l, uint8_t byte);

void console_init(console_t *c);
/* Assemble a byte from uart_getc() and run the line when complete (prints the answer).
 * A byte flagged UART_RX_GAP_AFTER makes the line that continues after it an
 * `error: input overrun`: a line missing bytes is never run, nor spliced into the next. */
void console_feed(console_t *c, game_t *g, int16_t byte);
/* Run one complete line (modified in place: lower-cased). */
void console_exec(console_t *c, game_t *g, char *line);

#endif
