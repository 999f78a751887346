// sim/web/src/page.js - the web page: the shield model (shield.js) running the firmware
// embedded in the page, paced to real time; nine cells pressed by mouse, touch or the
// keyboard (the keys of `make play`), the serial console with an input line, a reset
// button, the EEPROM kept in localStorage, "load your own .hex" (picker or drop), and
// "Flash to my Uno": that image into a real Uno over Web Serial (stk500.js).
// What a test reads: #board[data-picture] (the decoded picture, as `leds` in ttt-sim
// --stdio), #board[data-leds] and each .cell[data-led] (lit right now), .cell[data-on]
// (its brightness in permille of full),
// #board[data-sim-ms] (simulated time), each .cell's aria-label (its state in words:
// reader.js) and #said (what a screen reader announces), #log lines, #flash-progress[data-state] (idle,
// write, verify, ok, failed) with its .text, #flash-msg, #tone[data-hz] (the tone playing),
// and window.tttSound (the sound's state, a recording of the pin's edges and their
// rendering through the page's own sound graph, the sounder's filters or the pin's square
// as it is: sound.js).
import {
  Shield, msToCycles, F_CPU, SHIFT_MS, ARMED_MS, SHIFTED_DIGITS, cellKey, keyCell, shadePermille,
} from './shield.js';
import { parseHex } from './image.js';
import { Presses } from './presses.js';
import { EdgeTones, ToneGraph, renderEdges } from './sound.js';
import { PressVerdict, gameOfLine } from './verdict.js';
import { BoardReader } from './reader.js';
import { BAUD, ByteQueue, LinkLost, FlashError, prepareImage, flashBoard } from './stk500.js';
import PINS from 'board-pins';
import MENU_TABLE from 'board-menu';
import SOUNDS from 'board-sounds';
import PARTS from 'shield-parts';
import { dieLight, ledDies } from './leds.js';
import PIEZO from 'board-piezo';

const MAX_STEP_MS = 100; // after a stall (hidden tab, slow machine) run at most this at once
const LOG_MAX = 400;
const STORE_KEY = 'ttt-shield-eeprom';
const $ = (id) => document.getElementById(id);

const boardEl = $('board'), logEl = $('log'), stateEl = $('state'), speedEl = $('speed');
const lineEl = $('line');
let board = null;
let fwName = $('fw-name').textContent;
let fwHex = $('firmware').textContent; // what "Flash to my Uno" writes
let numpad = false, longNext = false;
const holders = Array.from({ length: 9 }, () => new Set()); // pointer ids / key codes

// ---- EEPROM in localStorage ----------------------------------------------------------

let storage = null;
try {
  storage = window.localStorage;
  storage.setItem(STORE_KEY + '-probe', '1');
  storage.removeItem(STORE_KEY + '-probe');
} catch (e) {
  storage = null;
}
const eeprom = new Uint8Array(1024).fill(0xff);
if (storage) {
  const saved = storage.getItem(STORE_KEY);
  if (saved && /^[0-9a-f]{2048}$/.test(saved))
    for (let i = 0; i < 1024; i++) eeprom[i] = parseInt(saved.substr(2 * i, 2), 16);
}
let eepromDirty = false, eepromSavedAt = 0;
function saveEeprom(force) {
  if (!storage || !eepromDirty) return;
  const now = performance.now();
  if (!force && now - eepromSavedAt < 500) return;
  let s = '';
  for (let i = 0; i < 1024; i++) s += (eeprom[i] < 16 ? '0' : '') + eeprom[i].toString(16);
  try {
    storage.setItem(STORE_KEY, s);
  } catch (e) {
    log('sys', 'EEPROM not saved: the browser refused local storage');
  }
  eepromDirty = false;
  eepromSavedAt = now;
}

// ---- console ---------------------------------------------------------------------------

