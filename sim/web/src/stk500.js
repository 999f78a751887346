// sim/web/src/stk500.js - the flasher, written once: an Intel HEX image into an Arduino
// Uno through its bootloader (optiboot, STK500v1 at BAUD), as avrdude's `arduino`
// programmer does it: DTR reset, sync, signature check, each page loaded and programmed,
// each page read back and compared, leave programming mode, then the board's own banner.
// No DOM and no Node API: the page (Web Serial) and build/web/ttt-flash-js (a tty) only
// supply a link { write(bytes), setSignals(on), close() } that pushes what it receives
// into link.rx (a ByteQueue) and calls link.rx.fail(error) when the port goes away.
import { parseHex } from './image.js';
import SERIAL from 'board-serial';

export const BAUD = SERIAL.boot_baud; // hal/uart.h's UART_BOOT_BAUD, the Uno's optiboot
export const PAGE_BYTES = 128; // the ATmega328P's SPM page
export const BOOT_START = 0x7e00; // optiboot's 512-byte boot section: the image must end below
export const SIGNATURE = [0x1e, 0x95, 0x0f];
// signatures a bootloader may report, to name the chip when it is not the Uno's
const CHIPS = {
  '1e950f': 'ATmega328P', '1e9514': 'ATmega328', '1e9516': 'ATmega328PB',
  '1e9406': 'ATmega168', '1e940b': 'ATmega168P', '1e930a': 'ATmega88', '1e930f': 'ATmega88P',
  '1e9205': 'ATmega48', '1e9587': 'ATmega32U4', '1e9801': 'ATmega2560', '1e9703': 'ATmega1280',
  '1e9502': 'ATmega32', '1e9307': 'ATmega8', '1e9705': 'ATmega1284P',
};
const STK = { OK: 0x10, INSYNC: 0x14, NOSYNC: 0x15, EOP: 0x20 };
const RESET_LOW_MS = 250, RESET_WAIT_MS = 50; // avrdude's arduino_open()
const SYNC_TRIES = 5, SYNC_MS = 300, REPLY_MS = 1000, BANNER_MS = 4000;

const hex2 = (v) => v.toString(16).toUpperCase().padStart(2, '0');
const addr4 = (a) => '0x' + a.toString(16).toUpperCase().padStart(4, '0');
const num = (n) => n.toLocaleString('en-US');
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** kind: 'hex' | 'no-answer' | 'signature' | 'incomplete' | 'mismatch' | 'port'. */
export class FlashError extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind;
  }
}
/** What a link reports when its port goes away (unplugged, closed by the system). */
export class LinkLost extends Error {}
class Timeout extends Error {}

/** Bytes from the port, taken in order with a time limit. */
export class ByteQueue {
  constructor() {
    this.chunks = [];
    this.length = 0;
    this.error = null;
    this.waiter = null;
  }
  push(bytes) {
    if (!bytes || !bytes.length) return;
    this.chunks.push(Uint8Array.from(bytes));
    this.length += bytes.length;
    this.wake();
  }
  fail(error) {
    if (!this.error) this.error = error;
    this.wake();
  }
  wake() {
    const w = this.waiter;
    this.waiter = null;
    if (w) w();
  }
  clear() {
    this.chunks = [];
    this.length = 0;
  }
  takeNow(n) {
    const out = new Uint8Array(n);
    let k = 0;
    while (k < n) {
      const c = this.chunks[0];
      const m = Math.min(c.length, n - k);
      out.set(c.subarray(0, m), k);
      k += m;
      if (m === c.length) this.chunks.shift();
      else this.chunks[0] = c.subarray(m);
    }
    this.length -= n;
    return out;
  }
  /** n bytes, or throws Timeout after ms (LinkLost when the port went away). */
  async take(n, ms) {
    const end = Date.now() + ms;
    while (this.length < n) {
      if (this.error) throw this.error;
      const left = end - Date.now();
      if (left <= 0) throw new Timeout(`${this.length} of ${n} bytes`);
      await new Promise((resolve) => {
        const t = setTimeout(() => { this.waiter = null; resolve(); }, left);
        this.waiter = () => { clearTimeout(t); resolve(); };
      });
    }
    return this.takeNow(n);
  }
}

/** Intel HEX text -> the pages to write; refused (FlashError 'hex') when it does not
 * parse (the page's own checks, image.js) or does not fit below the bootloader. */
