// tests/web/test_browser.mjs - build/web/index.html in a real browser: Debian's
// /usr/bin/chromium, headless, driven by playwright-core (which never downloads a
// browser). From file://, it plays a whole game with clicks and one with the keyboard,
// holds a cell for a hint, types console commands, reads the LEDs and the console from
// the page, checks the statistics survive a reload (EEPROM in localStorage) and the
// phone-sized layout; fails on any page error or any request that is not file://.
// Saves the screenshots (the README's picture comes from here).
// Usage: WEB_PAGE=build/web/index.html SHOT=OUT.png node --test test_browser.mjs
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import test from 'node:test';
import { usePage, noPageErrors, check } from './chromium.mjs';
import { inputs } from './inputs.mjs';
import {
  picture, logLines, rxLines, simWait, waitFor, waitLine, command,
} from './page_read.mjs';

const [pagePath, shotPath] = inputs('WEB_PAGE', 'SHOT');
const LINES = [0x007, 0x038, 0x1c0, 0x049, 0x092, 0x124, 0x111, 0x054];
const s = usePage(pathToFileURL(path.resolve(pagePath)).href,
  { viewport: { width: 1100, height: 720 }, hasTouch: true });

function parse(p) {
  let x = 0, o = 0;
  for (let i = 0; i < 9; i++) {
    const c = p[i].toLowerCase();
    if (c === 'r') x |= 1 << i;
    if (c === 'g') o |= 1 << i;
  }
  return { x, o };
}
const won = (m) => LINES.some((l) => (m & l) === l);

// One game as X against the AI; `move(cell)` makes a press. The person plays the lowest
// empty cell; the board must answer every move on its LEDs and end the game.
async function playGame(page, name, move) {
  const from = (await rxLines(page)).length;
  for (let turn = 0; turn < 5; turn++) {
    const { x, o } = parse(await picture(page));
    let cell = 0;
    while ((x | o) >> cell & 1) cell++;
    await move(cell);
    const line = await waitLine(page, `${name}: the move on cell ${cell + 1}`, new RegExp(`^move: ${cell + 1} \\(x\\)`), from);
    check(`${name}: console names the move`, !!line);
    // the AI's answer (or the end) shows on the LEDs
    const after = await waitFor(page, `${name}: answer to ${cell + 1}`, async () => {
      const p = await picture(page);
      const q = parse(p);
      if (!((q.x >> cell) & 1)) return null;
      if (won(q.x) || won(q.o) || (q.x | q.o) === 0x1ff) return p;
      const n = (v) => v.toString(2).split('1').length - 1;
      return n(q.o) === n(x) + 1 && !/[A-Z]/.test(p) ? p : null;
    }, 6000);
    const q = parse(after);
    if (won(q.x) || won(q.o) || (q.x | q.o) === 0x1ff) {
      const result = await waitLine(page, `${name}: the result line`, /^result: /, from);
      check(`${name}: the board never loses`, !won(q.x) && result !== 'result: x wins', `${after} ${result}`);
      return result;
    }
  }
  throw new Error(`${name}: no result after 5 moves`);
}

// After a game's end a press starts a new game once the result's 2 s are over (presses
// before are refused) and, after a loss, a first press has ended the replay: press every
// 0.7 simulated s (too slow for toddler mode's burst) until the console says `new: `.
async function newGame(page, name, press) {
  const from = (await rxLines(page)).length;
  for (let i = 0; i < 10; i++) {
    await press();
    await simWait(page, 700);
    if ((await rxLines(page)).slice(from).some((l) => l.startsWith('new: '))) return;
  }
  throw new Error(`${name}: no new game after 10 presses`);
}

async function clickCell(page, cell) {
  await page.click(`.cell[data-cell="${cell + 1}"]`);
}

test('the page boots: the banner, the sweep, nine cells', async () => {
  const { page } = s;
  await waitLine(page, 'boot banner', /^ttt: ready/, 0, 8000);
  await waitFor(page, 'empty board after the sweep', async () => (await picture(page)) === '.........', 4000);
  check('cells drawn', (await page.$$('.cell')).length === 9);
});

// 1. a whole game with clicks
test('1. a whole game with clicks', async () => {
  const { page } = s;
  const r1 = await playGame(page, 'clicks', (c) => clickCell(page, c));
  check('game by clicks ends', /^result: (o wins|draw)$/.test(r1), r1);
  await newGame(page, 'new game (click)', () => clickCell(page, 4));
  await waitFor(page, 'new game (click)', async () => (await picture(page)) === '.........', 4000);
});

// 2. a hint: press 5, then hold an empty cell 1.2 s and let go
test('2. a hint: press 5, then hold an empty cell 1.2 s and let go', async () => {
  const { page } = s;
  const fromHint = (await rxLines(page)).length;
  await page.keyboard.press('5');
  await waitLine(page, 'move 5 by key', /^ai: \d \(o\)/, fromHint);
  await simWait(page, 900);
  const p0 = parse(await picture(page));
  let hc = 8;
  while ((p0.x | p0.o) >> hc & 1) hc--;
  const hbox = await page.locator(`.cell[data-cell="${hc + 1}"]`).boundingBox();
  await page.mouse.move(hbox.x + hbox.width / 2, hbox.y + hbox.height / 2);
  await page.mouse.down();
  await simWait(page, 1200);
  // held past the long press (GAME_LONG_MS) the cell lights yellow (armed); the hint comes with the release
  const armed = await waitFor(page, 'the held cell lights yellow (armed)', async () => {
    const leds = await page.getAttribute('#board', 'data-leds');
    return leds[hc] === 'y' ? leds : null;
  }, 2000);
  check('a held cell is armed (yellow) before the release', !!armed);
  check('nothing happens before the release',
    !(await rxLines(page)).slice(fromHint).some((l) => /^hint: /.test(l)));
  await page.mouse.up();
  const hint = await waitLine(page, 'hint line after holding', /^hint: [1-9]$/, fromHint);
  const hintCell = Number(hint.slice(6)) - 1;
  const yellow = await waitFor(page, 'the hint cell lights yellow', async () => {
    const leds = await page.getAttribute('#board', 'data-leds');
    return leds[hintCell] === 'y' ? leds : null;
  }, 2000);
  check('hint shows yellow on its cell', !!yellow);
  check('hint cell is the one held or another empty cell', !((p0.x | p0.o) >> hintCell & 1), hint);
});

