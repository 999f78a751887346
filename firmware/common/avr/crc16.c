/* firmware/common/avr/crc16.c - CRC-16/CCITT-FALSE on the chip: avr-libc's
 * _crc_xmodem_update (<util/crc16.h>: poly 0x1021, MSB first, 19 instructions, no table)
 * from CRC16_INIT. One function, so the code is in flash once; flattened, so that it is
 * that code itself and not a call to it. */
#include "crc16.h"

#include <util/crc16.h>

uint16_t crc16_update(uint16_t crc, uint8_t byte)
{
    return _crc_xmodem_update(crc, byte);
}
