/* tests/sim/proof_table.c - every byte of the PROGMEM solution table corrupted in turn:
 * the firmware must detect it at boot and still play perfectly (solver fallback). */
#define _GNU_SOURCE
#include "proof.h"

#include <string.h>

/* ---- 3. table corruption -------------------------------------------------------- */

typedef struct {
    uint32_t addr;    /* the table in flash */
    int stride_games; /* a console game after every stride_games-th byte (0: none) */
} table_t;

/* One byte of the table changed (random xor): detected at boot, and, every
 * stride_games-th byte, one console game with every AI move keeping the game value. */
static void table_trial(long off, void *ctx)
{
    const table_t *t = ctx;
    proof_rng_state = 0x1234567u + (uint32_t)off * 2654435761u;
    board_flash()[t->addr + (uint32_t)off] ^= (uint8_t)rnd_range(1, 255);
    cap_clear();
    if (!board_run_until_line("ttt: ready", 3000)) {
        proof_fail("table byte %ld changed: no banner", off);
        return;
    }
    if (cap_find("ttt: table CRC bad, using solver") < 0) {
        proof_fail("table byte %ld changed: not detected", off);
        return;
    }
    __atomic_fetch_add(&proof_sh->detected, 1, __ATOMIC_SEQ_CST);
    if (t->stride_games && off % t->stride_games == 0) {
        board_run_ms(1000);
        char what[64];
        snprintf(what, sizeof what, "table byte %ld changed", off);
        if (console_game_check(what, (int)(off & 1)) == 0)
            __atomic_fetch_add(&proof_sh->games, 1, __ATOMIC_SEQ_CST);
    }
    check_chip("table");
}

/* The clean image must not complain. */
static void clean_trial(long i, void *ctx)
{
    (void)i;
    (void)ctx;
    cap_clear();
    if (!board_run_until_line("ttt: ready", 3000))
        proof_fail("clean image: no banner");
    else if (cap_find("ttt: table CRC bad") >= 0)
        proof_fail("clean image reports a bad table CRC");
}

int cmd_table(int stride_games)
{
    double t0 = wall();
    char name[128];
    uint32_t size = 0;
    table_t t = {0, stride_games};
    if (board_elf_symbol(proof_elf, "table_", name, sizeof name, &t.addr, &size) != 0) {
        printf("sim_table: FAILED: no table_* object in %s\n", proof_elf);
        return 1;
    }
    if (board_open_elf(proof_elf) != 0)
        return 1;
    board_on_line(on_line, NULL);
    run_trials(1, 10, clean_trial, NULL, "clean image");
    long done = run_trials(size, 10, table_trial, &t, "table byte changed");
    long games = stride_games ? (done + stride_games - 1) / stride_games : 0;
    printf("sim_table: %s at 0x%x, %u bytes: corrupted %u (each byte once, random xor), "
           "detected %ld; console games with random person moves %ld (person X and O "
           "alternately), AI moves checked value-preserving %ld; failures %ld, %.1f s\n",
           name, t.addr, size, size, proof_sh->detected, proof_sh->games, proof_sh->nodes,
           proof_sh->bad, wall() - t0);
    if (!proof_sh->bad && proof_sh->games != games)
        proof_fail("%ld of %ld console games finished", proof_sh->games, games);
    if (proof_sh->bad || proof_sh->detected != (long)size) {
        printf("sim_table: FAILED: %s\n", proof_sh->first_error);
        return 1;
    }
    printf("sim_table: ok\n");
    return 0;
}