// The console follows new lines until the person scrolls up, and again once they scroll
// back to the end. Whether it follows is decided by their scrolling, not by the position:
// a narrower page wraps the lines, the log grows taller, and a log that was at its end is
// no longer there without anyone scrolling.
let follow = true, followTop = 0;
const logAtEnd = () => logEl.scrollTop + logEl.clientHeight >= logEl.scrollHeight - 4;
function logToEnd() {
  logEl.scrollTop = logEl.scrollHeight;
  followTop = logEl.scrollTop;
}
logEl.addEventListener('scroll', () => {
  // moved up from where it was put: the person scrolled away; at the end: follow again
  follow = logAtEnd() || (follow && logEl.scrollTop >= followTop);
  followTop = logEl.scrollTop;
});
new ResizeObserver(() => { if (follow) logToEnd(); }).observe(logEl);
function log(kind, text) {
  const div = document.createElement('div');
  div.className = kind;
  div.textContent = text;
  logEl.appendChild(div);
  while (logEl.childNodes.length > LOG_MAX) logEl.removeChild(logEl.firstChild);
  if (follow) logToEnd();
}

$('send').addEventListener('submit', (e) => {
  e.preventDefault();
  const text = lineEl.value;
  lineEl.value = '';
  if (!board) return;
  log('tx', text);
  if (board.sleepMode === 2) log('sys', '(the board is powered down: this line wakes it but is lost; send it again)');
  board.serialLine(text);
});
lineEl.addEventListener('keydown', (e) => {
  if (e.key === 'Escape') { lineEl.value = ''; lineEl.blur(); }
});

// ---- the board -------------------------------------------------------------------------

const cells = [];
const label = (cell) => cellKey(cell, numpad);
for (let i = 0; i < 9; i++) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'cell';
  b.dataset.cell = String(i + 1);
  b.dataset.led = '.';
  b.innerHTML = '<span class="led"></span><span class="num"></span>';
  boardEl.appendChild(b);
  cells.push(b);
  b.addEventListener('pointerdown', (e) => {
    e.preventDefault();
    try {
      b.setPointerCapture(e.pointerId); // the release comes here even off the cell
    } catch (err) { /* a synthetic or already-ended pointer: nothing to capture */ }
    down(i, 'p' + e.pointerId);
  });
  const up = (e) => up_(i, 'p' + e.pointerId);
  b.addEventListener('pointerup', up);
  b.addEventListener('pointercancel', up);
  b.addEventListener('lostpointercapture', up);
  b.addEventListener('contextmenu', (e) => e.preventDefault()); // a long touch is a hold
  cellKeys(b, i);
}
// A focused cell is pressed by Enter or Space as long as the key is held (held past the
// firmware's long press, a long press); the arrow keys move the focus across the board.
function cellKeys(b, i) {
  const key = (e) => e.key === 'Enter' || e.key === ' ';
  b.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.altKey || e.metaKey) return;
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -3, ArrowDown: 3 }[e.key];
    if (step !== undefined) {
      e.preventDefault();
      cells[Math.min(8, Math.max(0, i + step))].focus();
    } else if (key(e)) {
      e.preventDefault(); // no click, no scrolling
      if (!e.repeat) down(i, 'f' + e.code);
    }
  });
  b.addEventListener('keyup', (e) => { if (key(e)) { e.preventDefault(); up_(i, 'f' + e.code); } });
  b.addEventListener('blur', () => { up_(i, 'fEnter'); up_(i, 'fSpace'); });
}
// The menu's choice on each cell (the firmware's table, firmware/game/menu.h), drawn in
// the cells' places and labelled with the keys that press them.
const MENU = MENU_TABLE.cells.map((c) => c.long);
const legendEl = $('legend-grid');
const legend = MENU.map((text, i) => {
  const li = document.createElement('li');
  li.dataset.cell = String(i + 1);
  li.innerHTML = '<b></b> <span></span>';
  li.querySelector('span').textContent = text;
  legendEl.appendChild(li);
  return li;
});
// How to read the statistics' bars: the text made from the firmware's table (bars.h),
// its first words in bold.
{
  const [head, ...rest] = MENU_TABLE.stats.text.split(':');
  const b = document.createElement('b');
  b.textContent = head;
  $('stats-legend').replaceChildren(b, `:${rest.join(':')}`);
}
// Each cell's name says its state, as a screen reader reads it (reader.js: its LED in the
// stable picture, with what the console said); the console's moves and results are
// announced in #said, a live region.
const reader = new BoardReader(MENU), saidEl = $('said');
function nameCells() {
  cells.forEach((b, i) => {
    const name = `${reader.cell(i, b.dataset.state || '.')}${numpad ? ` (key ${label(i)})` : ''}`;
    if (b.getAttribute('aria-label') !== name) b.setAttribute('aria-label', name);
  });
}
function announce(text) {
  const p = document.createElement('p');
  p.textContent = text;
  saidEl.appendChild(p);
  while (saidEl.childNodes.length > 4) saidEl.removeChild(saidEl.firstChild);
}
function relabel() {
  legend.forEach((li, i) => { li.querySelector('b').textContent = String(label(i)); });
  cells.forEach((b, i) => { b.querySelector('.num').textContent = String(label(i)); });
  nameCells();
  const nb = $('numpad');
  nb.setAttribute('aria-pressed', String(numpad));
  nb.textContent = numpad ? 'Keys 7-8-9 on top' : 'Keys 1-9';
}
relabel();

