// tests/web/test_sound.mjs - the sound's pure parts, in Node: wav.js's resampler against
// the rule of sim/README.md ("Sound: the sounder pin as a WAV") computed another way (each
// sample's bounds from BigInt products, its high cycles summed over the edges), on random
// edges and on a planted wrong clock; the WAV header; sound.js's EdgeTones on a square, a
// lone edge, a change of frequency with no gap and a tone that stops toggling.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../sim/web');
const F_CPU = 16000000;

// wav.js and sound.js bundled as the page bundles them (esbuild), into one module
async function load() {
  const esbuild = createRequire(path.join(WEB, 'package.json'))('esbuild');
  const out = await esbuild.build({
    stdin: {
      contents: "export * from './wav.js';\nexport { EdgeTones } from './sound.js';\n",
      resolveDir: path.join(WEB, 'src'),
    },
    bundle: true, format: 'esm', write: false, logLevel: 'silent',
  });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sound-')), 'sound.mjs');
  fs.writeFileSync(file, out.outputFiles[0].text);
  return import(pathToFileURL(file).href);
}
const M = await load();

// the rule, sample by sample: edges [[cycle, high]] (the pin low before the first)
function reference(edges, end, fCpu) {
  const b = (n) => Number((BigInt(n) * BigInt(fCpu)) / 44100n);
  const out = [];
  for (let n = 0; b(n + 1) <= end; n++) {
    const lo = b(n), hi = b(n + 1);
    let high = 0, level = false, at = 0;
    for (const [c, h] of [...edges, [Infinity, false]]) {
      const x = Math.max(lo, Math.min(hi, at)), y = Math.max(lo, Math.min(hi, c));
      if (level) high += y - x;
      level = h;
      at = c;
    }
    out.push(Math.floor((2 * 16384 * high + (hi - lo)) / (2 * (hi - lo))));
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

test('the resampler follows the rule, sample by sample', () => {
  for (const seed of [1, 2, 3]) {
    const { edges, end } = randomEdges(seed);
    const want = reference(edges, end, F_CPU);
    assert.deepEqual(resample(edges, end, F_CPU), want);
    // planted: a clock 1 Hz off gives other bounds, other samples
    assert.notDeepEqual(resample(edges, end, F_CPU + 1), want);
  }
});

test('a high pin is 16384, a low one 0, and half a sample high rounds half up', () => {
  const s = resample([[0, true], [16000000, false]], 32000000, F_CPU);
  assert.equal(s.length, 88200);
  assert.ok(s.slice(0, 44100).every((v) => v === 16384) && s.slice(44100).every((v) => v === 0));
  // sample 0 spans cycles [0, 362): 181 of them high is exactly half
  assert.deepEqual(resample([[181, true]], 362, F_CPU), [8192]);
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
  // a stop that leaves the pin high, then sets it low 100 cycles on: the tone ends at its last toggle
  assert.deepEqual(tonesOf([...square(0, 4000, 10), 40100], 200000), [['start', 0, 2000], ['end', 40000]]);
});
