/* tests/sim/testfw.c - small AVR firmware to develop the simulator harness against:
 * multiplexes the LED matrix (one row per 0.5 ms), scans the key matrix per board/pins.h,
 * cycles a cell off -> red -> green -> yellow on each press, echoes UART lines.
 * Built with -DTESTFW_GHOST it switches columns before rows: deliberate ghost light. */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>
#include <stdint.h>

#include "pins.h"

static const uint8_t led_rows[3] = BOARD_LED_ROW_PINS;
static const uint8_t led_red[3] = BOARD_LED_RED_PINS;
static const uint8_t led_green[3] = BOARD_LED_GREEN_PINS;
static const uint8_t key_rows[3] = BOARD_KEY_ROW_PINS;
static const uint8_t key_cols[3] = BOARD_KEY_COL_PINS;

static volatile uint8_t frame[9];
static volatile uint16_t raw_keys;
static volatile uint8_t ms_flag;
static volatile uint8_t rx_buf[64];
static volatile uint8_t rx_head, rx_tail;

static volatile uint8_t *port_reg(uint8_t pin)
{
    return BOARD_PIN_PORT(pin) == 0 ? &PORTB : BOARD_PIN_PORT(pin) == 1 ? &PORTC : &PORTD;
}
static volatile uint8_t *ddr_reg(uint8_t pin)
{
    return BOARD_PIN_PORT(pin) == 0 ? &DDRB : BOARD_PIN_PORT(pin) == 1 ? &DDRC : &DDRD;
}
static volatile uint8_t *pin_reg(uint8_t pin)
{
    return BOARD_PIN_PORT(pin) == 0 ? &PINB : BOARD_PIN_PORT(pin) == 1 ? &PINC : &PIND;
}
static void pin_set(uint8_t pin, uint8_t on)
{
    if (on)
        *port_reg(pin) |= (uint8_t)(1u << BOARD_PIN_BIT(pin));
    else
        *port_reg(pin) &= (uint8_t)~(1u << BOARD_PIN_BIT(pin));
}

/* Timer0 compare: 16 MHz / 64 / (124 + 1) = 2 kHz, one LED row and one key row each. */
ISR(TIMER0_COMPA_vect)
{
    static uint8_t row, half;
    static uint16_t keys_acc;
#ifndef TESTFW_GHOST
    pin_set(led_rows[row], 0);
#else
    /* deliberate ghosting: the next row's columns are set while this row is still on */
    uint8_t old_row = row;
#endif
    /* sample the key row driven since the last step, then release it */
    for (uint8_t c = 0; c < 3; c++)
        if (!(*pin_reg(key_cols[c]) & (1u << BOARD_PIN_BIT(key_cols[c]))))
            keys_acc |= (uint16_t)(1u << (row * 3 + c));
    *ddr_reg(key_rows[row]) &= (uint8_t)~(1u << BOARD_PIN_BIT(key_rows[row]));
    row = (uint8_t)(row == 2 ? 0 : row + 1);
    if (row == 0) {
        raw_keys = keys_acc;
        keys_acc = 0;
    }
    *ddr_reg(key_rows[row]) |= (uint8_t)(1u << BOARD_PIN_BIT(key_rows[row]));
    for (uint8_t c = 0; c < 3; c++) {
        uint8_t v = frame[row * 3 + c];
        pin_set(led_red[c], v & 1);
        pin_set(led_green[c], (v >> 1) & 1);
    }
#ifdef TESTFW_GHOST
    pin_set(led_rows[old_row], 0);
#endif
    pin_set(led_rows[row], 1);
    if (++half == 2) {
        half = 0;
        ms_flag = 1;
    }
}

ISR(USART_RX_vect)
{
    uint8_t c = UDR0;
    uint8_t next = (uint8_t)((rx_head + 1) & 63);
    if (next != rx_tail) {
        rx_buf[rx_head] = c;
        rx_head = next;
    }
}

