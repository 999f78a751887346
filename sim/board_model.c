/* sim/board_model.c - the shield's pure logic (board_model.h). No libc: it is also
 * built for wasm32 without one, so no library call appears here. */
#include "board_model.h"

#include "pins.h"

static const uint8_t led_rows[BOARD_ROWS] = BOARD_LED_ROW_PINS;
static const uint8_t led_red[BOARD_COLS] = BOARD_LED_RED_PINS;
static const uint8_t led_green[BOARD_COLS] = BOARD_LED_GREEN_PINS;
static const uint8_t key_rows[BOARD_ROWS] = BOARD_KEY_ROW_PINS;

static bool pin_bit(uint8_t reg_value, uint8_t pin)
{
    return (reg_value >> BOARD_PIN_BIT(pin)) & 1u;
}

/* An output driving the pin's active level. */
static bool pin_on(const board_ports_t *p, uint8_t pin, bool active_high)
{
    unsigned port = BOARD_PIN_PORT(pin);
    return pin_bit(p->ddr[port], pin) && pin_bit(p->port[port], pin) == active_high;
}

/* ---- key matrix ---------------------------------------------------------------- */

/* A closed key (r,c) pulls column c low only while row r is an output driving low (a
 * diode per switch); any other column reads high through its pull-up. */
uint8_t board_keys_sense(const board_ports_t *p, uint16_t keys)
{
    uint8_t high = 0;
    for (unsigned c = 0; c < BOARD_COLS; c++) {
        bool low = false;
        for (unsigned r = 0; r < BOARD_ROWS; r++)
            if (pin_on(p, key_rows[r], false) && ((keys >> (r * BOARD_COLS + c)) & 1u))
                low = true;
        if (!low)
            high |= (uint8_t)(1u << c);
    }
    return high;
}

/* ---- LED picture --------------------------------------------------------------- */

uint32_t board_leds_dies(const board_ports_t *p)
{
    uint32_t dies = 0;
    for (unsigned r = 0; r < BOARD_ROWS; r++) {
        if (!pin_on(p, led_rows[r], BOARD_LED_ROW_ACTIVE_HIGH))
            continue;
        for (unsigned c = 0; c < BOARD_COLS; c++) {
            unsigned cell = r * BOARD_COLS + c;
            if (pin_on(p, led_red[c], BOARD_LED_COL_ACTIVE_HIGH))
                dies |= 1u << (2 * cell);
            if (pin_on(p, led_green[c], BOARD_LED_COL_ACTIVE_HIGH))
                dies |= 1u << (2 * cell + 1);
        }
    }
    return dies;
}

static void fill_cells(char *s, char c)
{
    for (unsigned i = 0; i < BOARD_CELLS; i++)
        s[i] = c;
    s[BOARD_CELLS] = 0;
}

void board_leds_init(board_leds_t *l, uint64_t now)
{
    *l = (board_leds_t){0};
    fill_cells(l->picture, '.');
    fill_cells(l->ghosts, '.');
    fill_cells(l->shades, '.');
    l->dies_since = l->window_start = now;
    l->next_window = now + BOARD_WINDOW_CYCLES;
}

static void leds_account(board_leds_t *l, uint64_t now)
{
    uint64_t dt = now - l->dies_since;
    for (unsigned d = 0; d < BOARD_DIES; d++)
        if ((l->dies >> d) & 1u)
            l->on_cycles[d] += dt;
    l->dies_since = now;
}

void board_leds_set(board_leds_t *l, uint32_t dies, uint64_t now)
{
    if (dies == l->dies)
        return;
    leds_account(l, now);
    for (unsigned d = 0; d < BOARD_DIES; d++)
        if (((dies & ~l->dies) >> d & 1u) && l->rises[d] < 255)
            l->rises[d]++;
    l->dies = dies;
}

/* The shade of `on` cycles in `span` lit in `rises` frames (board_model.h): the share
 * of the frames it was lit in; 0: dark or ghost light. */
