/* sim/board_model.h - the shield's pure logic, the one copy both simulators run: built
 * natively into the simavr board (sim/parts/) and to WebAssembly for the avr8js one
 * (sim/board_wasm.c, sim/web/src/shield.js); sim/README.md "The board model". Time is
 * in CPU cycles at BOARD_F_CPU. */
#ifndef SIM_BOARD_MODEL_H
#define SIM_BOARD_MODEL_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fw_timings.h"

#define BOARD_CELLS 9
#define BOARD_DIES (2 * BOARD_CELLS) /* die 2*cell is the cell's red, 2*cell+1 its green */
#define BOARD_F_CPU 16000000ull
#define BOARD_MS(ms) ((uint64_t)(ms) * (BOARD_F_CPU / 1000u))

/* Every timing of the board and of its users, X(NAME, value): the enum below, and the
 * page's and ttt-sim-js's constants (each exported by the wasm as constant_NAME). Those
 * that depend on the firmware's are made from them or checked against them below. */
#define BOARD_TIMINGS(X)                                                                  \
    X(PRESS_MS, 80)        /* a tap, as ttt-sim and the proofs press a cell */            \
    X(LONG_MS, GAME_LONG_MS + 200u) /* a long press as the proofs make it (a pick) */   \
    X(SHIFT_MS, GAME_MENU_HOLD_MS + 500u) /* shift+digit, `l` digit: past the menu's hold */ \
    X(TAP_GAP_MS, 20)      /* a press queued behind a release follows it by this much */  \
    X(WINDOW_MS, 6)        /* LED duty window: four 1.5 ms mux frames */                  \
    X(STABLE_MS, 50)       /* a picture unchanged this long is stable */                  \
    X(HOLD_MS, 260)        /* a die gone dark still shows lit (a blink's dark half) */    \
    X(BLINK_MIN_MS, 200)   /* a blink's on or off stretch: 200 ms ... */                  \
    X(BLINK_MAX_MS, 300)   /* ... to 300 ms; a picture steady this long is past a blink */ \
    X(BLINK_RECENT_MS, 800) /* a blink's last full stretch began at most this long ago */ \
    X(NEW_FRAME_MS, 300)   /* dark longer than this, then lit: a new frame, no blink */   \
    X(EE_WRITE_US, 3400)   /* an EEPROM byte, erase + write (datasheet 8.4, tWD_EEPROM) */ \
    X(WAKE_START_US, 1024) /* the crystal's start-up after power-down: 16K CK (fuses) */ \
    X(REPEAT_DELAY_MS, 700) /* a held terminal key's first repeat comes within this */ \
    X(REPEAT_GAP_MS, 200)  /* and the next ones within this; the hold ends that long after */ \
    X(ARMED_MS, GAME_LONG_MS) /* held this long, a press is long (the firmware's) */ \
    X(ANSWER_MS, 300)      /* a press not answered on the console this long after: ignored */
#define BOARD_TIMING_ENUM(name, value) BOARD_##name = (value),
enum board_timing { BOARD_TIMINGS(BOARD_TIMING_ENUM) };
#undef BOARD_TIMING_ENUM
_Static_assert((int)BOARD_PRESS_MS > (int)DEBOUNCE_MS && (int)BOARD_PRESS_MS < (int)GAME_LONG_MS,
               "BOARD_PRESS_MS (a tap) must outlast DEBOUNCE_MS (the firmware's debounce) and "
               "stay below GAME_LONG_MS (its long press)");
_Static_assert((int)BOARD_TAP_GAP_MS > (int)DEBOUNCE_MS,
               "BOARD_TAP_GAP_MS (a queued press after a release) must exceed DEBOUNCE_MS (the "
               "firmware's debounce), or the release and the press reach it in either order");
_Static_assert((int)BOARD_REPEAT_DELAY_MS < (int)GAME_LONG_MS,
               "BOARD_REPEAT_DELAY_MS (make play holds a key that long for its auto-repeat) must "
               "stay below GAME_LONG_MS (the firmware's long press), or every tap is a long press");
