/* firmware/tools/ttt_cli.c - the judge CLI's command line (firmware/tools/README.md).
 * stdout is checked with ferror, fflush and fclose, so a failed write is exit status 1. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "engine.h"
#include "judge.h"
#include "notation.h"
#include "position.h"
#include "solver.h"

/* "ttt: board '<arg>': <problem>" */
static int cli_board_fail(const char *arg, const char *problem)
{
    fputs("ttt: board ", stderr);
    judge_echo(stderr, arg, strlen(arg));
    fprintf(stderr, ": %s\n", problem);
    return JUDGE_EXIT_BAD_INPUT;
}

static const char *cli_notation_error(uint8_t err)
{
    switch (err) {
    case NOTATION_SHORT:
        return "fewer than 9 cells (0 1 2 or x o ., separators space / , |)";
    case NOTATION_LONG:
        return "more than 9 cells";
    case NOTATION_MIXED:
        return "digits and letters mixed: use 0 1 2 or x o . throughout";
    default:
        return "a character other than 0 1 2, x o . or a separator (space / , |)";
    }
}

static int cli_move(int argc, char **argv)
{
    int use_solver = argc == 4 && strcmp(argv[2], "--solver") == 0;
    if (argc != 3 + use_solver) {
        fprintf(stderr, "usage: ttt move [--solver] BOARD\n");
        return JUDGE_EXIT_BAD_INPUT;
    }
    const char *arg = argv[2 + use_solver];
    size_t len = strlen(arg);
    if (len > UINT8_MAX)
        return cli_board_fail(arg, "longer than 255 bytes");
    notation_board_t b;
    uint8_t err = notation_parse_board(arg, (uint8_t)len, &b);
    if (err != NOTATION_OK)
        return cli_board_fail(arg, cli_notation_error(err));
    pos_t p = {b.x, b.o};
    uint8_t why = pos_legality(p);
    if (why != POS_LEGAL)
        return cli_board_fail(arg, judge_illegal_reason(why));
    if (pos_is_over(p))
        return cli_board_fail(arg, "the game is already over");
    printf("%u\n", (unsigned)(use_solver ? solver_move(p) : engine_move(p)));
    return JUDGE_EXIT_OK;
}

static int cli_run(int argc, char **argv)
{
    judge_in_t in;
    if (argc == 2 && strcmp(argv[1], "boj16571") == 0) {
        judge_in_file(&in, stdin);
        return judge_boj16571(&in, stdout, stderr);
    }
    if (argc == 2 && strcmp(argv[1], "algospot") == 0) {
        judge_in_file(&in, stdin);
        return judge_algospot(&in, stdout, stderr);
    }
    if (argc >= 2 && strcmp(argv[1], "move") == 0)
        return cli_move(argc, argv);
    if (argc >= 2) {
        fputs("ttt: unknown command ", stderr);
        judge_echo(stderr, argv[1], strlen(argv[1]));
        fputc('\n', stderr);
    }
    fprintf(stderr,
            "usage: ttt boj16571 < board      (9 numbers 0 1 2)\n"
            "       ttt algospot < cases      (a count, then boards of x o .)\n"
            "       ttt move [--solver] BOARD (9 of 0 1 2 or x o ., separators / , | space)\n");
    return JUDGE_EXIT_BAD_INPUT;
}

int main(int argc, char **argv)
{
    if (!engine_init()) {
        fprintf(stderr, "ttt: solution table fails its CRC check\n");
        return JUDGE_EXIT_IO;
    }
    int status = cli_run(argc, argv);
    /* Buffered answers reach the file only here: a full disk or a closed pipe shows up
     * in fflush or fclose, not in printf. */
    int write_failed = ferror(stdout) != 0;
    if (fflush(stdout) != 0)
        write_failed = 1;
    int saved = errno;
    if (fclose(stdout) != 0 && !write_failed) {
        write_failed = 1;
        saved = errno;
    }
    if (write_failed) {
        fprintf(stderr, "ttt: cannot write the answer: %s\n",
                saved ? strerror(saved) : "write error");
        return JUDGE_EXIT_IO;
    }
    return status;
}
