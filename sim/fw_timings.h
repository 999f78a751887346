/* sim/fw_timings.h - the firmware's timings that the simulators' own stand on, by name:
 * firmware/game/game.h's GAME_* and hal/debounce.h's DEBOUNCE_MS. sim/board_model.h
 * derives its key timings from them and checks each relation at build time, so a timing
 * change that breaks one fails the build of the simulators (and of the page's board
 * model) with a message naming both constants, not a test 18 minutes later. */
#ifndef SIM_FW_TIMINGS_H
#define SIM_FW_TIMINGS_H
#include "debounce.h"
#include "game.h"
#endif
