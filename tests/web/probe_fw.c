/* tests/web/probe_fw.c - a small test image for the twin transcripts: the parts of the
 * chip the game reaches only by accident or by fault, made to happen on command, so both
 * emulators (simavr via sim/board.c, avr8js via sim/web/src/shield.js) can be compared.
 * Each boot prints its reset flags (MCUSR, read in .init3) and a boot count kept in
 * EEPROM; commands (lines on the UART, at the firmware's UART_BAUD, 8N1):
 *   hang   stop kicking the watchdog (reset mode): a watchdog reset, EEPROM kept
 *   hangi  the same in interrupt-then-reset mode (WDIE+WDE): the WDT interrupt first
 *          (its handler only sets a flag, reported by the main loop), then the reset
 *   adc    the 1.1 V bandgap measured against AVcc (ADMUX MUX = 0b1110): ~225 at 5.0 V
 *   ee     EEPROM byte 1 written in the background: the EE_READY interrupt (EERIE) says
 *          when the write is done, and the main loop reports it and the byte read back
 *   sei    a pin-change interrupt made pending with interrupts off, then `sei; sleep` in
 *          power-down: the instruction after SEI runs before any interrupt (datasheet
 *          7.7), so the sleep starts and the pending interrupt ends it at once (taken
 *          between the two, it would leave the sleep nothing to wake it)
 *   pd     power-down with Timer0's compare interrupt on: no timer wakes the chip from it
 *          (datasheet table 10-1), only a pin change: RXD's, as the next line comes
 *   rx     power-down as the host's next byte starts (RXD low), woken by that byte's
 *          pin changes on RXD (PCINT16): the byte in reception is lost (the USART's
 *          clock stood), and so is the next, in the crystal's start-up; 0.2 ms later
 *          (a byte would be complete) nothing has been received
 * Polled UART, no rings: it is a probe, not a driver. */
#include <avr/eeprom.h>
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/wdt.h>
#include <util/delay.h>
#include <stdint.h>

uint8_t probe_fw_mcusr __attribute__((section(".noinit")));
static volatile uint8_t probe_fw_interrupted;

void probe_fw_early(void) __attribute__((naked, used, section(".init3")));
void probe_fw_early(void)
{
    probe_fw_mcusr = MCUSR;
    MCUSR = 0;
    wdt_disable();
}

static volatile uint8_t probe_fw_ee_done;

ISR(EE_READY_vect)
{
    EECR &= (uint8_t)~(1u << EERIE); /* level-triggered: off until the next write */
    probe_fw_ee_done = 1;
}

EMPTY_INTERRUPT(PCINT1_vect);
EMPTY_INTERRUPT(PCINT2_vect);

ISR(WDT_vect)
{
    probe_fw_interrupted = 1; /* the chip cleared WDIE: the next timeout resets */
}

static void put(char c)
{
    while (!(UCSR0A & (1u << UDRE0)))
        ;
    UDR0 = (uint8_t)c;
}

#define PROBE_PUTC(c) put(c)
#include "../probe_print.h"

static void hang(uint8_t with_interrupt)
{
    cli();
    wdt_reset();
    /* timed sequence (datasheet 10.9.2): WDCE+WDE, then the new value within 4 cycles;
     * WDP = 0b0100: 250 ms */
    WDTCSR = (uint8_t)((1u << WDCE) | (1u << WDE));
    WDTCSR = (uint8_t)((with_interrupt ? (1u << WDIE) : 0u) | (1u << WDE) | (1u << WDP2));
    sei();
    for (;;) { /* no wdt_reset(): the watchdog ends this */
        if (probe_fw_interrupted) {
            probe_fw_interrupted = 0;
            puts_("probe_fw: watchdog interrupt, reset next\n");
        }
    }
}

/* UART_BAUD with U2X: UBRR = 16 (datasheet table 20-7); polled, no interrupts. */
static void uart_init(void)
{
    UBRR0 = 16;
    UCSR0A = (uint8_t)(1u << U2X0);
    UCSR0C = (uint8_t)((1u << UCSZ01) | (1u << UCSZ00));
    UCSR0B = (uint8_t)((1u << RXEN0) | (1u << TXEN0));
}

/* The boot line: the boot count (EEPROM byte 0, counted up) and the reset flags. */
static void report_boot(void)
{
    uint8_t boots = (uint8_t)(eeprom_read_byte((const uint8_t *)0) + 1u);
    eeprom_write_byte((uint8_t *)0, boots);
    puts_("probe_fw: boot ");
    put_u16(boots);
    puts_(", mcusr ");
    put_u16(probe_fw_mcusr & 0x0fu);
    puts_((probe_fw_mcusr & (1u << WDRF)) ? " (watchdog)\n" : (probe_fw_mcusr & (1u << PORF)) ? " (power-on)\n" : "\n");
}

/* adc: the 1.1 V bandgap against AVcc. */
static void cmd_adc(void)
{
    ADMUX = (uint8_t)((1u << REFS0) | 0x0eu); /* AVcc reference, input 1.1 V bandgap */
    ADCSRA = (uint8_t)((1u << ADEN) | (1u << ADSC) | 7u); /* clk/128: 125 kHz */
    while (ADCSRA & (1u << ADSC))
        wdt_reset();
    puts_("probe_fw: bandgap ");
    put_u16(ADC);
    puts_(" counts\n");
}

