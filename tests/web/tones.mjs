// tests/web/tones.mjs - the tones in rendered audio, for the page's sound tests: where
// the signal is louder than SILENT (gaps under GAP_MS bridged: a square's zero crossings)
// is sound; within it, rising zero crossings (interpolated) give the periods, and a
// period more than SPLIT off the tone's mean starts the next tone. expectTones() turns
// sounds.json notes into the tones they must give; compareTones() and checkSounds() list
// what differs; toneLevels() and checkLevels() measure each tone's loudness in a second
// rendering (through the sounder's filters) against the model's (tests/sim/piezo.py).
const SILENT = 0.02;
const GAP_MS = 1;
const SPLIT = 0.03;

// [start, end) sample ranges of sound
function loudRanges(x, rate) {
  const gap = Math.round((GAP_MS * rate) / 1000), out = [];
  let start = -1, quiet = 0;
  for (let i = 0; i < x.length; i++) {
    if (Math.abs(x[i]) > SILENT) {
      if (start < 0) start = i;
      quiet = 0;
    } else if (start >= 0 && ++quiet > gap) {
      out.push([start, i - quiet + 1]);
      start = -1;
    }
  }
  if (start >= 0) out.push([start, x.length]);
  return out;
}

// rising zero crossings in [a, b), in samples (fractional)
function risings(x, a, b) {
  const out = [];
  for (let i = a + 1; i < b; i++)
    if (x[i - 1] < 0 && x[i] >= 0) out.push(i - 1 + -x[i - 1] / (x[i] - x[i - 1]));
  return out;
}

/** The tones of `x` (Float32Array-like at `rate`): [{ onsetMs, lengthMs, hz }]. */
export function findTones(x, rate) {
  const tones = [], ms = (s) => (s * 1000) / rate;
  for (const [a, b] of loudRanges(x, rate)) {
    const r = risings(x, a, b);
    let from = 0, start = a;
    for (let k = 1; k <= r.length; k++) {
      const mean = k - from > 1 ? (r[k - 1] - r[from]) / (k - 1 - from) : 0;
      const split = k < r.length && mean && Math.abs(r[k] - r[k - 1] - mean) > SPLIT * mean;
      if (k < r.length && !split) continue;
      const end = k < r.length ? r[k - 1] + mean / 2 : b;
      // two periods at least: the period across a change of tone is no tone of its own,
      // and the next tone starts where the last one ended
      if (k - 1 - from >= 2) {
        tones.push({ onsetMs: ms(start), lengthMs: ms(end - start), hz: rate / mean });
        start = end;
      }
      from = k; // the period across the change belongs to neither tone
    }
  }
  return tones;
}

/** A sound's notes (sounds.json: [{ hz, ms }], hz 0 a rest) as tones from onset 0. */
export function expectTones(notes) {
  const out = [];
  let t = 0;
  for (const n of notes) {
    const prev = out[out.length - 1];
    if (n.hz && prev && prev.hz === n.hz && prev.onsetMs + prev.lengthMs === t) prev.lengthMs += n.ms;
    else if (n.hz) out.push({ onsetMs: t, lengthMs: n.ms, hz: n.hz });
    t += n.ms;
  }
  return out;
}

/**
 * What differs between `found` and `want` tones (onsets relative to each one's first):
 * the count, a frequency off by more than hzTol (a share), an onset off by more than msTol
 * plus a half period (a tone ends at the pin's last toggle), a length by more than msTol
 * plus a period: the pin's first toggle comes a half period in, and Timer2's free-running
 * prescaler (sim/README.md, "Cycle for cycle") can put the last one a few cycles past
 * the note's end, where the chip stops the timer. [] when they agree.
 */
export function compareTones(found, want, { hzTol = 0.01, msTol = 1 } = {}) {
  if (found.length !== want.length)
    return [`${found.length} tones, want ${want.length}: ${JSON.stringify(found.map((t) => Math.round(t.hz)))}`];
  const errs = [], f0 = found.length ? found[0].onsetMs : 0, w0 = want.length ? want[0].onsetMs : 0;
  found.forEach((f, i) => {
    const w = want[i];
    if (Math.abs(f.hz - w.hz) > hzTol * w.hz) errs.push(`tone ${i}: ${f.hz.toFixed(2)} Hz, want ${w.hz}`);
    const tol = msTol + 500 / w.hz;
    if (Math.abs(f.lengthMs - w.lengthMs) > msTol + 1000 / w.hz) {
      errs.push(`tone ${i}: ${f.lengthMs.toFixed(2)} ms long, want ${w.lengthMs}`);
    }
    const on = f.onsetMs - f0, won = w.onsetMs - w0;
    if (Math.abs(on - won) > tol) errs.push(`tone ${i}: onset ${on.toFixed(2)} ms, want ${won}`);
  });
  return errs;
}

/**
 * What differs between `found` tones and the sounds `names` (sounds.json's, by name)
 * played in order, each compared on its own (the silence between two sounds is free).
 */
export function checkSounds(found, names, sounds) {
  // the table's sounds and the cells' voices (x5: X on cell 5)
  const table = Object.fromEntries([...sounds.sounds, ...sounds.voices].map((x) => [x.name, expectTones(x.notes)]));
  const want = names.reduce((n, name) => n + table[name].length, 0);
  if (found.length !== want)
    return [`${found.length} tones, want ${want} (${names.join(' ') || 'silence'}): ${found.map((t) => Math.round(t.hz)).join(' ')}`];
  const errs = [];
  let k = 0;
  for (const name of names) {
    const w = table[name];
    errs.push(...compareTones(found.slice(k, k + w.length), w).map((e) => `${name}: ${e}`));
    k += w.length;
  }
  return errs;
}

const TRIM_MS = 2; // the resonance's ring at a tone's ends (Q / pi f0: 0.4 ms at 4 kHz)

/** Each tone's level in `x` (another rendering of the same edges), dB of its peak. */
export function toneLevels(x, rate, tones) {
  return tones.map((t) => {
    const a = Math.round(((t.onsetMs + TRIM_MS) * rate) / 1000);
    const b = Math.round(((t.onsetMs + t.lengthMs - TRIM_MS) * rate) / 1000);
    let sum = 0;
    for (let i = a; i < b; i++) sum += x[i] * x[i];
    return 10 * Math.log10((2 * sum) / Math.max(1, b - a));
  });
}

/**
 * What differs between measured tone levels (dB) and the model's (dB, one a tone, the
 * same order) once their mean difference is taken out (the page's volume is the
 * person's): each within `tol` dB, [] when they agree.
 */
export function checkLevels(measured, model, tol = 1) {
  if (measured.length !== model.length) return [`${measured.length} levels, want ${model.length}`];
  const d = measured.map((v, i) => v - model[i]), mean = d.reduce((a, v) => a + v, 0) / d.length;
  return d.flatMap((v, i) => (Math.abs(v - mean) > tol
    ? [`tone ${i}: ${(v - mean).toFixed(2)} dB from the model's (${model[i].toFixed(1)} dB)`] : []));
}

/** The model's levels (SOUND_LEVELS: tests/sim/piezo.py levels) of the sounds `names`'
 * tones in order, dB unweighted. */
export function modelLevels(names, levels) {
  return names.flatMap((name) => expectTones(levels[name]).map((t) => levels[name].find((n) => n.hz === t.hz).db));
}
