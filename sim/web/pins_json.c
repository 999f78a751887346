/* sim/web/pins_json.c - prints the board header's pin map as JSON for the avr8js shield
 * model (sim/web/src/shield.js), so the web page and ttt-sim-js read the pins through
 * the C preprocessor exactly as the firmware and sim/board.c do. Host program; output
 * is build/web/pins.json. */
#include <stdio.h>

#include "board_check.h"

static void print_list(const char *name, const uint8_t pins[3], const char *sep)
{
    printf("  \"%s\": [", name);
    for (int i = 0; i < 3; i++)
        printf("%s{\"port\": %u, \"bit\": %u}", i ? ", " : "", BOARD_PIN_PORT(pins[i]),
               BOARD_PIN_BIT(pins[i]));
    printf("]%s\n", sep);
}

int main(void)
{
    static const uint8_t led_rows[3] = BOARD_LED_ROW_PINS;
    static const uint8_t red[3] = BOARD_LED_RED_PINS;
    static const uint8_t green[3] = BOARD_LED_GREEN_PINS;
    static const uint8_t key_rows[3] = BOARD_KEY_ROW_PINS;
    static const uint8_t key_cols[3] = BOARD_KEY_COL_PINS;
    _Static_assert(BOARD_ROWS == 3 && BOARD_COLS == 3, "the model is a 3x3 shield");
    printf("{\n  \"board\": \"%s\",\n  \"ports\": \"BCD\",\n", BOARD_NAME);
    printf("  \"ledRowActiveHigh\": %d,\n  \"ledColActiveHigh\": %d,\n",
           BOARD_LED_ROW_ACTIVE_HIGH, BOARD_LED_COL_ACTIVE_HIGH);
    print_list("ledRows", led_rows, ",");
    print_list("ledRed", red, ",");
    print_list("ledGreen", green, ",");
    print_list("keyRows", key_rows, ",");
    print_list("keyCols", key_cols, "");
    printf("}\n");
    return 0;
}
