// sim/web/src/cli.js - ttt-sim-js: build/sim/ttt-sim's twin on avr8js, with the same
// command line (`[--stdio] [--trace FILE.vcd] [--wav FILE.wav] [--stamps FILE] [IMAGE]`, IMAGE an
// ELF or Intel HEX, default build/avr/ttt.elf) and the same --stdio protocol, byte for
// byte: simulated time advances only inside press/hold/wait/duty. Without --stdio it is
// the terminal board (play.js). --wav writes the sounder pin's sound at the end (wav.js),
// --stamps each event at its cycle, as ttt-sim's. Bundled by sim/web/build.mjs into one
// Node script.
import fs from 'node:fs';
import { Shield, msToCycles, F_CPU, WINDOW_CYCLES, PRESS_MS, TAP_GAP_MS } from './shield.js';
import { parseImage } from './image.js';
import { Trace } from './trace.js';
import { runPlay } from './play.js';
import { PinResampler, wavBytes } from './wav.js';
import PINS from 'board-pins';

const DEFAULT_IMAGE = 'build/avr/ttt.elf';

// ---- output: collected, written at the end of each command (and when large) ----------

let out = [];
let outLen = 0;
function emit(line) {
  out.push(line + '\n');
  outLen += line.length + 1;
  if (outLen > 65536) flush();
}
function flush() {
  if (!out.length) return;
  const buf = Buffer.from(out.join(''), 'latin1');
  out = [];
  outLen = 0;
  let off = 0;
  while (off < buf.length) {
    try {
      off += fs.writeSync(1, buf, off);
    } catch (e) {
      if (e.code !== 'EAGAIN') throw e;
    }
  }
}

// ---- input: lines from fd 0, synchronously (fgets with a 1024-byte buffer) -----------

function* stdinLines() {
  const chunk = Buffer.alloc(65536);
  let pending = '';
  for (;;) {
    let n;
    try {
      n = fs.readSync(0, chunk, 0, chunk.length, null);
    } catch (e) {
      if (e.code === 'EAGAIN') {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
        continue;
      }
      if (e.code === 'EOF') n = 0;
      else throw e;
    }
    if (n === 0) break;
    pending += chunk.toString('latin1', 0, n);
    let nl;
    while ((nl = pending.indexOf('\n')) >= 0) {
      let line = pending.slice(0, nl + 1);
      pending = pending.slice(nl + 1);
      while (line.length > 1023) { // fgets: the rest comes as the next line
        yield line.slice(0, 1023);
        line = line.slice(1023);
      }
      yield line;
    }
  }
  while (pending.length > 1023) {
    yield pending.slice(0, 1023);
    pending = pending.slice(1023);
  }
  if (pending.length) yield pending;
}

// strtol(s, &end, 10) as C does it: returns [value, charsUsed] (charsUsed 0 = no number)
function strtol(s) {
  const m = /^[ \t\n\v\f\r]*[+-]?[0-9]+/.exec(s);
  if (!m) return [0, 0];
  const v = Number(m[0].trim());
  return [v, m[0].length];
}

function parseCell(s) {
  const [v, n] = strtol(s);
  if (!n || v < 1 || v > 9) return null;
  return { cell: v - 1, n };
}

// ---- --stdio ------------------------------------------------------------------------

// One --stdio session on `board`: command(line) runs one line; -1 when the chip stopped.
class Stdio {
  constructor(board) {
    this.board = board;
    this.printed = '';
    this.printedGhosts = '.........';
    this.releasedAt = -1; // the cycle of the last release (press, hold, up)
    board.onLine = (line) => emit(`serial ${line}`);
  }

  // after each window: a picture stable for 50 ms and new, a changed ghost map
  report() {
    const board = this.board;
    if (board.stable() && this.printed !== board.picture) {
      this.printed = board.picture;
      emit(`leds ${this.printed}`);
    }
    if (this.printedGhosts !== board.ghosts) {
      this.printedGhosts = board.ghosts;
      emit(`ghost ${this.printedGhosts}`);
    }
  }

  runMs(ms) {
    const board = this.board, end = board.now() + msToCycles(ms);
    while (board.now() < end) {
      const step = board.now() + WINDOW_CYCLES;
      if (board.runUntil(step < end ? step : end) < 0) {
        emit('error: simulated chip stopped (crash or sleep with interrupts off)');
        return -1;
      }
      this.report();
    }
    return 0;
  }

