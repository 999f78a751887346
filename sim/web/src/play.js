// sim/web/src/play.js - ttt-sim-js without --stdio: the terminal board of `make play`
// (sim/ttt_sim.c) on avr8js, in real time, with the same keys and the same layouts:
// FULL (cells 3 rows tall, 80x35), COMPACT (2 rows, key help beside the grid, 72x14;
// 80x24 shows 14 console lines), or a message when the terminal is smaller. Node only.
import {
  msToCycles, F_CPU, SHIFT_MS, SHIFTED_DIGITS, TIMINGS, cellKey, keyCell, shadePermille,
} from './shield.js';
import MENU_TABLE from 'board-menu';
import LEGEND_TABLE from 'board-legend';
import { Presses } from './presses.js';
import { PressVerdict, gameOfLine } from './verdict.js';

const LOG_LINES = 14, LOG_WRAP = 68; // a longer line wraps at a space: it fits 72 columns
const READY_STATUS = "ready: hold the centre 2 s for the menu, '?' for help";
const FULL_COLS = 80, FULL_ROWS = 35, COMPACT_COLS = 72, COMPACT_ROWS = 14;
const PLACE = ['top left', 'top middle', 'top right', 'middle left', 'centre', 'middle right',
  'bottom left', 'bottom middle', 'bottom right'];
// the board's menu (firmware/game/menu.h), then how to read the board: sim/legend.txt, its
// facts filled in, as build/gen/legend.json (sim/ttt_sim.c's lines; each at most 70 columns)
const MENU = MENU_TABLE.cells.map((c) => c.long);
const LEGEND = LEGEND_TABLE.legend;
// escape sequences (arrow and function keys) do nothing; a lone ESC is the Esc key
const NOTE_SHOWN_MS = 400; // ttt-sim's: the note mark stays this long after the last edge
const ESC_NONE = 0, ESC_GOT = 1, ESC_SEQ = 2, ESC_LONE_MS = 50;
const isQuit = (ch) => ch === 113 || ch === 81 || ch === 3 || ch === 4; // q Q ^C ^D

// a lit cell's background: its color, darker for each shade below full (256 colors);
// below full the key row also gives the share of full, for terminals without color
const BG = {
  r: ['\x1b[48;5;52;97m', '\x1b[48;5;88;97m', '\x1b[48;5;124;97m', '\x1b[41;97m'],
  g: ['\x1b[48;5;22;97m', '\x1b[48;5;22;97m', '\x1b[48;5;28;97m', '\x1b[42;30m'],
  y: ['\x1b[48;5;58;97m', '\x1b[48;5;94;97m', '\x1b[48;5;136;97m', '\x1b[43;30m'],
};

