// tests/web/test_page_a11y.mjs - a page a screen reader can play, in Debian's Chromium
// (headless, from file://): axe-core (AXE_JS, pinned in sim/web/package-lock.json) finds no
// violation of its rules (WCAG 2.1 A and AA, best practices) at 1200 x 900 and 390 x 844,
// at boot, mid-game, with the menu open, the game over and the erase question open; a
// planted mistake (the board a grid with no rows, a button with no name) is caught. Each
// cell's accessible name says its state ("cell 5, X, yours", the AI's, blinking, the
// menu's labels) and the moves and results are announced in #said, a live region; every
// control is reached with Tab and works from the keyboard: a cell by Enter, a long press
// by holding Space (a hint), the arrows across the board, the keypad layout, Erase
// EEPROM's question (Escape-free: its buttons), the file input, the console.
// Saves OUT_DIR/a11y-1200.png and a11y-390.png (a cell focused).
// Usage: WEB_PAGE=build/web/index.html AXE_JS=.../axe.min.js OUT_DIR=DIR
//        TIMINGS_JSON=build/gen/timings.json node --test test_page_a11y.mjs
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import test from 'node:test';
import { usePage, noPageErrors, check } from './chromium.mjs';
import { inputs } from './inputs.mjs';
import { rxLines, waitLine, waitFor, command, simWait, picture } from './page_read.mjs';

const [pagePath, axeJs, outDir, timingsJson] = inputs('WEB_PAGE', 'AXE_JS', 'OUT_DIR', 'TIMINGS_JSON');
fs.mkdirSync(outDir, { recursive: true });
const AXE = fs.readFileSync(axeJs, 'utf8');
const s = usePage(pathToFileURL(path.resolve(pagePath)).href, { viewport: { width: 1200, height: 900 } });
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

// axe's violations on the page as it is now: ["rule: target ..."]
async function violations(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ content: AXE });
  const found = await page.evaluate((tags) => window.axe.run(document, { runOnly: { type: 'tag', values: tags } })
    .then((r) => r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)), TAGS);
  return found;
}
async function noViolations(page, when) {
  const v = await violations(page);
  console.log(`a11y ${when}: ${v.length} violations`);
  check(`axe at ${when}: no violation`, v.length === 0, v.join('; '));
}
const name = (page, cell) => page.getAttribute(`.cell[data-cell="${cell}"]`, 'aria-label');
const said = (page) => page.$$eval('#said p', (ps) => ps.map((p) => p.textContent));
const waitName = (page, cell, re) => waitFor(page, `cell ${cell} named ${re}`, async () => re.test(await name(page, cell)), 2000);

test('boot: no violation, each cell named empty', async () => {
  const { page } = s;
  await waitLine(page, 'boot banner', /^new: /, 0, 8000);
  // the greeting's sweep lights the cells red for its time after the banner (timing.h's
  // GAME_BOOT_MS): past it on the simulated clock, for on a busy machine the picture was
  // still dark before the sweep's first step
  const greeting = JSON.parse(fs.readFileSync(timingsJson, 'utf8')).game.find((t) => t.name === 'BOOT').ms;
  await simWait(page, greeting + 200);
  await waitFor(page, 'the greeting over', async () => (await picture(page)) === '.........', 4000);
  await noViolations(page, 'boot, 1200 x 900');
  for (let c = 1; c <= 9; c++) check(`cell ${c} named`, (await name(page, c)) === `cell ${c}, empty`, await name(page, c));
  check('the new game announced', (await said(page)).includes('new game: you are X, level perfect'));
});

test('a move from the keyboard: Tab to a cell, Enter; the names and the announcements follow', async () => {
  const { page } = s;
  await page.focus('.cell[data-cell="1"]');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  check('the arrows move the focus', await page.evaluate(() => document.activeElement.dataset.cell) === '5');
  const n = (await rxLines(page)).length;
  await page.keyboard.press('Enter');
  await waitLine(page, 'the move', /^move: 5 \(x\)/, n);
  const ai = await waitLine(page, 'the AI answers', /^ai: ([1-9]) \(o\)/, n, 2000);
  const aiCell = Number(/^ai: ([1-9])/.exec(ai)[1]);
  await waitName(page, 5, /^cell 5, X, yours$/);
  await waitName(page, aiCell, new RegExp(`^cell ${aiCell}, O, the AI's$`));
  const lines = await said(page);
  check('announced', lines.includes('X on cell 5 (you)') && lines.includes(`O on cell ${aiCell} (the AI)`), lines.join(' | '));
  await page.screenshot({ path: path.join(outDir, 'a11y-1200.png') });
  await noViolations(page, 'mid-game, 1200 x 900');
});