static uint8_t leds_shade(uint64_t on, uint64_t span, uint32_t rises)
{
    uint64_t frames = rises ? (uint64_t)rises * span : span * BOARD_MUX_FRAMES;
    uint64_t x = 4u * BOARD_MUX_FRAMES * on; /* against frames: a shade's nominal is 1/3 */
    if (6u * BOARD_MUX_FRAMES * on >= frames)
        return BOARD_SHADE_FULL;
    for (uint8_t shade = BOARD_SHADE_FULL - 1u; shade > 0; shade--, x *= 4u)
        if (4u * x >= frames)
            return 2u * x < frames ? shade : 0;
    return 0;
}

/* The duty meter's share of a lit window: its time, its on-time and the time of the
 * frames the die lit in (all of them when on throughout); a dark-to-lit edge. */
static void leds_meter(board_leds_t *l, unsigned d, uint64_t on, uint64_t now)
{
    uint64_t span = now - l->window_start;
    uint8_t h = l->lit_history[d];
    if (l->window_start < l->meter_start || !(h & 1u))
        return;
    if (!(h & 2u)) {
        if (!l->meter_rises[d]++)
            l->meter_rise_first[d] = l->window_start;
        l->meter_rise_last[d] = l->window_start;
    }
    l->meter_lit[d] += span;
    l->meter_on[d] += on;
    l->meter_span[d] += (l->rises[d] ? l->rises[d] : BOARD_MUX_FRAMES) * span / BOARD_MUX_FRAMES;
}

/* Each die's level over the window: lit in a shade in most of its mux frames (of two
 * dies swapping in the window, one or the other; on all the window counts too); one
 * window between shades (a brightness change in mid-window) keeps a lit die lit. Light
 * outside the shades in 3+ windows in a row is a ghost (reported, counted as off, and
 * the window counted). Returns whether a die went dark. */
static bool leds_levels(board_leds_t *l, uint64_t now, uint64_t at, char ghosts[BOARD_CELLS + 1])
{
    uint64_t span = now - l->window_start;
    bool went_dark = false, any_ghost = false;
    fill_cells(ghosts, '.');
    for (unsigned d = 0; d < BOARD_DIES; d++) {
        uint64_t on = l->on_cycles[d];
        uint8_t shade = leds_shade(on, span, l->rises[d]);
        bool most = 2u * l->rises[d] > BOARD_MUX_FRAMES || (span && on >= span);
        l->on_cycles[d] = 0;
        if (on > 0 && !shade) {
            if (l->faint_run[d] < 255)
                l->faint_run[d]++;
        } else {
            l->faint_run[d] = 0;
        }
        uint8_t lit = most && (shade || (l->level[d] && l->faint_run[d] == 1));
        if (lit && shade)
            l->shade[d] = shade;
        l->lit_history[d] = (uint8_t)(l->lit_history[d] << 1 | lit);
        leds_meter(l, d, on, now);
        l->rises[d] = 0;
        if (l->faint_run[d] >= 3) {
            char *c = &ghosts[d / 2];
            *c = (*c == '.') ? ((d & 1) ? 'g' : 'r') : 'y';
            any_ghost = true;
        }
        if (lit != l->level[d]) {
            l->level[d] = lit;
            l->prev_change[d] = l->last_change[d];
            l->last_change[d] = at;
            went_dark |= !lit;
        }
    }
    l->ghost_windows += any_ghost;
    return went_dark;
}

/* A die gone dark is held lit (it may be a blink's dark half). Dies going dark together
 * are held together: a new dark edge extends every hold, so a frame change never shows
 * half-cleared; never past NEW_FRAME_MS after the die's own dark edge. A die lighting
 * ends its partner's hold (a color change is no blink); one lighting after a long dark
 * stretch starts a new frame, which ends the holds of dies that were steady before. */