// The page's presses follow every front end's rule (presses.js): two quick taps are two
// presses, in order. A cell held by several pointers and keys goes up when the last lets go.
let presses = null;
const pressEl = $('press');
const verdict = new PressVerdict((text) => { pressEl.textContent = text; });
function down(cell, who, holdMs) {
  if (!board) return;
  const first = !presses.busy(cell);
  holders[cell].add(who);
  presses.down(cell, holdMs);
  if (first) verdict.pressed(cell, `cell ${cell + 1} (key ${label(cell)})`, board.now(), holdMs >= ARMED_MS);
}
function up_(cell, who) {
  if (!holders[cell].delete(who) || holders[cell].size || !board) return;
  presses.up(cell);
}
function showKey(cell, isDown) {
  cells[cell].classList.toggle('down', isDown);
  if (isDown) return;
  holders[cell].clear();
  if (board) verdict.released(cell, board.now());
}

// keyboard: the keys of `make play`. In the console input, a digit typed while the input
// is empty plays too (no command starts with a digit or a shifted one): after Enter the
// input stays ready for the next command, and the next move is a digit away.
document.addEventListener('keydown', (e) => {
  if (e.ctrlKey || e.altKey || e.metaKey || e.isComposing) return;
  if (e.target === lineEl && (lineEl.value !== '' || !isDigitKey(e))) return;
  let digit = 0, isLong = false;
  const m = /^(Digit|Numpad)([1-9])$/.exec(e.code);
  if (m) { digit = Number(m[2]); isLong = e.shiftKey; } else if (SHIFTED_DIGITS.includes(e.key)) {
    digit = SHIFTED_DIGITS.indexOf(e.key) + 1;
    isLong = true;
  }
  if (digit) {
    e.preventDefault(); // also keeps it out of the console input
    if (e.repeat) return;
    const cell = keyCell(digit, numpad);
    if (isLong || longNext) {
      longNext = false;
      down(cell, 'k' + e.code, SHIFT_MS); // past the menu's hold: shift+5 opens the menu
    } else {
      down(cell, 'k' + e.code);
    }
    return;
  }
  if (e.key === 'm' || e.key === 'M') toggleMute();
  else if (e.key === 'n' || e.key === 'N') { numpad = !numpad; relabel(); } else if (e.key === 'l' || e.key === 'L') {
    longNext = !longNext;
    showState();
  } else if (e.key === ':') {
    e.preventDefault();
    lineEl.focus();
  }
});
function isDigitKey(e) {
  return /^(Digit|Numpad)[1-9]$/.test(e.code) || SHIFTED_DIGITS.includes(e.key);
}
document.addEventListener('keyup', (e) => {
  const m = /^(Digit|Numpad)([1-9])$/.exec(e.code);
  if (!m) return;
  for (let c = 0; c < 9; c++) up_(c, 'k' + e.code);
});
$('numpad').addEventListener('click', () => { numpad = !numpad; relabel(); });

