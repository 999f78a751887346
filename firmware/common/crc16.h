/* firmware/common/crc16.h - CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), pure C.
 * Guards the PROGMEM solution table and the EEPROM records. */
#ifndef CRC16_H
#define CRC16_H
#include <stdint.h>

#define CRC16_INIT 0xFFFFu
uint16_t crc16_update(uint16_t crc, uint8_t byte);
uint16_t crc16(const void *data, uint16_t len);

#endif
