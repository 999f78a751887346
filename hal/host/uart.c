/* hal/host/uart.c - fake serial port: input in a 4 KB queue with a lost-after flag per
 * byte; output in a 64 KB buffer; TX room 255 bytes (the chip's ring) unless narrowed,
 * a byte beyond it dropped and counted like the chip's. */
#include <string.h>

#include "fake_internal.h"
#include "hal_fake.h"
#include "uart.h"

#define FAKE_RX_CAP 4096u
#define FAKE_TX_CAP 65536u
#define FAKE_TX_ROOM 255u

static char fake_rx[FAKE_RX_CAP];
static uint8_t fake_rx_gap[FAKE_RX_CAP];
static size_t fake_rx_len, fake_rx_pos;
static char fake_tx[FAKE_TX_CAP];
static size_t fake_tx_len;
static uint16_t fake_tx_room, fake_tx_held; /* held: bytes "in the ring" since taken */
static uint16_t fake_rx_lost, fake_tx_lost;

void fake_uart_reset(void)
{
    fake_rx_len = fake_rx_pos = fake_tx_len = 0;
    fake_rx_lost = fake_tx_lost = 0;
    fake_tx_room = FAKE_TX_ROOM;
    fake_tx_held = 0;
}

void uart_init(void)
{
    fake_uart_reset();
}

uint8_t uart_tx_free(void)
{
    return (uint8_t)(fake_tx_held >= fake_tx_room ? 0u : (unsigned)(fake_tx_room - fake_tx_held));
}

bool uart_putc(uint8_t c)
{
    if (fake_tx_len >= FAKE_TX_CAP - 1u || !uart_tx_free()) {
        fake_tx_lost++;
        return false;
    }
    if (fake_tx_room != FAKE_TX_ROOM)
        fake_tx_held++; /* a narrowed ring fills until the test takes the output */
    fake_tx[fake_tx_len++] = (char)c;
    return true;
}

int16_t uart_getc(void)
{
    int16_t r;
    if (fake_rx_pos >= fake_rx_len)
        return -1;
    r = (int16_t)(uint8_t)fake_rx[fake_rx_pos];
    if (fake_rx_gap[fake_rx_pos])
        r |= UART_RX_GAP_AFTER;
    fake_rx_pos++;
    return r;
}

uint16_t uart_rx_overruns(void)
{
    return fake_rx_lost;
}

uint16_t uart_tx_dropped(void)
{
    return fake_tx_lost;
}

bool uart_tx_busy(void)
{
    return fake_tx_held != 0; /* a narrowed ring: until the test takes the output */
}

void fake_uart_feed(const char *bytes, size_t len)
{
    if (fake_rx_pos == fake_rx_len) /* everything consumed: start over at the front */
        fake_rx_pos = fake_rx_len = 0;
    for (size_t i = 0; i < len; i++) {
        if (fake_rx_len >= FAKE_RX_CAP) {
            fake_uart_lose();
            continue;
        }
        fake_rx_gap[fake_rx_len] = 0;
        fake_rx[fake_rx_len++] = bytes[i];
    }
}

void fake_uart_lose(void)
{
    fake_rx_lost++;
    if (fake_rx_len > fake_rx_pos)
        fake_rx_gap[fake_rx_len - 1u] = 1;
}

void fake_uart_set_tx_room(uint16_t bytes)
{
    fake_tx_room = bytes > FAKE_TX_ROOM ? FAKE_TX_ROOM : bytes;
    fake_tx_held = 0;
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
    fake_tx_held = 0; /* taken: the ring has drained */
    return n;
}