// The terminal board: its state as drawn, the screen, the keys.
class Play {
  constructor(board, image, out, inp) {
    this.board = board;
    this.out = out;
    this.inp = inp;
    this.name = image.replace(/^.*\//, '');
    this.log = [];
    this.numpad = false;
    this.longNext = false;
    this.editing = false;
    this.input = '';
    this.status = READY_STATUS;
    this.legend = false;
    this.esc = ESC_NONE;
    this.escTimer = null;
    this.resized = true;
    // two quick taps are two presses (presses.js); whether the board took one (verdict.js)
    this.verdict = new PressVerdict((text) => { this.status = text; });
    this.presses = new Presses(board, (c, isDown) => { if (!isDown) this.verdict.released(c, board.now()); });
    this.held = { cell: -1, last: 0, repeated: false }; // a digit key the terminal repeats
    this.game = 'normal';
    board.onLine = (line) => {
      this.game = gameOfLine(line, this.game);
      this.verdict.line(line);
      this.push(`< ${line}`);
    };
    // the note mark, as ttt-sim's (sound_edge and print_status in sim/ttt_sim.c): the
    // tone over the run of the sounder's evenly spaced edges (each spacing within 2 % of
    // the one before), shown NOTE_SHOWN_MS after the last edge, so a 10 ms click is seen
    this.note = { last: 0, spacing: 0, runFirst: 0, runN: 0, hz: 0 };
    const wav = board.onSound;
    board.onSound = (cycle, high) => {
      if (wav) wav(cycle, high);
      const n = this.note, d = cycle - n.last;
      if (n.last && d * 50 >= n.spacing * 49 && d * 49 <= n.spacing * 50) {
        n.runN++;
        const span = 2 * (cycle - n.runFirst);
        n.hz = Math.floor((F_CPU * n.runN + Math.floor(span / 2)) / span);
      } else {
        n.runFirst = n.last;
        n.runN = 1;
      }
      n.spacing = d;
      n.last = cycle;
    };
  }

  // the status line, `width` columns, ending with the note mark while a tone plays
  statusLine(width) {
    const n = this.note;
    if (!n.hz || this.board.now() - n.last > msToCycles(NOTE_SHOWN_MS)) return ` ${this.status.slice(0, width)}\x1b[K\r\n`;
    return ` ${this.status.slice(0, width - 11).padEnd(width - 11)} \u266a ${String(n.hz).padStart(5)} Hz\x1b[K\r\n`;
  }

  // a console line into the log, wrapped at word boundaries (continued 4 columns in)
  push(t) {
    let indent = '';
    for (;;) {
      const room = LOG_WRAP - indent.length;
      let cut = room;
      if (t.length > room) {
        while (cut > room / 2 && t[cut] !== ' ') cut--;
        if (t[cut] !== ' ') cut = room; // one long word: cut it
      }
      this.log.push(indent + t.slice(0, cut));
      if (this.log.length > LOG_LINES) this.log.shift();
      t = t.slice(cut).replace(/^ +/, '');
      if (!t) return;
      indent = '    ';
    }
  }

  size() { return { cols: this.out.columns || 80, rows: this.out.rows || 24 }; }

  tooSmall() {
    const { cols, rows } = this.size();
    return cols < COMPACT_COLS || rows < COMPACT_ROWS;
  }

  // one text line (0-2) of cell c
  cell(c, line) {
    const board = this.board, p = board.picture[c];
    const blink = p >= 'A' && p <= 'Z';
    const lc = p.toLowerCase();
    const darkHalf = blink && Math.floor(board.now() / msToCycles(250)) % 2 === 1;
    const percent = lc === '.' ? 100 : Math.max(1, Math.round(shadePermille(board.shades[c]) / 10));
    const k = percent >= 100 ? 3 : percent >= 25 ? 2 : percent >= 6 ? 1 : 0;
    const bg = darkHalf || lc === '.' ? '\x1b[100;37m' : BG[lc][k];
    const word = lc === 'r' ? '  red  ' : lc === 'g' ? ' green ' : lc === 'y' ? 'yellow ' : '       ';
    if (line === 1 && percent < 100 && !darkHalf) {
      return `${bg} ${cellKey(c, this.numpad)} ${String(percent).padStart(2)}% \x1b[0m `;
    }
    if (line === 1) return `${bg}   ${cellKey(c, this.numpad)}   \x1b[0m `;
    if (line === 2) return `${bg}${darkHalf ? '       ' : word}\x1b[0m `;
    return `${bg}       \x1b[0m `;
  }

  consoleLines(lines, cols) {
    let s = '';
    const first = Math.max(0, this.log.length - lines);
    for (let i = 0; i < lines; i++) s += `  ${(this.log[first + i] || '').slice(0, cols - 3)}\x1b[K\r\n`;
    s += this.editing ? ` > ${this.input.slice(-(cols - 4))}\x1b[K` : " ':' to type a console line\x1b[K";
    return s + '\x1b[J';
  }

  legendLine(i, cols) {
    let row = LEGEND[i];
    if (typeof row !== 'string') {
      const r = row.menu_row;
      row = '';
      for (let c = 0; c < 3; c++) row += `${cellKey(r * 3 + c, this.numpad)} ${MENU[r * 3 + c].padEnd(14)}`;
      row += LEGEND[i].note;
    }
    return ` ${row.slice(0, cols - 2)}\x1b[K\r\n`;
  }

  // FULL: cells 3 rows tall, the help under the grid, 14 console lines
  drawFull(cols) {
    // within 72 columns with the game in play (a 12-letter image name: 67)
    let s = ` ttt-sim-js: ${this.name.slice(0, 20)}  (simulated Uno + shield, avr8js)  game: ${this.game}\x1b[K\r\n\x1b[K\r\n`;
    for (let r = 0; r < 3; r++) {
      for (let line = 0; line < 3; line++) {
        s += '  ';
        for (let c = 0; c < 3; c++) s += this.cell(r * 3 + c, line);
        s += '\x1b[K\r\n';
      }
      s += '\x1b[K\r\n';
    }
    s += ` keys ${this.numpad ? '7-8-9 top row, 1-2-3 bottom (numeric keypad)' : '1-9 in reading order (1 top left)'}; 'n' switches${this.longNext ? '  [LONG]' : ''}\x1b[K\r\n`;
    s += " shift+digit or 'l',digit: long press  ':' console  '?' help  'q' quit\x1b[K\r\n";
    s += this.statusLine(78);
    if (this.legend) {
      s += '\x1b[K\r\n';
      for (let i = 0; i < LEGEND.length; i++) s += this.legendLine(i, cols);
      return s + " '?' back to the serial console\x1b[K\x1b[J";
    }
    return s + '\x1b[K\r\n serial console:\x1b[K\r\n' + this.consoleLines(LOG_LINES, cols);
  }

  // COMPACT: cells 2 rows tall with the key help beside them
  drawCompact(cols, rows) {
    const help = [`ttt-sim-js: ${this.name.slice(0, 30)}  game: ${this.game}`,
      `keys ${this.numpad ? '7-8-9 top, 1-2-3 bottom' : '1-9 in reading order'}${this.longNext ? '  [LONG]' : ''}`,
      "  'n' numeric keypad layout", "shift+digit or 'l',digit: long press",
      "':' console line   'q' quit", `'?' ${this.legend ? 'back to the console' : 'menu, colours, help'}`];
    let s = '';
    for (let row = 0; row < 6; row++) {
      const r = Math.floor(row / 2);
      s += '  ';
      for (let c = 0; c < 3; c++) s += this.cell(r * 3 + c, (row % 2) + 1);
      s += ` ${help[row]}\x1b[K\r\n`;
    }
    if (this.legend) { // in place of the status, the console and its input
      for (let i = 0; i < LEGEND.length && i < rows - 6; i++) s += this.legendLine(i, cols);
      return s + '\x1b[J';
    }
    s += `${this.statusLine(70)} serial console:\x1b[K\r\n`;
    return s + this.consoleLines(Math.min(LOG_LINES, rows - 9), cols);
  }

  draw() {
    const { cols, rows } = this.size();
    let s = this.resized ? '\x1b[2J' : '';
    this.resized = false;
    s += '\x1b[H\x1b[0m';
    if (cols >= FULL_COLS && rows >= FULL_ROWS) {
      s += this.drawFull(cols);
    } else if (cols >= COMPACT_COLS && rows >= COMPACT_ROWS) {
      s += this.drawCompact(cols, rows);
    } else {
      s += `This terminal is ${cols}x${rows}: too small.\x1b[K\r\n`;
      s += `The board needs at least ${COMPACT_COLS}x${COMPACT_ROWS}\x1b[K\r\n`;
      s += `(${FULL_COLS}x${FULL_ROWS} for big cells). Enlarge\x1b[K\r\n`;
      s += "the window, or press 'q' to quit.\x1b[K\r\n";
      s += 'Other keys do nothing here.\x1b[K\x1b[J';
    }
    this.out.write(s);
  }

  // The chip up to the wall clock (at most 200 ms per call, in 2 ms steps, so key
  // releases land on time); false when it stopped.
  catchUp(target) {
    const board = this.board;
    const limit = Math.min(target, board.now() + msToCycles(200));
    while (board.now() < limit) {
      this.presses.due();
      this.verdict.due(board.now());
      if (board.runUntil(Math.min(limit, board.now() + msToCycles(2))) < 0) {
        this.status = `the simulated chip stopped (${board.status.crashReason})`;
        return false;
      }
    }
    return true;
  }

  // the Esc key: drops the line being typed, closes the legend
  escKey() {
    clearTimeout(this.escTimer);
    this.esc = ESC_NONE;
    this.legend = false;
    this.editing = false;
    this.input = '';
  }

  // true when the byte is part of an escape sequence (taken here)
  escape(ch) {
    const esc = this.esc;
    if (esc === ESC_SEQ) {
      if (ch >= 0x40 && ch <= 0x7e) this.esc = ESC_NONE; // the final byte
      return true;
    }
    if (esc === ESC_GOT && (ch === 0x5b || ch === 0x4f)) { // [ O
      clearTimeout(this.escTimer);
      this.esc = ESC_SEQ;
      return true;
    }
    if (esc === ESC_GOT) this.escKey(); // and the byte after it is a key of its own
    if (ch === 27) {
      this.esc = ESC_GOT;
      this.escTimer = setTimeout(() => this.escKey(), ESC_LONE_MS);
      return true;
    }
    return false;
  }

  // a key while typing a console line: Enter sends it
  edit(ch) {
    if (ch === 13 || ch === 10) {
      this.board.serialLine(this.input);
      this.push(`> ${this.input}`);
      this.editing = false;
      this.input = '';
    } else if ((ch === 127 || ch === 8) && this.input.length) {
      this.input = this.input.slice(0, -1);
    } else if (ch >= 32 && ch < 127 && this.input.length < 119) {
      this.input += String.fromCharCode(ch);
    }
  }

  // a key on the board; true for quit
  key(ch) {
    const c = String.fromCharCode(ch);
    let digit = 0, isLong = false;
    if (c >= '1' && c <= '9') digit = ch - 48;
    else if (SHIFTED_DIGITS.includes(c)) { digit = SHIFTED_DIGITS.indexOf(c) + 1; isLong = true; }
    if (isQuit(ch)) return true;
    if (c === 'n' || c === 'N') this.numpad = !this.numpad;
    else if (c === 'l' || c === 'L') this.longNext = !this.longNext;
    else if (c === ':') { this.editing = true; this.legend = false; } else if (c === '?') this.legend = !this.legend;
    else if (digit) {
      this.digit(keyCell(digit, this.numpad), isLong || this.longNext);
      this.longNext = false;
    }
    return false;
  }

  // A digit: a long press (shift, 'l'), or a key that may be held. Held, the terminal
  // repeats it: its first byte holds the cell REPEAT_DELAY_MS, each repeat within that
  // extends the hold to REPEAT_GAP_MS past it, so a held key is one hold, not a tap and then
  // more; another key first makes an unrepeated one a tap (as sim/ttt_sim.c's play_digit).
  digit(cl, isLong) {
    const now = this.board.now(), h = this.held;
    const within = msToCycles(h.repeated ? TIMINGS.REPEAT_GAP_MS : TIMINGS.REPEAT_DELAY_MS);
    if (!isLong && h.cell === cl && now - h.last <= within && this.presses.extend(cl, TIMINGS.REPEAT_GAP_MS)) {
      h.last = now;
      h.repeated = true;
      return;
    }
    const tapped = h.cell >= 0 && !h.repeated;
    if (tapped) this.presses.tap(h.cell);
    // shift+digit: past the firmware's menu hold (shift+5 opens the menu); right after the
    // same digit, a tap and then it
    this.presses.down(cl, isLong ? SHIFT_MS : TIMINGS.REPEAT_DELAY_MS, tapped && h.cell === cl);
    this.held = { cell: isLong ? -1 : cl, last: now, repeated: false };
    this.verdict.pressed(cl, `key ${cellKey(cl, this.numpad)} = ${PLACE[cl]} cell (cell ${cl + 1})`, now, isLong);
  }

  // the bytes typed; true for quit
  typed(buf) {
    for (const ch of buf) {
      if (this.tooSmall()) { // nothing shows what a key would do: only quit acts
        if (isQuit(ch)) return true;
        continue;
      }
      if (this.escape(ch)) continue;
      if (this.editing) this.edit(ch);
      else if (this.key(ch)) return true;
    }
    return false;
  }

  // Real time: the chip runs up to the wall clock; the screen is drawn 30 times a second.
  run() {
    const { out, inp } = this;
    return new Promise((resolve) => {
      let done = false, lastDraw = 0;
      const t0 = Date.now(), sim0 = this.board.now();
      const finish = (rc) => {
        if (done) return;
        done = true;
        clearInterval(timer);
        clearTimeout(this.escTimer);
        inp.setRawMode(false);
        inp.pause();
        out.write('\x1b[0m\x1b[?25h\x1b[?1049l');
        resolve(rc);
      };
      const tick = () => {
        if (!this.catchUp(sim0 + (Date.now() - t0) * (F_CPU / 1000))) {
          this.draw();
          setTimeout(() => finish(0), 2000);
          clearInterval(timer);
          return;
        }
        if (Date.now() - lastDraw > 33) {
          this.draw();
          lastDraw = Date.now();
        }
      };
      const timer = setInterval(tick, 4);
      out.on('resize', () => { this.resized = true; });
      out.write('\x1b[?1049h\x1b[?25l\x1b[2J');
      inp.setRawMode(true);
      inp.resume();
      inp.on('data', (buf) => { if (this.typed(buf)) finish(0); });
      for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => finish(0));
    });
  }
}

export function runPlay(board, image) {
  const out = process.stdout, inp = process.stdin;
  if (!inp.isTTY || !out.isTTY) {
    process.stderr.write('ttt-sim-js: play mode needs a terminal (use --stdio for scripts)\n');
    return Promise.resolve(2);
  }
  return new Play(board, image, out, inp).run();
}
