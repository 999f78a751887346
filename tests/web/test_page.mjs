// tests/web/test_page.mjs - the page's own handling of the person, in Debian's Chromium
// (headless, from file://): the console keeps following new lines after the page is
// narrowed from 1100 to 375 px (and stops while the person has scrolled up); after Enter
// in the console input a digit plays (a letter still types); two key taps 30 ms apart are
// two presses in order (two players: both moves), while a tap during the person's own hold
// of another cell is the pair the firmware ignores; the menu's legend is shown, at 375 px
// too, labelled with the keys of the layout; the LEDs drawn as bright as the board lights
// them (on the HAL's bench image, loaded as a .hex: full and dim cells at each brightness
// level, as the board model's shades give them). Saves build/web/page/*.png.
// Usage: WEB_PAGE=build/web/index.html DUTY_HEX=HAL_BENCH_FW.hex OUT_DIR=DIR node --test test_page.mjs
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import test from 'node:test';
import { usePage, noPageErrors, check } from './chromium.mjs';
import { inputs } from './inputs.mjs';
import { picture, rxLines, simWait, waitFor, waitLine, command } from './page_read.mjs';

const [pagePath, dutyHex, menuJson, ledsJson, outDir] = inputs('WEB_PAGE', 'DUTY_HEX', 'MENU_JSON', 'LEDS_JSON',
  'OUT_DIR');
fs.mkdirSync(outDir, { recursive: true });
const s = usePage(pathToFileURL(path.resolve(pagePath)).href, { viewport: { width: 1100, height: 720 } });

// where the console's log is scrolled: at its end (the last line in view) or not
const logView = (page) => page.$eval('#log', (l) => {
  const last = l.lastElementChild.getBoundingClientRect(), box = l.getBoundingClientRect();
  return {
    atEnd: l.scrollTop + l.clientHeight >= l.scrollHeight - 4 && last.bottom <= box.bottom + 1,
    overflows: l.scrollHeight > l.clientHeight + 20, top: l.scrollTop,
  };
});

async function answered(page, text, re) {
  const from = (await rxLines(page)).length;
  await page.fill('#line', text);
  await page.press('#line', 'Enter');
  await waitLine(page, `answer to ${text}`, re, from);
  await simWait(page, 100);
}

// keys dispatched in the page at exact wall-clock offsets (ms): [offset, type, code, key]
const keysAt = (page, events) => page.evaluate((evs) => new Promise((done) => {
  for (const [at, type, code, key] of evs)
    setTimeout(() => document.dispatchEvent(new KeyboardEvent(type, { code, key, bubbles: true })), at);
  setTimeout(done, Math.max(...evs.map((e) => e[0])) + 10);
}), events);

test('the page boots: the banner, the sweep', async () => {
  const { page } = s;
  await waitLine(page, 'boot banner', /^ttt: ready/, 0, 8000);
  await waitFor(page, 'empty board after the sweep', async () => (await picture(page)) === '.........', 4000);
});

// 1. the console follows new lines, also after the page is narrowed to 375 px
test('1. the console follows new lines, also after the page is narrowed to 375 px', async () => {
  const { page } = s;
  let v = await logView(page);
  for (let i = 0; i < 8 && !v.overflows; i++) {
    await answered(page, 'help', /^BOARD: /);
    v = await logView(page);
  }
  check('1100 px: the log overflows (the test needs it)', v.overflows);
  check('1100 px: the console shows its last line', v.atEnd);
  await page.setViewportSize({ width: 375, height: 740 });
  await simWait(page, 200);
  v = await logView(page);
  check('375 px: right after narrowing the console shows its last line', v.atEnd, JSON.stringify(v));
  await answered(page, 'help', /^BOARD: /);
  await answered(page, 'board', /^turn: /);
  v = await logView(page);
  check('375 px: the console still follows new lines', v.atEnd, JSON.stringify(v));
  await page.$eval('#log', (l) => { l.scrollTop = 0; });
  await simWait(page, 100);
  await answered(page, 'board', /^turn: /);
  v = await logView(page);
  check('scrolled up: the console stays where the person put it', !v.atEnd && v.top < 50, JSON.stringify(v));
  await page.$eval('#log', (l) => { l.scrollTop = l.scrollHeight; });
  await simWait(page, 100);
  await answered(page, 'board', /^turn: /);
  check('scrolled back to the end: it follows again', (await logView(page)).atEnd);
  await page.screenshot({ path: path.join(outDir, 'console-375.png') });
});

// 2. after Enter in the console input, a digit plays; a letter still types
test('2. after Enter in the console input, a digit plays; a letter still types', async () => {
  const { page } = s;
  await answered(page, 'new 2p', /^new: two players/);
  check('after Enter the input keeps the focus', await page.evaluate(() => document.activeElement.id === 'line'));
  const from = (await rxLines(page)).length;
  await page.keyboard.press('5');
  await waitLine(page, 'a digit after Enter plays', /^move: 5 \(x\)$/, from);
  check('the digit did not go into the input', (await page.inputValue('#line')) === '');
  await page.keyboard.type('bo');
  check('a letter types into the input', (await page.inputValue('#line')) === 'bo');
  await page.fill('#line', '');
});

