/* hal/crc16.h - CRC-16/CCITT-FALSE (poly 0x1021 MSB first, init 0xFFFF), for the HAL's
 * records and the engine's table; hal/avr/crc16.c (avr-libc) or hal/host/crc16.c (C),
 * chosen at link time. crc16("123456789") == 0x29B1. */
#ifndef HAL_CRC16_H
#define HAL_CRC16_H
#include <stdint.h>

#define CRC16_INIT 0xFFFFu
/* crc with one more byte; start from CRC16_INIT. */
uint16_t crc16_update(uint16_t crc, uint8_t byte);
/* Host only (the table generator, the tests): the CRC of len bytes in RAM. */
uint16_t crc16(const void *data, uint16_t len);

#endif
