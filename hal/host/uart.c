/* hal/host/uart.c - fake serial port. Input fed by the test waits in a 4 KB queue
 * (a test may feed a whole script at once); output collects in a 64 KB buffer that
 * fake_uart_output() hands over. A full buffer drops and counts, like the chip. */
#include <string.h>

#include "fake_internal.h"
#include "hal_fake.h"
#include "uart.h"

#define FAKE_RX_CAP 4096u
#define FAKE_TX_CAP 65536u

static char fake_rx[FAKE_RX_CAP];
static size_t fake_rx_len, fake_rx_pos;
static char fake_tx[FAKE_TX_CAP];
static size_t fake_tx_len;
static uint16_t fake_rx_lost, fake_tx_lost;

void fake_uart_reset(void)
{
    fake_rx_len = fake_rx_pos = fake_tx_len = 0;
    fake_rx_lost = fake_tx_lost = 0;
}

void uart_init(void)
{
    fake_uart_reset();
}

uint8_t uart_putc(uint8_t c)
{
    if (fake_tx_len >= FAKE_TX_CAP - 1u) {
        fake_tx_lost++;
        return 0;
    }
    fake_tx[fake_tx_len++] = (char)c;
    return 1;
}

void uart_puts(const char *s)
{
    while (*s)
        uart_putc((uint8_t)*s++);
}

int16_t uart_getc(void)
{
    if (fake_rx_pos >= fake_rx_len)
        return -1;
    return (int16_t)(uint8_t)fake_rx[fake_rx_pos++];
}

uint16_t uart_rx_overruns(void)
{
    return fake_rx_lost;
}

uint16_t uart_tx_dropped(void)
{
    return fake_tx_lost;
}

uint8_t uart_tx_busy(void)
{
    return 0; /* the fake "sends" instantly */
}

void fake_uart_feed(const char *bytes, size_t len)
{
    if (fake_rx_pos == fake_rx_len) /* everything consumed: start over at the front */
        fake_rx_pos = fake_rx_len = 0;
    for (size_t i = 0; i < len; i++) {
        if (fake_rx_len >= FAKE_RX_CAP) {
            fake_rx_lost++;
            continue;
        }
        fake_rx[fake_rx_len++] = bytes[i];
    }
}

size_t fake_uart_output(char *buf, size_t cap)
{
    size_t n = 0;
    if (cap == 0)
        return 0;
    n = fake_tx_len < cap - 1u ? fake_tx_len : cap - 1u;
    memcpy(buf, fake_tx, n);
    buf[n] = '\0';
    /* keep what did not fit for the next call */
    memmove(fake_tx, fake_tx + n, fake_tx_len - n);
    fake_tx_len -= n;
    return n;
}
