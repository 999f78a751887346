/* sim/board.h - the simulated shield: simavr running an unmodified firmware image, with
 * the board's parts (sim/parts/: key matrix, LED picture, host UART, EEPROM timing,
 * supply) wired to it by sim/board.c. One board per process (fork() copies it). */
#ifndef SIM_BOARD_H
#define SIM_BOARD_H
#include <stdint.h>
#include <stdio.h>

#include "board_model.h"

struct avr_t;

#define BOARD_VECTORS 26 /* the ATmega328P's interrupt vectors, reset included */

typedef void (*board_line_fn)(const char *line, void *ctx);
typedef void (*board_byte_fn)(uint8_t byte, void *ctx);

/* Load an ELF (path) into a new simulated chip; returns 0 on success. */
int board_open_elf(const char *elf_path);
/* A chip with the given flash image (32 KB, 0xff = erased); starts at start_pc
 * (byte address) with MCUSR = mcusr. Used for the bootloader path. */
int board_open_flash(const uint8_t *flash, uint32_t start_pc, uint8_t mcusr);
struct avr_t *board_avr(void);

/* Run until the cycle counter reaches `cycle` (or the chip stops). Returns 0, or -1 when
 * the chip crashed / stopped (see board_status()). */
int board_run_until(uint64_t cycle);
int board_run_ms(uint32_t ms);
uint64_t board_now(void);
/* Run until a UART line containing `needle` shows up (returns 1) or ms pass (0). */
int board_run_until_line(const char *needle, uint32_t ms);

/* Keys: bit i = contact of cell i closed. Effective immediately. */
void board_keys_set(uint16_t mask);
uint16_t board_keys(void);
/* Schedule a contact change at an absolute cycle (events must be queued in order). */
void board_keys_at(uint64_t cycle, uint16_t mask);
/* Press cell (0..8) now, hold ms, release (runs the simulation for ms). */
int board_press(int cell, uint32_t hold_ms);

/* UART, host to chip: queue bytes (fed at the rate simavr's receiver accepts). */
void board_serial_send(const char *s, size_t n);
void board_serial_line(const char *s); /* + '\n' */
size_t board_serial_pending(void);
void board_serial_framing_error(uint8_t c); /* c, its stop bit 0 (FE0), after those queued */
void board_on_line(board_line_fn fn, void *ctx);  /* each line from the chip */
void board_on_byte(board_byte_fn fn, void *ctx);  /* each raw byte from the chip */

/* LEDs: current decoded picture (9 chars + NUL, sim/README.md "Scripting"), the time it last
 * changed, and the ghost report (cells with faint light; '.' when none). */
const char *board_picture(void);
uint64_t board_picture_since(void);
const char *board_ghosts(void);
/* The picture's model: shades per cell, the duty meter (board_model.h). */
board_leds_t *board_leds(void);
/* Raw die state right now: bit 2*cell = red on, bit 2*cell+1 = green on. */
uint32_t board_dies_now(void);
uint64_t board_ghost_windows(void);

/* Reset the chip as a power cycle (EEPROM kept, SRAM lost: filled with noise). */
void board_power_cycle(void);
/* XON/XOFF from the chip: honoured (default: the bytes never reach the line/byte
 * callbacks) or off (they are plain data, as a bootloader's binary replies need; and
 * overruns can be provoked). Counts of those honoured since the board opened. */
void board_set_flow(int on);
void board_flow_counts(uint32_t *xoffs, uint32_t *xons);
/* Bytes the host still sends after it reads XOFF, as a USB bridge delivers what it
 * already holds (0 by default: the host stops at once). */
void board_set_flow_lag(unsigned bytes);
/* The sounder on OC2A (sim/parts/sounder.h): fn gets every edge of its pin (cycle,
 * new level); the pin now; edges since the chip was made; the last edge's cycle and the
 * one's before it (0: none). */
typedef void (*board_sound_fn)(uint64_t cycle, int level, void *ctx);
void board_on_sound(board_sound_fn fn, void *ctx);
int board_sound_level(void);
uint64_t board_sound_edges(void);
uint64_t board_sound_last_edge(void);
uint64_t board_sound_prev_edge(void);
/* Count each interrupt's cycles into board_status()->isr_cycles (off by default: it
 * costs a test per instruction). */
void board_count_isrs(int on);
/* Supply voltage (AVcc = VCC) in mV, 5000 by default: what the ADC measures. */
void board_set_vcc(uint32_t millivolts);
/* Reset with the given MCUSR reset flags (EXTRF = 2 makes a bootloader wait). */
void board_reset(uint8_t mcusr);
/* Chip state and counters. */
typedef struct {
    int crashed;           /* simavr crashed or sleeping with interrupts off */
    uint32_t resets;       /* every reset (watchdog or board_power_cycle) */
    uint32_t wdt_resets;   /* resets with WDRF set */
    uint32_t jumps_to_zero;/* pc became 0 without a reset */
    uint64_t sleep_cycles; /* cycles spent asleep since the counter was cleared */
    uint64_t awake_cycles;
    uint16_t min_sp;       /* lowest stack pointer seen since cleared */
    uint64_t max_awake_cycles; /* longest stretch awake between two sleeps since cleared:
                                  one main-loop pass and the interrupts inside it */
    uint32_t rx_overruns;  /* host bytes lost to the chip's full receiver (DOR0) */
    uint64_t rx_latency_max; /* cycles: the longest from a byte's stop bit to its UDR0 read */
    uint64_t rx_latency_max_at; /* the cycle of that read */
    uint64_t isr_cycles[BOARD_VECTORS]; /* per vector, while board_count_isrs(1) */
} board_status_t;
const board_status_t *board_status(void);
void board_clear_counters(void);

/* EEPROM access (1 KB) for tests. */
void board_eeprom_get(uint8_t *buf, uint16_t len);
void board_eeprom_set(const uint8_t *buf, uint16_t len);
/* 1 while an EEPROM byte write (3.4 ms) is under way; *addr = its address. */
int board_eeprom_busy(uint16_t *addr);
/* EEPROM byte writes started since the chip was made. */
uint32_t board_eeprom_writes(void);
/* Hook called when an EEPROM byte write starts (EECR value): times EEPROM updates. */
void board_on_eecr(void (*fn)(uint8_t v, void *ctx), void *ctx);

/* VCD trace of the key and LED pins and UART bytes into path; call before running. */
int board_trace(const char *path);
void board_trace_stop(void);

/* Cycle stamps into path, one line per event, `CYCLE WHAT VALUE` (value in hex): each
 * byte from the chip at its UDR0 write (tx), each change of the dies lit (leds), of the
 * sounder pin (sound), of the closed keys (keys) and of RXD (rxd); ttt-sim-js writes
 * the same (tests/web/test_twin.sh compares them). */
int board_stamps(const char *path);
void board_stamps_stop(void);

/* Symbol lookup in the loaded ELF (libelf): address and size; returns 0 if found. */
int board_elf_symbol(const char *elf_path, const char *prefix, char *name_out, size_t name_len,
                     uint32_t *addr, uint32_t *size);
/* Flash bytes of the loaded chip (for corruption tests). */
uint8_t *board_flash(void);

#endif
