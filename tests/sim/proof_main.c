/* tests/sim/proof_main.c - sim_proofs: one subcommand per proof (proof_*.c), each
 * printing its counts and exiting non-zero on failure. */
#define _GNU_SOURCE
#include "proof.h"
#include "play.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

static int usage(void)
{
    fprintf(stderr, "usage: sim_proofs exhaustive|exhaustive-misere|fading|fuzz [EVENTS]|table [STRIDE]|powercut "
                    "[TRIALS]|garbage [BYTES]|power|glitch|console|menu|bench|levels|rxlat|child [SESSIONS]|toddler [SESSIONS]|stranger [PER_SETTING]|sound\n"
                    "  (the firmware image: SIM_ELF, default build/avr/ttt.elf)\n");
    return 2;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage();
    proof_debug = getenv("SIM_DEBUG") != NULL;
    const char *e = getenv("SIM_ELF");
    if (e && *e)
        proof_elf = e;
    play_init();
    proof_sh =
        mmap(NULL, sizeof *proof_sh, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (proof_sh == MAP_FAILED)
        return 1;
    memset(proof_sh, 0, sizeof *proof_sh);
    setvbuf(stdout, NULL, _IOLBF, 0);
    long arg = argc > 2 ? atol(argv[2]) : 0;
    if (!strcmp(argv[1], "exhaustive"))
        return cmd_exhaustive();
    if (!strcmp(argv[1], "exhaustive-misere"))
        return cmd_exhaustive_misere();
    if (!strcmp(argv[1], "fading"))
        return cmd_fading();
    if (!strcmp(argv[1], "fuzz"))
        return cmd_fuzz(arg ? arg : 100000);
    if (!strcmp(argv[1], "table"))
        return cmd_table(arg ? (int)arg : 64);
    if (!strcmp(argv[1], "powercut"))
        return cmd_powercut(arg ? (int)arg : 1000);
    if (!strcmp(argv[1], "garbage"))
        return cmd_garbage(arg ? arg : 10000);
    if (!strcmp(argv[1], "power"))
        return cmd_power();
    if (!strcmp(argv[1], "glitch"))
        return cmd_glitch();
    if (!strcmp(argv[1], "console"))
        return cmd_console();
    if (!strcmp(argv[1], "menu"))
        return cmd_menu();
    if (!strcmp(argv[1], "bench"))
        return cmd_bench();
    if (!strcmp(argv[1], "levels"))
        return cmd_levels();
    if (!strcmp(argv[1], "levels-games"))
        return cmd_levels_games();
    if (!strcmp(argv[1], "rxlat"))
        return cmd_rxlat();
    if (!strcmp(argv[1], "sound"))
        return cmd_sound();
    if (!strcmp(argv[1], "child"))
        return cmd_child(arg ? arg : 1000);
    if (!strcmp(argv[1], "toddler"))
        return cmd_toddler(arg ? arg : 1000);
    if (!strcmp(argv[1], "stranger"))
        return cmd_stranger(arg ? arg : 100);
    fprintf(stderr, "sim_proofs: unknown command %s\n", argv[1]);
    return usage();
}