  // a press at the very instant of a release (`press A` then `press B`) comes TAP_GAP_MS
  // after it, as the front ends' quick taps do: the firmware sees the release alone first
  holdMs(cell, ms) {
    const board = this.board;
    if (board.now() === this.releasedAt && this.runMs(TAP_GAP_MS) < 0) return -1;
    board.setKeys(board.keys | (1 << cell));
    if (this.runMs(ms) < 0) return -1;
    board.setKeys(board.keys & ~(1 << cell));
    this.releasedAt = board.now();
    return 0;
  }

  // duty [MS]: MS ms measured, then each cell's dies and the shades (as ttt-sim's)
  duty(arg) {
    const board = this.board;
    const [ms, n] = arg ? strtol(arg.slice(1)) : [1536, 1];
    if (!n || (arg && n !== arg.length - 1) || ms < 100 || ms > 3600000) {
      emit('error: usage: duty [MS] (100-3600000, default 1536)');
      return 0;
    }
    board.meterStart();
    if (this.runMs(ms) < 0) return -1;
    for (let cell = 0; cell < 9; cell++) {
      const r = board.meterRead(2 * cell), g = board.meterRead(2 * cell + 1);
      emit(`duty ${cell + 1} red ${r.onPermille} ${r.litPermille} ${r.periodMs} ` +
        `green ${g.onPermille} ${g.litPermille} ${g.periodMs}`);
    }
    emit(`duty shades ${board.shades}`);
    return 0;
  }

  // `hold N MS` or `wait MS`'s MS: a number 0-3600000 and nothing after it, else null
  static ms(rest) {
    const [ms, n] = strtol(rest);
    return !n || n !== rest.length || ms < 0 || ms > 3600000 ? null : ms;
  }

  // down N [N ...], up N [N ...]: those contacts closed (opened) now, together; no time
  // passes. A cell already down (not down) is an error and nothing changes.
  downUp(line, down) {
    const board = this.board, name = down ? 'down' : 'up';
    const cells = /^([1-9])( [1-9])*$/.test(line.slice(name.length + 1))
      ? line.slice(name.length + 1).split(' ').map((d) => Number(d) - 1) : null;
    if (!cells || new Set(cells).size !== cells.length) {
      emit(`error: usage: ${name} N [N ...] (N 1-9, each once)`);
      return 0;
    }
    const mask = cells.reduce((m, c) => m | (1 << c), 0);
    const wrong = down ? mask & board.keys : mask & ~board.keys;
    for (let c = 0; c < 9; c++) {
      if ((wrong >> c) & 1) {
        emit(`error: ${name}: cell ${c + 1} is ${down ? 'down already' : 'not down'}`);
        return 0;
      }
    }
    board.setKeys(down ? board.keys | mask : board.keys & ~mask);
    if (!down) this.releasedAt = board.now();
    return 0;
  }

  // press/hold/down/up; null when the line is none of them
  keyCommand(line) {
    if (line.startsWith('down ') || line.startsWith('up ')) return this.downUp(line, line[0] === 'd');
    const press = line.startsWith('press '), hold = line.startsWith('hold ');
    if (!press && !hold) return null;
    const p = parseCell(line.slice(press ? 6 : 5));
    let ms = PRESS_MS;
    if (p && hold && line[5 + p.n] === ' ') ms = Stdio.ms(line.slice(5 + p.n + 1));
    else if (p && (hold || line.length !== 6 + p.n)) ms = null;
    if (!p || ms === null) {
      emit(press ? 'error: usage: press N (N 1-9)' : 'error: usage: hold N MS (N 1-9, MS 0-3600000)');
      return 0;
    }
    if ((this.board.keys >> p.cell) & 1) {
      emit(`error: ${press ? 'press' : 'hold'}: cell ${p.cell + 1} is down (up ${p.cell + 1} first)`);
      return 0;
    }
    return this.holdMs(p.cell, ms);
  }