static void leds_holds(board_leds_t *l, uint64_t now, bool went_dark)
{
    if (went_dark)
        for (unsigned d = 0; d < BOARD_DIES; d++)
            if (!l->level[d] && (l->last_change[d] == now || l->hold_until[d] > now)) {
                uint64_t until = now + BOARD_MS(BOARD_HOLD_MS);
                uint64_t cap = l->last_change[d] + BOARD_MS(BOARD_NEW_FRAME_MS);
                l->hold_until[d] = until < cap ? until : cap;
            }
    bool fresh = false;
    for (unsigned d = 0; d < BOARD_DIES; d++)
        if (l->level[d] && l->last_change[d] == now) {
            l->hold_until[d ^ 1u] = 0;
            if (!l->prev_change[d] || now - l->prev_change[d] > BOARD_MS(BOARD_NEW_FRAME_MS))
                fresh = true;
        }
    if (fresh)
        for (unsigned d = 0; d < BOARD_DIES; d++)
            if (!l->level[d] && l->hold_until[d] > now &&
                l->last_change[d] - l->prev_change[d] > BOARD_MS(BOARD_NEW_FRAME_MS))
                l->hold_until[d] = 0;
}

/* A cell's letter: a die shows while lit, held, or blinking (its last full stretch was
 * a blink half, began recently, and the current one is still short or held); its shade
 * the brightest shown die's. */
static char leds_cell(const board_leds_t *l, unsigned cell, uint64_t now, char *shade)
{
    unsigned color = 0;
    bool blink = false;
    *shade = '.';
    for (unsigned k = 0; k < 2; k++) {
        unsigned d = 2 * cell + k;
        uint64_t seg = l->last_change[d] - l->prev_change[d];
        bool held = !l->level[d] && l->hold_until[d] > now;
        bool blinking = l->prev_change[d] &&
                        now - l->prev_change[d] <= BOARD_MS(BOARD_BLINK_RECENT_MS) &&
                        seg >= BOARD_MS(BOARD_BLINK_MIN_MS) && seg <= BOARD_MS(BOARD_BLINK_MAX_MS) &&
                        (now - l->last_change[d] < BOARD_MS(BOARD_BLINK_MAX_MS) || held);
        if (l->level[d] || blinking || held) {
            color |= 1u << k;
            if (*shade == '.' || *shade < (char)('0' + l->shade[d]))
                *shade = (char)('0' + l->shade[d]);
        }
        blink |= blinking;
    }
    return (blink ? ".RGY" : ".rgy")[color];
}

static bool copy_cells(char *to, const char *from)
{
    bool changed = false;
    for (unsigned i = 0; i < BOARD_CELLS; i++) {
        changed |= to[i] != from[i];
        to[i] = from[i];
    }
    return changed;
}

unsigned board_leds_window(board_leds_t *l, uint64_t now)
{
    char ghosts[BOARD_CELLS + 1], pic[BOARD_CELLS + 1], shades[BOARD_CELLS + 1];
    unsigned changed = 0;
    /* The window's own end on the grid: an emulator reaches it an instruction late, by a
     * few cycles that differ between simavr and avr8js; edges timed by it keep whole
     * windows whole (a stretch of 50 windows is BLINK_MAX_MS on both). */
    uint64_t late = now - l->next_window;
    uint64_t at = now >= l->next_window && late < BOARD_WINDOW_CYCLES ? l->next_window : now;
    leds_account(l, now);
    leds_holds(l, at, leds_levels(l, now, at, ghosts));
    for (unsigned cell = 0; cell < BOARD_CELLS; cell++)
        pic[cell] = leds_cell(l, cell, at, &shades[cell]);
    if (copy_cells(l->ghosts, ghosts))
        changed |= BOARD_LEDS_GHOSTS;
    if (copy_cells(l->shades, shades))
        changed |= BOARD_LEDS_SHADES;
    if (copy_cells(l->picture, pic)) {
        l->picture_since = at;
        changed |= BOARD_LEDS_PICTURE;
    }
    l->window_start = now;
    l->next_window = at + BOARD_WINDOW_CYCLES;
    return changed;
}

void board_leds_meter_start(board_leds_t *l, uint64_t now)
{
    (void)now;
    l->meter_start = l->next_window; /* whole windows only */
    for (unsigned d = 0; d < BOARD_DIES; d++)
        l->meter_on[d] = l->meter_span[d] = l->meter_lit[d] = l->meter_rises[d] = 0;
}

