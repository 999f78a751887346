// tests/web/test_model_twin.mjs - the board model's two builds answer alike: one event table
// (LED multiplexing with steady, blinking, ghosting and changing dies, key matrix
// queries, bytes from the chip with XON/XOFF and long lines, the chip's sleep modes and
// host bytes on RXD) goes through the
// WebAssembly build the avr8js board runs (build/web/board_model.wasm) and through the
// native one simavr's board runs (MODEL_EVENTS, tests/web/model_events.c); every answer
// must be the same. Self-test first: the table with 400 ms of port writes left out must
// change the answers (the comparison sees a difference in the pictures). Then both
// builds against literals, since a bug in the one source passes the comparison: a die's
// shades (each a quarter of the one above, from a third of the time; light between
// them is a ghost and off), which column a closed key pulls low, XOFF/XON taken, the
// receiver asleep (a byte lost in power-down, or in reception as the chip powers down),
// how long RXD is low for a byte, the host's byte pace; and the chip's parts the model
// times for both emulators: the transmitter (UDR0 beside the shift register), the
// wake-up's cycles and sources per sleep mode, Timer2's count (its free prescaler, a
// count kept while stopped, an OCR2A below the count, a TCNT2 write's block).
// Usage: MODEL_WASM=MODEL.wasm MODEL_EVENTS=PATH node --test test_model_twin.mjs
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import test from 'node:test';
import assert from 'node:assert/strict';
import { inputs } from './inputs.mjs';

const [wasmPath, nativePath] = inputs('MODEL_WASM', 'MODEL_EVENTS');
const module = new WebAssembly.Module(fs.readFileSync(wasmPath));
const C = new WebAssembly.Instance(module).exports;
const MS = C.constant_F_CPU() / 1000;

let seed = 0x2545f491;
const rnd = (n) => {
  seed ^= seed << 13; seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5; seed >>>= 0;
  return seed % n;
};

// The LED matrix of board/pins.h: rows PB0-2 (high = on), red PD2/4/6, green PD3/5/7.
// Frames of 150-1500 ms: each die off, steady, blinking (250 ms halves), faint (the
// first eighth of its row's step: between two shades) or dim (a quarter: shade 3); rows
// switched every 0.5 ms as the firmware does; now and then a junk write.
function events() {
  const ev = [];
  let t = 0, frameEnd = 0, nextWindow = C.constant_WINDOW_MS() * MS;
  let mode = new Array(18).fill(0);
  const end = 60000 * MS;
  for (let slot = 0; t < end; slot++) {
    t += MS / 2;
    if (t >= frameEnd) {
      mode = mode.map(() => rnd(7)); // 0-2 off, 3 steady, 4 blinking, 5 faint, 6 dim
      frameEnd = t + (150 + rnd(1350)) * MS;
    }
    const row = slot % 3, blinkOn = Math.floor(t / (250 * MS)) % 2 === 0;
    let pd = 0, faint = 0, dim = 0;
    for (let c = 0; c < 3; c++)
      for (let k = 0; k < 2; k++) {
        const m = mode[2 * (row * 3 + c) + k];
        if (m === 3 || (m === 4 && blinkOn)) pd |= 1 << (2 + 2 * c + k);
        if (m === 5) faint |= 1 << (2 + 2 * c + k);
        if (m === 6) dim |= 1 << (2 + 2 * c + k);
      }
    ev.push(`p ${t} ${1 << row} 7 0 56 ${pd | faint | dim} 252`);
    if (faint) ev.push(`p ${t + MS / 16} ${1 << row} 7 0 56 ${pd | dim} 252`);
    if (dim) ev.push(`p ${t + MS / 8} ${1 << row} 7 0 56 ${pd} 252`);
    if (rnd(50) === 0) ev.push(`p ${t + 7} ${rnd(256)} ${rnd(256)} ${rnd(256)} ${rnd(256)} ${rnd(256)} ${rnd(256)}`);
    if (t >= nextWindow) {
      ev.push(`w ${t}`);
      nextWindow = t + C.constant_WINDOW_MS() * MS;
    }
    if (rnd(20) === 0) ev.push(`k ${rnd(512)} ${rnd(256)} ${rnd(256)} ${rnd(256)} ${rnd(256)} ${rnd(256)} ${rnd(256)}`);
    if (rnd(100) === 0) ev.push(`s ${[-1, -1, 0, 2][rnd(4)]} ${t}`);
    if (rnd(30) === 0) ev.push(`h ${t} ${1600 + rnd(400)}`);
    if (rnd(30) === 0) ev.push(`r ${rnd(256)} ${1600 + rnd(400)}`);
    if (rnd(4) === 0) {
      const r = rnd(100);
      const b = r < 3 ? C.constant_XOFF() : r < 6 ? C.constant_XON() : r < 10 ? 10 : r < 12 ? 13 : 32 + rnd(95);
      ev.push(`u ${b}`);
    }
  }
  for (let i = 0; i < 1200; i++) ev.push(`u ${65 + (i % 26)}`); // lines of 511 bytes
  return ev;
}

