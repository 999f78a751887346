/* hal/avr/power.c - reset cause, watchdog, idle sleep and key-wake power-down.
 * MCUSR is copied and cleared in .init3, before main and before the C runtime could
 * loop long enough for a still-running watchdog (it stays on after a watchdog reset,
 * at the shortest period) to bite again, as the avr-libc <avr/wdt.h> notes advise. */
#include "power.h"

#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>
#include <avr/wdt.h>
#include <util/delay.h>

#include "board_check.h"
#include "hal_isr.h"
#include "keys_hw.h"
#include "leds.h"

/* 2 s (WDP = 0b0111, datasheet table 10-3: 256K cycles of the 128 kHz oscillator):
 * longer than the worst main-loop pass (a full EEPROM record save is <= 54 writes *
 * 3.3 ms = 180 ms), short enough that a hang is noticed. */
#define POWER_WDT_PERIOD WDTO_2S

uint8_t power_mcusr __attribute__((section(".noinit")));
static uint8_t power_cause;

void power_early_init(void) __attribute__((naked, used, section(".init3")));
void power_early_init(void)
{
    power_mcusr = MCUSR;
    MCUSR = 0;      /* WDRF must be cleared before the watchdog can be switched off */
    wdt_disable(); /* timed WDCE/WDE sequence (datasheet 10.9.2) */
}

void power_init(void)
{
    uint8_t m = power_mcusr;
    power_cause = 0;
    if (m & (1u << PORF))
        power_cause |= RESET_POWER_ON;
    if (m & (1u << EXTRF))
        power_cause |= RESET_EXTERNAL;
    if (m & (1u << BORF))
        power_cause |= RESET_BROWN_OUT;
    if (m & (1u << WDRF))
        power_cause |= RESET_WATCHDOG;
    /* Unused peripherals off (PRR, datasheet 9.11.3): TWI, SPI (ISP does not need the
     * SPI module) and the ADC (ADEN is 0 after reset, required before PRADC). */
    PRR |= (uint8_t)((1u << PRTWI) | (1u << PRSPI) | (1u << PRADC));
    wdt_enable(POWER_WDT_PERIOD);
}

uint8_t power_reset_cause(void)
{
    return power_cause;
}

void power_wdt_kick(void)
{
    wdt_reset();
}

void power_idle(void)
{
    /* Idle (SM = 0): the CPU stops, Timer0 and the USART keep running and wake it; at
     * most 500 us until the next timer step. */
    set_sleep_mode(SLEEP_MODE_IDLE);
    sleep_mode();
}

EMPTY_INTERRUPT(PCINT0_vect);
EMPTY_INTERRUPT(PCINT1_vect);
EMPTY_INTERRUPT(PCINT2_vect);

void power_down_until_key(void)
{
    uint8_t closed = 0;

    cli();
    TIMSK0 &= (uint8_t)~(1u << OCIE0A); /* no display/scan steps while asleep */
    keyscan_map_init(&keys_map);         /* valid even if keys_init() never ran */
    leds_off(); /* the caller did already; harmless twice, safe before leds_init() */
    /* All drive rows low at once: any key then pulls its column low. */
    DDRB |= keys_map.rows_all[0];
    DDRC |= keys_map.rows_all[1];
    DDRD |= keys_map.rows_all[2];
    _delay_us(10); /* pull-up (>= 20 kOhm) x pin + trace capacitance (< 50 pF) ~ 1 us */
    closed = (uint8_t)((~PINB & keys_map.cols_all[0]) | (~PINC & keys_map.cols_all[1]) |
                       (~PIND & keys_map.cols_all[2]));
    if (!closed) {
        /* Pin-change interrupts on the sense columns (datasheet 12.2.4-12.2.8):
         * PCMSK0/1/2 select port B/C/D pins, PCICR bits enable each group. */
        PCMSK0 = keys_map.cols_all[0];
        PCMSK1 = keys_map.cols_all[1];
        PCMSK2 = keys_map.cols_all[2];
        PCIFR = (uint8_t)((1u << PCIF0) | (1u << PCIF1) | (1u << PCIF2)); /* 1 clears */
        PCICR = (uint8_t)((keys_map.cols_all[0] ? (1u << PCIE0) : 0u) |
                          (keys_map.cols_all[1] ? (1u << PCIE1) : 0u) |
                          (keys_map.cols_all[2] ? (1u << PCIE2) : 0u));
        /* The watchdog keeps running in power-down and would reset us after 2 s. */
        wdt_disable();
        set_sleep_mode(SLEEP_MODE_PWR_DOWN); /* SM = 2: only async wake-ups (PCINT) */
        sleep_enable();
        sleep_bod_disable(); /* BODS timed sequence: saves ~20 uA while asleep */
        sei();               /* the next instruction (sleep) runs before any ISR */
        sleep_cpu();
        sleep_disable();
        cli();
        PCICR = 0;
        PCMSK0 = PCMSK1 = PCMSK2 = 0;
        wdt_enable(POWER_WDT_PERIOD);
    }
    keys_hw_init(); /* rows back to hi-Z, scan restarts at row 0 */
    TIFR0 = (uint8_t)(1u << OCF0A);
    TIMSK0 |= (uint8_t)(1u << OCIE0A);
    sei();
}
