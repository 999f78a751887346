// sim/web/src/shield.js - the tic-tac-toe shield on avr8js: the same board as
// sim/board.c (simavr), for the web page and ttt-sim-js. An unmodified firmware image
// runs on an ATmega328P at 16 MHz; around it the board model, sim/board_model.c built
// to WebAssembly (one instance per board; its timings are the constants below):
//   - key matrix: the sense columns' levels after every port write (avr8js has no
//     pull-ups: a column no key pulls low is set high here);
//   - LEDs: die on-time from every port write, classified per window into a picture
//     with blink and ghost detection;
//   - UART: lines and bytes from the chip; host bytes paced at the line rate, paused by
//     XOFF and resumed by XON from the chip (never shown);
//   - what avr8js 0.21 leaves out, measured against this firmware: UDRE is cleared when
//     its interrupt is taken (made level-triggered here), SLEEP is a no-op (idle skips to
//     the next clock event, power-down holds until a wake-up interrupt), a watchdog
//     timeout resets only PC and SP (the chip is rebuilt with MCUSR = WDRF, EEPROM kept),
//     MCUSR starts at 0 (PORF set at power-on), and an interrupt may run right after
//     SEI/RETI (held for one instruction here, as on the chip);
//   - the chip's cycles, as simavr's board counts them (sim/README.md, "Cycle for
//     cycle"): an interrupt's 4 cycles, every clock event due before it, the wake-up's
//     start-up, CBI's 2 cycles, a compare's flag as the count leaves OCRnx, a clock
//     select from its write, the watchdog's count, the transmitter's UDR0 buffer;
//   - ADC: the 1.1 V bandgap against AVcc reads 1.1 / VCC * 1024 (225 at 5.0 V);
//   - sound: Timer2 counted as the chip (the board model's), each edge of the sounder
//     pin (pins.sound, OC2A) timed to the cycle of the tick that toggled it, to onSound
//     (sound.js, wav.js); onStamp for --stamps.
// Time is counted in CPU cycles; nothing here reads a clock. No DOM, no Node APIs.
import MODEL_WASM from 'board-model-wasm';
import {
  CPU, avrInstruction, avrInterrupt, AVRTimer, timer0Config, timer1Config, timer2Config,
  usart0Config, AVREEPROM, eepromConfig, AVRWatchdog, watchdogConfig, AVRClock, AVRADC,
  adcConfig, AVRIOPort, portBConfig, portCConfig, portDConfig,
} from 'avr8js';
import { ChipUSART } from './usart.js';

const FRAMING_ERROR = 0x100; // in the host queue: this byte's stop bit is 0

// The model compiles once (3 KB: small enough for a synchronous compile on a page).
const MODEL = new WebAssembly.Module(MODEL_WASM);
const C = new WebAssembly.Instance(MODEL).exports;
export const F_CPU = C.constant_F_CPU();
export const CELLS = C.constant_CELLS();
export const msToCycles = (ms) => ms * (F_CPU / 1000);
export const WINDOW_CYCLES = msToCycles(C.constant_WINDOW_MS());
export const STABLE_MS = C.constant_STABLE_MS(); // a picture is stable once unchanged this long
export const XON = C.constant_XON();
export const XOFF = C.constant_XOFF();
// the model's constants by name: BOARD_TIMINGS (board_model.h), e.g. TIMINGS.HOLD_MS, and
// F_CPU, CELLS, DIES, XON, XOFF
export const TIMINGS = Object.fromEntries(Object.keys(C).filter((k) => k.startsWith('constant_'))
  .map((k) => [k.slice('constant_'.length), C[k]()]));

// The gestures and keys of `make play` (sim/ttt_sim.c), for every front end: a tap, a
// long press (past the firmware's, ARMED_MS), shift+1..9 as typed (a press past the
// firmware's menu hold: shift+5 opens the menu), and the key of each cell: 1-9 in reading
// order, or with `numpad` 7-8-9 on top (that mapping is its own inverse, so keyCell and
// cellKey share it). The board model makes them from the firmware's timings.
export const PRESS_MS = C.constant_PRESS_MS();
export const LONG_MS = C.constant_LONG_MS();
export const SHIFT_MS = C.constant_SHIFT_MS();
export const ARMED_MS = C.constant_ARMED_MS();
// a press that comes while a front end holds another cell (a tap's PRESS_MS, a timed long
// press), or at the very instant it lets one go, goes down this long after that release
export const TAP_GAP_MS = C.constant_TAP_GAP_MS();
export const SHIFTED_DIGITS = '!@#$%^&*(';
const numpadSwap = (i) => (2 - Math.floor(i / 3)) * 3 + (i % 3);
export const cellKey = (cell, numpad) => (numpad ? numpadSwap(cell) : cell) + 1;
export const keyCell = (digit, numpad) => (numpad ? numpadSwap(digit - 1) : digit - 1);

