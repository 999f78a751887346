# firmware/common/common.mk - the floor every room may stand on, depending on nothing:
# CRC-16 (crc16.h) and PROGMEM access (pgm.h: avr/ on the chip, host/ on the host,
# chosen by the include path).
COMMON_SRC := firmware/common/crc16.c
