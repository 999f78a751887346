// sim/web/src/usart.js - avr8js's AVRUSART with the ATmega328P's receiver (datasheet
// 20.7, sim/README.md, avr8js gap 11). avr8js 0.21.1 keeps one received byte, and
// clears it (RXC) whenever UCSR0B is written with the receiver left on; the chip holds
// two frames in its receive FIFO and a third in the shift register, and no UCSR0B write
// that keeps RXEN touches them. Here:
//   - a frame completes (its stop bit): into the FIFO if it has room, else it waits in
//     the shift register;
//   - a start bit while a frame waits there: that frame is lost, DOR0 set, "valid until
//     the receive buffer (UDRn) is read" (datasheet, UCSR0A): cleared by the next read;
//   - RXC0 while the FIFO holds a frame, cleared only by reading UDR0 (the last frame)
//     or by turning the receiver off (which empties it); FE0 is the head frame's;
//   - the flags survive UCSR0A writes (avr8js's hook clears every bit but U2X and MPCM).
// The host side (shield.js) calls rxStart() at each start bit and rxFrame() at its stop
// bit; writeByte() (avr8js's own entry) does both.
// With `tx` (the board model's board_tx_t: sim/board_model.h), the chip's transmitter
// too: avr8js 0.21.1 keeps no byte in UDR0 beside the one being sent (UDRE and TXC come
// together a byte time after each write, and the write clears TXC), and its UCSR0A hook
// clears UDRE and TXC; the chip moves a byte into the idle shift register at once and
// keeps a second in UDR0 (datasheet 20.6.1).
import { AVRUSART } from 'avr8js';

// UCSR0A: FE0, DOR0; UCSR0B: RXEN0 (RXC0 is avr8js's interrupt flag, this.RXC)
const FE = 0x10, DOR = 0x08, RXEN = 0x10, TXEN = 0x08, TXC = 0x40;
const TX_UDRE = 1, TX_TXC = 2; // board_tx_write / board_tx_frame_end (board_model.h)
export const FIFO_FRAMES = 2;

export class ChipUSART extends AVRUSART {
  constructor(cpu, config, freqHz, tx = null) {
    super(cpu, config, freqHz); // calls reset(), which makes the receiver's state
    const { UCSRA, UCSRB, UDR } = config;
    const writeA = cpu.writeHooks[UCSRA], writeB = cpu.writeHooks[UCSRB];
    this.tx = tx;
    cpu.writeHooks[UCSRA] = (value, old) => {
      const txc = cpu.data[UCSRA] & TXC && !(value & TXC); // 1 clears it, 0 keeps it
      writeA(value, old);
      if (txc) cpu.data[UCSRA] |= TXC;
      this._flags();
      return true;
    };
    cpu.writeHooks[UCSRB] = (value, old) => {
      writeB(value, old); // clears RXC when RXEN stays on: put back below
      if (!(value & RXEN)) this._flush();
      this._flags();
      return true;
    };
    cpu.readHooks[UDR] = () => this._read();
    if (tx) cpu.writeHooks[UDR] = (value) => this._write(value);
    this._frameEnd = () => {
      const r = this.tx.frameEnd(this.cpu.cycles, this.cyclesPerChar);
      this.txBuffered = false;
      if (r & TX_UDRE) this.cpu.addClockEvent(this._frameEnd, this.tx.next() - this.cpu.cycles);
      if (r & TX_TXC) this.cpu.setInterruptFlag(this.TXC);
      this._flags();
    };
  }

  // UDR0 written: the byte out at once when it goes into the idle shift register, else
  // when the frame before it ends; a write to a full UDR0 is lost
  _write(value) {
    const { cpu } = this;
    if (!(cpu.data[this.config.UCSRB] & TXEN)) return true;
    const r = this.tx.write(cpu.cycles, this.cyclesPerChar);
    if (r !== 0 && r !== TX_UDRE) return true; // UDR0 full: the chip drops the byte
    if (this.onByteTransmit) this.onByteTransmit(value);
    this.txBuffered = r === 0;
    if (r === TX_UDRE) cpu.addClockEvent(this._frameEnd, this.tx.next() - cpu.cycles);
    this._flags();
    return true;
  }

  reset() {
    super.reset();
    this.txBuffered = false; // a byte waits in UDR0 (the model's transmitter)
    this.fifo = []; // frames complete and unread: { b, fe }
    this.shift = null; // a complete frame waiting in the shift register (FIFO full)
    this.dor = false;
    this.overruns = 0; // frames lost to a full receiver since reset
  }

  /** A start bit on RXD: a frame waiting in the shift register is overwritten. */
  rxStart() {
    if (!this.rxEnable || !this.shift) return;
    this.shift = null;
    this.dor = true;
    this.overruns++;
    this._flags();
  }

  /** A frame's stop bit: the byte `b`, `fe` true for a framing error (stop bit 0). */
  rxFrame(b, fe = false) {
    if (!this.rxEnable) return;
    const frame = { b: b & 0xff, fe };
    if (this.fifo.length < FIFO_FRAMES) {
      this.fifo.push(frame);
      this.dor = false;
    } else {
      this.shift = frame;
    }
    this._flags();
    if (this.onRxComplete) this.onRxComplete();
  }

  /** avr8js's entry: a whole frame, now (`immediate`) or after a frame time. */
  writeByte(value, immediate = false) {
    if (this.rxBusyValue || !this.rxEnable) return false;
    this.rxStart();
    if (immediate) {
      this.rxFrame(value);
      return true;
    }
    this.rxBusyValue = true;
    this.cpu.addClockEvent(() => {
      this.rxBusyValue = false;
      this.rxFrame(value);
    }, this.cyclesPerChar);
    return true;
  }

  get rxFrames() { return this.fifo.length + (this.shift ? 1 : 0); }

  _read() {
    const frame = this.fifo.shift();
    this.dor = false;
    if (frame && this.shift) {
      this.fifo.push(this.shift);
      this.shift = null;
    }
    this._flags();
    return frame ? frame.b : 0;
  }

  _flush() {
    this.fifo.length = 0;
    this.shift = null;
    this.dor = false;
  }

  // UCSR0A's receiver bits from the FIFO; RXC through the CPU (its interrupt); with the
  // model's transmitter UDRE while UDR0 is empty
  _flags() {
    const { cpu } = this, a = this.config.UCSRA;
    const head = this.fifo[0];
    cpu.data[a] = (cpu.data[a] & ~(FE | DOR)) | (head && head.fe ? FE : 0) | (this.dor ? DOR : 0);
    if (head) cpu.setInterruptFlag(this.RXC);
    else cpu.clearInterrupt(this.RXC);
    if (!this.tx) return;
    if (this.txBuffered) cpu.clearInterrupt(this.UDRE);
    else cpu.setInterruptFlag(this.UDRE);
  }
}