_Static_assert((int)BOARD_REPEAT_DELAY_MS > (int)BOARD_PRESS_MS + (int)DEBOUNCE_MS,
               "BOARD_REPEAT_DELAY_MS must hold a key past a tap and DEBOUNCE_MS");
_Static_assert((int)BOARD_LONG_MS < (int)GAME_MENU_HOLD_MS,
               "BOARD_LONG_MS (the proofs' long press, GAME_LONG_MS + 200) must stay below "
               "GAME_MENU_HOLD_MS (the firmware's menu hold), or a pick on the centre opens the menu");
_Static_assert((int)BOARD_SHIFT_MS < (int)GAME_STUCK_MS,
               "BOARD_SHIFT_MS (shift+digit, GAME_MENU_HOLD_MS + 500) must stay below GAME_STUCK_MS "
               "(held that long, the firmware takes a key for stuck)");
_Static_assert((int)BOARD_ANSWER_MS > (int)DEBOUNCE_MS,
               "BOARD_ANSWER_MS (a press's answer awaited) must exceed DEBOUNCE_MS (the firmware's "
               "debounce)");

#define BOARD_WINDOW_CYCLES BOARD_MS(BOARD_WINDOW_MS)
#define BOARD_EE_WRITE_CYCLES (BOARD_F_CPU / 1000000u * BOARD_EE_WRITE_US)
#define BOARD_WAKE_START_CYCLES (BOARD_F_CPU / 1000000u * BOARD_WAKE_START_US)
#define BOARD_XON 0x11u
#define BOARD_XOFF 0x13u
#define BOARD_LINE_MAX 512u /* a longer line from the chip is cut into pieces */

/* PORTx and DDRx of ports B, C, D (board/pins.h's port indices). */
typedef struct {
    uint8_t port[3], ddr[3];
} board_ports_t;

/* Key matrix: bit c set = sense column c reads high, with keys closed (bit 3*row+col). */
uint8_t board_keys_sense(const board_ports_t *p, uint16_t keys);
/* LED matrix: the dies these levels light (bit d = die d). */
uint32_t board_leds_dies(const board_ports_t *p);

/* A lit die's shade: its share of the time on in the mux frames it is lit in (a window
 * holds BOARD_MUX_FRAMES), in steps of a quarter from BOARD_SHADE_FULL (the third of the
 * time one row of three gives) down to 1 (1/64 of that): the levels and dim fraction of
 * hal/leds_duty.h. Full from half its nominal share up, the others 3/4 to 3/2 of theirs;
 * light outside every shade is ghost light. */
#define BOARD_SHADE_FULL 4u
#define BOARD_MUX_FRAMES 4u /* 1.5 ms frames in a window */

/* The LED picture: on-time per die, classified once per window. */
typedef struct {
    uint32_t dies; /* lit now */
    uint64_t dies_since, window_start, next_window;
    uint64_t on_cycles[BOARD_DIES], last_change[BOARD_DIES], prev_change[BOARD_DIES];
    uint64_t hold_until[BOARD_DIES];
    uint8_t level[BOARD_DIES], faint_run[BOARD_DIES]; /* level: lit (0/1) this window */
    uint8_t shade[BOARD_DIES]; /* the shade it was last lit at */
    uint8_t rises[BOARD_DIES]; /* dark-to-lit edges in the window: frames lit in */
    uint8_t lit_history[BOARD_DIES]; /* lit per window, bit 0 the last */
    char picture[BOARD_CELLS + 1]; /* sim/README.md "Scripting": .rgy lit, RGY blinking */
    char ghosts[BOARD_CELLS + 1];  /* faint dies per cell: r, g, y; '.' none */
    char shades[BOARD_CELLS + 1];  /* per cell the shade of its shown dies, '1'-'4'; '.' */
    uint64_t picture_since, ghost_windows;
    /* The duty meter since board_leds_meter_start(), per die over its lit windows: their
     * time, the on-time and the time of the frames it lit in; the first and last
     * dark-to-lit edge. */
    uint64_t meter_start, meter_on[BOARD_DIES], meter_span[BOARD_DIES];
    uint64_t meter_lit[BOARD_DIES], meter_rise_first[BOARD_DIES], meter_rise_last[BOARD_DIES];
    uint32_t meter_rises[BOARD_DIES];
} board_leds_t;
enum { BOARD_LEDS_PICTURE = 1, BOARD_LEDS_GHOSTS = 2, BOARD_LEDS_SHADES = 4 }; /* changed */
void board_leds_init(board_leds_t *l, uint64_t now);
void board_leds_set(board_leds_t *l, uint32_t dies, uint64_t now);
/* Closes the window ending at now (due at next_window); returns BOARD_LEDS_* flags. */
unsigned board_leds_window(board_leds_t *l, uint64_t now);