test('a long press from the keyboard: Space held on an empty cell gives the hint', async () => {
  const { page } = s;
  const free = await page.$eval('#board', (b) => [...b.dataset.picture].indexOf('.') + 1);
  await page.focus(`.cell[data-cell="${free}"]`);
  const n = (await rxLines(page)).length;
  await page.keyboard.down(' ');
  await simWait(page, 1000);
  await page.keyboard.up(' ');
  const hint = await waitLine(page, 'a hint', /^hint: ([1-9])/, n, 2000);
  check('the hint announced', (await said(page)).includes(`hint: cell ${/[1-9]/.exec(hint)[0]}`));
});

test('the menu: its cells named by their labels, no violation; a game over, blinking and announced', async () => {
  const { page } = s;
  await page.focus('.cell[data-cell="5"]');
  await page.keyboard.down('Enter');
  await simWait(page, 2300);
  await page.keyboard.up('Enter');
  await waitName(page, 4, /^cell 4, menu: level$/);
  await noViolations(page, 'the menu open');
  await command(page, 'new 2p');
  for (const c of [1, 4, 2, 5, 3]) {
    await page.keyboard.press(String(c));
    await simWait(page, 400);
  }
  await waitFor(page, 'X wins announced', async () => (await said(page)).includes('X wins'), 3000);
  await waitName(page, 1, /^cell 1, X, blinking$/);
  await noViolations(page, 'a game over');
});

// the interactive elements Tab reaches, in order, from the top
async function tabStops(page) {
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  const stops = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate(() => {
      const e = document.activeElement;
      return e.id || (e.dataset.cell ? `cell${e.dataset.cell}` : e.tagName.toLowerCase());
    });
    if (stops.includes(id)) break;
    stops.push(id);
  }
  return stops;
}

test('every control is reached with Tab and works from the keyboard', async () => {
  const { page } = s;
  const stops = await tabStops(page);
  const want = ['cell1', 'cell9', 'mute', 'reset', 'numpad', 'hexfile', 'erase', 'line', 'flash'];
  check('Tab reaches every control', want.every((w) => stops.includes(w)), stops.join(' '));
  await page.focus('#numpad');
  await page.keyboard.press('Enter');
  check('the keypad layout by Enter', await page.getAttribute('#numpad', 'aria-pressed') === 'true');
  check('its keys in the names', /^cell 1, .*\(key 7\)$/.test(await name(page, 1)), await name(page, 1));
  await page.keyboard.press('Space');
  await page.focus('#erase');
  await page.keyboard.press('Enter');
  check('Erase EEPROM asks, the focus on "keep"', await page.evaluate(() => document.activeElement.id) === 'erase-no');
  await noViolations(page, 'the erase question open');
  await page.keyboard.press('Enter');
  check('"keep" closes it', await page.getAttribute('#erase-confirm', 'hidden') !== null);
  const n = (await rxLines(page)).length;
  await page.focus('#line');
  await page.keyboard.type('level easy');
  await page.keyboard.press('Enter');
  await waitLine(page, 'the console by keys', /^level: easy/, n);
  await page.keyboard.press('Escape');
});

test('a phone: no violation; planted mistakes are caught', async () => {
  const { page } = s;
  await page.setViewportSize({ width: 390, height: 844 });
  await simWait(page, 200);
  await page.focus('.cell[data-cell="5"]');
  await page.screenshot({ path: path.join(outDir, 'a11y-390.png') });
  await noViolations(page, '390 x 844');
  await page.evaluate(() => document.getElementById('board').setAttribute('role', 'grid'));
  check('planted: the board a grid with no rows', (await violations(page)).some((v) => v.startsWith('aria-required-children')));
  await page.evaluate(() => {
    document.getElementById('board').setAttribute('role', 'group');
    const mute = document.getElementById('mute');
    mute.textContent = '';
    mute.removeAttribute('title');
  });
  check('planted: a button with no name', (await violations(page)).some((v) => v.startsWith('button-name')));
});

noPageErrors(s);
