// tests/web/test_flash_browser.mjs - the page's "Flash to my Uno" in Debian's Chromium
// (headless, playwright-core, from file://), against the simulated Uno running the real
// optiboot: a stand-in for navigator.serial carries the page's bytes through a Unix
// socket and serial_bridge.mjs to the pty of build/sim/ttt-flash-sim, which checks the
// flash (byte for byte, bootloader intact, banner). The page's whole path runs, from the
// button to the Uno's `ttt: ready` in its console: DTR reset, progress, read-back.
// Then the faults through the page (another chip, no answer, a bit flipped, the link
// cut then a second flash, an oversize .hex) and a browser without Web Serial (which
// browsers work, the download, the avrdude command lines). Screenshots in OUT_DIR:
// flash-progress.png, flash-done.png (the README's picture, copied to sim/web/flash.png),
// flash-done-page.png, flash-cut.png, flash-no-serial.png (and -phone.png, which must
// not scroll sideways); the messages the page
// showed: flash-messages.txt.
// Usage: WEB_PAGE=INDEX.html FLASH_SIM=TTT_FLASH_SIM BOOT_HEX=OPTIBOOT.hex FW_HEX=FIRMWARE.hex
//   BOOT_BAUD=N OUT_DIR=DIR node --test test_flash_browser.mjs
import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { spawn, execFileSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import test, { after } from 'node:test';
import { usePage, noPageErrors, watchErrors, check } from './chromium.mjs';
import { inputs } from './inputs.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const BRIDGE = path.join(here, 'serial_bridge.mjs');
// BOOT_BAUD: optiboot's speed (hal/uart.h's UART_BOOT_BAUD)
const [pagePath, flashSim, bootHex, fwHex, bootBaud, outDir] = inputs('WEB_PAGE', 'FLASH_SIM', 'BOOT_HEX',
  'FW_HEX', 'BOOT_BAUD', 'OUT_DIR');
// the image's size and pages (128 B each), from its hex: the page names them
function imageSize(hexPath) {
  let bytes = 0;
  for (const line of fs.readFileSync(hexPath, 'utf8').split(/\r?\n/)) {
    if (/^:[0-9A-Fa-f]{10}/.test(line) && line.slice(7, 9) === '00') bytes += parseInt(line.slice(1, 3), 16);
  }
  return { bytes, pages: Math.ceil(bytes / 128) };
}
fs.mkdirSync(outDir, { recursive: true });
const messages = [];

// ---- the stand-in for navigator.serial (runs in the page before its script) -----------

// Each port is bound to one bridge connection (its id), so the end of an earlier one
// cannot reach a later port.
function standIn() {
  const signals = [];
  let ctrl = null, id = 0;
  class FakePort {
    async open(opts) {
      const conn = await window.tttSerialOpen(opts.baudRate);
      if (!conn) throw new DOMException('Failed to open serial port.', 'NetworkError');
      id = conn;
      this.readable = new ReadableStream({ start: (c) => { ctrl = c; } });
      this.writable = new WritableStream({ write: (chunk) => window.tttSerialWrite(conn, Array.from(chunk)) });
    }
    async setSignals(s) { signals.push(s); }
    async close() { ctrl = null; }
    getInfo() { return { usbVendorId: 0x2341, usbProductId: 0x0043 }; }
  }
  const serial = new EventTarget();
  serial.requestPort = async () => new FakePort();
  serial.getPorts = async () => [];
  Object.defineProperty(Navigator.prototype, 'serial', { get: () => serial, configurable: true });
  window.tttSerial = {
    signals,
    rx: (conn, a) => { if (ctrl && conn === id) ctrl.enqueue(new Uint8Array(a)); },
    lost: (conn) => {
      if (ctrl && conn === id) ctrl.error(new DOMException('The device has been lost.', 'NetworkError'));
      if (conn === id) ctrl = null;
    },
  };
}
function noSerial() {
  delete Navigator.prototype.serial;
}

// ---- the socket the bridge joins -----------------------------------------------------------

const sockPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ttt-flash-')), 'bridge');
let conn = null, connId = 0, page = null, toPage = Promise.resolve();
// connection N's waiter: a bridge may connect before the test asks for it (the harness
// plugs in again as soon as the first bridge exits), so arrivals are counted, not caught
const waiters = new Map();
const conns = new Map();
const server = net.createServer((c) => {
  const id = ++connId;
  conn = c;
  conns.set(id, c);
  c.on('data', (d) => {
    const bytes = Array.from(d);
    toPage = toPage.then(() => page.evaluate(([i, a]) => window.tttSerial.rx(i, a), [id, bytes])).catch(() => {});
  });
  c.on('end', () => {
    toPage = toPage.then(() => page.evaluate((i) => window.tttSerial.lost(i), id)).catch(() => {});
  });
  c.on('error', () => {});
  const w = waiters.get(id);
  if (w) { waiters.delete(id); w(); }
});
await new Promise((r) => server.listen(sockPath, r));
// a guard against a hang (the test never waits on wall-clock time otherwise)
const within = (what, promise, ms = 120000) => Promise.race([promise, new Promise((resolve, reject) =>
  setTimeout(() => reject(new Error(`${what}: nothing after ${ms / 1000} s`)), ms).unref())]);
let expected = 0;
const nextConnection = () => {
  const n = ++expected;
  return within('the harness\'s programmer connects', new Promise((r) => {
    if (connId >= n) r(); else waiters.set(n, r);
  }));
};

// The harness with the bridge as its programmer; resolves to { code, out }.
const children = new Set();
process.on('exit', () => { for (const c of children) c.kill(); });
function harness(opts, image, name) {
  const log = path.join(outDir, `flash-browser-${name}.log`);
  // -t: the chip's clock waits while the page thinks between commands (a loaded machine
  // can stall the page longer than optiboot's 1 s timeout)
  const child = spawn(flashSim, ['-b', bootBaud, '-t', '-c', BRIDGE, ...opts, bootHex, image, log], {
    env: { ...process.env, TTT_BRIDGE: sockPath }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => { out += d; });
  child.stderr.on('data', (d) => { out += d; });
  children.add(child);
  return within(`the harness (${name})`, new Promise((r) => child.on('exit', (code) => {
    children.delete(child);
    r({ code, out });
  })), 180000);
}
function verdict(ok) {
  fs.writeFileSync(`${sockPath}.status`, ok ? '0' : '1');
  if (conn) conn.end();
}

// ---- reading the page ------------------------------------------------------------------------

const logLines = () => page.$$eval('#log div', (ds) => ds.map((d) => d.className + ' ' + d.textContent));
const progress = async () => ({
  state: await page.getAttribute('#flash-progress', 'data-state'),
  text: await page.textContent('#flash-progress .text'),
});
async function until(what, pred, ms) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await pred();
    if (v) return v;
    if (Date.now() > end) throw new Error(`${what}: not within ${ms / 1000} s`);
    await page.waitForTimeout(30);
  }
}
const finished = () => until('the flash ends', async () => {
  const p = await progress();
  return p.state === 'ok' || p.state === 'failed' ? p : null;
}, 60000);
const message = () => page.textContent('#flash-msg');

