# firmware/common/common.mk - the floor every room may stand on, depending on nothing:
# CRC-16 (crc16.h) and PROGMEM access (pgm.h), each with a chip side (avr/) and a host
# side (host/), chosen by the include path and the link.
COMMON_AVR_SRC := firmware/common/avr/crc16.c
COMMON_HOST_SRC := firmware/common/host/crc16.c
