/* hal/avr/power.c - reset cause, watchdog, idle sleep, power-down until a key or serial
 * input, supply voltage and stack high-water mark: hal/README.md, "Power". */
#include "power.h"

#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>
#include <avr/wdt.h>
#include <string.h>
#include <util/atomic.h>
#include <util/delay.h>

#include "attributes.h"
#include "board_io.h"
#include "crc16.h"
#include "hal_isr.h"
#include "leds.h"

/* 2 s (WDP = 0b0111, datasheet table 10-3): the main loop never blocks, so no false bite. */
#define POWER_WDT_WDP ((1u << WDP2) | (1u << WDP1) | (1u << WDP0))
#define POWER_WDT_MARK 0xD0u /* power_keep.wdt_mark after the watchdog interrupt */
#define POWER_STACK_PAINT 0xC5u

/* Kept across resets (hal/README.md, "Power"). */
typedef struct {
    uint8_t counts[POWER_CAUSES];
    uint16_t check;
    uint8_t wdt_mark;
    uint8_t mcusr; /* copied by power_early_init() */
} power_keep_t;
static power_keep_t power_keep ATTR_NO_INIT;
static uint8_t power_cause;
extern uint8_t __heap_start; /* avr-libc linker script: end of .noinit */

static uint16_t power_keep_sum(void)
{
    uint16_t s = CRC16_INIT;
    for (uint8_t i = 0; i < POWER_CAUSES; i++)
        s = crc16_update(s, power_keep.counts[i]);
    return s;
}

/* The watchdog's timed sequence (datasheet 10.9.2): within 4 cycles. */
static void power_wdt_set(uint8_t wdtcsr)
{
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        __asm__ __volatile__("wdr\n\t"
                             "sts %0, %1\n\t"
                             "sts %0, %2\n\t"
                             :
                             : "n"(_SFR_MEM_ADDR(WDTCSR)),
                               "r"((uint8_t)((1u << WDCE) | (1u << WDE))), "r"(wdtcsr)
                             : "memory");
    }
}

/* .init3, before main: hal/README.md, "Power". */
void power_early_init(void) ATTR_INIT_SECTION(3);
void power_early_init(void)
{
    power_keep.mcusr = MCUSR;
    MCUSR = 0;        /* WDRF must be cleared before the watchdog can be switched off */
    power_wdt_set(0); /* .init2 has set up the stack and r1: calls work */
    /* SP is RAMEND here (.init2) and nothing is on the stack any more. */
    for (uint8_t *p = &__heap_start; p <= (uint8_t *)RAMEND; p++)
        *p = POWER_STACK_PAINT;
}

static void power_wdt_on(void)
{
    power_wdt_set((uint8_t)((1u << WDIE) | (1u << WDE) | POWER_WDT_WDP));
}

/* The main loop hung: mark it, reset. Naked: it never returns; r1 cleared first (a `mul`
 * may have just used it). */
ISR(WDT_vect, ISR_NAKED)
{
    __asm__ __volatile__("clr __zero_reg__");
    power_keep.wdt_mark = POWER_WDT_MARK;
    power_wdt_set(1u << WDE); /* reset-only, 16 ms (WDP = 0) */
    wdt_reset(); /* count the 16 ms from now (simavr 1.6 only applies a new period then) */
    for (;;) {
    }
}

/* Free running at 16 MHz / 128 (hal/README.md, "Power"). */
#define POWER_ADC_RUN                                                                              \
    ((uint8_t)((1u << ADEN) | (1u << ADSC) | (1u << ADATE) | (1u << ADPS2) | (1u << ADPS1) |       \
               (1u << ADPS0)))

void power_init(void)
{
    uint8_t m = power_keep.mcusr;
    if (power_keep.wdt_mark == POWER_WDT_MARK)
        m |= RESET_WATCHDOG;
    if (power_keep.check != power_keep_sum())
        m |= RESET_POWER_ON; /* the kept RAM is power-on garbage */
    /* By priority: power-on, watchdog, brown-out; else external. */
    uint8_t cause = POWER_CAUSE_POWER_ON, bit = RESET_POWER_ON;
    if (m & RESET_POWER_ON) {
        memset(power_keep.counts, 0, sizeof power_keep.counts);
    } else {
        for (cause = POWER_CAUSE_WATCHDOG, bit = RESET_WATCHDOG;
             cause > POWER_CAUSE_EXTERNAL && !(m & bit); cause--)
            bit >>= 1;
    }
    _Static_assert(RESET_POWER_ON == 1u << PORF && RESET_EXTERNAL == 1u << EXTRF &&
                       RESET_BROWN_OUT == 1u << BORF && RESET_WATCHDOG == 1u << WDRF &&
                       POWER_CAUSE_WATCHDOG == WDRF && POWER_CAUSE_EXTERNAL == EXTRF,
                   "the RESET_* bits and cause indices follow MCUSR");
    power_cause = bit;
    TICK_FLAGS_GPIOR = 0; /* zero after any reset anyway; nothing a bootloader left counts */
    if (power_keep.counts[cause] != 255u)
        power_keep.counts[cause]++;
    power_keep.wdt_mark = 0;
    power_keep.check = power_keep_sum();
    /* TWI and SPI unused (ISP needs no SPI module). */
    PRR = (uint8_t)((1u << PRTWI) | (1u << PRSPI));
    /* The bandgap against AVcc: ADC = 1.1 * 1024 / VCC */
    ADMUX = (uint8_t)((1u << REFS0) | 0x0Eu);
    ADCSRA = POWER_ADC_RUN;
    power_wdt_on();
}

