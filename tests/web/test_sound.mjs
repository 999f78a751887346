// tests/web/test_sound.mjs - the sound's pure parts, in Node: wav.js's resampler against
// simavr's rule (sim/sound_wav.c) computed another way (each sample's high cycles summed
// over the edges), on random edges and on a planted wrong clock; the step and the decay
// of the high-pass; the WAV header; sound.js's EdgeTones on a square, a
// lone edge, a change of frequency with no gap and a tone that stops toggling.
import test from 'node:test';
import assert from 'node:assert/strict';
import { bundle } from './bundle.mjs';

const F_CPU = 16000000;

// wav.js and sound.js bundled as the page bundles them
const M = await bundle("export * from './wav.js';\nexport { EdgeTones } from './sound.js';\n");

// the rule, sample by sample (sim/sound_wav.c): each sample's high cycles summed over
// the edges [[cycle, high]] (the pin low before the first), then the 20 Hz high-pass
function reference(edges, end, fCpu) {
  const c = fCpu / 44100, r = 1 - (2 * Math.PI * 20) / 44100, out = [];
  let x1 = -1, y1 = 0;
  for (let n = 0; (n + 1) * c <= end; n++) {
    const lo = n * c, hi = (n + 1) * c;
    let high = 0, level = false, at = 0;
    for (const [e, h] of [...edges, [Infinity, false]]) {
      if (level) high += Math.max(0, Math.min(hi, e) - Math.max(lo, at));
      level = h;
      at = e;
    }
    const x = (2 * high) / c - 1, y = x - x1 + r * y1;
    [x1, y1] = [x, y];
    out.push(Math.max(-32768, Math.min(32767, Math.sign(y) * Math.round(Math.abs(y) * 12000))));
  }
  return out;
}

function resample(edges, end, fCpu) {
  const r = new M.PinResampler(fCpu);
  for (const [c, h] of edges) r.edge(c, h);
  r.advance(end);
  return Array.from(r.samples());
}

// random edges: tones of random half-periods, some a few cycles apart, some on a bound
function randomEdges(seed) {
  let x = seed;
  const rnd = (n) => { x = (x * 1103515245 + 12345) % 2147483648; return x % n; };
  const edges = [];
  let c = 100, high = false;
  for (let i = 0; i < 3000; i++) {
    c += i % 500 === 0 ? 200000 : 1 + rnd(i % 7 === 0 ? 5 : 3000);
    if (i % 97 === 0) c = Math.floor((Math.ceil((c * 44100) / F_CPU) * F_CPU) / 44100); // on a bound
    high = !high;
    edges.push([c, high]);
  }
  return { edges, end: c + 5000 };
}

// the largest difference between two sample lists of one length
const maxDiff = (a, b) => a.reduce((m, v, i) => Math.max(m, Math.abs(v - b[i])), 0);

test('the resampler follows the rule, sample by sample', () => {
  for (const seed of [1, 2, 3]) {
    const { edges, end } = randomEdges(seed);
    const want = reference(edges, end, F_CPU), got = resample(edges, end, F_CPU);
    assert.equal(got.length, want.length);
    // the high cycles summed in another order may round the other way: 1 LSB at most
    assert.ok(maxDiff(got, want) <= 1, `differs by ${maxDiff(got, want)}`);
    // planted: a clock 1 kHz off gives other bounds, other samples
    const off = resample(edges, end, F_CPU + 1000);
    assert.ok(maxDiff(off.slice(0, want.length), want) > 100);
  }
});

test('a rise is a step of the whole swing, then decays (the 20 Hz high-pass); half a sample is half', () => {
  const s = resample([[0, true], [16000000, false]], 32000000, F_CPU);
  const r = 1 - (2 * Math.PI * 20) / 44100;
  assert.equal(s.length, 88200);
  assert.deepEqual([s[0], s[1], s[2]], [24000, Math.round(24000 * r), Math.round(24000 * r * r)]);
  assert.ok(Math.abs(s[44099]) <= 1 && s[44100] === -24000 && Math.abs(s[88199]) <= 1, `${s[44099]} ${s[44100]}`);
  // sample 0 spans cycles [0, 16e6 / 44100): half of them high is half the step
  assert.deepEqual(resample([[8e6 / 44100, true]], 16e6 / 44100, F_CPU), [12000]);
});

test('the WAV header: RIFF, PCM, mono, 16 bit, 44100 Hz, the samples little-endian', () => {
  const w = M.wavBytes(Int16Array.from([1, -2, 16384]));
  const v = new DataView(w.buffer), text = (a, n) => String.fromCharCode(...w.slice(a, a + n));
  assert.equal(text(0, 4) + text(8, 8) + text(36, 4), 'RIFFWAVEfmt data');
  assert.deepEqual([v.getUint32(4, true), v.getUint16(20, true), v.getUint16(22, true), v.getUint32(24, true),
    v.getUint32(28, true), v.getUint16(32, true), v.getUint16(34, true), v.getUint32(40, true)],
  [42, 1, 1, 44100, 88200, 2, 16, 6]);
  assert.deepEqual([v.getInt16(44, true), v.getInt16(46, true), v.getInt16(48, true)], [1, -2, 16384]);
});

// the tones EdgeTones reports for `cycles` (edges), idle at `idleAt`
function tonesOf(cycles, idleAt) {
  const got = [];
  const t = new M.EdgeTones(F_CPU, (c, hz) => got.push(['start', c, hz]), (c) => got.push(['end', c]));
  for (const c of cycles) t.edge(c);
  if (idleAt !== undefined) t.idle(idleAt);
  return got;
}
const square = (from, half, n) => Array.from({ length: n + 1 }, (_, i) => from + i * half);

test('EdgeTones: a square is one tone from its first edge to its last', () => {
  // two half-periods with no edge: it ended at its last edge
  assert.deepEqual(tonesOf(square(1000, 1984, 100), 1000 + 102 * 1984 + 1),
    [['start', 1000, F_CPU / (2 * 1984)], ['end', 1000 + 100 * 1984]]);
  // one half-period later it may still toggle: no end yet
  assert.deepEqual(tonesOf(square(1000, 1984, 100), 1000 + 100 * 1984 + 1984), [['start', 1000, F_CPU / 3968]]);
});

test('EdgeTones: a lone edge is no tone; a new half-period with no gap is the next tone', () => {
  assert.deepEqual(tonesOf([5000, 6000], 100000), []);
  const a = square(0, 4000, 10), b = square(40000, 8000, 10).slice(1);
  assert.deepEqual(tonesOf([...a, ...b], 200000),
    [['start', 0, 2000], ['end', 40000], ['start', 40000, 1000], ['end', 120000]]);
  // a first half-period 2.5 % short (the prescaler's phase): the tone from its first edge,
  // its frequency from the second on
  assert.deepEqual(tonesOf([0, ...square(1950, 2000, 20)], 100000), [['start', 0, 4000], ['end', 41950]]);
  // a stop that leaves the pin high, then sets it low 100 cycles on: the tone ends at its last toggle
  assert.deepEqual(tonesOf([...square(0, 4000, 10), 40100], 200000), [['start', 0, 2000], ['end', 40000]]);
});
