/* tests/hal/print_pins.c - prints the board header's pin map as "NET PORTBIT" lines
 * (e.g. "LED_ROW0 PB0") for the schematic checker, so the checker reads the pin map
 * through the C preprocessor exactly as the firmware does. */
#include <stdio.h>

#include "board_check.h"

int main(void)
{
    static const uint8_t led_rows[3] = BOARD_LED_ROW_PINS;
    static const uint8_t red[3] = BOARD_LED_RED_PINS;
    static const uint8_t green[3] = BOARD_LED_GREEN_PINS;
    static const uint8_t key_rows[3] = BOARD_KEY_ROW_PINS;
    static const uint8_t key_cols[3] = BOARD_KEY_COL_PINS;
    static const char port_name[3] = {'B', 'C', 'D'};
#define PRINT(fmt, i, pin)                                                               \
    printf(fmt " P%c%u\n", i, port_name[BOARD_PIN_PORT(pin)], BOARD_PIN_BIT(pin))

    printf("# board %s\n", BOARD_NAME);
    for (int i = 0; i < 3; i++) {
        PRINT("LED_ROW%d", i, led_rows[i]);
        PRINT("LED_C%d_R", i, red[i]);
        PRINT("LED_C%d_G", i, green[i]);
        PRINT("KEY_ROW%d", i, key_rows[i]);
        PRINT("KEY_COL%d", i, key_cols[i]);
    }
    return 0;
}