// ---- sound ------------------------------------------------------------------------------
// The sounder pin's tones on a Web Audio oscillator through the sounder's response
// (sound.js, build/gen/piezo.json), in an AudioContext made on
// the person's first gesture (browsers start no sound before one). Simulated time maps to
// the context's: the cycle the frame runs to plays SOUND_LEAD_S from now, fixed while a
// sound lasts (its notes keep their spacing), set again when silent or late. The mute
// button (or `m`) silences it, kept in localStorage.
const SOUND_LEAD_S = 0.05; // more than one frame at 60 Hz: a tone is scheduled before it plays
const MUTE_KEY = 'ttt-shield-muted';
const muteEl = $('mute'), toneEl = $('tone');
let muted = !!storage && storage.getItem(MUTE_KEY) === '1';
let audio = null, anchor = null, frameEnd = 0, recording = null;
const soundAt = (cycle) => anchor.time + (cycle - anchor.cycle) / F_CPU;
const tones = new EdgeTones(F_CPU, (cycle, hz) => {
  if (!audio) return;
  const now = audio.ctx.currentTime;
  if (!anchor || audio.graph.until < now || soundAt(cycle) < now) anchor = { cycle: frameEnd, time: now + SOUND_LEAD_S };
  audio.graph.start(Math.max(now, soundAt(cycle)), hz);
}, (cycle) => {
  if (audio) audio.graph.end(Math.max(audio.ctx.currentTime, soundAt(cycle)));
});
// a new chip, a stopped one, a hidden page (no frames run): no tone keeps sounding
function stopSound() {
  tones.clear();
  anchor = null;
  if (audio && audio.graph.until > audio.ctx.currentTime) audio.graph.stop(audio.ctx.currentTime);
}
document.addEventListener('visibilitychange', () => { if (document.hidden) stopSound(); });
function soundEdge(cycle, high) {
  tones.edge(cycle);
  if (recording) recording.push([cycle, high]);
}
function startAudio() {
  if (audio) {
    if (audio.ctx.state === 'suspended') audio.ctx.resume();
    return;
  }
  try {
    const ctx = new AudioContext();
    audio = { ctx, graph: new ToneGraph(ctx, muted, PIEZO) };
    if (ctx.state === 'suspended') ctx.resume();
  } catch (e) {
    muteEl.disabled = true;
    muteEl.textContent = 'No sound here';
    muteEl.title = 'this browser has no Web Audio';
  }
}
for (const type of ['pointerdown', 'keydown', 'touchend'])
  document.addEventListener(type, startAudio, { capture: true, passive: true });
