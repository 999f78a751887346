// tests/web/test_page_serial.mjs - the serial stress of test_serial_twin.sh through the
// page's own console input (its form, one submit per line, in Debian's Chromium from
// file://), on the avr8js receiver as the chip's (sim/web/src/usart.js): every command
// `help` lists sent right behind every command with a long answer (help, stats, diag,
// solve BOARD, board, lamp), all at once; then a 20-line paste; then 100 alternating
// `board` and `level N`. No line mangled (no `unknown command`, no usage error, none
// refused as an overrun), every help, lamp, diag and level answered, `lost rx 0`.
// Usage: node --test tests/web/test_page_serial.mjs (PAGE: build/web/index.html)
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChromium, requireChromium } from './chromium.mjs';
import { simWait, waitFor } from './page_read.mjs';

const PAGE = process.env.PAGE || 'build/web/index.html';
const LONG = ['help', 'stats', 'diag', 'solve xx.oo....', 'board', 'lamp'];

// every rx line the page logs, kept past the log's own limit
const record = (page) => page.evaluate(() => {
  const log = document.getElementById('log');
  window.rxAll = [...log.querySelectorAll('div.rx')].map((d) => d.textContent);
  new MutationObserver((ms) => {
    for (const m of ms) for (const n of m.addedNodes) if (n.className === 'rx') window.rxAll.push(n.textContent);
  }).observe(log, { childList: true });
});
const rxAll = (page) => page.evaluate(() => window.rxAll.slice());
// lines typed into the console input and submitted, all at once (a paste)
const submit = (page, lines) => page.evaluate((ls) => {
  const input = document.getElementById('line'), form = document.getElementById('send');
  for (const l of ls) {
    input.value = l;
    form.requestSubmit();
  }
}, lines);

// `help`'s entries, each with its first argument (as test_serial_twin.sh takes them)
function commands(helpLines) {
  return helpLines.flatMap((l) => l.split(' | ')).map((e) => e.replace(/ \[.*/, '')
    .replace(/^([a-z]+) ([a-z0-9]+).*/, '$1 $2').replace(/ ([0-9])-[0-9]+$/, ' $1'));
}

async function answered(page, sent, ms) {
  const want = sent.filter((l) => l === 'diag').length;
  await waitFor(page, 'the stress answered', async () => (await rxAll(page))
    .filter((l) => l.startsWith('diag: lost rx')).length >= want, ms);
  await simWait(page, 500);
}

test('the serial stress through the page console: nothing mangled, every line answered', async () => {
  requireChromium('web_page_serial');
  const { context, close } = await launchChromium({ viewport: { width: 1100, height: 720 } });
  try {
    const page = context.pages()[0] || await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(pathToFileURL(path.resolve(PAGE)).href);
    await record(page);
    await waitFor(page, 'ready', async () => (await rxAll(page)).some((l) => l.startsWith('ttt: ready')), 5000);
    await submit(page, ['help']);
    await waitFor(page, 'help', async () => (await rxAll(page)).some((l) => l.startsWith('menu:')), 3000);
    const all = await rxAll(page);
    const cmds = commands(all.slice(all.findIndex((l) => l.startsWith('help [COMMAND] |')), all.findIndex((l) => l.startsWith('menu:'))));
    assert.ok(cmds.length >= 10, `help listed ${cmds}`);
    const sent = [];
    for (const l of LONG) {
      for (const c of cmds) sent.push(l, c, ...(c === 'solve' ? ['x..', '.o.', '...'] : []));
      sent.push('new x', 'level perfect');
    }
    for (let i = 0; i < 5; i++) sent.push('board', 'hint', 'diag', 'lamp');
    for (let i = 0; i < 50; i++) sent.push('board', `level ${i % 3}`);
    sent.push('diag');
    const from = (await rxAll(page)).length;
    await submit(page, sent);
    await answered(page, sent, 120000);
    const rx = (await rxAll(page)).slice(from);
    const n = (re) => rx.filter((l) => re.test(l)).length;
    const sentN = (s) => sent.filter((l) => l === s).length;
    assert.deepEqual(rx.filter((l) => /unknown command|usage|overrun/.test(l)), [], 'lines mangled');
    assert.equal(n(/^help \[COMMAND\] \| /), sentN('help'), 'help answered');
    assert.equal(n(/^lamp: /), sentN('lamp'), 'lamp answered');
    assert.equal(n(/^diag: lost rx /), sentN('diag'), 'diag answered');
    assert.ok(n(/^level: /) >= 50 + sentN('level perfect'), `level answered ${n(/^level: /)} times`);
    assert.match(rx.filter((l) => l.startsWith('diag: lost rx')).pop(), /^diag: lost rx 0 lines 0 /);
    assert.deepEqual(errors, []);
    console.log(`web_page_serial: ${sent.length} lines submitted at once (${LONG.length * cmds.length} ` +
      `pipelined pairs, a paste, 100 alternating), ${rx.length} lines answered, none mangled, lost rx 0`);
  } finally {
    await close();
  }
});