/* ee: EEPROM byte 1 written in the background, EE_READY reporting the end. */
static void cmd_ee(void)
{
    uint8_t v = (uint8_t)(eeprom_read_byte((const uint8_t *)1) + 7u);
    probe_fw_ee_done = 0;
    cli();
    EEAR = 1;
    EEDR = v;
    EECR = (uint8_t)(1u << EEMPE); /* erase + write (EEPM = 0), 4-cycle window */
    EECR |= (uint8_t)(1u << EEPE);
    EECR |= (uint8_t)(1u << EERIE); /* fires once EEPE clears */
    sei();
    puts_("probe_fw: eeprom write started\n");
    uint16_t spins = 0;
    while (!probe_fw_ee_done && ++spins)
        wdt_reset();
    cli();
    puts_(probe_fw_ee_done ? "probe_fw: eeprom ready interrupt, byte " : "probe_fw: no eeprom ready interrupt, byte ");
    sei();
    put_u16(eeprom_read_byte((const uint8_t *)1));
    puts_(v == eeprom_read_byte((const uint8_t *)1) ? " (written)\n" : " (NOT written)\n");
}

/* sei: a pin change pending with interrupts off, then `sei; sleep` in power-down. */
static void cmd_sei(void)
{
    wdt_disable();
    cli();
    DDRC |= 1u; /* PC0 an output: toggling it is a pin change (PCINT8) */
    PCMSK1 = (uint8_t)(1u << PCINT8);
    PCIFR = (uint8_t)(1u << PCIF1);
    PCICR = (uint8_t)(1u << PCIE1);
    PORTC ^= 1u; /* PCIF1 set: the interrupt waits for sei */
    SMCR = (uint8_t)((1u << SM1) | (1u << SE)); /* power-down */
    __asm__ __volatile__("sei\n\tsleep" ::: "memory");
    SMCR = 0;
    PCICR = 0;
    PCMSK1 = 0;
    DDRC &= (uint8_t)~1u;
    PORTC &= (uint8_t)~1u;
    puts_("probe_fw: woke from power-down\n");
    wdt_enable(WDTO_250MS);
}

/* Interrupts off: power-down until RXD's pin change (PCINT16) wakes the chip. */
static inline __attribute__((always_inline)) void power_down_until_rxd(void)
{
    PCMSK2 = (uint8_t)(1u << PCINT16);
    PCIFR = (uint8_t)(1u << PCIF2);
    PCICR = (uint8_t)(1u << PCIE2);
    SMCR = (uint8_t)((1u << SM1) | (1u << SE)); /* power-down */
    __asm__ __volatile__("sei\n\tsleep" ::: "memory");
    SMCR = 0;
    PCICR = 0;
    PCMSK2 = 0;
}

/* pd: power-down with Timer0's compare interrupt on (1 ms), woken by RXD's pin change
 * alone. */
ISR(TIMER0_COMPA_vect)
{
}

static void cmd_pd(void)
{
    wdt_disable();
    puts_("probe_fw: power-down, timer on\n");
    cli();
    TCCR0A = (uint8_t)(1u << WGM01); /* CTC */
    OCR0A = 249;                     /* 1 ms at clk/64 */
    TCCR0B = (uint8_t)((1u << CS01) | (1u << CS00));
    TIFR0 = (uint8_t)(1u << OCF0A);
    TIMSK0 = (uint8_t)(1u << OCIE0A);
    power_down_until_rxd();
    TIMSK0 = 0;
    TCCR0B = 0;
    puts_("probe_fw: woke from power-down\n");
    wdt_enable(WDTO_250MS);
}

/* rx: power-down as the host's next byte starts, woken by RXD's pin changes. */
static void cmd_rx(void)
{
    puts_("probe_fw: rx armed\n");
    while (PIND & (1u << PIND0)) /* idle high: wait for a start bit */
        wdt_reset();
    cli();
    power_down_until_rxd();
    _delay_us(200);
    puts_((UCSR0A & (1u << RXC0)) ? "probe_fw: a byte received in power-down\n"
                                  : "probe_fw: nothing received in power-down\n");
    while (UCSR0A & (1u << RXC0))
        (void)UDR0;
}

/* One command line (the list at the top of the file). */
static void run_command(const char *line)
{
    if (line[0] == 'h' && line[1] == 'a' && line[2] == 'n' && line[3] == 'g') {
        puts_("probe_fw: hanging\n");
        hang(line[4] == 'i');
    } else if (line[0] == 'a' && line[1] == 'd' && line[2] == 'c') {
        cmd_adc();
    } else if (line[0] == 'e' && line[1] == 'e') {
        cmd_ee();
    } else if (line[0] == 's' && line[1] == 'e' && line[2] == 'i') {
        cmd_sei();
    } else if (line[0] == 'r' && line[1] == 'x') {
        cmd_rx();
    } else if (line[0] == 'p' && line[1] == 'd') {
        cmd_pd();
    } else {
        puts_("probe_fw: ?\n");
    }
}

int main(void)
{
    uart_init();
    report_boot();
    wdt_enable(WDTO_250MS);
    char line[8];
    uint8_t len = 0;
    for (;;) {
        wdt_reset();
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
        run_command(line);
    }
}