/* What the meter measured for one die: permille of the time on in the frames it lit in,
 * permille of the time lit, the blink period in ms (0: no two dark-to-lit edges). */
typedef struct {
    uint16_t on_permille, lit_permille;
    uint32_t period_ms;
} board_duty_t;
void board_leds_meter_start(board_leds_t *l, uint64_t now);
board_duty_t board_leds_meter_read(const board_leds_t *l, unsigned die, uint64_t now);

/* Bytes from the chip: XON/XOFF (when flow is on) and lines. */
typedef struct {
    bool flow_on, held; /* held: the chip sent XOFF, host bytes wait for XON */
    uint32_t xoffs, xons;
    size_t len;
    char line[BOARD_LINE_MAX];
    char done[BOARD_LINE_MAX]; /* the last complete line, NUL-terminated */
    bool rx_down;              /* the chip sleeps with its I/O clock stopped */
    uint64_t rx_busy_until;    /* a byte the chip hears is in reception until then */
    uint32_t rx_lost;          /* host bytes the chip could not hear */
} board_uart_t;
enum { BOARD_UART_FLOW = 1, BOARD_UART_DATA = 2, BOARD_UART_LINE = 4 };
void board_uart_init(board_uart_t *u);
/* One byte from the chip: FLOW (XON/XOFF taken), or DATA, plus LINE when `done` is new. */
unsigned board_uart_from_chip(board_uart_t *u, uint8_t c);
/* The chip's byte time (8N1: 10 bit times) at this UBRR0 and U2X0. */
uint64_t board_uart_byte_cycles(uint16_t ubrr, bool u2x);
/* Host bytes go one per byte time and an eighth (a little idle line between). */
uint64_t board_uart_pace(uint64_t byte_cycles);
/* The chip's sleep mode now (SM of SMCR while asleep, -1 awake): every mode but idle
 * (0) stops the USART's clock, until the CPU runs again (after the crystal's start-up:
 * the simulators keep the chip asleep through board_wake_cycles). True: the byte in
 * reception is lost (counted in rx_lost): the simulator must drop it. */
bool board_uart_sleep(board_uart_t *u, int mode, uint64_t now);
/* A host byte of byte_cycles starts on RXD now: true if the chip's receiver hears it
 * (else counted in rx_lost); its edges reach the pin either way. */
bool board_uart_rx_hears(board_uart_t *u, uint64_t now, uint64_t byte_cycles);
/* How long RXD stays low from byte c's start: the start bit and the data bits up to its
 * last 0 (sent LSB first), so its last edge, the rising one into the stop bit or a 1, is
 * where the chip's would be; the edges between are not modelled. */
uint64_t board_uart_rxd_low(uint8_t c, uint64_t byte_cycles);

/* The chip's transmitter (datasheet 20.6.1, 20.6.3): a byte written to UDR0 (the
 * transmit buffer) moves into the shift register at once when that is idle, else when
 * its frame's stop bit is out; UDRE0 is set while the buffer is empty, TXC0 when a frame
 * ends with nothing in the buffer. Frames start at the write or back to back (the baud
 * generator's phase is not modelled). */
typedef struct {
    uint64_t frame_end; /* the frame in the shift register is out then (0: idle) */
    bool buffered;      /* a byte waits in UDR0 */
} board_tx_t;
enum { BOARD_TX_UDRE = 1, BOARD_TX_TXC = 2 };
/* UDR0 written now: 0 when the byte waits in the buffer (UDRE0 cleared), BOARD_TX_UDRE
 * when it went into the idle shift register (UDRE0 stays set); a write to a full buffer
 * is lost (-1 as unsigned). */
