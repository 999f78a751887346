/* firmware/common/avr/pgm.h - PROGMEM access on the AVR: the real avr-libc macros. The host build
 * finds firmware/common/host/pgm.h instead (include path), so engine code is identical. */
#ifndef COMMON_PGM_H
#define COMMON_PGM_H
#include <avr/pgmspace.h>
#endif