// One flash through the page into the harness: click, wait for the end, give the verdict.
async function flashOnce(opts, name, during) {
  const conn1 = nextConnection();
  const run = harness(opts, fwHex, name);
  await conn1;
  await page.click('#flash');
  if (during) await during();
  const p = await finished();
  const msg = await message();
  return { p, msg, run, done: async () => { verdict(p.state === 'ok'); return run; } };
}

const url = pathToFileURL(path.resolve(pagePath)).href;
const s = usePage(url, { viewport: { width: 1100, height: 900 }, acceptDownloads: true }, async (p) => {
  page = p;
  await page.exposeFunction('tttSerialOpen', () => (conn && !conn.destroyed ? connId : 0));
  await page.exposeFunction('tttSerialWrite', (id, a) => {
    const c = conns.get(id);
    if (c && !c.destroyed) c.write(Buffer.from(a));
  });
  await page.addInitScript(standIn);
}, /^(file|data|blob):/);
after(() => {
  server.close();
  fs.writeFileSync(path.join(outDir, 'flash-messages.txt'), messages.map(([k, m]) => `${k}:\n  ${m}\n`).join(''));
});

test('the simulated board boots; the flash button is there and enabled', async () => {
  await until('the simulated board boots', async () => (await logLines()).some((l) => /^rx ttt: ready/.test(l)), 30000);
  check('the flash button is there and enabled', await page.isEnabled('#flash'));
});

