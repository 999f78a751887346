/* firmware/game/print_menu.c - host program: the menu (menu.h) and the bars (bars.h) as
 * JSON (firmware/README.md, "Inside the firmware"); --legend-json|--legend-c LEGEND: the
 * filled-in terminal legend as JSON or C; --readme FILE: FILE with its menu rewritten. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bars.h"
#include "game.h"
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

/* The action as a lower-case word, and its argument after sep if it has one ("mode ai_x",
 * "stats"; with "_": "mode_ai_x", a name for the docs' facts). */
static void print_menu_action(const print_menu_entry_t *e, const char *sep)
{
    char word[64];
    size_t n = 0;
    for (const char *p = e->action; *p && n + 1 < sizeof word; p++)
        word[n++] = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
    if (*e->arg && n + 1 < sizeof word)
        word[n++] = *sep;
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

/* ---- the statistics' bars (bars.h) ---- */
typedef struct {
    unsigned pic, col, colour, look;
    const char *label, *label_2p;
} print_bar_t;
#define PRINT_BAR(pic, col, kinds, colour, look, label, label_2p)                                  \
    {pic, col, BARS_##colour, BARS_##look, label, label_2p},
static const print_bar_t print_bars[] = {STATS_BARS(PRINT_BAR)};
#define PRINT_BARS_N (sizeof print_bars / sizeof print_bars[0])
static const char *const print_bar_colour[4] = {"", "red", "green", "yellow"};
static const char *const print_bar_look[4] = {"full", "dim", "blinking", "dim, blinking"};
static const char *const print_bar_place[BARS_ROWS] = {"left", "middle", "right"};

/* Picture pic's bar in column col, or NULL (dark). */
static const print_bar_t *print_bar_at(unsigned pic, unsigned col)
{
    for (size_t i = 0; i < PRINT_BARS_N; i++)
        if (print_bars[i].pic == pic && print_bars[i].col == col)
            return &print_bars[i];
    return NULL;
}

static unsigned print_bar_seconds(unsigned pic)
{
    _Static_assert(BARS_PICTURES == 2, "a state per picture");
    return (pic ? GAME_STATS_PLAYED_MS : GAME_STATS_RESULTS_MS) / 1000u;
}

/* A bar's colour and look in words: "green", "dim yellow, blinking". */
static void print_bar_words(char *out, size_t n, const print_bar_t *b)
{
    snprintf(out, n, "%s%s%s", b->look & BARS_DIM ? "dim " : "", print_bar_colour[b->colour],
             b->look & BARS_BLINK ? ", blinking" : "");
}

/* The menu's cell that shows the statistics (0: none; a long press at game over does). */
static int print_menu_stats_cell(void)
{
    int cell = 0;
    for (size_t i = 0; i < PRINT_MENU_N; i++)
        if (!strcmp(print_menu_entries[i].action, "STATS"))
            cell = print_menu_entries[i].cell;
    return cell;
}

/* How to read the bars, one sentence per picture; with the colours (the page) or
 * without (the terminal, whose cells name their colours). */
static void print_bars_text(char *out, size_t n, int colours)
{
    int cell = print_menu_stats_cell();
    char where[32] = "a long press at game over";
    if (cell) {
        snprintf(where, sizeof where, "menu %d", cell);
    }
    size_t k = (size_t)snprintf(out, n,
                                "Statistics (%s): bars up from the bottom row, "
                                "dim yellow above.",
                                where);
    for (unsigned p = 0; p < BARS_PICTURES; p++) {
        int two = 0;
        k += (size_t)snprintf(out + k, n - k, " %s %u s%s:", p ? "Then" : "First",
                              print_bar_seconds(p), p ? "" : ", left to right");
        for (unsigned c = 0; c < BARS_ROWS; c++) {
            const print_bar_t *b = print_bar_at(p, c);
            char words[40] = "";
            if (b && colours)
                print_bar_words(words, sizeof words, b);
            k +=
                (size_t)snprintf(out + k, n - k, "%s %s%s%s%s", c ? "," : "", b ? b->label : "dark",
                                 *words ? " (" : "", words, *words ? ")" : "");
            two |= b && strcmp(b->label, b->label_2p);
        }
        for (unsigned c = 0; two && c < BARS_ROWS; c++) {
            const print_bar_t *b = print_bar_at(p, c);
            k += (size_t)snprintf(out + k, n - k, "%s%s",
                                  c ? ", " : "; two players: ", b ? b->label_2p : "dark");
        }
        k += (size_t)snprintf(out + k, n - k, ".");
    }
}

/* menu.json's "stats": the menu cell, each picture's columns (null: dark), its seconds,
 * and the text. */
static void print_bars_json(void)
{
    char text[600];
    printf("\"stats\": {\"cell\": %d, \"frame\": \"dim yellow\", \"rows\": %u, \"pictures\": [",
           print_menu_stats_cell(), BARS_ROWS);
    for (unsigned p = 0; p < BARS_PICTURES; p++) {
        printf("%s\n  {\"seconds\": %u, \"columns\": [", p ? "," : "", print_bar_seconds(p));
        for (unsigned c = 0; c < BARS_ROWS; c++) {
            const print_bar_t *b = print_bar_at(p, c);
            char words[40];
            if (!b) {
                printf("%snull", c ? ", " : "");
                continue;
            }
            print_bar_words(words, sizeof words, b);
            printf("%s{\"place\": \"%s\", \"label\": \"%s\", \"label_2p\": \"%s\", "
                   "\"colour\": \"%s\", \"look\": \"%s\", \"words\": \"%s\"}",
                   c ? ",\n    " : "\n    ", print_bar_place[c], b->label, b->label_2p,
                   print_bar_colour[b->colour], print_bar_look[b->look], words);
        }
        printf("]}");
    }
    print_bars_text(text, sizeof text, 1);
    printf("],\n \"text\": \"%s\"}", text);
}

/* ---- the terminal legend (sim/legend.txt) ---- */
/* A line of the file as it is, but "@MENU@ note" (the menu's next row of cells, then the
 * note) and "@STATS@" (how to read the bars, wrapped). Every line at most
 * PRINT_LEGEND_WIDTH columns: the compact layout's 72, less its margin. */
#define PRINT_LEGEND_WIDTH 70
#define PRINT_LEGEND_MAX 40
typedef struct {
    int n, menu_rows;
    int menu_row[PRINT_LEGEND_MAX]; /* -1: text */
    char text[PRINT_LEGEND_MAX][PRINT_LEGEND_WIDTH + 2];
} print_legend_t;

/* Adds a line; 1 if it does not fit. */
static int print_legend_add(print_legend_t *l, int menu_row, const char *text, size_t len)
{
    if (l->n == PRINT_LEGEND_MAX || len > PRINT_LEGEND_WIDTH || strcspn(text, "\"\\") < len)
        return 1;
    l->menu_row[l->n] = menu_row;
    memcpy(l->text[l->n], text, len);
    l->text[l->n++][len] = '\0';
    return 0;
}

/* The bars' text, cut at spaces into lines of the width. */
static int print_legend_stats(print_legend_t *l)
{
    char text[600];
    const char *p = text;
    print_bars_text(text, sizeof text, 0);
    while (*p) {
        size_t len = strlen(p);
        if (len > PRINT_LEGEND_WIDTH) {
            len = PRINT_LEGEND_WIDTH;
            while (len && p[len] != ' ')
                len--;
        }
        if (!len || print_legend_add(l, -1, p, len))
            return 1;
        p += len + (p[len] == ' ');
    }
    return 0;
}

static int print_legend_read(print_legend_t *l, const char *path)
{
    char line[256];
    int bad = 0;
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return 1;
    }
    l->n = l->menu_rows = 0;
    while (!bad && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        if (!strcmp(line, "@STATS@")) {
            bad = print_legend_stats(l);
        } else if (!strncmp(line, "@MENU@", 6)) {
            const char *note = line + 6 + (line[6] == ' ');
            bad = print_legend_add(l, l->menu_rows++, note, strlen(note));
        } else {
            bad = print_legend_add(l, -1, line, strlen(line));
        }
    }
    fclose(f);
    if (bad || l->menu_rows != (int)BARS_ROWS) {
        fprintf(stderr,
                "%s: line %d: over %d columns, a quote or backslash, or not %u "
                "@MENU@ lines\n",
                path, l->n + 1, PRINT_LEGEND_WIDTH, BARS_ROWS);
        return 1;
    }
    return 0;
}

/* legend.json: {"legend": [...]}, a string per line, {"menu_row": r, "note": "..."} for a
 * row. */
static void print_legend_json(const print_legend_t *l)
{
    printf("{\"legend\": [");
    for (int i = 0; i < l->n; i++) {
        printf("%s\n  ", i ? "," : "");
        if (l->menu_row[i] >= 0)
            printf("{\"menu_row\": %d, \"note\": \"%s\"}", l->menu_row[i], l->text[i]);
        else
            printf("\"%s\"", l->text[i]);
    }
    printf("]}\n");
}

/* build/gen/legend.h, for sim/ttt_sim.c. */
static void print_legend_c(const print_legend_t *l, const char *path)
{
    printf("/* build/gen/legend.h - generated by print_menu --legend-c from %s (the\n"
           " * terminal legend of make play); do not edit. */\n",
           path);
    printf("#define LEGEND_LINES %d\n", l->n);
    printf("/* menu_row >= 0: that row of the menu's cells, then text (a note) */\n");
    printf("static const struct {\n    int menu_row;\n    const char *text;\n} "
           "legend[LEGEND_LINES] = {\n");
    for (int i = 0; i < l->n; i++)
        printf("    {%d, \"%s\"},\n", l->menu_row[i], l->text[i]);
    printf("};\n");
}

static void print_menu_cells(void)
{
    printf("\"cells\": [\n");
    for (size_t i = 0; i < PRINT_MENU_N; i++) {
        const print_menu_entry_t *e = &print_menu_entries[i];
        printf("  {\"cell\": %d, \"action\": ", e->cell);
        print_menu_action(e, " ");
        printf(", \"long\": \"%s\", \"short\": \"%s\"}%s\n", e->lng, e->shrt,
               i + 1 < PRINT_MENU_N ? "," : "");
    }
    /* each action's cell by name ("sound": 6), for the docs' facts */
    printf("],\n\"cell_of\": {");
    for (size_t i = 0; i < PRINT_MENU_N; i++) {
        printf("%s", i ? ", " : "");
        print_menu_action(&print_menu_entries[i], "_");
        printf(": %d", print_menu_entries[i].cell);
    }
    /* how it opens: the cell held (1-9) and how long */
    printf("},\n\"open\": {\"cell\": %u, \"hold_ms\": %u},\n", GAME_MENU_OPEN_CELL + 1u,
           GAME_MENU_HOLD_MS);
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
    static print_legend_t legend;
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
        printf("{");
        print_menu_cells();
        print_bars_json();
        printf("}\n");
    } else if (argc == 3 && !strcmp(argv[1], "--legend-json")) {
        if (print_legend_read(&legend, argv[2]))
            return 1;
        print_legend_json(&legend);
    } else if (argc == 3 && !strcmp(argv[1], "--legend-c")) {
        if (print_legend_read(&legend, argv[2]))
            return 1;
        print_legend_c(&legend, argv[2]);
    } else if (argc == 3 && !strcmp(argv[1], "--readme")) {
        r = print_menu_readme(argv[2]);
    } else {
        fprintf(stderr,
                "usage: print_menu | --legend-json LEGEND | --legend-c LEGEND | --readme FILE\n");
        return 2;
    }
    return fflush(stdout) == 0 && !ferror(stdout) ? r : 1;
}
