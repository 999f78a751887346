/* hal/ledmux.c - builds the multiplexer's port patterns from board/pins.h and a frame
 * (pure C; the timer ISR only replays them). Invariants: row_on and the column
 * patterns only contain LED pin bits; keep has no LED pin bits. */
#include "ledmux.h"

#include "board_check.h"

static const uint8_t ledmux_row_pins[LEDMUX_ROWS] = BOARD_LED_ROW_PINS;
static const uint8_t ledmux_red_pins[BOARD_COLS] = BOARD_LED_RED_PINS;
static const uint8_t ledmux_green_pins[BOARD_COLS] = BOARD_LED_GREEN_PINS;

static void ledmux_mark(uint8_t *ports, uint8_t pin)
{
    ports[BOARD_PIN_PORT(pin)] |= (uint8_t)(1u << BOARD_PIN_BIT(pin));
}

void ledmux_map_init(ledmux_map_t *m)
{
    uint8_t led[LEDMUX_PORTS] = {0, 0, 0};
    uint8_t off[LEDMUX_PORTS] = {0, 0, 0};

    for (uint8_t r = 0; r < LEDMUX_ROWS; r++) {
        for (uint8_t p = 0; p < LEDMUX_PORTS; p++)
            m->row_on[r][p] = 0;
        ledmux_mark(m->row_on[r], ledmux_row_pins[r]);
        ledmux_mark(led, ledmux_row_pins[r]);
        if (!BOARD_LED_ROW_ACTIVE_HIGH)
            ledmux_mark(off, ledmux_row_pins[r]);
    }
    for (uint8_t c = 0; c < BOARD_COLS; c++) {
        ledmux_mark(led, ledmux_red_pins[c]);
        ledmux_mark(led, ledmux_green_pins[c]);
        if (!BOARD_LED_COL_ACTIVE_HIGH) {
            ledmux_mark(off, ledmux_red_pins[c]);
            ledmux_mark(off, ledmux_green_pins[c]);
        }
    }
    for (uint8_t p = 0; p < LEDMUX_PORTS; p++) {
        m->keep[p] = (uint8_t)~led[p];
        m->off[p] = off[p];
    }
}

void ledmux_build(const uint8_t frame[LEDS_CELLS], ledmux_frame_t out)
{
    for (uint8_t phase = 0; phase < 2; phase++) {
        for (uint8_t r = 0; r < LEDMUX_ROWS; r++) {
            uint8_t *ports = out[phase][r];
            ports[0] = ports[1] = ports[2] = 0;
            for (uint8_t c = 0; c < BOARD_COLS; c++) {
                uint8_t cell = frame[r * BOARD_COLS + c];
                if ((cell & LED_BLINK) && phase == 1)
                    continue; /* blink off-phase: dark */
                if (cell & LED_RED)
                    ledmux_mark(ports, ledmux_red_pins[c]);
                if (cell & LED_GREEN)
                    ledmux_mark(ports, ledmux_green_pins[c]);
            }
        }
    }
}
