// tests/web/test_exhaustive.mjs - the exhaustive proof on the second emulator: every
// strategy of the person, as X and as O (misère: as O, below), played through the buttons and read from the
// LEDs of the avr8js shield (build/web/shield.mjs) running the real image; every AI reply
// on the LEDs must be one of the perfect moves (a negamax of its own, independent of the
// firmware), and the person never wins. The games are replayed in workers
// (exhaustive_worker.mjs, which says how), JOBS of them per side (default: up to 2).
// Usage: WEB_MODEL=SHIELD.mjs FW_HEX=IMAGE [JOBS=N] [RULE=misere | RULE=fading
// REF_FADING=reference_fading.txt] node --test test_exhaustive.mjs
// Reports the counts and web_exhaustive_seconds (web_exhaustive_misere_seconds,
// web_exhaustive_fading_seconds) as diagnostics.
import { Worker } from 'node:worker_threads';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import test from 'node:test';
import assert from 'node:assert/strict';
import { inputs } from './inputs.mjs';

const [shieldPath, imagePath] = inputs('WEB_MODEL', 'FW_HEX');
const jobs = Number(process.env.JOBS) || Math.max(1, Math.min(2, os.cpus().length));
const rule = ['misere', 'fading'].includes(process.env.RULE) ? process.env.RULE : 'normal';
const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'exhaustive_worker.mjs');
const image = fs.readFileSync(imagePath);
const t0 = Date.now();

// One worker's games: its counts and failures (a worker that dies is a failure).
const runTask = (task) => new Promise((resolve) => {
  const worker = new Worker(WORKER, { workerData: { shieldUrl: pathToFileURL(shieldPath).href, image, task } });
  let result = null;
  worker.on('message', (r) => { result = r; });
  worker.on('error', (e) => { result = { side: task.side, games: 0, failures: [`worker: ${e.stack || e}`] }; });
  worker.on('exit', () => resolve(result || { side: task.side, games: 0, failures: ['worker: no result'] }));
});

// Misère on avr8js: the person as O only (the AI as X), about a third of the games of
// both sides (5 min less of one core; CI's limit): simavr's test-sim-exhaustive-misere
// proves both sides on the same image, and this emulator's buttons and LEDs are proved
// for both sides by the normal game's run; what this adds is misère's every reply of
// the AI as X, its table and rule, on the second emulator.
// Fading marks on avr8js (RULE=fading, REF_FADING: the Python reference's answers,
// build/variants/reference_fading.txt): every state the person can reach as O, 30 states
// and 127 person moves, each a game on a fresh board replaying its shortest line (754
// moves in all), in one worker (the walk is breadth-first). The person as X reaches
// 1,278 states, 4,002 person moves, 67,728 replayed moves: too slow for CI here;
// simavr's test-sim-fading proves both sides on the same image, forked.
const sides = rule === 'normal' ? ['x', 'o'] : ['o'];
const reference = rule === 'fading' ? fs.readFileSync(inputs('REF_FADING')[0], 'utf8') : null;
const tasksOf = (side) => (rule === 'fading' ? [{ side, rule, firsts: [], reference }]
  : Array.from({ length: jobs }, (_, w) => ({ side, rule, firsts: [...Array(9).keys()].filter((c) => c % jobs === w) })));
for (const side of sides)
  test(`${rule}, person ${side.toUpperCase()}: every strategy, never beaten, every AI reply perfect`, async (t) => {
    const rs = await Promise.all(tasksOf(side).map(runTask));
    const sum = (k) => rs.reduce((s, r) => s + (r[k] || 0), 0);
    t.diagnostic(`games ${sum('games')}, board wins ${sum('wins')}, draws ${sum('draws')}, ` +
      `board losses ${sum('losses')}, person moves ${sum('moves')}, AI replies checked perfect ${sum('checked')}, ` +
      `simulated ${(sum('cycles') / 16e6).toFixed(0)} s`);
    if (rule === 'fading')
      t.diagnostic(`states ${sum('states')}, (state, person cell) pairs ${sum('personMoves')}, person wins ${sum('personWins')}`);
    assert.deepEqual(rs.flatMap((r) => r.failures).slice(0, 5), []);
    assert.ok(sum('games') > 0, 'no game played');
    t.diagnostic(`web_exhaustive${rule === 'normal' ? '' : `_${rule}`}_seconds ${((Date.now() - t0) / 1000).toFixed(1)}`);
  });