board_duty_t board_leds_meter_read(const board_leds_t *l, unsigned d, uint64_t now)
{
    board_duty_t r = {0, 0, 0};
    uint64_t span = l->window_start > l->meter_start ? l->window_start - l->meter_start : 0;
    (void)now;
    if (l->meter_span[d])
        r.on_permille = (uint16_t)((l->meter_on[d] * 1000u + l->meter_span[d] / 2u) /
                                   l->meter_span[d]);
    if (span)
        r.lit_permille = (uint16_t)((l->meter_lit[d] * 1000u + span / 2u) / span);
    if (l->meter_rises[d] > 1u)
        r.period_ms = (uint32_t)((l->meter_rise_last[d] - l->meter_rise_first[d]) /
                                 (l->meter_rises[d] - 1u) / BOARD_MS(1));
    return r;
}

/* ---- host UART ------------------------------------------------------------------- */

void board_uart_init(board_uart_t *u)
{
    *u = (board_uart_t){0};
    u->flow_on = true;
}

/* Lines end at '\n'; '\r' is dropped; a line that fills the buffer is passed on as it
 * is and the byte starts the next one. */
static unsigned uart_line(board_uart_t *u, uint8_t c)
{
    unsigned out = 0;
    if (c == '\r')
        return out;
    if (c == '\n' || u->len == BOARD_LINE_MAX - 1) {
        for (size_t i = 0; i < u->len; i++)
            u->done[i] = u->line[i];
        u->done[u->len] = 0;
        u->len = 0;
        out = BOARD_UART_LINE;
        if (c == '\n')
            return out;
    }
    u->line[u->len++] = (char)c;
    return out;
}

unsigned board_uart_from_chip(board_uart_t *u, uint8_t c)
{
    if ((c == BOARD_XOFF || c == BOARD_XON) && u->flow_on) {
        u->held = c == BOARD_XOFF;
        if (u->held)
            u->xoffs++;
        else
            u->xons++;
        return BOARD_UART_FLOW;
    }
    return BOARD_UART_DATA | uart_line(u, c);
}

uint64_t board_uart_byte_cycles(uint16_t ubrr, bool u2x)
{
    return 10ull * (u2x ? 8u : 16u) * (ubrr + 1u);
}

uint64_t board_uart_pace(uint64_t byte_cycles) { return byte_cycles + byte_cycles / 8; }

bool board_uart_sleep(board_uart_t *u, int mode, uint64_t now)
{
    if (mode > 0 && !u->rx_down) {
        u->rx_down = true;
        if (now < u->rx_busy_until) {
            u->rx_busy_until = 0;
            u->rx_lost++;
            return true;
        }
    } else if (mode < 0) {
        u->rx_down = false;
    }
    return false;
}

bool board_uart_rx_hears(board_uart_t *u, uint64_t now, uint64_t byte_cycles)
{
    if (u->rx_down) {
        u->rx_lost++;
        return false;
    }
    u->rx_busy_until = now + byte_cycles;
    return true;
}

uint64_t board_uart_rxd_low(uint8_t c, uint64_t byte_cycles)
{
    unsigned bits = 1; /* the start bit */
    for (unsigned b = 0; b < 8u; b++)
        if (!(c >> b & 1u))
            bits = b + 2u;
    return byte_cycles * bits / 10u;
}

unsigned board_tx_write(board_tx_t *t, uint64_t now, uint64_t byte_cycles)
{
    if (now >= t->frame_end) {
        t->frame_end = now + byte_cycles;
        return BOARD_TX_UDRE;
    }
    if (t->buffered)
        return (unsigned)-1;
    t->buffered = true;
    return 0;
}

unsigned board_tx_frame_end(board_tx_t *t, uint64_t now, uint64_t byte_cycles)
{
    if (t->buffered) {
        t->buffered = false;
        t->frame_end = now + byte_cycles;
        return BOARD_TX_UDRE;
    }
    t->frame_end = 0;
    return BOARD_TX_TXC;
}

/* SMCR's SM2:0: 0 idle, 1 ADC noise reduction, 2 power-down, 3 power-save, 6 standby,
 * 7 extended standby (datasheet table 10-2). */
uint64_t board_wake_cycles(int mode)
{
    uint64_t start = mode == 2 || mode == 3 ? BOARD_WAKE_START_CYCLES : mode >= 6 ? 6u : 0u;
    return start + BOARD_WAKE_HALT_CYCLES;
}

