/* firmware/common/crc16.h - CRC-16/CCITT-FALSE (poly 0x1021 MSB first, init 0xFFFF):
 * crc16("123456789") == 0x29B1. Guards the PROGMEM solution table and the EEPROM
 * records. Two implementations, chosen at link time: firmware/common/avr/crc16.c
 * (avr-libc's _crc_xmodem_update, the same polynomial and bit order) and
 * firmware/common/host/crc16.c (bitwise C). */
#ifndef CRC16_H
#define CRC16_H
#include <stdint.h>

#define CRC16_INIT 0xFFFFu
uint16_t crc16_update(uint16_t crc, uint8_t byte);
/* The CRC of len bytes in RAM, from CRC16_INIT: host side only (the generator and the
 * tests); the firmware reads flash and EEPROM a byte at a time with crc16_update(). */
uint16_t crc16(const void *data, uint16_t len);

#endif