// A lit cell's shade in the picture (`shades`: '1'-'4' per cell, board_model.h; each shade
// a quarter of the on-time of the one above, SHADE_FULL a die lit its whole row step) as
// the share of full brightness, in permille; 1000 for a cell not (yet) shaded.
export const SHADE_FULL = C.constant_SHADE_FULL();
export function shadePermille(ch) {
  const s = ch.charCodeAt(0) - 48;
  return s >= 1 && s <= SHADE_FULL ? Math.round(1000 / 4 ** (SHADE_FULL - s)) : 1000;
}

const MCUSR = 0x54, SMCR = 0x53, UCSR0B = 0xc1, WDTCSR = 0x60;
const PORTB = 0x25, DDRB = 0x24, PORTC = 0x28, DDRC = 0x27, PORTD = 0x2b, DDRD = 0x2a;
const LEDS_PICTURE = 1, LEDS_GHOSTS = 2, LEDS_SHADES = 4; // what a window changed (board_model.h)
const UART_FLOW = 1, UART_DATA = 2, UART_LINE = 4; // what a byte was
const PORF = 0x01, WDRF = 0x08;
const SREG_I = 0x80;
const OP_SLEEP = 0x9588, OP_CBI = 0x9800; // CBI: 1001 1000 AAAA Abbb
const SLEEP_POWER_DOWN = 2; // SMCR's SM bits (idle is 0)
const INT_CYCLES = C.constant_INT_CYCLES(); // an interrupt's response (board_model.h)
const EE_BYTES = 1024;
const OVERRIDE = { None: 0, Enable: 1, Set: 2, Clear: 3, Toggle: 4 }; // avr8js's PinOverrideMode (not exported)

// An erase + write takes the model's time (avr8js's default is 1.8 + 1.8 ms): the
// firmware's timing after a save, and so the ms its random levels are stirred with,
// must match simavr's.
const EE_HALF = (C.constant_EE_WRITE_US() * (F_CPU / 1000000)) / 2;
const EEPROM_TIMING = { ...eepromConfig, eraseCycles: EE_HALF, writeCycles: EE_HALF };

// A NUL-terminated string in a model's memory.
function cString(model, ptr) {
  const mem = new Uint8Array(model.memory.buffer, ptr);
  let s = '';
  for (let i = 0; mem[i]; i++) s += String.fromCharCode(mem[i]);
  return s;
}

// EEPROM cells live in the shield (they survive resets and rebuilt chips); avr8js's
// backend interface. onWrite sees every programmed byte (the page saves them).
class EepromCells {
  constructor(bytes, onWrite) {
    this.memory = bytes;
    this.onWrite = onWrite;
  }
  readMemory(addr) { return this.memory[addr & (EE_BYTES - 1)]; }
  writeMemory(addr, value) {
    const a = addr & (EE_BYTES - 1);
    this.memory[a] &= value;
    if (this.onWrite) this.onWrite(a, this.memory[a]);
  }
  eraseMemory(addr) {
    const a = addr & (EE_BYTES - 1);
    this.memory[a] = 0xff;
    if (this.onWrite) this.onWrite(a, 0xff);
  }
}

