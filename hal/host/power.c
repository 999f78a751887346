/* hal/host/power.c - fake power control: counts, a set reset cause, wake-up input and
 * supply (5.0 V by default); the chip's wake-key rule (hal/power_wake.c). */
#include "fake_internal.h"
#include "hal_fake.h"
#include "leds.h"
#include "power.h"

static uint8_t fake_cause_next = RESET_POWER_ON;
static uint8_t fake_cause;
static uint8_t fake_counts[POWER_CAUSES];
static uint32_t fake_idles, fake_downs, fake_kicks;
static uint16_t fake_down_ignore;
static uint8_t fake_woke = POWER_WOKE_KEY;
static uint8_t fake_vcc = 50;

void fake_power_reset(void)
{
    fake_cause = 0;
    fake_idles = fake_downs = fake_kicks = 0;
    fake_down_ignore = 0;
    fake_woke = POWER_WOKE_KEY;
    fake_vcc = 50;
}

void power_init(void)
{
    fake_cause = fake_cause_next;
    fake_cause_next = RESET_POWER_ON; /* like MCUSR: read once, then cleared */
    for (uint8_t i = 0; i < POWER_CAUSES; i++)
        if (fake_cause == (1u << i) && fake_counts[i] != 255u)
            fake_counts[i]++;
}

uint8_t power_reset_cause(void)
{
    return fake_cause;
}

void power_reset_counts(uint8_t counts[POWER_CAUSES])
{
    for (uint8_t i = 0; i < POWER_CAUSES; i++)
        counts[i] = fake_counts[i];
}

void power_wdt_kick(void)
{
    fake_kicks++;
}

void power_idle(void)
{
    fake_idles++;
}

uint8_t power_down_until_input(uint16_t ignore)
{
    if (!power_wake_rows(ignore))
        return 0;
    leds_off(); /* as the chip does (power.h) */
    fake_downs++;
    fake_down_ignore = ignore;
    return fake_woke;
}

uint8_t power_vcc_decivolts(void)
{
    return fake_vcc;
}

uint16_t power_stack_peak(void)
{
    return 0; /* the host has no painted stack */
}

void fake_power_set_reset_cause(uint8_t cause)
{
    fake_cause_next = cause;
}

void fake_power_set_wake(uint8_t woke)
{
    fake_woke = woke;
}

void fake_power_set_vcc(uint8_t decivolts)
{
    fake_vcc = decivolts;
}

uint32_t fake_power_idle_count(void)
{
    return fake_idles;
}

uint32_t fake_power_down_count(void)
{
    return fake_downs;
}

uint16_t fake_power_down_ignore(void)
{
    return fake_down_ignore;
}

uint32_t fake_power_wdt_kicks(void)
{
    return fake_kicks;
}