  command(line) {
    const key = this.keyCommand(line);
    if (key !== null) return key;
    if (line.startsWith('wait ')) {
      const ms = Stdio.ms(line.slice(5));
      if (ms === null) emit('error: usage: wait MS (0-3600000)');
      return ms === null ? 0 : this.runMs(ms);
    }
    if (line.startsWith('duty ') || line === 'duty') return this.duty(line.slice(4));
    if (line.startsWith('framing ') && line.length === 9)
      this.board.serialFramingError(line.charCodeAt(8));
    else if (line.startsWith('framing'))
      emit('error: usage: framing C (one character)');
    else if (line.startsWith('serial ') || line === 'serial')
      this.board.serialLine(line.length > 6 ? line.slice(7) : '');
    else
      emit(`error: unknown command '${line.slice(0, 60)}' (press N, hold N MS, down N ..., up N ..., wait MS, serial TEXT, duty [MS], quit)`);
    return 0;
  }
}

function runStdio(board) {
  const session = new Stdio(board);
  for (const raw of stdinLines()) {
    const cut = raw.search(/[\r\n]/);
    const line = cut >= 0 ? raw.slice(0, cut) : raw;
    if (line === 'quit') break;
    if (session.command(line) < 0) { flush(); return 1; }
    flush();
  }
  flush();
  return 0;
}

// ---- main ---------------------------------------------------------------------------

function parseArgs(argv) {
  const o = { stdio: false, trace: null, wav: null, stamps: null, image: DEFAULT_IMAGE };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--stdio') o.stdio = true;
    else if (a === '--trace' && i + 1 < argv.length) o.trace = argv[++i];
    else if (a === '--wav' && i + 1 < argv.length) o.wav = argv[++i];
    else if (a === '--stamps' && i + 1 < argv.length) o.stamps = argv[++i];
    else if (a[0] === '-') return null;
    else o.image = a;
  }
  return o;
}

// an output file opened at once (a bad path fails before the session): its fd, or null
function openOut(path) {
  try {
    return fs.openSync(path, 'w');
  } catch (e) {
    process.stderr.write(`ttt-sim-js: cannot write ${path}\n`);
    return null;
  }
}

// --wav FILE: opened at once, written at the session's end
function openWav(path, board) {
  const fd = openOut(path);
  if (fd === null) return null;
  const pcm = new PinResampler(F_CPU);
  board.onSound = (cycle, high) => pcm.edge(cycle, high);
  return () => {
    pcm.advance(board.now());
    try {
      fs.writeSync(fd, wavBytes(pcm.samples()));
      fs.closeSync(fd);
      return true;
    } catch (e) {
      process.stderr.write(`ttt-sim-js: writing the WAV file failed (${e.message})\n`);
      return false;
    }
  };
}

// --stamps FILE: each event with its cycle, as ttt-sim's (sim/board.h, board_stamps)
function openStamps(path, board) {
  const fd = openOut(path);
  if (fd === null) return null;
  let lines = [];
  const write = () => { fs.writeSync(fd, lines.join('')); lines = []; };
  board.onStamp = (cycle, what, value) => {
    lines.push(`${cycle} ${what} ${value.toString(16)}\n`);
    if (lines.length >= 4096) write();
  };
  return () => { write(); fs.closeSync(fd); };
}

async function main(argv) {
  const args = parseArgs(argv);
  if (!args) {
    process.stderr.write('usage: ttt-sim-js [--stdio] [--trace FILE.vcd] [--wav FILE.wav] [--stamps FILE] [ELF|HEX]\n');
    return 2;
  }
  const { stdio, trace, image } = args;
  let img;
  try {
    img = parseImage(fs.readFileSync(image));
  } catch (e) {
    process.stderr.write(`ttt-sim-js: cannot load ${image} (${e.code === 'ENOENT' ? 'no such file: build it with: make ' + image : e.message})\n`);
    return 1;
  }
  const board = new Shield(img.flash, { pins: PINS, eeprom: img.eeprom || undefined });
  let tr = null;
  if (trace) {
    try {
      tr = new Trace(trace, board, PINS);
    } catch (e) {
      process.stderr.write(`ttt-sim-js: cannot write ${trace}\n`);
      return 1;
    }
  }
  const wav = args.wav ? openWav(args.wav, board) : true;
  if (!wav) return 1;
  const stamps = args.stamps ? openStamps(args.stamps, board) : true;
  if (!stamps) return 1;
  const rc = stdio ? runStdio(board) : await runPlay(board, image);
  if (tr) tr.close();
  if (args.stamps) stamps();
  return args.wav && !wav() ? 1 : rc;
}

main(process.argv.slice(2)).then((rc) => { process.exitCode = rc; });