function cString(model, ptr) {
  const mem = new Uint8Array(model.memory.buffer, ptr);
  let s = '';
  for (let i = 0; mem[i]; i++) s += String.fromCharCode(mem[i]);
  return s;
}

// the chip's transmitter, sleep timing and Timer2 (model_events.c's t e z x y); null when
// the event is none of them (uint32 answers as C prints them: -1 is 4294967295)
function chipAnswer(m, kind, v) {
  if (kind === 't') return `t ${m.tx_write(v[0], v[1]) >>> 0} ${m.tx_next()}`;
  if (kind === 'e') return `e ${m.tx_frame_end(v[0], v[1]) >>> 0} ${m.tx_next()}`;
  if (kind === 'z') return `z ${m.wake_cycles(v[0])} ${m.wakes(v[0], v[1])}`;
  if (kind === 'x') {
    m.t2_write(v[0], v[1], v[2]);
    return `x ${m.t2_next_a()}`;
  }
  if (kind === 'v') {
    m.t2_clock_stood(v[0], v[1]);
    return `v ${m.t2_next_a()}`;
  }
  if (kind === 'y') {
    const ev = m.t2_run(v[0]);
    return `y ${ev} ${m.t2_tcnt(v[0])} ${m.t2_next_a()}`;
  }
  return null;
}

function wasmAnswers(ev) {
  const m = new WebAssembly.Instance(module).exports;
  m.init(0);
  m.t2_reset(0);
  const out = [];
  for (const e of ev) {
    const f = e.split(' ');
    const v = f.slice(1).map(Number);
    const chip = chipAnswer(m, f[0], v);
    if (chip !== null) out.push(chip);
    else if (f[0] === 'p') m.leds_ports(v[0], v[1], v[2], v[3], v[4], v[5], v[6]);
    else if (f[0] === 'w') {
      const got = m.leds_window(v[0]);
      out.push(`w ${got} ${cString(m, m.leds_picture())} ${cString(m, m.leds_ghosts())} ` +
        `${cString(m, m.leds_shades())} ${m.leds_next_window()}`);
    } else if (f[0] === 'k') out.push(`k ${m.keys_sense(v[0], v[1], v[2], v[3], v[4], v[5], v[6])}`);
    else if (f[0] === 's') out.push(`s ${m.uart_sleep(v[0], v[1])}`);
    else if (f[0] === 'h') {
      const heard = m.uart_rx_hears(v[0], v[1]);
      out.push(`h ${heard} ${m.uart_rx_lost()}`);
    } else if (f[0] === 'r') out.push(`r ${m.uart_rxd_low(v[0], v[1])}`);
    else {
      const got = m.uart_from_chip(v[0]);
      out.push(`u ${got} ${m.uart_held()} ${m.uart_xoffs()}${got & 4 ? ` ${cString(m, m.uart_line())}` : ''}`);
    }
  }
  return out;
}

const nativeAnswers = (ev) => execFileSync(nativePath, { input: ev.join('\n') + '\n', encoding: 'latin1',
  maxBuffer: 1 << 28 }).split('\n').slice(0, -1);

function firstDifference(a, b) {
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    if (a[i] !== b[i]) return `answer ${i + 1}: wasm '${a[i]}', native '${b[i]}'`;
  return null;
}

const ev = events();
const native = nativeAnswers(ev);

// self-test: the port writes of 400 ms in the middle left out (the LEDs dark for longer
// than a blink's hold) must show
test('self-test: 400 ms without port writes changes an answer', () => {
  const mid = 30000 * MS, cutEnd = mid + 400 * MS;
  const cut = (e) => e.startsWith('p ') && Number(e.split(' ')[1]) >= mid && Number(e.split(' ')[1]) < cutEnd;
  assert.ok(firstDifference(wasmAnswers(ev.filter((e) => !cut(e))), native));
});

test('the event table: every answer the same from the WebAssembly and the native build', (t) => {
  assert.equal(firstDifference(wasmAnswers(ev), native), null);
  const pictures = new Set(native.filter((l) => l.startsWith('w ')).map((l) => l.split(' ')[2]));
  const lines = native.filter((l) => l.startsWith('u ') && Number(l.split(' ')[1]) & 4).length;
  t.diagnostic(`${ev.length} events, ${native.length} answers, ${pictures.size} different pictures, ${lines} lines`);
});