// 3. two taps 30 ms apart: two presses, in order (two players: both are moves). The
// higher cell first: a press and a release that the debouncer passes on in the same
// scan come out in cell order, the press of 1 before the release of 9; whether they
// land in the same scan depends on the row scan's phase, so the pair is tapped on
// six new boards.
test('3. two taps 30 ms apart: two presses, in order (two players: both are moves)', async () => {
  const { page } = s;
  let from;
  for (let round = 0; round < 6; round++) {
    await answered(page, 'new 2p', /^new: two players/);
    await simWait(page, 1100); // the rounds' taps a second apart: no burst (toddler mode)
    from = (await rxLines(page)).length;
    await keysAt(page, [[0, 'keydown', 'Digit9', '9'], [10, 'keyup', 'Digit9', '9'],
      [30, 'keydown', 'Digit1', '1'], [40, 'keyup', 'Digit1', '1']]);
    await waitLine(page, `the first of two quick taps (${round + 1})`, /^move: 9 \(x\)$/, from);
    await waitLine(page, `the second of two quick taps (${round + 1})`, /^move: 1 \(o\)$/, from);
  }
  // a tap while the person holds another cell: held together, ignored by the firmware
  await simWait(page, 1100);
  from = (await rxLines(page)).length;
  await keysAt(page, [[0, 'keydown', 'Digit3', '3'], [100, 'keydown', 'Digit7', '7'],
    [110, 'keyup', 'Digit7', '7'], [300, 'keyup', 'Digit3', '3']]);
  await simWait(page, 600);
  const moves = (await rxLines(page)).slice(from).filter((l) => /^move: /.test(l));
  check('a tap during a held key: both void, as on the board', moves.length === 0, moves.join(' | '));
  const said = await page.textContent('#press');
  check('... and the page says the press was ignored', /^ignored: cell 7 \(key 7\)$/.test(said), said);
});

// 3b. a press the firmware takes is named by its length; one it ignores (a taken cell:
// no console answer) says "ignored" (src/verdict.js)
test('3b. the press line: "short press" for a move, "ignored" for a taken cell', async () => {
  const { page } = s;
  await answered(page, 'new x', /^new: vs ai, you x/);
  const pressSays = (re) => waitFor(page, `the press line ${re}`, async () => {
    const t = await page.textContent('#press');
    return re.test(t) ? t : null;
  }, 1500);
  let from = (await rxLines(page)).length;
  await page.click('.cell[data-cell="5"]');
  await waitLine(page, 'the move', /^move: 5 \(x\)$/, from);
  await waitLine(page, 'the AI answers', /^ai: /, from);
  await pressSays(/^short press: cell 5 \(key 5\): move: 5 \(x\)$/); // named by the board's answer
  await simWait(page, 400);
  check('a move: still a short press after its answer time', /^short press: cell 5/.test(await page.textContent('#press')));
  from = (await rxLines(page)).length;
  await page.click('.cell[data-cell="5"]');
  await pressSays(/^ignored: cell 5 \(key 5\)$/);
  await page.screenshot({ path: path.join(outDir, 'ignored-1100.png') });
});

// 3c. the game in play, named under the board from the board's own lines
test('3c. the game in play is named under the board: fading, then normal again', async () => {
  const { page } = s;
  await answered(page, 'game fading', /^new: vs ai, you x, level perfect, fading$/);
  check('fading named', (await page.textContent('#game')) === 'game: fading');
  await answered(page, 'new 2p', /^new: two players, level perfect, fading$/);
  for (const c of [1, 2, 3, 5, 7, 9]) {
    await page.click(`.cell[data-cell="${c}"]`);
    await simWait(page, 300);
  }
  await page.screenshot({ path: path.join(outDir, 'fading.png') });
  await answered(page, 'game normal', /^new: two players, level perfect$/);
  check('normal named again', (await page.textContent('#game')) === 'game: normal');
});

