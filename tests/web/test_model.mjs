// tests/web/test_model.mjs - checks of the avr8js shield model (build/web/shield.mjs)
// that the twin transcripts cannot make: software flow control against a fake byte
// stream from the chip and against the real firmware, VCC other than 5 V at the ADC,
// sleep actually modelled (the chip is asleep most of the idle time, and powers down;
// the USART hears nothing in power-down, a byte's start edge on RXD wakes it; `sei; sleep`
// wakes on a pending interrupt),
// the watchdog's counters and EEPROM kept across its resets, a reset dropping the host
// bytes not yet sent, an EEPROM byte's write time, and the image loaders' errors.
// Usage: WEB_MODEL=SHIELD.mjs FW_HEX=FIRMWARE.hex PROBE_FW=PROBE_FW.elf node --test test_model.mjs
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import test from 'node:test';
import assert from 'node:assert/strict';
import { inputs } from './inputs.mjs';

const [shieldPath, hexPath, probePath] = inputs('WEB_MODEL', 'FW_HEX', 'PROBE_FW');
const { Shield, parseImage, parseHex, PINS, msToCycles, XON, XOFF, TIMINGS } = await import(pathToFileURL(shieldPath).href);
const fw = parseImage(fs.readFileSync(hexPath));
const probe = parseImage(fs.readFileSync(probePath));
// one named condition of a test, with what was seen when it fails
const check = (name, ok, detail = '') => assert.ok(ok, `${name}${detail !== '' ? `: ${detail}` : ''}`);
const boot = (img, opts = {}) => {
  const b = new Shield(img.flash, { pins: PINS, ...opts });
  const lines = [];
  b.onLine = (l) => lines.push(l);
  return { b, lines };
};

// 1. XON/XOFF from the chip, as a fake byte stream into the bridge: never shown, and
//    host bytes wait while the chip said XOFF
test('XON/XOFF from the chip: never shown, host bytes wait while XOFF', () => {
  const { b, lines } = boot(fw);
  b.runMs(1200);
  const bytes = [];
  b.onByte = (x) => bytes.push(x);
  let fed = 0;
  b.tracer = { pins() {}, tx() {}, rx() { fed++; } };
  const n0 = lines.length;
  for (const x of Buffer.from(`ab${String.fromCharCode(XOFF)}cd`)) b._txByte(x);
  check('XOFF is taken', b.xoff === true);
  b.serialLine('help');
  b.runMs(50);
  check('no host byte while XOFF', fed === 0, `${fed} bytes fed`);
  check('XOFF not shown', !bytes.includes(XOFF), bytes.join(','));
  for (const x of Buffer.from(`e${String.fromCharCode(XON)}f\n`)) b._txByte(x);
  check('XON is taken', b.xoff === false);
  check('XON/XOFF never in a line', lines[n0] === 'abcdef', JSON.stringify(lines[n0]));
  b.runMs(100);
  check('host bytes go after XON', fed === 5, `${fed} bytes fed`);
  check('the command is answered after XON', lines.some((l) => l.startsWith('help [COMMAND] |')), lines.slice(n0).join(' / '));
  check('flow counter', b.status.xoffs === 1, b.status.xoffs);
});

// 2. the ADC reads the bandgap against the VCC given
for (const [vcc, want] of [[5.0, 225], [4.0, 281], [3.3, 341]])
  test(`the bandgap at ${vcc} V reads ${want} counts`, () => {
    const { b, lines } = boot(probe, { vcc });
    b.runMs(20);
    b.serialLine('adc');
    b.runMs(30);
    const line = lines.find((l) => l.includes('bandgap')) || '';
    check(`bandgap at ${vcc} V`, line.includes(`bandgap ${want} counts`), line);
  });

// 3. watchdog resets: counted, MCUSR = WDRF, EEPROM kept (the probe's boot count)
test('watchdog resets: counted, MCUSR = WDRF, EEPROM kept; the SEI delay', () => {
  const { b, lines } = boot(probe);
  b.runMs(20);
  b.serialLine('hang');
  b.runMs(600);
  b.serialLine('hangi');
  b.runMs(800);
  check('two watchdog resets', b.status.wdtResets === 2 && b.status.resets === 3, JSON.stringify(b.status));
  check('boot count kept in EEPROM', lines.includes('probe_fw: boot 2, mcusr 8 (watchdog)'), lines.join(' / '));
  check('interrupt before reset', lines.includes('probe_fw: watchdog interrupt, reset next'));
  b.powerCycle();
  b.runMs(20);
  check('power cycle: PORF, EEPROM kept', lines[lines.length - 1] === 'probe_fw: boot 3, mcusr 1 (power-on)', lines[lines.length - 1]);
  b.serialLine('sei');
  b.runMs(50);
  check('the instruction after SEI runs first: sei; sleep wakes on a pending interrupt', lines[lines.length - 1] === 'probe_fw: woke from power-down', lines[lines.length - 1]);
});