static void putc_blocking(char c)
{
    while (!(UCSR0A & (1 << UDRE0)))
        ;
    UDR0 = (uint8_t)c;
}
static void puts_line(const char *s)
{
    while (*s)
        putc_blocking(*s++);
    putc_blocking('\n');
}

/* LED rows and colour columns outputs, key columns pulled up, key rows hi-Z; Timer0 at
 * 2 kHz; the UART at the firmware's speed (hal/uart.h) with the receive interrupt. */
static void io_init(void)
{
    for (uint8_t i = 0; i < 3; i++) {
        *ddr_reg(led_rows[i]) |= (uint8_t)(1u << BOARD_PIN_BIT(led_rows[i]));
        *ddr_reg(led_red[i]) |= (uint8_t)(1u << BOARD_PIN_BIT(led_red[i]));
        *ddr_reg(led_green[i]) |= (uint8_t)(1u << BOARD_PIN_BIT(led_green[i]));
        pin_set(key_cols[i], 1); /* pull-up on the sense columns */
        pin_set(key_rows[i], 0); /* drive rows: low when output, hi-Z otherwise */
    }
    TCCR0A = 1 << WGM01;             /* CTC */
    OCR0A = 124;                     /* 250 kHz / 125 = 2 kHz */
    TCCR0B = (1 << CS01) | (1 << CS00); /* clk/64 */
    TIMSK0 = 1 << OCIE0A;
    UCSR0A = 1 << U2X0;
    UBRR0 = 16;                      /* 16 MHz / (8 * 17) = 117647 baud: UART_BAUD, +2.1% */
    UCSR0B = (1 << RXEN0) | (1 << TXEN0) | (1 << RXCIE0);
    UCSR0C = (1 << UCSZ01) | (1 << UCSZ00);
}

/* The debouncer: keys count as stable after 10 equal 1 ms samples. */
typedef struct {
    uint16_t stable, last;
    uint8_t count;
} debounce_t;

/* One 1 ms step of the debouncer on the ISR's latest key bitmap. */
static void keys_step(debounce_t *d)
{
    uint16_t now = raw_keys;
    if (now == d->last) {
        if (d->count < 20)
            d->count++;
    } else {
        d->count = 0;
        d->last = now;
    }
    if (d->count == 10 && now != d->stable) {
        uint16_t down = now & (uint16_t)~d->stable;
        d->stable = now;
        for (uint8_t i = 0; i < 9; i++)
            if (down & (1u << i)) { /* its cell's colour steps, and it is reported */
                frame[i] = (uint8_t)((frame[i] + 1) & 3);
                char msg[] = "key 0";
                msg[4] = (char)('1' + i);
                puts_line(msg);
            }
    }
}

#define RX_LINE_MAX 40 /* bytes of an echoed line, its end included */

/* The line being received (its text, *len bytes so far), echoed as "e: <line>" at its
 * newline. */
static void serial_step(char line[RX_LINE_MAX], uint8_t *len)
{
    while (rx_tail != rx_head) {
        char c = (char)rx_buf[rx_tail];
        rx_tail = (uint8_t)((rx_tail + 1) & 63);
        if (c == '\n') {
            line[*len] = 0;
            putc_blocking('e');
            putc_blocking(':');
            putc_blocking(' ');
            puts_line(line);
            *len = 0;
        } else if (c != '\r' && *len < RX_LINE_MAX - 1) {
            line[(*len)++] = c;
        }
    }
}

int main(void)
{
    io_init();
    sei();
    puts_line("ttt: ready (test firmware)");
    debounce_t keys = {0, 0, 0};
    char line[RX_LINE_MAX];
    uint8_t len = 0;
    for (;;) {
        if (ms_flag) {
            ms_flag = 0;
            keys_step(&keys);
        }
        serial_step(line, &len);
        set_sleep_mode(SLEEP_MODE_IDLE);
        sleep_mode();
    }
}
