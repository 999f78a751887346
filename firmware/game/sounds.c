/* firmware/game/sounds.c - the setting's filter over the sound table (sounds.h). */
#include "sounds.h"

bool sounds_allowed(uint8_t setting, uint8_t id)
{
    if (id >= SOUNDS_IDS || id == SOUNDS_NONE) {
        return false;
    }
    return setting == SOUNDS_ON ||
           (setting == SOUNDS_QUIET_ONLY && id < SOUNDS_N && ((SOUNDS_QUIET >> id) & 1u));
}

bool sounds_asked(uint8_t setting, uint8_t id)
{
    return sounds_allowed(SOUNDS_ON, id) && setting < SOUNDS_OFF;
}
