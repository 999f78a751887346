/* firmware/game/print_menu.c - the menu table (menu.h) for what shows it outside the
 * firmware, as board/print_pins.c does for the pins. Host program.
 *   print_menu                  JSON (build/gen/menu.json)
 *   print_menu --readme FILE    FILE with its menu section rewritten, on stdout */
#include <stdio.h>
#include <string.h>

#include "menu.h"

typedef struct {
    int cell;
    const char *action, *arg, *lng, *shrt;
} print_menu_entry_t;

#define PRINT_MENU_ENTRY(cell, action, arg, lng, shrt) {cell, #action, #arg, lng, shrt},
static const print_menu_entry_t print_menu_entries[] = {GAME_MENU(PRINT_MENU_ENTRY)};
#define PRINT_MENU_N (sizeof print_menu_entries / sizeof print_menu_entries[0])

#define MENU_BEGIN "<!-- menu:begin (generated from firmware/game/menu.h: make readme-menu) -->"
#define MENU_END "<!-- menu:end -->"

/* The action as a lower-case word, and its argument after a space if it has one
 * ("mode ai_x", "stats"). */
static void print_menu_action(const print_menu_entry_t *e)
{
    char word[64];
    size_t n = 0;
    for (const char *p = e->action; *p && n + 1 < sizeof word; p++)
        word[n++] = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
    if (*e->arg && n + 1 < sizeof word)
        word[n++] = ' ';
    for (const char *p = e->arg; *p && n + 1 < sizeof word; p++)
        word[n++] = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
    word[n] = '\0';
    printf("\"%s\"", word);
}

/* A label goes into JSON and Markdown as it is: no quote, backslash or bar in it. */
static int print_menu_plain(const char *s)
{
    return strpbrk(s, "\"\\|") == NULL;
}

static void print_menu_json(void)
{
    printf("{\"cells\": [\n");
    for (size_t i = 0; i < PRINT_MENU_N; i++) {
        const print_menu_entry_t *e = &print_menu_entries[i];
        printf("  {\"cell\": %d, \"action\": ", e->cell);
        print_menu_action(e);
        printf(", \"long\": \"%s\", \"short\": \"%s\"}%s\n", e->lng, e->shrt,
               i + 1 < PRINT_MENU_N ? "," : "");
    }
    printf("]}\n");
}

/* The README's table: the cell numbers, then the long labels. */
static void print_menu_readme_rows(void)
{
    printf("| cell |");
    for (size_t i = 0; i < PRINT_MENU_N; i++)
        printf(" %d |", print_menu_entries[i].cell);
    printf("\n| --- |");
    for (size_t i = 0; i < PRINT_MENU_N; i++)
        printf(" --- |");
    printf("\n| menu |");
    for (size_t i = 0; i < PRINT_MENU_N; i++)
        printf(" %s |", print_menu_entries[i].lng);
    printf("\n");
}

/* FILE on stdout, the lines between the markers replaced; 1 if a marker is missing. */
static int print_menu_readme(const char *path)
{
    char line[1024];
    int state = 0; /* 0 before the section, 1 inside it, 2 after it */
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return 1;
    }
    while (fgets(line, sizeof line, f)) {
        if (state == 0 || state == 2)
            fputs(line, stdout);
        if (state == 0 && !strncmp(line, MENU_BEGIN, strlen(MENU_BEGIN))) {
            print_menu_readme_rows();
            state = 1;
        } else if (state == 1 && !strncmp(line, MENU_END, strlen(MENU_END))) {
            fputs(line, stdout);
            state = 2;
        }
    }
    fclose(f);
    if (state != 2) {
        fprintf(stderr, "%s: no menu section (a line '%s', then '%s')\n", path, MENU_BEGIN,
                MENU_END);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    int r = 0;
    for (size_t i = 0; i < PRINT_MENU_N; i++) {
        const print_menu_entry_t *e = &print_menu_entries[i];
        if (!print_menu_plain(e->lng) || !print_menu_plain(e->shrt)) {
            fprintf(stderr, "print_menu: cell %d: a label with a quote, backslash or bar\n",
                    e->cell);
            return 1;
        }
    }
    if (argc == 1) {
        print_menu_json();
    } else if (argc == 3 && !strcmp(argv[1], "--readme")) {
        r = print_menu_readme(argv[2]);
    } else {
        fprintf(stderr, "usage: print_menu [--readme FILE]\n");
        return 2;
    }
    return fflush(stdout) == 0 && !ferror(stdout) ? r : 1;
}
