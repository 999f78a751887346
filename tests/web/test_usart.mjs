// tests/web/test_usart.mjs - the avr8js receiver of sim/web/src/usart.js against the
// ATmega328P's (datasheet 20.7): two frames in the FIFO and a third in the shift
// register, DOR0 when a start bit finds that third one waiting (it is lost; the flag
// lasts until the next UDR0 read), RXC0
// cleared only by reading UDR0 or turning the receiver off, FE0 with its frame, and a
// UCSR0B write keeping RXEN0 leaves the received data alone. The same checks run on
// avr8js's own AVRUSART must fail (the quirk this wrapper fixes is still upstream: when
// an upgrade fixes it, this says so), and the pinned avr8js is the one installed.
// Usage: node --test tests/web/test_usart.mjs
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WEB = path.join(ROOT, 'sim/web');
const PINNED = '0.21.1';

// usart.js and avr8js bundled as the page bundles them (esbuild), into one module
async function load() {
  const esbuild = createRequire(path.join(WEB, 'package.json'))('esbuild');
  const out = await esbuild.build({
    stdin: {
      contents: "export { ChipUSART } from './usart.js';\n" +
        "export { CPU, AVRUSART, usart0Config } from 'avr8js';\n",
      resolveDir: path.join(WEB, 'src'),
    },
    bundle: true, format: 'esm', write: false, logLevel: 'silent',
  });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'usart-')), 'usart.mjs');
  fs.writeFileSync(file, out.outputFiles[0].text);
  return import(pathToFileURL(file).href);
}
const M = await load();

const UCSR0A = 0xc0, UCSR0B = 0xc1, UDR0 = 0xc6;
const RXC = 0x80, FE = 0x10, DOR = 0x08;
const RXEN_RXCIE = 0x90, TXEN = 0x08, UDRIE = 0x20;

function chip(Usart) {
  const cpu = new M.CPU(new Uint16Array(0x4000));
  const u = new Usart(cpu, M.usart0Config, 16e6);
  cpu.writeData(UCSR0B, RXEN_RXCIE | TXEN);
  return { cpu, u, a: () => cpu.readData(UCSR0A), read: () => cpu.readData(UDR0) };
}
// a whole frame, start bit to stop bit, as avr8js's own entry gives it
const frame = (c, b) => c.u.writeByte(b, true);

// The receiver's truth; each returns a message naming what is wrong, or ''.
const CHECKS = {
  'a UCSR0B write keeping RXEN0 keeps the byte': (c) => {
    frame(c, 0x41);
    c.cpu.writeData(UCSR0B, RXEN_RXCIE | TXEN | UDRIE); // the firmware's uart_kick_tx()
    c.cpu.writeData(UCSR0B, RXEN_RXCIE | TXEN);
    if (!(c.a() & RXC)) return 'RXC0 cleared by the UCSR0B write';
    const b = c.read();
    return b === 0x41 ? '' : `UDR0 read 0x${b.toString(16)}, not 0x41`;
  },
  'two frames wait in the FIFO, a third in the shift register': (c) => {
    [0x31, 0x32, 0x33].forEach((b) => frame(c, b));
    const got = [c.read(), c.read(), c.read()];
    const dor = c.a() & DOR;
    return got.join() === '49,50,51' && !dor ? '' : `read ${got}, DOR0 ${dor ? 1 : 0}`;
  },
  'a fourth start bit loses the third frame and sets DOR0': (c) => {
    [0x31, 0x32, 0x33, 0x34].forEach((b) => frame(c, b));
    if (!(c.a() & DOR)) return 'no DOR0';
    const got = [c.read()];
    if (c.a() & DOR) return 'DOR0 still set after a read';
    got.push(c.read(), c.read());
    return got.join() === '49,50,52' ? '' : `read ${got}, not 49,50,52`;
  },
  'RXC0 stays until the last frame is read': (c) => {
    frame(c, 1);
    frame(c, 2);
    c.read();
    if (!(c.a() & RXC)) return 'RXC0 cleared with a frame still waiting';
    c.read();
    return c.a() & RXC ? 'RXC0 set with the FIFO empty' : '';
  },
  'FE0 belongs to its frame': (c) => {
    if (!c.u.rxFrame) return 'no framing errors';
    c.u.rxStart();
    c.u.rxFrame(0x5a, true);
    frame(c, 0x42);
    const fe1 = c.a() & FE;
    c.read();
    const fe2 = c.a() & FE;
    return fe1 && !fe2 ? '' : `FE0 ${fe1 ? 1 : 0} then ${fe2 ? 1 : 0}, not 1 then 0`;
  },
  'turning the receiver off empties it': (c) => {
    frame(c, 1);
    frame(c, 2);
    c.cpu.writeData(UCSR0B, TXEN);
    c.cpu.writeData(UCSR0B, RXEN_RXCIE | TXEN);
    return c.a() & RXC ? 'RXC0 still set' : '';
  },
};

for (const [name, check] of Object.entries(CHECKS)) {
  test(`ChipUSART: ${name}`, () => assert.equal(check(chip(M.ChipUSART)), ''));
}

test('avr8js AVRUSART still has the quirk (an upgrade that fixes it: drop usart.js\'s fix)', () => {
  const failed = Object.entries(CHECKS).filter(([, check]) => check(chip(M.AVRUSART)) !== '')
    .map(([name]) => name);
  assert.ok(failed.includes('a UCSR0B write keeping RXEN0 keeps the byte'),
    `avr8js's own AVRUSART passes the UCSR0B check: failed only ${failed}`);
  assert.ok(failed.length >= 4, `avr8js's own receiver fails only: ${failed.join('; ')}`);
});

test(`avr8js is pinned at ${PINNED} in package.json and package-lock.json, and installed`, () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(WEB, 'package.json'), 'utf8'));
  const lock = JSON.parse(fs.readFileSync(path.join(WEB, 'package-lock.json'), 'utf8'));
  const installed = JSON.parse(fs.readFileSync(path.join(WEB, 'node_modules/avr8js/package.json'), 'utf8'));
  assert.equal(pkg.dependencies.avr8js, PINNED);
  assert.equal(lock.packages['node_modules/avr8js'].version, PINNED);
  assert.match(lock.packages['node_modules/avr8js'].integrity, /^sha512-/);
  assert.equal(installed.version, PINNED);
});

test('every avr8js board in sim/web/src gets the chip\'s receiver (no plain AVRUSART made)', () => {
  const src = path.join(WEB, 'src');
  const made = fs.readdirSync(src).filter((f) => f.endsWith('.js'))
    .filter((f) => /new AVRUSART\b/.test(fs.readFileSync(path.join(src, f), 'utf8')));
  assert.deepEqual(made, []);
  assert.match(fs.readFileSync(path.join(src, 'shield.js'), 'utf8'), /new ChipUSART\(/);
});
