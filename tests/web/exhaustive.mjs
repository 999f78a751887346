// tests/web/exhaustive.mjs - the exhaustive proof on the second emulator: every strategy
// of the person, as X and as O, played through the buttons and read from the LEDs of the
// avr8js shield (build/web/shield.mjs) running the real image; every AI reply on the LEDs
// must be one of the perfect moves (same result in as few plies to a win, as many to a
// loss: a negamax of its own here, independent of the firmware), and the person never
// wins. No fork() in JavaScript, so the tree is walked by replay: each game starts on a
// fresh board (fresh EEPROM, so the AI's draws, which follow the time of every event,
// repeat exactly for the same presses), plays a known person line to a node, then the
// lowest free cell to the end; each node met past the line queues its other person moves
// as new lines. A replayed line whose AI replies differ from those it was found with fails.
// Usage: node exhaustive.mjs SHIELD.mjs IMAGE [--jobs N]
// Prints counts and web_exhaustive_seconds; exit status 1 on any failure.
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
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

// Scores for the side to move in absolute plies (firmware/engine/README.md): a win with
// the n-th mark is 10 - n, a loss -(10 - n), a draw 0.
const memo = new Map();
function score(x, o) {
  const key = x * 512 + o;
  if (memo.has(key)) return memo.get(key);
  const n = popc(x | o), xToMove = n % 2 === 0;
  let best;
  if (winCells(xToMove ? o : x)) best = n - 10;
  else if (full(x, o)) best = 0;
  else {
    best = -100;
    for (let c = 0; c < 9; c++) {
      if (((x | o) >> c) & 1) continue;
      best = Math.max(best, -(xToMove ? score(x | (1 << c), o) : score(x, o | (1 << c))));
    }
  }
  memo.set(key, best);
  return best;
}
// Every perfect move of an unfinished position, as a mask.
function perfect(x, o) {
  const xToMove = popc(x | o) % 2 === 0, s = score(x, o);
  let cells = 0;
  for (let c = 0; c < 9; c++) {
    if (((x | o) >> c) & 1) continue;
    if (-(xToMove ? score(x | (1 << c), o) : score(x, o | (1 << c))) === s) cells |= 1 << c;
  }
  return cells;
}

// ---- main thread: one task per side and worker, each a set of first person moves -----

async function main() {
  const args = process.argv.slice(2);
  const opt = (name, def) => {
    const i = args.indexOf(name);
    if (i < 0) return def;
    const v = Number(args[i + 1]);
    args.splice(i, 2);
    return v;
  };
  const jobs = opt('--jobs', Math.max(1, Math.min(2, os.cpus().length)));
  const [shieldPath, imagePath] = args;
  if (!imagePath) {
    console.error('usage: node exhaustive.mjs SHIELD.mjs IMAGE [--jobs N]');
    process.exit(2);
  }
  const t0 = Date.now();
  const tasks = [];
  for (const side of ['x', 'o'])
    for (let w = 0; w < jobs; w++)
      tasks.push({ side, firsts: [...Array(9).keys()].filter((c) => c % jobs === w) });
  const image = fs.readFileSync(imagePath);
  const results = [];
  const runTask = (task) => new Promise((resolve) => {
    const worker = new Worker(fileURLToPath(import.meta.url), {
      workerData: { shieldUrl: pathToFileURL(shieldPath).href, image, task },
    });
    worker.on('message', (r) => results.push(r));
    worker.on('error', (e) => { results.push({ side: task.side, games: 0, wins: 0, draws: 0, losses: 0, moves: 0, checked: 0, cycles: 0, failures: [`worker: ${e.stack || e}`] }); });
    worker.on('exit', resolve);
  });
  const queue = tasks.slice();
  await Promise.all(Array.from({ length: jobs }, async () => {
    while (queue.length) await runTask(queue.shift());
  }));
  let ok = true;
  for (const side of ['x', 'o']) {
    const rs = results.filter((r) => r.side === side);
    const sum = (k) => rs.reduce((s, r) => s + r[k], 0);
    const failures = rs.flatMap((r) => r.failures);
    const games = sum('games');
    console.log(`web_exhaustive: person ${side.toUpperCase()}: games ${games}, board wins ${sum('wins')}, ` +
      `draws ${sum('draws')}, board losses ${sum('losses')}, person moves ${sum('moves')}, ` +
      `AI replies checked perfect ${sum('checked')}, simulated ${(sum('cycles') / 16e6).toFixed(0)} s, ` +
      `failures ${failures.length}`);
    if (failures.length || rs.length !== jobs || !games) {
      ok = false;
      for (const f of failures.slice(0, 5)) console.log(`web_exhaustive: FAILED: ${f}`);
      if (!failures.length) console.log(`web_exhaustive: FAILED: person ${side.toUpperCase()}: ${games} games from ${rs.length} of ${jobs} workers`);
    }
  }
  const secs = (Date.now() - t0) / 1000;
  console.log(`web_exhaustive_seconds ${secs.toFixed(1)}`);
  if (ok)
    console.log('web_exhaustive: ok (avr8js: every strategy of the person, as X and as O, never beats the board; every AI reply on the LEDs is a perfect move)');
  process.exit(ok ? 0 : 1);
}