/* Datasheet table 10-1: in power-down and standby only INT0/1, the pin changes, the TWI
 * address match and the watchdog wake the chip; power-save adds Timer2; idle and ADC
 * noise reduction take any (Timer2 included; the USART, SPI, timers 0 and 1 only in
 * idle). */
bool board_wakes(int mode, unsigned vector)
{
    bool pin_wdt_twi = (vector >= 1u && vector <= 6u) || vector == 24u;
    bool timer2 = vector >= 7u && vector <= 9u;
    if (mode == 0)
        return true;
    if (mode == 1)
        return pin_wdt_twi || timer2 || vector == 21u || vector == 22u || vector == 25u;
    if (mode == 3 || mode == 7)
        return pin_wdt_twi || timer2;
    return pin_wdt_twi;
}

/* ---- Timer/Counter2 ---- */

static const uint16_t timer2_divider[8] = {0, 1, 8, 32, 64, 128, 256, 1024}; /* table 18-9 */

void board_timer2_reset(board_timer2_t *t, uint64_t now)
{
    *t = (board_timer2_t){.base = now, .at = now};
}

bool board_timer2_modelled(const board_timer2_t *t)
{
    unsigned wgm = (t->tccra & 3u) | ((t->tccrb >> 1) & 4u);
    return wgm == 0u || wgm == 2u;
}

static uint64_t timer2_first_tick(const board_timer2_t *t, uint64_t after)
{
    uint64_t n = timer2_divider[t->tccrb & 7u];
    return after + n - (after - t->base) % n;
}

/* One tick of the timer's clock. */
static unsigned timer2_tick(board_timer2_t *t)
{
    unsigned ev = 0;
    bool ctc = (t->tccra & 3u) == 2u;
    if (t->block)
        t->block = false;
    else
        ev = (t->tcnt == t->ocra ? BOARD_T2_MATCH_A : 0u) | (t->tcnt == t->ocrb ? BOARD_T2_MATCH_B : 0u);
    if (t->tcnt == 0xFFu)
        ev |= BOARD_T2_TOV;
    t->tcnt = ctc && t->tcnt == t->ocra ? 0u : (uint8_t)(t->tcnt + 1u);
    return ev;
}

unsigned board_timer2_run(board_timer2_t *t, uint64_t now)
{
    unsigned ev = 0;
    if (now <= t->at)
        return 0;
    if ((t->tccrb & 7u) && board_timer2_modelled(t)) {
        uint64_t n = timer2_divider[t->tccrb & 7u];
        for (uint64_t c = timer2_first_tick(t, t->at); c <= now; c += n)
            ev |= timer2_tick(t);
    }
    t->at = now;
    return ev;
}

void board_timer2_write(board_timer2_t *t, unsigned reg, uint8_t value, uint64_t now)
{
    board_timer2_run(t, now);
    if (reg == BOARD_T2_TCCRA)
        t->tccra = value;
    else if (reg == BOARD_T2_TCCRB)
        t->tccrb = (uint8_t)(value & 0x0Fu); /* FOC2A/B strobe: the sounder's */
    else if (reg == BOARD_T2_TCNT) {
        t->tcnt = value;
        t->block = true;
    } else if (reg == BOARD_T2_OCRA)
        t->ocra = value;
    else if (reg == BOARD_T2_OCRB)
        t->ocrb = value;
}

void board_timer2_clock_stood(board_timer2_t *t, uint64_t from, uint64_t to)
{
    board_timer2_run(t, from);
    t->base += to - from;
    t->at = to;
}

uint8_t board_timer2_tcnt(board_timer2_t *t, uint64_t now)
{
    board_timer2_run(t, now);
    return t->tcnt;
}

uint64_t board_timer2_next_a(const board_timer2_t *t)
{
    if (!(t->tccrb & 7u) || !board_timer2_modelled(t))
        return UINT64_MAX;
    board_timer2_t u = *t;
    uint64_t n = timer2_divider[t->tccrb & 7u], c = timer2_first_tick(t, t->at);
    for (unsigned i = 0; i < 258u; i++, c += n)
        if (timer2_tick(&u) & BOARD_T2_MATCH_A)
            return c;
    return UINT64_MAX;
}
