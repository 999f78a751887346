/* firmware/game/out.h - the board's text output: every console line, the game's and
 * the console's, goes byte by byte into the UART's TX ring (hal/uart.h). Callers make
 * sure the line fits first (the main loop checks uart_tx_free()), so nothing waits.
 * Constant strings live in flash (OUT_STR) and cost no SRAM; numbers are printed by a
 * shift-and-subtract loop (the AVR has no divide instruction; no library division). */
#ifndef OUT_H
#define OUT_H
#include <stdint.h>

#include "pgm.h"

/* static const char name[] in flash. */
#define OUT_STR(name, text) static const char name[] PROGMEM = text

void out_byte(char c);
/* A string in flash. */
void out_P(const char *pgm);
/* A string in flash with numbers: each byte OUT_NUM (or OUT_NUM_1: with one decimal)
 * prints the next of `nums` (out_num), any other byte itself. */
#define OUT_NUM "\1"
#define OUT_NUM_1 "\2"
void out_fmt_P(const char *fmt, const uint16_t *nums);
/* The n-th string (from 0) of a flash list of strings "a\0b\0c" (n must be in it). */
void out_nth_P(const char *list, uint8_t n);
/* v in decimal with `point` digits after a decimal point (0: an integer), e.g.
 * (1234, 3) -> "1.234", (5, 1) -> "0.5". */
void out_num(uint32_t v, uint8_t point);
/* A cell 0..8 as people see it, '1'..'9'. */
void out_cell(uint8_t cell);
/* 'x' or 'o' for PLAYER_X / PLAYER_O. */
void out_player(uint8_t player);
void out_nl(void);
/* A whole line from flash: text plus '\n'. */
void out_line_P(const char *pgm);

#endif
