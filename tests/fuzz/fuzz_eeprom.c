/* tests/fuzz/fuzz_eeprom.c - libFuzzer harness for the EEPROM record loader
 * (hal/eeprom_store.c over the host fake hal/host/eeprom_dev.c) and the range checks
 * of firmware/game/stats.c. The input's first 1024 bytes are the EEPROM image (missing bytes
 * erased, 0xFF); the rest drives one save (record id, length, payload, and where the
 * power is cut) and counting. Checks, beyond the sanitizers:
 *   - any image: for every record id and length, eeprom_store_load() finds "no record"
 *     (buffer untouched) or exactly the newest slot whose marker, length and CRC match
 *     (model_newest: an independent reading of the layout documented in
 *     eeprom_store.c; change both together); bad ids and lengths load nothing;
 *   - a save followed by a load round-trips; a save cut at any write loads the old
 *     record or the new one, never anything else; other records are not disturbed;
 *   - eeprom_store_written() is true exactly when a slot of the record holds a marker;
 *   - the game's records (settings, statistics, the older format's record 0) through
 *     stats_load(): every field in range, a migration exact, a reset said only where
 *     something was written; counting keeps valid stats valid.
 * Only the public functions are used (eeprom_store_load/save, the fake's cells and
 * power cut), so a store that writes in the background needs only fuzz_save()
 * changed. Seeds (tests/fuzz/eeprom/): an erased chip and a save; valid records of
 * an older layout, sequence numbers wrapping; a bad CRC, an uncommitted slot and
 * out-of-range settings; the older firmware's game record in both slots, one with
 * out-of-range settings; the settings and statistics records beside record 0, the newer
 * statistics slot out of range; a short image of zeros. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crc16.h"
#include "eeprom_store.h"
#include "hal_fake.h"
#include "stats.h"

#define IMAGE_SIZE 1024u
#define RECORDS 5u
#define SENTINEL 0x5Au
#define FUZZ_BUF (EEPROM_RECORD_MAX + 2u) /* lengths up to one too many, and a guard byte */

/* ---- the model of the documented slot layout ----------------------------------- */
#define SLOT 64u
#define COMMITTED 0xA5u

/* Is slot s of record id valid for length len? [0] marker, [1] sequence, [2] length,
 * [3..] payload, then the CRC-16 of id, sequence, length and payload, high byte first. */
static int model_slot_valid(const uint8_t *img, uint8_t id, uint8_t s, uint8_t len, uint8_t *seq)
{
    const uint8_t *a = img + (id * 2u + s) * SLOT;
    if (a[0] != COMMITTED || a[2] != len)
        return 0;
    *seq = a[1];
    uint16_t crc = CRC16_INIT;
    crc = crc16_update(crc, id);
    crc = crc16_update(crc, a[1]);
    crc = crc16_update(crc, len);
    for (uint8_t i = 0; i < len; i++)
        crc = crc16_update(crc, a[3 + i]);
    return crc == (uint16_t)(a[3 + len] << 8 | a[4 + len]);
}

/* The payload of the newest valid slot, or NULL. */
static const uint8_t *model_newest(const uint8_t *img, uint8_t id, uint8_t len)
{
    uint8_t s0, s1;
    int v0 = model_slot_valid(img, id, 0, len, &s0), v1 = model_slot_valid(img, id, 1, len, &s1);
    int s = v0 && v1 ? ((int8_t)(uint8_t)(s1 - s0) > 0) : v1 ? 1 : v0 ? 0 : -1;
    return s < 0 ? NULL : img + (id * 2u + (unsigned)s) * SLOT + 3;
}

/* ---- checks ----------------------------------------------------------------------- */

static void fail(const char *what, unsigned id, unsigned len)
{
    fprintf(stderr, "fuzz_eeprom: %s (record %u, length %u)\n", what, id, len);
    abort();
}

/* The EEPROM as last seen: loads are checked against it, and must not change it. */
static uint8_t image[IMAGE_SIZE];

static void snapshot(void)
{
    memcpy(image, fake_eeprom_cells(), IMAGE_SIZE);
}

static void check_unchanged(void)
{
    if (memcmp(image, fake_eeprom_cells(), IMAGE_SIZE) != 0)
        fail("a load changed the EEPROM", 0, 0);
}

/* What load(id, len) gives now: 0 (none) or 1 with buf filled. Checked against the
 * model and the untouched-buffer promise. */
