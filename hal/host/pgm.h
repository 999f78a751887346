/* hal/host/pgm.h - PROGMEM access on the host: flash is ordinary memory. */
#ifndef HAL_PGM_H
#define HAL_PGM_H
#include <stdint.h>
#define PROGMEM
#define pgm_read_byte(p) (*(const uint8_t *)(p))
#define pgm_read_word(p) (*(const uint16_t *)(p))
#define pgm_read_ptr(p) (*(const void *const *)(p))
#endif