test('1. a clean flash, from the button to the banner', async () => {
  const f = await flashOnce([], 'clean', async () => {
    await until('progress past page 25', async () => {
      const p = await progress();
      const m = /^writing page (\d+) of \d+/.exec(p.text || '');
      return m && Number(m[1]) >= 25;
    }, 30000);
    await page.locator('.flasher').screenshot({ path: path.join(outDir, 'flash-progress.png') });
  });
  check('clean: flashed', f.p.state === 'ok', `${f.p.text}: ${f.msg}`);
  check('clean: progress names bytes and pages', f.p.text === `done: ${imageSize(fwHex).bytes.toLocaleString('en-US')} bytes in ${imageSize(fwHex).pages} pages, written and verified`, f.p.text);
  check('clean: the banner in the message', /The Uno says: ttt: ready/.test(f.msg), f.msg);
  const lines = await logLines();
  check('clean: the banner in the console', lines.some((l) => /^uno ttt: ready/.test(l)), lines.slice(-5).join(' | '));
  const sig = await page.evaluate(() => window.tttSerial.signals);
  check('clean: DTR reset as avrdude (low, then high)', JSON.stringify(sig.slice(0, 2)) ===
    JSON.stringify([{ dataTerminalReady: false, requestToSend: false }, { dataTerminalReady: true, requestToSend: true }]), JSON.stringify(sig));
  await page.mouse.move(1, 1);
  await page.screenshot({ path: path.join(outDir, 'flash-done-page.png') });
  await page.locator('.flasher').screenshot({ path: path.join(outDir, 'flash-done.png') });
  const h = await f.done();
  check('clean: harness (flash equals the hex, bootloader intact, banner)', h.code === 0, h.out);
  messages.unshift(['a clean flash (progress bar, then the message)', `${f.p.text} / ${f.msg}`]);
});

test('2. another chip: refused, nothing written', async () => {
  const f = await flashOnce(['-x', '-s', '1e9406'], 'signature');
  const h = await f.done();
  check('signature: refused', f.p.state === 'failed' && /reports signature 1E 94 06, an ATmega168\. Nothing was written\./.test(f.msg), f.msg);
  check('signature: harness (nothing written, bootloader intact)', h.code === 0, h.out);
  messages.push(['another chip (signature 1E 94 06)', f.msg]);
});

test('2. no answer: refused, nothing written', async () => {
  const f = await flashOnce(['-x', '-m'], 'mute');
  const h = await f.done();
  check('no answer: message', f.p.state === 'failed' && /^No answer from the board on this port\./.test(f.msg) && /Nothing was written/.test(f.msg), f.msg);
  check('no answer: harness', h.code === 0, h.out);
  messages.push(['a port that never answers', f.msg]);
});

test('2. a bit flipped in page 30: the mismatch at its address', async () => {
  const f = await flashOnce(['-x', '-f', '30'], 'flip');
  const h = await f.done();
  check('bit flipped: mismatch at its address', f.p.state === 'failed' && /^Read-back mismatch at 0x0E85: wrote 0x[0-9A-F]{2}, read 0x[0-9A-F]{2}\./.test(f.msg), f.msg);
  check('bit flipped: harness', h.code === 0, h.out);
  messages.push(['a bit flipped in transit (page 30)', f.msg]);
});

