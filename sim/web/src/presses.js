// sim/web/src/presses.js - the cells a front end holds down (the page, ttt-sim-js's
// terminal board), with the rule every front end follows (sim/README.md, "Two quick
// taps"): a tap closes its contact for at least PRESS_MS; a press that comes while the
// front end itself holds another cell by time (a tap's PRESS_MS, a timed long press), or
// while others wait, waits for that release and TAP_GAP_MS more (the firmware debounces
// each key for 10 ms, so a release and a press closer than that reach it in either order):
// two quick taps are two presses, in order. A press while the person holds another cell
// goes down at once, as on the board. Cycles are the board's (board.now()).
import { msToCycles, PRESS_MS, TAP_GAP_MS } from './shield.js';

export class Presses {
  /** onKey(cell, down): a cell shown pressed (down, or waiting to) or let go. */
  constructor(board, onKey = () => {}) {
    this.board = board;
    this.onKey = onKey;
    this.pressedAt = new Array(9).fill(-1); // cycle of the press, -1 = up
    this.releaseAt = new Array(9).fill(0); // cycle to let go (0 = when up() says)
    this.waiting = []; // presses not yet down: { cell, holdMs, up } in order
    this.lastReleaseAt = -Infinity;
  }

  /** The cell is down or waiting to go down. */
  busy(cell) { return this.pressedAt[cell] >= 0 || this.waiting.some((w) => w.cell === cell); }

  /** A cell is held by time (it lets go by itself). */
  timedHold() { return this.pressedAt.some((at, c) => at >= 0 && this.releaseAt[c]); }

  /**
   * Press `cell` for holdMs (a timed press), or with holdMs 0 until up(cell). A cell down
   * or waiting is not pressed again, unless `behind`: its timed press goes first (a key's
   * tap, then its long press).
   */
  down(cell, holdMs = 0, behind = false) {
    const after = behind && this.pressedAt[cell] >= 0 && this.releaseAt[cell];
    if (this.busy(cell) && !(after && !this.waiting.some((w) => w.cell === cell))) return;
    if (this.waiting.length || this.timedHold()) this.waiting.push({ cell, holdMs, up: false });
    else this._press(cell, holdMs);
    this.onKey(cell, true);
  }

  /** The person lets go of `cell`: a tap shorter than PRESS_MS still lasts PRESS_MS. */
  up(cell) {
    const w = this.waiting.find((x) => x.cell === cell);
    if (w) { w.up = true; return; } // stretched once it goes down
    if (this.pressedAt[cell] < 0 || this.releaseAt[cell]) return; // a timed press lets go by itself
    this.releaseAt[cell] = Math.max(this.board.now(), this.pressedAt[cell] + msToCycles(PRESS_MS));
  }

  /** A timed press that is down lasts at least `ms` more (a key the terminal repeats). */
  extend(cell, ms) {
    if (this.pressedAt[cell] < 0 || !this.releaseAt[cell]) return false;
    this.releaseAt[cell] = Math.max(this.releaseAt[cell], this.board.now() + msToCycles(ms));
    return true;
  }

  /** A timed press that is down ends as a tap: PRESS_MS after it went down, or now. */
  tap(cell) {
    if (this.pressedAt[cell] < 0 || !this.releaseAt[cell]) return;
    this.releaseAt[cell] = Math.max(this.board.now(), this.pressedAt[cell] + msToCycles(PRESS_MS));
  }

  /** Let go of the cells whose time is up, then press those waiting whose turn it is. */
  due() {
    const now = this.board.now();
    for (let c = 0; c < 9; c++) {
      if (this.pressedAt[c] < 0 || !this.releaseAt[c] || now < this.releaseAt[c]) continue;
      this.pressedAt[c] = -1;
      this.releaseAt[c] = 0;
      this.board.setKeys(this.board.keys & ~(1 << c));
      this.lastReleaseAt = now;
      this.onKey(c, false);
    }
    while (this.waiting.length && !this.timedHold() && now >= this.lastReleaseAt + msToCycles(TAP_GAP_MS)) {
      const w = this.waiting.shift();
      this._press(w.cell, w.holdMs);
      if (w.up && !w.holdMs) this.releaseAt[w.cell] = now + msToCycles(PRESS_MS);
    }
  }

  /** Forget everything (a new board). */
  clear(board = this.board) {
    this.board = board;
    this.pressedAt.fill(-1);
    this.releaseAt.fill(0);
    this.waiting.length = 0;
    this.lastReleaseAt = -Infinity;
  }

  _press(cell, holdMs) {
    const now = this.board.now();
    this.pressedAt[cell] = now;
    this.releaseAt[cell] = holdMs ? now + msToCycles(holdMs) : 0;
    this.board.setKeys(this.board.keys | (1 << cell));
  }
}
