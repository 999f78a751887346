/* firmware/game/press.c - the keys as presses (press.h). Invariants: kind is TAP, LONG or
 * HOLD exactly when held is one key, that key is `cell`, and nothing else was pressed
 * since it went down; ms counts from the last change of `held`. */
#include "press.h"

#include "timing.h"

/* The kind a press held alone for ms has reached. */
static uint8_t press_kind_at(uint16_t ms)
{
    if (ms >= GAME_MENU_HOLD_MS) {
        return PRESS_HOLD;
    }
    return ms >= GAME_LONG_MS ? PRESS_LONG : PRESS_TAP;
}

static bool press_live(uint8_t kind)
{
    return kind == PRESS_TAP || kind == PRESS_LONG || kind == PRESS_HOLD;
}

/* A key up: the press ends when its own key comes up alone. */
static press_ev_t press_release(press_t *p, uint8_t cell, uint16_t bit)
{
    bool press = press_live(p->kind) && p->cell == cell;
    p->held = (uint16_t)(p->held & ~bit);
    if (p->held) {
        return PRESS_EV_NONE; /* void until every key is up */
    }
    p->ended = p->kind;
    p->cell = cell;
    p->kind = PRESS_NONE;
    return press ? PRESS_EV_END : PRESS_EV_NONE;
}

press_ev_t press_key(press_t *p, const key_event_t *ev)
{
    uint16_t bit = (uint16_t)(1u << ev->cell), before = p->held;
    if (p->stuck & bit) { /* nothing a stuck key does counts; press_sync() frees it */
        return PRESS_EV_NONE;
    }
    p->ms = 0; /* the set of held keys changes */
    if (ev->kind == KEY_EV_RELEASE) {
        return (before & bit) ? press_release(p, ev->cell, bit) : PRESS_EV_NONE;
    }
    if (ev->kind != KEY_EV_PRESS) {
        return PRESS_EV_NONE;
    }
    p->held = (uint16_t)(before | bit);
    if (before) {
        p->kind = PRESS_VOID;
        return PRESS_EV_VOID;
    }
    p->kind = PRESS_TAP;
    p->cell = ev->cell;
    return PRESS_EV_BEGIN;
}

uint16_t press_tick(press_t *p, uint16_t elapsed_ms)
{
    uint16_t stuck = p->held;
    p->ms = p->ms >= GAME_STUCK_MS - elapsed_ms ? (uint16_t)GAME_STUCK_MS
                                                : (uint16_t)(p->ms + elapsed_ms);
    if (press_live(p->kind)) {
        p->kind = press_kind_at(p->ms);
    }
    if (!stuck || p->ms < GAME_STUCK_MS) {
        return 0;
    }
    p->stuck |= stuck; /* held this long: jammed, or something lies on it */
    p->held = 0;
    p->kind = PRESS_NONE;
    return stuck;
}

void press_sync(press_t *p, uint16_t keys_state)
{
    p->stuck &= keys_state; /* a stuck key that is up again is free */
    keys_state &= (uint16_t)~p->stuck;
    if (keys_state != p->held) { /* a change the events did not bring: no press */
        p->ms = 0;
        p->held = keys_state;
        p->kind = keys_state ? PRESS_VOID : PRESS_NONE;
    }
}

void press_refuse(press_t *p)
{
    p->kind = PRESS_VOID;
}

void press_wake(press_t *p)
{
    p->held = 0;
    p->kind = PRESS_NONE;
}

uint16_t press_armed(const press_t *p)
{
    return p->kind == PRESS_LONG || p->kind == PRESS_HOLD ? p->held : 0u;
}
