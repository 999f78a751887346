// tests/web/test_page_people.mjs - the page for people who have not read the manual, in
// Debian's Chromium as a phone (390 x 844, touch, no Web Serial; test_page.mjs has the
// mouse's side at 1200 x 900): the board and its menu legend share the phone's first screen; a touch screen gets
// touch help, a mouse the keys; the page says who is which colour, what the analysis
// colours and the statistics bars mean, that the first tap after game over starts a new
// game; Erase EEPROM asks first, saying it erases statistics and settings, and "keep"
// keeps them; the avrdude commands wrap inside the phone's width; the console wraps at
// word boundaries; a .hex that is not one, an empty one and a huge one are refused with a
// message saying why, the board running on unchanged; the status row under the board stays
// one line whatever the seconds counter says; a menu pick's press line names what the
// board did (the statistics, a setting's new value), never "ignored". Saves
// build/web/page/people-*.png.
// Usage: WEB_PAGE=build/web/index.html OUT_DIR=DIR node --test test_page_people.mjs
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import test from 'node:test';
import { usePage, noPageErrors, check } from './chromium.mjs';
import { inputs } from './inputs.mjs';
import { rxLines, waitLine, waitFor, command, logLines, simWait } from './page_read.mjs';

const [pagePath, outDir] = inputs('WEB_PAGE', 'OUT_DIR');
fs.mkdirSync(outDir, { recursive: true });
const url = pathToFileURL(path.resolve(pagePath)).href;
const PHONE = { width: 390, height: 844 };
const s = usePage(url, { viewport: PHONE, hasTouch: true, isMobile: true },
  async (page) => page.addInitScript(() => { delete Navigator.prototype.serial; }));
const shot = (page, name, full = false) => page.screenshot({ path: path.join(outDir, `people-${name}.png`), fullPage: full });
const box = (page, sel) => page.$eval(sel, (el) => {
  const r = el.getBoundingClientRect();
  return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, shown: r.height > 0 };
});

test('phone: the board boots', async () => {
  await waitLine(s.page, 'boot banner', /^ttt: ready/, 0, 8000);
});

test('phone: the board and its menu legend share the first screen', async () => {
  const { page } = s;
  const board = await box(page, '#board'), legend = await box(page, '#legend-grid');
  await shot(page, 'phone-first-screen');
  check('the board on the first screen', board.top >= 0 && board.bottom <= PHONE.height, JSON.stringify(board));
  check('the menu legend (its cells) on the first screen', legend.shown && legend.bottom <= PHONE.height,
    JSON.stringify(legend));
  const scroll = await page.evaluate(() => document.scrollingElement.scrollWidth);
  check('no sideways scrolling', scroll <= PHONE.width, `scrollWidth ${scroll}`);
});

test('phone: touch help (tap, hold), not the keys', async () => {
  const { page } = s;
  const touch = await box(page, '.keys-touch'), keys = await box(page, '.keys-keyboard');
  const text = await page.textContent('.keys-touch');
  check('touch help shown', touch.shown && /Tap/.test(text) && /Hold/.test(text) && /0\.8 s/.test(text), text);
  check('the keyboard help hidden', !keys.shown);
});

test('the page explains the board: colours, game over, analysis, statistics bars, the menu', async () => {
  const { page } = s;
  const text = (await page.textContent('#reading')).replace(/\s+/g, ' ');
  for (const [what, re] of [['you red, the AI green', /You are X \(red\), the AI O \(green\)/],
    ['the first tap after game over', /next tap anywhere starts a new game/],
    ['the analysis colours', /green wins, yellow draws, red loses/],
    ['the statistics bars', /bars up from the bottom row.*left to right: wins.*draws.*losses.*Then.*played out.*abandoned/],
    ['ignored presses', /ignored/]])
    check(`reading the board: ${what}`, re.test(text), text);
  const legend = (await page.textContent('#legend')).replace(/\s+/g, ' ');
  check('how to open the menu', /Hold the centre [0-9.]+ s.*let go.*opens/.test(legend), legend);
  await shot(page, 'phone-reading', true);
});

