/* firmware/app/print_facts.c - host program: print_facts timings|states|leds|serial, the
 * design's constants as JSON (firmware/README.md, "Inside the firmware"). */
#include <stdio.h>
#include <string.h>

#include "app.h"
#include "console.h"
#include "game.h"
#include "leds_duty.h"
#include "timing.h"
#include "uart.h"

/* A text the JSON takes as it is; 0 (and a message) if it has a quote or backslash. */
static int print_facts_plain(const char *what, const char *s)
{
    if (!strpbrk(s, "\"\\"))
        return 1;
    fprintf(stderr, "print_facts: %s: a quote or backslash in '%s'\n", what, s);
    return 0;
}

typedef struct {
    const char *name;
    unsigned long ms;
    const char *what;
} print_facts_timing_t;

#define PRINT_FACTS_TIMING(name, ms, what) {#name, ms, what},
static const print_facts_timing_t print_facts_game[] = {GAME_TIMINGS(PRINT_FACTS_TIMING)};
/* The main loop's and the console's (app.h, console.h keep the values and say why). */
static const print_facts_timing_t print_facts_app[] = {
    {"POLL", APP_POLL_MS, "keys and serial input are polled this often"},
    {"FRAME", APP_FRAME_MS, "the game's timers and the LED frame advance at least this often"},
    {"IDLE_POWER_DOWN", APP_IDLE_POWER_DOWN_MS,
     "the board powers down after this long without "
     "input (and at most 256 ms more)"},
    {"ASLEEP_QUIET", CONSOLE_ASLEEP_QUIET_MS,
     "a console line lost while asleep is refused "
     "after this long without input"},
};
#define PRINT_FACTS_N(a) (sizeof(a) / sizeof((a)[0]))

typedef struct {
    const char *rule, *why;
} print_facts_rule_t;
#define PRINT_FACTS_RULE(rule, why) {#rule, why},
static const print_facts_rule_t print_facts_rules[] = {GAME_TIMING_RULES(PRINT_FACTS_RULE)};

static int print_facts_timing_list(const char *key, const print_facts_timing_t *t, size_t n)
{
    printf("\"%s\": [", key);
    for (size_t i = 0; i < n; i++) {
        if (!print_facts_plain(t[i].name, t[i].what))
            return 1;
        printf("%s\n  {\"name\": \"%s\", \"ms\": %lu, \"what\": \"%s\"}", i ? "," : "", t[i].name,
               t[i].ms, t[i].what);
    }
    printf("]");
    return 0;
}

/* {"game": [{name, ms, what}], "app": [...], "rules": [{rule, why}]}: rule is the C
 * expression as timing.h writes it (it holds at compile time). */
static int print_facts_timings(void)
{
    printf("{");
    if (print_facts_timing_list("game", print_facts_game, PRINT_FACTS_N(print_facts_game)))
        return 1;
    printf(",\n");
    if (print_facts_timing_list("app", print_facts_app, PRINT_FACTS_N(print_facts_app)))
        return 1;
    printf(",\n\"rules\": [");
    for (size_t i = 0; i < PRINT_FACTS_N(print_facts_rules); i++) {
        const print_facts_rule_t *r = &print_facts_rules[i];
        if (!print_facts_plain("rule", r->rule) || !print_facts_plain("rule", r->why))
            return 1;
        printf("%s\n  {\"rule\": \"%s\", \"why\": \"%s\"}", i ? "," : "", r->rule, r->why);
    }
    printf("]}\n");
    return 0;
}

typedef struct {
    const char *name, *what, *ends;
} print_facts_state_t;
#define PRINT_FACTS_STATE(name, what, ends) {#name, what, ends},
static const print_facts_state_t print_facts_states_table[] = {GAME_STATES(PRINT_FACTS_STATE)};
_Static_assert(PRINT_FACTS_N(print_facts_states_table) == GAME_STATE_COUNT, "a row per state");

/* {"states": [{name, what, ends}]}, in the enum's order (GAME_ST_<name>). */
static int print_facts_states(void)
{
    printf("{\"states\": [");
    for (size_t i = 0; i < GAME_STATE_COUNT; i++) {
        const print_facts_state_t *s = &print_facts_states_table[i];
        if (!print_facts_plain(s->name, s->what) || !print_facts_plain(s->name, s->ends))
            return 1;
        printf("%s\n  {\"name\": \"%s\", \"what\": \"%s\", \"ends\": \"%s\"}", i ? "," : "",
               s->name, s->what, s->ends);
    }
    printf("]}\n");
    return 0;
}

typedef struct {
    const char *id, *word;
} print_facts_level_t;
#define PRINT_FACTS_LEVEL(id, word, counts) {#id, word},
static const print_facts_level_t print_facts_levels[] = {LEDS_LEVELS(PRINT_FACTS_LEVEL)};

/* {"step_counts", "rows", "grammar", "levels": [...]}: the levels brightest first, as the
 * table; each its console word (name), id, console digit (0 the brightest), LEDS_BRIGHT_
 * value (bright, 0 the dimmest), the counts of the row's step a lit die is on, full and
 * dim, and its share of the time in permille. */
static int print_facts_leds(void)
{
    printf("{\"step_counts\": %u, \"rows\": %u, \"grammar\": \"%s\", \"levels\": [", LEDS_DUTY_STEP,
           LEDS_DUTY_ROWS, LEDS_LEVELS_GRAMMAR);
    for (unsigned i = 0; i < LEDS_BRIGHT_LEVELS; i++) {
        const print_facts_level_t *l = &print_facts_levels[i];
        uint8_t level = (uint8_t)(LEDS_BRIGHT_LEVELS - 1u - i);
        if (!print_facts_plain(l->id, l->word))
            return 1;
        printf("%s\n  {\"name\": \"%s\", \"id\": \"%s\", \"digit\": %u, \"bright\": %u, "
               "\"counts\": %u, \"dim_counts\": %u, \"permille\": %u, \"dim_permille\": %u}",
               i ? "," : "", l->word, l->id, i, level, leds_duty_counts(level, false),
               leds_duty_counts(level, true), leds_duty_permille(level, false),
               leds_duty_permille(level, true));
    }
    printf("]}\n");
    return 0;
}

/* The port: hal/uart.h's facts. */
static int print_facts_serial(void)
{
    printf("{\"baud\": %lu, \"frame\": \"%s\", \"rx_ring\": %u, \"xoff_at\": %u, \"xon_at\": %u, "
           "\"xoff\": %u, \"xon\": %u, \"boot_baud\": %lu}\n",
           UART_BAUD, UART_FRAME, UART_RX_SIZE, UART_RX_XOFF_AT, UART_RX_XON_AT, UART_XOFF,
           UART_XON, UART_BOOT_BAUD);
    return 0;
}

int main(int argc, char **argv)
{
    static const struct {
        const char *what;
        int (*print)(void);
    } kinds[] = {{"timings", print_facts_timings},
                 {"states", print_facts_states},
                 {"leds", print_facts_leds},
                 {"serial", print_facts_serial}};
    for (size_t i = 0; argc == 2 && i < PRINT_FACTS_N(kinds); i++)
        if (!strcmp(argv[1], kinds[i].what)) {
            int r = kinds[i].print();
            return fflush(stdout) == 0 && !ferror(stdout) ? r : 1;
        }
    fprintf(stderr, "usage: print_facts timings|states|leds|serial\n");
    return 2;
}
