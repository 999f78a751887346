/* tests/sim/probe_sound.c - a known tone sequence on OC2A (Timer2 CTC, toggle), for the
 * sounder part and the WAV writer before and beside the firmware: test_sound.py holds
 * the sequence (PROBE_NOTES there) to what the WAV shows. Each note by its OCR2A and
 * prescaler, F_CPU / (2 * N * (OCR2A + 1)); lengths by busy waits. It also does what the
 * firmware's LED driver does beside a tone: Timer0's interrupt rewrites PORTB's row bits
 * (read-modify-write) at 8 kHz; and it counts, over each note, the PORTB reads that found
 * bit 3 set: on the chip none (the compare unit drives the pin, PORTB3 stays 0), on
 * simavr 1.6's own OC2A most (it writes the compare level into PORTB). Timer2 as the chip
 * counts it (datasheet 18): an OCR2A written below the running count waits for the
 * count's wrap through 255 (the 8 kHz note's first half period), and a stopped Timer2
 * keeps its count and goes on from it (silent, no COM2A). Lines on the UART:
 * `probe_sound: ready`, then after the sequence `portb3 N` (of 1000 reads during the
 * notes), `tcnt2 A B C` (the count as stopped, 100 us later, one tick after the restart),
 * then `done`. No sleep, no watchdog: a probe, not the firmware. */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <stdint.h>
#include <util/delay.h>

#include "uart.h"

#define CS_8 (1u << CS21) /* datasheet table 18-9 */
#define CS_32 ((1u << CS21) | (1u << CS20))
#define CS_256 ((1u << CS22) | (1u << CS21))

static uint16_t portb3_seen;

ISR(TIMER0_COMPA_vect) /* as the LED driver's row step: PORTB's low bits rewritten */
{
    PORTB = (uint8_t)((PORTB & ~7u) | ((PORTB + 1u) & 7u));
}

#define PROBE_PUTC(c) (void)uart_putc((uint8_t)(c))
#include "../probe_print.h"

/* A tone from now on: CTC (WGM21), toggle OC2A (COM2A0); the counter from 0. */
static void tone(uint8_t ocr, uint8_t cs)
{
    OCR2A = ocr;
    TCNT2 = 0;
    TCCR2A = (1u << COM2A0) | (1u << WGM21);
    TCCR2B = cs;
}

static void quiet(void)
{
    TCCR2B = 0;
    TCCR2A = 0;
}

/* ms of the note under way, reading PORTB 100 times. */
static void hold(uint16_t ms)
{
    for (uint8_t i = 0; i < 100u; i++) {
        if (PORTB & (1u << PB3))
            portb3_seen++;
        for (uint16_t k = 0; k < ms; k++)
            _delay_us(10);
    }
}

/* Timer2 stopped at a count of 100 or more, read again 100 us later, restarted: the chip
 * keeps the count (A = B) and counts on from it (C = B + 1). */
static void tcnt2_kept(void)
{
    OCR2A = 249;
    TCNT2 = 0;
    TCCR2A = 1u << WGM21; /* CTC, OC2A disconnected: no sound */
    TCCR2B = CS_8;
    while (TCNT2 < 100u)
        ;
    TCCR2B = 0;
    uint8_t a = TCNT2;
    _delay_us(100);
    uint8_t b = TCNT2;
    TCCR2B = CS_8;
    while (TCNT2 == b)
        ;
    uint8_t c = TCNT2;
    quiet();
    puts_("tcnt2 ");
    put_u16(a);
    puts_(" ");
    put_u16(b);
    puts_(" ");
    put_u16(c);
    puts_("\n");
}

int main(void)
{
    DDRB = (uint8_t)((1u << PB3) | 7u);
    OCR0A = 249; /* 16 MHz / 8 / 250 = 8 kHz */
    TCCR0A = 1u << WGM01;
    TCCR0B = 1u << CS01;
    TIMSK0 = 1u << OCIE0A;
    uart_init();
    sei();
    puts_("probe_sound: ready\n");
    _delay_ms(100);
    tone(249, CS_32); /* 1000 Hz */
    hold(50);
    quiet();
    _delay_ms(30);
    tone(249, CS_8); /* 4000 Hz */
    hold(20);
    while (TCNT2 < 200u) /* 8000 Hz, the counter running on, past the new top: a wrap */
        ;
    OCR2A = 124;
    hold(40);
    quiet();
    _delay_ms(30);
    tone(155, CS_256); /* 200.3 Hz */
    hold(80);
    tone(124, CS_32); /* 2000 Hz: from the buzz to it with no rest */
    hold(60);
    quiet();
    _delay_ms(50);
    tone(249, CS_8); /* 4000 Hz, 10 ms: a click */
    hold(10);
    quiet();
    hold(10); /* 10 more reads, none of a tone, to make 1000 */
    puts_("portb3 ");
    put_u16(portb3_seen);
    puts_("\n");
    tcnt2_kept();
    puts_("done\n");
    for (;;)
        ;
}
