/* hal/avr/crc16.c - CRC-16/CCITT-FALSE on the chip: avr-libc's _crc_xmodem_update
 * (<util/crc16.h>: the same polynomial and bit order, no table). */
#include "crc16.h"

#include <util/crc16.h>

uint16_t crc16_update(uint16_t crc, uint8_t byte)
{
    return _crc_xmodem_update(crc, byte);
}
