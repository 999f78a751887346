/* hal/avr/tick.c - Timer0's 2 kHz step (hal/README.md, "The timer interrupt").
 * Invariant: the ms not yet taken (TICK_NOW_GPIOR - tick_uptime, mod 256) are < 256. */
#include "tick.h"

#include <avr/interrupt.h>

#include "board_io.h"
#include "hal_isr.h"
#include "leds_duty.h"
#include "sound_hw.h"

#define TICK_PRESCALER 64ul
#define TICK_STEP_HZ 2000ul
#define TICK_OCR ((F_CPU / TICK_PRESCALER / TICK_STEP_HZ) - 1u)
_Static_assert(F_CPU % (TICK_PRESCALER * TICK_STEP_HZ) == 0, "2 kHz must divide F_CPU/64");
_Static_assert(TICK_OCR <= 255u, "OCR0A is 8 bits");
_Static_assert(TICK_OCR + 1u == LEDS_DUTY_STEP, "leds_duty.h counts the step's counts");
_Static_assert(LEDS_DUTY_NEVER > TICK_OCR, "a compare that never comes");

static uint32_t tick_uptime; /* main loop: ms taken so far */
static uint8_t keys_acc;     /* interrupt only: rows 0..1 of the scan in progress */
/* Interrupts only: the columns the next compares light, the second's count. */
static uint8_t leds_late, leds_later, leds_later_at;

void tick_pins_init(void)
{
    /* LEDs: low first, then outputs (datasheet 13.2.3), so nothing flashes. */
    LEDS_ROW_PORT &= (uint8_t)~LEDS_ROWS;
    LEDS_COL_PORT &= (uint8_t)~LEDS_COLS;
    LEDS_ROW_DDR |= LEDS_ROWS;
    LEDS_COL_DDR |= LEDS_COLS;
    /* Keys: columns pulled up; rows driven low through DDR, row 0 first. */
    KEYS_PORT = (uint8_t)((KEYS_PORT & (uint8_t)~KEYS_ROWS) | KEYS_COLS);
    KEYS_DDR = (uint8_t)((KEYS_DDR & (uint8_t) ~(KEYS_ROWS | KEYS_COLS)) | KEYS_ROW_BIT(0));
    TICK_ROW_GPIOR = 1u;
    /* The last scan stays, taken now and flickering: no debounce timer carries over. */
    keys_changed01 = 0x3Fu;
    keys_changed2 = 7u;
    keys_scan_ms = TICK_NOW_GPIOR;
}

void tick_init(void)
{
    cli();
    TICK_NOW_GPIOR = 0; /* as tick_uptime: no ms waits to be taken */
    tick_pins_init();
    TCCR0A = (uint8_t)(1u << WGM01);                 /* CTC: counts 0..OCR0A */
    TCCR0B = (uint8_t)((1u << CS01) | (1u << CS00)); /* clk/64 */
    OCR0A = (uint8_t)TICK_OCR;                       /* the 2 kHz step */
    OCR0B = LEDS_DUTY_NEVER;
    TIFR0 = TICK_TIFR;
    TIMSK0 = TICK_TIMSK;
    sei();
}

uint32_t tick_ms(void)
{
    return tick_uptime + (uint8_t)(TICK_NOW_GPIOR - (uint8_t)tick_uptime);
}

bool tick_take_ms_flag(void)
{
    if (TICK_NOW_GPIOR == (uint8_t)tick_uptime) /* one byte: read atomically */
        return false;
    tick_uptime++;
    return true;
}

/* Step r (TICK_ROW_GPIOR = 1 << r), in the order hal/README.md gives. */
ISR(TIMER0_COMPA_vect)
{
    uint8_t row = TICK_ROW_GPIOR; /* 1, 2 or 4 */
    uint8_t next = (uint8_t)(row << 1);
    uint8_t i = (uint8_t)(row >> 1); /* r = 0, 1, 2 */
    if (next & 8u)
        next = 1u;
    if (TICK_FLAGS_GPIOR & (1u << TICK_F_BLINK_DARK))
        i += LEDS_DARK_HALF;

    const volatile uint8_t *cols = leds_cols + i; /* slot 0 */
    LEDS_ROW_PORT &= (uint8_t)~LEDS_ROWS;
    LEDS_COL_PORT = (uint8_t)((LEDS_COL_PORT & (uint8_t)~LEDS_COLS) | cols[0]);
    LEDS_ROW_PORT |= matrix_led_rows(row);
    TICK_ROW_GPIOR = next;
    /* This step's compares (a late one of the last would light this row's dies). */
    TIFR0 = (uint8_t)(1u << OCF0B);
    leds_late = cols[LEDS_SLOT_BYTES];       /* slot 1 */
    leds_later = cols[2u * LEDS_SLOT_BYTES]; /* slot 2 */
    leds_later_at = leds_duty_at[1];
    OCR0B = leds_duty_at[0];

    uint8_t closed = matrix_key_cols(KEYS_PIN);
    KEYS_DDR = (uint8_t)((KEYS_DDR & (uint8_t)~KEYS_ROWS) | matrix_key_rows(next));
    if (row & 1u) {
        keys_acc = closed;
    } else if (row & 2u) {
        keys_acc |= (uint8_t)(closed << 3);
    } else {
        uint8_t rows01 = keys_acc;
        keys_changed01 |= (uint8_t)(rows01 ^ keys_raw01);
        keys_changed2 |= (uint8_t)(closed ^ keys_raw2);
        keys_raw01 = rows01;
        keys_raw2 = closed;
        keys_scan_ms = TICK_NOW_GPIOR;
    }

    if (!(TICK_FLAGS_GPIOR & (1u << TICK_F_HALF_MS))) {
        TICK_FLAGS_GPIOR |= (uint8_t)(1u << TICK_F_HALF_MS);
        return;
    }
    TICK_FLAGS_GPIOR &= (uint8_t) ~(1u << TICK_F_HALF_MS);
    uint8_t now = (uint8_t)(TICK_NOW_GPIOR + 1u);
    TICK_NOW_GPIOR = now;
    if (now == leds_blink_at) /* the count came round */
        TICK_FLAGS_GPIOR ^= (uint8_t)(1u << TICK_F_BLINK_DARK);
#ifdef BOARD_SOUND
    sound_hw_step(); /* each ms: note lengths in ms */
#endif
}

/* Dies lit later in the step (leds_duty.h): columns of the lit row only ever added. */
ISR(TIMER0_COMPB_vect)
{
    LEDS_COL_PORT |= leds_late;
    leds_late = leds_later;
    OCR0B = leds_later_at;
    leds_later_at = LEDS_DUTY_NEVER;
}
