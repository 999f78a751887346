/* firmware/game/press.h - the keys as presses (pure C): key events and time in; the press
 * under way and stuck keys out (firmware/README.md, "Gestures" and "Inside the
 * firmware"). A press's kind is how long it was held. */
#ifndef PRESS_H
#define PRESS_H
#include <stdbool.h>
#include <stdint.h>

#include "keys.h"

/* The press under way: what its release would be. */
typedef enum {
    PRESS_NONE, /* no key held */
    PRESS_TAP,  /* one key held alone, not yet GAME_LONG_MS */
    PRESS_LONG, /* ... GAME_LONG_MS or longer: armed */
    PRESS_HOLD, /* ... GAME_MENU_HOLD_MS or longer */
    PRESS_VOID  /* keys held that make no press, until all are up */
} press_kind_t;

/* What a key event did. */
typedef enum {
    PRESS_EV_NONE,  /* nothing for the game (a stuck key, a key up while others are held) */
    PRESS_EV_BEGIN, /* a key down alone: a press begins (press_refuse() voids it) */
    PRESS_EV_VOID,  /* a key down beside another: nothing held makes a press now */
    PRESS_EV_END    /* the press's key up, alone: it was press_t.ended */
} press_ev_t;

typedef struct {
    uint8_t kind;   /* PRESS_* */
    uint8_t cell;   /* the key of a press (TAP, LONG, HOLD); after an END, the key released */
    uint8_t ended;  /* after PRESS_EV_END: the kind the press ended as */
    uint16_t held;  /* keys held, stuck ones left out */
    uint16_t stuck; /* keys ignored until released */
    uint16_t ms;    /* since the set of held keys last changed (stops at GAME_STUCK_MS) */
} press_t;

/* Init: all zero (cleared memory: no key held). */
/* Runtime. press_key(): an event of a cell 0-8. press_tick(): time passes; the keys that
 * became stuck (0: none). press_sync(): the debounced state after the events (a change
 * the events missed voids the press). press_refuse(): the press just begun is void.
 * press_wake(): after power-down nothing is taken as held. */
press_ev_t press_key(press_t *p, const key_event_t *ev);
uint16_t press_tick(press_t *p, uint16_t elapsed_ms);
void press_sync(press_t *p, uint16_t keys_state);
void press_refuse(press_t *p);
void press_wake(press_t *p);
/* The armed key's bit: a press held GAME_LONG_MS or longer; 0: none. */
uint16_t press_armed(const press_t *p);

#endif