function showMute() {
  muteEl.textContent = muted ? 'Sound muted' : 'Sound on';
  muteEl.dataset.muted = String(muted); // the label says the state (no aria-pressed with it)
}
function toggleMute() {
  muted = !muted;
  if (audio) audio.graph.setMuted(muted);
  if (storage) {
    try { storage.setItem(MUTE_KEY, muted ? '1' : '0'); } catch (e) { /* kept for this visit */ }
  }
  showMute();
}
muteEl.addEventListener('click', toggleMute);
// "Reading the board": each sound of the firmware's table, when it plays and how it goes
// (a pitch repeated: how many times, 8 short ones a buzz)
function soundShape(notes) {
  const hz = notes.filter((n) => n.hz).map((n) => n.hz);
  if (hz.every((h) => h === hz[0])) return `${hz.length > 1 ? `${hz.length} x ` : ''}${Math.round(hz[0])} Hz`;
  const up = hz.every((h, i) => !i || h > hz[i - 1]), down = hz.every((h, i) => !i || h < hz[i - 1]);
  return `${hz.length} notes${up ? ', rising' : down ? ', falling' : ''}`;
}
$('sound-list').textContent = SOUNDS.sounds.map((x) => `${x.when} (${soundShape(x.notes)})`).join('; ');
showMute();
function showTone() {
  const hz = board ? tones.hz : 0, key = hz ? `\u266a ${Math.round(hz)} Hz` : '';
  if (toneEl.textContent !== key) {
    toneEl.textContent = key;
    toneEl.dataset.hz = hz ? hz.toFixed(2) : '0';
  }
}
// for the tests: the sound's state, a recording of the edges, their offline rendering
window.tttSound = {
  state: () => ({ context: audio ? audio.ctx.state : 'none', muted,
    gain: audio ? audio.graph.mute.gain.value : null, anchored: !!anchor }),
  record: () => { recording = []; return board ? board.now() : 0; },
  recorded: () => { const r = recording; recording = null; return { edges: r || [], end: board ? board.now() : 0 }; },
  render: (edges, from, to, mute, pin) =>
    renderEdges(edges, from, to, F_CPU, mute, pin ? null : PIEZO).then((x) => Array.from(x)),
  tap: (ms) => tapLive(ms),
};
// A tap on the live graph for `ms` of wall-clock time: an AnalyserNode after the mute, read
// each 10 ms; the loudest read's RMS and the frequency of its spectrum's peak.
function tapLive(ms) {
  if (!audio) return Promise.resolve(null);
  const an = new AnalyserNode(audio.ctx, { fftSize: 32768 });
  audio.graph.mute.connect(an);
  const wave = new Float32Array(an.fftSize), spec = new Float32Array(an.frequencyBinCount);
  let best = { rms: 0, hz: 0 };
  const read = () => {
    an.getFloatTimeDomainData(wave);
    const rms = Math.sqrt(wave.reduce((a, v) => a + v * v, 0) / wave.length);
    if (rms <= best.rms) return;
    an.getFloatFrequencyData(spec);
    let k = 1;
    for (let i = 2; i < spec.length; i++) if (spec[i] > spec[k]) k = i;
    best = { rms, hz: (k * audio.ctx.sampleRate) / an.fftSize };
  };
  const timer = setInterval(read, 10);
  return new Promise((done) => setTimeout(() => {
    clearInterval(timer);
    audio.graph.mute.disconnect(an);
    done(best);
  }, ms));
}

// ---- running ---------------------------------------------------------------------------

function start(flash, name) {
  board = new Shield(flash, {
    pins: PINS, eeprom,
    onEepromWrite: () => { eepromDirty = true; },
  });
  board.onSound = soundEdge;
  stopSound();
  board.onLine = (text) => {
    verdict.line(text);
    const game = gameOfLine(text, $('game').dataset.game);
    if (game !== $('game').dataset.game) {
      $('game').dataset.game = game;
      $('game').textContent = `game: ${game}`;
    }
    log('rx', text);
    const said = reader.line(text);
    if (said) announce(said);
  };
  board.onReset = (mcusr) => log('sys', `-- reset (${mcusr & 8 ? 'watchdog' : mcusr & 2 ? 'reset button' : 'power-on'}) --`);
  fwName = name;
  $('fw-name').textContent = name;
  if (presses) presses.clear(board);
  else presses = new Presses(board, showKey);
  holders.forEach((h) => h.clear());
  cells.forEach((c) => c.classList.remove('down'));
  log('sys', `-- power on: ${name} --`);
  lastWall = performance.now();
}

