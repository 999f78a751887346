/* hal/avr/power.c - reset cause, watchdog, idle sleep, key-wake power-down, supply
 * voltage and stack high-water mark.
 *
 * Reset cause. MCUSR is copied and cleared in .init3, before main and before the C
 * runtime could loop long enough for a still-running watchdog (it stays on after a
 * watchdog reset, at the shortest period) to bite again, as the avr-libc <avr/wdt.h>
 * notes advise. The Uno's bootloaders clear MCUSR before the application starts, so a
 * watchdog reset is also recorded where it survives them: the watchdog runs in
 * interrupt-and-reset mode, and its interrupt (taken when the main loop stopped kicking
 * while interrupts still run, i.e. a hung main loop) marks a .noinit block, then resets
 * at the shortest period. Neither bootloader touches that RAM (optiboot has no .bss;
 * ATmegaBOOT's .bss ends below our .noinit, which follows our .bss). A hang with
 * interrupts off skips the interrupt: the hardware still resets at the next time-out
 * (datasheet 10.9.2), seen after a bootloader as an "external" reset.
 *
 * Stack. .init3 also paints the free RAM above the heap start with a pattern; the
 * deepest stack ever used is where the pattern stops. */
#include "power.h"

#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>
#include <avr/wdt.h>
#include <util/atomic.h>
#include <util/delay.h>

#include "board_io.h"
#include "crc16.h"
#include "hal_isr.h"
#include "leds.h"

/* 2 s (WDP = 0b0111, datasheet table 10-3: 256K cycles of the 128 kHz oscillator): the
 * main loop never blocks (its longest pass is a few ms, the solver fallback's 11 ms),
 * so a hang is noticed quickly without any risk of a false bite. */
#define POWER_WDT_WDP ((1u << WDP2) | (1u << WDP1) | (1u << WDP0))
#define POWER_WDT_MARK 0xD0u   /* power_keep.wdt_mark after the watchdog interrupt */
#define POWER_STACK_PAINT 0xC5u

/* Survives resets (not power cycles): counts with a check word that tells RAM kept from
 * a previous run from power-on garbage, and the watchdog mark (written alone by the
 * watchdog interrupt; power_init() clears it). */
typedef struct {
    uint8_t counts[POWER_CAUSES];
    uint16_t check;
    uint8_t wdt_mark;
    uint8_t mcusr; /* copied by power_early_init() */
} power_keep_t;
static power_keep_t power_keep __attribute__((section(".noinit")));
static uint8_t power_cause;
extern uint8_t __heap_start; /* avr-libc linker script: end of .noinit */

static uint16_t power_keep_sum(void)
{
    uint16_t s = CRC16_INIT;
    for (uint8_t i = 0; i < POWER_CAUSES; i++)
        s = crc16_update(s, power_keep.counts[i]);
    return s;
}

void power_early_init(void) __attribute__((naked, used, section(".init3")));
void power_early_init(void)
{
    power_keep.mcusr = MCUSR;
    MCUSR = 0;      /* WDRF must be cleared before the watchdog can be switched off */
    wdt_disable(); /* timed WDCE/WDE sequence (datasheet 10.9.2) */
    /* SP is RAMEND here (.init2) and nothing is on the stack yet. */
    for (uint8_t *p = &__heap_start; p <= (uint8_t *)RAMEND; p++)
        *p = POWER_STACK_PAINT;
}

/* Watchdog on in interrupt-and-reset mode (WDE + WDIE, table 10-1), 2 s. The timed
 * sequence: WDCE and WDE together, then the new value within 4 cycles (two `sts`). */
static void power_wdt_on(void)
{
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        __asm__ __volatile__("wdr\n\t"
                             "sts %0, %1\n\t"
                             "sts %0, %2\n\t"
                             :
                             : "n"(_SFR_MEM_ADDR(WDTCSR)),
                               "r"((uint8_t)((1u << WDCE) | (1u << WDE))),
                               "r"((uint8_t)((1u << WDIE) | (1u << WDE) | POWER_WDT_WDP))
                             : "memory");
    }
}

/* The main loop stopped kicking: record it, then reset at once (reset-only mode, 16 ms).
 * It never returns, so it saves nothing (naked); r1 is cleared first, since the
 * interrupt may have come between a `mul` and the compiler's own clearing of it. */
ISR(WDT_vect, ISR_NAKED)
{
    __asm__ __volatile__("clr __zero_reg__");
    power_keep.wdt_mark = POWER_WDT_MARK;
    wdt_enable(WDTO_15MS);
    wdt_reset(); /* count the 16 ms from now (simavr 1.6 only applies a new period then) */
    for (;;) {
    }
}

void power_init(void)
{
    uint8_t m = power_keep.mcusr;
    uint8_t cause = POWER_CAUSE_EXTERNAL; /* EXTRF, or RAM kept and MCUSR cleared by a
                                             bootloader */
    uint8_t bit = RESET_EXTERNAL;
    if ((m & (1u << PORF)) || power_keep.check != power_keep_sum()) {
        for (uint8_t i = 0; i < POWER_CAUSES; i++)
            power_keep.counts[i] = 0;
        cause = POWER_CAUSE_POWER_ON;
        bit = RESET_POWER_ON;
    } else if ((m & (1u << WDRF)) || power_keep.wdt_mark == POWER_WDT_MARK) {
        cause = POWER_CAUSE_WATCHDOG;
        bit = RESET_WATCHDOG;
    } else if (m & (1u << BORF)) {
        cause = POWER_CAUSE_BROWN_OUT;
        bit = RESET_BROWN_OUT;
    }
    power_cause = bit;
    if (power_keep.counts[cause] != 255u)
        power_keep.counts[cause]++;
    power_keep.wdt_mark = 0;
    power_keep.check = power_keep_sum();
    /* Unused peripherals off (PRR, datasheet 9.11.3): TWI, SPI (ISP does not need the
     * SPI module) and the ADC (ADEN is 0 after reset, required before PRADC). The
     * timers and the USART stay on (0). */
    PRR = (uint8_t)((1u << PRTWI) | (1u << PRSPI) | (1u << PRADC));
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
    /* Idle (SM = 0, SE = 1, datasheet table 9-2): the CPU stops, Timer0 and the USART
     * keep running and wake it; at most 500 us until the next timer step. */
    SMCR = (uint8_t)(1u << SE);
    sleep_cpu();
    SMCR = 0;
}