// 4. the menu's legend: shown, inside 375 px, in the cells' places, keys as labelled
test('4. the menu\'s legend: shown, inside 375 px, in the cells\' places, keys as labelled', async () => {
  const { page } = s;
  const legend = await page.$eval('#legend', (l) => ({
    visible: l.getBoundingClientRect().height > 0 && getComputedStyle(l).display !== 'none',
    right: l.getBoundingClientRect().right, text: l.textContent.replace(/\s+/g, ' '),
    items: [...l.querySelectorAll('li')].map((li) => li.textContent.replace(/\s+/g, ' ').trim()),
    scroll: document.scrollingElement.scrollWidth,
  }));
  check('legend shown', legend.visible);
  check('legend inside 375 px, no sideways scrolling', legend.right <= 375 && legend.scroll <= 375,
    `${legend.right} / ${legend.scroll}`);
  // the menu table's labels (build/gen/menu.json, from firmware/game/menu.h)
  const want = JSON.parse(fs.readFileSync(menuJson, 'utf8')).cells.map((c) => `${c.cell} ${c.long}`);
  check('legend: the nine choices', JSON.stringify(legend.items) === JSON.stringify(want), legend.items.join(' | '));
  // (its times are timing.h's, filled in from build/gen/timings.json)
  check('legend: how it opens and closes', /Hold the centre [0-9.]+ s/.test(legend.text) &&
    /tap it again/.test(legend.text) && /[0-9.]+ s without a press/.test(legend.text), legend.text);
  await page.$eval('#legend', (l) => l.scrollIntoView());
  await page.screenshot({ path: path.join(outDir, 'legend-375.png') });
  await page.click('#numpad');
  const top = await page.$eval('#legend li', (li) => li.textContent.trim());
  check('keypad layout: the top left choice is labelled 7', /^7 you X$/.test(top), top);
  await page.click('#numpad');
  // and at 1100 px the legend is there too
  await page.setViewportSize({ width: 1100, height: 720 });
  await simWait(page, 100);
  await command(page, 'new x');
  await page.screenshot({ path: path.join(outDir, 'page-1100.png') });
  check('legend shown at 1100 px', await page.$eval('#legend', (l) => l.getBoundingClientRect().height > 0));
  // a mouse and a keyboard: the keys' help, not the touch help; at 1200 x 900 with Erase
  // EEPROM's question open
  const shown = (sel) => page.$eval(sel, (el) => el.getBoundingClientRect().height > 0);
  check('keys help shown with a mouse', await shown('.keys-keyboard'));
  check('touch help hidden with a mouse', !(await shown('.keys-touch')));
  check('the reading help shown', await shown('#reading'));
  await page.setViewportSize({ width: 1200, height: 900 });
  await page.click('#erase');
  await page.screenshot({ path: path.join(outDir, 'page-1200-erase.png') });
  await page.click('#erase-no');
  await page.$eval('#reading', (el) => el.scrollIntoView());
  await page.screenshot({ path: path.join(outDir, 'page-1200-reading.png') });
  await page.setViewportSize({ width: 1100, height: 720 });
  check('a lit cell of the game is drawn at full brightness',
    (await page.$$eval('.cell', (cs) => cs.map((c) => c.dataset.on))).every((on) => on === '1000'));
});

// 5. brightness: the HAL's bench image lights all nine yellow, the diagonal (1, 5, 9)
// dim, 7 and 9 blinking; '0', '1', '2' on its serial port set night, medium, full
test('5. brightness: the HAL\'s bench image loads', async () => {
  const { page } = s;
  await page.setInputFiles('#hexfile', { name: 'hal_bench_fw.hex', mimeType: 'text/plain',
    buffer: fs.readFileSync(dutyHex) });
  await waitLine(page, 'the bench image', /^hal_bench: ready/, 0, 8000);
});

// each brightness level of the table (build/gen/leds.json: hal/leds_levels.h), the bench
// image's digit its `bright`; a die drawn at the board model's shade of its counts, the
// shades a factor of 4 apart: full 1000, a quarter 250, 1/16 63, 1/64 16
const LEDS = JSON.parse(fs.readFileSync(ledsJson, 'utf8'));
const shade = (c) => String(Math.round(1000 / 4 ** Math.round(Math.log(LEDS.step_counts / c) / Math.log(4))));
const levels = LEDS.levels.map((l) => [String(l.bright), l.name, shade(l.counts), shade(l.dim_counts)]);
for (const [key, name, full, dim] of levels)
  test(`5. brightness ${name}: each cell drawn as bright as the board lights it`, async () => {
    const { page } = s;
    await page.fill('#line', key);
    await page.press('#line', 'Enter');
    const want = [dim, full, full, full, dim, full, full, full, dim];
    const got = await waitFor(page, `${name}: the cells' brightness`, async () => {
      const on = await page.$$eval('.cell', (cs) => cs.map((c) => c.dataset.on));
      return on.join() === want.join() ? on : null;
    }, 3000).catch(async () => page.$$eval('.cell', (cs) => cs.map((c) => c.dataset.on)));
    check(`${name}: each cell drawn as bright as the board lights it`, got.join() === want.join(),
      `${got.join()} (want ${want.join()})`);
    // what the person sees: a steady full cell (2) brighter than a dim one (5)
    const seen = await page.$$eval('.cell .led', (ls) => ls.map((l) => getComputedStyle(l).backgroundColor));
    const b = (c) => (/rgb\((\d+), (\d+), (\d+)\)/.exec(c) || [0, 0, 0, 0]).slice(1).reduce((t, v) => t + Number(v), 0);
    check(`${name}: the full cell drawn brighter than the dim one`, b(seen[1]) > b(seen[4]), `${seen[1]} / ${seen[4]}`);
    await page.$eval('#board', (el) => el.scrollIntoView());
    await page.screenshot({ path: path.join(outDir, `brightness-${name}.png`), clip: await page.$eval('#board',
      (el) => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; }) });
  });

noPageErrors(s);