static int checked_load(uint8_t id, uint8_t len, uint8_t buf[FUZZ_BUF])
{
    memset(buf, SENTINEL, FUZZ_BUF);
    int r = eeprom_store_load(id, buf, len);
    if (buf[len] != SENTINEL)
        fail("load wrote past its length", id, len);
    const uint8_t *want = id < RECORDS && len >= 1 && len <= EEPROM_RECORD_MAX
                              ? model_newest(image, id, len)
                              : NULL;
    if (r != (want != NULL))
        fail(r ? "loaded a record the model finds invalid" : "missed a valid record", id, len);
    if (r && memcmp(buf, want, len) != 0)
        fail("loaded other bytes than the newest valid slot", id, len);
    for (uint8_t i = 0; !r && i < len; i++)
        if (buf[i] != SENTINEL)
            fail("a failed load touched the buffer", id, len);
    return r;
}

/* A whole background save, as the main loop runs it: start, then poll to the end (one
 * byte write per poll at most); 1 if it started and read back correctly. */
static uint8_t fuzz_save(uint8_t id, const uint8_t *payload, uint8_t len)
{
    uint16_t failures = eeprom_store_failures();
    if (!eeprom_store_start(id, payload, len))
        return 0;
    for (unsigned i = 0; eeprom_store_busy(); i++) {
        if (i > 200) {
            fprintf(stderr, "fuzz_eeprom: a save did not end\n");
            abort();
        }
        eeprom_store_poll();
    }
    return eeprom_store_failures() == failures;
}

/* eeprom_store_written() against the model: a slot of the record holds the marker. */
static int checked_written(uint8_t id)
{
    int want = id < RECORDS && (image[id * 2u * SLOT] == COMMITTED ||
                                image[(id * 2u + 1u) * SLOT] == COMMITTED);
    if ((int)eeprom_store_written(id) != want)
        fail("written() disagrees with the markers", id, 0);
    return want;
}

static void check_counts(const stats_t *st)
{
    for (unsigned t = 0; t < STATS_TABLES; t++)
        for (unsigned k = 0; k < STATS_KINDS; k++)
            if (st->games[RULE_NORMAL][t][k] > STATS_COUNT_MAX)
                fail("stats passed the range check out of range", STATS_REC_STATS, 0);
    for (unsigned m = 0; m < 2; m++)
        for (unsigned k = 0; k < STATS_RESULTS; k++)
            if (st->old[m][k] > STATS_COUNT_MAX || (!st->before && st->old[m][k]))
                fail("games before levels out of range or without their flag", 0, 0);
}

/* The game's records as app_init() reads them, through stats_load(): whatever the
 * image, every field ends in range; a reset is said only if something was written; a
 * migration takes the older record's counts exactly. Then counting keeps them valid. */