export class Shield {
  /**
   * flash: Uint8Array (32 KB image); opts: { pins (build/gen/pins.json), eeprom
   * (Uint8Array(1024) kept by reference, default erased), vcc (volts, default 5.0),
   * onEepromWrite(addr, value) }.
   */
  constructor(flash, opts = {}) {
    if (!opts.pins) throw new Error('Shield: pins (build/gen/pins.json) missing');
    this.pins = opts.pins;
    this.flash = new Uint16Array(new Uint8Array(flash).buffer.slice(0, 32768));
    this.eeprom = new EepromCells(opts.eeprom || new Uint8Array(EE_BYTES).fill(0xff),
      opts.onEepromWrite || null);
    this.vcc = opts.vcc === undefined ? 5.0 : opts.vcc;
    this.onLine = null; // (text) for each line from the chip, '\r' dropped
    this.onByte = null; // (byte) for each byte from the chip except XON/XOFF
    this.onReset = null; // (mcusr) after every reset
    this.tracer = null; // { pins(), tx(byte), rx(byte) }: the VCD trace (trace.js)
    this.onSound = null; // (cycle, high) for each edge of the sounder pin, cycles since power-on
    // (cycle, what, value) for each byte from the chip (tx, at its UDR0 write) and each
    // change of the dies lit (leds), the sounder pin (sound), the closed keys (keys) and
    // RXD (rxd): ttt-sim's board_stamps() (sim/board.h) writes the same
    this.onStamp = null;
    this.soundHigh = false;
    this.soundAt = 0; // the cycle of its last edge
    this.keys = 0;
    this.txq = []; // host -> chip bytes not yet sent
    this.model = new WebAssembly.Instance(MODEL).exports;
    this.model.init(0); // LED windows run on power-on time, across resets
    // each die lit (1) or not in the last window; the model's memory never grows
    this.level = new Uint8Array(this.model.memory.buffer, this.model.leds_level(), C.constant_DIES());
    this.status = { crashed: 0, crashReason: '', resets: 0, wdtResets: 0, sleepCycles: 0,
      powerDowns: 0, xoffs: 0 };
    this.cycleBase = 0; // cycles of earlier chips (a rebuilt chip starts at 0)
    this.picture = cString(this.model, this.model.leds_picture());
    this.pictureSince = 0;
    this.ghosts = cString(this.model, this.model.leds_ghosts());
    this.shades = cString(this.model, this.model.leds_shades()); // per cell, see shadePermille
    this.nextWindow = this.model.leds_next_window();
    this._build(PORF);
  }

  // ---- time ---------------------------------------------------------------------

  /** Cycles since power-on (continues across resets). */
  now() { return this.cycleBase + this.cpu.cycles; }

  // ---- the chip -------------------------------------------------------------------

  _build(mcusr) {
    if (this.cpu) this.cycleBase += this.cpu.cycles;
    const cpu = new CPU(this.flash);
    this.cpu = cpu;
    this.clock = new AVRClock(cpu, F_CPU);
    this._timers(cpu);
    this.ports = [new AVRIOPort(cpu, portBConfig), new AVRIOPort(cpu, portCConfig),
      new AVRIOPort(cpu, portDConfig)];
    this._usart(cpu);
    this.eepromPeriph = new AVREEPROM(cpu, this.eeprom, EEPROM_TIMING);
    this.watchdog = new AVRWatchdog(cpu, watchdogConfig, this.clock);
    this._watchdogCount(cpu);
    this.adc = new AVRADC(cpu, adcConfig);
    this.adc.avcc = this.vcc;
    // avr8js gap 4: a watchdog reset calls cpu.reset(), which resets only PC and SP.
    this.wdtFired = false;
    cpu.reset = () => { this.wdtFired = true; };
    cpu.data[MCUSR] = mcusr; // gap 5: avr8js starts with MCUSR = 0
    if (mcusr & WDRF) {
      // the chip keeps the watchdog on after a watchdog reset (WDE forced while WDRF)
      cpu.writeData(WDTCSR, 0x18); // WDCE | WDE: open the timed sequence
      cpu.writeData(WDTCSR, 0x08); // WDE, 16 ms
    }
    this.sleepMode = -1; // -1 awake, else SM of the SLEEP being slept
    this.wakeAt = -1; // asleep and woken: the CPU runs again then
    this.clockStopped = 0; // the cycle a sleep but idle stopped the I/O clock
    this.insnAt = 0; // the cycle the instruction under way began
    this.nextTx = 0;
    this.rxdHighAt = 0; // RXD goes high again (0: it is high)
    this.rxPending = null; // { b, fe }: a byte the chip hears, complete (RXC) at its stop bit
    // the stop bit is a clock event of the chip's, so the interrupt it raises is taken
    // after the instruction under way, as simavr's cycle timer (host_uart.c) has it
    this.rxDone = () => this._rxComplete();
    this.model.uart_release();
    // RXD (PD0) idles high: the Uno's USB bridge drives it through 1 kOhm
    this.ports[2].setPin(0, true);
    // sense columns and LEDs follow every write of the ports that carry their pins
    const keyPorts = new Set(this.pins.keyRows.map((p) => p.port));
    this.ports.forEach((port, i) => port.addListener(() => {
      this._ledsRecompute();
      if (keyPorts.has(i)) this._keysApply();
      if (this.tracer) this.tracer.pins();
    }));
    this._soundPin(cpu);
    this._keysApply();
    this._ledsRecompute();
    this.status.resets++;
    if (mcusr & WDRF) this.status.wdtResets++;
    if (this.onReset) this.onReset(mcusr);
  }