// ---- worker: a fresh board for every game -------------------------------------------

async function worker() {
  const {
    Shield, parseImage, PINS, msToCycles, WINDOW_CYCLES, PRESS_MS, LONG_MS, TIMINGS,
  } = await import(workerData.shieldUrl);
  const pastBlink = msToCycles(TIMINGS.BLINK_MAX_MS); // a picture steady this long
  const { task } = workerData;
  const humanX = task.side === 'x';
  const r = { side: task.side, games: 0, wins: 0, draws: 0, losses: 0, moves: 0, checked: 0, cycles: 0, failures: [] };
  const fail = (msg) => { r.failures.push(msg); throw new Error(msg); };
  const img = parseImage(new Uint8Array(workerData.image));
  let b = null; // a fresh board for every game
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
    if (!(p.x & perfect(0, 0))) fail(`person O: the AI opened with ${p.x.toString(2)}, not a perfect move`);
    r.checked++;
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
        if (!aiNew) return;
        if (!(aiNew & perfect(hx, ho)))
          fail(`person ${task.side.toUpperCase()}: the AI answered ${boardText(hx, ho)} with ${b.picture}, not one of the perfect moves ${perfect(hx, ho).toString(2)}`);
        r.checked++;
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
  // One game on a fresh board: the person plays `line`, then the lowest free cell;
  // `replies` are the AI's replies the line was found with (checked again). Every node
  // past the line queues its other person moves. Returns the game's AI replies.
  let line = '', opening = null;
  const queue = task.firsts.map((c) => ({ line: [c], replies: [] }));
  const playGame = (job) => {
    b = new Shield(img.flash, { pins: PINS });
    b.onLine = (l) => { line = l; };
    b.runMs(0);
    waitFor('boot', (p) => !p.x && !p.o && !p.y && !p.blink, 4000);
    const pos = { x: 0, o: 0 };
    if (!humanX) {
      press(4, LONG_MS); // the centre's long press opens the menu,
      b.runMs(300);
      press(1, PRESS_MS); // a tap chooses cell 2,
      b.runMs(300);
      press(1, LONG_MS); // and a long press confirms: the person plays O, the AI starts
      Object.assign(pos, gameStart('person O: the AI\'s first move after menu cell 2'));
      if (opening !== null && pos.x !== opening)
        fail(`person O: the AI opened with ${pos.x.toString(2)} on a fresh board, ${opening.toString(2)} before`);
      opening = pos.x;
    }
    const persons = [], replies = [];
    for (let k = 0; ; k++) {
      const free = 0x1ff & ~(pos.x | pos.o);
      if (k === 0 && !humanX && !((free >> job.line[0]) & 1)) return; // the AI's opening cell
      if (k < job.line.length && !((free >> job.line[k]) & 1))
        fail(`person ${task.side.toUpperCase()}: line ${job.line.map((c) => c + 1).join(' ')}: cell ${job.line[k] + 1} is taken on replay`);
      const cell = k < job.line.length ? job.line[k] : Math.log2(free & -free);
      if (k >= job.line.length)
        for (let c = 0; c < 9; c++)
          if (c !== cell && ((free >> c) & 1)) queue.push({ line: persons.concat([c]), replies: replies.slice() });
      persons.push(cell);
      const before = pos.x | pos.o;
      const goesOn = humanMove(cell, pos);
      if (goesOn) {
        replies.push(Math.log2((pos.x | pos.o) & ~before & ~(1 << cell)));
        if (k < job.replies.length && replies[k] !== job.replies[k])
          fail(`person ${task.side.toUpperCase()}: line ${job.line.map((c) => c + 1).join(' ')}: the AI replied ${replies[k] + 1} on replay, ${job.replies[k] + 1} before (its draws must repeat on a fresh board)`);
      } else {
        break;
      }
    }
    if (b.status.wdtResets || b.status.resets !== 1) fail(`an unexpected reset (last line: ${line})`);
    r.cycles += b.now();
  };
  try {
    while (queue.length) playGame(queue.pop());
  } catch (e) {
    if (!r.failures.length) r.failures.push(String(e.stack || e));
  }
  parentPort.postMessage(r);
}

if (isMainThread) main(); else worker();
