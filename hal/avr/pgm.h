/* hal/avr/pgm.h - PROGMEM access on the chip: avr-libc's macros. The host build finds
 * hal/host/pgm.h instead (include path), so the code that reads flash is the same. */
#ifndef HAL_PGM_H
#define HAL_PGM_H
#include <avr/pgmspace.h>
#endif