export function prepareImage(text, name = 'the .hex') {
  let img;
  try {
    img = parseHex(text);
  } catch (e) {
    throw new FlashError('hex', `${name} cannot be flashed: ${e.message}. Nothing was written.`);
  }
  if (img.top > BOOT_START)
    throw new FlashError('hex', `${name} cannot be flashed: the image is ${num(img.top)} bytes, ` +
      `and only ${num(BOOT_START)} fit below the Uno's bootloader (optiboot, at ${addr4(BOOT_START)}). ` +
      'Nothing was written.');
  const pages = [];
  let bytes = 0;
  for (let a = 0; a < img.top; a += PAGE_BYTES) {
    let used = 0;
    for (let k = a; k < a + PAGE_BYTES; k++) used += img.used[k];
    if (used) pages.push(a);
    bytes += used;
  }
  return { flash: img.flash, pages, bytes, name };
}

const NO_ANSWER = 'No answer from the board on this port. It may be the wrong port, a board ' +
  'without a bootloader, or a port busy in another program (close the Arduino IDE\'s serial ' +
  'monitor, picocom or another tab using it) - then try again. Nothing was written.';

// One flash over a link: each STK500v1 step in order, and the message for a failure,
// which depends on the stage it came in.
class Session {
  constructor(link, image, cb) {
    this.link = link;
    this.rx = link.rx;
    this.image = image;
    this.progress = cb.progress || (() => {});
    this.note = cb.note || (() => {});
    this.stage = 'sync';
    this.done = 0;
  }

  async send(bytes) {
    try {
      await this.link.write(Uint8Array.from(bytes));
    } catch (e) {
      throw e instanceof LinkLost ? e : new LinkLost(e.message);
    }
  }

  // one command: INSYNC, `n` bytes of answer, OK
  async command(bytes, n = 0, ms = REPLY_MS) {
    await this.send(bytes);
    const head = await this.rx.take(1, ms);
    if (head[0] !== STK.INSYNC)
      throw new Timeout(`answer 0x${hex2(head[0])} instead of INSYNC`);
    const body = n ? await this.rx.take(n, ms) : new Uint8Array(0);
    const tail = await this.rx.take(1, ms);
    if (tail[0] !== STK.OK) throw new Timeout(`answer 0x${hex2(tail[0])} instead of OK`);
    return body;
  }

  // The FlashError for what went wrong, by the stage it went wrong in.
  failed(e) {
    if (e instanceof FlashError) return e;
    const lost = e instanceof LinkLost;
    if (this.stage === 'sync')
      return new FlashError(lost ? 'port' : 'no-answer', lost ?
        `The port closed before the board answered (${e.message}). Plug the board in and try again. Nothing was written.` :
        NO_ANSWER);
    const cause = lost ? 'the link to the board was lost' : 'the board stopped answering';
    const n = this.image.pages.length, done = this.done;
    if (this.stage === 'write')
      return new FlashError('incomplete', `The flash is incomplete: ${cause} while writing page ` +
        `${done + 1} of ${n} (${addr4(this.image.pages[done])}). The bootloader is intact (a write ` +
        'never reaches it), so the board can simply be flashed again: plug it back in and flash ' +
        'once more.');
    if (this.stage === 'verify')
      return new FlashError('incomplete', `The flash is not verified: ${cause} while reading page ` +
        `${done + 1} of ${n} back. The bootloader is intact; flash again.`);
    if (this.stage === 'signature')
      return new FlashError('no-answer', `The board answered, then stopped before telling its ` +
        `chip (${e.message}): press its reset button and try again. Nothing was written.`);
    return new FlashError('port', `The board stopped answering after the image was written and ` +
      `verified (${e.message}); press its reset button.`);
  }

  // the Uno's auto-reset: DTR (and RTS) low, then high, as avrdude's arduino_open(); then
  // the bootloader's sync
  async sync() {
    this.note('resetting the board into its bootloader (DTR)');
    await this.link.setSignals(false);
    await sleep(RESET_LOW_MS);
    await this.link.setSignals(true);
    await sleep(RESET_WAIT_MS);
    this.rx.clear();
    for (let i = 0; i < SYNC_TRIES; i++) {
      try {
        await this.command([0x30, STK.EOP], 0, SYNC_MS);
        return;
      } catch (e) {
        if (!(e instanceof Timeout)) throw e;
        await sleep(50);
        this.rx.clear(); // line noise or the application's output before the reset
      }
    }
    throw new Timeout('no sync');
  }