uint8_t power_reset_cause(void)
{
    return power_cause;
}

void power_reset_counts(uint8_t counts[POWER_CAUSES])
{
    for (uint8_t i = 0; i < POWER_CAUSES; i++)
        counts[i] = power_keep.counts[i];
}

void power_wdt_kick(void)
{
    wdt_reset();
}

void power_idle(void)
{
    /* Idle: Timer0 and the USART wake the CPU. */
    SMCR = (uint8_t)(1u << SE);
    sleep_cpu();
    SMCR = 0;
}

/* The pin-change interrupts taken since power_down_until_input() armed them, bit n for
 * PCINTn_vect (as PCIEn in PCICR): which input woke the chip. */
static volatile uint8_t power_pcints;
ISR(PCINT0_vect)
{
    power_pcints |= 1u;
}
ISR(PCINT1_vect)
{
    power_pcints |= 2u;
}
ISR(PCINT2_vect)
{
    power_pcints |= 4u;
}

/* RXD is PD0 = PCINT16 (datasheet table 13-9): port D's pin-change interrupt, which
 * must tell serial input from the keys. */
#define POWER_RXD_PCMSK PCMSK2
#define POWER_RXD_BIT (1u << PCINT16)
#define POWER_RXD_PCIE (1u << PCIE2)
_Static_assert(BOARD_PIN_PORT(BOARD_KEY_COL0) != BOARD_PORT_D,
               "RXD's pin change (port D) must not be the key columns' interrupt too");
_Static_assert(PCIF0 == PCIE0 && PCIF1 == PCIE1 && PCIF2 == PCIE2,
               "a port's flag in PCIFR is its enable bit in PCICR");

uint8_t power_down_until_input(uint16_t ignore)
{
    uint8_t rows = matrix_key_rows(power_wake_rows(ignore));
    uint8_t woke = 0;

    if (!rows)
        return 0; /* nothing could wake us: stay up */
    cli();
    TIMSK0 = 0; /* no display/scan steps while asleep */
    /* RXD armed first: an edge from here on ends the sleep at once; a byte whose last
     * edge came before is complete (RXC0) by the sleep, over half a bit later, and
     * waits in the USART for the wake-up (hal/README.md, "Power"). */
    POWER_RXD_PCMSK = POWER_RXD_BIT;
    PCIFR = (uint8_t)(1u << PCIF2); /* 1 clears */
    PCICR = POWER_RXD_PCIE;
    /* no row gate left high (50 uA in its pull-down) */
    leds_off();
    /* The waking rows driven low; a row with a stuck key stays released. */
    KEYS_DDR = (uint8_t)((KEYS_DDR & (uint8_t)~KEYS_ROWS) | rows);
    _delay_us(10); /* the columns settle; over half a bit at UART_BAUD (hal/README.md, "Power") */
    /* Armed before looking: no window loses a press or the start of a byte. */
    KEYS_PCMSK = KEYS_COLS;
    PCIFR = (uint8_t)(KEYS_PCIE); /* 1 clears */
    PCICR = (uint8_t)(KEYS_PCIE | POWER_RXD_PCIE);
    power_pcints = 0;
    if ((KEYS_PIN & KEYS_COLS) == KEYS_COLS) { /* every column high: nothing pressed */
        /* The watchdog would bite; the ADC would draw current. */
        power_wdt_set(0);
        ADCSRA = 0;
        /* Power-down: only PCINT wakes. */
        SMCR = (uint8_t)((1u << SM1) | (1u << SE));
        sleep_bod_disable(); /* BODS (hal/README.md, "Power") */
        sei();               /* the next instruction (sleep) runs before any ISR */
        sleep_cpu();
        SMCR = 0;
        cli();
        power_wdt_on();
        ADCSRA = POWER_ADC_RUN; /* a fresh reading in 200 us */
        /* The waking interrupt has run. The USART was deaf while the clock stood and
         * during the crystal's start-up (hal/README.md, "Power"): a byte's start edge
         * means its line lost bytes. */
        if (power_pcints & KEYS_PCIE)
            woke |= POWER_WOKE_KEY;
        if (power_pcints & POWER_RXD_PCIE)
            woke |= POWER_WOKE_SERIAL;
    }
    PCICR = 0;
    KEYS_PCMSK = 0;
    POWER_RXD_PCMSK = 0;
    tick_pins_init(); /* rows back to hi-Z, mux and scan restart at row 0 */
    TIFR0 = TICK_TIFR;
    TIMSK0 = TICK_TIMSK;
    sei();
    return woke;
}

uint8_t power_vcc_decivolts(void)
{
    uint16_t adc = ADC;
    /* 0.1 V = 1.1 * 1024 * 10 / ADC; below 45 (0 before the first conversion): none. */
    if (adc < 45u)
        return 0;
    return (uint8_t)(11264u / adc);
}

uint16_t power_stack_peak(void)
{
    const uint8_t *p = &__heap_start;
    while (p <= (const uint8_t *)RAMEND && *p == POWER_STACK_PAINT)
        p++;
    return (uint16_t)((const uint8_t *)RAMEND + 1 - p);
}
