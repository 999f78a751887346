// tests/web/exhaustive.mjs - the exhaustive proof on the second emulator: every strategy
// of the person, as X (585 games) and as O (73), played through the buttons and read
// from the LEDs of the avr8js shield (build/web/shield.mjs) running the real image. No
// fork() in JavaScript, so instead of branching a running chip the games are listed
// first (the tree of every person strategy against the engine's replies, asked of the
// host judge CLI `ttt move`) and each is played from a fresh game on one board per
// worker; every AI reply on the LEDs must be the engine's move, and the person never wins.
// Usage: node exhaustive.mjs SHIELD.mjs IMAGE TTT_CLI [--sample K] [--jobs N]
//   --sample K  only every K-th game of each side (deterministic), for `make test`
// Prints counts and web_exhaustive_seconds; exit status 1 on any failure.
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { pathToFileURL, fileURLToPath } from 'node:url';

const LINES = [0x007, 0x038, 0x1c0, 0x049, 0x092, 0x124, 0x111, 0x054];
const popc = (m) => { let n = 0; for (; m; m &= m - 1) n++; return n; };
const winCells = (m) => LINES.reduce((w, l) => ((m & l) === l ? w | l : w), 0);
const full = (x, o) => (x | o) === 0x1ff;
function legal(x, o) {
  if (x & o) return false;
  const nx = popc(x), no = popc(o);
  if (nx !== no && nx !== no + 1) return false;
  const wx = winCells(x) !== 0, wo = winCells(o) !== 0;
  if (wx && wo) return false;
  if (wx && nx !== no + 1) return false;
  if (wo && nx !== no) return false;
  return true;
}
const boardText = (x, o) => Array.from({ length: 9 }, (_, i) => ((x >> i) & 1 ? 'x' : (o >> i) & 1 ? 'o' : '.')).join('');

// ---- main thread: list the games, hand them to workers, count ----------------------

function listGames(ttt) {
  const cache = new Map();
  const engineMove = (x, o) => {
    const key = boardText(x, o);
    if (!cache.has(key)) cache.set(key, Number(execFileSync(ttt, ['move', key]).toString().trim()));
    return cache.get(key);
  };
  // every person strategy from (x, o), person to move: a game = its person cells
  const walk = (humanX, x, o, moves, games) => {
    for (let c = 0; c < 9; c++) {
      if (((x | o) >> c) & 1) continue;
      let hx = humanX ? x | (1 << c) : x, ho = humanX ? o : o | (1 << c);
      const seq = moves.concat([c]);
      if (winCells(hx) || winCells(ho) || full(hx, ho)) { games.push(seq); continue; }
      const ai = engineMove(hx, ho);
      if (humanX) ho |= 1 << ai; else hx |= 1 << ai;
      if (winCells(hx) || winCells(ho) || full(hx, ho)) games.push(seq);
      else walk(humanX, hx, ho, seq, games);
    }
    return games;
  };
  const aiFirst = engineMove(0, 0);
  return {
    x: walk(true, 0, 0, [], []),
    o: walk(false, 1 << aiFirst, 0, [], []),
    aiFirst,
    moves: Object.fromEntries(cache),
  };
}

