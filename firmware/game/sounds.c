/* firmware/game/sounds.c - the setting's filter over the sound table (sounds.h). */
#include "sounds.h"

bool sounds_allowed(uint8_t setting, uint8_t id)
{
    if (id >= SOUNDS_N) {
        return false;
    }
    return setting == SOUNDS_ON || (setting == SOUNDS_QUIET_ONLY && ((SOUNDS_QUIET >> id) & 1u));
}