let lastWall = 0, speedAt = 0;
function frame() {
  const wall = performance.now();
  const dt = Math.min(wall - lastWall, MAX_STEP_MS);
  lastWall = wall;
  if (board && !board.status.crashed) {
    const target = board.now() + msToCycles(dt);
    frameEnd = target;
    while (board.now() < target) {
      const next = Math.min(target, board.now() + msToCycles(2));
      presses.due();
      if (board.runUntil(next) < 0) {
        log('sys', `-- the simulated chip stopped: ${board.status.crashReason}; press Reset --`);
        break;
      }
    }
    presses.due();
    verdict.due(board.now());
    tones.idle(board.now());
  }
  if (board && board.status.crashed) stopSound();
  showTone();
  render();
  saveEeprom(false);
  if (wall - speedAt > 1000) {
    speedEl.firstChild.textContent = board ? `${(board.now() / F_CPU).toFixed(1)} s` : '';
    speedAt = wall;
  }
  requestAnimationFrame(frame);
}

function showState() {
  let s;
  if (!board) s = 'no firmware';
  else if (board.status.crashed) s = 'stopped';
  else if (board.sleepMode === 2) s = 'asleep (power-down): press a cell or send a line';
  else s = 'running';
  if (longNext) s += ' - next key: LONG press';
  if (!storage) s += ' - EEPROM not kept (no local storage)';
  if (stateEl.textContent !== s) stateEl.textContent = s;
}

// A lit LED drawn as the board lights it: each state's light in linear light (leds.js,
// from the LED's dies in schematics/parts.json: their colours, and their brightness at
// the currents the column resistors set), scaled by its share of full brightness (the
// board's levels and the colour-blind mode's dim cells: the model's shade), so the drawn
// luminance follows the duty share, as the eye's does the LED's. The part's red die is
// about twice as bright as its green, so X full stays 3:1 brighter than a dim O also
// through a red-green colour-vision deficiency (tests/web/test_page_leds.mjs). Both dies
// lit (a hint, a draw) are drawn as their sum, as the eye mixes them.
const DIE_LIGHT = dieLight(ledDies(PARTS));
const toSrgb = (v) => Math.round(255 * (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055));
function ledColor(color, permille) {
  const lin = DIE_LIGHT[color];
  if (!lin) return '';
  return `rgb(${lin.map((v) => toSrgb((v * permille) / 1000)).join(', ')})`;
}
// the glow's colour: the light at full, brightest channel 255
const glowRgb = (color) => DIE_LIGHT[color].map((v) => toSrgb(v / Math.max(...DIE_LIGHT[color]))).join(', ');
function drawShare(cell, color, permille) {
  const el = cells[cell], key = `${color}${permille}`;
  if (el.dataset.drawn === key) return;
  el.dataset.drawn = key;
  el.dataset.on = String(permille);
  el.style.setProperty('--led', ledColor(color, permille) || 'var(--off)');
  el.style.setProperty('--glow', color === '.' ? '0' : (0.6 * permille / 1000).toFixed(3));
  if (color !== '.') el.style.setProperty('--glow-rgb', glowRgb(color));
}

let shownLeds = '', shownPic = '';
function render() {
  showState();
  if (!board) return;
  boardEl.dataset.simMs = String(Math.floor(board.now() / msToCycles(1))); // for tests
  let leds = '';
  for (let c = 0; c < 9; c++) {
    const color = (board.level[2 * c] ? 1 : 0) | (board.level[2 * c + 1] ? 2 : 0);
    leds += '.rgy'[color];
  }
  if (leds !== shownLeds) {
    for (let c = 0; c < 9; c++) if (leds[c] !== shownLeds[c]) cells[c].dataset.led = leds[c];
    boardEl.dataset.leds = leds;
    shownLeds = leds;
  }
  for (let c = 0; c < 9; c++) drawShare(c, leds[c], shadePermille(board.shades[c]));
  const pic = board.stable() ? board.picture : shownPic;
  if (pic && pic !== shownPic) {
    boardEl.dataset.picture = pic;
    for (let c = 0; c < 9; c++) cells[c].dataset.state = pic[c];
    shownPic = pic;
  }
  nameCells();
}

// ---- reset, erase, load your own .hex ----------------------------------------------------

