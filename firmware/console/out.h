/* firmware/console/out.h - console-internal: text into the UART's TX ring. Precondition
 * of every call: the line fits (the main loop checks uart_tx_free()). */
#ifndef OUT_H
#define OUT_H
#include <stdint.h>

#include "pgm.h"

#define OUT_STR(name, text) static const char name[] PROGMEM = text
/* In out_fmt_P() text: the next number, as an integer or with one decimal. */
#define OUT_NUM "\1"
#define OUT_NUM_1 "\2"

void out_byte(char c);
void out_P(const char *pgm);                           /* a string in flash */
void out_line_P(const char *pgm);                      /* the same, then '\n' */
void out_fmt_P(const char *fmt, const uint16_t *nums); /* OUT_NUM(_1) take nums in turn */
void out_nth_P(const char *list, uint8_t n);           /* string n (from 0) of "a\0b\0c" in flash */
void out_num(uint32_t v, uint8_t point); /* decimal, `point` digits after a point: 0.5 */
void out_cell(uint8_t cell);             /* 0..8 as people see it, '1'..'9' */
void out_cells(uint16_t cells);          /* each cell of the mask after a space: ` 5 7` */
void out_player(uint8_t player);         /* 'x' or 'o' */
void out_nl(void);

#endif