async function main() {
  const args = process.argv.slice(2);
  const opt = (name, def) => {
    const i = args.indexOf(name);
    if (i < 0) return def;
    const v = Number(args[i + 1]);
    args.splice(i, 2);
    return v;
  };
  const sample = opt('--sample', 1);
  const jobs = opt('--jobs', Math.max(1, Math.min(2, os.cpus().length)));
  const [shieldPath, imagePath, ttt] = args;
  if (!ttt) {
    console.error('usage: node exhaustive.mjs SHIELD.mjs IMAGE TTT_CLI [--sample K] [--jobs N]');
    process.exit(2);
  }
  const t0 = Date.now();
  const list = listGames(ttt);
  const pick = (games) => games.filter((_, i) => i % sample === 0);
  const plan = { x: pick(list.x), o: pick(list.o) };
  const tasks = [];
  for (const side of ['x', 'o'])
    for (let w = 0; w < jobs; w++) {
      const games = plan[side].filter((_, i) => i % jobs === w);
      if (games.length) tasks.push({ side, games });
    }
  const image = fs.readFileSync(imagePath);
  const results = [];
  const runTask = (task) => new Promise((resolve) => {
    const worker = new Worker(fileURLToPath(import.meta.url), {
      workerData: { shieldUrl: pathToFileURL(shieldPath).href, image, task, moves: list.moves,
        aiFirst: list.aiFirst },
    });
    worker.on('message', (r) => results.push(r));
    worker.on('error', (e) => { results.push({ side: task.side, games: 0, wins: 0, draws: 0, losses: 0, moves: 0, cycles: 0, failures: [`worker: ${e.stack || e}`] }); });
    worker.on('exit', resolve);
  });
  // two sides x jobs tasks, at most `jobs` at once
  const queue = tasks.slice();
  await Promise.all(Array.from({ length: jobs }, async () => {
    while (queue.length) await runTask(queue.shift());
  }));
  let ok = true;
  for (const side of ['x', 'o']) {
    const rs = results.filter((r) => r.side === side);
    const sum = (k) => rs.reduce((s, r) => s + r[k], 0);
    const failures = rs.flatMap((r) => r.failures);
    const want = plan[side].length;
    const all = list[side].length;
    const games = sum('games');
    console.log(`web_exhaustive: person ${side.toUpperCase()}: games ${games} of ${want}` +
      `${sample > 1 ? ` (every ${sample}th of the ${all} in the engine's tree)` : ` (the engine's tree has ${all})`}` +
      `, board wins ${sum('wins')}, draws ${sum('draws')}, board losses ${sum('losses')}, ` +
      `person moves ${sum('moves')}, simulated ${(sum('cycles') / 16e6).toFixed(0)} s, failures ${failures.length}`);
    if (failures.length || games !== want) {
      ok = false;
      for (const f of failures.slice(0, 5)) console.log(`web_exhaustive: FAILED: ${f}`);
      if (!failures.length) console.log(`web_exhaustive: FAILED: ${games} games played, ${want} planned`);
    }
  }
  const secs = (Date.now() - t0) / 1000;
  console.log(`web_exhaustive_seconds ${secs.toFixed(1)}`);
  if (ok)
    console.log(`web_exhaustive: ok (avr8js: ${sample > 1 ? 'a deterministic sample of the person strategies' : 'every strategy of the person'}, as X and as O, never beats the board; every AI reply on the LEDs is the engine's move)`);
  process.exit(ok ? 0 : 1);
}

// ---- worker: one board, a list of games ---------------------------------------------