EMPTY_INTERRUPT(PCINT0_vect);
EMPTY_INTERRUPT(PCINT1_vect);
EMPTY_INTERRUPT(PCINT2_vect);

uint16_t power_wake_keys(uint16_t ignore)
{
    uint16_t keys = 0, row = 7u;
    for (uint8_t r = 0; r < 3u; r++, row = (uint16_t)(row << 3)) {
        if (!(ignore & row))
            keys |= row;
    }
    return keys;
}

void power_down_until_key(uint16_t ignore)
{
    uint16_t keys = power_wake_keys(ignore);
    /* The waking drive rows, as key-port bits: every row without an ignored key. */
    uint8_t rows = (uint8_t)(((keys & 0x001u) ? KEYS_ROW_BIT(0) : 0u) |
                             ((keys & 0x008u) ? KEYS_ROW_BIT(1) : 0u) |
                             ((keys & 0x040u) ? KEYS_ROW_BIT(2) : 0u));

    if (!rows)
        return; /* nothing could wake us: stay up */
    cli();
    TIMSK0 = 0; /* no display/scan steps while asleep (OCIE0A is its only bit in use) */
    leds_off(); /* the caller did already; harmless twice */
    /* The waking rows low at once (PORT bits are 0): a key in them then pulls its column
     * low. A row with a stuck key stays released, so that key cannot hold its column. */
    KEYS_DDR = (uint8_t)((KEYS_DDR & (uint8_t)~KEYS_ROWS) | rows);
    _delay_us(10); /* pull-up (>= 20 kOhm) x pin + trace capacitance (< 50 pF) ~ 1 us */
    /* Arm the pin-change interrupt on the sense columns first, then look at the pins: a
     * key closing after the look sets its flag and wakes the sleep at once, one closed
     * before it is seen here. No window loses a press. */
    KEYS_PCMSK = KEYS_COLS;
    PCIFR = (uint8_t)((1u << PCIF0) | (1u << PCIF1) | (1u << PCIF2)); /* 1 clears */
    PCICR = KEYS_PCIE;
    if ((KEYS_PIN & KEYS_COLS) == KEYS_COLS) { /* every column high: nothing pressed */
        /* The watchdog keeps running in power-down and would reset us after 2 s. */
        wdt_disable();
        /* Power-down (SM = 2, table 9-2): only asynchronous wake-ups (PCINT). */
        SMCR = (uint8_t)((1u << SM1) | (1u << SE));
        sleep_bod_disable(); /* BODS timed sequence: saves ~20 uA while asleep */
        sei();               /* the next instruction (sleep) runs before any ISR */
        sleep_cpu();
        SMCR = 0;
        cli();
        power_wdt_on();
    }
    PCICR = 0;
    KEYS_PCMSK = 0;
    tick_pins_init(); /* rows back to hi-Z, mux and scan restart at row 0 */
    TIFR0 = (uint8_t)(1u << OCF0A);
    TIMSK0 = (uint8_t)(1u << OCIE0A);
    sei();
}

uint8_t power_vcc_decivolts(void)
{
    uint16_t adc = 0;
    PRR &= (uint8_t)~(1u << PRADC);
    /* REFS = 01: AVcc is the reference; MUX = 1110: the input is the 1.1 V bandgap
     * (datasheet table 24-3/24-4). ADC = 1.1 V * 1024 / VCC. */
    ADMUX = (uint8_t)((1u << REFS0) | 0x0Eu);
    /* ADEN, prescaler 128: 16 MHz / 128 = 125 kHz, inside 50-200 kHz for full
     * resolution (24.4). The first conversion takes 25 ADC clocks (200 us), the next 13
     * (104 us). */
    ADCSRA = (uint8_t)((1u << ADEN) | (1u << ADPS2) | (1u << ADPS1) | (1u << ADPS0));
    for (uint8_t k = 0; k < 2; k++) { /* the first result, taken while the bandgap
                                         settles (<= 70 us, table 29-x), is discarded */
        ADCSRA |= (uint8_t)(1u << ADSC);
        for (uint16_t n = 0; (ADCSRA & (1u << ADSC)) && n < 4000u; n++) { /* < 250 us */
        }
        adc = ADC;
    }
    ADCSRA = 0;
    PRR |= (uint8_t)(1u << PRADC);
    /* 0.1 V units: 1.1 * 1024 * 10 / ADC = 11264 / ADC (225 at 5.0 V, 281 at 4.0 V). */
    if (adc < 45u)
        return adc ? 250u : 0u;
    return (uint8_t)(11264u / adc);
}

uint16_t power_stack_peak(void)
{
    const uint8_t *p = &__heap_start;
    while (p <= (const uint8_t *)RAMEND && *p == POWER_STACK_PAINT)
        p++;
    return (uint16_t)((const uint8_t *)RAMEND + 1 - p);
}