  async signature() {
    this.stage = 'signature';
    const sig = await this.command([0x75, STK.EOP], 3);
    const key = Array.from(sig, hex2).join('').toLowerCase();
    if (key !== SIGNATURE.map(hex2).join('').toLowerCase()) {
      const chip = CHIPS[key];
      throw new FlashError('signature', `This board is not an Arduino Uno's ATmega328P: its ` +
        `bootloader reports signature ${Array.from(sig, hex2).join(' ')}` +
        `${chip ? `, an ${chip}` : ', a chip this flasher does not know'}. Nothing was written.`);
    }
    this.note('signature 1E 95 0F (ATmega328P)');
  }

  // Each page in turn (stage 'write' or 'verify'), with the progress before each and at the end.
  async pages(stage, each) {
    const command = (bytes, n) => this.command(bytes, n);
    const loadAddress = (a) => command([0x55, (a >> 1) & 0xff, (a >> 9) & 0xff, STK.EOP]);
    const n = this.image.pages.length;
    const at = (page) => ({ phase: stage, page, pages: n, bytes: page * PAGE_BYTES, totalBytes: n * PAGE_BYTES });
    this.stage = stage;
    for (this.done = 0; this.done < n; this.done++) {
      const a = this.image.pages[this.done];
      this.progress(at(this.done));
      await loadAddress(a);
      await each(a);
    }
    this.progress(at(n));
  }

  async writePage(a) {
    const cmd = new Uint8Array(PAGE_BYTES + 5);
    cmd.set([0x64, PAGE_BYTES >> 8, PAGE_BYTES & 0xff, 0x46]);
    cmd.set(this.image.flash.subarray(a, a + PAGE_BYTES), 4);
    cmd[PAGE_BYTES + 4] = STK.EOP;
    await this.command(cmd);
  }

  async verifyPage(a) {
    const flash = this.image.flash;
    const got = await this.command([0x74, PAGE_BYTES >> 8, PAGE_BYTES & 0xff, 0x46, STK.EOP], PAGE_BYTES);
    for (let k = 0; k < PAGE_BYTES; k++)
      if (got[k] !== flash[a + k])
        throw new FlashError('mismatch', `Read-back mismatch at ${addr4(a + k)}: wrote ` +
          `0x${hex2(flash[a + k])}, read 0x${hex2(got[k])}. The flash is not what was ` +
          'sent (a bad cable or hub?); the bootloader is intact, so flash again.');
  }

  async leave() {
    this.stage = 'leave';
    this.rx.clear();
    await this.command([0x51, STK.EOP]);
  }
}

/**
 * Flash `image` (from prepareImage) over `link`. Callbacks (all optional):
 *   progress({ phase: 'write'|'verify', page, pages, bytes, totalBytes })
 *   note(text)        a step, for a log
 *   line(text)        a line the board printed after the flash (its banner)
 * Resolves to { pages, bytes, ms, banner } or throws a FlashError.
 */
export async function flashBoard(link, image, cb = {}) {
  const t0 = Date.now();
  const s = new Session(link, image, cb);
  try {
    await s.sync();
    await s.signature();
    await s.pages('write', (a) => s.writePage(a));
    await s.pages('verify', (a) => s.verifyPage(a));
    await s.leave();
  } catch (e) {
    throw s.failed(e);
  }
  const ms = Date.now() - t0;
  s.note(`written and verified: ${num(image.bytes)} bytes in ${image.pages.length} pages of ${PAGE_BYTES}`);
  // the bootloader starts the application (its watchdog, 16 ms): wait for its banner
  const banner = await readLines(link.rx, cb.line || (() => {}), cb.bannerMs ?? BANNER_MS, /ttt: ready/);
  return { pages: image.pages.length, bytes: image.bytes, ms, banner };
}

// Lines from the board until one matches `until` or ms pass; returns that line or null.
async function readLines(rx, line, ms, until) {
  const end = Date.now() + ms;
  let text = '';
  for (;;) {
    const left = end - Date.now();
    if (left <= 0) return null;
    let b;
    try {
      b = await rx.take(1, left);
    } catch (e) {
      return null; // time is up, or the port closed: the flash itself is done
    }
    if (b[0] === 0x0a) {
      const t = text.replace(/\r$/, '');
      text = '';
      line(t);
      if (until.test(t)) return t;
    } else if (b[0] >= 0x20 || b[0] === 0x09 || b[0] === 0x0d) {
      text += String.fromCharCode(b[0]);
    }
  }
}