async function worker() {
  const {
    Shield, parseImage, PINS, msToCycles, WINDOW_CYCLES, PRESS_MS, LONG_MS, TIMINGS,
  } = await import(workerData.shieldUrl);
  const pastBlink = msToCycles(TIMINGS.BLINK_MAX_MS); // a picture steady this long
  const { task, moves, aiFirst } = workerData;
  const humanX = task.side === 'x';
  const engine = (x, o) => moves[boardText(x, o)];
  const r = { side: task.side, games: 0, wins: 0, draws: 0, losses: 0, moves: 0, cycles: 0, failures: [] };
  const fail = (msg) => { r.failures.push(msg); throw new Error(msg); };
  const img = parseImage(new Uint8Array(workerData.image));
  const b = new Shield(img.flash, { pins: PINS });
  const step = () => {
    if (b.runUntil(b.now() + WINDOW_CYCLES) < 0) fail(`the chip stopped: ${b.status.crashReason}`);
  };
  const press = (cell, ms) => {
    b.setKeys(b.keys | (1 << cell));
    if (b.runMs(ms) < 0) fail(`the chip stopped: ${b.status.crashReason}`);
    b.setKeys(b.keys & ~(1 << cell));
  };
  const parse = (s) => {
    const p = { x: 0, o: 0, y: 0, blink: 0 };
    for (let i = 0; i < 9; i++) {
      let c = s[i];
      if (c >= 'A' && c <= 'Z') { p.blink |= 1 << i; c = c.toLowerCase(); }
      if (c === 'r') p.x |= 1 << i; else if (c === 'g') p.o |= 1 << i; else if (c === 'y') p.y |= 1 << i;
    }
    return p;
  };
  const waitFor = (what, pred, ms) => {
    const end = b.now() + msToCycles(ms);
    while (b.now() < end) {
      step();
      if (b.stable() && pred(parse(b.picture))) return parse(b.picture);
    }
    fail(`${what}: not seen within ${ms} ms (picture ${b.picture})`);
  };
  // the start of a game: empty (person X) or the AI's first X alone, steady
  const gameStart = (what) => {
    if (humanX) return waitFor(what, (p) => !p.x && !p.o && !p.y && !p.blink, 3000);
    const p = waitFor(what, (q) => !q.y && !q.blink && popc(q.x) === 1 && !q.o &&
      b.now() - b.pictureSince >= pastBlink, 3000);
    if (p.x !== 1 << aiFirst) fail(`person O: the AI opened with ${p.x.toString(2)}, the engine says cell ${aiFirst + 1}`);
    return p;
  };
  // one person move (board_press + sim_proofs.c human_move): 1 = goes on, 0 = over
  const humanMove = (cell, pos) => {
    let hx = pos.x, ho = pos.o;
    if (humanX) hx |= 1 << cell; else ho |= 1 << cell;
    press(cell, PRESS_MS);
    r.moves++;
    const end = b.now() + msToCycles(4000);
    while (b.now() < end) {
      step();
      if (!b.stable()) continue;
      const p = parse(b.picture);
      const mine = humanX ? p.x : p.o, theirs = humanX ? p.o : p.x;
      const mine0 = humanX ? pos.x : pos.o, theirs0 = humanX ? pos.o : pos.x;
      if (p.y || !legal(p.x, p.o) || (p.x & pos.x) !== pos.x || (p.o & pos.o) !== pos.o ||
          (mine & ~mine0 & ~(1 << cell)) || popc(theirs & ~theirs0) > 1)
        fail(`person ${task.side.toUpperCase()}: illegal or inconsistent picture ${b.picture} after pressing ${cell + 1} on ${boardText(pos.x, pos.o)}`);
      if (!(mine & (1 << cell))) continue; // the tap is not taken yet
      const aiNew = theirs & ~theirs0;
      const checkAi = () => {
        if (aiNew && aiNew !== 1 << engine(hx, ho))
          fail(`person ${task.side.toUpperCase()}: the AI answered ${boardText(hx, ho)} with ${b.picture}, the engine says cell ${engine(hx, ho) + 1}`);
      };
      const wx = winCells(p.x), wo = winCells(p.o);
      if (wx || wo || full(p.x, p.o)) {
        if (p.blink !== (wx || wo || 0x1ff)) continue; // the end picture is settling
        checkAi();
        r.games++;
        const humanWon = humanX ? wx !== 0 : wo !== 0;
        if (wx || wo) {
          if (humanWon) { r.losses++; fail(`person ${task.side.toUpperCase()} won: ${b.picture}`); }
          r.wins++;
        } else {
          r.draws++;
        }
        return 0;
      }
      if (popc(p.x | p.o) === popc(hx | ho) + 1 && !p.blink &&
          b.now() - b.pictureSince >= pastBlink) {
        checkAi();
        pos.x = p.x;
        pos.o = p.o;
        return 1;
      }
    }
    fail(`person ${task.side.toUpperCase()}: no reply after pressing ${cell + 1} on ${boardText(pos.x, pos.o)} (picture ${b.picture})`);
  };
  try {
    let line = '';
    b.onLine = (l) => { line = l; };
    b.runMs(0);
    waitFor('boot', (p) => !p.x && !p.o && !p.y && !p.blink, 4000);
    if (!humanX) {
      press(1, LONG_MS); // a long press opens the menu,
      b.runMs(300);
      press(1, PRESS_MS); // and cell 2 picks: the person plays O, the AI starts
      gameStart('person O: the AI\'s first move after menu cell 2');
    }
    for (let g = 0; g < task.games.length; g++) {
      const pos = humanX ? { x: 0, o: 0 } : { x: 1 << aiFirst, o: 0 };
      const seq = task.games[g];
      for (let k = 0; k < seq.length; k++) {
        const goesOn = humanMove(seq[k], pos);
        if (goesOn !== (k < seq.length - 1 ? 1 : 0))
          fail(`person ${task.side.toUpperCase()}: game ${seq.map((c) => c + 1).join(' ')} ${goesOn ? 'went on' : 'ended'} after move ${k + 1}`);
      }
      // the game is over: the next short press starts a new one (and is not a move)
      b.runMs(300);
      press(4, PRESS_MS);
      gameStart(`a new game after ${seq.map((c) => c + 1).join(' ')}`);
      if (b.status.wdtResets || b.status.resets !== 1) fail(`an unexpected reset (last line: ${line})`);
    }
  } catch (e) {
    if (!r.failures.length) r.failures.push(String(e.stack || e));
  }
  r.cycles = b.now();
  parentPort.postMessage(r);
}

if (isMainThread) main(); else worker();
