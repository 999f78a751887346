// tests/web/exhaustive_worker.mjs - a worker of tests/web/test_exhaustive.mjs, the
// exhaustive proof on the second emulator: every strategy
// of the person, as X and as O, played through the buttons and read from the LEDs of the
// avr8js shield (build/web/shield.mjs) running the real image; every AI reply on the LEDs
// must be one of the perfect moves (same result in as few plies to a win, as many to a
// loss: a negamax of its own here, independent of the firmware), and the person never
// wins. No fork() in JavaScript, so the tree is walked by replay: each game starts on a
// fresh board (fresh EEPROM, so the AI's draws, which follow the time of every event,
// repeat exactly for the same presses), plays a known person line to a node, then the
// lowest free cell to the end; each node met past the line queues its other person moves
// as new lines. A replayed line whose AI replies differ from those it was found with fails.
// In misère (task.rule 'misere': the console's `game misere` on each fresh board) a line
// loses: the negamax scores it so, and the person's win is the AI's line.
// workerData: { shieldUrl, image, task: { side, firsts, rule } }; posts its counts and
// failures.
import { parentPort, workerData } from 'node:worker_threads';

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
// the n-th mark is 10 - n, a loss -(10 - n), a draw 0. Misère: the line of the n-th mark
// loses, so the side to move has won with it.
const MISERE = workerData.task.rule === 'misere';
const memo = new Map();
function score(x, o) {
  const key = x * 512 + o;
  if (memo.has(key)) return memo.get(key);
  const n = popc(x | o), xToMove = n % 2 === 0;
  let best;
  if (winCells(xToMove ? o : x)) best = MISERE ? 10 - n : n - 10;
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

// ---- a worker: a fresh board for every game ----------------------------------------

const parse = (s) => {
  const p = { x: 0, o: 0, y: 0, blink: 0 };
  for (let i = 0; i < 9; i++) {
    let c = s[i];
    if (c >= 'A' && c <= 'Z') { p.blink |= 1 << i; c = c.toLowerCase(); }
    if (c === 'r') p.x |= 1 << i; else if (c === 'g') p.o |= 1 << i; else if (c === 'y') p.y |= 1 << i;
  }
  return p;
};

// The games of one task (a side and its first person moves), replayed on fresh boards.
class Games {
  constructor(api, task, image) {
    this.api = api;
    this.task = task;
    this.humanX = task.side === 'x';
    this.who = `person ${task.side.toUpperCase()}`;
    this.img = api.parseImage(new Uint8Array(image));
    this.pastBlink = api.msToCycles(api.TIMINGS.BLINK_MAX_MS); // a picture steady this long
    this.r = { side: task.side, games: 0, wins: 0, draws: 0, losses: 0, moves: 0, checked: 0, cycles: 0, failures: [] };
    this.b = null; // a fresh board for every game
    this.line = '';
    this.opening = null;
    this.queue = task.firsts.map((c) => ({ line: [c], replies: [] }));
  }

  fail(msg) { this.r.failures.push(msg); throw new Error(msg); }

  step() {
    if (this.b.runUntil(this.b.now() + this.api.WINDOW_CYCLES) < 0) this.fail(`the chip stopped: ${this.b.status.crashReason}`);
  }

  press(cell, ms) {
    const b = this.b;
    b.setKeys(b.keys | (1 << cell));
    if (b.runMs(ms) < 0) this.fail(`the chip stopped: ${b.status.crashReason}`);
    b.setKeys(b.keys & ~(1 << cell));
  }

  waitFor(what, pred, ms) {
    const b = this.b, end = b.now() + this.api.msToCycles(ms);
    while (b.now() < end) {
      this.step();
      if (b.stable() && pred(parse(b.picture))) return parse(b.picture);
    }
    this.fail(`${what}: not seen within ${ms} ms (picture ${b.picture})`);
  }

  // the start of a game: empty (person X) or the AI's first X alone, steady
  gameStart(what) {
    if (this.humanX) return this.waitFor(what, (p) => !p.x && !p.o && !p.y && !p.blink, 3000);
    const p = this.waitFor(what, (q) => !q.y && !q.blink && popc(q.x) === 1 && !q.o &&
      this.b.now() - this.b.pictureSince >= this.pastBlink, 3000);
    if (!(p.x & perfect(0, 0))) this.fail(`person O: the AI opened with ${p.x.toString(2)}, not a perfect move`);
    this.r.checked++;
    return p;
  }

  // one person move (board_press + sim_proofs.c human_move): 1 = goes on, 0 = over
  humanMove(cell, pos) {
    const b = this.b;
    const h = { x: pos.x, o: pos.o };
    if (this.humanX) h.x |= 1 << cell; else h.o |= 1 << cell;
    this.press(cell, this.api.PRESS_MS);
    this.r.moves++;
    const end = b.now() + this.api.msToCycles(4000);
    while (b.now() < end) {
      this.step();
      if (!b.stable()) continue;
      const verdict = this.afterMove(parse(b.picture), cell, pos, h);
      if (verdict >= 0) return verdict;
    }
    this.fail(`${this.who}: no reply after pressing ${cell + 1} on ${boardText(pos.x, pos.o)} (picture ${b.picture})`);
  }

  // A stable picture after the person's move on `pos` (h: with it): -1 = not settled yet,
  // 1 = the AI replied (pos updated), 0 = the game is over.
  afterMove(p, cell, pos, h) {
    const b = this.b, humanX = this.humanX;
    const mine = humanX ? p.x : p.o, theirs = humanX ? p.o : p.x;
    const mine0 = humanX ? pos.x : pos.o, theirs0 = humanX ? pos.o : pos.x;
    if (p.y || !legal(p.x, p.o) || (p.x & pos.x) !== pos.x || (p.o & pos.o) !== pos.o ||
        (mine & ~mine0 & ~(1 << cell)) || popc(theirs & ~theirs0) > 1)
      this.fail(`${this.who}: illegal or inconsistent picture ${b.picture} after pressing ${cell + 1} on ${boardText(pos.x, pos.o)}`);
    if (!(mine & (1 << cell))) return -1; // the tap is not taken yet
    const aiNew = theirs & ~theirs0;
    const wx = winCells(p.x), wo = winCells(p.o);
    if (wx || wo || full(p.x, p.o)) {
      if (p.blink !== (wx || wo || 0x1ff)) return -1; // the end picture is settling
      this.checkAi(aiNew, h);
      this.gameOver((humanX ? wx !== 0 : wo !== 0) !== MISERE, wx || wo);
      return 0;
    }
    if (popc(p.x | p.o) === popc(h.x | h.o) + 1 && !p.blink && b.now() - b.pictureSince >= this.pastBlink) {
      this.checkAi(aiNew, h);
      pos.x = p.x;
      pos.o = p.o;
      return 1;
    }
    return -1;
  }

  checkAi(aiNew, h) {
    if (!aiNew) return;
    if (!(aiNew & perfect(h.x, h.o)))
      this.fail(`${this.who}: the AI answered ${boardText(h.x, h.o)} with ${this.b.picture}, not one of the perfect moves ${perfect(h.x, h.o).toString(2)}`);
    this.r.checked++;
  }

  gameOver(humanWon, someoneWon) {
    const r = this.r;
    r.games++;
    if (someoneWon) {
      if (humanWon) { r.losses++; this.fail(`${this.who} won: ${this.b.picture}`); }
      r.wins++;
    } else {
      r.draws++;
    }
  }

  // A fresh board to the start of a game (person O: the AI's opening, the same each time).
  newGame() {
    const api = this.api;
    this.b = new api.Shield(this.img.flash, { pins: api.PINS });
    this.b.onLine = (l) => { this.line = l; };
    this.b.runMs(0);
    this.waitFor('boot', (p) => !p.x && !p.o && !p.y && !p.blink, 4000);
    if (MISERE) {
      this.b.serialLine('game misere');
      this.b.runMs(300);
      if (this.line !== 'new: vs ai, you x, level perfect, misere') this.fail(`game misere: the board said ${this.line}`);
    }
    const pos = { x: 0, o: 0 };
    if (!this.humanX) {
      const { open, cell_of: cellOf } = api.MENU; // the menu table's (menu.h), cells 1-9
      this.press(open.cell - 1, open.hold_ms + 500); // the centre held past its hold opens the menu,
      this.b.runMs(1000);
      this.press(cellOf.mode_ai_o - 1, api.PRESS_MS); // a tap a second later chooses you O,
      this.b.runMs(1000);
      // and a tap on it again picks it: the person plays O, the AI starts
      this.press(cellOf.mode_ai_o - 1, api.PRESS_MS);
      Object.assign(pos, this.gameStart('person O: the AI\'s first move after the menu\'s you O'));
      if (this.opening !== null && pos.x !== this.opening)
        this.fail(`person O: the AI opened with ${pos.x.toString(2)} on a fresh board, ${this.opening.toString(2)} before`);
      this.opening = pos.x;
    }
    return pos;
  }

  // One game on a fresh board: the person plays `job.line`, then the lowest free cell;
  // `job.replies` are the AI's replies the line was found with (checked again). Every
  // node past the line queues its other person moves.
  playGame(job) {
    const pos = this.newGame();
    const persons = [], replies = [];
    const lineText = () => job.line.map((c) => c + 1).join(' ');
    for (let k = 0; ; k++) {
      const free = 0x1ff & ~(pos.x | pos.o);
      if (k === 0 && !this.humanX && !((free >> job.line[0]) & 1)) return; // the AI's opening cell
      if (k < job.line.length && !((free >> job.line[k]) & 1))
        this.fail(`${this.who}: line ${lineText()}: cell ${job.line[k] + 1} is taken on replay`);
      const cell = k < job.line.length ? job.line[k] : Math.log2(free & -free);
      if (k >= job.line.length)
        for (let c = 0; c < 9; c++)
          if (c !== cell && ((free >> c) & 1)) this.queue.push({ line: persons.concat([c]), replies: replies.slice() });
      persons.push(cell);
      const before = pos.x | pos.o;
      if (!this.humanMove(cell, pos)) break;
      replies.push(Math.log2((pos.x | pos.o) & ~before & ~(1 << cell)));
      if (k < job.replies.length && replies[k] !== job.replies[k])
        this.fail(`${this.who}: line ${lineText()}: the AI replied ${replies[k] + 1} on replay, ${job.replies[k] + 1} before (its draws must repeat on a fresh board)`);
    }
    if (this.b.status.wdtResets || this.b.status.resets !== 1) this.fail(`an unexpected reset (last line: ${this.line})`);
    this.r.cycles += this.b.now();
  }

  run() {
    try {
      while (this.queue.length) this.playGame(this.queue.pop());
    } catch (e) {
      if (!this.r.failures.length) this.r.failures.push(String(e.stack || e));
    }
    return this.r;
  }
}

// ---- fading marks (task.rule 'fading'): every state the person can reach ------------
// The AI at level perfect plays one move per state (the queues oldest first and the side
// to move), so a breadth-first walk over the states the person reaches covers them all:
// each (state, person cell) is one game on a fresh board through the console (`game
// fading`, `new o`, `move N`, the `ai: N` replies), replaying the shortest known line to
// the state (its replies checked again); every AI reply must be one of the perfect moves
// of the Python reference's answers (task.reference: build/variants/reference_fading.txt,
// "MOVER XQUEUE OQUEUE MOVE BEST OUTCOME"), and the person may win only from a state the
// reference says the person to move wins. The rule: a cell empty when chosen; the mover's
// oldest mark goes when it has three.
const KEEP = 3, FADE_PLY_LIMIT = 60;
const fadeKey = (st) => `${st.mover} ${st.xq.join('') || '-'} ${st.oq.join('') || '-'}`;
const fadeMask = (q) => q.reduce((m, c) => m | (1 << c), 0);
function fadePlay(st, cell) {
  const mine = st.mover === 'x' ? st.xq : st.oq;
  const kept = (mine.length === KEEP ? mine.slice(1) : mine).concat([cell]);
  const plies = st.plies + 1;
  return st.mover === 'x' ? { mover: 'o', xq: kept, oq: st.oq, plies } : { mover: 'x', xq: st.xq, oq: kept, plies };
}
// the side that moved last has a line, or the draw rule's last mark
const fadeWon = (st) => winCells(fadeMask(st.mover === 'x' ? st.oq : st.xq)) !== 0;
const fadeOver = (st) => fadeWon(st) || st.plies >= FADE_PLY_LIMIT;
function fadeReference(text) {
  const ref = new Map();
  for (const line of text.split('\n')) {
    const f = line.split(' ');
    if (f.length === 6) ref.set(`${f[0]} ${f[1]} ${f[2]}`, { best: parseInt(f[4], 16), result: f[5][0] });
  }
  return ref;
}

class FadingWalk extends Games {
  constructor(api, task, image) {
    super(api, task, image);
    this.ref = fadeReference(task.reference);
    this.lines = [];
    Object.assign(this.r, { states: 0, personMoves: 0, personWins: 0 });
  }

  // send `text` and run until a line starting with `prefix`: that line
  console(text, prefix, ms) {
    const from = this.lines.length, end = this.b.now() + this.api.msToCycles(ms);
    if (text) this.b.serialLine(text);
    while (this.b.now() < end) {
      this.step();
      const line = this.lines.slice(from).find((l) => l.startsWith(prefix));
      if (line) return line;
    }
    this.fail(`${this.who}: no '${prefix}' line within ${ms} ms after '${text}'`);
  }

  // the AI's reply on st (the AI to move), checked against the reference: the state after it
  aiReply(st, text) {
    const a = Number(this.console(text, 'ai: ', 2000).slice(4, 5)) - 1, ref = this.ref.get(fadeKey(st));
    if (!ref || !((ref.best >> a) & 1))
      this.fail(`${this.who}: the AI answered ${a + 1} on ${fadeKey(st)}, not one of the reference's perfect moves ${ref ? ref.best.toString(16) : '(a state it lacks)'}`);
    this.r.checked++;
    return { next: fadePlay(st, a), cell: a };
  }

  // a fresh board in fading, the person O: the state after the AI's opening
  newFading() {
    this.b = new this.api.Shield(this.img.flash, { pins: this.api.PINS });
    this.lines = [];
    this.b.onLine = (l) => { this.lines.push(l); };
    this.b.runMs(0);
    this.waitFor('boot', (p) => !p.x && !p.o && !p.y && !p.blink, 4000);
    this.console('game fading', 'game: fading', 1000);
    return this.aiReply({ mover: 'x', xq: [], oq: [], plies: 0 }, 'new o').next;
  }

  // One person cell on st through the console: { st, reply } (reply -1: the game ended).
  personMove(st, cell) {
    const before = this.ref.get(fadeKey(st)), next = fadePlay(st, cell);
    this.r.moves++;
    if (fadeOver(next)) {
      this.b.serialLine(`move ${cell + 1}`);
      if (fadeWon(next)) {
        this.r.personWins++;
        if (!before || before.result !== 'W') this.fail(`${this.who} won from ${fadeKey(st)}, where the reference says the AI holds`);
      }
      return { st: next, reply: -1 };
    }
    const { next: after, cell: reply } = this.aiReply(next, `move ${cell + 1}`);
    return { st: after, reply };
  }

  // One game: the job's line (its replies as found before), then its last cell; queues the
  // cells of a state met for the first time.
  playJob(job, seen) {
    let st = this.newFading();
    const replies = [];
    for (const [k, cell] of job.line.entries()) {
      const m = this.personMove(st, cell);
      st = m.st;
      replies.push(m.reply);
      if (k < job.replies.length && m.reply !== job.replies[k])
        this.fail(`${this.who}: line ${job.line.map((c) => c + 1).join(' ')}: the AI replied ${m.reply + 1} on replay, ${job.replies[k] + 1} before`);
    }
    this.r.cycles += this.b.now();
    this.r.personMoves++;
    if (fadeOver(st)) this.countEnd(st);
    else if (!seen.has(fadeKey(st))) this.queueState(st, job.line, replies, seen);
  }

  countEnd(st) {
    const lastMover = st.mover === 'x' ? 'o' : 'x';
    this.r.games++;
    if (!fadeWon(st)) this.r.draws++;
    else if (lastMover === this.task.side) this.r.losses++; // checked against the reference in personMove
    else this.r.wins++;
  }

  queueState(st, line, replies, seen) {
    seen.add(fadeKey(st));
    this.r.states++;
    const taken = fadeMask(st.xq) | fadeMask(st.oq);
    for (let c = 0; c < 9; c++)
      if (!((taken >> c) & 1)) this.queue.push({ line: line.concat([c]), replies });
  }

  run() {
    try {
      const seen = new Set();
      this.queue = [];
      this.queueState(this.newFading(), [], [], seen);
      while (this.queue.length) this.playJob(this.queue.shift(), seen);
    } catch (e) {
      if (!this.r.failures.length) this.r.failures.push(String(e.stack || e));
    }
    return this.r;
  }
}

const api = await import(workerData.shieldUrl);
const Walk = workerData.task.rule === 'fading' ? FadingWalk : Games;
parentPort.postMessage(new Walk(api, workerData.task, workerData.image).run());