test('phone: the avrdude commands wrap inside the screen', async () => {
  const { page } = s;
  await page.waitForSelector('#no-serial', { state: 'visible' });
  const codes = await page.$$eval('.avrdude dd code', (cs) => cs.map((c) => {
    const r = c.getBoundingClientRect();
    return { right: r.right, over: c.scrollWidth - c.clientWidth, text: c.textContent };
  }));
  check('three commands', codes.length === 3, codes.length);
  for (const c of codes)
    check(`"${c.text}" inside the screen, not clipped`, c.right <= PHONE.width && c.over <= 0, JSON.stringify(c));
  await page.locator('#no-serial').screenshot({ path: path.join(outDir, 'people-phone-avrdude.png') });
});

// each word of the console's lines in one piece: a Range over it has one line box
test('phone: the console wraps at word boundaries', async () => {
  const { page } = s;
  const from = (await rxLines(page)).length;
  await command(page, 'help');
  await waitLine(page, 'help', /^menu: /, from);
  const broken = await page.$$eval('#log div', (ds) => {
    const out = [];
    let wrapped = 0;
    for (const d of ds) {
      const t = d.firstChild;
      if (!t) continue;
      if (d.getClientRects().length && d.getBoundingClientRect().height > 30) wrapped++;
      for (const m of t.textContent.matchAll(/[A-Za-z0-9]+/g)) { // a break at '-' or '|' is fine
        const r = document.createRange();
        r.setStart(t, m.index);
        r.setEnd(t, m.index + m[0].length);
        if (m[0].length < 30 && new Set(Array.from(r.getClientRects()).map((x) => Math.round(x.top))).size > 1) out.push(m[0]);
      }
    }
    return { out, wrapped };
  });
  check('some console lines wrap at 390 px', broken.wrapped > 0, broken.wrapped);
  check('no word broken across lines', broken.out.length === 0, broken.out.join(' '));
  await page.locator('#log').screenshot({ path: path.join(outDir, 'people-phone-console.png') });
});

// the row under the board (state, note, sound button, seconds simulated): one line, none
// of its pieces wrapped inside, at 1, 2 and 3 digits of seconds (the page's own text for
// 2 digits; 3 written as the page would)
test('phone: the status row stays one line', async () => {
  const { page } = s;
  await waitFor(page, 'two digits of seconds', async () => /^\d\d\.\d s/.test(await page.textContent('#speed')), 30000);
  const rows = async () => page.$$eval('.under > *', (es) => es.filter((e) => e.getClientRects().length).map((e) => {
    const r = e.getBoundingClientRect(), text = document.createRange();
    text.selectNodeContents(e); /* its text's line boxes */
    const lines = new Set(Array.from(text.getClientRects()).filter((x) => x.width > 0).map((x) => Math.round(x.top)));
    return { id: e.id, middle: Math.round((r.top + r.bottom) / 2), lines: lines.size, text: e.textContent };
  }));
  const one = (rs) => Math.max(...rs.map((r) => r.middle)) - Math.min(...rs.map((r) => r.middle)) <= 4 &&
    rs.every((r) => r.lines <= 1);
  const two = await rows();
  await page.locator('.under').screenshot({ path: path.join(outDir, 'people-phone-status.png') });
  check('two digits: one line', one(two), JSON.stringify(two));
  await page.$eval('#speed', (e) => { e.firstChild.textContent = '123.4 s'; });
  const three = await rows();
  check('three digits: one line', one(three), JSON.stringify(three));
  const scroll = await page.evaluate(() => document.scrollingElement.scrollWidth);
  check('no sideways scrolling', scroll <= PHONE.width, `scrollWidth ${scroll}`);
});