  // avr8js gaps 11 and 16: the chip's receiver (2-frame FIFO, shift register, DOR0, FE0; a
  // UCSR0B write keeping RXEN0 leaves received data alone) and transmitter (UDR0 beside
  // the shift register, the board model's board_tx_t): sim/web/src/usart.js. Gap 1: UDRE
  // is a level (set while UDR0 is empty), not an event: taking the interrupt must not
  // clear it, or a UDRE handler that finds nothing to send leaves all later output stuck.
  _usart(cpu) {
    const m = this.model;
    this.usart = new ChipUSART(cpu, usart0Config, F_CPU, {
      write: (now, cycles) => m.tx_write(now, cycles), frameEnd: (now, cycles) => m.tx_frame_end(now, cycles),
      next: () => m.tx_next(),
    });
    this.usart.UDRE.constant = true;
    this.usart.onByteTransmit = (b) => this._txByte(b);
  }

  // avr8js gap 17: every WDTCSR write while the watchdog runs restarts its count; the
  // chip's counter runs on from the last WDR (or the write that enabled it, or a time-out
  // in interrupt mode), the new prescaler timing it from there (simavr restarts it when
  // the prescaler changes: sim/board.c, wdtcsr_write).
  // Likewise a time-out in interrupt mode: the next one comes a period after it, not
  // after the clock event that found it.
  _watchdogCount(cpu) {
    const wdt = this.watchdog, reg = watchdogConfig.WDTCSR, hook = cpu.writeHooks[reg];
    const period = () => Math.floor((F_CPU / wdt.clockFrequency) * wdt.prescaler);
    const check = wdt.checkWatchdog;
    wdt.checkWatchdog = () => {
      const due = wdt.watchdogTimeout, fired = wdt.enabled && cpu.cycles >= due;
      check();
      if (fired && !this.wdtFired && wdt.enabled) {
        wdt.watchdogTimeout = due + period();
        cpu.clearClockEvent(wdt.checkWatchdog);
        cpu.addClockEvent(wdt.checkWatchdog, wdt.watchdogTimeout - cpu.cycles);
      }
    };
    cpu.writeHooks[reg] = (value, old, addr, mask) => {
      const was = wdt.enabled, origin = wdt.watchdogTimeout - period();
      const r = hook(value, old, addr, mask);
      if (was && wdt.enabled) {
        wdt.watchdogTimeout = origin + period();
        cpu.clearClockEvent(wdt.checkWatchdog);
        cpu.addClockEvent(wdt.checkWatchdog, wdt.watchdogTimeout - cpu.cycles);
        wdt.scheduled = true;
      }
      return r;
    };
  }

  _timers(cpu) {
    this.timers = [new AVRTimer(cpu, timer0Config), new AVRTimer(cpu, timer1Config),
      new AVRTimer(cpu, timer2Config)];
    this.timerEvents = new Set(this.timers.map((t) => t.count));
    // avr8js gap 10: a count wrapping at TOP (CTC) sets OCFnB whenever OCRnB lies above
    // the count before the wrap, even above TOP where the chip's counter never goes
    // (timerUpdated's `prevValue < ocrB && overflow`); the LED driver parks OCR0B there
    // between its compares, and every row step took its first compare at once (dim and
    // dimmer levels' dies lit the whole step). Such a compare value never matches.
    // avr8js gap 14: a compare sets its flag (and toggles OCnx) at the timer tick that
    // brings the count to OCRnx; the chip's comparator matches while the count equals
    // OCRnx and sets the flag at the next tick, as the count leaves it (datasheet 15.8,
    // figures 15-11 and 15-12: 64 cycles later for Timer0 at clk/64). The counts left in
    // (prev, value] are [prev, value): both one count back.
    // avr8js gap 15: a clock select written to TCCRnB takes effect at the next clock
    // event, after the instruction: the timer counts from the cycle after the write; in
    // simavr from the write's. Here from the write's (counts pending under the old clock
    // first): the chip's prescaler runs free, which neither models.
    for (const t of this.timers) {
      const reg = t.config.TCCRB, hook = cpu.writeHooks[reg];
      cpu.writeHooks[reg] = (value, old, addr, mask) => {
        const r = hook(value, old, addr, mask);
        cpu.clearClockEvent(t.count);
        t.count(false);
        return r;
      };
    }
    for (const t of this.timers) {
      const updated = t.timerUpdated.bind(t);
      t.timerUpdated = (value, prev) => {
        const top = t.TOP, ocrB = t.ocrB;
        value = (value + top) % (top + 1);
        prev = (prev + top) % (top + 1);
        if (prev > value && ocrB > top) t.ocrB = prev; // in neither (prev, TOP] nor [0, value]
        updated(value, prev);
        t.ocrB = ocrB;
      };
    }
  }