// Literal answers. A die at duty d, for 12 windows of four 1.5 ms frames: row 0 on
// (PB0), cell 0's red (PD2) for the first d of each frame; the last window's picture,
// ghosts and shades.
const W = C.constant_WINDOW_MS() * MS, F = W / 4;
const frame = (t, pd, on) => [`p ${t} 1 7 0 56 ${pd} 252`, `p ${t + Math.round(on)} 1 7 0 56 0 252`];
function dutyEvents(num, den) {
  const out = [`w ${W}`]; // the first window closed dark: every later one is W long
  for (let i = 0; i < 12; i++) {
    for (let f = 0; f < 4; f++) out.push(...frame(W + i * W + f * F, 4, (F * num) / den));
    out.push(`w ${W + i * W + W}`);
  }
  return out;
}
// Cell 0 green at 1/3 duty for 6 windows; in the 7th its first frame, then red; then
// red: the red that lights must not be shown before the green it replaces is dark (else
// the green is held as a blink's dark half, and the cell shows yellow).
function swapEvents() {
  const out = [`w ${W}`];
  for (let i = 0; i < 13; i++) {
    for (let f = 0; f < 4; f++) out.push(...frame(W + i * W + f * F, i < 6 || (i === 6 && f === 0) ? 8 : 4, F / 3));
    out.push(`w ${W + i * W + W}`);
  }
  return out;
}
const lastWindow = (answers) => answers.filter((l) => l.startsWith('w ')).pop().split(' ').slice(2, 5).join(' ');
// keys: PC3-5 drive rows 0-2 (low = driven, DDRC bit set), PC0-2 sense columns 0-2
const keyEvent = (keys, row) => `k ${keys} 0 0 0 ${1 << (3 + row)} 0 0`;
const literals = [
  ['a die at 1/3 duty is lit, full', dutyEvents(1, 3), lastWindow, 'r........ ......... 4........'],
  ['a die at exactly 1/6 duty is lit, full', dutyEvents(1, 6), lastWindow, 'r........ ......... 4........'],
  ['a die at 1/7 duty is a ghost, off', dutyEvents(1, 7), lastWindow, '......... r........ .........'],
  ['a die at exactly 1/8 duty is a ghost, off', dutyEvents(1, 8), lastWindow, '......... r........ .........'],
  ['a die at 1/9 duty is lit, shade 3', dutyEvents(1, 9), lastWindow, 'r........ ......... 3........'],
  ['a die at 1/12 duty is lit, shade 3', dutyEvents(1, 12), lastWindow, 'r........ ......... 3........'],
  ['a die at 1/48 duty is lit, shade 2', dutyEvents(1, 48), lastWindow, 'r........ ......... 2........'],
  ['a die at 1/100 duty is a ghost, off', dutyEvents(1, 100), lastWindow, '......... r........ .........'],
  ['a die at 1/192 duty is lit, shade 1', dutyEvents(1, 192), lastWindow, 'r........ ......... 1........'],
  ['a die at 1/300 duty is a ghost, off', dutyEvents(1, 300), lastWindow, '......... r........ .........'],
  ['green to red within a window shows red, not yellow', swapEvents(), lastWindow, 'r........ ......... 4........'],
  ['cell 2 (row 0, column 1) closed pulls column 1 low while row 0 is driven',
    [keyEvent(1 << 1, 0), keyEvent(1 << 1, 1)], (a) => a.join(' '), 'k 5 k 7'],
  ['cell 6 (row 1, column 2) closed pulls column 2 low while row 1 is driven',
    [keyEvent(1 << 5, 1), keyEvent(1 << 5, 0), keyEvent(1 << 5, 2)], (a) => a.join(' '), 'k 3 k 7 k 7'],
  ['XOFF holds the host, XON releases it, neither is data',
    [`u ${C.constant_XOFF()}`, 'u 65', `u ${C.constant_XON()}`], (a) => a.join(' / '), 'u 1 1 1 / u 2 1 1 / u 1 0 1'],
  ['the receiver: a byte in reception at power-down is lost, so are bytes in power-down (the ' +
    "simulators keep the chip asleep through the crystal's start-up); awake and in idle sleep it hears",
  ['h 0 1700', 's 2 1000', 'h 2000 1700', 's -1 5000', 'h 5001 1700', 's 0 30000',
    'h 30001 1700', 's -1 40000', 'h 40001 1700'], (a) => a.join(' / '),
  'h 1 0 / s 1 / h 0 2 / s 0 / h 1 2 / s 0 / h 1 2 / s 0 / h 1 2'],
  ['the transmitter: a byte into the idle shift register keeps UDRE, a second waits in UDR0, a third ' +
    'is lost; at a frame end the waiting one goes (UDRE), then the line idles (TXC)',
  ['t 0 1360', 't 10 1360', 't 20 1360', 'e 1360 1360', 'e 2720 1360', 't 3000 1360'], (a) => a.join(' / '),
  't 1 1360 / t 0 1360 / t 4294967295 1360 / e 1 2720 / e 2 0 / t 1 4360'],
  ['a wake-up: 16K CK and the 4-cycle halt from power-down and power-save, 6 CK and 4 from standby, ' +
    '4 from idle; power-down wakes by a pin change (PCINT0 is 3) or the watchdog (6), not by Timer0 (14)',
  ['z 2 3', 'z 2 6', 'z 2 14', 'z 3 7', 'z 2 7', 'z 6 1', 'z 0 14', 'z 1 18'], (a) => a.join(' / '),
  'z 16388 1 / z 16388 1 / z 16388 0 / z 16388 1 / z 16388 0 / z 10 1 / z 4 1 / z 4 0'],
  ...timer2Literals(),
  ['RXD is low from the start bit to the last 0 data bit (LSB first)',
    ['r 10 1600', 'r 255 1600', 'r 254 1600', 'r 127 1600'], (a) => a.join(' / '), 'r 1440 / r 160 / r 320 / r 1440'],
];
// Timer2 in CTC (WGM21) at clk/8, OCR2A 9: the prescaler's edges are every 8 cycles from
// the reset (cycle 0), so a start at cycle 5 counts first at 8; compare A matches at the
// tick that leaves 9 (the 10th, cycle 80) and clears the count. Stopped at cycle 100 (two
// ticks on: 2), the count stays 2 and the next start goes on from it (7 ticks to 9, the
// match at the 8th edge after 501: 560). OCR2A written as 3 below a count of 5: the count
// runs to 255 and wraps (TOV2) before the match (255 ticks on). TCNT2 written with
// OCR2A's value: the next tick compares nothing, and clears the count.
function timer2Literals() {
  const [A, B, CNT, OCRA] = [0, 1, 2, 3];
  return [
    ['Timer2: the prescaler runs free, CTC matches as the count leaves OCR2A and clears it',
      [`x ${OCRA} 9 0`, `x ${A} 2 0`, `x ${B} 2 5`, 'y 79', 'y 80'], (a) => a.join(' / '),
      'x -1 / x -1 / x 80 / y 2 9 80 / y 1 0 160'],
    ['Timer2: a stopped clock keeps the count, a restart counts on from it',
      [`x ${OCRA} 9 0`, `x ${A} 2 0`, `x ${B} 2 5`, `x ${B} 0 100`, 'y 500', `x ${B} 2 501`], (a) => a.join(' / '),
      'x -1 / x -1 / x 80 / x -1 / y 0 2 -1 / x 560'],
    ['Timer2: an OCR2A written below the count waits for the wrap',
      [`x ${OCRA} 9 0`, `x ${A} 2 0`, `x ${B} 2 0`, 'y 40', `x ${OCRA} 3 41`, `y ${40 + 250 * 8}`,
        `y ${40 + 255 * 8}`],
      (a) => a.join(' / '), `x -1 / x -1 / x 80 / y 2 5 80 / x ${40 + 255 * 8} / y 0 255 ${40 + 255 * 8} / y 7 0 ${40 + 259 * 8}`],
    ['Timer2: a sleep stops its clock (the I/O clock): the count and the prescaler wait, the match comes as ' +
      'much later', [`x ${OCRA} 9 0`, `x ${A} 2 0`, `x ${B} 2 5`, 'v 43 1043', 'y 1042', 'y 1043'], (a) => a.join(' / '),
    'x -1 / x -1 / x 80 / v 1080 / y 0 5 1080 / y 0 5 1080'],
    ['Timer2: a TCNT2 write blocks the next compare (the count still clears at OCR2A)',
      [`x ${OCRA} 9 0`, `x ${A} 2 0`, `x ${CNT} 9 0`, `x ${B} 2 0`, 'y 8'], (a) => a.join(' / '),
      'x -1 / x -1 / x -1 / x 88 / y 0 0 88'],
  ];
}

for (const [name, table, pick, want] of literals)
  test(`literal: ${name}`, () => {
    assert.equal(pick(wasmAnswers(table)), want, 'wasm');
    assert.equal(pick(nativeAnswers(table)), want, 'native');
  });
// host bytes go one per byte time and an eighth: 1,600 cycles make 1,800
test('literal: the host byte pace', () => assert.equal(C.uart_pace(1600), 1800));
