/* firmware/game/console_out.h - text output of the game and the console (pure C).
 * Every byte goes to console_out_byte(), which the program provides and the linker
 * binds (no function pointer, so the call graph stays provable): the UART in
 * firmware/app/app.c on the board, a capture buffer in the host tests. Constant strings live in flash (PROGMEM) so they cost no
 * SRAM; console_put_P() reads them through pgm_read_byte. */
#ifndef CONSOLE_OUT_H
#define CONSOLE_OUT_H
#include <stdint.h>
#include "pgm.h"

/* Provided by the program: where every output byte goes. */
void console_out_byte(uint8_t c);
void console_putc(char c);
/* A string in flash (declare it with CONSOLE_STR). */
void console_put_P(const char *pgm);
/* A string in RAM. */
void console_puts(const char *s);
void console_put_u16(uint16_t v);
/* v in decimal with `point` digits after a decimal point (0: an integer), e.g.
 * (1234, 3) -> "1.234", (5, 1) -> "0.5". No division: the AVR has none in hardware. */
void console_put_num(uint32_t v, uint8_t point);
/* A cell 0..8 as the user sees it, '1'..'9'. */
void console_put_cell(uint8_t cell);
/* 'x' or 'o' for PLAYER_X / PLAYER_O. */
void console_put_player(uint8_t player);
void console_nl(void);
/* A whole line from flash: text plus '\n'. */
void console_line_P(const char *pgm);

/* static const char name[] in flash. */
#define CONSOLE_STR(name, text) static const char name[] PROGMEM = text

#endif