  // Timer2 as the chip counts it, and the sounder pin's edges (sim/parts/sounder.c is
  // simavr's twin). avr8js gap 12: its Timer2 counts otherwise than the chip (an OCR2A
  // written below the count wraps it at once, a TCNT2 above OCR2A too) and connecting
  // OC2A (COM2A set) drives PORTB3's value, where the chip drives its OC2A latch, which
  // keeps its level while disconnected. Here the board model's board_timer2_t keeps the
  // count from the register writes (TCNT2 reads give it); its compare A matches, each at
  // its tick's cycle, drive the latch, and the latch the pin; avr8js's own compare unit is
  // cut off the pin (its flags stay). A reset drives the pin low (an input, not driven:
  // low to the sounder). Cycles are the chip's (cpu.cycles).
  _soundPin(cpu) {
    const m = this.model, t2 = this.timers[2], cfg = timer2Config, sp = this.pins.sound;
    const port = sp ? this.ports[sp.port] : null, mask = sp ? 1 << sp.bit : 0;
    let latch = false, at = -1;
    m.t2_reset(cpu.cycles);
    t2.updateCompA = () => {};
    const com = () => (cpu.data[cfg.TCCRA] >> 6) & 3;
    const drive = () => { if (port) port.timerOverridePin(sp.bit, com() ? (latch ? OVERRIDE.Set : OVERRIDE.Clear) : OVERRIDE.None); };
    const compare = () => {
      const c = com();
      if (c === 1) latch = !latch;
      else if (c >= 2) latch = c === 3;
      drive();
    };
    const schedule = () => {
      cpu.clearClockEvent(this.t2Match);
      const next = m.t2_next_a();
      if (next >= 0) cpu.addClockEvent(this.t2Match, next - cpu.cycles);
    };
    this.t2Match = () => {
      const due = m.t2_next_a();
      at = due;
      if (m.t2_run(due) & 1) compare(); // BOARD_T2_MATCH_A
      at = -1;
      schedule();
    };
    [cfg.TCCRA, cfg.TCCRB, cfg.TCNT, cfg.OCRA, cfg.OCRB].forEach((addr, reg) => {
      const hook = cpu.writeHooks[addr];
      cpu.writeHooks[addr] = (value, old, a, bits) => {
        const r = hook ? hook(value, old, a, bits) : false;
        m.t2_write(reg, value, this.insnAt);
        if (addr === cfg.TCCRA && !com() !== !((old >> 6) & 3)) drive();
        if (addr === cfg.TCCRB && (value & 0x80)) compare(); // FOC2A
        schedule();
        return r;
      };
    });
    // at the instruction's first cycle, as simavr reads and writes (avr8js's LD and LDS
    // read a cycle into theirs)
    cpu.readHooks[cfg.TCNT] = (addr) => (cpu.data[addr] = m.t2_tcnt(this.insnAt));
    this.timerEvents.add(this.t2Match); // it waits while the I/O clock stands, as theirs
    if (!port) return;
    const edge = (cycles) => {
      const ddr = cpu.data[port.portConfig.DDR] & mask;
      const high = ddr !== 0 && (port.lastValue & mask) !== 0;
      if (high === this.soundHigh) return;
      this.soundHigh = high;
      this.soundAt = this.cycleBase + cycles;
      if (this.onSound) this.onSound(this.soundAt, high);
      if (this.onStamp) this.onStamp(this.soundAt, 'sound', high ? 1 : 0);
    };
    edge(cpu.cycles);
    port.addListener(() => edge(at >= 0 ? at : cpu.cycles));
  }

  /** A power cycle: a fresh chip with MCUSR = PORF; EEPROM kept. */
  powerCycle() { this.reset(PORF); }

  /** A reset with the given MCUSR flags; EEPROM kept, host bytes not yet sent dropped. */
  reset(mcusr) {
    this.txq.length = 0;
    this.model.uart_drop_line();
    this.status.crashed = 0;
    this._build(mcusr);
  }

  // ---- keys -----------------------------------------------------------------------

  /** Bit i = contact of cell i closed (cells 0..8 in reading order). */
  setKeys(mask) {
    this.keys = mask & 0x1ff;
    if (this.onStamp) this.onStamp(this.now(), 'keys', this.keys);
    this._keysApply();
    if (this.tracer) this.tracer.pins();
  }

