/* firmware/console/console.h - the serial console (pure C over the HAL contract): a
 * fixed-buffer line assembler, the commands, and every line the board says. The
 * commands and their answers: firmware/README.md, "Serial console". */
#ifndef CONSOLE_H
#define CONSOLE_H
#include <stdbool.h>
#include <stdint.h>

#include "game.h"
#include "notation.h"

/* Longest accepted line, without its terminator. */
#define CONSOLE_LINE_MAX 40u
/* At least the longest answer one line can produce (diag at its widest). */
#define CONSOLE_ANSWER_MAX 224u

/* console_line_feed() results */
enum {
    CONSOLE_LINE_NONE = 0, /* byte taken, line not finished */
    CONSOLE_LINE_READY,    /* buf holds a complete, NUL-terminated line */
    CONSOLE_LINE_TOO_LONG, /* the finished line was longer than CONSOLE_LINE_MAX */
    CONSOLE_LINE_BAD_CHAR, /* the finished line held a control or non-ASCII byte */
    CONSOLE_LINE_OVERRUN,  /* input was lost inside the finished line */
    CONSOLE_LINE_ASLEEP    /* its first bytes came while the board slept */
};
/* A line lost while asleep is refused at its end, or after this long without input
 * (its end may have been lost too). */
#define CONSOLE_ASLEEP_QUIET_MS 1000u

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
    uint8_t more;           /* 1 + the next line of `stats`; 0: none */
    uint8_t more_rule;      /* its game (RULE_*) */
    uint8_t help_at;        /* `help`: 1 + the command its next line begins with; 0: none */
    uint16_t quiet_ms;      /* ms without input while a line lost asleep is open */
} console_t;

/* Line assembly (firmware/README.md, "Serial console"): CONSOLE_LINE_*. */
void console_line_init(console_line_t *l);
uint8_t console_line_feed(console_line_t *l, uint8_t byte);

/* Init: all zero (cleared memory is a fresh console). */
void console_init(console_t *c);
void console_banner(bool table_ok, bool after_watchdog); /* start-up lines, `ttt: ready` */

/* Runtime (main loop); each prints at most CONSOLE_ANSWER_MAX bytes. */
/* One byte from uart_getc(); a finished line is run, answered, its reports said. */
void console_feed(console_t *c, game_t *g, int16_t byte);
void console_report(game_t *g); /* one line per report of the game, oldest first */
/* After a power-down: with `serial` (input woke it) the line under way lost its first
 * bytes (power.h); a line begun before the sleep may have lost its end. Either is refused. */
void console_woke(console_t *c, bool serial);
/* ms passed since the last call, with or without input (keys or bytes) meanwhile */
void console_tick(console_t *c, bool input, uint8_t ms);
void console_say_sleeping(void);
void console_say_supply_low(uint16_t decivolts); /* a save waits for the supply */
void console_say_stats_reset(void);              /* the statistics could not be read */
/* The next part of an answer too long for one TX ring (`help`, `stats`), if due: said,
 * true. Call it before taking more input. */
bool console_more(console_t *c, const game_t *g);

#endif