// 3b. a reset drops the host bytes not yet sent (the bytes a host queued for the chip
//     before it reset do not reach the new one), and the same bytes without a reset are
//     answered
test('a reset drops the host bytes not yet sent', () => {
  for (const reset of [false, true]) {
    const { b, lines } = boot(fw);
    b.runMs(500);
    const n0 = lines.length;
    b.serialSend('help\nhelp\n');
    if (reset) b.reset(0x02); // EXTRF: the reset button
    b.runMs(1500);
    const answered = lines.slice(n0).some((l) => l.startsWith('help [COMMAND] |'));
    check(reset ? 'a reset drops the host bytes not yet sent' : 'queued host bytes are answered',
      answered === !reset, lines.slice(n0).join(' / '));
  }
});

// 3c. an EEPROM byte (erase + write) takes the board model's EE_WRITE_US, as on simavr's
//     board: EEPE stays set until then (the probe idles meanwhile)
test('an EEPROM byte takes EE_WRITE_US', () => {
  const { b } = boot(probe);
  b.runMs(50);
  const EECR = 0x3f, EEDR = 0x40, EEARL = 0x41, EEARH = 0x42, EEPE = 0x02, EEMPE = 0x04;
  const cycles = TIMINGS.EE_WRITE_US * (TIMINGS.F_CPU / 1000000);
  b.cpu.writeData(EEARL, 0xff);
  b.cpu.writeData(EEARH, 0x03);
  b.cpu.writeData(EEDR, 0x5a);
  b.cpu.writeData(EECR, EEMPE);
  b.cpu.writeData(EECR, EEPE);
  const t0 = b.now();
  b.runUntil(t0 + cycles - 32);
  const busy = (b.cpu.data[EECR] & EEPE) !== 0;
  b.runUntil(t0 + cycles + 64);
  const done = (b.cpu.data[EECR] & EEPE) === 0;
  check(`an EEPROM byte takes ${TIMINGS.EE_WRITE_US} us`, busy && done,
    `EEPE ${busy ? 'set' : 'clear'} 32 cycles before, ${done ? 'clear' : 'set'} 64 after`);
  check('the EEPROM byte written', b.eeprom.readMemory(0x3ff) === 0x5a, b.eeprom.readMemory(0x3ff));
});

// 4. sleep is modelled: idle most of the time on the idle board, power-down after 5 min
test('sleep modelled: idle, power-down, woken by RXD and by a key', () => {
  const { b, lines } = boot(fw);
  b.runMs(2000);
  const s0 = b.status.sleepCycles, t0 = b.now();
  b.runMs(3000);
  const asleep = (b.status.sleepCycles - s0) / (b.now() - t0);
  check('idle board sleeps most of the time', asleep > 0.8, `${(asleep * 100).toFixed(1)} %`);
  b.runMs(300500);
  check('sleep message once', lines.filter((l) => l.startsWith('ttt: sleeping')).length === 1, lines.join(' / '));
  check('powered down', b.sleepMode === 2 && b.status.powerDowns === 1, `mode ${b.sleepMode}`);
  const c0 = b.now();
  b.runMs(600000);
  check('power-down holds (no second sleep message in 10 min)', lines.filter((l) => l.startsWith('ttt: sleeping')).length === 1 && b.sleepMode === 2);
  check('10 min of power-down cost nothing to run', b.now() - c0 === msToCycles(600000));
  const n0 = lines.length;
  b.serialSend('diag'); // its start edge on RXD wakes the chip; the USART, its clock stopped, hears none of it
  b.runMs(100);
  check('serial input wakes it (RXD pin change)', b.sleepMode !== 2, `mode ${b.sleepMode}`);
  check('bytes sent during power-down and the start-up are not heard', b.model.uart_rx_lost() === 4 && lines.length === n0,
    `${b.model.uart_rx_lost()} lost; ${lines.slice(n0).join(' / ')}`);
  b.serialSend('\n');
  b.runMs(100);
  check('the damaged line is refused', lines.slice(n0).join(' / ') === 'error: line lost while asleep, send it again',
    lines.slice(n0).join(' / '));
  b.serialLine('board');
  b.runMs(200);
  check('awake: the console answers', lines.some((l) => l.startsWith('turn: x')), lines.slice(-4).join(' / '));
  b.runMs(301000);
  check('asleep again', b.sleepMode === 2 && b.status.powerDowns === 2, `mode ${b.sleepMode}`);
  const n1 = lines.length;
  b.setKeys(1);
  b.runMs(100);
  b.setKeys(0);
  b.runMs(1500);
  check('a key wakes it, with no line refused', b.sleepMode !== 2 && lines.length === n1, lines.slice(n1).join(' / '));
});

// 5. image loaders: clear errors for bad input
test('the image loaders: clear errors for bad input', () => {
  const throwsMsg = (f) => { try { f(); return ''; } catch (e) { return e.message; } };
  check('hex: bad checksum', /bad checksum/.test(throwsMsg(() => parseHex(':0100000000FE\n:00000001FF\n'))));
  check('hex: truncated', /truncated/.test(throwsMsg(() => parseHex(':0100000000FF\n'))));
  check('hex: not hex', /not an Intel HEX record/.test(throwsMsg(() => parseHex('hello\n'))));
  check('hex: too big', /past the 32 KB/.test(throwsMsg(() => parseHex(':020000040001F9\n:0100000000FF\n:00000001FF\n'))));
  check('elf: wrong machine', /not an AVR ELF/.test(throwsMsg(() => parseImage(Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 1, 1]), Buffer.alloc(60)])))));
  check('hex: the real image', parseHex(fs.readFileSync(hexPath, 'utf8')).top > 1000);
});
