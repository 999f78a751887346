// tests/web/test_reader.mjs - the board in words (sim/web/src/reader.js), in Node: the
// console lines the firmware writes (firmware/README.md, "What they answer") announced,
// the mode and whose each mark is taken from them (the AI's move tells an unsaid mode),
// each cell named from its LED: empty, X or O with its owner, blinking, the hint, an
// analysis's outcomes, the menu's labels; a transient display forgotten at the next move.
// Usage: node --test test_reader.mjs
import test from 'node:test';
import assert from 'node:assert/strict';
import { bundle } from './bundle.mjs';

const { BoardReader } = await bundle("export { BoardReader } from './reader.js';\n");
const MENU = ['you X', 'you O', 'two players', 'level', 'close', 'sound', 'statistics', 'colour-blind',
  'brightness'];
const names = (r, pic) => [...pic].map((led, i) => r.cell(i, led));

test('a game against the AI: announced, and whose each mark is', () => {
  const r = new BoardReader(MENU);
  assert.equal(r.line('ttt: ready (type help)'), '');
  assert.equal(r.line('new: vs ai, you x, level perfect'), 'new game: you are X, level perfect');
  assert.equal(r.line('move: 1 (x)'), 'X on cell 1 (you)');
  assert.equal(r.line('ai: 5 (o)'), 'O on cell 5 (the AI)');
  assert.deepEqual(names(r, 'r...g....').slice(0, 2), ['cell 1, X, yours', 'cell 2, empty']);
  assert.equal(r.cell(4, 'g'), "cell 5, O, the AI's");
  assert.equal(r.line('result: o wins'), 'O wins: the AI wins');
  assert.equal(r.cell(4, 'G'), "cell 5, O, the AI's, blinking");
  assert.equal(r.line('result: draw'), 'a draw');
});

test('you O; two players; a mode never said, told by the AI\'s move', () => {
  const r = new BoardReader(MENU);
  r.line('new: vs ai, you o, level easy');
  assert.equal(r.cell(0, 'r'), "cell 1, X, the AI's");
  assert.equal(r.line('result: o wins'), 'O wins: you win');
  assert.equal(r.line('new: two players, level easy'), 'new game: two players, level easy');
  assert.equal(r.line('move: 3 (o)'), 'O on cell 3');
  assert.equal(r.cell(2, 'g'), 'cell 3, O');
  assert.equal(r.line('result: x wins'), 'X wins');
  const fresh = new BoardReader(MENU);
  fresh.line('ai: 9 (x)');
  assert.equal(fresh.cell(0, 'g'), 'cell 1, O, yours');
});

test('a hint, an analysis, the menu: their own names until the game shows again', () => {
  const r = new BoardReader(MENU);
  r.line('new: vs ai, you x, level perfect');
  assert.equal(r.line('hint: 3'), 'hint: cell 3');
  assert.equal(r.cell(2, 'y'), 'cell 3, empty, the hint');
  assert.equal(r.cell(3, 'y'), 'cell 4, yellow');
  assert.equal(r.line('analysis: 2 win 3 draw 9 loss'),
    'analysis, for the side to move: cell 2 a win, cell 3 a draw, cell 9 a loss');
  assert.deepEqual([r.cell(1, 'g'), r.cell(8, 'r'), r.cell(0, 'r')],
    ['cell 2, empty, a win there', 'cell 9, empty, a loss there', 'cell 1, X, yours']);
  assert.equal(r.cell(1, '.'), 'cell 2, empty'); // the analysis gone from the LEDs
  r.line('move: 2 (x)');
  assert.equal(r.cell(1, 'r'), 'cell 2, X, yours');
  assert.match(r.line('menu: 1 x 2 o 3 2p 4 level 5 close 6 sound 7 stats 8 cues 9 bright'), /^menu open: 1 you X, 2 you O/);
  assert.deepEqual([r.cell(3, 'y'), r.cell(5, 'G'), r.cell(6, '.')],
    ['cell 4, menu: level', 'cell 6, menu: sound, chosen', 'cell 7, dark']);
  assert.equal(r.line('menu: 6 chosen, hold it to confirm'), 'menu: sound chosen, hold it to pick');
  assert.equal(r.line('sound: quiet'), 'sound: quiet');
  assert.equal(r.line('menu: closed'), 'menu closed');
  assert.equal(r.cell(3, 'y'), 'cell 4, yellow');
});
