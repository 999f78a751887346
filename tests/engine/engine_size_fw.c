/* tests/engine/engine_size_fw.c - the engine linked alone (table + lookup + solver + outcome
 * + every perfect move), so `make bench` can report the flash it takes against
 * tests/engine/empty_size_fw.c. */
#include <stdint.h>

#include "engine.h"

static volatile pos_t size_input;
static volatile uint8_t size_sink;

int main(void)
{
    pos_t p = size_input;
    size_sink = engine_init();
    size_sink = engine_move(p);
    size_sink = (uint8_t)engine_best_cells(p);
    size_sink = (uint8_t)engine_outcome(p).result;
    return 0;
}
