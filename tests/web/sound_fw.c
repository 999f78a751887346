/* tests/web/sound_fw.c - a test image for the sound paths of both emulators and the
 * page: known Timer2 tones on OC2A (PB3, D11), as the firmware plays them (CTC, COM2A0
 * toggling the pin, no interrupt per cycle), so the tests need no game to make a sound.
 * Commands (lines on the UART, UART_BAUD 8N1; each answered when its sound has ended):
 *   play   the notes of sound_fw_notes below, in order (a rest is a prescaler of 0)
 *   high   a 200 ms tone stopped right after a toggle that set the pin high: the pin must
 *          still go low (the toggles are counted on OCF2A, not read on PINB3)
 * Frequency = F_CPU / (2 * N * (OCR2A + 1)), N the prescaler (datasheet 18.7.2).
 * Notes timed by busy waits: it is a probe, not the firmware's sound driver. */
#include <avr/io.h>
#include <util/delay.h>
#include <stdint.h>

typedef struct {
    uint8_t cs;   /* TCCR2B's clock select: 3 = clk/32, 4 = clk/64, 5 = clk/128; 0 a rest */
    uint8_t ocr;  /* OCR2A */
    uint8_t ms10; /* length in 10 ms */
} sound_fw_note_t;

/* tests/web/test_page_sound.mjs holds the same list (PROBE_NOTES). */
static const sound_fw_note_t sound_fw_notes[] = {
    {3, 61, 10},  /* 16e6 / (2 * 32 * 62) = 4032.26 Hz, 100 ms */
    {0, 0, 5},    /* rest 50 ms */
    {4, 124, 20}, /* 16e6 / (2 * 64 * 125) = 1000 Hz, 200 ms */
    {0, 0, 3},    /* rest 30 ms */
    {3, 124, 4},  /* 2000 Hz, 40 ms */
    {0, 0, 10},   /* rest 100 ms */
    {5, 118, 15}, /* 16e6 / (2 * 128 * 119) = 525.21 Hz, 150 ms */
};

static void put(char c)
{
    while (!(UCSR0A & (1u << UDRE0)))
        ;
    UDR0 = (uint8_t)c;
}

#define PROBE_PUTC(c) put(c)
#include "../probe_print.h"

static void wait_10ms(uint8_t n)
{
    while (n--)
        _delay_ms(10);
}

/* One tone: the counter from 0, OC2A toggling on each compare (COM2A0, WGM21 = CTC). */
static void tone_on(uint8_t cs, uint8_t ocr)
{
    TCNT2 = 0;
    OCR2A = ocr;
    TCCR2A = (uint8_t)((1u << COM2A0) | (1u << WGM21));
    TCCR2B = cs;
}

/* Off: the timer stopped and OC2A disconnected, so PB3 is PORTB's low again. */
static void tone_off(void)
{
    TCCR2B = 0;
    TCCR2A = 0;
}

static void cmd_play(void)
{
    for (uint8_t i = 0; i < sizeof sound_fw_notes / sizeof sound_fw_notes[0]; i++) {
        const sound_fw_note_t *n = &sound_fw_notes[i];
        if (n->cs)
            tone_on(n->cs, n->ocr);
        wait_10ms(n->ms10);
        tone_off();
    }
    puts_("sound_fw: played\n");
}

/* 2000 Hz, 801 toggles from a low pin: the last sets it high, and the tone stops there. */
static void cmd_high(void)
{
    TIFR2 = (uint8_t)(1u << OCF2A);
    tone_on(3, 124);
    for (uint16_t n = 0; n < 801u; n++) {
        while (!(TIFR2 & (1u << OCF2A)))
            ;
        TIFR2 = (uint8_t)(1u << OCF2A); /* a one clears it (datasheet 18.11.8) */
    }
    tone_off();
    puts_("sound_fw: high done\n");
}

int main(void)
{
    UBRR0 = 16; /* UART_BAUD with U2X (datasheet table 20-7) */
    UCSR0A = (uint8_t)(1u << U2X0);
    UCSR0C = (uint8_t)((1u << UCSZ01) | (1u << UCSZ00));
    UCSR0B = (uint8_t)((1u << RXEN0) | (1u << TXEN0));
    DDRB |= (uint8_t)(1u << DDB3); /* the sounder pin an output, low */
    puts_("sound_fw: ready\n");
    char line[8];
    uint8_t len = 0;
    for (;;) {
        if (!(UCSR0A & (1u << RXC0)))
            continue;
        char c = (char)UDR0;
        if (c != '\n') {
            if (len < sizeof line - 1)
                line[len++] = c;
            continue;
        }
        line[len] = 0;
        len = 0;
        if (line[0] == 'p' && line[1] == 'l')
            cmd_play();
        else if (line[0] == 'h' && line[1] == 'i')
            cmd_high();
        else
            puts_("sound_fw: ?\n");
    }
}
