/* firmware/console/print_commands.c - prints the console's command table (commands.h)
 * as JSON, for the docs: {"commands": [{"name", "grammar", "help"}, ...]}, the grammar
 * without its leading space (build/gen/commands.json). Host program. */
#include <stdio.h>
#include <string.h>

#include "commands.h"

typedef struct {
    const char *name, *grammar, *help;
} print_commands_entry_t;

#define PRINT_COMMANDS_ENTRY(id, name, grammar, help) {name, grammar, help},
static const print_commands_entry_t print_commands_entries[] = {
    CONSOLE_COMMANDS(PRINT_COMMANDS_ENTRY)};
#define PRINT_COMMANDS_N (sizeof print_commands_entries / sizeof print_commands_entries[0])

int main(int argc, char **argv)
{
    (void)argv;
    if (argc != 1) {
        fprintf(stderr, "usage: print_commands\n");
        return 2;
    }
    for (size_t i = 0; i < PRINT_COMMANDS_N; i++) { /* JSON strings as they are */
        const print_commands_entry_t *e = &print_commands_entries[i];
        if (strpbrk(e->name, "\"\\") || strpbrk(e->grammar, "\"\\") || strpbrk(e->help, "\"\\")) {
            fprintf(stderr, "print_commands: %s: a quote or backslash in its entry\n", e->name);
            return 1;
        }
    }
    printf("{\"commands\": [\n");
    for (size_t i = 0; i < PRINT_COMMANDS_N; i++) {
        const print_commands_entry_t *e = &print_commands_entries[i];
        const char *grammar = e->grammar + (e->grammar[0] == ' ');
        printf("  {\"name\": \"%s\", \"grammar\": \"%s\", \"help\": \"%s\"}%s\n", e->name, grammar,
               e->help, i + 1 < PRINT_COMMANDS_N ? "," : "");
    }
    printf("]}\n");
    return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
}