$('reset').addEventListener('click', () => { if (board) board.reset(0x02 /* EXTRF */); });
// Erasing asks first, saying what goes: the statistics and the settings.
const eraseBox = $('erase-confirm');
$('erase').addEventListener('click', () => {
  eraseBox.hidden = false;
  $('erase-no').focus();
});
$('erase-no').addEventListener('click', () => { eraseBox.hidden = true; });
$('erase-yes').addEventListener('click', () => {
  eraseBox.hidden = true;
  eeprom.fill(0xff);
  eepromDirty = true;
  saveEeprom(true);
  log('sys', '-- EEPROM erased --');
  if (board) board.powerCycle();
});

// A file that is not a firmware image changes nothing: the message says why.
const MAX_HEX_BYTES = 256 * 1024; // a full 32 KB image is about 90 KB of Intel HEX
const loadMsg = $('load-msg');
function loadRefused(name, why) {
  loadMsg.hidden = false;
  loadMsg.textContent = `Not loaded: ${name} ${why}. The board keeps running ${fwName}.`;
  log('sys', `cannot load ${name}: ${why}`);
}
async function loadFile(file) {
  if (file.size === 0) { loadRefused(file.name, 'is empty'); return; }
  if (file.size > MAX_HEX_BYTES) {
    loadRefused(file.name, `is ${num(file.size)} bytes, too big for an ATmega328P image ` +
      `(a full 32 KB flash is about 90 KB of Intel HEX)`);
    return;
  }
  try {
    const text = await file.text();
    const img = parseHex(text);
    loadMsg.hidden = true;
    fwHex = text;
    $('flash-name').textContent = file.name;
    start(img.flash, file.name);
    offerDownload();
  } catch (e) {
    loadRefused(file.name, `is not an Intel HEX firmware image (${e.message})`);
  }
}
$('hexfile').addEventListener('change', (e) => {
  const f = e.target.files[0];
  if (f) loadFile(f);
  e.target.value = '';
});
const dropEl = $('drop');
let dragDepth = 0;
document.addEventListener('dragenter', (e) => { e.preventDefault(); dragDepth++; dropEl.hidden = false; });
document.addEventListener('dragleave', () => { if (--dragDepth <= 0) { dragDepth = 0; dropEl.hidden = true; } });
document.addEventListener('dragover', (e) => e.preventDefault());
document.addEventListener('drop', (e) => {
  e.preventDefault();
  dragDepth = 0;
  dropEl.hidden = true;
  const f = e.dataTransfer && e.dataTransfer.files[0];
  if (f) loadFile(f);
});
window.addEventListener('pagehide', () => saveEeprom(true));

// ---- Flash to my Uno (Web Serial) -------------------------------------------------------

const flashBtn = $('flash'), progEl = $('flash-progress'), msgEl = $('flash-msg');
const num = (n) => n.toLocaleString('en-US');

// A Web Serial port as the link stk500.js speaks through.
function serialLink(port) {
  const rx = new ByteQueue();
  const reader = port.readable.getReader();
  const writer = port.writable.getWriter();
  let closing = false;
  (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        rx.push(value);
      }
      rx.fail(new LinkLost('the port closed'));
    } catch (e) {
      rx.fail(new LinkLost(closing ? 'closed' : e.message));
    }
  })();
  const lost = () => rx.fail(new LinkLost('the board was unplugged'));
  navigator.serial.addEventListener('disconnect', lost);
  return {
    rx,
    write: (bytes) => writer.write(bytes),
    setSignals: (on) => port.setSignals({ dataTerminalReady: on, requestToSend: on }),
    close: async () => {
      closing = true;
      navigator.serial.removeEventListener('disconnect', lost);
      try { await reader.cancel(); } catch (e) { /* already gone */ }
      reader.releaseLock();
      writer.releaseLock();
      try { await port.close(); } catch (e) { /* unplugged: nothing to close */ }
    },
  };
}