// 3. a console command, typed in the input line
test('3. a console command, typed in the input line', async () => {
  const { page } = s;
  const fromCmd = (await rxLines(page)).length;
  await command(page, 'board');
  await waitLine(page, 'answer to board', /^turn: x \(you\)$/, fromCmd);
  const lines = (await rxLines(page)).slice(fromCmd);
  check('board answers 3 rows and the turn', lines.length >= 4 && /^[xo.]{3}$/.test(lines[0]), lines.join(' | '));
  check('console echo of the typed line', (await logLines(page)).some((l) => l === 'tx board'));
});

// 4. finish that game, then a whole game with the keyboard
test('4. finish that game, then a whole game with the keyboard', async () => {
  const { page } = s;
  const finish = async (cell) => { await page.keyboard.press(String(cell + 1)); };
  await playGame(page, 'keys (first game)', finish);
  await newGame(page, 'new game (key)', () => page.keyboard.press('1'));
  await waitFor(page, 'new game (key)', async () => (await picture(page)) === '.........', 4000);
  // a screenshot mid-game: marks, a blinking AI move, the console
  const fromShot = (await rxLines(page)).length;
  await page.keyboard.press('5');
  const aiShot = await waitLine(page, 'AI answer for the screenshot', /^ai: /, fromShot);
  // a free corner (the AI draws among its perfect answers to the centre: the corners)
  await page.keyboard.press(['3', '7', '9', '1'].find((k) => !aiShot.startsWith(`ai: ${k}`)));
  await waitLine(page, 'second AI answer for the screenshot', /^ai: /, fromShot + 2);
  await simWait(page, 700);
  await command(page, 'help');
  await waitLine(page, 'help', /^BOARD: /, fromShot);
  await page.mouse.move(1, 1); // no hover highlight in the picture
  await simWait(page, 300);
  await page.screenshot({ path: shotPath });
  const r2 = await playGame(page, 'keys', finish);
  check('game by keys ends', /^result: (o wins|draw)$/.test(r2), r2);
});

// 5. statistics survive a reload (EEPROM in localStorage)
test('5. statistics survive a reload (EEPROM in localStorage)', async () => {
  const { page } = s;
  await simWait(page, 1500); // the end-of-game save
  const fromStats = (await rxLines(page)).length;
  await command(page, 'stats');
  const stats = await waitLine(page, 'stats', /^stats you x, perfect: /, fromStats);
  check('stats count the games', !/wins 0, draws 0, losses 0/.test(stats), stats);
  await simWait(page, 700);
  await page.reload();
  await waitLine(page, 'boot banner after reload', /^ttt: ready/, 0, 8000);
  await simWait(page, 500);
  const fromStats2 = (await rxLines(page)).length;
  await command(page, 'stats');
  const stats2 = await waitLine(page, 'stats after reload', /^stats you x, perfect: /, fromStats2);
  check('stats survive a reload', stats2 === stats, `${stats} / ${stats2}`);
});

// 6. a bad .hex is refused with a message, the board keeps running
test('6. a bad .hex is refused with a message, the board keeps running', async () => {
  const { page } = s;
  await page.setInputFiles('#hexfile', { name: 'broken.hex', mimeType: 'text/plain', buffer: Buffer.from(':10000000FFFF\n') });
  check('bad hex refused', await waitFor(page, 'bad hex message',
    async () => (await logLines(page)).some((l) => /cannot load broken.hex/.test(l)), 2000));
});

// 7. phone-sized: everything fits the width, cells large enough to touch
test('7. phone-sized: everything fits the width, cells large enough to touch', async () => {
  const { page } = s;
  await page.setViewportSize({ width: 390, height: 844 });
  await simWait(page, 300);
  const layout = await page.evaluate(() => ({
    scroll: document.scrollingElement.scrollWidth,
    cell: document.querySelector('.cell').getBoundingClientRect().width,
    input: document.querySelector('#line').getBoundingClientRect().right,
  }));
  check('phone: no sideways scrolling', layout.scroll <= 390, `scrollWidth ${layout.scroll}`);
  check('phone: cells at least 80 px', layout.cell >= 80, `${layout.cell} px`);
  check('phone: console input inside the screen', layout.input <= 390, `${layout.input}`);
  await page.screenshot({ path: shotPath.replace(/\.png$/, '-phone.png'), fullPage: true });
  // the phone's touch: a tap on a cell is a press
  const fromTap = (await rxLines(page)).length;
  await command(page, 'new x');
  await waitLine(page, 'new x', /^new: /, fromTap);
  await page.locator('.cell[data-cell="1"]').tap();
  await waitLine(page, 'touch move', /^move: 1 \(x\)$/, fromTap);
});

noPageErrors(s);