static void check_stats(const uint8_t *ops, size_t n)
{
    settings_t s;
    stats_t st;
    stats_old_t old;
    uint8_t buf[FUZZ_BUF], found = 0;
    memset(&s, 0, sizeof s);
    memset(&st, 0, sizeof st);
    memset(&old, 0, sizeof old);
    if (checked_load(STATS_REC_SETTINGS, sizeof s, buf)) {
        memcpy(&s, buf, sizeof s);
        found |= STATS_HAVE_SETTINGS;
    }
    if (checked_load(STATS_REC_STATS, STATS_SAVED_SIZE, buf)) {
        memcpy(&st, buf, STATS_SAVED_SIZE);
        found |= STATS_HAVE_STATS;
    }
    if (checked_load(STATS_REC_OLD, STATS_OLD_SIZE, buf)) {
        memcpy(&old, buf, STATS_OLD_SIZE);
        found |= STATS_HAVE_OLD;
    }
    for (uint8_t id = 0; id <= RECORDS; id++)
        (void)checked_written(id);
    if (checked_written(STATS_REC_OLD) || checked_written(STATS_REC_STATS))
        found |= STATS_WRITTEN;
    int stats_kept = (found & STATS_HAVE_STATS) && stats_valid(&st);
    uint8_t todo = stats_load(&s, &st, &old, found);
    if (!stats_settings_valid(&s) || s.format != STATS_FORMAT || s.mode >= GAME_MODES ||
        s.level >= LEVELS || s.color_blind > 1 || s.brightness >= LEDS_BRIGHT_LEVELS)
        fail("settings out of range after the load", STATS_REC_SETTINGS, sizeof s);
    if (!stats_valid(&st))
        fail("stats invalid after the load", STATS_REC_STATS, STATS_SAVED_SIZE);
    check_counts(&st);
    if ((todo & STATS_SAY_RESET) && !(found & STATS_WRITTEN))
        fail("a reset said on a chip where nothing was written", 0, 0);
    if (!stats_kept && !(todo & STATS_SAY_RESET)) {
        /* new records, or a migration: two players' counts exactly as they were */
        for (unsigned k = 0; k < STATS_RESULTS; k++)
            if (st.games[RULE_NORMAL][STATS_TABLE_2P][k] != (st.before ? old.n[GAME_MODE_2P][k] : 0u))
                fail("a migration changed two players' counts", STATS_REC_OLD, 0);
    }
    if (st.before && memcmp(st.old, old.n, sizeof st.old) != 0)
        fail("the games before levels differ from the older record", STATS_REC_OLD, 0);
    for (size_t i = 0; i < n; i++)
        stats_count(&st, (uint8_t)(i % 4u), (uint8_t)(ops[i] & 3u), (uint8_t)(ops[i] >> 2 & 3u),
                    (uint8_t)(ops[i] >> 4 & 7u)); /* every game's tables, and one out of range */
    if (!stats_valid(&st))
        fail("counting made stats invalid", STATS_REC_STATS, STATS_SAVED_SIZE);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t *cells = fake_eeprom_cells();
    fake_eeprom_power_on();
    memset(cells, 0xFF, IMAGE_SIZE);
    memcpy(cells, data, size < IMAGE_SIZE ? size : IMAGE_SIZE);
    const uint8_t *ops = size > IMAGE_SIZE ? data + IMAGE_SIZE : NULL;
    size_t n_ops = size > IMAGE_SIZE ? size - IMAGE_SIZE : 0;

    snapshot();
    /* Every record id (and bad ones) and every length (and bad ones). */
    static uint8_t before_ok[RECORDS + 1][EEPROM_RECORD_MAX + 2];
    static uint8_t before[RECORDS + 1][EEPROM_RECORD_MAX + 2][FUZZ_BUF];
    for (uint8_t id = 0; id <= RECORDS; id++)
        for (uint8_t len = 0; len <= EEPROM_RECORD_MAX + 1; len++)
            before_ok[id][len] = (uint8_t)checked_load(id, len, before[id][len]);
    check_stats(ops, n_ops);
    check_unchanged();
    if (n_ops < 3)
        return 0;

    /* One save, maybe cut short; then the same save again, uncut. */
    uint8_t id = ops[0] % RECORDS, len = (uint8_t)(1u + ops[1] % EEPROM_RECORD_MAX);
    int32_t cut = ops[2] < 0x80 ? (int32_t)(ops[2] % 64u) : -1;
    uint8_t payload[EEPROM_RECORD_MAX];
    for (uint8_t i = 0; i < len; i++)
        payload[i] = 3 + i < n_ops ? ops[3 + i] : (uint8_t)(i * 37u);
    fake_eeprom_cut_after(cut);
    uint8_t saved = fuzz_save(id, payload, len);
    fake_eeprom_power_on();
    snapshot();
    uint8_t buf[FUZZ_BUF];
    int r = checked_load(id, len, buf);
    int is_new = r && memcmp(buf, payload, len) == 0;
    int is_old = r && before_ok[id][len] && memcmp(buf, before[id][len], len) == 0;
    if (cut < 0 && (!saved || !is_new))
        fail("a save without a power cut did not round-trip", id, len);
    if (saved && !is_new)
        fail("a save that reported success did not round-trip", id, len);
    if (!is_new && !is_old && !(r == 0 && !before_ok[id][len]))
        fail("after a cut save: neither the old record nor the new one", id, len);
    check_unchanged();
    uint8_t saved_again = fuzz_save(id, payload, len);
    snapshot();
    if (!saved_again || !checked_load(id, len, buf) || memcmp(buf, payload, len) != 0)
        fail("a save after the power came back did not round-trip", id, len);
    /* The other records are as they were. */
    for (uint8_t other = 0; other < RECORDS; other++) {
        if (other == id)
            continue;
        for (uint8_t l = 1; l <= EEPROM_RECORD_MAX; l++) {
            int ok = checked_load(other, l, buf);
            if (ok != before_ok[other][l] || (ok && memcmp(buf, before[other][l], l) != 0))
                fail("a save disturbed another record", other, l);
        }
    }
    check_unchanged();
    return 0;
}