function showProgress(state, fraction, text) {
  progEl.hidden = false;
  progEl.dataset.state = state;
  progEl.className = 'progress' + (state === 'ok' ? ' ok' : state === 'failed' ? ' failed' : '');
  progEl.querySelector('.bar').style.width = `${(100 * fraction).toFixed(1)}%`;
  progEl.setAttribute('aria-valuenow', String(Math.round(100 * fraction)));
  progEl.querySelector('.text').textContent = text;
}
function showMessage(text, isError) {
  msgEl.hidden = false;
  msgEl.textContent = text;
  msgEl.className = 'flash-msg' + (isError ? ' error' : '');
}
function flashFailed(e, fraction) {
  const text = e instanceof FlashError ? e.message : `The flash stopped: ${e.message}`;
  const at = progEl.querySelector('.text').textContent;
  showProgress('failed', fraction, e.kind === 'incomplete' ? `incomplete - stopped ${at}` :
    e.kind === 'mismatch' ? `verify failed - ${at}` : 'stopped - nothing written');
  showMessage(text, true);
  log('sys', `-- flash: ${text} --`);
}

async function flashUno() {
  msgEl.hidden = true;
  progEl.querySelector('.text').textContent = '';
  let image;
  try {
    image = prepareImage(fwHex, fwName);
  } catch (e) {
    flashFailed(e, 0);
    return;
  }
  let port;
  try {
    port = await navigator.serial.requestPort();
  } catch (e) {
    showMessage('No port chosen: plug the Uno in, press the button again and pick its port ' +
      '(usually named "Arduino Uno", "USB Serial" or "CH340").', false);
    return;
  }
  try {
    await port.open({ baudRate: BAUD, bufferSize: 4096 });
  } catch (e) {
    flashFailed(new FlashError('port', `The port could not be opened (${e.message}): it is ` +
      'probably busy in another program (the Arduino IDE\'s serial monitor, picocom, another ' +
      'tab). Close it and try again. Nothing was written.'), 0);
    return;
  }
  flashBtn.disabled = true;
  const link = serialLink(port);
  let fraction = 0;
  log('sys', `-- flashing ${fwName} into the Uno --`);
  showProgress('write', 0, 'resetting the board into its bootloader');
  try {
    const r = await flashBoard(link, image, {
      progress: (p) => {
        fraction = (p.phase === 'write' ? 0 : 0.5) + p.page / p.pages / 2;
        showProgress(p.phase, fraction, `${p.phase === 'write' ? 'writing' : 'verifying'} page ` +
          `${p.page} of ${p.pages} - ${num(p.bytes)} of ${num(p.totalBytes)} bytes`);
      },
      note: (t) => log('sys', `-- ${t} --`),
      line: (t) => log('uno', t),
    });
    showProgress('ok', 1, `done: ${num(r.bytes)} bytes in ${r.pages} pages, written and verified`);
    log('sys', `-- flashed in ${(r.ms / 1000).toFixed(1)} s --`);
    showMessage(r.banner ? `Flashed and verified. The Uno says: ${r.banner}` :
      'Flashed and verified. The Uno said nothing that looks like `ttt: ready` (not this firmware?).', false);
  } catch (e) {
    flashFailed(e, fraction);
  } finally {
    await link.close();
    flashBtn.disabled = false;
  }
}

// Without Web Serial: which browsers have it, and the image to download for avrdude.
function offerDownload() {
  if ('serial' in navigator) return;
  const a = $('download');
  if (a.href.startsWith('blob:')) URL.revokeObjectURL(a.href);
  a.href = URL.createObjectURL(new Blob([fwHex], { type: 'application/octet-stream' }));
  a.download = fwName;
  a.textContent = `Download ${fwName}`;
}
if ('serial' in navigator) {
  flashBtn.addEventListener('click', flashUno);
} else {
  flashBtn.disabled = true;
  flashBtn.title = 'this browser has no Web Serial';
  $('no-serial').hidden = false;
  offerDownload();
}

// ---- go ----------------------------------------------------------------------------------

try {
  const img = parseHex($('firmware').textContent);
  start(img.flash, fwName);
} catch (e) {
  log('sys', `the embedded firmware does not load: ${e.message}`);
}
requestAnimationFrame(frame);
