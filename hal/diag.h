/* hal/diag.h - the HAL's counters for the console's `diag`, gathered in one call
 * (firmware/README.md, "Serial console"): the console only formats them. */
#ifndef HAL_DIAG_H
#define HAL_DIAG_H
#include <stdint.h>

/* hal_diag_t.n[]: resets by cause since power-on, then as `diag` prints them. */
enum {
    HAL_DIAG_RESETS_POWER_ON,
    HAL_DIAG_RESETS_WATCHDOG,
    HAL_DIAG_RESETS_BROWN_OUT,
    HAL_DIAG_RESETS_EXTERNAL,
    HAL_DIAG_STACK_PEAK, /* bytes (power_stack_peak) */
    HAL_DIAG_VCC_DV,     /* decivolts */
    HAL_DIAG_RX_LOST,    /* uart_rx_overruns */
    HAL_DIAG_KEYS_LOST,  /* keys_lost_events */
    HAL_DIAG_TX_DROPPED, /* uart_tx_dropped */
    HAL_DIAG_EEPROM_FAILED,
    HAL_DIAG_EEPROM_WAITS, /* saves that waited for the supply */
    HAL_DIAG_COUNTS
};
typedef struct {
    uint32_t up_ms; /* tick_ms() */
    uint16_t n[HAL_DIAG_COUNTS];
} hal_diag_t;

void hal_diag(hal_diag_t *d);

#endif