  // the registers of ports B, C, D as (PORT, DDR) pairs, the model's arguments
  _keysApply() {
    const d = this.cpu.data;
    const high = this.model.keys_sense(this.keys, d[PORTB], d[DDRB], d[PORTC], d[DDRC], d[PORTD], d[DDRD]);
    const { keyCols } = this.pins;
    for (let c = 0; c < 3; c++) {
      const cp = keyCols[c], port = this.ports[cp.port], level = (high >> c) & 1;
      if (((port.pinValue >> cp.bit) & 1) !== level) port.setPin(cp.bit, level === 1);
    }
  }

  // ---- LEDs -----------------------------------------------------------------------

  /** Dies lit right now: bit 2*cell = red, 2*cell+1 = green. */
  get dies() { return this.model.leds_dies(); }

  _ledsRecompute() {
    const d = this.cpu.data, was = this.onStamp && this.model.leds_dies();
    this.model.leds_ports(this.now(), d[PORTB], d[DDRB], d[PORTC], d[DDRC], d[PORTD], d[DDRD]);
    if (this.onStamp && this.model.leds_dies() !== was) this.onStamp(this.now(), 'leds', this.model.leds_dies());
  }

  _ledsWindow(now) {
    const changed = this.model.leds_window(now);
    if (changed & LEDS_PICTURE) {
      this.picture = cString(this.model, this.model.leds_picture());
      this.pictureSince = now;
    }
    if (changed & LEDS_GHOSTS) this.ghosts = cString(this.model, this.model.leds_ghosts());
    if (changed & LEDS_SHADES) this.shades = cString(this.model, this.model.leds_shades());
    this.nextWindow = this.model.leds_next_window();
  }

  /** The duty meter (`duty` of --stdio): start it; read one die's figures since. */
  meterStart() { this.model.leds_meter_start(this.now()); }
  meterRead(die) {
    const m = new Uint32Array(this.model.memory.buffer, this.model.leds_meter_read(die, this.now()), 3);
    return { onPermille: m[0], litPermille: m[1], periodMs: m[2] };
  }

  /** True once the picture has been unchanged for STABLE_MS. */
  stable() { return this.now() - this.pictureSince >= msToCycles(STABLE_MS); }

  // ---- UART -----------------------------------------------------------------------

  /** The chip said XOFF: host bytes wait for XON. */
  get xoff() { return this.model.uart_held() === 1; }

  _txByte(b) {
    if (this.tracer) this.tracer.tx(b);
    if (this.onStamp) this.onStamp(this.now(), 'tx', b);
    const got = this.model.uart_from_chip(b);
    if (got & UART_FLOW) this.status.xoffs = this.model.uart_xoffs();
    if ((got & UART_FLOW) && !this.xoff && this.txq.length) {
      // XON: the host's next byte at once (or at its pace), the run step ends for it
      if (this.nextTx < this.cpu.cycles) this.nextTx = this.cpu.cycles;
      if (this.nextTx < this.runLimit) this.runLimit = this.nextTx;
    }
    if ((got & UART_DATA) && this.onByte) this.onByte(b);
    if ((got & UART_LINE) && this.onLine) this.onLine(cString(this.model, this.model.uart_line()));
  }

  /** Queue host bytes (string or byte array) for the chip's RX line. */
  serialSend(data) {
    if (typeof data === 'string') for (let i = 0; i < data.length; i++) this.txq.push(data.charCodeAt(i) & 0xff);
    else for (const b of data) this.txq.push(b & 0xff);
    if (this.nextTx < this.cpu.cycles) this.nextTx = this.cpu.cycles;
  }

  serialLine(s) { this.serialSend(s + '\n'); }

  /** Queue one host byte that arrives with a framing error (its stop bit 0). */
  serialFramingError(b) {
    this.txq.push((b & 0xff) | FRAMING_ERROR);
    if (this.nextTx < this.cpu.cycles) this.nextTx = this.cpu.cycles;
  }

