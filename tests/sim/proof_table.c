/* tests/sim/proof_table.c - every byte of the PROGMEM solution table corrupted in turn:
 * the firmware must detect it at boot and still play perfectly (solver fallback). */
#define _GNU_SOURCE
#include "proof.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- 3. table corruption -------------------------------------------------------- */

int cmd_table(int stride_games)
{
    double t0 = wall();
    char name[128];
    uint32_t addr = 0, size = 0;
    if (board_elf_symbol(proof_elf, "table_", name, sizeof name, &addr, &size) != 0) {
        printf("sim_table: FAILED: no table_* object in %s\n", proof_elf);
        return 1;
    }
    if (board_open_elf(proof_elf) != 0)
        return 1;
    board_on_line(on_line, NULL);
    /* the clean image must not complain */
    pid_t pid = fork();
    if (pid == 0) {
        cap_clear();
        if (!board_run_until_line("ttt: ready", 3000))
            proof_fail("clean image: no banner");
        else if (cap_find("ttt: table CRC bad") >= 0)
            proof_fail("clean image reports a bad table CRC");
        _exit(0);
    }
    reap_sim(pid, -1, "clean image");
    long games = 0;
    int running = 0;
    for (uint32_t off = 0; off < size && proof_sh->bad < 10; off++) {
        int play = stride_games && off % (uint32_t)stride_games == 0;
        if (play)
            games++;
        pid = fork();
        if (pid == 0) {
            proof_rng_state = 0x1234567u + off * 2654435761u;
            uint8_t *b = board_flash() + addr + off;
            *b ^= (uint8_t)rnd_range(1, 255);
            cap_clear();
            if (!board_run_until_line("ttt: ready", 3000)) {
                proof_fail("table byte %u changed: no banner", off);
                _exit(0);
            }
            if (cap_find("ttt: table CRC bad, using solver") < 0) {
                proof_fail("table byte %u changed: not detected", off);
                _exit(0);
            }
            __atomic_fetch_add(&proof_sh->detected, 1, __ATOMIC_SEQ_CST);
            if (play) {
                board_run_ms(1000);
                char what[64];
                snprintf(what, sizeof what, "table byte %u changed", off);
                if (console_game_check(what, off & 1) == 0)
                    __atomic_fetch_add(&proof_sh->games, 1, __ATOMIC_SEQ_CST);
            }
            check_chip("table");
            _exit(0);
        }
        if (++running >= NPROC) {
            reap_any_sim("table byte changed");
            running--;
        }
    }
    while (reap_any_sim("table byte changed") > 0)
        ;
    printf("sim_table: %s at 0x%x, %u bytes: corrupted %u (each byte once, random xor), "
           "detected %ld; console games with random person moves %ld (person X and O "
           "alternately), AI moves checked value-preserving %ld; failures %ld, %.1f s\n",
           name, addr, size, size, proof_sh->detected, proof_sh->games, proof_sh->nodes,
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
