// sim/web/src/reader.js - the board in words, for a screen reader (page.js): each cell's
// name from its LED (the picture of board_model.h: '.' dark, 'r' red, 'g' green, 'y'
// yellow, upper case blinking) read with what the console said (the mode, a hint, an
// analysis, the menu open), and the words to announce for each console line (a move, a
// result, a new game, the menu; firmware/README.md, "What they answer"). No DOM.
const PLAYER = { x: 'X', o: 'O' };
const OTHER = { x: 'o', o: 'x' };

export class BoardReader {
  /** menu: the menu's long labels, cell 1 first (build/gen/menu.json). */
  constructor(menu) {
    this.menu = menu;
    this.you = null; // 'x' or 'o' against the AI; null with two players (or not yet said)
    this.shows = null; // null: the game; else { kind: 'menu' | 'hint' | 'analysis', ... }
  }

  /** A console line from the board: what to announce ('' for nothing). */
  line(text) {
    let m;
    if ((m = /^new: (?:vs ai, you ([xo])|two players), level (\w+)/.exec(text))) {
      this.you = m[1] || null;
      this.shows = null;
      return `new game: ${m[1] ? `you are ${PLAYER[m[1]]}` : 'two players'}, level ${m[2]}`;
    }
    if ((m = /^(move|ai): ([1-9]) \(([xo])\)/.exec(text))) {
      if (m[1] === 'ai') this.you = OTHER[m[3]];
      this.shows = null;
      return `${PLAYER[m[3]]} on cell ${m[2]}${this._who(m[3], ' (you)', ' (the AI)')}`;
    }
    if ((m = /^result: (?:([xo]) wins|draw)/.exec(text))) {
      this.shows = null;
      return m[1] ? `${PLAYER[m[1]]} wins${this._who(m[1], ': you win', ': the AI wins')}` : 'a draw';
    }
    return this._display(text);
  }

  // the lines that change what the LEDs show: a hint, an analysis, the menu
  _display(text) {
    let m;
    if ((m = /^hint: ([1-9])/.exec(text))) {
      this.shows = { kind: 'hint', cell: Number(m[1]) - 1 };
      return `hint: cell ${m[1]}`;
    }
    if ((m = /^analysis:((?: [1-9] (?:win|draw|loss))*)$/.exec(text))) {
      const outcomes = new Map([...m[1].matchAll(/([1-9]) (win|draw|loss)/g)].map((o) => [Number(o[1]) - 1, o[2]]));
      this.shows = { kind: 'analysis', outcomes };
      return `analysis, for the side to move: ${[...outcomes].map(([c, o]) => `cell ${c + 1} a ${o}`).join(', ')}`;
    }
    if (text === 'menu: closed') {
      this.shows = null;
      return 'menu closed';
    }
    if ((m = /^menu: ([1-9]) chosen/.exec(text))) return `menu: ${this.menu[Number(m[1]) - 1]} chosen, hold it to pick`;
    if (text.startsWith('menu: ')) {
      this.shows = { kind: 'menu' };
      return `menu open: ${this.menu.map((label, i) => `${i + 1} ${label}`).join(', ')}`;
    }
    if (/^(level|sound|colorblind|brightness|stats): /.test(text)) return text;
    if (text.startsWith('ttt: sleeping')) return 'the board sleeps: press a cell to wake it';
    return '';
  }

  // a player's side against the AI, as `mine` or `theirs`; nothing with two players
  _who(player, mine, theirs) {
    if (!this.you) return '';
    return player === this.you ? mine : theirs;
  }

  /** The accessible name of cell i (0-8) whose LED shows `led` ('.rgyRGY'). */
  cell(i, led) {
    const lit = led.toLowerCase(), blink = led !== lit ? ', blinking' : '';
    const s = this.shows, name = `cell ${i + 1}`;
    if (s && s.kind === 'menu') {
      if (lit === '.') return `${name}, dark`;
      return `${name}, menu: ${this.menu[i]}${lit === 'g' ? ', chosen' : ''}`;
    }
    if (s && s.kind === 'hint' && s.cell === i && lit === 'y') return `${name}, empty, the hint`;
    if (s && s.kind === 'analysis' && s.outcomes.has(i) && lit !== '.')
      return `${name}, empty, a ${s.outcomes.get(i)} there`;
    if (lit === 'r') return `${name}, X${this._who('x', ', yours', ', the AI\'s')}${blink}`;
    if (lit === 'g') return `${name}, O${this._who('o', ', yours', ', the AI\'s')}${blink}`;
    if (lit === 'y') return `${name}, yellow${blink}`;
    return `${name}, empty`;
  }
}
