/* hal/host/power.c - fake power control: counts idle sleeps, power-downs and watchdog
 * kicks; power_init() reports the cause set by fake_power_set_reset_cause(). */
#include "fake_internal.h"
#include "hal_fake.h"
#include "power.h"

static uint8_t fake_cause_next = RESET_POWER_ON;
static uint8_t fake_cause;
static uint32_t fake_idles, fake_downs, fake_kicks;

void fake_power_reset(void)
{
    fake_cause = 0;
    fake_idles = fake_downs = fake_kicks = 0;
}

void power_init(void)
{
    fake_cause = fake_cause_next;
    fake_cause_next = RESET_POWER_ON; /* like MCUSR: read once, then cleared */
}

uint8_t power_reset_cause(void)
{
    return fake_cause;
}

void power_wdt_kick(void)
{
    fake_kicks++;
}

void power_idle(void)
{
    fake_idles++;
}

void power_down_until_key(void)
{
    fake_downs++;
}

void fake_power_set_reset_cause(uint8_t cause)
{
    fake_cause_next = cause;
}

uint32_t fake_power_idle_count(void)
{
    return fake_idles;
}

uint32_t fake_power_down_count(void)
{
    return fake_downs;
}

uint32_t fake_power_wdt_kicks(void)
{
    return fake_kicks;
}