  // One host byte on the wire when the receiver is free, at the model's pace; held
  // while the chip said XOFF or its receiver is off. Its start bit pulls RXD low (a
  // pin change); the chip hears it only while its clock runs (the model: not powered
  // down, nor in the crystal's start-up after a wake-up), as on the chip.
  _feed() {
    const cpu = this.cpu, u = this.usart;
    if (!(cpu.data[UCSR0B] & 0x10)) { // the receiver off: the byte waits a pace
      this.nextTx = cpu.cycles + this.model.uart_pace(u.cyclesPerChar);
      return;
    }
    const q = this.txq.shift(), b = q & 0xff;
    this.ports[2].setPin(0, false);
    if (this.onStamp) this.onStamp(this.now(), 'rxd', 0);
    this.rxdHighAt = cpu.cycles + this.model.uart_rxd_low(b, u.cyclesPerChar);
    // the receiver takes a byte time (an event of ours: a power-down calls it off)
    if (this.model.uart_rx_hears(this.now(), u.cyclesPerChar)) {
      u.rxStart();
      this.rxPending = { b, fe: q > 0xff };
      cpu.addClockEvent(this.rxDone, u.cyclesPerChar);
    }
    if (this.tracer) this.tracer.rx(b);
    this.nextTx = cpu.cycles + this.model.uart_pace(u.cyclesPerChar);
  }

  _rxComplete() {
    const { b, fe } = this.rxPending;
    this.rxPending = null;
    this.usart.rxFrame(b, fe);
  }

  _rxdIdle() {
    this.rxdHighAt = 0;
    this.ports[2].setPin(0, true);
    if (this.onStamp) this.onStamp(this.now(), 'rxd', 1);
  }

  // The sleep mode (-1 awake) for the chip and the model's receiver.
  _sleep(mode) {
    this.sleepMode = mode;
    if (this.model.uart_sleep(mode, this.now())) { // lost mid-byte
      this.rxPending = null;
      this.cpu.clearClockEvent(this.rxDone);
    }
  }

  // ---- running --------------------------------------------------------------------

  _crash(reason) {
    this.status.crashed = 1;
    this.status.crashReason = reason;
    return -1;
  }

  /** Run until now() reaches `cycle`. Returns 0, or -1 when the chip stopped (status). */
  runUntil(target) {
    if (this.status.crashed) return -1;
    for (;;) {
      const cpu = this.cpu;
      const end = target - this.cycleBase;
      if (cpu.cycles >= end) return 0;
      let next = end;
      const win = this.nextWindow - this.cycleBase;
      if (win < next) next = win;
      if (this.txq.length && !this.xoff && this.nextTx < next) next = this.nextTx;
      if (this.rxdHighAt && this.rxdHighAt < next) next = this.rxdHighAt;
      const r = this._runChip(next);
      if (r < 0) return r;
      if (r === 1) continue; // the chip was rebuilt by a watchdog reset
      const c = this.cpu.cycles;
      if (this.rxdHighAt && this.rxdHighAt <= c) this._rxdIdle();
      if (this.txq.length && !this.xoff && this.nextTx <= c) this._feed();
      if (this.cycleBase + c >= this.nextWindow) this._ledsWindow(this.now());
    }
  }

  runMs(ms) { return this.runUntil(this.now() + msToCycles(ms)); }

  // Instructions until cpu.cycles reaches `limit`: 0, 1 after a watchdog reset (a new
  // chip), -1 when the chip stopped. Each instruction, then the clock events due, then an
  // interrupt, timed as the chip does (board_model.h; avr8js 0.21.1 departs: see _events,
  // _interrupt, _sleepStep).
  _runChip(limit) {
    const cpu = this.cpu, data = cpu.data, prog = this.flash, progWords = prog.length;
    this.runLimit = limit; // an XON pulls it in (_txByte)
    while (cpu.cycles < this.runLimit) {
      if (this.sleepMode >= 0) {
        if (this._sleepStep(this.runLimit) < 0) return -1;
        if (this.wdtFired) break;
        continue;
      }
      const pc = cpu.pc;
      if (pc >= progWords) return this._crash(`pc 0x${(pc * 2).toString(16)} outside the flash`);
      const sreg = data[95], op = prog[pc];
      this.insnAt = cpu.cycles;
      avrInstruction(cpu);
      if ((op & 0xff00) === OP_CBI) cpu.cycles++; // gap 13: avr8js counts CBI 1 cycle, the chip 2
      this._events(false);
      if (op === OP_SLEEP && (data[SMCR] & 1)) {
        // gap 3: SLEEP executes as a no-op in avr8js. Asleep from here, even with an
        // interrupt pending (the chip then wakes at once, after its start-up)
        this._sleep((data[SMCR] >> 1) & 7);
        this.wakeAt = -1;
        this.clockStopped = cpu.cycles; // every mode but idle stops the I/O clock
        if (this.sleepMode === SLEEP_POWER_DOWN) this.status.powerDowns++;
      } else if ((sreg & SREG_I) || !(data[95] & SREG_I)) {
        // gap 6: after SEI/RETI the chip runs one more instruction before any
        // interrupt (so `sei; sleep` sleeps); avr8js would take it at once
        this._interrupt();
      }
      if (this.wdtFired) break;
    }
    if (this.wdtFired) {
      this._build(WDRF);
      return 1;
    }
    return 0;
  }