test('2. the link cut in page 26, then plugged in again and flashed again', async () => {
  const conn1 = nextConnection();
  const run = harness(['-k', '25'], fwHex, 'cut');
  await conn1;
  await page.click('#flash');
  const p1 = await finished();
  const msg1 = await message();
  check('cut: incomplete, bootloader intact', p1.state === 'failed' && /^The flash is incomplete: the link to the board was lost while writing page 26 of (\d+) \(0x0C80\)\. The bootloader is intact/.test(msg1) &&
    Number(/page 26 of (\d+)/.exec(msg1)[1]) === imageSize(fwHex).pages, msg1);
  messages.push([`the link cut after 25 of ${imageSize(fwHex).pages} pages`, msg1]);
  await page.screenshot({ path: path.join(outDir, 'flash-cut.png') });
  const conn2 = nextConnection(); // the first bridge saw the hang-up and exited: failed
  await conn2;
  await page.click('#flash');
  const p2 = await finished();
  verdict(p2.state === 'ok');
  const h = await run;
  check('cut: the second flash succeeds', p2.state === 'ok', `${p2.text}: ${await message()}`);
  check('cut: harness (flash equals the hex, banner)', h.code === 0, h.out);
});

test('2. an oversize .hex, loaded into the page: refused before a port is asked for', async () => {
  const big = path.join(outDir, 'flash-big.hex');
  fs.writeFileSync(path.join(outDir, 'flash-big.bin'), Buffer.alloc(32300, 0xff));
  execFileSync('avr-objcopy', ['-I', 'binary', '-O', 'ihex', path.join(outDir, 'flash-big.bin'), big]);
  await page.setInputFiles('#hexfile', big);
  await until('the big hex loads', async () => (await page.textContent('#flash-name')) === 'flash-big.hex', 5000);
  await page.click('#flash');
  const p3 = await finished();
  const msg3 = await message();
  check('oversize: refused', p3.state === 'failed' && /flash-big\.hex cannot be flashed: the image is 32,300 bytes, and only 32,256 fit below the Uno's bootloader \(optiboot, at 0x7E00\)\. Nothing was written\./.test(msg3), msg3);
  messages.push(['a hex of 32,300 bytes', msg3]);
});

test('3. a browser without Web Serial: which browsers work, the download, avrdude', async () => {
  const page2 = await s.context.newPage();
  watchErrors(s, page2, ' (no Web Serial)');
  await page2.addInitScript(noSerial);
  await page2.goto(url);
  await page2.waitForSelector('#no-serial', { state: 'visible', timeout: 10000 });
  const text = await page2.textContent('#no-serial');
  check('no Web Serial: the button is disabled', !(await page2.isEnabled('#flash')));
  check('no Web Serial: names the browsers', /Chrome.*Edge.*Opera/s.test(text) && /not in Firefox, Safari or any phone browser/.test(text), text);
  check('no Web Serial: avrdude for Windows, macOS, Linux', /COM3/.test(text) && /cu\.usbmodem/.test(text) && /ttyACM0/.test(text), text);
  const [dl] = await Promise.all([page2.waitForEvent('download'), page2.click('#download')]);
  const got = fs.readFileSync(await dl.path(), 'utf8');
  check('no Web Serial: Download ttt.hex gives the firmware', dl.suggestedFilename() === 'ttt.hex' &&
    got.replace(/\r/g, '').trim() === fs.readFileSync(fwHex, 'utf8').replace(/\r/g, '').trim(), dl.suggestedFilename());
  await page2.locator('.flasher').screenshot({ path: path.join(outDir, 'flash-no-serial.png') });
  messages.push(['a browser without Web Serial', text.replace(/\s+/g, ' ').trim()]);
  await page2.setViewportSize({ width: 390, height: 844 });
  await page2.waitForTimeout(300);
  const scroll = await page2.evaluate(() => document.scrollingElement.scrollWidth);
  check('no Web Serial, phone: no sideways scrolling', scroll <= 390, `scrollWidth ${scroll}`);
  await page2.screenshot({ path: path.join(outDir, 'flash-no-serial-phone.png'), fullPage: true });
});

noPageErrors(s);