// the press line after a menu pick: the game's new game and the sound's value
async function menuPick(page, key) {
  await page.keyboard.down('5');
  await simWait(page, 2500);
  await page.keyboard.up('5');
  for (let i = 0; i < 2; i++) {
    await simWait(page, 1000);
    await page.keyboard.press(key);
  }
  await simWait(page, 600);
  return page.textContent('#press');
}
test('a menu pick names what the board did, never "ignored"', async () => {
  const { page } = s;
  const from = (await rxLines(page)).length;
  const game = await menuPick(page, '7');
  await waitLine(page, 'the game said', /^game: misere$/, from);
  check('the game\'s pick named', /^short press: cell 7 \(key 7\): new: .*, misere$/.test(game), game);
  check('the game in play named', (await page.textContent('#game')) === 'game: misere');
  await page.keyboard.press('5'); /* the game's cell keeps the menu open: the centre closes it */
  await simWait(page, 1500);
  const sound = await menuPick(page, '6');
  check('the sound\'s new value named', /^short press: cell 6 \(key 6\): sound: (quiet|off|on)$/.test(sound), sound);
  await shot(page, 'phone-menu-pick');
  await page.keyboard.press('5'); /* closes the menu */
  await simWait(page, 500);
});

const stored = (page) => page.evaluate(() => window.localStorage.getItem('ttt-shield-eeprom'));

// bad input: a message saying why, the board running on as before
async function refused(page, name, buffer, re) {
  const fw = await page.textContent('#fw-name'), lines = (await logLines(page)).length;
  await page.setInputFiles('#hexfile', { name, mimeType: 'text/plain', buffer });
  const msg = await waitFor(page, `${name}: the message`, async () => {
    const t = await page.$eval('#load-msg', (m) => (m.hidden ? '' : m.textContent));
    return re.test(t) ? t : null;
  }, 3000);
  check(`${name}: says what it is`, /^Not loaded: /.test(msg) && /keeps running/.test(msg), msg);
  check(`${name}: the firmware unchanged`, (await page.textContent('#fw-name')) === fw);
  const restarted = (await logLines(page)).slice(lines).some((l) => /power on|reset/.test(l));
  check(`${name}: the board not restarted`, !restarted);
}
test('bad input: not a hex, an empty file, a huge file', async () => {
  const { page } = s;
  await refused(page, 'notes.txt', Buffer.from('hello, this is no firmware\n'), /is not an Intel HEX firmware image/);
  await refused(page, 'empty.hex', Buffer.alloc(0), /empty\.hex is empty/);
  await refused(page, 'huge.hex', Buffer.alloc(3 * 1024 * 1024, 0x3a), /huge\.hex is 3,145,728 bytes, too big/);
  await refused(page, 'elf.hex', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 1, 1, 1, 0]), /not an Intel HEX/);
  await page.$eval('#load-msg', (m) => m.scrollIntoView());
  await shot(page, 'phone-bad-input');
  const from = (await rxLines(page)).length;
  await command(page, 'board');
  await waitLine(page, 'the board still answers', /^turn: /, from);
});

test('Erase EEPROM asks first, says what it erases; "keep" keeps, "erase" erases', async () => {
  const { page } = s;
  await command(page, 'colorblind off');
  await simWait(page, 700);
  const saved = await stored(page), lines = (await logLines(page)).length;
  await page.click('#erase');
  const ask = await page.$eval('#erase-confirm', (b) => (b.hidden ? '' : b.textContent.replace(/\s+/g, ' ')));
  check('a question, naming statistics and settings', /statistics/.test(ask) && /settings/.test(ask), ask);
  await page.$eval('#erase-confirm', (b) => b.scrollIntoView());
  await shot(page, 'phone-erase-confirm');
  check('nothing erased yet', !(await logLines(page)).slice(lines).some((l) => /EEPROM erased/.test(l)));
  await page.click('#erase-no');
  check('"keep": the question gone', await page.$eval('#erase-confirm', (b) => b.hidden));
  await simWait(page, 700); // the page saves the EEPROM at most every 500 ms
  const kept = await stored(page);
  check('"keep": the EEPROM as it was (colour-blind off saved)', kept === saved && /[^f]/.test(kept || ''), `${kept}`.slice(0, 40));
  await page.click('#erase');
  await page.click('#erase-yes');
  await waitFor(page, 'erased', async () => (await logLines(page)).slice(lines).some((l) => /EEPROM erased/.test(l)), 3000);
  await waitFor(page, 'erased and saved', async () => /^f+$/.test(await stored(page) || ''), 3000);
});

noPageErrors(s);