  // Every clock event due (avr8js's tick runs one per instruction, the chip's peripherals
  // all act in the same cycle); with `timersStopped` only those of the peripherals whose
  // clock runs in power-down (timers 0-2's events wait).
  _events(timersStopped) {
    const cpu = this.cpu;
    for (;;) {
      let prev = null, ev = cpu.nextClockEvent;
      while (timersStopped && ev && this.timerEvents.has(ev.callback)) {
        prev = ev;
        ev = ev.next;
      }
      if (!ev || ev.cycles > cpu.cycles) return;
      if (prev) prev.next = ev.next;
      else cpu.nextClockEvent = ev.next;
      ev.callback();
    }
  }

  // The pending interrupt of highest priority, in INT_CYCLES (avr8js counts 2: the
  // chip's response is 4, datasheet 6.7.1)
  _interrupt() {
    const cpu = this.cpu;
    if (!(cpu.data[95] & SREG_I) || cpu.nextInterrupt < 0) return;
    const irq = cpu.pendingInterrupts[cpu.nextInterrupt];
    const before = cpu.cycles;
    avrInterrupt(cpu, irq.address);
    cpu.cycles = before + INT_CYCLES;
    if (!irq.constant) cpu.clearInterrupt(irq);
  }

  // The I/O clock ran again after a sleep but idle: timers 0-2 stood meanwhile (the chip's
  // I/O clock stops; their events waited), so each goes on as far on as the clock stood.
  _clockRun() {
    const cpu = this.cpu, stood = cpu.cycles - this.clockStopped;
    for (const t of this.timers) {
      let due = -1;
      for (let ev = cpu.nextClockEvent; ev; ev = ev.next) if (ev.callback === t.count) due = ev.cycles;
      t.lastCycle += stood;
      if (due >= 0) cpu.updateClockEvent(t.count, due + stood - cpu.cycles);
    }
    this.model.t2_clock_stood(this.clockStopped, cpu.cycles);
    cpu.clearClockEvent(this.t2Match);
    const next = this.model.t2_next_a();
    if (next >= 0) cpu.addClockEvent(this.t2Match, next - cpu.cycles);
  }

  // A pending interrupt that wakes the chip from its sleep mode (board_wakes; vectors
  // as simavr numbers them: avr8js's word address / 2)
  _wakePending() {
    const cpu = this.cpu;
    if (cpu.nextInterrupt < 0) return false;
    for (let a = cpu.nextInterrupt; a <= cpu.maxInterrupt; a++) {
      if (cpu.pendingInterrupts[a] && this.model.wakes(this.sleepMode, a / 2)) return true;
    }
    return false;
  }

  // Asleep: nothing executes. Woken by a pending interrupt of its mode, the CPU runs
  // board_wake_cycles later (the oscillator's start-up, the 4-cycle halt) and takes it
  // (avr8js sleeps not at all: gap 3). Until then the clock jumps to the next event:
  // idle's clocks run, power-down runs only the watchdog's and the USART model's.
  _sleepStep(limit) {
    const cpu = this.cpu;
    if (!(cpu.data[95] & SREG_I)) {
      // nothing can ever be taken: the chip sleeps forever
      return this._crash('sleep with interrupts off');
    }
    if (this.wakeAt < 0 && this._wakePending()) this.wakeAt = cpu.cycles + this.model.wake_cycles(this.sleepMode);
    const timersStopped = this.sleepMode > 0;
    if (this.wakeAt >= 0 && cpu.cycles >= this.wakeAt) {
      this.wakeAt = -1;
      if (timersStopped) this._clockRun();
      this._sleep(-1);
      this._interrupt();
      return 0;
    }
    let to = this.wakeAt >= 0 && this.wakeAt < limit ? this.wakeAt : limit;
    for (let ev = cpu.nextClockEvent; ev; ev = ev.next) {
      if (timersStopped && this.timerEvents.has(ev.callback)) continue;
      if (ev.cycles < to) to = ev.cycles;
      break;
    }
    if (to > cpu.cycles) {
      this.status.sleepCycles += to - cpu.cycles;
      cpu.cycles = to;
    }
    this._events(timersStopped);
    return 0;
  }
}
