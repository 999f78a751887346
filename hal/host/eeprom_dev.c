/* hal/host/eeprom_dev.c - fake 1 KB EEPROM that can lose power after n writes
 * (hal_fake.h). */
#include <string.h>

#include "eeprom_dev.h"
#include "fake_internal.h"
#include "hal_fake.h"

static uint8_t fake_cells[EEPROM_DEV_SIZE];
static uint8_t fake_cells_ready;
static int32_t fake_cut_left = -1; /* writes left before the cut; < 0: no cut */
static uint8_t fake_powered = 1;
static uint32_t fake_writes;

static void fake_eeprom_ready(void)
{
    if (!fake_cells_ready) {
        memset(fake_cells, 0xFF, sizeof fake_cells);
        fake_cells_ready = 1;
    }
}

void fake_eeprom_reset(void)
{
    fake_eeprom_ready(); /* cells survive a reset */
    fake_cut_left = -1;
    fake_powered = 1;
    fake_writes = 0;
}

bool eeprom_dev_ready(void)
{
    return true; /* a fake write completes at once */
}

uint8_t eeprom_dev_read(uint16_t addr)
{
    fake_eeprom_ready();
    return addr < EEPROM_DEV_SIZE ? fake_cells[addr] : 0xFFu;
}

void eeprom_dev_write(uint16_t addr, uint8_t value)
{
    fake_eeprom_ready();
    if (!fake_powered || addr >= EEPROM_DEV_SIZE)
        return;
    if (fake_cut_left == 0) {
        fake_powered = 0;
        return;
    }
    if (fake_cut_left > 0)
        fake_cut_left--;
    fake_cells[addr] = value;
    fake_writes++;
}

void fake_eeprom_erase(void)
{
    memset(fake_cells, 0xFF, sizeof fake_cells);
    fake_cells_ready = 1;
}

void fake_eeprom_cut_after(int32_t n)
{
    fake_cut_left = n < 0 ? -1 : n;
    fake_powered = 1;
}

void fake_eeprom_power_on(void)
{
    fake_powered = 1;
    fake_cut_left = -1;
}

uint8_t *fake_eeprom_cells(void)
{
    fake_eeprom_ready();
    return fake_cells;
}

uint32_t fake_eeprom_writes(void)
{
    return fake_writes;
}