unsigned board_tx_write(board_tx_t *t, uint64_t now, uint64_t byte_cycles);
/* A frame's end (now >= frame_end, the simulator calls it then): BOARD_TX_UDRE when the
 * buffered byte moved into the shift register, BOARD_TX_TXC when the line went idle. */
unsigned board_tx_frame_end(board_tx_t *t, uint64_t now, uint64_t byte_cycles);

/* Timer/Counter2 as the chip counts it (datasheet 18), for the sounder on OC2A: both
 * emulators' own Timer2 depart from it (sim/README.md, "Emulator gaps"). Its prescaler
 * runs free from the chip's reset (18.10: a clock select starts the count at the
 * prescaler's next edge, 1 to N cycles on); the count is kept while the clock is
 * stopped; each compare matches while the count equals OCR2x and sets its flag at the
 * next tick, as the count leaves it (18.7); CTC (WGM 2) clears the count at that tick when
 * it leaves OCR2A, else it runs to 0xFF and wraps (TOV2), so an OCR2A written below the
 * count waits for the wrap; a TCNT2 write blocks the compare of the next tick. Normal
 * and CTC modes; the PWM modes are not modelled (no match: board_timer2_modelled).
 * Writes and reads take effect at the cycle given (the instruction's first); ticks at
 * that cycle come first. */
typedef struct {
    uint64_t base; /* the prescaler counts from here: the chip's reset */
    uint64_t at;   /* the count is brought up to this cycle */
    uint8_t tcnt, ocra, ocrb, tccra, tccrb;
    bool block; /* a TCNT2 write: the next tick compares nothing */
} board_timer2_t;
enum { BOARD_T2_MATCH_A = 1, BOARD_T2_MATCH_B = 2, BOARD_T2_TOV = 4 };
enum { BOARD_T2_TCCRA, BOARD_T2_TCCRB, BOARD_T2_TCNT, BOARD_T2_OCRA, BOARD_T2_OCRB };
void board_timer2_reset(board_timer2_t *t, uint64_t now);
/* Counts up to now: the BOARD_T2_* events of the ticks in between, ORed. */
unsigned board_timer2_run(board_timer2_t *t, uint64_t now);
/* A register written now (BOARD_T2_TCCRA ...): counts up to now first. */
void board_timer2_write(board_timer2_t *t, unsigned reg, uint8_t value, uint64_t now);
uint8_t board_timer2_tcnt(board_timer2_t *t, uint64_t now);
/* The I/O clock stood from `from` to `to` (a sleep in any mode but idle, and the wake-up's
 * start-up): the count and the prescaler's phase are kept (counted up to `from` first). */
void board_timer2_clock_stood(board_timer2_t *t, uint64_t from, uint64_t to);
/* The cycle of the next tick that matches compare A (UINT64_MAX: none, the clock
 * stopped or a PWM mode). */
uint64_t board_timer2_next_a(const board_timer2_t *t);
bool board_timer2_modelled(const board_timer2_t *t);

/* The chip's interrupt and sleep timing (datasheet 6.7.1, 10.1, table 9-4), for both
 * simulators: an interrupt takes BOARD_INT_CYCLES before its vector runs, after the
 * instruction under way; RETI takes 4; after SEI or RETI one more instruction runs
 * before any interrupt. SLEEP sleeps even with an interrupt pending (it wakes at once).
 * A sleeping chip woken by `vector` (board_wakes) runs again board_wake_cycles(mode)
 * later: the oscillator's start-up (the Uno's fuses, low byte 0xFF: a crystal, 16K CK
 * from power-down and power-save; 6 CK from standby) and the CPU's 4-cycle halt; then
 * it takes the interrupt. Vectors as simavr numbers them (0 = reset, 1 = INT0). */
#define BOARD_INT_CYCLES 4u
#define BOARD_WAKE_HALT_CYCLES 4u
uint64_t board_wake_cycles(int mode);
bool board_wakes(int mode, unsigned vector);

#endif
