// sim/web/src/verdict.js - whether the board took the last press, for the status lines of
// the page and ttt-sim-js (as sim/ttt_sim.c's): the firmware answers every press it acts
// on with a console line (a move, a hint, the menu, a pick, a new game, the statistics);
// one that ends with none ANSWER_MS after its release, but for an AI move, a result, a
// "ttt:" notice or a line that says "ignored", was ignored (sim/README.md, "Ignored
// presses"); one answered is named with its answer (a setting's value). Cycles are the
// board's (board.now()).
import { msToCycles, TIMINGS } from './shield.js';

// The game in play (firmware/README.md, "Three games") after a line of the board's, as
// sim/ttt_sim.c's note_game(): `game: fading`, or a new game's line, which ends with the
// game unless it is normal; any other line leaves `current`.
export function gameOfLine(line, current) {
  if (line.startsWith('game: ')) return line.slice(6);
  if (!line.startsWith('new: ')) return current;
  const m = /, (misere|fading)$/.exec(line);
  return m ? m[1] : 'normal';
}

export const answersPress = (line) => !/^(ai: |result: |ttt: )/.test(line) && !line.includes('ignored');

export class PressVerdict {
  /** onVerdict(text): the status line's text, at each step of the press. */
  constructor(onVerdict) {
    this.onVerdict = onVerdict;
    this.cell = -1;
  }

  /** The press of `cell` (what: how the status names it) goes down at cycle `now`. */
  pressed(cell, what, now, isLong) {
    if (this.decideAt) this.decide();
    Object.assign(this, { cell, what, down: now, answered: false, decideAt: 0 });
    this.onVerdict(`${isLong ? 'long press' : 'pressed'}: ${what}`);
  }

  /** A console line from the board: the answer names what the press did. */
  line(text) {
    if (this.cell >= 0 && answersPress(text)) Object.assign(this, { answered: true, answer: text });
  }

  /** A cell let go at `now`: the judged press is named by how long it was held. */
  released(cell, now) {
    if (cell !== this.cell || this.decideAt) return;
    this.decideAt = now + msToCycles(TIMINGS.ANSWER_MS);
    this.kind = now - this.down >= msToCycles(TIMINGS.ARMED_MS) ? 'long' : 'short';
    this.onVerdict(`${this.kind} press: ${this.what}`);
  }

  /** Time passes: the verdict once the board had its time to answer. */
  due(now) { if (this.decideAt && now >= this.decideAt) this.decide(); }

  /** The verdict: the board's answer named (a move, a setting's value), or ignored. */
  decide() {
    this.onVerdict(this.answered ? `${this.kind} press: ${this.what}: ${this.answer}` : `ignored: ${this.what}`);
    this.decideAt = 0;
    this.cell = -1;
  }
}
