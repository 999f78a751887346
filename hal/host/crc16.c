/* hal/host/crc16.c - CRC-16/CCITT-FALSE on the host, bitwise (the same
 * values as avr-libc's _crc_xmodem_update on the chip; tests compare them). */
#include "crc16.h"

uint16_t crc16_update(uint16_t crc, uint8_t byte)
{
    crc ^= (uint16_t)byte << 8;
    for (uint8_t bit = 0; bit < 8; bit++)
        crc = (crc & 0x8000u) ? (uint16_t)((crc << 1) ^ 0x1021u) : (uint16_t)(crc << 1);
    return crc;
}

uint16_t crc16(const void *data, uint16_t len)
{
    const uint8_t *bytes = data;
    uint16_t crc = CRC16_INIT;
    while (len--)
        crc = crc16_update(crc, *bytes++);
    return crc;
}
