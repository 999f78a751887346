/* board/print_pins.c - prints the board header's pin map, read through the C
 * preprocessor exactly as the firmware reads it, for the tools that must agree with it.
 * Host program.
 *   print_pins          "NET PORTBIT" lines (e.g. "LED_ROW0 PB0"), one per header pin,
 *                       for tests/shield/check_pinmap.py
 *   print_pins --json   the map as JSON for the avr8js shield model
 *                       (sim/web/src/shield.js; build/gen/pins.json) and the simulators'
 *                       helpers; "sound" only on a board with a sounder (BOARD_SOUND)
 * Invariant: both outputs come from the one signal table below. */
#include <stdio.h>
#include <string.h>

#include "board_check.h"

_Static_assert(BOARD_ROWS == 3 && BOARD_COLS == 3, "the tools model a 3x3 shield");

typedef struct {
    const char *net_prefix, *net_suffix; /* net of pin i: prefix, i, suffix */
    const char *json_key;
    uint8_t pins[3];
} print_pins_signal_t;

static const print_pins_signal_t print_pins_signals[] = {
    {"LED_ROW", "", "ledRows", BOARD_LED_ROW_PINS},
    {"LED_C", "_R", "ledRed", BOARD_LED_RED_PINS},
    {"LED_C", "_G", "ledGreen", BOARD_LED_GREEN_PINS},
    {"KEY_ROW", "", "keyRows", BOARD_KEY_ROW_PINS},
    {"KEY_COL", "", "keyCols", BOARD_KEY_COL_PINS},
};
#define PRINT_PINS_N (sizeof print_pins_signals / sizeof print_pins_signals[0])
#ifdef BOARD_SOUND
#define PRINT_PINS_SOUND 1
#else
#define PRINT_PINS_SOUND 0
#endif

static void print_pins_lines(void)
{
    static const char port_name[3] = {'B', 'C', 'D'};
    printf("# board %s\n", BOARD_NAME);
    for (int i = 0; i < 3; i++)
        for (size_t s = 0; s < PRINT_PINS_N; s++) {
            const print_pins_signal_t *sig = &print_pins_signals[s];
            printf("%s%d%s P%c%u\n", sig->net_prefix, i, sig->net_suffix,
                   port_name[BOARD_PIN_PORT(sig->pins[i])], BOARD_PIN_BIT(sig->pins[i]));
        }
#ifdef BOARD_SOUND
    printf("SOUND P%c%u\n", port_name[BOARD_PIN_PORT(BOARD_SOUND)], BOARD_PIN_BIT(BOARD_SOUND));
#endif
}

static void print_pins_json(void)
{
    printf("{\n  \"board\": \"%s\",\n  \"ports\": \"BCD\",\n", BOARD_NAME);
    printf("  \"ledRowActiveHigh\": %d,\n  \"ledColActiveHigh\": %d,\n",
           BOARD_LED_ROW_ACTIVE_HIGH, BOARD_LED_COL_ACTIVE_HIGH);
    for (size_t s = 0; s < PRINT_PINS_N; s++) {
        const print_pins_signal_t *sig = &print_pins_signals[s];
        printf("  \"%s\": [", sig->json_key);
        for (int i = 0; i < 3; i++)
            printf("%s{\"port\": %u, \"bit\": %u}", i ? ", " : "",
                   BOARD_PIN_PORT(sig->pins[i]), BOARD_PIN_BIT(sig->pins[i]));
        printf("]%s\n", s + 1 < PRINT_PINS_N || PRINT_PINS_SOUND ? "," : "");
    }
#ifdef BOARD_SOUND
    printf("  \"sound\": {\"port\": %u, \"bit\": %u}\n", BOARD_PIN_PORT(BOARD_SOUND),
           BOARD_PIN_BIT(BOARD_SOUND));
#endif
    printf("}\n");
}

int main(int argc, char **argv)
{
    if (argc == 1) {
        print_pins_lines();
    } else if (argc == 2 && !strcmp(argv[1], "--json")) {
        print_pins_json();
    } else {
        fprintf(stderr, "usage: print_pins [--json]\n");
        return 2;
    }
    return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
}
